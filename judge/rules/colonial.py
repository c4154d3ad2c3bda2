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
  and stands off every move into its destination (its supported strength).  It is
  blocked at the first station on its way where a foreign unit stays in the way (not
  ordered to move, or ordered along the railroad to meet it: one ordered elsewhere
  does not block, even if it fails to leave or is dislodged), or that a foreign move
  would get into were there no train; else at a destination it does not get in to.
  A standoff of other units on a station does not block it.  It stands off the
  foreign moves into the station where it is blocked (strength 1) and stops at the
  nearest free station before the block, found by resolving again, or stays.  It
  acts only up to the block: the stations beyond, its destination included, see no
  train (TSR-4).  A Russian unit may swap places with it (TSR-9).  Where the rule
  text leaves this open, vDiplomacy's adjudicator and test positions decide.
"""

from __future__ import annotations

import functools
import itertools
import tomllib
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from judge.engine.geography import Geography
from judge.engine.kinds import Board, MovementOrder, Order, Resolution, UnitText
from judge.engine.orders import STANDARD_ORDER_KINDS, Hold, Move, Moving, SupportMove
from judge.engine.outcome import MovementResult, Outcome
from judge.engine.phase import Phase
from judge.engine.resolver import resolve_movement
from judge.engine.rules import STANDARD, centre_allowance
from judge.engine.units import Location, Unit, UnitType
from judge.orders.forms import OrderForm, place, written
from judge.orders.reader import (
    Context,
    KindSyntax,
    OrderSyntaxError,
    ParsedOrder,
    Place,
    Reader,
    Refusal,
)
from judge.orders.standard import STANDARD_SYNTAX
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
    canal_words: frozenset[str]  # njudge's names of the canal's unit ("sc", "suez")
    hong_kong: str
    hong_kong_nobody: frozenset[str]
    rail_power: str
    rail_stations: tuple[str, ...]
    rail_words: frozenset[str]  # the words of the railroad's name and aliases ("tsr")


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
        canal_words=frozenset(
            word for text in (suez["name"], *suez["aliases"]) for word in text.lower().split()
        ),
        hong_kong=hk["center"],
        hong_kong_nobody=frozenset(hk["counts_for_nobody_while_owned_by"]),
        rail_power=rail["power"],
        rail_stations=tuple(rail["stations"]),
        rail_words=frozenset(
            word for text in (rail["name"], *rail["aliases"]) for word in text.lower().split()
        ),
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
    there has strength ``train`` (1 at the station on its way where it is blocked; 1
    and its supports at its destination, once it is stopped short of it), so the
    move must be stronger to get in."""

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


_NO_PATH = frozenset({"no route", "no convoy", "disrupted", "convoy paradox"})


@dataclass(frozen=True)
class _Phase:
    """A movement phase and one outcome of it, as the railroad's blocks are read
    from it: the units, their orders as given, and the result."""

    geo: Geography
    units: Mapping[Location, Unit]
    orders: Mapping[Location, MovementOrder]
    result: MovementResult

    def strength(self, loc: Location, against: str | None = None) -> int:
        """1 and the supports given to the order at ``loc`` (those of power
        ``against`` left out: nobody helps to dislodge its own unit)."""
        given = self.result.outcomes
        return 1 + sum(
            1
            for other, order in self.orders.items()
            if order.supports() == loc
            and given[other].success
            and self.units[other].power != against
        )

    def destination(self, loc: Location) -> Location | None:
        """Where the unit at ``loc`` is ordered to move (None: it stays; a unit
        without an order holds)."""
        order = self.orders.get(loc)
        return None if order is None else order.moves_to()

    def occupant(self, area: Hashable) -> Location | None:
        """The unit that starts the turn in ``area``."""
        return next((loc for loc in self.units if self.geo.province(loc) == area), None)

    def into(self, area: Hashable) -> list[Location]:
        """The units ordered to move into ``area``."""
        return [
            loc
            for loc, order in self.orders.items()
            if (dest := order.moves_to()) is not None and self.geo.province(dest) == area
        ]


def _stays_in_the_way(phase: _Phase, occupant: Location, neighbours: set[Hashable]) -> bool:
    """Whether a foreign unit on a station on the way blocks the train by being
    there: it is not ordered to move, or is ordered along the railroad to the
    station before or after it on the route, to meet the train (TSR-3).  One ordered
    anywhere else does not block, even if it fails to leave or is dislodged (TSR-10:
    vDiplomacy's 'temporary leave')."""
    dest = phase.destination(occupant)
    return dest is None or phase.geo.province(dest) in neighbours


