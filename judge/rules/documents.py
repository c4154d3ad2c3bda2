"""The JSON phase documents of ``judge adjudicate`` (docs/adjudicate.md).

A document holds a position and the orders written for it; the answer holds
each order's result and the position after the phase.  Bad documents raise
:class:`DocumentError` with a one-line message; bad orders are not errors, they
come back ``invalid`` with a reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from judge.engine.adjustments import AdjustmentOrder
from judge.engine.mapgeo import geography_for
from judge.engine.orders import Build, Location, Unit, UnitType, Waive
from judge.engine.phase import Phase, PhaseError
from judge.engine.resolver import Dislodgement, Outcome
from judge.engine.retreats import retreat_options
from judge.engine.rules import DISORDER_2023, DISORDER_RULES, with_disorder_rule
from judge.engine.turn import (
    DislodgedUnit,
    PhaseOutcome,
    Position,
    adjudicate_adjustments,
    adjudicate_movement,
    adjudicate_retreats,
    winner,
)
from judge.orders.keys import OrderKey
from judge.orders.reader import OrderSyntax
from judge.orders.standard import STANDARD_SYNTAX
from judge.orders.text import OrderCheck, position_checker
from judge.variant.data import Variant, VariantError, kept_by_variant, load_variant


class DocumentError(ValueError):
    """A phase document that cannot be adjudicated; the message says what is wrong."""


def adjudicate_document(
    doc: dict[str, Any], syntax: OrderSyntax = STANDARD_SYNTAX
) -> dict[str, Any]:
    """Adjudicate one phase document of a one-board ruleset: its orders are read with
    ``syntax`` and adjudicated with the engine rules it carries."""
    variant = document_variant(doc)
    position = read_position(variant, doc)
    checks = document_checks(variant, position, doc, syntax)
    return adjudicate_checks(variant, position, checks, syntax, disorder_rule(doc))


DISORDER_KEY = "civil_disorder_rule"
"""The key of a document's rule of removals in civil disorder (``2023`` by default,
or ``classic``: judge.engine.rules.DISORDER_RULES); the answer repeats it when units
were removed in civil disorder."""


def disorder_rule(doc: Mapping[str, Any]) -> str:
    """The rule of removals in civil disorder a document asks for; DocumentError for
    an unknown one."""
    name = doc.get(DISORDER_KEY, DISORDER_2023)
    if name not in DISORDER_RULES:
        raise DocumentError(f"'{DISORDER_KEY}' must be one of {', '.join(DISORDER_RULES)}")
    return name


def document_checks(
    variant: Variant,
    position: Position,
    doc: dict[str, Any],
    syntax: OrderSyntax = STANDARD_SYNTAX,
) -> list[OrderCheck]:
    """The orders of a phase document, read and checked in its position, in the order
    written (power by power)."""
    orders = doc.get("orders") or {}
    if not isinstance(orders, dict):
        raise DocumentError("'orders' must map each power to a list of order strings")
    checks: list[OrderCheck] = []
    check = position_checker(variant, position, syntax)
    for power, lines in orders.items():
        if power not in variant.powers:
            raise DocumentError(f"unknown power in orders: {power!r}")
        if not isinstance(lines, list) or not (
            _PLAIN_STR.issuperset(map(type, lines)) or all(isinstance(x, str) for x in lines)
        ):
            raise DocumentError(f"orders of {power} must be a list of strings")
        checks.extend(check(power, lines))
    return checks


_PLAIN_STR = frozenset({str})  # the type of every order text read from JSON


def adjudicate_checks(
    variant: Variant,
    position: Position,
    checks: list[OrderCheck],
    syntax: OrderSyntax = STANDARD_SYNTAX,
    disorder: str = DISORDER_2023,
) -> dict[str, Any]:
    """Adjudicate checked orders (each with its engine order) in a position by the
    engine rules of ``syntax``, removing in civil disorder by the rule ``disorder``;
    the answer's ``orders`` hold one entry per check, in the same order."""
    return judge_checks(variant, position, checks, syntax, disorder=disorder)[0]


