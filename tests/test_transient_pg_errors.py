"""judge.store.db.is_transient on PostgreSQL's errors (issue 25, item 3): a restart, a
shut-down or a lost connection is a moment's trouble to retry within seconds; an error
in the statement or the data is a real failure."""

from __future__ import annotations

import psycopg
import pytest
from sqlalchemy.exc import DataError, IntegrityError, OperationalError, ProgrammingError

from judge.store.db import is_transient


def _wrapped(kind: type, orig: Exception) -> Exception:
    """``orig`` as SQLAlchemy raises it."""
    return kind("SELECT 1", {}, orig)


@pytest.mark.parametrize(
    "orig",
    [
        psycopg.errors.AdminShutdown("terminating connection due to administrator command"),
        psycopg.errors.CrashShutdown("terminating connection because of crash"),
        psycopg.errors.CannotConnectNow("the database system is starting up"),
        psycopg.errors.ConnectionFailure("server closed the connection"),
        psycopg.errors.SerializationFailure("could not serialize access"),
        psycopg.errors.DeadlockDetected("deadlock detected"),
        psycopg.errors.LockNotAvailable("could not obtain lock"),
    ],
    ids=lambda e: type(e).__name__,
)
def test_a_restart_a_lost_connection_or_a_conflict_is_transient(orig: Exception) -> None:
    assert is_transient(_wrapped(OperationalError, orig))


def test_a_refused_connection_is_transient() -> None:
    orig = psycopg.OperationalError("connection failed: Connection refused")
    assert is_transient(_wrapped(OperationalError, orig))


@pytest.mark.parametrize(
    ("kind", "orig"),
    [
        (ProgrammingError, psycopg.errors.UndefinedColumn("column no_such does not exist")),
        (IntegrityError, psycopg.errors.UniqueViolation("duplicate key value")),
        (DataError, psycopg.errors.NumericValueOutOfRange("value out of range")),
    ],
    ids=lambda e: getattr(e, "__name__", type(e).__name__),
)
def test_an_error_in_the_work_itself_is_not(kind: type, orig: Exception) -> None:
    assert not is_transient(_wrapped(kind, orig))
    assert not is_transient(orig)  # not wrapped by SQLAlchemy: not the database's word
