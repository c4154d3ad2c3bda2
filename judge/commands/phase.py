"""PHASE: say which phase the following orders are for."""

from __future__ import annotations

import re
from datetime import datetime

from judge.commands.base import Command, Context, Statement
from judge.commands.registry import register
from judge.engine.phase import KINDS, SEASONS
from judge.engine.phase import Phase as PhaseCode
from judge.game.games import phase_label
from judge.game.history import last_results
from judge.rules.registry import ruleset_for_game
from judge.store.models import Game, as_utc

_CODE = re.compile(r"^([SFWU])(\d{3,4})([MRBA])$", re.IGNORECASE)
_SEASONS = {"spring": "S", "summer": "U", "fall": "F", "autumn": "F", "winter": "W"}
_TURN = re.compile(r"^[SFWU]\d{3,4}$", re.IGNORECASE)  # a season and year: "F1901"
_FIRST_KIND = {"S": "M", "U": "M", "F": "M", "W": "A"}  # a season's first phase
# What ``Context.order_phase`` holds after a PHASE line that names no phase: the
# orders after it were meant for a phase the judge cannot tell, so none is taken.
UNREAD_PHASE = "?"

_KINDS = {
    "movement": "M", "move": "M", "moves": "M",
    "retreat": "R", "retreats": "R",
    "adjustment": "A", "adjustments": "A", "build": "A", "builds": "A",
}  # fmt: skip


def parse_phase(text: str) -> str | None:
    """A phase code (e.g. ``S1901M``) from ``S1901M`` or ``Spring 1901 Movement``."""
    words = text.split()
    if len(words) == 1 and _CODE.match(words[0]):
        return words[0].upper()
    if len(words) == 3:
        season = _SEASONS.get(words[0].lower())
        kind = _KINDS.get(words[2].lower())
        if season and kind and words[1].isdigit():
            return f"{season}{words[1]}{kind}"
    return None


def game_phase_named(game: Game, text: str) -> str | None:
    """The phase code ``text`` names in ``game``: a code or words (:func:`parse_phase`),
    the game's current phase as its ruleset labels it (5dplomacy's ``Spring02``), or
    a season and year without the phase's kind (``Fall 1901``, ``F1901``): the game's
    current phase when it is of that season and year, else that season's first."""
    code = parse_phase(text)
    if code is not None or not text.strip():
        return code
    labelled = _labelled(game, text)
    if labelled is not None:
        return labelled
    turn = season_and_year(text)
    if turn is None:
        return None
    return game.phase if game.phase.upper().startswith(turn) else turn + _FIRST_KIND[turn[0]]


def _labelled(game: Game, text: str) -> str | None:
    """The phase whose label in the game (its ruleset's ``turn_label``: 5dplomacy's
    ``Fall01``) is ``text``: the current one, else the latest one so labelled, from
    the year after the current one back a century (``MAP Fall01`` in 1904); None
    when none is."""
    wanted = _words(text)
    label = ruleset_for_game(game).turn_label
    if _words(label(game.phase)) == wanted:
        return game.phase
    current = PhaseCode.read(game.phase, classic=True, mixed=True)
    if current is None:
        return None
    for year in range(current.year + 1, current.year - _YEARS_BACK, -1):
        for code in (f"{s}{year}{k}" for s in reversed(SEASONS) for k in KINDS):
            if _words(label(code)) == wanted:
                return code
    return None


def _words(label: str) -> str:
    """A turn's label as compared: its words in lower case, a hyphen one of the
    spaces between them (``Spring02 builds`` is ``Spring02-builds``)."""
    return " ".join(label.replace("-", " ").lower().split())


_YEARS_BACK = 100  # how far back a phase's label is looked for


def season_and_year(text: str) -> str | None:
    """``F1901`` from ``Fall 1901`` or ``F1901``; None for anything else."""
    words = text.split()
    if len(words) == 1 and _TURN.match(words[0]):
        return words[0].upper()
    if len(words) == 2 and words[1].isdigit() and words[0].lower() in _SEASONS:
        return f"{_SEASONS[words[0].lower()]}{words[1]}"
    return None


def write_current(game: Game) -> str:
    """What a player writes for orders of the game's current phase, for a refusal."""
    return f"write PHASE {phase_label(game, game.phase)}, or no PHASE line"


