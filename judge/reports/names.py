"""Readable names of powers, places and units, from the variant; a location on
another board of a multiverse (an :class:`~judge.engine.boards.MLoc`, written
``1:gas:S1901``) names its board too."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from judge.engine.boards import Location, MLoc
from judge.engine.phase import SEASON_NAMES
from judge.reports.settings import VariantLike

UNIT_WORDS = {"A": "Army", "F": "Fleet"}


def board_location(loc: MLoc) -> str:
    """A location on a board as the judge's canonical order text and the reference
    game write it: ``1:mun:S1901``."""
    return f"{loc.timeline}:{loc.loc}:{loc.turn.code}"


class Names:
    """Readable names of powers, locations and units, from the variant."""

    def __init__(self, variant: VariantLike, off_map: Mapping[str, str] | None = None) -> None:
        self.variant = variant
        # Names of places off the map a ruleset's units may be in (Outer Space's
        # spacecraft: ``orb`` -> ``Orbit``), by location as documents write them.
        self.off_map: Mapping[str, str] = off_map or {}

    def power(self, code: str) -> str:
        power = self.variant.powers.get(code)
        return power.name if power is not None else code.capitalize()

    def adjective(self, code: str) -> str:
        power = self.variant.powers.get(code)
        return power.adjective if power is not None else code.capitalize()

    def province(self, loc: Location) -> Location:
        if isinstance(loc, MLoc):
            return loc  # a location on another board is a place of its own
        try:
            return self.variant.province_of(loc)
        except KeyError:
            return loc.split("/", 1)[0]

    def place(self, loc: Location) -> str:
        """``St Petersburg (north coast)`` for ``stp/nc``.

        A location on another board (``1:gas:S1901``) also names its board:
        ``Gascony (timeline 1, Spring 1901)``.
        """
        if isinstance(loc, MLoc):
            season = SEASON_NAMES[loc.turn.season]
            return f"{self.place(loc.loc)} (timeline {loc.timeline}, {season} {loc.year})"
        if loc in self.off_map:
            return self.off_map[loc]
        prov = self.variant.provinces.get(self.province(loc))
        if prov is None:
            return loc
        if "/" in loc:
            coast_code = loc.split("/", 1)[1]
            coast = self.variant.coasts.get(coast_code)
            coast_name = coast.name if coast is not None else coast_code
            return f"{prov.name} ({coast_name.lower()})"
        return prov.name

    def in_place(self, loc: Location) -> str:
        """``in the Ionian Sea`` for seas, ``in Greece`` otherwise."""
        where = loc.loc if isinstance(loc, MLoc) else loc
        prov = self.variant.provinces.get(self.province(where))
        the = "the " if prov is not None and getattr(prov, "kind", "") == "sea" else ""
        return f"in {the}{self.place(loc)}"

    @staticmethod
    def unit(unit_type: str) -> str:
        return UNIT_WORDS.get(unit_type.upper(), "Unit")


def powers_in_order(variant: VariantLike, extra: Iterable[str]) -> list[str]:
    order = list(variant.powers)
    order += sorted({p for p in extra if p not in variant.powers})
    return order
