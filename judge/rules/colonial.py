"""Colonial Diplomacy's rules: the standard rules plus Hong Kong, the Suez Canal and
the Trans-Siberian Railroad.

The readings followed are those of docs/variants.md (HK-1..2, SUEZ-1..7,
TSR-1..12); the data (the canal's seas and gate, the Hong Kong centre and who it does
not count for, the railroad's power and stations) is read from the variant's
``special_rules.toml``.

* Hong Kong (HK-1, HK-2) counts as a centre for every power but China: China
  holding it gets no build for it and no step towards victory.  Only Britain
  builds there, as its home centre, while it owns it (the standard build rule).
  Victory is 30 counted centres at the end of a Fall phase that no retreats follow.
* The Suez Canal (SUEZ-1..7) is a fleet move kind, :class:`CanalMove`, between the
  two seas it joins.  It needs the permission of the unit in Egypt: a support
  naming that move (an army gives it with :class:`CanalPermission`, which adds no
  strength), or, for the fleets of that unit's owner, only that the unit neither
  leaves nor is dislodged.  Without permission the move is void and the fleet holds.
  Permission depends on the outcome (a dislodged gate gives none), so the movement
  phase is resolved again without the moves that lost it, until none loses it; when
  a canal move's own success costs it its permission, it is void.
* The railroad (TSR) is a move kind, :class:`RailMove`, of a Russian army from its
  station to another: it arrives only where every unit leaves, never cuts support,
  and stands off every foreign move into a station of its route (strength 1 on its
  way, its supported strength at its destination).  It is blocked at the first
  station on its way that a foreign unit ends the turn in, tries to enter, or
  leaves for a station further along (TSR-10), or else at a destination it does
  not get into; it stops at the nearest free station before the block, found by
  resolving again, or stays.  A Russian unit may swap places with it (TSR-9).
  That an attempt to enter blocks also settles TSR-10's move chains: a foreign
  unit following another out of a station on the way blocks the train there
  whether it gets in or not.
"""

from __future__ import annotations

import copy
import functools
import tomllib
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from judge.engine.geography import Geography
from judge.engine.kinds import Board, MovementOrder, Order, Resolution, UnitText, register
from judge.engine.orders import STANDARD_ORDER_KINDS, Hold, Move, Moving, SupportMove
from judge.engine.outcome import MovementResult, Outcome
from judge.engine.phase import Phase
from judge.engine.resolver import resolve_movement
from judge.engine.rules import STANDARD, centre_allowance
from judge.engine.units import Location, Unit, UnitType
from judge.orders.forms import OrderForm, place, written
from judge.orders.reader import (
    Context,
    Interpreter,
    KindSyntax,
    OrderSyntaxError,
    ParsedOrder,
    Place,
    Reader,
)
from judge.orders.standard import STANDARD_SYNTAX
from judge.reports.sentences import register_report_kind
from judge.rules.base import Document, Step
from judge.rules.standard import StandardRuleset
from judge.variant.data import Variant, variant_dir

if TYPE_CHECKING:
    from judge.engine.position import Position

VARIANT = "colonial"


@dataclass(frozen=True)
class SpecialRules:
    """The data of Colonial's special rules (``special_rules.toml``)."""

    canal_seas: frozenset[str]
    canal_gate: str
    hong_kong: str
    hong_kong_nobody: frozenset[str]
    rail_power: str
    rail_stations: tuple[str, ...]


@functools.cache
def special_rules() -> SpecialRules:
    """The special rules of the Colonial variant, read once."""
    path = variant_dir(VARIANT) / "special_rules.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    suez, hk = data["suez_canal"], data["hong_kong"]
    rail = data["trans_siberian_railroad"]
    return SpecialRules(
        canal_seas=frozenset(suez["seas"]),
        canal_gate=suez["gate"],
        hong_kong=hk["center"],
        hong_kong_nobody=frozenset(hk["counts_for_nobody_while_owned_by"]),
        rail_power=rail["power"],
        rail_stations=tuple(rail["stations"]),
    )


# ------------------------------------------------------------------ Hong Kong


def counted_centres(centers: Mapping[str, str]) -> dict[str, str]:
    """The centres that count (centre -> owner): Hong Kong is left out while a power
    it counts for nobody under (China) owns it (HK-1)."""
    rules = special_rules()
    return {
        centre: owner
        for centre, owner in centers.items()
        if not (centre == rules.hong_kong and owner in rules.hong_kong_nobody)
    }


