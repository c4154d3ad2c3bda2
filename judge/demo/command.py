"""``judge demo``: the subcommand, added to the ``judge`` console script by
:func:`judge.cli.main.build_parser`, which finds this module by name (the demo sits
above the CLI: it runs a judge, so the CLI does not import it)."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``judge demo`` to the judge CLI."""
    demo = subparsers.add_parser(
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
        "--serve",
        action="store_true",
        help="after the game, keep serving its web pages until interrupted (Ctrl-C)",
    )
    demo.add_argument(
        "--sample",
        action="store_true",
        help="only print the reports of the sample standard game (no mail)",
    )
    demo.set_defaults(func=_demo)


def _demo(args: argparse.Namespace) -> int:
    if args.sample:
        from judge.demo.sample import print_sample_reports

        return print_sample_reports()
    from judge.demo.main import run_demo

    return run_demo(args.directory, serve=args.serve)