def _gets_in(phase: _Phase, mover: Location, area: Hashable) -> bool:
    """Whether the move at ``mover`` would get into ``area`` were there no train:
    stronger than the unit there (by its hold strength, or its defend strength head
    to head; one ordered to move elsewhere counts as gone) and than every other move
    into ``area`` (TSR-4)."""
    geo, units = phase.geo, phase.units
    if phase.result.outcomes[mover].reason in _NO_PATH:
        return False
    attack = phase.strength(mover)
    occupant = phase.occupant(area)
    if occupant is not None:
        dest = phase.destination(occupant)
        head_to_head = dest is not None and geo.province(dest) == geo.province(mover)
        if dest is None or head_to_head:
            power = units[occupant].power
            if power == units[mover].power:
                return False  # nobody dislodges its own unit
            attack = phase.strength(mover, against=power)
            if attack <= phase.strength(occupant):
                return False
    for rival in phase.into(area):
        if rival == mover or phase.result.outcomes[rival].reason in _NO_PATH:
            continue
        beaten = occupant in phase.result.moves and (  # it lost a head-to-head battle
            geo.province(phase.result.moves[occupant]) == geo.province(rival)
        )
        if not beaten and attack <= phase.strength(rival):
            return False
    return True


def _train_block(phase: _Phase, loc: Location) -> int | None:
    """Where on its route the train at ``loc`` is blocked, given an outcome of the
    phase: the index of that station in :func:`_route` (its last index: refused at its
    destination), or None when it gets in.

    A station on the way is blocked by a foreign unit on it that stays in the way
    (:func:`_stays_in_the_way`, TSR-3), or by a foreign move into it that would get in
    were there no train (:func:`_gets_in`, TSR-4); Russian units never block (TSR-2).
    A standoff of other units there, or a foreign unit kept out by a Russian one,
    does not block.  The train is blocked at the first such station, or else at its
    destination when it does not get in (TSR-5)."""
    geo, units = phase.geo, phase.units
    power = special_rules().rail_power
    train = phase.orders[loc]
    assert isinstance(train, RailMove)
    route = _route(geo, loc, train.dest)
    for i, station in enumerate(route[:-1]):
        neighbours = {geo.province(loc) if i == 0 else route[i - 1], route[i + 1]}
        occupant = phase.occupant(station)
        if (
            occupant is not None
            and units[occupant].power != power
            and _stays_in_the_way(phase, occupant, neighbours)
        ):
            return i
        for mover in phase.into(station):
            if units[mover].power != power and _gets_in(phase, mover, station):
                return i
    return None if loc in phase.result.moves else len(route) - 1


def _ends(
    geo: Geography, units: Mapping[Location, Unit], loc: Location, result: MovementResult
) -> dict[Hashable, str]:
    """Area -> power of the unit ending the turn there, the train at ``loc`` left out."""
    return {
        geo.province(result.moves.get(other, other)): unit.power
        for other, unit in units.items()
        if other != loc and other not in result.dislodged
    }


def _train_stop(
    geo: Geography,
    orders: Mapping[Location, MovementOrder],
    loc: Location,
    at_end: Mapping[Hashable, str],
    block: int,
) -> Hashable | None:
    """Where the train at ``loc``, blocked at index ``block`` of its route, stops
    (``at_end``: see :func:`_ends`): the nearest station before the block which ends
    the turn empty and which no other unit tried to enter, or None: it stays (TSR-6)."""
    train = orders[loc]
    assert isinstance(train, RailMove)
    tried = {
        geo.province(dest)
        for other, order in orders.items()
        if other != loc and (dest := order.moves_to()) is not None
    }
    for station in reversed(_route(geo, loc, train.dest)[:block]):
        if station not in at_end and station not in tried:
            return station
    return None


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


_CANAL_SEAS = "the Suez Canal joins the Mediterranean and the Red Sea only"


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
            return _CANAL_SEAS
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


