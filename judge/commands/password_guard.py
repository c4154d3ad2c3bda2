"""Wrong passwords are limited: ``[limits] password_failures_per_hour`` per power, per
game's JOINs and per sending address, in each clock hour (the counts of
judge.store.limits).

Once a count has its limit, the password is not even checked: the line is refused,
saying why and after what time to try again.  When a power's count reaches the limit,
the owner of the power is told, once an hour.  The power's own address of record is
not held back by the power's count (others' guesses cannot lock its owner out); it
has its own count as an address.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.commands.base import Context
from judge.mail.outgoing import Author, reply_mail
from judge.store.limits import count, failure_key, limited_body, reached, retry_after


@dataclass(frozen=True)
class Counter:
    """One count of wrong passwords, and how a refusal names it."""

    key: str
    what: str  # e.g. "for France in game alpha", "from x@example.com"


def address_counter(ctx: Context) -> Counter:
    """Wrong passwords sent from the mail's address."""
    return Counter(failure_key("address", ctx.sender), f"from {ctx.sender}")


def locked_reason(ctx: Context, counters: list[Counter]) -> str | None:
    """Why the password is not checked now (a count has had its limit), or None."""
    limit = ctx.limits.password_failures_per_hour
    for counter in counters:
        if reached(ctx.session, counter.key, ctx.now, limit):
            retry = retry_after(ctx.now)
            return (
                f"too many wrong passwords {counter.what} this hour (at most {limit}): "
                f"the password was not checked. Try again after {retry}"
            )
    return None


def count_failure(ctx: Context, counters: list[Counter]) -> list[Counter]:
    """Count one wrong password on each counter; return those that now reach the limit."""
    limit = ctx.limits.password_failures_per_hour
    if limit <= 0:
        return []
    return [c for c in counters if count(ctx.session, c.key, ctx.now) == limit]


def tell_owner(ctx: Context, owner: str, counter: Counter, subject: str) -> None:
    """Tell ``owner`` that their power's wrong passwords reached the limit (once an
    hour; counted as a reply to ``owner``)."""
    if not owner or count(ctx.session, "~told " + counter.key, ctx.now) != 1:
        return
    limit = ctx.limits.password_failures_per_hour
    retry = retry_after(ctx.now)
    body = (
        f"The judge received {limit} wrong passwords {counter.what} this hour, the last "
        f"from {ctx.sender}.\nUntil {retry} no other address can sign on with it; mail "
        f"from your own address ({owner}) still can.\nIf this was not you, someone may "
        "be guessing your password: choose a longer one with SET PASSWORD.\n"
    )
    body_limited = limited_body(
        ctx.session, owner, ctx.now, ctx.limits.replies_per_sender_per_hour, body
    )
    if body_limited is None:
        return
    msg = reply_mail(Author(ctx.judge_name, ctx.judge_address), owner, subject, body_limited)
    ctx.send(msg)
