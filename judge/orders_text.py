"""Orders as players write them: text → engine orders, with reasons players understand.

Reading happens in two steps.  :func:`parse_order` reads the words of one order
against the variant's names (syntax only); :func:`check_orders` then interprets
the parsed orders in a position (is there such a unit, is it yours, can it get
there, which coast) and returns one :class:`OrderCheck` per order.

The accepted forms, case-insensitive, unit type optional::

    A Par - Bur        A Paris -> Burgundy   Par to Bur   A Par move Bur
    A Par H            A Par hold(s)         A Par stand
    A Mar S A Par - Bur                      F Bre supports A Par
    F Nth C A Lon - Bel                      A Lon - Bel via convoy
    F Mao - Spa/nc  F Mao - Spa(nc)  F Mao - Spa nc  F Mao - Spain north coast
    A Mun - Boh  A Mun R Boh  A Mun disband          (retreats)
    Build A Par  A Par B  Remove F Nth  Disband F Nth  Waive   (adjustments)

Several orders may share a line, separated by ``,`` or ``;``.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from judge.engine.legality import illegal_reason
from judge.engine.mapgeo import geography_for
from judge.engine.orders import (
    AnyOrder,
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
    Waive,
)
from judge.engine.turn import Position
from judge.variant import Variant, load_variant

_HOLD = {"h", "hold", "holds", "stand", "stands"}
_MOVE = {"-", "->", "=>", "to", "move", "moves", "m"}
_SUPPORT = {"s", "support", "supports", "sup"}
_CONVOY = {"c", "convoy", "convoys"}
_RETREAT = {"r", "retreat", "retreats"}
_DISBAND = {"d", "disband", "disbands"}
_BUILD = {"b", "build", "builds"}
_REMOVE = {"remove", "removes"}
_WAIVE = {"waive", "waives", "w"}
_VIA = {"via", "by"}
_ARMY = {"a", "army"}
_FLEET = {"f", "fleet"}
_KEYWORDS = (
    (_HOLD | _MOVE | _SUPPORT | _CONVOY | _RETREAT | _DISBAND | _BUILD | _REMOVE | _WAIVE)
    | _VIA
    | _ARMY
    | _FLEET
)
_TOKEN = re.compile(r"->|=>|[/()]|-|[^\s\-/()]+(?:-[^\s\-/()]+)*")
_MAX_NAME_WORDS = 6
_PUNCTUATION = {"-", "/", "(", ")"}


@functools.lru_cache(maxsize=65536)
def _lookup_province(variant: Variant, text: str) -> str | None:
    return variant.lookup_province(text)


class OrderSyntaxError(ValueError):
    """An order whose words cannot be read."""


@dataclass(frozen=True)
class Place:
    """A province named in an order, with the coast the writer gave (if any)."""

    province: str
    coast: str | None = None


@dataclass(frozen=True)
class ParsedOrder:
    """The words of one order, read but not yet checked against a position."""

    action: str  # hold move support convoy retreat disband build remove waive
    unit_type: UnitType | None = None
    place: Place | None = None
    target_type: UnitType | None = None
    target: Place | None = None
    dest: Place | None = None
    via_convoy: bool = False


@dataclass(frozen=True)
class OrderCheck:
    """One order as written, and what the judge made of it."""

    text: str
    ok: bool
    canonical: str | None = None
    key: str | None = None
    message: str | None = None
    order: AnyOrder | None = None
    power: str | None = None


# ----------------------------------------------------------------- syntax


class _Reader:
    """A cursor over the tokens of one order."""

    def __init__(self, variant: Variant, text: str) -> None:
        self.variant = variant
        cleaned = text.replace(".", " ").replace(":", " ").replace("\u2013", "-")
        cleaned = cleaned.replace("\u2014", "-").replace("\u2192", "->")
        self.tokens: list[str] = []
        for token in _TOKEN.findall(cleaned.lower()):
            self.tokens.extend(self._split_hyphenated(token))
        self.pos = 0
        self._names: dict[int, tuple[str | None, int]] = {}

    def _split_hyphenated(self, token: str) -> list[str]:
        """``par-bur`` is two places and a move; ``mid-atlantic`` is one name."""
        parts = token.split("-")
        if len(parts) == 1 or token == "-" or not all(self.lookup(p) for p in parts):
            return [token]
        spaced: list[str] = []
        for part in parts:
            spaced.extend([part, "-"])
        return spaced[:-1]

    def lookup(self, text: str) -> str | None:
        """The province a name stands for (cached per variant)."""
        return _lookup_province(self.variant, text)

    def peek(self, offset: int = 0) -> str | None:
        index = self.pos + offset
        return self.tokens[index] if index < len(self.tokens) else None

    def take(self, words: set[str]) -> str | None:
        token = self.peek()
        if token in words:
            self.pos += 1
            return token
        return None

    def done(self) -> bool:
        return self.pos >= len(self.tokens)

    def unit_type(self) -> UnitType | None:
        token = self.peek()
        if token in _ARMY or token in _FLEET:
            # "a" or "f" followed by nothing readable as a place is not a unit type.
            self.pos += 1
            if self._place_ahead():
                return UnitType.ARMY if token in _ARMY else UnitType.FLEET
            self.pos -= 1
        return None

    def _place_ahead(self) -> bool:
        return self._longest_name()[0] is not None

    def _longest_name(self) -> tuple[str | None, int]:
        """The province named by the longest run of tokens from here (memoised per place)."""
        known = self._names.get(self.pos)
        if known is not None:
            return known
        tokens, start = self.tokens, self.pos
        if start >= len(tokens):
            return (None, 0)
        # A name never spans a keyword ("mar s" is Marseilles then "support") or
        # punctuation ("swe - den" is a move), so only the run before one is tried.
        run = 1
        while (
            run < _MAX_NAME_WORDS
            and start + run < len(tokens)
            and tokens[start + run] not in _KEYWORDS
            and tokens[start + run] not in _PUNCTUATION
        ):
            run += 1
        if tokens[start] in _KEYWORDS or tokens[start] in _PUNCTUATION:
            run = min(run, 1)
        found: tuple[str | None, int] = (None, 0)
        for length in range(min(run, len(tokens) - start), 0, -1):
            code = self.lookup(" ".join(tokens[start : start + length]))
            if code is not None:
                found = (code, length)
                break
        self._names[start] = found
        return found

    def place(self, what: str) -> Place:
        code, length = self._longest_name()
        if code is None:
            shown = self.peek() or "the end of the order"
            raise OrderSyntaxError(f"expected {what}, found '{shown}'")
        self.pos += length
        return Place(code, self._coast())

    def _coast(self) -> str | None:
        start = self.pos
        bracketed = self.take({"/", "("}) is not None
        words = []
        while self.peek() is not None and self.peek() not in {")", "-", "->", "=>"}:
            words.append(self.peek())
            self.pos += 1
            coast = self._coast_code(words, bracketed)
            if coast is not None:
                if bracketed:
                    self.take({")"})
                return coast
            if len(words) >= 2:
                break
        self.pos = start
        return None

    def _coast_code(self, words: list[str], bracketed: bool) -> str | None:
        text = " ".join(words)
        if not bracketed and len(words) == 1 and text not in {"nc", "sc", "ec", "wc"}:
            return None  # a bare "s" or "north" is more likely a keyword or a name
        return self.variant.lookup_coast(text)


def parse_order(variant: Variant, text: str) -> ParsedOrder:
    """Read one order; raise OrderSyntaxError with a reason when it cannot be read."""
    reader = _Reader(variant, text)
    if reader.done():
        raise OrderSyntaxError("empty order")
    if reader.take(_WAIVE):
        if not reader.done():
            raise OrderSyntaxError("'waive' takes nothing after it")
        return ParsedOrder("waive")
    leading = reader.take(_BUILD | _REMOVE | _DISBAND)
    unit_type = reader.unit_type()
    place = reader.place("a unit's province")
    if leading:
        action = "build" if leading in _BUILD else "remove"
        _expect_end(reader)
        return ParsedOrder(action, unit_type, place)
    return _parse_action(reader, unit_type, place)


def _parse_action(reader: _Reader, unit_type: UnitType | None, place: Place) -> ParsedOrder:
    if reader.done() or reader.take(_HOLD):
        _expect_end(reader)
        return ParsedOrder("hold", unit_type, place)
    if reader.take(_MOVE) or reader.take(_RETREAT):
        action = "retreat" if reader.tokens[reader.pos - 1] in _RETREAT else "move"
        dest = reader.place("a destination")
        while reader.take(_MOVE):  # a written convoy path: keep its last step
            dest = reader.place("a destination")
        via = _via_convoy(reader)
        _expect_end(reader)
        return ParsedOrder(action, unit_type, place, dest=dest, via_convoy=via)
    if reader.take(_SUPPORT) or reader.take(_CONVOY):
        action = "support" if reader.tokens[reader.pos - 1] in _SUPPORT else "convoy"
        target_type = reader.unit_type()
        target = reader.place("the supported unit" if action == "support" else "the army")
        dest = None
        if reader.take(_MOVE):
            dest = reader.place("a destination")
        elif reader.take(_HOLD):
            pass
        _expect_end(reader)
        if action == "convoy" and dest is None:
            raise OrderSyntaxError("a convoy needs the army's destination: F Nth C A Lon - Bel")
        return ParsedOrder(action, unit_type, place, target_type, target, dest)
    if reader.take(_DISBAND) or reader.take(_REMOVE):
        _expect_end(reader)
        return ParsedOrder("disband", unit_type, place)
    if reader.take(_BUILD):
        _expect_end(reader)
        return ParsedOrder("build", unit_type, place)
    raise OrderSyntaxError(f"did not understand '{reader.peek()}'")


def _via_convoy(reader: _Reader) -> bool:
    if reader.take(_VIA):
        if not reader.take(_CONVOY):
            raise OrderSyntaxError("expected 'convoy' after 'via'")
        return True
    return False


def _expect_end(reader: _Reader) -> None:
    if not reader.done():
        rest = " ".join(reader.tokens[reader.pos :])
        raise OrderSyntaxError(f"did not understand '{rest}' at the end")


def split_orders(line: str) -> list[str]:
    """The orders of one line: separated by ``,`` or ``;``; blank parts dropped."""
    return [part.strip() for part in re.split(r"[;,]", line) if part.strip()]


# ----------------------------------------------------------- semantics


class _Position:
    """The parts of a phase document that order checking needs."""

    def __init__(self, variant: Variant, doc: dict[str, Any]) -> None:
        self.variant = variant
        self.kind = str(doc.get("phase", "S1901M"))[-1:].upper()
        self.units: dict[str, Unit] = {}
        for entry in doc.get("units", []):
            self.units[entry["province"]] = Unit(entry["power"], UnitType(entry["type"]))
        self.dislodged: dict[str, Unit] = {}
        self.options: dict[str, list[str]] = {}
        for entry in doc.get("dislodged", []):
            loc = entry["province"]
            self.dislodged[loc] = Unit(entry["power"], UnitType(entry["type"]))
            self.options[loc] = list(entry.get("retreat_options", []))
        centers = doc.get("supply_centers")
        if centers is None:
            centers = {p: list(c) for p, c in variant.starting_centers.items()}
        self.owner = {c: power for power, owned in centers.items() for c in owned}

    @classmethod
    def of(cls, variant: Variant, position: Position) -> _Position:
        """The checking view of an engine position (no round trip through JSON)."""
        pos = cls.__new__(cls)
        pos.variant = variant
        pos.kind = position.phase.kind
        pos.units = dict(position.units)
        pos.dislodged = {loc: d.unit for loc, d in position.dislodged.items()}
        pos.options = {loc: list(d.retreat_options) for loc, d in position.dislodged.items()}
        pos.owner = dict(position.centers)
        return pos

    def unit_in(self, province: str, dislodged: bool = False) -> str | None:
        """The location of the unit in a province (any coast), if one is there."""
        pool = self.dislodged if dislodged else self.units
        for loc in self.variant.fleet_locations(province) + (province,):
            if loc in pool:
                return loc
        return None


class _Refusal(Exception):
    """An order that is understood but cannot be accepted."""


def _name(variant: Variant, loc: str) -> str:
    return variant.location_name(loc)


def canonical(order: AnyOrder, units: dict[str, Unit], kind: str) -> str:
    """The judge's own spelling of an order, e.g. ``A par - bur``."""

    def unit(loc: str) -> str:
        u = units.get(loc)
        return f"{u.type.value if u else '?'} {loc}"

    if isinstance(order, Hold):
        return f"{unit(order.unit)} H"
    if isinstance(order, Move):
        return f"{unit(order.unit)} - {order.dest}" + (" via convoy" if order.via_convoy else "")
    if isinstance(order, SupportHold):
        return f"{unit(order.unit)} S {unit(order.target)}"
    if isinstance(order, SupportMove):
        return f"{unit(order.unit)} S {unit(order.target)} - {order.dest}"
    if isinstance(order, Convoy):
        return f"{unit(order.unit)} C {unit(order.army)} - {order.dest}"
    if isinstance(order, Retreat):
        return f"{unit(order.unit)} R {order.dest}"
    if isinstance(order, Disband):
        return f"{unit(order.unit)} D" if kind == "R" else f"Remove {unit(order.unit)}"
    if isinstance(order, Build):
        return f"Build {order.type.value} {order.unit}"
    return "Waive"


