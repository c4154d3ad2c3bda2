"""Outer Space position documents (``"variant": "outerspace"``; docs/variants.md).

A document is a standard phase document (docs/adjudicate.md) plus:

* ``"powers": ["alpha", "beta", ...]``: the empires, by code (required);
* ``"empires": {"alpha": {"name": ..., "adjective": ..., "initial": ...}}``: how
  they are named (optional; by default after their codes);
* units in orbit written ``{"power": "alpha", "type": "A", "province": "orb"}``,
  up to three per empire;
* ``"colonies": {"alpha": ["par"]}``: each empire's colonies;
* a dislodged unit's ``attacker_from`` may be ``"orb"`` (a beam-down) and its
  ``retreat_options`` may hold ``"orb"`` (its spacecraft).

An answer is a standard answer plus ``powers`` and ``colonies`` (for a movement
phase: the colonies judged after the moves, before the retreats), and after an
adjustment phase ``eliminated``: the empires with no unit and no centre, whose
colonies have reverted to neutral.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.outcome import Dislodgement
from judge.engine.position import DislodgedUnit
from judge.engine.turn import PhaseOutcome
from judge.engine.units import Location, Unit, UnitType
from judge.orders.text import OrderCheck
from judge.rules.documents import (
    DISORDER_KEY,
    DocumentError,
    PhaseSteps,
    document_checks,
    judge_checks,
    position_document,
    read_position,
)
from judge.rules.outerspace.engine import engine_for
from judge.rules.outerspace.space import CAPACITY, ORBIT, SpaceGeography, orbit_slot, shown
from judge.rules.outerspace.syntax import syntax_for
from judge.rules.outerspace.turn import (
    SpacePosition,
    adjudicate_space_adjustments,
    adjudicate_space_movement,
    adjudicate_space_retreats,
    orbit_room,
    space_retreat_options,
)
from judge.variant.data import Variant, VariantError
from judge.variant.empires import Empire, EmpireError, empire_variant, empires_of

SPACE_STEPS = PhaseSteps(
    movement=adjudicate_space_movement,
    retreats=adjudicate_space_retreats,
    adjustments=adjudicate_space_adjustments,
)


def space_variant(doc: Mapping[str, Any]) -> Variant:
    """The variant of a document: its map with the empires it names."""
    name = doc.get("variant", "outerspace")
    if not isinstance(name, str):
        raise DocumentError("'variant' must be a string")
    try:
        return empire_variant(empires_of(doc), name)
    except EmpireError as error:
        raise DocumentError(str(error)) from None
    except (VariantError, OSError) as error:
        raise DocumentError(f"unknown variant {name!r}: {error}") from None


def read_space_position(variant: Variant, doc: Mapping[str, Any]) -> SpacePosition:
    """The position a document describes; DocumentError when it is malformed."""
    units = doc.get("units") or []
    if not isinstance(units, list):
        raise DocumentError("'units' must be a list")
    in_orbit = [u for u in units if isinstance(u, dict) and u.get("province") == ORBIT]
    dislodged = doc.get("dislodged") or []
    if not isinstance(dislodged, list):
        raise DocumentError("'dislodged' must be a list")
    plain = dict(doc)
    plain["units"] = [u for u in units if not (isinstance(u, dict) and u.get("province") == ORBIT)]
    plain["dislodged"] = [_plain_dislodged(entry) for entry in dislodged]
    base = read_position(variant, plain)
    placed = dict(base.units)
    count: dict[str, int] = {}
    for entry in in_orbit:
        power = entry.get("power")
        if not isinstance(power, str) or power not in variant.powers:
            raise DocumentError(f"unknown power in units: {power!r}")
        if entry.get("type") != "A":
            raise DocumentError(f"only armies are in orbit, not {entry.get('type')!r} ({power})")
        count[power] = count.get(power, 0) + 1
        if count[power] > CAPACITY:
            raise DocumentError(f"{power} has more than {CAPACITY} armies in orbit")
        placed[orbit_slot(power, count[power])] = Unit(power, UnitType.ARMY)
    colonies = read_colonies(variant, doc)
    position = SpacePosition(
        base.phase, placed, base.centers, {}, base.contested, colonies=colonies
    )
    return _with_dislodged(variant, position, base.dislodged, dislodged)


def _plain_dislodged(entry: Any) -> Any:
    """A dislodged entry without its ``orb`` parts, for the standard reading."""
    if not isinstance(entry, dict):
        return entry
    plain = dict(entry)
    if plain.get("attacker_from") == ORBIT:
        del plain["attacker_from"]
    options = plain.get("retreat_options")
    if isinstance(options, list):
        plain["retreat_options"] = [o for o in options if o != ORBIT]
    return plain


def _with_dislodged(
    variant: Variant,
    position: SpacePosition,
    read: Mapping[Location, DislodgedUnit],
    entries: list[Any],
) -> SpacePosition:
    """The dislodged units with their ``orb`` attacker and option, and the options
    of D18/D19 where the document gives none."""
    geo = engine_for(position.colonies).geography(variant)
    assert isinstance(geo, SpaceGeography)
    occupied = {geo.province(loc) for loc in position.units}
    dislodged = {}
    for (loc, unit), entry in zip(read.items(), entries, strict=True):
        attacker = ORBIT if entry.get("attacker_from") == ORBIT else unit.attacker_from
        if "retreat_options" in entry:
            options = list(unit.retreat_options)
            if ORBIT in entry["retreat_options"]:
                if unit.unit.type is not UnitType.ARMY:
                    raise DocumentError("only an army can retreat into its spacecraft ('orb')")
                options.append(ORBIT)
        else:
            options = space_retreat_options(
                geo,
                unit.unit,
                loc,
                Dislodgement(attacker, False),
                occupied,
                set(position.contested),
                position.colonies,
                orbit_room(position.units, unit.unit.power),
            )
        dislodged[loc] = DislodgedUnit(unit.unit, attacker, tuple(options))
    return SpacePosition(
        position.phase,
        position.units,
        position.centers,
        dislodged,
        position.contested,
        colonies=position.colonies,
    )


def read_colonies(variant: Variant, doc: Mapping[str, Any]) -> dict[str, str]:
    """``colonies`` (empire -> provinces) as province -> empire."""
    given = doc.get("colonies") or {}
    if not isinstance(given, dict):
        raise DocumentError("'colonies' must map empires to lists of provinces")
    colonies: dict[str, str] = {}
    for power, provinces in given.items():
        if power not in variant.powers:
            raise DocumentError(f"unknown power in colonies: {power!r}")
        if not isinstance(provinces, list):
            raise DocumentError(f"colonies of {power} must be a list of provinces")
        for province in provinces:
            found = variant.provinces.get(province) if isinstance(province, str) else None
            if found is None:
                raise DocumentError(f"unknown province in colonies: {province!r}")
            if found.kind == "sea":
                raise DocumentError(f"{province!r} in colonies is a sea")
            if colonies.get(province, power) != power:
                raise DocumentError(f"{province!r} is a colony of two empires")
            colonies[province] = power
    return colonies


# ---------------------------------------------------------------- writing


def colonies_json(variant: Variant, colonies: Mapping[str, str]) -> dict[str, list[str]]:
    """Colonies per empire (every empire, in the document's order)."""
    found: dict[str, list[str]] = {power: [] for power in variant.powers}
    for province, owner in sorted(colonies.items()):
        found.setdefault(owner, []).append(province)
    return found


def _shown_units(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**entry, "province": shown(entry["province"])} for entry in entries]


