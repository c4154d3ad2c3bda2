"""The ``judge`` console script and its subcommands."""