def check_orders(position: dict[str, Any], power: str, lines: list[str]) -> list[OrderCheck]:
    """Check a power's order lines in a position (a phase document); one result per order."""
    variant = load_variant(position.get("variant", "standard"))
    return _check_lines(variant, _Position(variant, position), power, lines)


def check_position_orders(
    variant: Variant, position: Position, power: str, lines: list[str]
) -> list[OrderCheck]:
    """Like :func:`check_orders`, for an engine :class:`Position` already read."""
    return _check_lines(variant, _Position.of(variant, position), power, lines)


def _check_lines(
    variant: Variant, pos: _Position, power: str, lines: list[str]
) -> list[OrderCheck]:
    checks = []
    waives = 0
    for line in lines:
        for text in split_orders(line):
            check = _check_one(variant, pos, power, text)
            if check.ok and isinstance(check.order, Waive):
                waives += 1
                check = OrderCheck(
                    text, True, check.canonical, f"waive:{waives}", None, check.order, power
                )
            checks.append(check)
    return checks


def _check_one(variant: Variant, pos: _Position, power: str, text: str) -> OrderCheck:
    try:
        parsed = parse_order(variant, text)
    except OrderSyntaxError as error:
        return OrderCheck(text, False, message=f"{text}: {error}", power=power)
    try:
        order, units = _interpret(variant, pos, power, parsed)
    except _Refusal as refusal:
        return OrderCheck(text, False, message=f"{text}: {refusal}", power=power)
    key = _key(order)
    return OrderCheck(text, True, canonical(order, units, pos.kind), key, None, order, power)