def same_phase(a: str, b: str) -> bool:
    """True when two phase codes name the same phase (``F1901B`` = ``W1901A``)."""

    first, second = (
        PhaseCode.read(a, classic=True, mixed=True),
        PhaseCode.read(b, classic=True, mixed=True),
    )
    if first is None or second is None:
        return a.strip().upper() == b.strip().upper()
    return first == second


def _arrival(ctx: Context, game: Game) -> tuple[datetime, datetime] | None:
    """When the mail arrived and when the game's last phase was processed (UTC), or
    None when either is unknown."""
    received, processed = as_utc(ctx.received_at), as_utc(game.processed_at)
    return None if received is None or processed is None else (received, processed)


def moved_on_since(ctx: Context, game: Game) -> str | None:
    """Why this mail is too old for the game's current phase, or None.

    A mail belongs to the phase current when the judge received it.  The judge reads
    mail before processing a phase, so this happens only when a phase was processed
    between the mail's arrival and its reading (a master's PROCESS read just before it,
    or a judge far behind); then its orders or PROCESS were meant for the phase before.
    Never when this mail's own PROCESS moved the game on: its master wrote the lines
    after it knowing so.
    """
    times = _arrival(ctx, game)
    if times is None or times[0] >= times[1] or (game.id or 0) in ctx.processed:
        return None
    received, processed = times
    now = phase_label(game, game.phase)
    return (
        f"your mail arrived at {received:%Y-%m-%d %H:%M:%S} UTC, before game {game.name} "
        f"moved on to {now} (at {processed:%H:%M:%S} UTC), so it was meant for "
        f"the phase before: nothing was done (send it again for {now})"
    )


def processed_meanwhile(ctx: Context, game: Game) -> str | None:
    """What to tell a player whose mail arrived while the phase before was being
    processed, or None.

    Such a mail is read against the new phase (see :func:`moved_on_since`), but it
    was written before its writer could see the results: its orders were meant for
    the phase before.  They stand for the new phase (the documented choice); the
    reply says so plainly, and is flagged."""
    times = _arrival(ctx, game)
    if times is None or times[0] < times[1]:
        return None
    received = times[0]
    results = last_results(ctx.session, game)
    out = as_utc(results.created_at) if results is not None else None
    if results is None or out is None or received >= out:
        return None
    before, now = phase_label(game, results.phase), phase_label(game, game.phase)
    return (
        f"your mail arrived at {received:%Y-%m-%d %H:%M:%S} UTC, after the {before} "
        f"deadline of game {game.name} was processed and before its results went out "
        f"(at {out:%H:%M:%S} UTC): these orders do not count for {before}, they "
        f"now stand for {now}. Check them against the {before} results."
    )


@register
class Phase(Command):
    """Name the phase the orders that follow are meant for."""

    rank = 35

    keyword = "PHASE"
    syntax = "PHASE <phase>   e.g. PHASE S1901M, PHASE Fall 1901 Retreat or PHASE Fall 1901"
    help = (
        "The orders after this line are for the named phase. They are only\n"
        "accepted when it is the game's current phase, so orders written for a\n"
        "phase that has already been processed are refused rather than misapplied."
    )
    needs_signon = True
    masters_instead = (
        "a power's command: a game master writes BECOME <power> first, then PHASE "
        "<phase> above that power's orders"
    )

    def run(self, ctx: Context, stmt: Statement) -> None:
        assert ctx.game is not None
        code = game_phase_named(ctx.game, stmt.args)
        if code is None:
            ctx.order_phase = UNREAD_PHASE
            ctx.transcript.refused(
                stmt.text,
                f"expected: {self.syntax}; the orders that follow will be refused "
                f"({write_current(ctx.game)})",
            )
            return
        ctx.order_phase = code
        now = phase_label(ctx.game, ctx.game.phase)
        if same_phase(code, ctx.game.phase):
            ctx.transcript.ok(stmt.text, f"Orders that follow are for {now}.")
        else:
            ctx.transcript.refused(
                stmt.text,
                f"game {ctx.game.name} is in {now}, not {phase_label(ctx.game, code)}: "
                f"the orders that follow will be refused ({write_current(ctx.game)})",
            )
