"""Developer tools that (re)build the shipped map files in maps/data/."""