def _key(order: AnyOrder) -> str:
    if isinstance(order, Build):
        return f"build:{order.unit.split('/')[0]}"
    if isinstance(order, Disband) and not isinstance(order, Retreat):
        return str(order.unit)
    if isinstance(order, Waive):
        return "waive"
    return str(order.unit)


def _interpret(
    variant: Variant, pos: _Position, power: str, parsed: ParsedOrder
) -> tuple[AnyOrder, dict[str, Unit]]:
    if pos.kind == "A":
        return _interpret_adjustment(variant, pos, power, parsed), pos.units
    if pos.kind == "R":
        return _interpret_retreat(variant, pos, power, parsed), pos.dislodged
    return _interpret_movement(variant, pos, power, parsed), pos.units


def _own_unit(
    variant: Variant, pos: _Position, power: str, place: Place, dislodged: bool = False
) -> str:
    loc = pos.unit_in(place.province, dislodged)
    name = variant.provinces[place.province].name
    if loc is None:
        if dislodged and pos.unit_in(place.province):
            raise _Refusal(f"the unit in {name} was not dislodged and has no retreat to make")
        raise _Refusal(f"there is no unit in {name}" + (" to retreat" if dislodged else ""))
    unit = (pos.dislodged if dislodged else pos.units)[loc]
    if unit.power != power:
        adjective = variant.powers[unit.power].adjective if unit.power in variant.powers else ""
        raise _Refusal(f"the unit in {name} is not yours (it is {adjective or unit.power})")
    return loc


