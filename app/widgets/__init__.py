"""The app's game-agnostic widgets: start screen, hand-off curtain, end screen, chart."""