def _meet_trains(
    geo: Geography,
    units: Mapping[Location, Unit],
    given: Mapping[Location, MovementOrder],
    effective: dict[Location, MovementOrder],
    trains: Mapping[Location, RailMove],
    blocks: Mapping[Location, int],
    at_destination: Mapping[Location, int],
) -> None:
    """Make the moves into the station where a train is blocked meet the train there:
    every non-Russian move into a station on its way with strength 1 (TSR-4), and
    every move into a destination it is refused at with the strength it had there
    (TSR-5).  The stations it passes, and those beyond the block, see no train."""
    blocked: set[Hashable] = set()  # a station on the way where a train is blocked
    refused: dict[Hashable, int] = {}  # a destination -> the strength of a train refused there
    for loc, block in blocks.items():
        route = _route(geo, loc, trains[loc].dest)
        if block < len(route) - 1:
            blocked.add(route[block])
        else:
            refused[route[-1]] = max(refused.get(route[-1], 0), at_destination[loc])
    power = special_rules().rail_power
    for other, order in given.items():
        if type(order) is not Move:
            continue
        area = geo.province(order.dest)
        train = max(refused.get(area, 0), int(area in blocked and units[other].power != power))
        if train:
            effective[other] = _MeetsTrain(order.unit, order.dest, order.via_convoy, train)


def resolve_colonial(
    geo: Geography,
    units: Mapping[Location, Unit],
    orders: Mapping[Location, MovementOrder],
) -> MovementResult:
    """Resolve a movement phase with the canal's permission (SUEZ-6: a canal move
    without it is void and the fleet holds) and the railroad's trains (TSR-3..10).

    Both depend on the outcome, so the phase is resolved again, with the canal moves
    that lost permission held and the blocked trains stopped short, until nothing
    changes.  A train acts only up to where it is blocked (TSR-4): it stands off the
    foreign moves into the station where it is blocked, and the stations beyond,
    its destination included, do not see it; one refused at its destination still
    stands off every move into it with the strength it had there (TSR-5).  A block
    only moves towards the origin from round to round, so it ends.  The train's
    supports keep the results they had (TSR-7)."""
    given = dict(orders)
    failed: dict[Location, Outcome] = {}
    trains = _trains(geo, units, given, failed)
    canal = {loc for loc, order in given.items() if isinstance(order, CanalMove)}
    permitted = set(canal)
    routes = {loc: _route(geo, loc, t.dest) for loc, t in trains.items()}
    stops: dict[Location, Hashable | None] = {loc: route[-1] for loc, route in routes.items()}
    blocks: dict[Location, int] = {}  # where on its route a train is blocked
    at_destination: dict[Location, int] = {}  # a stopped train's strength at its destination
    kept: dict[Location, Outcome] = {}  # the results of its supports
    while True:
        effective = dict(given)
        for loc in canal - permitted:
            effective[loc] = Hold(loc)
        for loc, stop in stops.items():
            if stop is None:
                effective[loc] = Hold(loc)
            elif stop != routes[loc][-1]:
                effective[loc] = RailMove(loc, _place(loc, _code(stop)))
        _meet_trains(geo, units, given, effective, trains, blocks, at_destination)
        result = resolve_movement(geo, units, effective)
        lost = {loc for loc in permitted if not _permitted(geo, units, given, loc, result)}
        permitted -= lost
        phase = _Phase(geo, units, given, result)
        changed = False
        for loc, train in trains.items():
            block = _train_block(phase, loc)
            if block is None or block >= blocks.get(loc, block + 1):
                continue
            if loc not in blocks:
                backing = {s: result.outcomes[s] for s in _backing(given, loc)}
                at_destination[loc] = 1 + sum(o.success for o in backing.values())
                kept.update(backing)
            blocks[loc] = block
            found = _train_stop(geo, given, loc, _ends(geo, units, loc, result), block)
            stops[loc], changed = _shorter(geo, loc, train, stops[loc], found), True
        if not lost and not changed:
            break
    for loc in canal - permitted:
        result.outcomes[loc] = Outcome(False, "void")
    for loc, block in blocks.items():
        why = "bounced" if block == len(routes[loc]) - 1 else "blocked"
        result.outcomes[loc] = Outcome(False, why)
    result.outcomes.update(kept)
    result.outcomes.update(failed)
    return result