def _destination(variant: Variant, unit_type: UnitType, src: str, place: Place) -> str:
    """The exact location a unit moves to: armies ignore coasts, fleets need one."""
    province = place.province
    coasts = variant.coasts_of(province)
    if unit_type is UnitType.ARMY or not coasts:
        return province
    geo = geography_for(variant)
    if place.coast in coasts:
        return f"{province}/{place.coast}"
    reachable = [
        loc for loc in variant.fleet_locations(province) if geo.can_move(unit_type, src, loc)
    ]
    if len(reachable) == 1:
        return reachable[0]
    name = variant.provinces[province].name
    if not reachable:
        return f"{province}/{coasts[0]}"  # unreachable either way: legality says why
    listed = " or ".join(_name(variant, loc) for loc in reachable)
    raise _Refusal(f"say which coast of {name}: {listed}")


def _interpret_movement(
    variant: Variant, pos: _Position, power: str, parsed: ParsedOrder
) -> AnyOrder:
    if parsed.action not in {"hold", "move", "support", "convoy"}:
        raise _Refusal(f"a {parsed.action} order is not possible in a movement phase")
    assert parsed.place is not None
    loc = _own_unit(variant, pos, power, parsed.place)
    unit = pos.units[loc]
    order: AnyOrder
    if parsed.action == "hold":
        order = Hold(loc)
    elif parsed.action == "move":
        assert parsed.dest is not None
        dest = _destination(variant, unit.type, loc, parsed.dest)
        order = Move(loc, dest, parsed.via_convoy)
    elif parsed.action == "support":
        order = _support(variant, pos, loc, parsed)
    else:
        order = _convoy(variant, pos, loc, parsed)
    reason = illegal_reason(geography_for(variant), pos.units, order)
    if reason is not None:
        raise _Refusal(reason)
    return order