@dataclass(frozen=True)
class PhaseSteps:
    """How a one-board ruleset adjudicates each kind of phase: the engine's
    (:mod:`judge.engine.turn`) by default; a ruleset whose positions carry more
    (Outer Space's colonies) passes its own, with the same signatures."""

    movement: Callable[..., PhaseOutcome] = adjudicate_movement
    retreats: Callable[..., PhaseOutcome] = adjudicate_retreats
    adjustments: Callable[..., PhaseOutcome] = adjudicate_adjustments


ENGINE_STEPS = PhaseSteps()


def judge_checks(
    variant: Variant,
    position: Position,
    checks: list[OrderCheck],
    syntax: OrderSyntax = STANDARD_SYNTAX,
    steps: PhaseSteps = ENGINE_STEPS,
    disorder: str = DISORDER_2023,
) -> tuple[dict[str, Any], PhaseOutcome]:
    """:func:`adjudicate_checks` by ``steps``; also gives the phase's outcome (with
    the position after it)."""
    rules = syntax.engine
    kind = position.phase.kind
    if kind == "A":
        try:
            rules = with_disorder_rule(rules, disorder)
        except ValueError as error:
            raise DocumentError(str(error)) from None
        # Adjustment orders are executed one by one (DATC 4.D.4-4.D.6).
        entries = _entries(checks)
        valid = [i for i, c in enumerate(checks) if c.ok]
        adjustment_orders: list[tuple[str, AdjustmentOrder]] = [
            (checks[i].power, checks[i].order) for i in valid
        ]
        result = steps.adjustments(variant, position, adjustment_orders, rules=rules)
        for index, outcome in zip(valid, result.adjustment_outcomes, strict=True):
            _set(entries[index], outcome)
    else:
        # Otherwise the last valid order for a unit counts.
        orders, replaced = _current_orders(checks)
        if kind == "M":
            result = steps.movement(variant, position, orders, rules=rules)
        else:
            result = steps.retreats(variant, position, orders, rules=rules)
        entries = _judged_entries(checks, replaced, result.outcomes)
    answer = _answer(variant, position, entries, result)
    if result.removed_in_disorder:
        answer[DISORDER_KEY] = disorder
    return answer, result


# ----------------------------------------------------------------- reading


def document_variant(doc: dict[str, Any]) -> Variant:
    """The variant a phase document names (standard by default); DocumentError when
    it cannot be loaded."""
    name = doc.get("variant", "standard")
    if not isinstance(name, str):
        raise DocumentError("'variant' must be a string")
    try:
        return load_variant(name)
    except (VariantError, FileNotFoundError, OSError) as error:
        raise DocumentError(f"unknown variant {name!r}: {error}") from None


def read_position(variant: Variant, doc: dict[str, Any]) -> Position:
    """The position a phase document describes; DocumentError when it is malformed."""
    try:
        phase = _phase(doc.get("phase", variant.start_phase))
    except PhaseError as error:
        raise DocumentError(str(error)) from None
    places = _places(variant)
    units: dict[Location, Unit] = {}
    occupied: set[str] = set()
    usual = _usual_units(variant)
    for entry in _list(doc, "units"):
        # The common case (a unit a position of the variant may hold, as JSON gives
        # it) is found in one look-up; _unit checks any other and says what is wrong.
        try:
            found = usual.get((entry["power"], entry["type"], entry["province"]))
        except (KeyError, TypeError, IndexError):
            found = None
        if found is not None and type(entry) is dict:
            loc, area, unit = found
        else:
            loc, unit = _unit(variant, places, entry, "units")
            area = places[loc][0]
        if area in occupied:
            raise DocumentError(f"two units in {area!r}")
        occupied.add(area)
        units[loc] = unit
    centers = _centers(variant, doc)
    dislodged: dict[Location, DislodgedUnit] = {}
    contested = frozenset(_provinces(variant, _list(doc, "contested"), "contested"))
    geo = geography_for(variant)
    for entry in _list(doc, "dislodged"):
        loc, unit = _unit(variant, places, entry, "dislodged")
        attacker = entry.get("attacker_from")
        if attacker is not None and (not isinstance(attacker, str) or attacker not in places):
            raise DocumentError(f"unknown province in dislodged attacker_from: {attacker!r}")
        if "retreat_options" in entry:
            options = _retreat_options(places, unit, entry["retreat_options"])
        else:
            how = Dislodgement(attacker if attacker is not None else loc, False)
            options = tuple(retreat_options(geo, unit, loc, how, occupied, set(contested)))
        dislodged[loc] = DislodgedUnit(unit, attacker if attacker is not None else loc, options)
    if dislodged and phase.kind != "R":
        raise DocumentError("'dislodged' belongs to a retreat phase only")
    return Position(phase, units, centers, dislodged, contested)


