"""``judge gm add|list|remove``: the administrator's commands for game masters."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlmodel import Session, SQLModel, create_engine

from judge.gm import (
    GameMaster,
    GameMasterError,
    UsedSignature,
    add_game_master,
    list_game_masters,
    normalise_address,
    prune_keyring,
    remove_game_master,
)
from judge.signatures import Keyring, KeyringError
from judge.signatures.messages import format_fingerprint

SessionFactory = Callable[[argparse.Namespace], AbstractContextManager[Session]]

DEFAULT_STATE_DIR = Path("state")


def register(
    subparsers: Any, *, session_factory: SessionFactory | None = None
) -> argparse.ArgumentParser:
    """Add the ``gm`` command and its ``add``, ``list`` and ``remove`` subcommands.

    ``session_factory(args)`` must return a context manager yielding a session
    on the judge's database; the session is committed by this module. Without
    one, the database is ``--database`` or SQLite under the state directory.
    """
    gm = subparsers.add_parser(
        "gm",
        help="register, list and remove game masters and their OpenPGP keys",
        description="Game masters steer games by OpenPGP-signed mail. "
        "Each is an address with a public key in the judge's keyring.",
    )
    gm.add_argument(
        "--gnupg-home",
        dest="gm_gnupg_home",
        metavar="DIR",
        type=Path,
        default=None,
        help="the judge's keyring directory (default: STATE/gnupg)",
    )
    gm.add_argument(
        "--database",
        dest="gm_database",
        metavar="URL",
        default=None,
        help="SQLAlchemy database URL (default: sqlite:///STATE/judge.db)",
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
    except (GameMasterError, KeyringError, OSError) as error:
        print(f"judge gm: {error}", file=sys.stderr)
        return 1


def state_dir(args: argparse.Namespace) -> Path:
    """The state directory: the top-level ``state_dir`` option if the CLI has one."""
    value = getattr(args, "state_dir", None)
    return Path(value) if value else DEFAULT_STATE_DIR


def gnupg_home(args: argparse.Namespace) -> Path:
    """The keyring directory chosen on the command line, or STATE/gnupg."""
    return args.gm_gnupg_home or state_dir(args) / "gnupg"


def database_url(args: argparse.Namespace) -> str:
    """The database URL chosen on the command line, or SQLite under the state directory."""
    return args.gm_database or f"sqlite:///{state_dir(args) / 'judge.db'}"


@contextmanager
def default_session(args: argparse.Namespace) -> Iterator[Session]:
    """Open the database and make sure the game-master tables exist."""
    url = database_url(args)
    if url.startswith("sqlite:///"):
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url)
    tables = [SQLModel.metadata.tables[str(m.__tablename__)] for m in (GameMaster, UsedSignature)]
    SQLModel.metadata.create_all(engine, tables=tables)
    try:
        with Session(engine) as session:
            yield session
    finally:
        engine.dispose()


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


def main(argv: list[str] | None = None) -> int:
    """Run ``judge gm`` on its own, until the lead's ``judge`` CLI wires it in."""
    parser = argparse.ArgumentParser(prog="judge")
    parser.add_argument("--state-dir", dest="state_dir", default=None)
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