def _support(variant: Variant, pos: _Position, loc: str, parsed: ParsedOrder) -> AnyOrder:
    assert parsed.target is not None
    target = pos.unit_in(parsed.target.province)
    if target is None:
        name = variant.provinces[parsed.target.province].name
        raise _Refusal(f"there is no unit in {name} to support")
    if parsed.dest is None:
        return SupportHold(loc, target)
    dest = parsed.dest.province
    coasts = variant.coasts_of(dest)
    if parsed.dest.coast in coasts and pos.units[target].type is UnitType.FLEET:
        dest = f"{dest}/{parsed.dest.coast}"
    return SupportMove(loc, target, dest)


def _convoy(variant: Variant, pos: _Position, loc: str, parsed: ParsedOrder) -> AnyOrder:
    assert parsed.target is not None and parsed.dest is not None
    army = pos.unit_in(parsed.target.province)
    if army is None:
        name = variant.provinces[parsed.target.province].name
        raise _Refusal(f"there is no unit in {name} to convoy")
    return Convoy(loc, army, parsed.dest.province)


def _interpret_retreat(
    variant: Variant, pos: _Position, power: str, parsed: ParsedOrder
) -> AnyOrder:
    if parsed.action not in {"move", "retreat", "disband", "remove"}:
        raise _Refusal("only retreats and disbands are possible in a retreat phase")
    assert parsed.place is not None
    loc = _own_unit(variant, pos, power, parsed.place, dislodged=True)
    if parsed.action in {"disband", "remove"}:
        return Disband(loc)
    assert parsed.dest is not None
    unit = pos.dislodged[loc]
    options = pos.options.get(loc, [])
    province = parsed.dest.province
    matches = [o for o in options if variant.province_of(o) == province]
    if unit.type is UnitType.FLEET and parsed.dest.coast in variant.coasts_of(province):
        matches = [o for o in matches if o == f"{province}/{parsed.dest.coast}"]
    if len(matches) == 1:
        return Retreat(loc, matches[0])
    name = variant.provinces[province].name
    if not matches:
        allowed = ", ".join(_name(variant, o) for o in options) or "nowhere (it must disband)"
        raise _Refusal(f"cannot retreat to {name}; it may retreat to {allowed}")
    raise _Refusal(f"say which coast of {name}")