def centre_counts(centers: Mapping[str, str]) -> dict[str, int]:
    """Counted centres per power (powers without one left out)."""
    counts: dict[str, int] = {}
    for owner in counted_centres(centers).values():
        counts[owner] = counts.get(owner, 0) + 1
    return counts


def colonial_allowance(variant: Variant, position: Position) -> dict[str, int]:
    """Per power: counted centres minus units (builds, or removals when negative)."""
    return centre_allowance(variant, replace(position, centers=counted_centres(position.centers)))


def _owners(doc: Mapping[str, Any]) -> dict[str, str]:
    """Centre -> owner, from a document's ``supply_centers`` (power -> centres)."""
    return {
        str(centre): power
        for power, owned in (doc.get("supply_centers") or {}).items()
        for centre in owned
    }


def colonial_winner(variant: Variant, answer: Mapping[str, Any]) -> str | None:
    """The power with the victory number of counted centres after a Fall phase that no
    retreats follow (HK-2); None at any other time."""
    phase = Phase.parse(str(answer["phase"]))
    after = Phase.parse(str(answer["next_phase"]))
    if phase.season != "F" or phase.kind == "A" or after.is_retreat:
        return None
    for power, count in centre_counts(_owners(answer)).items():
        if count >= variant.victory_centers:
            return power
    return None


# ------------------------------------------------------- Trans-Siberian Railroad


# Areas are the map's province codes on one board; in a multiverse world they also
# name their board, as a tuple ending with the province code.  The railroad and the
# canal work within one board.


def _code(area: Hashable) -> Hashable:
    """The map's province code of an area (of a location: its province)."""
    return area[-1] if isinstance(area, tuple) else area


def _board(area: Hashable) -> Hashable:
    """The board an area lies on (None on a single board)."""
    return area[:-1] if isinstance(area, tuple) else None


def _there(area: Hashable, code: str) -> Hashable:
    """The area ``code`` on the board of ``area``."""
    return (*area[:-1], code) if isinstance(area, tuple) else code


def _place(loc: Location, code: Hashable) -> Location:
    """The location ``code`` (a station: no coasts) on the board of ``loc``."""
    return type(loc)(*loc[:-1], code) if isinstance(loc, tuple) else code


def rail_route(src: str, dest: str) -> tuple[str, ...]:
    """The stations a train passes from ``src`` to ``dest`` (both stations), in order,
    ``dest`` last and ``src`` left out."""
    stations = special_rules().rail_stations
    first, last = stations.index(src), stations.index(dest)
    step = 1 if last > first else -1
    return tuple(stations[i] for i in range(first + step, last + step, step))


def _route(geo: Geography, src: Location, dest: Location) -> tuple[Hashable, ...]:
    """The areas of the stations a train passes from ``src`` to ``dest``, ``dest``
    last (see :func:`rail_route`), on their board."""
    start = geo.province(src)
    return tuple(_there(start, s) for s in rail_route(_code(start), _code(geo.province(dest))))


def _rail_reason(geo: Geography, unit: Unit, src: Location, dest: Location) -> str | None:
    rules = special_rules()
    start, end = geo.province(src), geo.province(dest)
    if unit.type is not UnitType.ARMY or unit.power != rules.rail_power:
        return "only a Russian army can travel by the Trans-Siberian Railroad"
    if _code(start) not in rules.rail_stations:
        return "the army is not on a station of the Trans-Siberian Railroad"
    if _code(end) not in rules.rail_stations or _board(start) != _board(end):
        return "the Trans-Siberian Railroad does not go there"
    if start == end:
        return "a unit cannot move to where it is"
    return None


