"""The reply limit: how many replies the judge sends to one address in one hour.

One rule covers every mail the judge writes *because a mail came in*: the reply to
the commands, the copy to a power's address of record, the "too large" reply, the
refused-signature reply and the quarantine notice.  At most ``[limits]
replies_per_sender_per_hour`` of them go to one address per clock hour (UTC, counted
in the ``reply_count`` table, in the transaction of the mail that caused them).  The
last one allowed says that it is the last; after it the mail is still applied, but not
answered, until the next clock hour.  A limit of 0 or less turns the limit off.

Mail the judge sends on its own (turn reports, reminders, announcements) is not a reply:
it is neither counted nor held back.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import Session, col, delete

from judge.models import ReplyCount

LAST_REPLY = (
    "\nThis is the last reply this judge sends to {address} this hour (at most {limit}); "
    "further mail this hour is applied but not answered.\n"
)


def clock_hour(now: datetime) -> datetime:
    """The start of the clock hour that ``now`` lies in."""
    return now.replace(minute=0, second=0, microsecond=0)


def count_reply(session: Session, address: str, now: datetime) -> int:
    """Count one more reply to ``address`` in the clock hour of ``now``; return the total.

    Counts older than a day are deleted on the way.  The caller commits.
    """
    hour = clock_hour(now)
    key = address.lower()
    row = session.get(ReplyCount, (key, hour))
    if row is None:
        session.exec(delete(ReplyCount).where(col(ReplyCount.hour) < hour - timedelta(days=1)))
        row = ReplyCount(address=key, hour=hour, count=0)
    row.count += 1
    session.add(row)
    return row.count


def limited_body(
    session: Session, address: str, now: datetime, limit: int, body: str
) -> str | None:
    """Count a reply to ``address`` and return the body to send, or None when the
    address has had its ``limit`` replies this hour.

    The last reply allowed gets a line saying so.  ``limit <= 0``: no limit.
    """
    if limit <= 0:
        return body
    count = count_reply(session, address, now)
    if count > limit:
        return None
    if count == limit:
        return body + LAST_REPLY.format(address=address, limit=limit)
    return body
