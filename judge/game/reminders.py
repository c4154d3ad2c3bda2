"""The mail of a game's clock: reminders, late notices, and the word to the master
that a game waits for them.  Queued through :mod:`judge.game.recipients` in the caller's
transaction; which notice is due when is decided by :mod:`judge.clock.planner`.

Who gets what, as the classic judges do:

* a reminder goes to each player whose power still owes orders, listing the units
  without orders;
* a late notice goes to every late player (``[You are late!]``), to the other
  players and the observers (naming the late powers, except in anonymous games),
  and to the master (always naming them);
* when grace ends and the game waits for its master, only the master is told.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from datetime import datetime

from sqlmodel import Session

from judge.clock.timing import format_classic, format_for
from judge.game.clock import game_timing
from judge.game.games import game_variant, phase_label, power_name
from judge.game.history import keep_report
from judge.game.processing import orders_missing, report_settings
from judge.game.recipients import (
    MASTER,
    PLAYER,
    Recipient,
    game_mail_subject,
    game_recipients,
    send,
)
from judge.mail.outgoing import Author
from judge.reports import DEFAULTS, phase_phrase, render_late_notice, render_reminder
from judge.store.models import AT_GRACE_WAIT, REPORT_ANNOUNCEMENT, Game, as_utc

AT_GRACE_WAIT_TEXT = "the game waits for its game master to process it"


def send_reminders(
    session: Session,
    sender: Author,
    game: Game,
    missing: Mapping[str, Sequence[str]],
    now: datetime,
) -> list[Recipient]:
    """Remind each player whose power is in ``missing`` (power -> units); return them."""
    variant = game_variant(game)
    deadline = as_utc(game.deadline)
    reminded = []
    for recipient in game_recipients(session, game, (PLAYER,)):
        # A player holding several powers (Root Z) gets one reminder for those owing.
        owing = [p for p in variant.powers if p in missing and p in recipient.powers]
        if not owing:
            continue
        settings = report_settings(
            game, reader_zone=recipient.zone, next_deadline=deadline, judge_code=sender.code
        )
        subject, text, html = render_reminder(
            settings,
            variant,
            game.phase,
            owing[0],
            [unit for power in owing for unit in missing[power]],
            now,
            power_label=" and ".join(power_name(game, p) for p in owing) if owing[1:] else None,
        )
        send(session, sender, recipient.address, subject, text, html)
        reminded.append(recipient)
    return reminded


def send_late_notices(
    session: Session,
    sender: Author,
    game: Game,
    late: Sequence[str],
    grace_until: datetime,
    now: datetime,
) -> list[Recipient]:
    """Tell the game that ``late`` powers missed the deadline; return who was told.

    What each still owes is read again now (``orders_missing``): a power that has
    ordered everything since is not named, each late power is told exactly which
    units (per board) it has not ordered, and with nobody late nothing is sent."""
    owing = orders_missing(session, game)
    missing = {power: owing[power] for power in late if owing.get(power)}
    if not missing:
        return []
    variant = game_variant(game)
    deadline = as_utc(game.deadline)
    at_grace = {"at_grace": AT_GRACE_WAIT_TEXT} if game.at_grace == AT_GRACE_WAIT else {}

    def notice(zone: str, as_whom: str | None, held: Sequence[str]) -> tuple[str, str, str]:
        settings = report_settings(
            game, reader_zone=zone, phase_deadline=deadline, judge_code=sender.code
        )
        return render_late_notice(
            settings,
            variant,
            game.phase,
            missing,
            now,
            recipient=as_whom,
            held=held,
            grace_end=grace_until,
            reveal=not game.anonymous,
            **at_grace,
        )

    told = []
    for recipient in game_recipients(session, game):
        late_here = [p for p in missing if p in recipient.powers]  # a Root Z player's
        as_whom = "master" if recipient.role == MASTER else (late_here or [recipient.power])[0]
        subject, text, html = notice(recipient.zone, as_whom, late_here[1:])
        send(session, sender, recipient.address, subject, text, html)
        told.append(recipient)
    # njudge's history keeps the late notices as an observer reads them (data/history).
    subject, text, html = notice(game_timing(game).zone, None, ())
    keep_report(session, game, REPORT_ANNOUNCEMENT, subject, text, now, html)
    return told


def tell_master_waiting(
    session: Session, sender: Author, game: Game, late: Sequence[str], grace_until: datetime
) -> list[Recipient]:
    """Tell the master that grace ended and the game waits for them."""
    masters = game_recipients(session, game, (MASTER,))
    if not masters:
        return []
    names = ", ".join(power_name(game, p) for p in late) or "nobody"
    zone = game_timing(game).zone
    missed = textwrap.fill(
        f"The grace period for {phase_phrase(game.phase)} in game '{game.name}' ended "
        f"{format_classic(grace_until, zone)} with orders still missing from: {names}.",
        75,
    )
    choice = textwrap.fill(
        "The game now waits for you. Send PROCESS (in a signed mail) to process the phase "
        f"with the missing orders defaulted ({DEFAULTS}), or SET DEADLINE to give the "
        "players more time.",
        75,
    )
    subject = game_mail_subject(sender, game, f"{phase_label(game)} Waiting for the Master")
    for master in masters:
        text = f"{missed}\nYour time: {format_for(grace_until, master.zone)}.\n\n{choice}\n"
        send(session, sender, master.address, subject, text)
    return masters