@register
@dataclass(frozen=True, slots=True)
class RailMove(Moving):
    """A Russian army travels the Trans-Siberian Railroad from its station to another
    (TSR-1).  It never dislodges and never cuts support: it arrives only where every
    other unit leaves (TSR-5); supports count at its destination only (TSR-7)."""

    kind: ClassVar[str] = "rail_move"
    unit: Location
    dest: Location

    def illegal_reason(self, board: Board, unit: Unit) -> str | None:
        return _rail_reason(board.geo, unit, self.unit, self.dest)

    @classmethod
    def reaches(cls, board: Board, loc: Location, dest: Location, exclude: Location | None) -> bool:
        return _rail_reason(board.geo, board.units[loc], loc, dest) is None

    def format(self, unit: UnitText, phase: str) -> str:
        return f"{unit(self.unit)} - TSR - {self.dest}"

    def moves_to(self) -> Location:
        return self.dest

    def reaches_directly(self, geo: Geography, unit: Unit, loc: Location) -> bool:
        return True  # legality checked both stations

    def cuts_support(self) -> bool:
        return False

    def passes(self, units: Mapping[Location, Unit], other: Location) -> bool:
        """A Russian unit and the train may swap places (TSR-9)."""
        return units[other].power == units[self.unit].power

    def decide(self, r: Resolution, loc: Location) -> bool:
        if not r.move_succeeds(loc):
            return False
        area = r.geo.province(self.dest)
        for other in r.units:
            if other != loc and r.geo.province(other) == area:
                # The destination must be emptied: the train never dislodges.
                return r.orders[other].moves_to() is not None and r.resolve(other)
        return True


@dataclass(frozen=True, slots=True)
class _MeetsTrain(Move):
    """A move into a station where a train stands it off (TSR-4, TSR-5): the train
    there has strength ``train`` (1 at a station on its way; 1 and its supports at
    its destination, once it is stopped short of it), so the move must be stronger
    to get in."""

    train: int = 1

    def decide(self, r: Resolution, loc: Location) -> bool:
        return r.move_succeeds(loc) and r.attack_strength(loc) > self.train


def _trains(
    geo: Geography,
    units: Mapping[Location, Unit],
    orders: dict[Location, MovementOrder],
    failed: dict[Location, Outcome],
) -> dict[Location, RailMove]:
    """The rail moves of the phase; a train met head to head by a foreign unit coming
    from the first station of its route into its origin stays (TSR-8): it holds (its
    supports are void) and its move fails."""
    power = special_rules().rail_power
    trains: dict[Location, RailMove] = {}
    for loc, order in orders.items():
        if not isinstance(order, RailMove):
            continue
        first = _route(geo, loc, order.dest)[0]
        for other, theirs in orders.items():
            dest = theirs.moves_to()
            if (
                geo.province(other) == first
                and units[other].power != power
                and dest is not None
                and geo.province(dest) == geo.province(loc)
            ):
                orders[loc] = Hold(loc)
                failed[loc] = Outcome(False, "bounced")
                break
        else:
            trains[loc] = order
    return trains


def _hinder_entries(
    geo: Geography,
    units: Mapping[Location, Unit],
    orders: dict[Location, MovementOrder],
    trains: Mapping[Location, RailMove],
) -> None:
    """Make every non-Russian move into a station on a train's way meet the train there."""
    passed = {
        station for loc, train in trains.items() for station in _route(geo, loc, train.dest)[:-1]
    }
    power = special_rules().rail_power
    for loc, order in orders.items():
        if type(order) is Move and units[loc].power != power and geo.province(order.dest) in passed:
            orders[loc] = _MeetsTrain(order.unit, order.dest, order.via_convoy)


def _train_stop(
    geo: Geography,
    units: Mapping[Location, Unit],
    orders: Mapping[Location, MovementOrder],
    loc: Location,
    result: MovementResult,
) -> tuple[Hashable | None, str]:
    """Where the train at ``loc`` gets to, given an outcome of the phase, and why
    it stops there when that is short of its destination ("blocked" on its way,
    "bounced" at its destination).

    The train is blocked at the first station on its way where a non-Russian unit
    ends the turn (TSR-2, TSR-3), or that a non-Russian unit tried to enter (it
    stood off with the train there, TSR-4), or that a non-Russian unit left for a
    station further along (TSR-10: blocked where it started); failing all that, at
    its destination when it does not get in (TSR-5).  A blocked train stops at the
    nearest station before the block which ends the turn empty and which no other
    unit tried to enter, or None: it stays (TSR-6).

    That an attempt to enter blocks also settles TSR-10's move chains: a foreign
    unit following another out of a station on the way blocks the train there
    whether or not it gets in, so its success no longer decides the train's."""
    power = special_rules().rail_power
    train = orders[loc]
    assert isinstance(train, RailMove)
    route = _route(geo, loc, train.dest)
    on_the_way = route[:-1]
    at_end: dict[Hashable, str] = {}
    for other, unit in units.items():
        if other != loc and other not in result.dislodged:
            at_end[geo.province(result.moves.get(other, other))] = unit.power
    blocks: set[Hashable] = set()
    tried: set[Hashable] = set()
    for other, order in orders.items():
        dest = order.moves_to()
        if other == loc or dest is None:
            continue
        tried.add(geo.province(dest))
        if units[other].power == power:
            continue
        blocks.add(geo.province(dest))  # stood off with the train there (TSR-4)
        start = geo.province(other)
        if start in on_the_way and geo.province(dest) in route[route.index(start) + 1 :]:
            blocks.add(start)  # moved ahead of the train (TSR-10)
    blocked = next(
        (i for i, s in enumerate(on_the_way) if at_end.get(s, power) != power or s in blocks),
        None,
    )
    why = "blocked"
    if blocked is None:
        if loc in result.moves:
            return route[-1], ""
        blocked, why = len(on_the_way), "bounced"  # its destination refused it (TSR-5)
    for station in reversed(on_the_way[:blocked]):
        if station not in at_end and station not in tried:
            return station, why
    return None, why


