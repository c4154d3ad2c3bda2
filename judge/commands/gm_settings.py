"""The game master's SET commands on the selected game: timing rules, the current
deadline, press, number of players, anonymity and what happens when grace runs out.

Each change is noted for the announcement to the game's people
(:func:`judge.commands.gm_common.note_change`).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, time

from sqlmodel import select

from judge.clock.timing import (
    OutOfRange,
    TimingError,
    describe_rules,
    format_for,
    parse_datetime,
    parse_timing,
)
from judge.commands.base import Context, Statement
from judge.commands.gm_common import MasterCommand, note_change
from judge.commands.gm_create import parse_press_mode
from judge.commands.registry import register
from judge.engine.rules import DISORDER_2023, DISORDER_CLASSIC, DISORDER_TEXT
from judge.game.clock import deadline_text, game_timing, set_game_timing
from judge.game.games import phase_label, variant_powers
from judge.rules.registry import ruleset_for_game
from judge.store.models import (
    ACTIVE,
    AT_GRACE_PROCESS,
    AT_GRACE_WAIT,
    FORMING,
    PAUSED,
    PRESS_MODES,
    Applicant,
    Game,
    as_utc,
)


def _unchanged(ctx: Context, stmt: Statement, what: str) -> None:
    """A setting the game already had: say so, and announce nothing to the players."""
    ctx.transcript.ok(stmt.text, f"{what}: nothing changed, and nobody was told.")


def _change_timing(ctx: Context, stmt: Statement, game: Game, text: str) -> None:
    """Apply a timing rule (judge.clock.timing.parse_timing) to the game's stored rules."""
    try:
        rules = parse_timing(text, game_timing(game))
    except TimingError as exc:
        ctx.transcript.refused(stmt.text, f"{exc}; nothing was changed")
        return
    if rules == game_timing(game):
        _unchanged(ctx, stmt, f"Game {game.name} already has these timing rules")
        return
    set_game_timing(game, rules)
    ctx.session.add(game)
    described = describe_rules(rules)
    if game.status == PAUSED:
        when = "it counts from the deadline RESUME sets on"
    elif game.deadline is None:
        when = "it counts from the first deadline on"
    else:
        when = (
            f"it counts from the next deadline on (the current one, {deadline_text(game)}, "
            "stays: SET DEADLINE <date> <time> moves it)"
        )
    entry = ctx.transcript.ok(stmt.text, f"Timing of game {game.name} changed; {when}.")
    entry.extra.extend(described.splitlines())
    note_change(ctx, game, "New timing rules, from the next deadline on:\n" + described)


def _shown(game: Game, when: datetime) -> str:
    """A moment as the game's master and players read it, in the game's zone."""
    return format_for(when, game_timing(game).zone)


def _phase_moment(ctx: Context, stmt: Statement, game: Game) -> datetime | None:
    """The moment ``stmt.args`` give for the running phase (SET DEADLINE or SET GRACE
    with a date), or None when the line was refused (too far ahead, past, the game
    not running); raises TimingError when they are no date (timing rules, a length).
    A date without a time of day is at the phase's AT time, else 23:30, as on njudge
    (data/deadlines)."""
    zone = game_timing(game).zone
    clock = game_timing(game).for_phase(game.phase).at or time(23, 30)
    try:
        when = parse_datetime(stmt.args, zone, ctx.now, clock)
    except OutOfRange as exc:  # a date or +offset, too far ahead
        ctx.transcript.refused(stmt.text, f"{exc}; nothing was changed")
        return None
    if game.status != ACTIVE:
        ctx.transcript.refused(
            stmt.text,
            f"game {game.name} is {game.status}: only a running game has a deadline "
            "to move (START or RESUME sets one)",
        )
        return None
    if when <= ctx.now:
        ctx.transcript.refused(stmt.text, f"{_shown(game, when)} has already passed")
        return None
    return when


