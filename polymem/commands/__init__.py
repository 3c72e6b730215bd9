"""CLI subcommands, one module each: `register(subparsers)` adds the parser and sets `func`."""
