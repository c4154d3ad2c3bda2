"""The engine's rules: the hooks a ruleset supplies to adjudication.

:class:`EngineRules` is a small struct of hooks (after godip's variant structs):
the unit types and order kinds in play, the geography of a variant's map, the
phase cycle, when supply centres change owner, retreat options, build sites (and
why a province is not one) and allowances, and the removals of a power in civil
disorder.  :data:`STANDARD` plays the classic rules; a ruleset replaces what
differs with ``dataclasses.replace(STANDARD, ...)``.  The resolver core is shared by all.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from judge.engine.adjustments import (
    adjustment_counts,
    civil_disorder_ranking,
    classic_disorder_ranking,
)
from judge.engine.geography import Geography
from judge.engine.kinds import MovementOrder, Order
from judge.engine.mapgeo import geography_for
from judge.engine.orders import STANDARD_ORDER_KINDS
from judge.engine.outcome import Dislodgement, MovementResult
from judge.engine.phase import Phase
from judge.engine.resolver import resolve_movement
from judge.engine.retreats import retreat_options
from judge.engine.units import STANDARD_UNIT_TYPES, Location, Unit, UnitType
from judge.variant.data import Variant

if TYPE_CHECKING:
    from judge.engine.position import Position

MovementResolver = Callable[
    [Geography, Mapping[Location, Unit], Mapping[Location, MovementOrder]], MovementResult
]
RetreatOptions = Callable[
    [Geography, Unit, Location, Dislodgement, set[Hashable], set[Hashable]], list[Location]
]


def standard_next_phase(phase: Phase, dislodgements: bool) -> Phase:
    """Spring and Fall movement, each followed by retreats when units were
    dislodged; Winter adjustments after Fall (before skipping empty phases)."""
    if phase.kind == "M":
        return phase.after_movement(dislodgements)
    if phase.kind == "R":
        return phase.after_retreats()
    return phase.next_year()


def fall_ownership(phase: Phase) -> bool:
    """Supply centres change owner at the end of the Fall season."""
    return phase.season == "F"


def home_build_sites(variant: Variant, position: Position, power: str) -> list[str]:
    """The power's home centres it still owns that stand empty."""
    centers = position.centers
    owned = [home for home in variant.powers[power].home_centers if centers.get(home) == power]
    if not owned:
        return owned
    province_of = variant.province_of
    occupied = {province_of(loc) for loc in position.units}
    return [home for home in owned if home not in occupied]


def home_build_refusal(variant: Variant, position: Position, power: str, province: str) -> str:
    """Why ``province`` is not among the power's :func:`home_build_sites`, as a reply
    to the power says it."""
    name = variant.provinces[province].name
    if province not in variant.powers[power].home_centers:
        return f"{name} is not one of your home centres"
    if position.centers.get(province) != power:
        return f"you do not own {name}"
    return f"{name} is occupied"


def centre_allowance(variant: Variant, position: Position) -> dict[str, int]:
    """Per power: centres owned minus units (positive: builds, negative: removals)."""
    return adjustment_counts(position.units, position.centers, variant.powers)


def distance_ranking(
    variant: Variant, position: Position, power: str, candidates: list[Location]
) -> list[Location]:
    """The 2023 rulebook's order of removals in civil disorder (DATC 4.D.8)."""
    owned = [c for c, owner in position.centers.items() if owner == power]
    return civil_disorder_ranking(
        position.units,
        owned,
        set(variant.supply_centers),
        variant.province_of,
        lambda area: variant.provinces[area].name,
        province_neighbours(variant),
        candidates,
    )


def classic_ranking(
    variant: Variant, position: Position, power: str, candidates: list[Location]
) -> list[Location]:
    """The classic order of removals in civil disorder: farthest from a home centre
    (the rulebooks before 2023, DATC 4.D.8)."""
    homes = variant.powers[power].home_centers
    return classic_disorder_ranking(
        position.units,
        homes,
        variant.province_of,
        lambda area: variant.provinces[area].name,
        province_neighbours(variant),
        [loc for home in homes for loc in variant.fleet_locations(home)],
        variant.fleet_neighbours,
        candidates,
    )


def province_neighbours(variant: Variant) -> Callable[[str], Iterable[str]]:
    """Areas next to an area for any unit type (the 2023 distance rule)."""

    def neighbours(area: str) -> set[str]:
        found = set(variant.army_neighbours(area))
        for loc in variant.fleet_locations(area):
            found.update(variant.province_of(n) for n in variant.fleet_neighbours(loc))
        return found

    return neighbours