def _shorter(
    geo: Geography,
    loc: Location,
    train: RailMove,
    current: Hashable | None,
    found: Hashable | None,
) -> Hashable | None:
    """The nearer to the origin of two stops of a train (None: it stays)."""
    if current is None or found is None:
        return None
    route = _route(geo, loc, train.dest)
    return current if route.index(current) <= route.index(found) else found


# ---------------------------------------------------------------- Suez Canal


def is_canal_passage(src: Hashable, dest: Hashable) -> bool:
    """Whether area ``src`` to area ``dest`` crosses the canal (one sea to the other,
    on one board)."""
    seas = special_rules().canal_seas
    return (
        src != dest and _board(src) == _board(dest) and _code(src) in seas and _code(dest) in seas
    )


@register
@dataclass(frozen=True, slots=True)
class CanalMove(Moving):
    """A fleet passes the Suez Canal from one of its seas to the other (SUEZ-1)."""

    kind: ClassVar[str] = "canal_move"
    unit: Location
    dest: Location

    def illegal_reason(self, board: Board, unit: Unit) -> str | None:
        if unit.type is not UnitType.FLEET:
            return "only a fleet can pass the Suez Canal"
        if not is_canal_passage(board.geo.province(self.unit), board.geo.province(self.dest)):
            return "the Suez Canal joins the Mediterranean and the Red Sea only"
        return None

    @classmethod
    def reaches(cls, board: Board, loc: Location, dest: Location, exclude: Location | None) -> bool:
        """A fleet in one canal sea reaches the other (so others may support it there)."""
        unit = board.units[loc]
        geo = board.geo
        return unit.type is UnitType.FLEET and is_canal_passage(
            geo.province(loc), geo.province(dest)
        )

    def format(self, unit: UnitText, phase: str) -> str:
        return f"{unit(self.unit)} - {self.dest}"

    def moves_to(self) -> Location:
        return self.dest

    def reaches_directly(self, geo: Geography, unit: Unit, loc: Location) -> bool:
        return True  # legality checked the passage; permission is checked after resolution


@register
@dataclass(frozen=True, slots=True)
class CanalPermission(MovementOrder):
    """The army in Egypt permits a canal move, written as a support (SUEZ-2); it
    gives no strength (SUEZ-4) and otherwise holds."""

    kind: ClassVar[str] = "canal_permission"
    unit: Location
    target: Location
    dest: Location

    def illegal_reason(self, board: Board, unit: Unit) -> str | None:
        geo = board.geo
        if _code(geo.province(self.unit)) != special_rules().canal_gate:
            return "only the unit in Egypt gives permission to pass the canal"
        target = board.units.get(self.target)
        if target is None:
            return "there is no unit to support there"
        if target.type is not UnitType.FLEET or not is_canal_passage(
            geo.province(self.target), geo.province(self.dest)
        ):
            return "the supporting unit cannot reach that area"
        return None

    def format(self, unit: UnitText, phase: str) -> str:
        return f"{unit(self.unit)} S {unit(self.target)} - {self.dest}"

    def outcome(self, r: Resolution, loc: Location, result: MovementResult) -> Outcome:
        if loc in result.dislodged:
            return Outcome(False, "dislodged")
        ordered = r.orders.get(self.target)
        if not isinstance(ordered, CanalMove) or ordered.dest != self.dest:
            return Outcome(False, "void")
        return Outcome(True)


