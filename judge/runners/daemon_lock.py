"""One daemon per SQLite database.

SQLite has one write lock for the whole database, and the daemon's runners rely on
being its only writers of mail (the sender's journal, the processor's batches), so a
second ``judge run`` on the same SQLite file refuses to start.  The first holds an
exclusive ``flock`` on a file beside the database (its name + ``.daemon``) for its whole
life; the kernel releases it when the daemon ends, however it ends (a SIGKILL too), so
a restart never finds a stale lock.  PostgreSQL needs no such lock: any number of
daemons share one database there (docs/mail-transport.md, "Several daemons").
"""

from __future__ import annotations

import fcntl
from pathlib import Path
from typing import BinaryIO

from judge.store.db import sqlite_file

SUFFIX = ".daemon"


class DatabaseInUse(SystemExit):
    """Another daemon runs on this SQLite database (exits with the message)."""


def lock_path(database_url: str) -> Path | None:
    """The lock file of a SQLite database file; None for any other database."""
    database = sqlite_file(database_url)
    return None if database is None else Path(database + SUFFIX)


def hold_database(database_url: str) -> BinaryIO | None:
    """Take the database's daemon lock and return the open file that holds it (keep it
    open for the daemon's life); None when the database needs no lock.  Raises
    :class:`DatabaseInUse` when another daemon holds it."""
    path = lock_path(database_url)
    if path is None:
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = path.open("a+b")
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        raise DatabaseInUse(
            f"judge run: another judge daemon is already running on the SQLite database "
            f"{path.with_suffix('')} (it holds {path}). One daemon per SQLite database; "
            f"to run several daemons, use PostgreSQL."
        ) from None
    return handle
