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
from collections.abc import Mapping
from typing import Any, NamedTuple

from judge.engine.adjustments import adjustment_refusal
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
from judge.variant.data import Variant, load_variant
from judge.variant.place_hints import closest_names

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
_END = ""  # the token after the last one of an order
# The class of every keyword and sign; a name never spans one of these
# ("mar s" is Marseilles then "support"; "swe - den" is a move).
_KIND: dict[str, str] = {
    word: kind
    for kind, words in (
        ("hold", _HOLD),
        ("move", _MOVE),
        ("support", _SUPPORT),
        ("convoy", _CONVOY),
        ("retreat", _RETREAT),
        ("disband", _DISBAND),
        ("build", _BUILD),
        ("remove", _REMOVE),
        ("waive", _WAIVE),
        ("via", _VIA),
        ("army", _ARMY),
        ("fleet", _FLEET),
        ("sign", {"/", "(", ")"}),
        ("end", {_END}),
    )
    for word in words
}
# Signs, then words; "par-bur" is one word here (split later if both are names).
_TOKEN = re.compile(r"->|=>|[-/()=>]|[^\s\-/()=>]+(?:-[^\s\-/()=>]+)*")
_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2192": "->"})
_MAX_NAME_WORDS = 6
_SEPARATOR = re.compile(r"[;,]")
_COAST_STOP = {")", "-", "->", "=>", _END}
_SHORT_COASTS = {"nc", "sc", "ec", "wc"}


@functools.lru_cache(maxsize=65536)
def _lookup_province(variant: Variant, text: str) -> str | None:
    return variant.lookup_province(text)


@functools.lru_cache(maxsize=16)
def _province_names(variant: Variant) -> dict[str, str]:
    return {code: prov.name for code, prov in variant.provinces.items()}


@functools.lru_cache(maxsize=4096)
def _lookup_coast(variant: Variant, text: str) -> str | None:
    return variant.lookup_coast(text)


class OrderSyntaxError(ValueError):
    """An order whose words cannot be read."""


class Place(NamedTuple):
    """A province named in an order, with the coast the writer gave (if any)."""

    province: str
    coast: str | None = None


class ParsedOrder(NamedTuple):
    """The words of one order, read but not yet checked against a position."""

    action: str  # hold move support convoy retreat disband build remove waive
    unit_type: UnitType | None = None
    place: Place | None = None
    target_type: UnitType | None = None
    target: Place | None = None
    dest: Place | None = None
    via_convoy: bool = False


class OrderCheck(NamedTuple):
    """One order as written, and what the judge made of it."""

    text: str
    ok: bool
    canonical: str | None = None
    key: str | None = None
    message: str | None = None
    order: AnyOrder | None = None
    power: str | None = None


# ----------------------------------------------------------------- syntax


def _tokens(variant: Variant, text: str) -> list[str]:
    """The lower-case words and signs of an order, then the end marker ``_END``."""
    text = text.replace(".", " ").replace(":", " ")
    if not text.isascii():
        text = text.translate(_DASHES)
    tokens: list[str] = []
    for word in text.lower().split():
        if word.isalpha() or word in _KIND:
            tokens.append(word)  # the usual case: a plain word or a sign on its own
        else:
            for token in _TOKEN.findall(word):
                tokens.extend(_split_hyphenated(variant, token))
    tokens.append(_END)
    return tokens


def _split_hyphenated(variant: Variant, token: str) -> list[str]:
    """``par-bur`` is two places and a move; ``mid-atlantic`` is one name.  A token
    that is no name but begins with a province (``bud-srb``) is split too, so that a
    refusal names the word that is wrong (``srb``)."""
    parts = token.split("-")
    if len(parts) == 1 or not all(parts):
        return [token]
    if not all(_lookup_province(variant, part) for part in parts) and (
        _lookup_province(variant, token) or not _lookup_province(variant, parts[0])
    ):
        return [token]
    spaced: list[str] = []
    for part in parts:
        spaced.extend([part, "-"])
    return spaced[:-1]


