"""The ``judge`` console script: one subcommand per job."""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys

from judge import __version__

# `judge adjudicate` is the engine for tools and scripts: it imports only the
# adjudicator, never the database, mail or scheduler modules the other commands
# need (start-up time counts for a command run once per document).

# Subcommands of the packages above the CLI (docs/architecture.md): each module has
# ``register(subparsers)`` and is found by name, so that the CLI imports nothing above
# itself.  The demo runs a judge through the CLI's modules, not the other way round.
ABOVE_THE_CLI = ("judge.demo.command",)


def _adjudicate(args: argparse.Namespace) -> int:
    from judge.cli.batch import adjudicate_batch, usable_cores
    from judge.cli.json_codec import JSONDecodeError, dump, dump_compact_fast, load
    from judge.rules.documents import DocumentError
    from judge.rules.registry import adjudicate

    try:
        if args.file == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as handle:
                data = handle.read()
    except OSError as error:
        print(f"judge adjudicate: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    # The collector need not run often while the documents are read and answered:
    # the standard path leaves no reference cycles behind, so a rare collection bounds
    # memory (other rule sets may leave some) at little cost (a tenth of the time,
    # against the default threshold).
    threshold = gc.get_threshold()
    gc.set_threshold(100_000, *threshold[1:])
    try:
        try:
            doc = load(data)
        except JSONDecodeError as error:
            print(f"judge adjudicate: bad JSON in {args.file}: {error}", file=sys.stderr)
            return 2
        # The documents live until the end: the collector need not look at them again
        # while the answers are built (about a tenth of the time of a big batch).
        gc.freeze()
        jobs = args.jobs or usable_cores()
        if isinstance(doc, list) and jobs > 1:
            encode = None if args.pretty else dump_compact_fast
            answer = adjudicate_batch(doc, adjudicate, jobs, encode)
        else:
            answer = adjudicate(doc)
    except DocumentError as error:
        print(f"judge adjudicate: {error}", file=sys.stderr)
        return 2
    finally:
        gc.set_threshold(*threshold)
    sys.stdout.flush()
    try:
        text = answer if isinstance(answer, bytes) else dump(answer, pretty=args.pretty)
        sys.stdout.buffer.write(text)
        sys.stdout.buffer.write(b"\n")
        sys.stdout.flush()
    except BrokenPipeError:  # the reader stopped reading (`| head`): no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0


def _jobs(text: str) -> int:
    """The --jobs value: a positive number of processes."""
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"not a positive number of processes: {text!r}")
    return jobs


def build_parser(only_adjudicate: bool = False) -> argparse.ArgumentParser:
    """The argument parser with every subcommand (or with `adjudicate` alone)."""
    parser = argparse.ArgumentParser(
        prog="judge", description="A play-by-email Diplomacy judge with multiverse time travel."
    )
    parser.add_argument("--version", action="version", version=f"judge {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    adjudicate = commands.add_parser(
        "adjudicate", help="adjudicate phase documents given as JSON (docs/adjudicate.md)"
    )
    adjudicate.add_argument("file", help="a JSON file, or - for standard input")
    adjudicate.add_argument(
        "--pretty",
        "--indent",
        action="store_true",
        help="indent the answer by two spaces (default: compact, one line)",
    )
    adjudicate.add_argument(
        "--jobs",
        type=_jobs,
        default=0,
        metavar="N",
        help="processes for a long batch (default: one per usable core; 1: this one only)",
    )
    adjudicate.set_defaults(func=_adjudicate)
    if only_adjudicate:
        return parser

    for name in ABOVE_THE_CLI:
        importlib.import_module(name).register(commands)

    from judge.cli import gm as gm_cli
    from judge.cli import transport as transport_cli
    from judge.cli import variant as variant_cli
    from judge.cli import web as web_cli

    transport_cli.register(commands)
    web_cli.register(commands)
    gm_cli.register(commands)
    variant_cli.register(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``judge`` console script."""
    words = sys.argv[1:] if argv is None else argv
    only_adjudicate = bool(words) and words[0] == "adjudicate"
    args = build_parser(only_adjudicate).parse_args(argv)
    if args.command == "gm":
        from judge.cli import gm as gm_cli

        return gm_cli.run(args)
    code = int(args.func(args))
    if argv is None and args.command == "adjudicate":
        # The answer is out: leave without freeing the documents one by one (for a
        # big batch that is a twentieth of the command's time).
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code


if __name__ == "__main__":
    sys.exit(main())
