"""Database engine, sessions and migrations.

The database is named by one SQLAlchemy URL (``[database] url`` in judge.toml):
SQLite by default, PostgreSQL (``postgresql+psycopg://…``) works the same way.
SQLite connections get write-ahead logging, enforced foreign keys and a busy timeout,
and ``synchronous=FULL``: every commit is on disk (fsync of the log) before it returns,
so what the judge acknowledged after a commit (an SMTP ``250``, an IMAP move, a mail
marked sent) survives a power loss too, not only a crash of the judge.  (``NORMAL``
would save that fsync and still survive a crash of the process, but not of the
machine.)  The mail path commits a batch of mails at a time, so this costs one fsync
per batch.

PostgreSQL sessions end a transaction left idle for ``IDLE_IN_TRANSACTION_MS``
(``idle_in_transaction_session_timeout``, unless the URL's ``options`` set it): a
daemon that stops in the middle of a transaction (its machine frozen or cut off, which
keeps its connection open for hours) would otherwise hold the processing lock, and
every daemon's mail would wait for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlmodel import Session, create_engine

# The Alembic scripts and alembic.ini live at the repository root.
ROOT = Path(__file__).resolve().parent.parent.parent
ALEMBIC_INI = ROOT / "alembic.ini"
MIGRATIONS = ROOT / "migrations"


BUSY_TIMEOUT_MS = 10_000  # how long a SQLite connection waits for a lock by default
# How long a PostgreSQL transaction may wait between two statements (see the module's
# docstring); the judge's longest pauses (a phase's adjudication and map) take seconds.
IDLE_IN_TRANSACTION_MS = 120_000


def _sqlite_pragmas(busy_timeout_ms: int) -> Callable[[Any, Any], None]:
    """The connect hook that sets up each new SQLite connection."""
    return lambda dbapi_connection, _record: _set_pragmas(dbapi_connection, busy_timeout_ms)


def _set_pragmas(dbapi_connection: Any, busy_timeout_ms: int) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        cursor.execute("PRAGMA synchronous=FULL")  # see the module's docstring
        # Deleted and overwritten content is zeroed (mail rewritten with its passwords
        # hidden leaves no copy in free pages); the log is truncated after checkpoints.
        cursor.execute("PRAGMA secure_delete=ON")
        cursor.execute("PRAGMA journal_size_limit=0")
    finally:
        cursor.close()


def sqlite_file(url: str) -> str | None:
    """The file name of the SQLite database at ``url``; None for another database,
    one in memory, or one named by a ``file:`` URI."""
    parsed = make_url(url)
    database = parsed.database
    if parsed.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return None
    return None if database.startswith("file:") else database


def _ensure_sqlite_dir(url: str) -> None:
    database = sqlite_file(url)
    if database is not None:
        Path(database).parent.mkdir(parents=True, exist_ok=True)


def make_engine(url: str, busy_timeout_ms: int = BUSY_TIMEOUT_MS, **kwargs: Any) -> Engine:
    """Create an engine for ``url``; SQLite gets its pragmas (a lock is waited for
    ``busy_timeout_ms`` at most) and its directory."""
    is_sqlite = make_url(url).get_backend_name() == "sqlite"
    if is_sqlite:
        _ensure_sqlite_dir(url)
        kwargs.setdefault("connect_args", {"check_same_thread": False})
    else:
        kwargs.setdefault("pool_pre_ping", True)
    engine = create_engine(url, **kwargs)
    if is_sqlite:
        event.listen(engine, "connect", _sqlite_pragmas(busy_timeout_ms))
    elif (hook := _bound_idle_transactions(url)) is not None:
        event.listen(engine, "connect", hook)
    return engine


def _bound_idle_transactions(url: str) -> Callable[[Any, Any], None] | None:
    """The connect hook that sets ``idle_in_transaction_session_timeout`` on each new
    PostgreSQL connection (a SET, not a startup option, which PgBouncer refuses), or
    None: not PostgreSQL, or the URL's ``options`` set it."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql":
        return None
    if "idle_in_transaction_session_timeout" in str(parsed.query.get("options", "")):
        return None

    return _set_idle_timeout


def _set_idle_timeout(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        timeout = int(IDLE_IN_TRANSACTION_MS)
        cursor.execute(f"SET idle_in_transaction_session_timeout = {timeout}")
    finally:
        cursor.close()
    dbapi_connection.commit()


@contextmanager
def session_scope(engine: Engine) -> Iterator[Session]:
    """A session whose work is committed on success and rolled back on error."""
    with Session(engine, expire_on_commit=False) as session:
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise


# seconds a runner waits before trying again after a transient database error (a
# restart, a dropped connection, "database is locked"): promptly, without backoff
TRANSIENT_PAUSE = 1.0

# PostgreSQL's codes for a transaction that may simply be tried again: serialization
# failure, deadlock, lock not available; the server shutting down or restarting
# (admin_shutdown, crash_shutdown, cannot_connect_now); and (class 08) a connection lost
# or refused.
_RETRY_SQLSTATES = frozenset({"40001", "40P01", "55P03", "57P01", "57P02", "57P03"})
_RETRY_SQLSTATE_CLASSES = ("08",)


def is_transient(error: BaseException) -> bool:
    """True when ``error`` says nothing about the work itself, only that the database
    was busy, locked or unreachable for a moment: the work is to be tried again, not
    given up (SQLite's "database is locked", PostgreSQL's deadlock and serialization
    failures, a lost connection)."""
    if not isinstance(error, DBAPIError):
        return False
    if error.connection_invalidated:
        return True
    code = getattr(error.orig, "sqlstate", None) or ""
    if code in _RETRY_SQLSTATES or code.startswith(_RETRY_SQLSTATE_CLASSES):
        return True
    text = str(error.orig).lower()
    return isinstance(error, OperationalError) and (
        "locked" in text or "busy" in text or "connection" in text
    )


def alembic_config(url: str) -> Any:
    """An Alembic Config for this repository's migrations, pointed at ``url``."""
    from alembic.config import Config as AlembicConfig

    cfg = AlembicConfig(str(ALEMBIC_INI))
    cfg.set_main_option("script_location", str(MIGRATIONS))
    # ConfigParser interpolation would choke on "%" in passwords.
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    # Leave the host program's logging set-up alone.
    cfg.attributes["configure_logging"] = False
    return cfg


def migrate(url: str, revision: str = "head") -> None:
    """Bring the database at ``url`` up to ``revision`` (creating it if needed)."""
    from alembic import command

    if make_url(url).get_backend_name() == "sqlite":
        _ensure_sqlite_dir(url)
    command.upgrade(alembic_config(url), revision)