@register
class SetDeadline(MasterCommand):
    """Set the current phase's deadline, or the game's deadline rules."""

    rank = 210
    keyword = "SET DEADLINE"
    commas_in_args = True  # timing rules: "REMIND 24h,1h", "MOVE 48h, GRACE 24h"
    syntax = "SET DEADLINE <date> <time>   or   SET DEADLINE [MOVE] [RETREAT] [ADJUST] <rules>"
    help = (
        "Game masters: with a date, the deadline of the current phase, in the game's\n"
        "time zone: SET DEADLINE 2026-11-25 20:00 (or +36h from now). With rules,\n"
        "how later deadlines are set: SET DEADLINE MOVE 48h AT 20:00 DAYS mon-fri\n"
        "GRACE 24h REMIND 24h,1h (RETREAT and ADJUST likewise; no phase word = all)."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        if not stmt.args.strip():
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        try:
            when = _phase_moment(ctx, stmt, game)
        except TimingError:
            _change_timing(ctx, stmt, game, "DEADLINE " + stmt.args)
            return
        if when is None:
            return
        if when == as_utc(game.deadline) and game.grace_until is None:
            _unchanged(
                ctx,
                stmt,
                f"The deadline of {phase_label(game)} is already {_shown(game, when)}",
            )
            return
        game.deadline = when
        game.grace_until = None
        game.waiting_for_master = False
        ctx.session.add(game)
        said = f"The deadline of {phase_label(game)} is now {_shown(game, when)}."
        ctx.transcript.ok(stmt.text, said)
        note_change(ctx, game, said)


@register
class SetTiming(MasterCommand):
    """Set the game's time zone and early-processing delay (and any timing rule)."""

    rank = 211
    keyword = "SET TIMING"
    commas_in_args = True  # timing rules: "REMIND 24h,1h", "MOVE 48h, GRACE 24h"
    syntax = "SET TIMING [ZONE <zone>] [DELAY <time>] [<rules>]"
    help = (
        "Game masters: the game's time zone and how long after the last orders\n"
        "arrive the phase is processed early: SET TIMING ZONE Europe/Paris DELAY 30m.\n"
        "The rules of SET DEADLINE are understood here too."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        _change_timing(ctx, stmt, game, "TIMING " + stmt.args)


@register
class SetGrace(MasterCommand):
    """Choose what happens when the grace period ends with orders missing."""

    rank = 212
    keyword = "SET GRACE"
    commas_in_args = True  # timing rules: "REMIND 24h,1h", "MOVE 48h, GRACE 24h"
    syntax = "SET GRACE PROCESS|WAIT   or   SET GRACE <time>   or   SET GRACE <date> [<time>]"
    help = (
        "Game masters: when grace runs out with orders missing, PROCESS the phase\n"
        "(missing orders default) or WAIT for you to send PROCESS. With a length of\n"
        "time (SET GRACE 24h), the grace period after each deadline. With a date\n"
        "(SET GRACE 26 Dec 20:00), when the current phase's grace period ends."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        choice = stmt.args.strip().lower()
        if choice not in (AT_GRACE_PROCESS, AT_GRACE_WAIT):
            _grace_length_or_end(ctx, stmt, game)
            return
        if game.at_grace == choice:
            _unchanged(ctx, stmt, f"Game {game.name} already does {choice.upper()} at grace's end")
            return
        game.at_grace = choice
        ctx.session.add(game)
        text = (
            "When the grace period ends with orders missing, the phase is processed "
            "with the missing orders defaulted."
            if choice == AT_GRACE_PROCESS
            else "When the grace period ends with orders missing, the game waits for its master."
        )
        ctx.transcript.ok(stmt.text, text)
        note_change(ctx, game, text)


def _grace_length_or_end(ctx: Context, stmt: Statement, game: Game) -> None:
    """SET GRACE with a length (the rule after each deadline) or a date (when the
    current phase's grace period ends)."""
    try:
        when = _phase_moment(ctx, stmt, game)
    except TimingError:
        _change_timing(ctx, stmt, game, "GRACE " + stmt.args)
        return
    if when is not None:
        _end_grace_at(ctx, stmt, game, when)


def _end_grace_at(ctx: Context, stmt: Statement, game: Game, when: datetime) -> None:
    """End the current phase's grace period at ``when`` (njudge's SET GRACE date): not
    before the deadline; a game waiting for its master waits for the new end."""
    deadline = as_utc(game.deadline)
    if deadline is not None and when < deadline:
        ctx.transcript.refused(
            stmt.text,
            f"the grace period cannot end before the deadline ({_shown(game, deadline)}): "
            "SET DEADLINE <date> <time> moves the deadline; nothing was changed",
        )
        return
    said = f"The grace period of {phase_label(game)} now ends {_shown(game, when)}."
    if when == as_utc(game.grace_until):
        _unchanged(ctx, stmt, said[:-1])
        return
    game.grace_until = when
    game.waiting_for_master = False
    ctx.session.add(game)
    ctx.transcript.ok(stmt.text, said)
    note_change(ctx, game, said)


@register
class SetPress(MasterCommand):
    """Change the game's press rules."""

    rank = 213
    keyword = "SET PRESS"
    syntax = "SET PRESS <mode>"
    help = f"Game masters: the press allowed in the game, one of {', '.join(PRESS_MODES)}."

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        mode = parse_press_mode(stmt.args)
        if mode is None:
            ctx.transcript.refused(stmt.text, f"the press modes are {', '.join(PRESS_MODES)}")
            return
        if game.press_mode == mode:
            _unchanged(ctx, stmt, f"Press in game {game.name} is already {mode}")
            return
        game.press_mode = mode
        ctx.session.add(game)
        text = f"Press in game {game.name} is now {mode}."
        ctx.transcript.ok(stmt.text, text)
        note_change(ctx, game, text)


def _forming_only(ctx: Context, stmt: Statement, game: Game) -> bool:
    if game.status == FORMING:
        return True
    ctx.transcript.refused(
        stmt.text, f"game {game.name} has started: this can only be set before the start"
    )
    return False


@register
class SetPlayers(MasterCommand):
    """Change how many players a forming game waits for."""

    rank = 214
    keyword = "SET PLAYERS"
    syntax = "SET PLAYERS <n>"
    help = "Game masters: how many players a forming game waits for before it starts."

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        if not _forming_only(ctx, stmt, game):
            return
        typed = stmt.args.strip()
        least, powers = ruleset_for_game(game).seat_range(len(variant_powers(game.variant)))
        if not typed.isdigit() or not least <= int(typed) <= powers:
            ctx.transcript.refused(stmt.text, f"give a number of players from {least} to {powers}")
            return
        joined = len(ctx.session.exec(select(Applicant).where(Applicant.game_id == game.id)).all())
        if int(typed) < joined:
            ctx.transcript.refused(stmt.text, f"{joined} players have already joined")
            return
        if game.seats == int(typed):
            _unchanged(ctx, stmt, f"Game {game.name} already waits for {typed} players")
            return
        game.seats = int(typed)
        ctx.session.add(game)
        text = f"Game {game.name} waits for {typed} players ({joined} joined so far)."
        if joined == int(typed):
            text += " It is full: send START to start it."
        ctx.transcript.ok(stmt.text, text)
        note_change(ctx, game, f"Game {game.name} waits for {typed} players.")


@register
class SetAnonymous(MasterCommand):
    """Hide or show who plays which power, before the game starts."""

    rank = 215
    keyword = "SET ANONYMOUS"
    syntax = "SET ANONYMOUS ON|OFF"
    help = "Game masters: before the start, whether players are told who plays which power."

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        choice = stmt.args.strip().upper()
        if choice not in ("ON", "OFF"):
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        if not _forming_only(ctx, stmt, game):
            return
        if game.anonymous == (choice == "ON"):
            _unchanged(ctx, stmt, f"Game {game.name} is already anonymous {choice}")
            return
        game.anonymous = choice == "ON"
        ctx.session.add(game)
        text = f"Game {game.name} is {'anonymous' if game.anonymous else 'not anonymous'}."
        ctx.transcript.ok(stmt.text, text)
        note_change(ctx, game, text)


@register
class SetGunboat(SetAnonymous):
    """njudge's name of SET ANONYMOUS: ``SET GUNBOAT`` is ON, ``SET NO GUNBOAT`` OFF."""

    rank = 216
    keyword = "SET GUNBOAT"
    aliases = ("SET NOGUNBOAT",)
    syntax = "SET GUNBOAT   or   SET NO GUNBOAT"
    help = "Game masters: njudge's words for SET ANONYMOUS ON (and OFF), before the start."

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        if stmt.args.strip():
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        off = "".join(stmt.text.upper().split()).startswith("SETNOGUNBOAT")
        super().steer(ctx, replace(stmt, args="OFF" if off else "ON"), game)


# The words a game master may write for each rule of removals in civil disorder.
_DISORDER_WORDS = {
    DISORDER_2023: DISORDER_2023,
    "NEW": DISORDER_2023,
    DISORDER_CLASSIC.upper(): DISORDER_CLASSIC,
    "OLD": DISORDER_CLASSIC,
    "1982": DISORDER_CLASSIC,
}


@register
class SetCdRule(MasterCommand):
    """Choose how the units of a power that does not order its removals are chosen."""

    rank = 216
    keyword = "SET CD RULE"
    aliases = ("SET CIVIL DISORDER",)
    syntax = "SET CD RULE 2023|CLASSIC"
    help = (
        "Game masters: how the judge removes the units of a power that does not order\n"
        "the removals it owes. 2023 (the default): the unit farthest from a supply\n"
        "centre the power owns goes first, units on a centre last. CLASSIC (the rule of\n"
        "the 1971 and 1982 rulebooks, which most game records follow): the unit farthest\n"
        "from a home centre goes first. Both: then fleets before armies, then by name."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        choice = _DISORDER_WORDS.get(stmt.args.strip().upper())
        offered = ruleset_for_game(game).disorder_rules
        if not offered:
            ctx.transcript.refused(
                stmt.text, f"game {game.name}'s rules choose the units removed in civil disorder"
            )
            return
        if choice not in offered:
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        if game.cd_rule == choice:
            _unchanged(ctx, stmt, f"Game {game.name} already removes by the {choice} rule")
            return
        game.cd_rule = choice
        ctx.session.add(game)
        text = (
            f"In game {game.name}, units are removed in civil disorder by {DISORDER_TEXT[choice]}."
        )
        ctx.transcript.ok(stmt.text, text)
        note_change(ctx, game, text)