def _shown_dislodged(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**entry, "attacker_from": shown(entry["attacker_from"])} for entry in entries]


def space_document(
    variant: Variant, position: SpacePosition, doc: Mapping[str, Any]
) -> dict[str, Any]:
    """A position as a document (without orders); ``doc`` gives the empires' names."""
    written = position_document(variant, position)
    found: dict[str, Any] = {"variant": written["variant"], "phase": written["phase"]}
    found["powers"] = list(variant.powers)
    if doc.get("empires"):
        found["empires"] = doc["empires"]
    found["units"] = _shown_units(written["units"])
    found["dislodged"] = _shown_dislodged(written["dislodged"])
    found["contested"] = written["contested"]
    found["supply_centers"] = written["supply_centers"]
    found["colonies"] = colonies_json(variant, position.colonies)
    return found


def space_checks(
    variant: Variant, position: SpacePosition, doc: dict[str, Any]
) -> list[OrderCheck]:
    """The orders of a document, read and checked in its position."""
    return document_checks(variant, position, doc, syntax_for(position.colonies))


def judge_space_checks(
    variant: Variant, position: SpacePosition, checks: list[OrderCheck]
) -> tuple[dict[str, Any], PhaseOutcome]:
    """The answer to checked orders, and the phase's outcome."""
    answer, outcome = judge_checks(
        variant, position, checks, syntax_for(position.colonies), SPACE_STEPS
    )
    after = outcome.position
    assert isinstance(after, SpacePosition)
    answer["units"] = _shown_units(answer["units"])
    answer["dislodged"] = _shown_dislodged(answer["dislodged"])
    if "civil_disorder" in answer:
        answer["civil_disorder"] = _shown_units(answer["civil_disorder"])
    # D22 is the only rule of removals here (the choice is refused): the answer
    # names none, as the 2023 rule's name would tell players of another rule.
    answer.pop(DISORDER_KEY, None)
    answer["colonies"] = colonies_json(variant, after.colonies)
    if position.phase.is_adjustment or after.eliminated:
        answer["eliminated"] = list(after.eliminated)
    return answer, outcome


