"""A game's clock: its timing rules and its current deadline, kept on the Game row.

Everything that starts a phase (START, a processed phase, RESUME, SET DEADLINE) sets
the deadline through :func:`set_next_deadline`, so the scheduler only ever reads
``Game.deadline`` and ``Game.grace_until`` from the database.

``Game.phase`` must end in the letter of its phase type (M, R, A or B): standard
codes such as ``S1901M`` do, and multiverse games keep a code of that shape too.
"""

from __future__ import annotations

import json
from datetime import date, datetime

from sqlmodel import Session, select

from judge.clock.timing import (
    TimingRules,
    format_for,
    grace_end,
    next_deadline,
    rules_from_dict,
    whole_minute,
)
from judge.game.games import phase_label
from judge.store.models import ACTIVE, PAUSED, PLAYING, Game, Player, as_utc


def game_timing(game: Game) -> TimingRules:
    """The game's timing rules (the defaults of judge.clock.timing where unset)."""
    return rules_from_dict(json.loads(game.timing or "{}"))


def set_game_timing(game: Game, rules: TimingRules) -> None:
    """Store new timing rules on the game (the deadline is not changed)."""
    game.timing = json.dumps(rules.to_dict(), sort_keys=True)


def absences(session: Session, game: Game) -> list[tuple[date, date]]:
    """The absences (inclusive local dates) of the game's players still playing."""
    rows = session.exec(select(Player).where(Player.game_id == game.id, Player.status == PLAYING))
    return [
        (p.absent_from, p.absent_until)
        for p in rows
        if p.absent_from is not None and p.absent_until is not None
    ]


def set_next_deadline(session: Session, game: Game, start: datetime) -> datetime:
    """Set the deadline of the game's current phase counted from ``start`` (usually
    now); clears the grace period and the wait for the master.  Returns it."""
    deadline = next_deadline(game_timing(game), game.phase, start, absences=absences(session, game))
    game.deadline = deadline
    game.grace_until = None
    game.waiting_for_master = False
    return deadline


def grace_deadline(game: Game) -> datetime | None:
    """When the grace period of the current deadline ends (None without a deadline)."""
    deadline = as_utc(game.deadline)
    if deadline is None:
        return None
    return grace_end(game_timing(game), game.phase, deadline)


def deadline_text(game: Game) -> str:
    """The game's current deadline in its own zone (or that there is none)."""
    deadline = as_utc(game.deadline)
    if deadline is None:
        return "no deadline"
    return format_for(deadline, game_timing(game).zone)


def pause_clock(game: Game) -> str:
    """Stop a running game's clock (the master's PAUSE, the players' SET PAUSE):
    no deadline, no grace, no wait for the master.  Returns what happened."""
    game.status = PAUSED
    game.deadline = None
    game.grace_until = None
    game.waiting_for_master = False
    return f"Game {game.name} is paused in {phase_label(game)}: no deadline runs until it resumes."


def resume_clock(session: Session, game: Game, now: datetime) -> str:
    """Run a paused game's clock again with a new deadline counted from ``now`` (the
    master's RESUME, the players' SET RESUME).  Returns what happened."""
    game.status = ACTIVE
    set_next_deadline(session, game, now)
    return (
        f"Game {game.name} resumes in {phase_label(game)}; the deadline is {deadline_text(game)}."
    )


def extend_clock(game: Game, now: datetime) -> str:
    """Move the current deadline later by the phase's length (its timing's ``after``),
    counted from the deadline, or from ``now`` once it has passed; the grace and the
    wait for the master end.  Returns what happened."""
    rules = game_timing(game)
    length = rules.for_phase(game.phase).after
    deadline = as_utc(game.deadline)
    start = deadline if deadline is not None and deadline > now else now
    game.deadline = whole_minute(length.add_to(start, rules.tz))
    game.grace_until = None
    game.waiting_for_master = False
    return (
        f"The deadline of {phase_label(game)} in game {game.name} is extended by "
        f"{length.describe()}, to {deadline_text(game)}."
    )
