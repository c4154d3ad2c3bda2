"""The reply limit: how many replies the judge sends to one address in one hour.

One rule covers every mail the judge writes *because a mail came in*: the reply to
the commands, the copy to a power's address of record, the "too large" reply, the
refused-signature reply and the quarantine notice.  At most ``[limits]
replies_per_sender_per_hour`` of them go to one address per clock hour (UTC, counted
in the ``reply_count`` table, in the transaction of the mail that caused them).  The
last one allowed says that it is the last; after it the mail is still applied, but not
answered, until the next clock hour.  A limit of 0 or less turns the limit off.

A game master's mail with a good, new signature of a key registered for its sender
(``proven``) is always answered: its reply is counted, but neither this limit nor the
limit on first contacts below holds it back.  The limits are there against loops and
against backscatter to forged senders; neither can make a fresh signature of a
registered key, and each signature is carried out once.  Without this, the master's
signed commands were carried out unanswered once the address had had its replies (the
judge's notices to a master who is also the keeper count there too), or once the
hour's first contacts were used up (a master has no player account of their own).

Mail the judge sends on its own (turn reports, reminders, announcements) is not a reply:
it is neither counted nor held back.

The same hourly counts (one table, one mechanism) hold the judge-wide limits against
abuse, under keys that begin with ``~`` (never an address):

* ``[limits] replies_to_new_addresses_per_hour``: replies to addresses that have no
  account here (``NEW_ADDRESSES``), against backscatter to forged senders;
* ``[limits] registrations_per_hour``: new accounts made by REGISTER (``REGISTRATIONS``);
* ``[limits] password_failures_per_hour``: wrong passwords per power, per game's JOINs
  and per address (``failure_key``; see judge.commands.password_guard).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session

from judge.store.models import ReplyCount

LAST_REPLY = (
    "\nThis is the last reply this judge sends to {address} this hour (at most {limit}); "
    "further mail this hour is applied but not answered.\n"
)

PROVEN_PAST_LIMIT = (
    "\n{address} has had the {limit} replies this judge sends to one address in an hour: "
    "your signed mail is answered all the same, other mail this hour is applied but "
    "not answered.\n"
)


def clock_hour(now: datetime) -> datetime:
    """The start of the clock hour that ``now`` lies in."""
    return now.replace(minute=0, second=0, microsecond=0)


REGISTRATIONS = "~register"
NEW_ADDRESSES = "~new address"


def failure_key(kind: str, *parts: object) -> str:
    """The count key of wrong passwords for ``kind`` ("power", "join", "address")."""
    return " ".join(["~pw", kind, *(str(p).lower() for p in parts)])[:320]


def next_hour(now: datetime) -> datetime:
    """When the next clock hour, and so a fresh count, begins."""
    return clock_hour(now) + timedelta(hours=1)


def retry_after(now: datetime) -> str:
    """The start of the next clock hour as refusals write it."""
    return next_hour(now).strftime("%Y-%m-%d %H:%M UTC")


def count(session: Session, key: str, now: datetime, add: int = 1) -> int:
    """Add ``add`` to the count of ``key`` in the clock hour of ``now``; return the total.

    One statement (an upsert that returns the new total; a plain read when ``add`` is
    0): this runs for every reply.  Counts older than a day are deleted on the way,
    when a key's first count of an hour is written.  The caller commits.
    """
    hour = clock_hour(now)
    connection = session.connection()
    if not add:
        found = connection.execute(_READ_COUNT, {"key": key, "hour": hour}).scalar()
        return int(found or 0)
    upsert = _upsert(connection.dialect.name)
    total = int(connection.execute(upsert, {"key": key, "hour": hour, "add": add}).scalar_one())
    if total == add:  # the key's first count this hour
        connection.execute(_DELETE_OLD, {"before": hour - timedelta(days=1)})
    return total


_COUNTS = ReplyCount.__table__  # type: ignore[attr-defined]
_READ_COUNT = select(_COUNTS.c.count).where(
    _COUNTS.c.address == bindparam("key"), _COUNTS.c.hour == bindparam("hour")
)
_DELETE_OLD = _COUNTS.delete().where(_COUNTS.c.hour < bindparam("before"))
_UPSERTS: dict[str, Any] = {}


def _upsert(dialect: str) -> Any:
    """The statement that adds to a count, creating its row when missing, and returns
    the total (INSERT ... ON CONFLICT DO UPDATE ... RETURNING; SQLite >= 3.35 and
    PostgreSQL), built once per database kind."""
    stmt = _UPSERTS.get(dialect)
    if stmt is None:
        insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
        new = insert(_COUNTS).values(
            address=bindparam("key"), hour=bindparam("hour"), count=bindparam("add")
        )
        stmt = new.on_conflict_do_update(
            index_elements=[_COUNTS.c.address, _COUNTS.c.hour],
            set_={"count": _COUNTS.c.count + new.excluded.count},
        ).returning(_COUNTS.c.count)
        _UPSERTS[dialect] = stmt
    return stmt


def reached(session: Session, key: str, now: datetime, limit: int) -> bool:
    """True when ``key`` has had its ``limit`` this hour (never when ``limit <= 0``)."""
    return limit > 0 and count(session, key, now, add=0) >= limit


def count_reply(session: Session, address: str, now: datetime) -> int:
    """Count one more reply to ``address`` in the clock hour of ``now``; return the total."""
    return count(session, address.lower(), now)


def limited_body(
    session: Session,
    address: str,
    now: datetime,
    limit: int,
    body: str,
    new_address_limit: int | None = None,
    *,
    proven: bool = False,
) -> str | None:
    """Count a reply to ``address`` and return the body to send, or None when the
    address has had its ``limit`` replies this hour, or when ``new_address_limit`` is
    given (the address has no account) and new addresses had that many this hour.

    The last reply allowed gets a line saying so.  A limit ``<= 0``: no limit.  A
    ``proven`` sender's reply is counted and always sent (the module docstring).
    """
    if proven:
        total = count_reply(session, address, now)
        note = PROVEN_PAST_LIMIT.format(address=address, limit=limit)
        return body + note if 0 < limit <= total else body
    new_limit = new_address_limit or 0
    if new_limit > 0 and count(session, NEW_ADDRESSES, now) > new_limit:
        return None
    if limit <= 0:
        return body
    total = count_reply(session, address, now)
    if total > limit:
        return None
    if total == limit:
        return body + LAST_REPLY.format(address=address, limit=limit)
    return body