def _gate(geo: Geography, units: Mapping[Location, Unit], near: Location) -> Location | None:
    """The unit in Egypt on the board of ``near``."""
    gate = _there(geo.province(near), special_rules().canal_gate)
    return next((loc for loc in units if geo.province(loc) == gate), None)


def _permitted(
    geo: Geography,
    units: Mapping[Location, Unit],
    orders: Mapping[Location, MovementOrder],
    loc: Location,
    result: MovementResult,
) -> bool:
    """Whether the canal move at ``loc`` has permission, given an outcome of the phase
    (SUEZ-2, SUEZ-3, SUEZ-5: a cut permission support still permits)."""
    gate = _gate(geo, units, loc)
    if gate is None or gate in result.dislodged:
        return False
    move = orders[loc]
    given = orders.get(gate)
    if (
        isinstance(given, SupportMove | CanalPermission)
        and given.target == loc
        and geo.province(given.dest) == geo.province(move.moves_to())
    ):
        return True
    return units[gate].power == units[loc].power and gate not in result.moves


def _backing(orders: Mapping[Location, MovementOrder], train: Location) -> set[Location]:
    """The supporters of the move of the unit at ``train``."""
    return {loc for loc, order in orders.items() if order.supports() == train}


def _stand_off_at_destinations(
    geo: Geography,
    given: Mapping[Location, MovementOrder],
    effective: dict[Location, MovementOrder],
    trains: Mapping[Location, RailMove],
    at_destination: Mapping[Location, int],
) -> None:
    """Make every move into the destination of a train stopped short of it meet the
    train there with the strength it had (TSR-4, TSR-5)."""
    for loc, strength in at_destination.items():
        area = geo.province(trains[loc].dest)
        for other, order in given.items():
            if not isinstance(order, Move) or geo.province(order.dest) != area:
                continue
            train = max(strength, order.train if isinstance(order, _MeetsTrain) else 0)
            effective[other] = _MeetsTrain(order.unit, order.dest, order.via_convoy, train)


def resolve_colonial(
    geo: Geography,
    units: Mapping[Location, Unit],
    orders: Mapping[Location, MovementOrder],
) -> MovementResult:
    """Resolve a movement phase with the canal's permission (SUEZ-6: a canal move
    without it is void and the fleet holds) and the railroad's trains (TSR-3..8).

    Both depend on the outcome, so the phase is resolved again, with the canal moves
    that lost permission held and the blocked trains stopped short, until nothing
    changes (each round only takes away: it ends).  A train stopped short still
    stands off every move into its destination with the strength it had there, and
    its supports keep the results they had (TSR-5, TSR-7)."""
    given = dict(orders)
    failed: dict[Location, Outcome] = {}
    trains = _trains(geo, units, given, failed)
    _hinder_entries(geo, units, given, trains)
    canal = {loc for loc, order in given.items() if isinstance(order, CanalMove)}
    permitted = set(canal)
    stops: dict[Location, Hashable | None] = {
        loc: geo.province(t.dest) for loc, t in trains.items()
    }
    at_destination: dict[Location, int] = {}  # a stopped train's strength at its destination
    why: dict[Location, str] = {}
    kept: dict[Location, Outcome] = {}  # the results of its supports
    while True:
        effective = dict(given)
        for loc in canal - permitted:
            effective[loc] = Hold(loc)
        for loc, stop in stops.items():
            if stop is None:
                effective[loc] = Hold(loc)
            elif stop != geo.province(trains[loc].dest):
                effective[loc] = RailMove(loc, _place(loc, _code(stop)))
        _stand_off_at_destinations(geo, given, effective, trains, at_destination)
        result = resolve_movement(geo, units, effective)
        lost = {loc for loc in permitted if not _permitted(geo, units, given, loc, result)}
        permitted -= lost
        changed = False
        for loc, train in trains.items():
            found, reason = _train_stop(geo, units, given, loc, result)
            stop = _shorter(geo, loc, train, stops[loc], found)
            if stop != stops[loc]:
                why[loc] = reason
                if loc not in at_destination:
                    backing = {s: result.outcomes[s] for s in _backing(given, loc)}
                    at_destination[loc] = 1 + sum(o.success for o in backing.values())
                    kept.update(backing)
                stops[loc], changed = stop, True
        if not lost and not changed:
            break
    for loc in canal - permitted:
        result.outcomes[loc] = Outcome(False, "void")
    for loc, stop in stops.items():
        if stop != geo.province(trains[loc].dest):
            result.outcomes[loc] = Outcome(False, why[loc])
    result.outcomes.update(kept)
    result.outcomes.update(failed)
    return result


