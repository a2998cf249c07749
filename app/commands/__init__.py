"""One module per `daimyo` subcommand: `register(parser)` and `run(args) -> int`."""