def _interpret_adjustment(
    variant: Variant, pos: _Position, power: str, parsed: ParsedOrder
) -> AnyOrder:
    if parsed.action == "waive":
        return Waive(power)
    assert parsed.place is not None
    if parsed.action in {"remove", "disband"}:
        return Disband(_own_unit(variant, pos, power, parsed.place))
    if parsed.action != "build":
        raise _Refusal("only builds, removals and waives are possible in an adjustment phase")
    return _build(variant, pos, power, parsed)


def _build(variant: Variant, pos: _Position, power: str, parsed: ParsedOrder) -> Build:
    assert parsed.place is not None
    province = parsed.place.province
    info = variant.provinces[province]
    if province not in variant.powers[power].home_centers:
        raise _Refusal(f"{info.name} is not one of your home centres")
    if pos.owner.get(province) != power:
        raise _Refusal(f"you do not own {info.name}")
    if pos.unit_in(province) is not None:
        raise _Refusal(f"{info.name} is occupied")
    unit_type = parsed.unit_type
    coasts = variant.coasts_of(province)
    if unit_type is None:
        if info.kind == "land":
            unit_type = UnitType.ARMY
        elif coasts and parsed.place.coast in coasts:
            unit_type = UnitType.FLEET
        else:
            raise _Refusal(f"say whether to build an army or a fleet in {info.name}")
    if unit_type is UnitType.ARMY:
        return Build(province, UnitType.ARMY, power)
    if info.kind == "land":
        raise _Refusal(f"a fleet cannot be built in {info.name}, which is inland")
    if coasts:
        if parsed.place.coast not in coasts:
            listed = " or ".join(_name(variant, loc) for loc in variant.fleet_locations(province))
            raise _Refusal(f"say which coast of {info.name}: {listed}")
        return Build(f"{province}/{parsed.place.coast}", UnitType.FLEET, power)
    return Build(province, UnitType.FLEET, power)


def units_without_orders(position: dict[str, Any], power: str, keys: set[str]) -> list[str]:
    """The power's units (or dislodged units in a retreat phase) that have no order yet."""
    variant = load_variant(position.get("variant", "standard"))
    pos = _Position(variant, position)
    pool = pos.dislodged if pos.kind == "R" else pos.units
    if pos.kind == "A":
        return []
    return [
        f"{unit.type.value} {loc}"
        for loc, unit in sorted(pool.items())
        if unit.power == power and loc not in keys
    ]