class _Reader:
    """A cursor over the tokens of one order."""

    __slots__ = ("variant", "text", "tokens", "pos")

    def __init__(self, variant: Variant, text: str) -> None:
        self.variant = variant
        self.text = text
        self.tokens = _tokens(variant, text)
        self.pos = 0

    def shown(self, index: int) -> str:
        """The token at ``index`` as the player wrote it (for refusals)."""
        token = self.tokens[index]
        if not token:
            return "the end of the order"
        found = re.search(re.escape(token), self.text, re.IGNORECASE)
        return found.group(0) if found else token

    def kind(self) -> str | None:
        """The class of the current token ("end" after the last), None for other words."""
        return _KIND.get(self.tokens[self.pos])

    def unit(self, what: str) -> tuple[UnitType | None, Place]:
        """An optional unit type, then a place (``what`` names it in errors)."""
        kind = self.kind()
        if kind == "army" or kind == "fleet":
            # "a" or "f" followed by nothing readable as a place is not a unit type.
            found = self._name(self.pos + 1)
            if found is not None:
                self.pos += 1
                return (UnitType.ARMY if kind == "army" else UnitType.FLEET), self._place(found)
            if self._name(self.pos) is None and self.tokens[self.pos + 1] not in _KIND:
                # "A Pari": the unit type, then a word that is no place: name that word.
                raise OrderSyntaxError(self.not_a_place(self.pos + 1, what))
        return None, self.place(what)

    def place(self, what: str) -> Place:
        """A province name and the coast written after it, if any."""
        found = self._name(self.pos)
        if found is None:
            raise OrderSyntaxError(self.not_a_place(self.pos, what))
        return self._place(found)

    def not_a_place(self, index: int, what: str) -> str:
        """Why the token at ``index`` is refused where ``what`` was expected: a word
        that is no province is named as such, with the closest names."""
        token = self.tokens[index]
        if not token or token in _KIND:
            return f"expected {what}, found '{self.shown(index)}'"
        names = _province_names(self.variant)
        return f"'{self.shown(index)}' is not a province{closest_names(names, token)}"

    def skip_to(self) -> None:
        """Skip the "to" of "move to", "moves to", "retreats to" (one move sign)."""
        if self.tokens[self.pos] == "to" and self.tokens[self.pos - 1] != "to":
            self.pos += 1

    def _place(self, found: tuple[str, int]) -> Place:
        code, length = found
        self.pos += length
        return Place(code, self._coast())

    def _name(self, start: int) -> tuple[str, int] | None:
        """The province named by the longest run of tokens from ``start``, and its length."""
        tokens = self.tokens
        if tokens[start] == _END:
            return None
        # Only a run of plain words can be a name of several words.
        run = 1
        if tokens[start] not in _KIND:
            while run < _MAX_NAME_WORDS and tokens[start + run] not in _KIND:
                run += 1
        for length in range(run, 0, -1):
            words = tokens[start] if length == 1 else " ".join(tokens[start : start + length])
            code = _lookup_province(self.variant, words)
            if code is not None:
                return code, length
        return None

    def _coast(self) -> str | None:
        """A coast after a name: ``/nc``, ``(nc)``, ``nc``, ``north coast``, ``(north)``."""
        tokens, first = self.tokens, self.pos
        if tokens[first] in _COAST_STOP:
            return None
        bracketed = tokens[first] in ("/", "(")
        first += bracketed
        end, found = first, None
        while end < first + 2 and tokens[end] not in _COAST_STOP:
            end += 1
            text = " ".join(tokens[first:end])
            if not bracketed and end == first + 1 and text not in _SHORT_COASTS:
                continue  # a bare "s" or "north" is more likely a keyword or a name
            coast = _lookup_coast(self.variant, text)
            if coast is None:
                continue
            # After "/" or "(" a name that ends at ")" (or "-", or the end) is preferred:
            # "(south coast)", not "(south" then "coast)"; but "/nc s ..." is "/nc" and "s".
            at_stop = tokens[end] in _COAST_STOP
            if found is None or at_stop:
                found = (coast, end)
            if not bracketed or at_stop:
                break
        if found is None:
            return None
        coast, end = found
        self.pos = end + (bracketed and tokens[end] == ")")
        return coast

    def expect_end(self) -> None:
        """Refuse anything left after a complete order."""
        if self.tokens[self.pos] != _END:
            rest = " ".join(self.shown(i) for i in range(self.pos, len(self.tokens) - 1))
            raise OrderSyntaxError(f"did not understand '{rest}' at the end")


# Reading depends on the text and the variant's names only, so each text is read
# once: games and batches repeat most order texts ("A Par H") from phase to phase.
# The value is the parsed order, or the reason it cannot be read.
_READ: dict[tuple[Variant, str], ParsedOrder | str] = {}
_READ_LIMIT = 100_000