def _move(ctx: Context, parsed: ParsedOrder) -> Order:
    """A move, or a fleet's passage of the canal when it goes from one of its seas to
    the other.  The railroad's army moving from a station to another that is no
    neighbour is shown the rail move (TSR-1), also when it is written through other
    stations or by convoy where no convoy can go (an inland end)."""
    order = STANDARD_SYNTAX.interpreters[("M", "move")](ctx, parsed)
    if not isinstance(order, Move):
        return order
    geo = ctx.geo
    if not (order.via_convoy and geo.is_coastal(order.unit) and geo.is_coastal(order.dest)):
        _offer_the_rail(ctx, order)
    if order.via_convoy:
        return order
    if ctx.pos.units[order.unit].type is UnitType.FLEET and is_canal_passage(
        ctx.geo.province(order.unit), ctx.geo.province(order.dest)
    ):
        return CanalMove(order.unit, order.dest)
    return order


def _offer_the_rail(ctx: Context, order: Move) -> None:
    """Refuse a move of the railroad's army between two stations that are no
    neighbours, saying how to go by rail (it could only be refused as a move)."""
    rules = special_rules()
    unit = ctx.pos.units[order.unit]
    src, dest = str(order.unit), str(order.dest)
    stations = rules.rail_stations
    if unit.power != rules.rail_power or unit.type is not UnitType.ARMY:
        return
    if src not in stations or dest not in stations or ctx.geo.can_move(unit.type, src, dest):
        return
    names = f"{ctx.variant.location_name(src)} and {ctx.variant.location_name(dest)}"
    rail = f"A {src.capitalize()} - TSR - {dest.capitalize()}"
    raise Refusal(f"{names} are not neighbours; by rail: {rail}")


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


_CANAL_ONLY = (
    "the Suez Canal gives permission only to a fleet's move between the Mediterranean "
    "and the Red Sea, written as a support of it: SC S F Reds - Meds"
)


_CANAL_HOLDS = (
    "the Suez Canal needs no hold order: it permits no passage unless the unit in Egypt "
    "supports a canal move (SC S F Reds - Meds)"
)


def _read_canal(reader: Reader, kind: str) -> ParsedOrder:
    """njudge's Suez Canal unit (``SC S F Reds - Meds``, ``Suez Canal supports ...``):
    the permission of the unit in Egypt, read as that unit's support (SUEZ-2)."""
    rules = special_rules()
    while reader.tokens[reader.pos] in rules.canal_words:
        reader.pos += 1
    if reader.kind() == "hold":
        raise OrderSyntaxError(_CANAL_HOLDS)
    if reader.kind() != "support":
        raise OrderSyntaxError(_CANAL_ONLY)
    reader.pos += 1
    support = STANDARD_SYNTAX.after_unit["support"](
        reader, "support", None, Place(rules.canal_gate)
    )
    return support._replace(action="permit")


def _permit(ctx: Context, parsed: ParsedOrder) -> Order:
    """The canal unit's support: the Egypt unit's, of a canal move only (SUEZ-1)."""
    target, dest = parsed.target, parsed.dest
    if target is None or dest is None or not is_canal_passage(target.province, dest.province):
        raise Refusal(_CANAL_ONLY)
    return _support(ctx, parsed._replace(action="support"))


def _read_move_or_rail(
    reader: Reader, kind: str, unit_type: UnitType | None, place: Place
) -> ParsedOrder:
    """``- TSR - Vla`` or ``- Vla via TSR`` (a rail move), or any standard move; a
    fleet's move may name the canal on the way (``F Reds - SC - Meds``)."""
    start = reader.pos
    reader.skip_to()
    if reader.kind() == "via" and reader.keywords.get(reader.tokens[reader.pos + 1]) == "tsr":
        reader.pos += 1  # "A Mos moves by rail to Vla"
    if reader.kind() == "tsr":
        return _read_rail(reader, "tsr", unit_type, place)
    tokens, keywords = reader.tokens, reader.keywords
    after = reader.pos
    while tokens[after] in special_rules().canal_words:
        after += 1
    if (
        after > reader.pos
        and keywords.get(tokens[after]) == "move"
        and unit_type is not UnitType.ARMY
    ):
        reader.pos = after + 1
        parsed = STANDARD_SYNTAX.after_unit["move"](reader, kind, unit_type, place)
        return _through_the_canal(place, parsed)
    via = _rail_named_at_end(tokens, keywords)
    via_rail = via is not None
    end = len(tokens) - 1 if via is None else via
    path = _path(reader, end) if via_rail or unit_type is not UnitType.FLEET else None
    if path is not None and (via_rail or _every_station(place, path)):
        return ParsedOrder("rail", unit_type, place, dest=_along_the_line(place, path))
    if path is not None and _through_stations(place, path):
        # "A Mos - Oms - Irk": no convoy's route (it goes by sea only), a move the
        # interpreter shows the rail move for (TSR-1)
        return ParsedOrder("move", unit_type, place, dest=path[-1], via_convoy=True)
    reader.tokens = (
        _without_canal_named(tokens, keywords) if unit_type is not UnitType.ARMY else tokens
    )
    reader.pos = start
    parsed = STANDARD_SYNTAX.after_unit["move"](reader, kind, unit_type, place)
    return parsed if reader.tokens is tokens else _through_the_canal(place, parsed)