@dataclass(frozen=True)
class EngineRules:
    """The hooks of one ruleset, as the engine calls them."""

    name: str = "standard"
    unit_types: tuple[UnitType, ...] = STANDARD_UNIT_TYPES
    order_kinds: tuple[type[Order], ...] = STANDARD_ORDER_KINDS
    """The order kinds in play, each with its own ``kind`` name: what the order checks
    accept and what a game's stored orders are read back as (:mod:`judge.orders.data`)."""
    geography: Callable[[Variant], Geography] = geography_for
    movement: MovementResolver = resolve_movement
    """Resolves a movement phase (units and legal orders in; a ruleset may wrap the
    shared resolver, e.g. to void orders whose conditions depend on the outcome)."""
    next_phase: Callable[[Phase, bool], Phase] = standard_next_phase
    """The phase after a phase, given whether units were dislodged in it."""
    centres_change_owner: Callable[[Phase], bool] = fall_ownership
    """Whether units take the supply centres they stand on at the end of a phase."""
    retreat_options: RetreatOptions = retreat_options
    build_sites: Callable[[Variant, Position, str], list[str]] = home_build_sites
    """Where a power may build now (provinces).  The one statement of the rule: the
    order checks, the builds owed, the reports and the multiverse all ask it."""
    build_refusal: Callable[[Variant, Position, str, str], str] = home_build_refusal
    """Why a province left out of :attr:`build_sites` is not a build site of the
    power, as a reply to it says (the rule of ``build_sites`` in words)."""
    allowance: Callable[[Variant, Position], dict[str, int]] = centre_allowance
    """Per power: how many units it may build (negative: must remove)."""
    disorder_removals: Callable[[Variant, Position, str, list[Location]], list[Location]] = (
        distance_ranking
    )
    """A power's units ranked for removal when it does not remove enough."""
    _types: Mapping[str, UnitType] = field(init=False, repr=False, compare=False)
    _kinds: Mapping[str, type[Order]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_types", {t.value: t for t in self.unit_types})
        kinds: dict[str, type[Order]] = {}
        for kind in self.order_kinds:
            if not kind.kind:
                raise ValueError(f"{kind.__name__} has no kind name")
            if kinds.setdefault(kind.kind, kind) is not kind:
                taken = kinds[kind.kind].__name__
                raise ValueError(f"order kind {kind.kind!r} is both {taken} and {kind.__name__}")
        object.__setattr__(self, "_kinds", kinds)

    def unit_type(self, code: str) -> UnitType:
        """The unit type of a code (``"A"``); ValueError when it is not in play."""
        found = self._types.get(code)
        if found is None:
            raise ValueError(f"{code!r} is not a unit type of the {self.name} rules")
        return found

    def order_kind(self, name: str) -> type[Order]:
        """The order class of a kind name; KeyError when it is not in play."""
        return self._kinds[name]

    def owed_changes(
        self,
        variant: Variant,
        position: Position,
        allowance: Mapping[str, int] | None = None,
        sites: Callable[[str], Sequence[str]] | None = None,
    ) -> dict[str, int]:
        """Per power, the builds it may make (its :attr:`allowance`, at most one per
        :attr:`build_sites`) or the removals it owes (negative); powers with nothing
        to adjust are left out.  Every count of builds owed is this one.

        ``allowance`` and ``sites`` (a power's build sites), when given, are the
        position's :attr:`allowance` and :attr:`build_sites` worked out already."""
        if allowance is None:
            allowance = self.allowance(variant, position)
        if sites is None:
            sites = functools.partial(self.build_sites, variant, position)
        changes: dict[str, int] = {}
        for power, change in allowance.items():
            if change > 0:
                change = min(change, len(sites(power)))
            if change:
                changes[power] = change
        return changes

    def allows(self, order: Order) -> bool:
        """Whether the order's kind is in play under these rules."""
        return self._kinds.get(order.kind) is type(order)


STANDARD = EngineRules()
"""The classic rules (the 2023 rulebook with the DATC's preferred choices)."""


DISORDER_2023 = "2023"
DISORDER_CLASSIC = "classic"
DISORDER_RULES = {DISORDER_2023: distance_ranking, DISORDER_CLASSIC: classic_ranking}
"""The rules of removals in civil disorder a game may be played by, by name: the 2023
rulebook's (the default) and the classic one."""
DISORDER_TEXT = {
    DISORDER_2023: (
        "the 2023 rule: the unit farthest from a supply centre the power owns goes first"
        " (units on a supply centre last), fleets before armies, then by name"
    ),
    DISORDER_CLASSIC: (
        "the classic rule: the unit farthest from a home centre goes first,"
        " fleets before armies, then by name"
    ),
}
"""Each rule of removals in civil disorder in words, for players."""


def with_disorder_rule(rules: EngineRules, name: str) -> EngineRules:
    """``rules`` removing the units of a power in civil disorder by the named rule of
    :data:`DISORDER_RULES` (the 2023 one: the rules' own, which a ruleset may have
    adapted, as Outer Space has); ValueError for another name, or for the classic
    rule in rules that remove by their own."""
    ranking = DISORDER_RULES.get(name)
    if ranking is None:
        known = ", ".join(DISORDER_RULES)
        raise ValueError(f"unknown civil disorder rule {name!r} (one of {known})")
    if name == DISORDER_2023 or ranking is rules.disorder_removals:
        return rules
    if rules.disorder_removals is not distance_ranking:
        raise ValueError(f"the {rules.name} rules remove units in civil disorder by their own rule")
    return replace(rules, disorder_removals=ranking)