def parse_order(variant: Variant, text: str) -> ParsedOrder:
    """Read one order; raise OrderSyntaxError with a reason when it cannot be read."""
    key = (variant, text)
    found = _READ.get(key)
    if found is None:
        try:
            found = _read_order(variant, text)
        except OrderSyntaxError as error:
            found = str(error)
        if len(_READ) >= _READ_LIMIT:
            _READ.clear()
        _READ[key] = found
    if isinstance(found, str):
        raise OrderSyntaxError(found)
    return found


def clear_read_cache() -> None:
    """Forget the order texts read so far (benchmarks time reading afresh)."""
    _READ.clear()


def _read_order(variant: Variant, text: str) -> ParsedOrder:
    reader = _Reader(variant, text)
    first = reader.kind()
    if first == "end":
        raise OrderSyntaxError("empty order")
    if first == "waive":
        reader.pos += 1
        if reader.kind() != "end":
            raise OrderSyntaxError("'waive' takes nothing after it")
        return ParsedOrder("waive")
    leading = first in ("build", "remove", "disband")
    reader.pos += leading
    unit_type, place = reader.unit("a unit's province")
    if leading:
        reader.expect_end()
        return ParsedOrder("build" if first == "build" else "remove", unit_type, place)
    return _parse_action(reader, unit_type, place)


def _parse_action(reader: _Reader, unit_type: UnitType | None, place: Place) -> ParsedOrder:
    kind = reader.kind()
    if kind == "end":
        return ParsedOrder("hold", unit_type, place)
    reader.pos += 1
    if kind == "hold":
        reader.expect_end()
        return ParsedOrder("hold", unit_type, place)
    if kind == "move" or kind == "retreat":
        reader.skip_to()
        dest = reader.place("a destination")
        while reader.kind() == "move":  # a written convoy path: keep its last step
            reader.pos += 1
            reader.skip_to()
            dest = reader.place("a destination")
        via = _via_convoy(reader)
        reader.expect_end()
        return ParsedOrder(kind, unit_type, place, dest=dest, via_convoy=via)
    if kind == "support" or kind == "convoy":
        target_type, target = reader.unit("the supported unit" if kind == "support" else "the army")
        dest = None
        after = reader.kind()
        if after == "move":
            reader.pos += 1
            reader.skip_to()
            dest = reader.place("a destination")
        elif after == "hold":
            reader.pos += 1
        reader.expect_end()
        if kind == "convoy" and dest is None:
            raise OrderSyntaxError("a convoy needs the army's destination: F Nth C A Lon - Bel")
        return ParsedOrder(kind, unit_type, place, target_type, target, dest)
    if kind == "disband" or kind == "remove" or kind == "build":
        reader.expect_end()
        return ParsedOrder("build" if kind == "build" else "disband", unit_type, place)
    reader.pos -= 1
    raise OrderSyntaxError(f"did not understand '{reader.shown(reader.pos)}'")


def _via_convoy(reader: _Reader) -> bool:
    if reader.kind() != "via":
        return False
    reader.pos += 1
    if reader.kind() != "convoy":
        raise OrderSyntaxError("expected 'convoy' after 'via'")
    reader.pos += 1
    return True


def split_orders(line: str) -> list[str]:
    """The orders of one line: separated by ``,`` or ``;``; blank parts dropped."""
    if "," not in line and ";" not in line:
        line = line.strip()
        return [line] if line else []
    return [part.strip() for part in _SEPARATOR.split(line) if part.strip()]


# ----------------------------------------------------------- semantics