def _rail_named_at_end(tokens: list[str], keywords: Mapping[str, str]) -> int | None:
    """Where the railroad named after the station begins (``- Vla via TSR``, ``via
    the Trans-Siberian Railroad``, ``(via TSR)``, also without ``via``: ``- Vla TSR``,
    ``- Vla (TSR)``): the index of its ``via`` (or bracket, or name), or None."""
    end = len(tokens) - 1  # the end mark
    closing = tokens[end - 1] == ")"
    named = end - closing
    while keywords.get(tokens[named - 1]) == "tsr":
        named -= 1
    if named == end - closing:
        return None
    via = named - 1 - (tokens[named - 1] == "the")
    if keywords.get(tokens[via]) != "via":
        via = named  # no "via": the name itself
    if closing:
        return via - 1 if tokens[via - 1] == "(" else None
    return via


def _without_canal_named(tokens: list[str], keywords: Mapping[str, str]) -> list[str]:
    """A move's words without the canal named at their end (``F Reds - Meds via Suez``,
    ``via the Suez Canal``, ``(via SC)``): the canal move is the move between the seas
    (SUEZ-2); other words as they are."""
    end = len(tokens) - 1  # the end mark
    closing = tokens[end - 1] == ")"
    canal = end - closing
    while tokens[canal - 1] in special_rules().canal_words:
        canal -= 1
    via = canal - 1 - (tokens[canal - 1] == "the")
    if canal == end - closing or keywords.get(tokens[via]) != "via":
        return tokens
    if closing:
        if tokens[via - 1] != "(":
            return tokens
        via -= 1
    return [*tokens[:via], tokens[end]]


def _canal_on_the_way(tokens: list[str], keywords: Mapping[str, str], start: int) -> list[str]:
    """Words after ``start`` without the canal named on the way, between two move
    signs (``F Reds - SC - Meds``, ``- Suez Canal -``); other words as they are."""
    words = special_rules().canal_words
    for index in range(start + 1, len(tokens)):
        if tokens[index] in words and keywords.get(tokens[index - 1]) == "move":
            after = index
            while tokens[after] in words:
                after += 1
            if keywords.get(tokens[after]) == "move":
                return [*tokens[: index - 1], *tokens[after:]]
    return tokens


_NO_CANAL_CONVOY = (
    "no convoy passes the Suez Canal: only a fleet's own move between the Mediterranean "
    "and the Red Sea goes through it (F Reds - Meds)"
)


def _read_support(
    reader: Reader, kind: str, unit_type: UnitType | None, place: Place
) -> ParsedOrder:
    """A support or convoy; one naming the canal as the canal move does (``A Egy S F
    Reds - Meds via Suez``, ``... - SC - Meds``) is the support of that move, the
    canal's name left out (SUEZ-2); a convoy naming it is refused (SUEZ-1)."""
    tokens, keywords = reader.tokens, reader.keywords
    bare = _without_canal_named(_canal_on_the_way(tokens, keywords, reader.pos), keywords)
    named = len(bare) < len(tokens)
    if kind != "support":
        if named:
            raise OrderSyntaxError(_NO_CANAL_CONVOY)
        return STANDARD_SYNTAX.after_unit[kind](reader, kind, unit_type, place)
    reader.tokens = bare
    parsed = _read_support_of_rail(reader, kind, unit_type, place)
    return _through_the_canal(parsed.target, parsed) if named else parsed