def _list(doc: dict[str, Any], key: str) -> list[Any]:
    value = doc.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise DocumentError(f"'{key}' must be a list")
    return value


def _retreat_options(
    places: dict[Location, tuple[str, frozenset[UnitType]]], unit: Unit, given: Any
) -> tuple[Location, ...]:
    """The ``retreat_options`` of a dislodged unit: places that unit could stand on."""
    if not isinstance(given, list):
        raise DocumentError("'retreat_options' in dislodged must be a list of provinces")
    for option in given:
        place = places.get(option) if isinstance(option, str) else None
        if place is None:
            raise DocumentError(f"unknown province in dislodged retreat_options: {option!r}")
        if unit.type not in place[1]:
            kind = "an army" if unit.type is UnitType.ARMY else "a fleet"
            raise DocumentError(f"{kind} cannot retreat to {option!r} (dislodged retreat_options)")
    return tuple(given)


_PHASES: dict[str, Phase] = {}
_PHASES_LIMIT = 4096


def _phase(code: Any) -> Phase:
    """The phase of a code (Phase.parse), each code read once: phases are immutable
    and a batch names a few dozen (the record is bounded)."""
    if type(code) is not str:
        return Phase.parse(code)
    found = _PHASES.get(code)
    if found is None:
        found = Phase.parse(code)
        if len(_PHASES) < _PHASES_LIMIT:
            _PHASES[code] = found
    return found


_UNIT_TYPES = {"A": UnitType.ARMY, "F": UnitType.FLEET}


@kept_by_variant
def _usual_units(variant: Variant) -> dict[tuple[str, str, str], tuple[Location, str, Unit]]:
    """Every unit entry a position of the variant may hold, by its (power, type,
    province) as plain strings: its location, province and unit (immutable values:
    one per power and type serves every position).  What _unit accepts, read once."""
    usual: dict[tuple[str, str, str], tuple[Location, str, Unit]] = {}
    places = _places(variant)
    for power in variant.powers:
        for code, unit_type in _UNIT_TYPES.items():
            unit = Unit(power, unit_type)
            for loc, (area, types) in places.items():
                if unit_type in types:
                    usual[str(power), code, str(loc)] = (loc, area, unit)
    return usual


@kept_by_variant
def _power_codes(variant: Variant) -> frozenset[str]:
    """The variant's powers by code (a set: asked once per unit)."""
    return frozenset(variant.powers)


@kept_by_variant
def _places(variant: Variant) -> dict[Location, tuple[str, frozenset[UnitType]]]:
    """Each location of the map: its province and the unit types that may stand there."""
    places = {}
    for loc in variant.locations():
        area = variant.province_of(loc)
        types = set()
        if "/" not in loc and not variant.is_sea(loc):
            types.add(UnitType.ARMY)
        if "/" in loc or not (variant.is_land(loc) or variant.coasts_of(loc)):
            types.add(UnitType.FLEET)
        places[loc] = (area, frozenset(types))
    return places


