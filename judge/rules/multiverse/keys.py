"""Coordinates in a multiverse world: boards and the locations on them.

A board sits at ``(timeline, year, season)``; a multiverse location adds the
location on the variant's map (``"par"``, ``"spa/nc"``).  Both are plain named
tuples so that they hash fast and sort canonically.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from judge.engine.phase import Phase, PhaseError, PhaseSeasonError, Turn
from judge.orders.data import register_board_location


class Season(IntEnum):
    """The three boards of a game year, in their order."""

    SPRING = 0
    FALL = 1
    WINTER = 2


WINTER = Season.WINTER
"""The winter season, bound once: looking a member up on its enum class is slow in hot paths."""

SEASON_LETTER = {Season.SPRING: "S", Season.FALL: "F", Season.WINTER: "W"}
SEASON_NAME = {Season.SPRING: "Spring", Season.FALL: "Fall", Season.WINTER: "Winter"}


class BoardKey(NamedTuple):
    """Where a board sits in the world."""

    timeline: int
    year: int
    season: int

    @property
    def time(self) -> int:
        """Chronological index: every season of every year counts once."""
        return 3 * self.year + self.season

    @property
    def is_winter(self) -> bool:
        """Whether this is an adjustment (winter) board."""
        return self.season == Season.WINTER

    def at(self, loc: str) -> MLoc:
        """The multiverse location of ``loc`` on this board."""
        return MLoc(self.timeline, self.year, self.season, loc)

    def successor(self, winter: bool = True) -> BoardKey:
        """The coordinates of the board that follows this one in its timeline
        (without ``winter``, Fall is followed by the next Spring)."""
        if self.season == Season.WINTER or (not winter and self.season == Season.FALL):
            return BoardKey(self.timeline, self.year + 1, Season.SPRING)
        return BoardKey(self.timeline, self.year, self.season + 1)

    def canonical_order(self) -> tuple[int, int]:
        """Sort key: earliest board first, then the lowest timeline."""
        return (self.time, self.timeline)


class MLoc(NamedTuple):
    """A location on one board of the multiverse."""

    timeline: int
    year: int
    season: int
    loc: str

    @property
    def board(self) -> BoardKey:
        """The board this location lies on."""
        return _new_tuple(BoardKey, self[:3])  # BoardKey(*self[:3]) without the checks


_new_tuple = tuple.__new__


def turn_text(year: int, season: int) -> str:
    """Short turn label used in canonical orders, e.g. ``S1902``."""
    return f"{SEASON_LETTER[Season(season)]}{year}"  # Turn.code, written fast (hot path)


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


register_board_location(MLoc)