def _through_the_canal(start: Place | None, parsed: ParsedOrder) -> ParsedOrder:
    """A move (from ``start``), or the move a support names, written through the
    canal: refused unless it goes between the canal's seas."""
    dest = parsed.dest
    if start is None or dest is None or not is_canal_passage(start.province, dest.province):
        raise OrderSyntaxError(_CANAL_SEAS)
    return parsed


def _read_via_rail(
    reader: Reader, kind: str, unit_type: UnitType | None, place: Place
) -> ParsedOrder:
    """``via TSR to Vla`` (``via the TSR``, as ``- Vla via the TSR`` is read)."""
    word = reader.tokens[reader.pos - 1]  # "via", or "by" as the player wrote it
    reader.pos += reader.tokens[reader.pos] == "the"
    if reader.kind() != "tsr":
        raise OrderSyntaxError(f"expected 'TSR' after '{word}': A Mos via TSR to Vla")
    return _read_rail(reader, kind, unit_type, place)


def _read_rail(reader: Reader, kind: str, unit_type: UnitType | None, place: Place) -> ParsedOrder:
    """From the railroad's name (``TSR``, ``Trans-Siberian Railroad``): a sign or a
    move word if written, and the station (``A Mos - TSR - Vla``, ``A Mos TSR Vla``)."""
    while reader.kind() == "tsr":
        reader.pos += 1
    if reader.kind() == "move":
        reader.pos += 1
        reader.skip_to()
    path = _path(reader, len(reader.tokens) - 1)
    if path is None:  # refused as written: a station expected, or words after it
        reader.place("a station")
        reader.expect_end()
    assert path is not None
    return ParsedOrder("rail", unit_type, place, dest=_along_the_line(place, path))


def _path(reader: Reader, end: int) -> list[Place] | None:
    """The places from the cursor to the token at ``end``, one after another or
    with move signs between them (``Prm - Oms - Kra``, ``Prm Oms Kra``); None (the
    cursor where it was) when the words are not such a path."""
    start, path = reader.pos, []
    while reader.place_length(reader.pos):
        path.append(reader.place("a station"))
        if reader.pos == end:
            return path
        if reader.kind() == "move":
            reader.pos += 1
            reader.skip_to()
    reader.pos = start
    return None


def _every_station(start: Place, path: Sequence[Place]) -> bool:
    """Whether a move written through places (``A Mos - Prm - Oms``) goes through
    every station on its way, one at least: a rail move, the railroad left unnamed
    (a route that skips a station is refused with the rail move to write)."""
    stations = special_rules().rail_stations
    codes = [p.province for p in (start, *path)]
    if len(path) < 2 or not all(c in stations for c in codes):
        return False
    return all(
        abs(stations.index(a) - stations.index(b)) == 1 for a, b in itertools.pairwise(codes)
    )


def _through_stations(start: Place, path: Sequence[Place]) -> bool:
    """Whether a move written through places goes from a station through stations
    only (``A Mos - Oms - Irk``, skipping one: not a rail move as written)."""
    stations = special_rules().rail_stations
    return len(path) > 1 and all(p.province in stations for p in (start, *path))


def _along_the_line(start: Place, path: Sequence[Place]) -> Place:
    """The destination of a rail move written through stations (``A Mos - TSR - Prm
    - Oms``): refused unless they follow the line one way (TSR-1)."""
    stations = special_rules().rail_stations
    codes = [p.province for p in (start, *path)]
    if len(path) > 1:
        steps = [stations.index(c) if c in stations else -1 for c in codes]
        ahead = all(a < b for a, b in itertools.pairwise(steps))
        if -1 in steps or not (ahead or all(a > b for a, b in itertools.pairwise(steps))):
            line = ", ".join(map(place, stations))
            raise OrderSyntaxError(
                f"{' - '.join(map(place, codes))} does not follow the Trans-Siberian "
                f"Railroad (its stations in line order: {line}); "
                f"write A {place(codes[0])} - TSR - {place(codes[-1])}"
            )
    return path[-1]