def _unit(
    variant: Variant,
    places: dict[Location, tuple[str, frozenset[UnitType]]],
    entry: Any,
    where: str,
) -> tuple[Location, Unit]:
    if not isinstance(entry, dict):
        raise DocumentError(f"each entry of '{where}' must be an object")
    power, kind, loc = entry.get("power"), entry.get("type"), entry.get("province")
    if not isinstance(power, str) or power not in variant.powers:
        raise DocumentError(f"unknown power in {where}: {power!r}")
    unit_type = _UNIT_TYPES.get(kind) if isinstance(kind, str) else None
    if unit_type is None:
        raise DocumentError(f"unit type in {where} must be 'A' or 'F', not {kind!r}")
    place = places.get(loc) if isinstance(loc, str) else None
    if place is None:
        raise DocumentError(f"unknown province in {where}: {loc!r}")
    if unit_type not in place[1]:
        if unit_type is UnitType.ARMY:
            raise DocumentError(f"an army cannot be at {loc!r} ({where})")
        raise DocumentError(f"a fleet cannot be at {loc!r} ({where}): give the coast")
    return loc, Unit(power, unit_type)


def _provinces(variant: Variant, codes: list[Any], where: str) -> list[str]:
    for code in codes:
        if not isinstance(code, str) or code not in variant.provinces:
            raise DocumentError(f"unknown province in {where}: {code!r}")
    return list(codes)


def _centers(variant: Variant, doc: dict[str, Any]) -> dict[str, str]:
    given = doc.get("supply_centers")
    if given is None:
        given = {power: list(owned) for power, owned in variant.starting_centers.items()}
    if not isinstance(given, dict):
        raise DocumentError("'supply_centers' must map powers to lists of provinces")
    centers = {}
    known = variant.supply_centers
    powers = _power_codes(variant)
    for power, owned in given.items():
        if (
            type(power) is str
            and power in powers
            and type(owned) is list
            and _PLAIN_STR.issuperset(map(type, owned))
            and known.issuperset(owned)
        ):
            # The common case (the checks below, which say what is wrong otherwise).
            for code in owned:
                centers[code] = power
            continue
        if power not in variant.powers:
            raise DocumentError(f"unknown power in supply_centers: {power!r}")
        if not isinstance(owned, list):
            raise DocumentError(f"supply_centers of {power} must be a list of provinces")
        for code in _provinces(variant, owned, "supply_centers"):
            if code not in variant.supply_centers:
                raise DocumentError(f"{code!r} in supply_centers is not a supply centre")
            centers[code] = power
    return centers


# ---------------------------------------------------------------- results


def _entries(checks: list[OrderCheck]) -> list[dict[str, Any]]:
    """One answer entry per check: valid orders succeed until adjudicated."""
    return [
        {
            "power": check.power,
            "text": check.text,
            "order": check.canonical,
            "result": "succeeds",
            "reason": None,
        }
        if check.ok
        else {
            "power": check.power,
            "text": check.text,
            "order": check.canonical,
            "result": "invalid",
            "reason": _short(check.message),
        }
        for check in checks
    ]


def _short(message: str | None) -> str | None:
    """The reason part of an order message ("A Par - Mos: <reason>")."""
    if message is None:
        return None
    return message.split(": ", 1)[-1]


def _current_orders(checks: list[OrderCheck]) -> tuple[dict[Location, Any], set[int]]:
    """The order of each unit (the last valid one written for it) by the unit's
    location, and the indexes of the earlier valid orders they replace."""
    orders: dict[Location, Any] = {}
    last: dict[Any, int] = {}
    valid = 0
    for index, check in enumerate(checks):
        if not check.ok:
            continue
        valid += 1
        last[_order_key(check, index)] = index
        orders[check.order.unit] = check.order  # type: ignore[union-attr]
    if len(last) == valid:
        return orders, set()  # no unit has two orders
    chosen, replaced = _last_valid(checks, last)
    return {c.order.unit: c.order for c in chosen}, replaced  # type: ignore[union-attr]


def _last_valid(
    checks: list[OrderCheck], last: dict[Any, int]
) -> tuple[list[OrderCheck], set[int]]:
    """Valid orders, the last one winning for each unit (``last``: the index of that
    order by its key), and the indexes of the earlier ones it replaces (every waive
    is an order of its own)."""
    chosen = []
    replaced = set()
    for index, check in enumerate(checks):
        if not check.ok:
            continue
        if last[_order_key(check, index)] == index:
            chosen.append(check)
        else:
            replaced.add(index)
    return chosen, replaced


