"""Coordinates of a multiverse world: boards and the locations on them.

A board sits at ``(timeline, year, season)``; a location on a board
(:class:`MLoc`) adds the location on the variant's map (``"par"``, ``"spa/nc"``).
Both are plain named tuples so that they hash fast and sort canonically.

They are values, not text: a location is a province code (``str``) on the board at
hand, or an :class:`MLoc` on one board of a multiverse, and how a game writes and
reads either is its ruleset's answer (:meth:`judge.rules.base.Ruleset.write_location`,
:meth:`~judge.rules.base.Ruleset.read_location`).  They live here, below the orders,
the reports and the maps, so that each of those can hold them.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from judge.engine.phase import SEASONS, Turn


class Season(IntEnum):
    """The three boards of a game year, in their order."""

    SPRING = 0
    FALL = 1
    WINTER = 2


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

    @property
    def turn(self) -> Turn:
        """The board's turn (``S1901``)."""
        return Turn(self.year, SEASONS[self.season])

    @classmethod
    def of(cls, timeline: int, turn: Turn) -> BoardKey:
        """The board of ``timeline`` at ``turn``."""
        return cls(timeline, turn.year, turn.index)

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

    @property
    def turn(self) -> Turn:
        """The turn of the board it lies on (``S1901``)."""
        return Turn(self.year, SEASONS[self.season])


_new_tuple = tuple.__new__

Location = str | MLoc
"""A location: a province code on the board at hand (``par``, ``stp/nc``), or a
location on one board of a multiverse."""


class BoardText(str):
    """A text about one board of a multiverse, with that board as a value: what a
    power still owes there as players write it (``F 2:den:F1901``), so that a
    notice groups it by its board without reading the text back."""

    board: BoardKey
    heading: str | None
    """The board as the game names it over a list (``bravo:Fall01``); None: its
    timeline and turn code (``2:F1901``)."""

    def __new__(cls, text: str, board: BoardKey, heading: str | None = None) -> BoardText:
        made = super().__new__(cls, text)
        made.board = board
        made.heading = heading
        return made
