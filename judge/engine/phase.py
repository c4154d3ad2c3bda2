"""Phase codes such as ``S1901M``: season, year and kind of phase."""

from __future__ import annotations

import re
from dataclasses import dataclass

_PATTERN = re.compile(r"^([SFW])(\d{4})([MRA])$")
SEASON_NAMES = {"S": "Spring", "F": "Fall", "W": "Winter"}
KIND_NAMES = {"M": "Movement", "R": "Retreat", "A": "Adjustment"}


class PhaseError(ValueError):
    """A phase code that cannot be read."""


@dataclass(frozen=True, slots=True, order=True)
class Phase:
    """One phase of a game: ``season`` S/F/W, ``year``, ``kind`` M/R/A."""

    year: int
    season: str
    kind: str

    @classmethod
    def parse(cls, code: str) -> Phase:
        """Read a code such as ``S1901M``; raise PhaseError when it is not one."""
        match = _PATTERN.match(code.strip().upper()) if isinstance(code, str) else None
        if not match:
            raise PhaseError(f"not a phase code: {code!r} (expected e.g. S1901M, F1901R, W1901A)")
        season, year, kind = match.groups()
        if (season == "W") != (kind == "A"):
            raise PhaseError(f"not a phase code: {code!r} (adjustments are in winter only)")
        return cls(int(year), season, kind)

    @property
    def code(self) -> str:
        """The compact code, e.g. ``S1901M``."""
        return f"{self.season}{self.year}{self.kind}"

    @property
    def name(self) -> str:
        """Readable name, e.g. ``Spring 1901 Movement``."""
        return f"{SEASON_NAMES[self.season]} {self.year} {KIND_NAMES[self.kind]}"

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


_TIME_SEASONS = {"S": 0, "U": 1, "F": 2, "A": 3, "W": 4}
_TIME_KINDS = {"M": 0, "R": 1, "A": 2, "B": 2}


def board_time(phase: str) -> tuple[int, int, int]:
    """A phase code's place in time, for comparing boards: ``(1901, 2, 0)`` for ``F1901M``
    (unreadable codes sort last in their year or first among years)."""
    code = str(phase).strip().upper()
    try:
        year = int(code[1:-1])
    except ValueError:
        year = 0
    return year, _TIME_SEASONS.get(code[:1], 9), _TIME_KINDS.get(code[-1:], 9)
