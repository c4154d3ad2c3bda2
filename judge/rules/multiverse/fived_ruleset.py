"""How the 5dplomacy rule set shows itself to its players (the hooks of
:class:`judge.rules.multiverse.ruleset.FivedRuleset`): turns named as 5dplomacy
does (``Spring02``), boards written in its notation, and the judge's own builds
step explained wherever it shows (docs/multiverse.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.phase import Phase, PhaseError, Turn
from judge.rules.multiverse.fived import fived_location, turn_code
from judge.rules.multiverse.notation import timeline_name

BUILDS_NOTE = (
    "5dplomacy has no builds or removals yet; this judge adds its own step: after "
    "each Fall (and its retreats), the coming Spring board of the timeline waits "
    "for them, and they are ordered on that board (build A alfa:KIE:Spring02). "
    "There are no winter boards."
)


def fived_turn_label(phase: str) -> str:
    """``Spring02`` for S1902M (and for a board's turn, S1902), ``Fall01-retreats``
    for F1901R, and the builds step after Fall 1901 (the game's W1901A or W1901M)
    ``Spring02-builds``: 5dplomacy has no winter."""
    found = Phase.read(phase, mixed=True) or _turn_phase(phase)
    if found is None:
        return phase
    if found.season == "W":
        return f"{turn_code('S', found.year + 1)}-builds"
    label = turn_code(found.season, found.year)
    return f"{label}-retreats" if found.kind == "R" else label


def _turn_phase(turn: str) -> Phase | None:
    """The first phase of a turn (``S1902`` -> S1902M); None for anything else."""
    try:
        return Turn.parse(turn).phase()
    except PhaseError:
        return None


def timeline_name_of(timeline: Any) -> str:
    """A timeline's 5dplomacy name (``2`` -> ``bravo``)."""
    return timeline_name(int(timeline))


def fived_view(board: Mapping[str, Any]) -> tuple[Any, str]:
    """How a board of a 5dplomacy game writes its units, and its heading."""
    line = int(board["timeline"])
    turn = Turn.parse(board["phase"])

    def write(u: Mapping[str, Any]) -> str:
        where = fived_location(line, str(u.get("province", "?")), turn.code[0], turn.year)
        return f"{u.get('type', '?')} {where}"

    name = timeline_name(line)
    heading = f"Board {name}:{turn_code(turn.code[0], turn.year)} (timeline {name})"
    if board.get("adjusting"):
        heading += ", waiting for the builds and removals after the Fall"
    return write, heading + ":"
