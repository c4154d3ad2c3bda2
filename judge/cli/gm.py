"""``judge gm add|list|remove``: the administrator's commands for game masters."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, SQLModel

from judge.config import Config, ConfigError, load_config
from judge.masters.authority import (
    GameMaster,
    GameMasterError,
    UsedSignature,
    add_game_master,
    keyring_home,
    list_game_masters,
    normalise_address,
    prune_keyring,
    remove_game_master,
)
from judge.masters.signatures import Keyring, KeyringError, format_fingerprint
from judge.store.db import make_engine, migrate

SessionFactory = Callable[[argparse.Namespace], AbstractContextManager[Session]]


def register(
    subparsers: Any, *, session_factory: SessionFactory | None = None
) -> argparse.ArgumentParser:
    """Add the ``gm`` command and its ``add``, ``list`` and ``remove`` subcommands.

    ``session_factory(args)`` must return a context manager yielding a session
    on the judge's database; this module commits it. Without one, the database
    is ``--database`` or the one named in the configuration file.
    """
    gm = subparsers.add_parser(
        "gm",
        help="register, list and remove game masters and their OpenPGP keys",
        description="Game masters steer games by OpenPGP-signed mail. "
        "Each is an address with a public key in the judge's keyring.",
    )
    gm.add_argument(
        "--config",
        dest="gm_config",
        metavar="FILE",
        default="judge.toml",
        help="configuration file giving the state directory and database (default: judge.toml)",
    )
    gm.add_argument(
        "--gnupg-home",
        dest="gm_gnupg_home",
        metavar="DIR",
        type=Path,
        default=None,
        help="the judge's keyring directory (default: STATE/gnupg, STATE from judge.toml)",
    )
    gm.add_argument(
        "--database",
        dest="gm_database",
        metavar="URL",
        default=None,
        help="SQLAlchemy database URL (default: the one in judge.toml)",
    )
    actions = gm.add_subparsers(dest="gm_action", metavar="ACTION", required=True)

    add = actions.add_parser("add", help="register ADDRESS as a game master with KEYFILE")
    add.add_argument("address", metavar="ADDRESS", help="the game master's mail address")
    add.add_argument(
        "keyfile", metavar="KEYFILE", help="their public key, armored or binary ('-' for stdin)"
    )
    add.set_defaults(gm_handler=_add)

    listing = actions.add_parser("list", help="show registered game masters")
    listing.set_defaults(gm_handler=_list)

    remove = actions.add_parser(
        "remove", help="unregister ADDRESS and delete its keys from the keyring"
    )
    remove.add_argument("address", metavar="ADDRESS")
    remove.add_argument(
        "--key",
        dest="gm_key",
        metavar="FINGERPRINT",
        default=None,
        help="remove only this key (to retire an old key after adding a new one)",
    )
    remove.set_defaults(gm_handler=_remove)

    gm.set_defaults(func=run, gm_session_factory=session_factory or default_session)
    return gm


def run(args: argparse.Namespace) -> int:
    """Carry out a parsed ``judge gm`` command; return the exit status."""
    try:
        keyring = Keyring(gnupg_home(args))
        with args.gm_session_factory(args) as session:
            status = args.gm_handler(args, session, keyring)
            session.commit()
        return status
    except (GameMasterError, KeyringError, ConfigError, OSError, SQLAlchemyError) as error:
        print(f"judge gm: {error}", file=sys.stderr)
        return 1


def _config(args: argparse.Namespace) -> Config:
    return load_config(getattr(args, "gm_config", None) or "judge.toml")


def gnupg_home(args: argparse.Namespace) -> Path:
    """The keyring directory chosen on the command line, or STATE/gnupg from judge.toml."""
    if args.gm_gnupg_home:
        return Path(args.gm_gnupg_home)
    return keyring_home(_config(args).judge.state_dir)


def database_url(args: argparse.Namespace) -> str:
    """The database URL chosen on the command line, or the one in judge.toml."""
    return args.gm_database or _config(args).database.url


@contextmanager
def default_session(args: argparse.Namespace) -> Iterator[Session]:
    """Open the judge's database, migrated to the latest schema."""
    url = database_url(args)
    engine = make_engine(url)
    try:
        migrate(url)
        ensure_tables(engine)
        with Session(engine) as session:
            yield session
    finally:
        engine.dispose()


def ensure_tables(engine: Engine) -> None:
    """Create the game-master tables if the migrations did not.

    A stopgap until the Alembic migrations create ``game_master`` and
    ``used_signature``; once they do, this finds the tables and does nothing.
    """
    tables = [SQLModel.metadata.tables[str(m.__tablename__)] for m in (GameMaster, UsedSignature)]
    SQLModel.metadata.create_all(engine, tables=tables, checkfirst=True)


def _add(args: argparse.Namespace, session: Session, keyring: Keyring) -> int:
    source = args.keyfile
    key_data = sys.stdin.buffer.read() if source == "-" else Path(source).read_bytes()
    record = add_game_master(session, keyring, args.address, key_data, datetime.now(UTC))
    names = _user_ids(keyring).get(record.fingerprint, ())
    label = f" ({', '.join(names)})" if names else ""
    print(f"{record.address} is a game master, key {format_fingerprint(record.fingerprint)}{label}")
    return 0


def _list(args: argparse.Namespace, session: Session, keyring: Keyring) -> int:
    records = list_game_masters(session)
    if not records:
        print("no game masters registered")
        return 0
    names = _user_ids(keyring)
    for record in records:
        added = record.added_at.strftime("%Y-%m-%d %H:%M")
        uids = names.get(record.fingerprint)
        key_note = ", ".join(uids) if uids else "KEY MISSING FROM KEYRING"
        print(f"{record.address}  {format_fingerprint(record.fingerprint)}  {added}  {key_note}")
    return 0


def _remove(args: argparse.Namespace, session: Session, keyring: Keyring) -> int:
    fingerprints = remove_game_master(
        session, keyring, args.address, args.gm_key, delete_keys=False
    )
    session.commit()  # forget the registration first, then the keys
    prune_keyring(session, keyring, fingerprints)
    for fingerprint in fingerprints:
        print(f"removed {normalise_address(args.address)}, key {format_fingerprint(fingerprint)}")
    return 0


def _user_ids(keyring: Keyring) -> dict[str, tuple[str, ...]]:
    return {key.fingerprint: key.user_ids for key in keyring.public_keys()}