def _read_support_of_rail(
    reader: Reader, kind: str, unit_type: UnitType | None, place: Place
) -> ParsedOrder:
    """A support naming the railroad as the rail move does (``A Irk S A Mos - TSR -
    Vla``, ``... - Vla via TSR``, ``... by rail to Vla``): the railroad's name, and the
    sign or word that leads to it, are left out; the support is of the move to the
    station (TSR-7)."""
    tokens, keywords = reader.tokens, reader.keywords
    kept = tokens[: reader.pos]
    for index in range(reader.pos, len(tokens)):
        if keywords.get(tokens[index]) != "tsr" or not _names_a_station(tokens, keywords, index):
            kept.append(tokens[index])
        elif len(kept) > reader.pos and keywords.get(kept[-1]) in ("move", "via"):
            kept.pop()
    reader.tokens = kept
    return STANDARD_SYNTAX.after_unit[kind](reader, kind, unit_type, place)


def _names_a_station(tokens: list[str], keywords: Mapping[str, str], index: int) -> bool:
    """Whether the railroad's name at ``index`` has its station: a word after it, or
    one before its ``via`` (``- Vla via TSR``); without one the order is refused as
    written."""
    after = index + 1
    while keywords.get(tokens[after]) == "tsr":
        after += 1
    return keywords.get(tokens[after]) != "end" or keywords.get(tokens[index - 1]) == "via"


def _rail(ctx: Context, parsed: ParsedOrder) -> Order:
    assert parsed.place is not None and parsed.dest is not None
    return RailMove(ctx.own_unit(parsed.place), parsed.dest.province)


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
        "for their own fleets. The permission may also be written as njudge's Suez "
        "Canal unit: SC S F Meds - Reds.",
        "F Meds - Reds, with F Egy S F Meds - Reds",
        ("suez", "canal", "suez canal", "sc", "permission"),
    ),
)
TSR_FORMS = (
    OrderForm(
        "rail move",
        "A <station> - TSR - <station>   or   A <station> via TSR to <station>   or   "
        "A <station> - <station> via TSR   or through the stations: A Mos - Prm - Oms",
        "A Russian army on a station of the Trans-Siberian Railroad (Mos, Prm, Oms, "
        "Kra, Irk, Vla) travels by rail to another station in one move. A foreign "
        "unit on a station on the way blocks the train when it is not ordered to move "
        "off it, and so does a foreign move that gets into such a station; the train "
        "then stops at the nearest free station before the block. The train never "
        "dislodges and never cuts support. A support of it "
        "counts at its destination: A Irk S A Mos - Vla (or A Irk S A Mos - TSR - Vla).",
        "A Mos - TSR - Vla",
        ("tsr", "rail", "railroad", "railway", "trans siberian railroad"),
        _sample_rail,
    ),
)
SUEZ_KIND = KindSyntax(
    "suez canal",
    leading={"canal": _read_canal},
    openers=dict.fromkeys(special_rules().canal_words, "canal"),
    interpret={("M", "move"): _move, ("M", "support"): _support, ("M", "permit"): _permit},
    forms=SUEZ_FORMS,
)
TSR_KIND = KindSyntax(
    "trans-siberian railroad",
    keywords=dict.fromkeys(special_rules().rail_words, "tsr"),
    after_unit={
        "move": _read_move_or_rail,
        "via": _read_via_rail,
        "tsr": _read_rail,
        "support": _read_support,  # the canal's name left out too
        "convoy": _read_support,
    },
    interpret={("M", "rail"): _rail},
    forms=TSR_FORMS,
)
COLONIAL_SYNTAX = STANDARD_SYNTAX.extended(COLONIAL_RULES, SUEZ_KIND, TSR_KIND)


# ------------------------------------------------------------------ ruleset


class ColonialRuleset(StandardRuleset):
    """The standard rules with Colonial's Hong Kong and Suez Canal."""

    name = "colonial"
    # Reports name rail and canal moves as such; a permission reads as the support it is.
    report_kinds: ClassVar[Mapping[str, tuple[str, str]]] = {
        RailMove.kind: ("move", " by rail"),
        CanalMove.kind: ("move", " through the Suez Canal"),
        CanalPermission.kind: ("support", ""),
    }

    def __init__(self) -> None:
        super().__init__(COLONIAL_SYNTAX)

    def counted_centres(self, centers: Mapping[str, str]) -> Mapping[str, str]:
        return counted_centres(centers)

    writes_notes = True

    def report_notes(self, step: Step, variant: Any) -> list[str]:
        """Hong Kong not counted, a blocked train's stop, a void canal move."""
        from judge.rules.colonial_notes import Rules, report_notes

        rules = Rules(special_rules(), _owners, counted_centres, rail_route)
        return report_notes(step, variant, rules)

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