def _order_key(check: OrderCheck, index: int) -> Any:
    """What a later valid order must share with ``check`` (its ``index``-th) to replace it."""
    order = check.order
    unit = getattr(order, "unit", None)
    if type(unit) is str and ":" not in unit and not isinstance(order, (Build, Waive)):
        # The common case, a unit on a one-board map: its key is its location (what
        # OrderKey.of gives, without building one per order).
        return (check.power, unit)
    found = OrderKey.of(order)
    return (check.power, index if found.is_waive else found)


def _judged_entries(
    checks: list[OrderCheck], replaced: set[int], outcomes: Mapping[Location, Outcome]
) -> list[dict[str, Any]]:
    """One answer entry per check with its result: invalid (unreadable, refused, or
    replaced by a later order), else what adjudication made of it."""
    entries = []
    for index, check in enumerate(checks):
        if not check.ok:
            result, reason = "invalid", _short(check.message)
        elif index in replaced:
            result, reason = "invalid", "replaced by a later order"
        else:
            order = check.order
            outcome = outcomes.get(order.unit) if order is not None else None
            if outcome is None or outcome.success:
                result, reason = "succeeds", None
            else:
                result, reason = "fails", outcome.reason
        entries.append(
            {
                "power": check.power,
                "text": check.text,
                "order": check.canonical,
                "result": result,
                "reason": reason,
            }
        )
    return entries


def _set(entry: dict[str, Any], outcome: Outcome) -> None:
    entry["result"] = "succeeds" if outcome.success else "fails"
    entry["reason"] = None if outcome.success else outcome.reason


def position_document(variant: Variant, position: Position) -> dict[str, Any]:
    """A position as the JSON of a phase document (without orders)."""
    owned: dict[str, list[str]] = {}
    for center, owner in position.centers.items():
        mine = owned.get(owner)
        if mine is None:
            owned[owner] = [center]
        else:
            mine.append(center)
    for mine in owned.values():
        mine.sort()
    return {
        "variant": variant.name,
        "phase": position.phase.code,
        "units": _units_json(position.units),
        "dislodged": [
            {
                "power": d.unit.power,
                "type": d.unit.type.value,
                "province": loc,
                "attacker_from": d.attacker_from,
                "retreat_options": sorted(d.retreat_options),
            }
            for loc, d in sorted(position.dislodged.items())
        ],
        "contested": sorted(position.contested),
        "supply_centers": dict(sorted(owned.items())),
    }


def _units_json(units: Mapping[Location, Unit]) -> list[dict[str, str]]:
    """The units by power, then location (each location holds one unit, so the
    units themselves are never compared)."""
    codes = _CODES
    return [
        {
            "power": power,
            "type": codes[unit.type] if unit.type in codes else _code(unit.type),
            "province": loc,
        }
        for power, loc, unit in sorted([(unit.power, loc, unit) for loc, unit in units.items()])
    ]


_CODES: dict[UnitType, str] = {}


def _code(unit_type: UnitType) -> str:
    """A unit type's code as a plain string (``unit_type.value``), kept per type."""
    found = _CODES.get(unit_type)
    if found is None:
        found = _CODES[unit_type] = unit_type.value
    return found


def _answer(
    variant: Variant, before: Position, entries: list[dict[str, Any]], result: PhaseOutcome
) -> dict[str, Any]:
    after = result.position
    doc = position_document(variant, after)
    answer = {
        "phase": before.phase.code,
        "orders": entries,
        "units": doc["units"],
        "dislodged": doc["dislodged"],
        "contested": doc["contested"],
        "supply_centers": doc["supply_centers"],
        "next_phase": after.phase.code,
    }
    champion = winner(variant, after.centers)
    if champion is not None:
        answer["winner"] = champion
    if result.removed_in_disorder:
        answer["civil_disorder"] = [
            {
                "power": before.units[loc].power,
                "type": before.units[loc].type.value,
                "province": loc,
            }
            for loc in result.removed_in_disorder
        ]
    return answer
