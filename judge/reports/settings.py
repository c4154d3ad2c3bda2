"""What a report is given besides the adjudication: the variant it reads names
from and the game facts it shows (:class:`ReportSettings`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from judge.reports.phases import phase_phrase


class VariantLike(Protocol):
    """What reports need from a variant (``judge.variant.data.Variant`` provides it)."""

    name: str
    provinces: Mapping[str, Any]  # .name, .kind ("land" | "coast" | "sea")
    powers: Mapping[str, Any]  # .name, .adjective
    coasts: Mapping[str, Any]  # .name
    supply_centers: frozenset[str]
    victory_centers: int

    def province_of(self, loc: str) -> str:
        """The province of a location."""
        ...


@dataclass(frozen=True)
class ReportSettings:
    """Game facts a report shows besides the adjudication itself.

    ``phase_deadline`` is the deadline the processed phase had (shown in the
    ``:: Deadline:`` header as the classic judges do; the next deadline stands
    in when it is unknown).  ``game_zone`` is the zone of the classic date
    lines; ``reader_zone`` adds a line with the deadline in the recipient's own
    zone and UTC.  ``number`` is the count of phases played, for ``(game.001)``.
    ``notices`` are paragraphs appended at the end (draws, takeovers, a note
    from the game master).  ``turn_label`` names a phase in subjects (the game's
    ruleset's, when it names turns its own way); ``names`` gives the
    :class:`~judge.reports.names.Names` a game's mail writes with (the game's
    ruleset's ``report_names``: Outer Space names its spacecraft).
    """

    game: str
    judge_code: str = "JUDGE"
    variant_label: str | None = None
    number: int | None = None
    next_deadline: datetime | None = None
    phase_deadline: datetime | None = None
    game_zone: str = "UTC"
    reader_zone: str | None = None
    url: str | None = None
    notices: Sequence[str] = field(default_factory=tuple)
    turn_label: Callable[[str], str] | None = None
    names: Callable[[VariantLike], Any] | None = None

    def turn(self, phase: str) -> str:
        """A phase code as the game's subjects name it (its ruleset's ``turn_label``:
        5dplomacy's ``Spring02`` for S1902M); the code itself by default."""
        return phase if self.turn_label is None else self.turn_label(phase)

    def phase_text(self, phase: str) -> str:
        """A phase in running text: ``the Spring 1901 movement phase``, or ``the turn
        Spring02-builds`` where the game's ruleset names its turns its own way."""
        label = self.turn(phase)
        return phase_phrase(phase) if label == phase else f"the turn {label}"