def adjudicate_space_document(doc: dict[str, Any]) -> dict[str, Any]:
    """The answer of ``judge adjudicate`` for an Outer Space document."""
    variant = space_variant(doc)
    position = read_space_position(variant, doc)
    return judge_space_checks(variant, position, space_checks(variant, position, doc))[0]


def starting_document(empires: list[Empire], variant: str = "outerspace") -> dict[str, Any]:
    """The position of a new game of these empires: Spring 1901, an empty map, each
    empire's spacecraft in orbit with three armies (D1, D2, D3)."""
    if len(empires) < 2:
        raise EmpireError("a game of Outer Space needs at least two empires")
    game = empire_variant(empires, variant)
    return {
        "variant": game.name,
        "phase": game.start_phase,
        "powers": [e.code for e in empires],
        "empires": {e.code: e.record() for e in empires},
        "units": [
            {"power": e.code, "type": "A", "province": ORBIT}
            for e in empires
            for _ in range(CAPACITY)
        ],
        "dislodged": [],
        "contested": [],
        "supply_centers": {},
        "colonies": {e.code: [] for e in empires},
    }


def armies_in_orbit(doc: Mapping[str, Any]) -> dict[str, int]:
    """Per empire of a document (in order): its armies in orbit (D24's "N armies in
    orbit" of the reports)."""
    counts = {str(p): 0 for p in doc.get("powers") or []}
    for unit in doc.get("units") or []:
        if unit.get("province") == ORBIT:
            counts[unit["power"]] = counts.get(unit["power"], 0) + 1
    return counts


def jammed_for(doc: Mapping[str, Any]) -> dict[str, list[str]]:
    """Per empire of a document: the provinces it may not beam down into, the other
    empires' colonies (D10), sorted."""
    colonies = doc.get("colonies") or {}
    return {
        str(power): sorted(
            province
            for owner, provinces in colonies.items()
            if owner != power
            for province in provinces
        )
        for power in doc.get("powers") or []
    }
