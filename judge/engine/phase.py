"""Phase codes such as ``S1901M``: season, year and kind of phase.

This is the one reader of phase codes: :meth:`Phase.parse` reads a code,
:class:`Turn` is its season and year alone (``S1901``, as multiverse boards and
locations name their turn).  Code elsewhere asks these types instead of slicing
strings.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

_PATTERN = re.compile(r"^([SFW])(\d{4})([MRAB])$")
_TURN = re.compile(r"^([SFW])(\d{4})$")
SEASON_NAMES = {"S": "Spring", "F": "Fall", "W": "Winter"}
KIND_NAMES = {"M": "Movement", "R": "Retreat", "A": "Adjustment"}
# The kinds as the reports and replies name them.
KIND_WORDS = {"M": "movement", "R": "retreats", "A": "adjustments"}
SEASONS = "SFW"  # in their order within a year
KINDS = "MRA"  # in their order within a season


class PhaseError(ValueError):
    """A phase code that cannot be read."""


class PhaseSeasonError(PhaseError):
    """A code of the right shape whose season and kind do not go together
    (adjustments are in winter only, and winter has nothing else)."""


@dataclass(frozen=True, slots=True)
class Turn:
    """A season of a year (``S1901``): a phase code without its kind."""

    year: int
    season: str

    @classmethod
    def parse(cls, code: str) -> Turn:
        """Read ``S1901`` (or a whole phase code, ``S1901M``, whose turn it is)."""
        text = code.strip().upper() if isinstance(code, str) else ""
        match = _TURN.match(text)
        if match:
            return cls(int(match.group(2)), match.group(1))
        return Phase.parse(text, mixed=True).turn

    @property
    def code(self) -> str:
        """The compact code, e.g. ``S1901``."""
        return f"{self.season}{self.year}"

    @property
    def index(self) -> int:
        """The season's place in the year: 0 spring, 1 fall, 2 winter."""
        return SEASONS.index(self.season)

    @property
    def time(self) -> int:
        """Chronological index: every season of every year counts once."""
        return 3 * self.year + self.index

    @property
    def is_winter(self) -> bool:
        """Whether this is the adjustment season."""
        return self.season == "W"

    def phase(self, kind: str | None = None) -> Phase:
        """The phase of this turn of ``kind`` (default: movement, adjustments in winter)."""
        return Phase(self.year, self.season, kind or ("A" if self.is_winter else "M"))

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True, slots=True, order=True)
class Phase:
    """One phase of a game: ``season`` S/F/W, ``year``, ``kind`` M/R/A."""

    year: int
    season: str
    kind: str

    @classmethod
    def parse(cls, code: str, *, classic: bool = False, mixed: bool = False) -> Phase:
        """Read a code such as ``S1901M``; raise PhaseError when it is not one.

        With ``classic`` the classic judges' spelling of adjustments is read too:
        ``F1901B`` (or any code ending in A or B) is ``W1901A``.  With ``mixed`` any
        season goes with any kind, as in the codes of a multiverse game's steps (the
        latest board's turn and the step's kind: ``W1901M`` after a fork).
        """
        match = _PATTERN.match(code.strip().upper()) if isinstance(code, str) else None
        if not match or (match.group(3) == "B" and not classic):
            raise PhaseError(f"not a phase code: {code!r} (expected e.g. S1901M, F1901R, W1901A)")
        season, year, kind = match.groups()
        if classic and kind in "AB":
            season, kind = "W", "A"
        if not mixed and (season == "W") != (kind == "A"):
            raise PhaseSeasonError(f"not a phase code: {code!r} (adjustments are in winter only)")
        return cls(int(year), season, kind)

    @classmethod
    def read(cls, code: str, *, classic: bool = False, mixed: bool = False) -> Phase | None:
        """Like :meth:`parse`, None for a code that is not one."""
        try:
            return cls.parse(code, classic=classic, mixed=mixed)
        except PhaseError:
            return None

    @property
    def code(self) -> str:
        """The compact code, e.g. ``S1901M``."""
        return f"{self.season}{self.year}{self.kind}"

    @property
    def name(self) -> str:
        """Readable name, e.g. ``Spring 1901 Movement``."""
        return f"{SEASON_NAMES[self.season]} {self.year} {KIND_NAMES[self.kind]}"

    @property
    def turn(self) -> Turn:
        """The season and year, e.g. ``S1901``."""
        return Turn(self.year, self.season)

    @property
    def time(self) -> tuple[int, int, int]:
        """The phase's place in time: year, season, kind (for sorting)."""
        return self.year, SEASONS.index(self.season), KINDS.index(self.kind)

    @property
    def kind_word(self) -> str:
        """``movement``, ``retreats`` or ``adjustments``."""
        return KIND_WORDS[self.kind]

    @property
    def is_movement(self) -> bool:
        """Whether this is a movement phase."""
        return self.kind == "M"

    @property
    def is_retreat(self) -> bool:
        """Whether this is a retreat phase."""
        return self.kind == "R"

    @property
    def is_adjustment(self) -> bool:
        """Whether this is an adjustment (winter) phase."""
        return self.kind == "A"

    def __str__(self) -> str:
        return self.code

    def after_movement(self, dislodgements: bool) -> Phase:
        """The phase that follows this movement phase (before skipping empty ones)."""
        if dislodgements:
            return Phase(self.year, self.season, "R")
        return self.after_retreats()

    def after_retreats(self) -> Phase:
        """The phase after this season's movement and retreats."""
        if self.season == "S":
            return Phase(self.year, "F", "M")
        return Phase(self.year, "W", "A")

    def next_year(self) -> Phase:
        """Spring movement of the following year."""
        return Phase(self.year + 1, "S", "M")


def board_time(phase: str) -> tuple[int, int, int]:
    """A phase code's place in time, for comparing boards: ``(1901, 1, 0)`` for ``F1901M``
    (unreadable codes sort first)."""
    return _code_time(str(phase))


@functools.lru_cache(maxsize=1024)
def _code_time(code: str) -> tuple[int, int, int]:
    """:func:`board_time` of a code, read once (a multiverse world's thousands of
    boards share a few dozen codes)."""
    found = Phase.read(code, classic=True, mixed=True)
    return found.time if found is not None else (0, 9, 9)
