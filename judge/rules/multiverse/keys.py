"""Coordinates in a multiverse world: boards and the locations on them.

A board sits at ``(timeline, year, season)``; a multiverse location adds the
location on the variant's map (``"par"``, ``"spa/nc"``).  Both are plain named
tuples, defined with the engine (:mod:`judge.engine.boards`) so that the reports and
maps below the rulesets can hold them too.
"""

from __future__ import annotations

from judge.engine.boards import BoardKey, Season
from judge.engine.boards import MLoc as MLoc  # a location on a board, named here with them
from judge.engine.phase import Phase, PhaseError, PhaseSeasonError, Turn

WINTER = Season.WINTER
"""The winter season, bound once: looking a member up on its enum class is slow in hot paths."""

SEASON_LETTER = {Season.SPRING: "S", Season.FALL: "F", Season.WINTER: "W"}
SEASON_NAME = {Season.SPRING: "Spring", Season.FALL: "Fall", Season.WINTER: "Winter"}


def turn_text(year: int, season: int) -> str:
    """Short turn label used in canonical orders, e.g. ``S1902``."""
    # Turn.code, written fast (hot path): a season's int finds its letter as the
    # member does (IntEnum), without making the member (a third of the time).
    return f"{SEASON_LETTER[season]}{year}"


def phase_code(key: BoardKey) -> str:
    """The phase code of a board as in standard documents (``S1901M``, ``W1901A``)."""
    return Turn(key.year, SEASON_LETTER[Season(key.season)]).phase().code


def parse_phase_code(code: str) -> tuple[int, Season]:
    """``"F1902M"`` -> ``(1902, Season.FALL)``; raises ``ValueError`` when malformed.

    Retreat codes (``S1901R``) name the movement board they belong to.
    """
    try:
        phase = Phase.parse(code)
    except PhaseSeasonError:
        raise ValueError(
            f"bad phase code {code!r}: winter boards end in A, others in M or R"
        ) from None
    except PhaseError:
        raise ValueError(
            f"bad phase code {code!r}: expected e.g. S1901M, F1901M or W1901A"
        ) from None
    return phase.year, Season(phase.turn.index)
