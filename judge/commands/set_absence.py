"""SET ABSENCE and SET NOABSENCE: days a player is away.

Dates are read in the game's time zone and are inclusive; an absence may last at
most MAX_DAYS days (14, as on DPjudge) and replaces any earlier one.  A longer
absence is the game master's to set: after ``BECOME <power>`` in a signed mail there
is no limit.  No deadline of the game falls on a day a player is away: when the
current deadline does, it moves to the first allowed day after the absence (at the
same time of day), and everyone is told.  The game master is told of every absence.
SET NOABSENCE clears the absence; a deadline that already moved stays where it is.
"""

from __future__ import annotations

from datetime import date, datetime

from judge.clock.timing import TimingError, format_for, parse_date_range
from judge.commands.base import Command, Context, Statement
from judge.commands.gm_common import judge_sender
from judge.commands.player_state import in_play_refusal
from judge.commands.registry import register
from judge.game.clock import game_timing, set_next_deadline
from judge.game.games import phase_label, power_name
from judge.game.history import announce_and_keep
from judge.game.recipients import MASTER, announce, game_mail_subject
from judge.store.models import ACTIVE, Game, as_utc

MAX_DAYS = 14
# A master's signed SET ABSENCE without a BECOME: njudge's master sets a player's
# absence as its power (data/absence), and so here; a master's own absence is not kept.
MASTERS_INSTEAD = (
    "a game master sets a player's absence as its power: BECOME <power>, then "
    "SET ABSENCE <date> [TO <date>] (no limit of days) or SET NOABSENCE; "
    "a master's own days away are not kept here: SET DEADLINE <date> <time> moves "
    "the deadline"
)


def _days(start: date, end: date) -> str:
    return start.isoformat() if start == end else f"{start.isoformat()} to {end.isoformat()}"


def move_deadline_out(ctx: Context, game: Game, start: date, end: date) -> datetime | None:
    """Move the game's deadline past the absence when it falls inside; the new one."""
    deadline = as_utc(game.deadline)
    rules = game_timing(game)
    if game.status != ACTIVE or deadline is None or deadline <= ctx.now:
        return None
    if not start <= deadline.astimezone(rules.tz).date() <= end:
        return None
    # Counting back the phase's span from the old deadline makes it the earliest
    # choice, so the deadline only ever moves later, day by day, past the absences.
    origin = rules.for_phase(game.phase).after.subtract_from(deadline, rules.tz)
    return set_next_deadline(ctx.session, game, origin)


@register
class SetAbsence(Command):
    """Tell the judge which days you are away."""

    rank = 78
    keyword = "SET ABSENCE"
    # njudge's names of the same (data/index; ml_set.c)
    aliases = ("SET ABSENCES", "SET VACATION", "SET VACATIONS", "SET HOLIDAY", "SET HOLIDAYS")
    syntax = "SET ABSENCE <date> [TO <date>]   e.g. SET ABSENCE 2026-12-24 TO 2026-12-31"
    help = (
        "Days you are away (inclusive, in the game's time zone, at most "
        f"{MAX_DAYS} days;\nask the game master for a longer one). No deadline falls "
        "on them: a deadline\ninside moves to the first day after. The game master "
        "is told.\nSET NOABSENCE cancels it."
    )
    needs_signon = True
    masters_instead = MASTERS_INSTEAD

    def run(self, ctx: Context, stmt: Statement) -> None:
        game, player = ctx.game, ctx.player
        assert game is not None and player is not None
        reason = in_play_refusal(ctx)
        if reason is None and player.id is None:  # a master's BECOME of an unplayed power
            reason = f"nobody plays {power_name(game, player.power)} in game {game.name}"
        if reason is None and not stmt.args.strip():
            reason = f"expected: {self.syntax}"
        if reason is not None:
            ctx.transcript.refused(stmt.text, reason)
            return
        zone = game_timing(game).zone
        try:
            start, end = parse_date_range(stmt.args, zone, ctx.now)
        except TimingError as exc:
            ctx.transcript.refused(stmt.text, str(exc))
            return
        today = ctx.now.astimezone(game_timing(game).tz).date()
        if end < today:
            ctx.transcript.refused(stmt.text, f"that absence is over already (today is {today})")
            return
        if (end - start).days + 1 > MAX_DAYS and not ctx.became:
            ctx.transcript.refused(
                stmt.text,
                f"an absence may last at most {MAX_DAYS} days (the game master may set "
                "a longer one)",
            )
            return
        earlier = _replaced(player.absent_from, player.absent_until, start, end, today)
        player.absent_from, player.absent_until = start, end
        ctx.session.add(player)
        ctx.session.flush()
        name = power_name(game, player.power)
        entry = ctx.transcript.ok(stmt.text, f"Absence set: {_days(start, end)} ({zone}).")
        if earlier:
            entry.extra.append(
                f"It replaces your absence of {earlier}: one absence is kept at a time."
            )
        moved = move_deadline_out(ctx, game, start, end)
        sender = judge_sender(ctx)
        note = f"The player of {name} in game {game.name} is away {_days(start, end)} ({zone})."
        if moved is not None:
            when = format_for(moved, zone)
            entry.extra.append(f"The deadline of {phase_label(game)} moved to {when}.")
            note += f"\nThe deadline of {phase_label(game)} moved to {when}."
            everyone = (
                f"A player of game {game.name} is away on the day of the deadline.\n"
                f"The deadline of {phase_label(game)} has moved to {when}.\n"
            )
            subject = game_mail_subject(sender, game, f"{phase_label(game)} Deadline moved")
            told = [game.master_address, ctx.sender]  # the master below, the sender by the reply
            # A deadline adjustment goes in the history, as njudge's (data/history).
            announce_and_keep(ctx.session, sender, game, subject, everyone, ctx.now, exclude=told)
        subject = game_mail_subject(sender, game, f"{phase_label(game)} Absence of {name}")
        announce(ctx.session, sender, game, subject, note + "\n", roles=[MASTER])


def _replaced(
    old_start: date | None, old_end: date | None, start: date, end: date, today: date
) -> str:
    """The days of an earlier absence, not yet over, that a new one replaces, or ""."""
    if old_start is None or old_end is None or old_end < today:
        return ""
    return "" if (old_start, old_end) == (start, end) else _days(old_start, old_end)


@register
class SetNoAbsence(Command):
    """Cancel an absence."""

    rank = 79
    keyword = "SET NOABSENCE"
    aliases = ("SET NOVACATION", "SET NOVACATIONS", "SET NOHOLIDAY", "SET NOHOLIDAYS")
    syntax = "SET NOABSENCE"
    help = "Cancels your absence. A deadline that moved because of it stays where it is."
    needs_signon = True
    masters_instead = MASTERS_INSTEAD

    def run(self, ctx: Context, stmt: Statement) -> None:
        assert ctx.game is not None and ctx.player is not None
        reason = in_play_refusal(ctx)
        if reason is not None:
            ctx.transcript.refused(stmt.text, reason)
            return
        ctx.player.absent_from = ctx.player.absent_until = None
        ctx.session.add(ctx.player)
        ctx.transcript.ok(stmt.text, "Absence cleared.")