class _Position:
    """The parts of a phase document that order checking needs."""

    def __init__(self, variant: Variant, doc: dict[str, Any]) -> None:
        self.variant = variant
        self.locations = _locations_in(variant)
        self.kind = str(doc.get("phase", "S1901M"))[-1:].upper()
        self.units: Mapping[str, Unit] = {
            entry["province"]: Unit(entry["power"], UnitType(entry["type"]))
            for entry in doc.get("units", [])
        }
        self.dislodged: dict[str, Unit] = {}
        self.options: dict[str, list[str]] = {}
        for entry in doc.get("dislodged", []):
            loc = entry["province"]
            self.dislodged[loc] = Unit(entry["power"], UnitType(entry["type"]))
            self.options[loc] = list(entry.get("retreat_options", []))
        centers = doc.get("supply_centers")
        if centers is None:
            centers = {p: list(c) for p, c in variant.starting_centers.items()}
        self.owner: Mapping[str, str] = {
            c: power for power, owned in centers.items() for c in owned
        }

    @classmethod
    def of(cls, variant: Variant, position: Position) -> _Position:
        """The checking view of an engine position (no round trip through JSON)."""
        pos = cls.__new__(cls)
        pos.variant = variant
        pos.locations = _locations_in(variant)
        pos.kind = position.phase.kind
        pos.units = position.units  # read, never changed
        pos.dislodged = {loc: d.unit for loc, d in position.dislodged.items()}
        pos.options = {loc: list(d.retreat_options) for loc, d in position.dislodged.items()}
        pos.owner = position.centers
        return pos

    def unit_in(self, province: str, dislodged: bool = False) -> str | None:
        """The location of the unit in a province (any coast), if one is there."""
        pool = self.dislodged if dislodged else self.units
        for loc in self.locations[province]:
            if loc in pool:
                return loc
        return None


@functools.lru_cache(maxsize=16)
def _locations_in(variant: Variant) -> dict[str, tuple[str, ...]]:
    """Every location of each province, its coasts first (computed once per variant)."""
    return {
        province: variant.fleet_locations(province) + (province,) for province in variant.provinces
    }


class _Refusal(Exception):
    """An order that is understood but cannot be accepted."""


def _name(variant: Variant, loc: str) -> str:
    return variant.location_name(loc)


def canonical(order: AnyOrder, units: Mapping[str, Unit], kind: str) -> str:
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
    """The unit (or build site) an order is for: a later order for it replaces this one."""
    if isinstance(order, Build):
        return f"build:{order.unit.split('/')[0]}"
    if isinstance(order, Waive):
        return "waive"
    return str(order.unit)


def _interpret(
    variant: Variant, pos: _Position, power: str, parsed: ParsedOrder
) -> tuple[AnyOrder, Mapping[str, Unit]]:
    if pos.kind == "A":
        return _interpret_adjustment(variant, pos, power, parsed), pos.units
    if pos.kind == "R":
        return _interpret_retreat(variant, pos, power, parsed), pos.dislodged
    return _interpret_movement(variant, pos, power, parsed), pos.units


def _own_unit(
    variant: Variant, pos: _Position, power: str, place: Place, dislodged: bool = False
) -> str:
    loc = pos.unit_in(place.province, dislodged)
    if loc is None:
        name = variant.provinces[place.province].name
        if dislodged and pos.unit_in(place.province):
            raise _Refusal(f"the unit in {name} was not dislodged and has no retreat to make")
        raise _Refusal(f"there is no unit in {name}" + (" to retreat" if dislodged else ""))
    unit = (pos.dislodged if dislodged else pos.units)[loc]
    if unit.power != power:
        name = variant.provinces[place.province].name
        adjective = variant.powers[unit.power].adjective if unit.power in variant.powers else ""
        raise _Refusal(f"the unit in {name} is not yours (it is {adjective or unit.power})")
    return loc


def _destination(variant: Variant, unit_type: UnitType, src: str, place: Place) -> str:
    """The exact location a unit moves to: armies ignore coasts, fleets need one."""
    province = place.province
    if unit_type is UnitType.ARMY:
        return province
    coasts = variant.coasts_of(province)
    if not coasts:
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
    if parsed.action not in {"waive", "remove", "disband", "build"}:
        raise _Refusal("only builds, removals and waives are possible in an adjustment phase")
    removing = parsed.action in {"remove", "disband"}
    _check_adjustment_due(pos, power, removing)
    if parsed.action == "waive":
        return Waive(power)
    assert parsed.place is not None
    if removing:
        return Disband(_own_unit(variant, pos, power, parsed.place))
    return _build(variant, pos, power, parsed)


def _check_adjustment_due(pos: _Position, power: str, removing: bool) -> None:
    """Refuse a removal when the power may build, and a build or waive when it must
    remove (or when it has as many units as supply centres)."""
    change = sum(1 for owner in pos.owner.values() if owner == power)
    change -= sum(1 for unit in pos.units.values() if unit.power == power)
    reason = adjustment_refusal(change, removing)
    if reason is not None:
        raise _Refusal(reason)


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