def _move(ctx: Context, parsed: ParsedOrder) -> Order:
    """A move, or a fleet's passage of the canal when it goes from one of its seas to
    the other."""
    order = STANDARD_SYNTAX.interpreters[("M", "move")](ctx, parsed)
    if (
        isinstance(order, Move)
        and not order.via_convoy
        and ctx.pos.units[order.unit].type is UnitType.FLEET
        and is_canal_passage(ctx.geo.province(order.unit), ctx.geo.province(order.dest))
    ):
        return CanalMove(order.unit, order.dest)
    return order


def _support(ctx: Context, parsed: ParsedOrder) -> Order:
    """A support; written by the army in Egypt for a canal move, a permission."""
    order = STANDARD_SYNTAX.interpreters[("M", "support")](ctx, parsed)
    if not isinstance(order, SupportMove):
        return order
    geo, units = ctx.geo, ctx.pos.units
    if (
        units[order.unit].type is not UnitType.FLEET
        and _code(geo.province(order.unit)) == special_rules().canal_gate
        and is_canal_passage(geo.province(order.target), geo.province(order.dest))
    ):
        return CanalPermission(order.unit, order.target, order.dest)
    return order


def _read_move_or_rail(
    reader: Reader, kind: str, unit_type: UnitType | None, place: Place
) -> ParsedOrder:
    """``- TSR - Vla`` (a rail move), or any standard move."""
    start = reader.pos
    reader.skip_to()
    if reader.kind() == "tsr":
        reader.pos += 1
        return _read_rail_end(reader, unit_type, place)
    reader.pos = start
    return STANDARD_SYNTAX.after_unit["move"](reader, kind, unit_type, place)


def _read_via_rail(
    reader: Reader, kind: str, unit_type: UnitType | None, place: Place
) -> ParsedOrder:
    """``via TSR to Vla``."""
    if reader.kind() != "tsr":
        raise OrderSyntaxError("expected 'TSR' after 'via': A Mos via TSR to Vla")
    reader.pos += 1
    return _read_rail_end(reader, unit_type, place)


def _read_rail_end(reader: Reader, unit_type: UnitType | None, place: Place) -> ParsedOrder:
    if reader.kind() != "move":
        raise OrderSyntaxError("expected '-' and a station after 'TSR': A Mos - TSR - Vla")
    reader.pos += 1
    reader.skip_to()
    dest = reader.place("a station")
    reader.expect_end()
    return ParsedOrder("rail", unit_type, place, dest=dest)


def _rail(ctx: Context, parsed: ParsedOrder) -> Order:
    assert parsed.place is not None and parsed.dest is not None
    return RailMove(ctx.own_unit(parsed.place), parsed.dest.province)


def _counting_centres(interpret: Interpreter) -> Interpreter:
    """An adjustment interpreter that sees only the centres that count (HK-1): China
    holding Hong Kong gets no build for it, and may give the removal it owes."""

    def run(ctx: Context, parsed: ParsedOrder) -> Order:
        pos = copy.copy(ctx.pos)
        pos.owner = counted_centres(ctx.pos.owner)
        return interpret(Context(ctx.variant, pos, ctx.power, ctx.syntax), parsed)

    return run


COLONIAL_RULES = replace(
    STANDARD,
    name="colonial",
    order_kinds=(*STANDARD_ORDER_KINDS, CanalMove, CanalPermission, RailMove),
    movement=resolve_colonial,
    allowance=colonial_allowance,
)


def _sample_rail(variant: Variant, units: Sequence[Mapping[str, Any]], power: str) -> str | None:
    """A rail move of the reader's army on a station to the farthest station that
    none of the reader's units stands on."""
    rules = special_rules()
    if power != rules.rail_power:
        return None
    line = rules.rail_stations
    taken = {str(u["province"]) for u in units}
    for unit in units:
        if unit["type"] == "A" and unit["province"] in line:
            start = line.index(str(unit["province"]))
            free = [s for s in line if s not in taken]
            if free:
                end = max(free, key=lambda s: abs(line.index(s) - start))
                return f"{written(unit)} - TSR - {place(end)}"
    return None


