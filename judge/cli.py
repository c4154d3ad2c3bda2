"""The ``judge`` console script: one subcommand per job."""

from __future__ import annotations

import argparse
import json
import sys

from judge import __version__, gm_cli
from judge.mail import cli as mail_cli


def _adjudicate(args: argparse.Namespace) -> int:
    from judge.adjudicate_json import DocumentError, adjudicate

    source = sys.stdin if args.file == "-" else None
    try:
        if source is None:
            with open(args.file, encoding="utf-8") as handle:
                doc = json.load(handle)
        else:
            doc = json.load(source)
    except OSError as error:
        print(f"judge adjudicate: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    except json.JSONDecodeError as error:
        print(f"judge adjudicate: bad JSON in {args.file}: {error}", file=sys.stderr)
        return 2
    try:
        answer = adjudicate(doc)
    except DocumentError as error:
        print(f"judge adjudicate: {error}", file=sys.stderr)
        return 2
    json.dump(answer, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _demo(args: argparse.Namespace) -> int:
    if args.sample:
        from judge.demo.sample import run_demo as run_sample

        return run_sample()
    from judge.demo.main import run_demo

    return run_demo(args.directory)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="judge", description="A play-by-email Diplomacy judge with multiverse time travel."
    )
    parser.add_argument("--version", action="version", version=f"judge {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    adjudicate = commands.add_parser(
        "adjudicate", help="adjudicate phase documents given as JSON (docs/adjudicate.md)"
    )
    adjudicate.add_argument("file", help="a JSON file, or - for standard input")
    adjudicate.set_defaults(func=_adjudicate)

    demo = commands.add_parser(
        "demo",
        help="play a multiverse game by mail on loopback (see README)",
        description="Run a judge on loopback, create a multiverse game by signed mail, "
        "play a few turns by mail with seven scripted players, and print where every "
        "mail is.",
    )
    demo.add_argument(
        "--dir",
        dest="directory",
        default="state/demo",
        help="directory for the demo's files, wiped first (default: state/demo)",
    )
    demo.add_argument(
        "--sample",
        action="store_true",
        help="only print the reports of the sample standard game (no mail)",
    )
    demo.set_defaults(func=_demo)

    mail_cli.register(commands)
    gm_cli.register(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``judge`` console script."""
    args = build_parser().parse_args(argv)
    if args.command == "gm":
        return gm_cli.run(args)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
