"""``judge web``: serve the judge's web pages (read-only) from its database."""

from __future__ import annotations

import argparse

from judge.config import load_config


def _web(args: argparse.Namespace) -> int:
    from judge.cli.transport import configure_logging
    from judge.store.db import make_engine, migrate
    from judge.web.server import serve

    configure_logging(args.verbosity)
    config = load_config(args.config)
    if args.host:
        config.web.host = args.host
    port = args.port if args.port is not None else (config.web.port or 8080)
    migrate(config.database.url)
    print(f"judge web pages at http://{config.web.host}:{port}/", flush=True)
    serve(make_engine(config.database.url), config, port)
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``judge web`` to the judge CLI."""
    web = subparsers.add_parser(
        "web",
        help="serve the game pages (read-only) from the judge's database",
        description="Serve a page per game (map, history, broadcast press), an index of "
        "games and each player's private page, until interrupted. See docs/games.md.",
    )
    web.add_argument("--config", default="judge.toml", help="judge.toml (default: ./judge.toml)")
    web.add_argument("--host", default="", help="address to listen on (default: [web] host)")
    web.add_argument("--port", type=int, default=None, help="port (default: [web] port, else 8080)")
    web.add_argument("-v", dest="verbosity", action="store_const", const=1, default=0)
    web.add_argument("-q", dest="verbosity", action="store_const", const=-1)
    web.set_defaults(func=_web)
