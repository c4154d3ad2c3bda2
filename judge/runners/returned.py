"""Bounces of the judge's own mail: never answered, but recorded.  The returned mail's
outbox row becomes ``failed`` with the report (``judge outbox failed`` lists it, ``judge
outbox retry`` sends it again once the address works), and the keeper and the game's
master are told (:mod:`judge.runners.keeper_notices`), so that an address that fails
is seen."""

from __future__ import annotations

from sqlmodel import Session

from judge.mail.bounces import read_bounce
from judge.runners.keeper_notices import KeeperNotices
from judge.store.mail import mark_given_up, returned_mail, sent_mail

BOUNCED = "bounced (returned undelivered): "


def record_returned(session: Session, raw: bytes, notices: KeeperNotices) -> str:
    """When ``raw`` is a bounce of a mail the judge sent, note it on that mail's outbox
    row and tell who must know (once per row); return a note for the bounce's own row,
    "" when it is no bounce the judge can read.  A bounce that returns no Message-ID
    is tied by the subject it quotes, or to the one mail sent to its address; when
    neither ties it though the judge mailed that address, the keeper is told."""
    bounce = read_bounce(raw)
    if bounce is None:
        return ""
    if bounce.message_id is not None:
        row, mailed = sent_mail(session, bounce.message_id, bounce.recipients), []
    else:
        row, mailed = returned_mail(session, bounce.recipients, bounce.subject)
    if row is None and mailed:
        notices.unmatched_bounce(session, mailed, bounce.subject, bounce.reason)
        return f"; a bounce for {', '.join(mailed)} that names no one mail: the keeper was told"
    if row is None:
        return "; a bounce of no mail of this judge's"
    to = ", ".join(r for r in bounce.recipients if r in row.recipient_list()) or ", ".join(
        bounce.recipients
    )
    known = (row.last_error or "").startswith(BOUNCED)
    mark_given_up(row, BOUNCED + bounce.reason)  # listed by `judge outbox failed`
    session.add(row)
    if not known:
        notices.returned(session, row, to, bounce.reason)
    return f"; a bounce: outbox {row.id} was returned undelivered to {to}"