SUEZ_FORMS = (
    OrderForm(
        "canal move",
        "<fleet> Meds - Reds   (or Reds - Meds)",
        "A fleet passes the Suez Canal between the Mediterranean and the Red Sea when "
        "the unit in Egypt gives permission by supporting that move; without it the "
        "move is void and the fleet holds. The Egypt unit's owner needs no permission "
        "for their own fleets.",
        "F Meds - Reds, with F Egy S F Meds - Reds",
        ("suez", "canal", "suez canal", "permission"),
    ),
)
TSR_FORMS = (
    OrderForm(
        "rail move",
        "A <station> - TSR - <station>   or   A <station> via TSR to <station>",
        "A Russian army on a station of the Trans-Siberian Railroad (Mos, Prm, Oms, "
        "Kra, Irk, Vla) travels by rail to another station in one move. A foreign "
        "unit on the way blocks the train, which stops at the nearest free station "
        "before it; the train never dislodges and never cuts support.",
        "A Mos - TSR - Vla",
        ("tsr", "rail", "railroad", "railway", "trans siberian railroad"),
        _sample_rail,
    ),
)
SUEZ_KIND = KindSyntax(
    "suez canal",
    interpret={("M", "move"): _move, ("M", "support"): _support},
    forms=SUEZ_FORMS,
)
TSR_KIND = KindSyntax(
    "trans-siberian railroad",
    keywords={"tsr": "tsr"},
    after_unit={"move": _read_move_or_rail, "via": _read_via_rail},
    interpret={("M", "rail"): _rail},
    forms=TSR_FORMS,
)
HK_KIND = KindSyntax(
    "hong kong",
    interpret={
        key: _counting_centres(STANDARD_SYNTAX.interpreters[key])
        for key in (("A", "build"), ("A", "waive"), ("A", "remove"), ("A", "disband"))
    },
)
COLONIAL_SYNTAX = STANDARD_SYNTAX.extended(COLONIAL_RULES, SUEZ_KIND, TSR_KIND, HK_KIND)


# ------------------------------------------------------------------ ruleset


class ColonialRuleset(StandardRuleset):
    """The standard rules with Colonial's Hong Kong and Suez Canal."""

    name = "colonial"

    def __init__(self) -> None:
        super().__init__(COLONIAL_SYNTAX)

    def owed(self, doc: Document) -> dict[str, Any]:
        """As the standard rules, counting only the centres that count (HK-1)."""
        if doc.get("supply_centers") is None:
            return super().owed(doc)  # the starting centres: Hong Kong is British
        centres: dict[str, list[str]] = {}
        for centre, owner in sorted(counted_centres(_owners(doc)).items()):
            centres.setdefault(owner, []).append(centre)
        return super().owed({**doc, "supply_centers": centres})

    def counted_centres(self, centers: Mapping[str, str]) -> Mapping[str, str]:
        return counted_centres(centers)

    def report_notes(self, step: Step, variant: Any) -> list[str]:
        """Hong Kong not counted, a blocked train's stop, a void canal move."""
        from judge.rules.colonial_notes import Rules, report_notes

        rules = Rules(special_rules(), _owners, counted_centres, rail_route)
        return report_notes(step, variant, rules)

    def centre_counts(self, doc: Mapping[str, Any]) -> dict[str, int]:
        return centre_counts(_owners(doc))

    def adjudicate(self, doc: Document) -> Document:
        return _with_standings(doc, super().adjudicate(doc))

    def _step(self, doc: Document, answer: Document) -> Step:
        return super()._step(doc, _with_standings(doc, answer))


def _with_standings(doc: Mapping[str, Any], answer: Document) -> Document:
    """The answer with ``center_counts`` (counted centres per power) and ``winner``
    as Colonial decides it (HK-2)."""
    from judge.variant.data import load_variant

    variant = load_variant(str(doc.get("variant", VARIANT)))
    answer["center_counts"] = dict(sorted(centre_counts(_owners(answer)).items()))
    answer.pop("winner", None)
    champion = colonial_winner(variant, answer)
    if champion is not None:
        answer["winner"] = champion
    return answer


# Reports name rail and canal moves as such; a permission reads as the support it is.
register_report_kind(RailMove.kind, "move", " by rail")
register_report_kind(CanalMove.kind, "move", " through the Suez Canal")
register_report_kind(CanalPermission.kind, "support")
