"""The words of Outer Space's orders (D24), read by the shared parser core.

Besides the standard forms::

    A ORB H            A Orbit holds                 (an army in orbit holds)
    A ORB - Par        A Orbit -> Paris              (beam-down)
    A Par - ORB        A Par to Orbit                (beam-up)
    A Par COL          A Bur COL Par                 (colonize; also Colonize,
                                                      Colonise, Colony, Brainwash,
                                                      Assimilate)
    A Bur S A ORB - Par                              (support of one's own beam-down)
    A Bur S A ORB(Alpha) - Par                       (of Alpha's beam-down)
    A Par R ORB                                      (retreat into the spacecraft)
    Remove A ORB                                     (removal of an army in orbit)

The armies of a spacecraft are interchangeable (D7): each order naming ``A ORB``
takes the next army in orbit not ordered yet by the same batch of orders, and each
beam-up or retreat into the spacecraft the next free place (counted at the start
of the phase, D13; Q4).  Surplus orders are refused.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from judge.engine.kinds import Order
from judge.engine.orders import Retreat
from judge.engine.units import Unit, UnitType
from judge.orders.reader import (
    Context,
    KindSyntax,
    OrderSyntax,
    OrderSyntaxError,
    ParsedOrder,
    Place,
    Reader,
    Refusal,
)
from judge.orders.standard import (
    R_ALONE,
    STANDARD_KINDS,
    check_adjustment_due,
    read_support_tail,
)
from judge.rules.outerspace.engine import engine_for
from judge.rules.outerspace.kinds import (
    IN_ORBIT_ONLY,
    BeamDown,
    BeamSupport,
    BeamUp,
    Colonize,
    OrbitHold,
    OrbitRemove,
    OrbitRetreat,
    beam_down_reason,
)
from judge.rules.outerspace.space import CAPACITY, ORBIT, orbit_slots

COLONIZE_WORDS = (
    "col",
    "colonize",
    "colonizes",
    "colonise",
    "colonises",
    "colony",  # the noun, as players write it too: A Par colony
    "brainwash",
    "brainwashes",
    "assimilate",
    "assimilates",
)
ORBIT_WORDS = ("orb", "orbit")
BEAM_WORDS = ("beam", "beams")  # "A ORB beams down to Mun", "A Par beams up"

# The standard interpreters, which these wrap for the orders that name no spacecraft.
_STANDARD = {key: interpret for kind in STANDARD_KINDS for key, interpret in kind.interpret.items()}


def _orb(place: Place | None) -> bool:
    return place is not None and place.province == ORBIT


# ------------------------------------------------------------------ reading


def _read_colonize(
    reader: Reader, kind: str, unit_type: UnitType | None, place: Place
) -> ParsedOrder:
    """``COL`` alone (the unit's own province) or ``COL Par``."""
    target = None if reader.kind() == "end" else reader.place("the province to colonize")
    reader.expect_end()
    return ParsedOrder("colonize", unit_type, place, dest=target)


def _read_colonize_first(reader: Reader, kind: str) -> ParsedOrder:
    """The word first, as a move may be written (``Colonize A Par``, ``COL A Bur Par``)."""
    unit_type, place = reader.unit("a unit's province")
    return _read_colonize(reader, kind, unit_type, place)


def _spacecraft(reader: Reader) -> Place:
    """The empire named in ``ORB(Alpha)``, from the bracket at the reader's place, as
    the place's ``coast``; the reader goes past the closing bracket."""
    start = reader.pos + 1
    end = start
    while reader.tokens[end] not in (")", ""):
        end += 1
    words = " ".join(reader.tokens[start:end])
    power = reader.variant.lookup_power(words) if words else None
    if power is None or reader.tokens[end] != ")":
        raise OrderSyntaxError(f"expected an empire's name in ORB(...), found '{words}'")
    reader.pos = end + 1
    return Place(ORBIT, power)


def _read_support(
    reader: Reader, kind: str, unit_type: UnitType | None, place: Place
) -> ParsedOrder:
    """The standard support and convoy, where the other unit may be ``A ORB`` or
    ``A ORB(Alpha)`` (the empire's name is carried as the place's ``coast``)."""
    target_type, target = reader.unit("the supported unit" if kind == "support" else "the army")
    if target.province == ORBIT and reader.tokens[reader.pos] == "(":
        target = _spacecraft(reader)
    return read_support_tail(reader, kind, unit_type, place, target_type, target)


def _read_named_spacecraft(
    reader: Reader, kind: str, unit_type: UnitType | None, place: Place
) -> ParsedOrder:
    """The ordered unit written with its empire's spacecraft, as supports name it
    (``A ORB(Zorg) - Par``, ``A ORB (Zorg)``); then the order as after ``A ORB``."""
    reader.pos -= 1
    if place.province != ORBIT or reader.tokens[reader.pos] != "(":
        raise OrderSyntaxError(f"did not understand '{reader.shown(reader.pos)}'")
    place = _spacecraft(reader)
    then = reader.kind()
    if then == "end":
        return ParsedOrder("hold", unit_type, place)
    read = _AFTER_UNIT.get(then) if then is not None else None
    if read is None:
        raise OrderSyntaxError(f"did not understand '{reader.shown(reader.pos)}'")
    reader.pos += 1
    return read(reader, then, unit_type, place)


def _read_beam(reader: Reader, kind: str, unit_type: UnitType | None, place: Place) -> ParsedOrder:
    """The game's own word for a beam-down or a beam-up, a move (``A ORB beams down
    to Mun``, ``A Par beams up``: up, with no place, is into the spacecraft)."""
    up = reader.tokens[reader.pos] == "up"
    if reader.tokens[reader.pos] in ("up", "down"):
        reader.pos += 1
    return _beam_to(reader, unit_type, place, up)


def _read_beam_first(reader: Reader, kind: str) -> ParsedOrder:
    """The word first, as a move may be written (``Beam down A ORB to Kiel``)."""
    up = reader.tokens[reader.pos] == "up"
    if reader.tokens[reader.pos] in ("up", "down"):
        reader.pos += 1
    unit_type, place = reader.unit("a unit's province")
    return _beam_to(reader, unit_type, place, up)


def _beam_to(reader: Reader, unit_type: UnitType | None, place: Place, up: bool) -> ParsedOrder:
    if reader.kind() == "move":
        reader.pos += 1
    if up and reader.kind() == "end":
        dest = Place(ORBIT)
    else:
        dest = reader.place("the province to beam down to" if not up else "ORB")
    reader.expect_end()
    return ParsedOrder("move", unit_type, place, dest=dest)


# ------------------------------------------------------- armies in orbit


def _in_orbit(ctx: Context, power: str) -> list[str]:
    return [slot for slot in orbit_slots(power) if slot in ctx.pos.units]


# D4: a spacecraft carries armies only.
NO_FLEET_IN_ORBIT = (
    "there is no fleet in orbit: a spacecraft carries armies only (fleets cannot be "
    "beamed up); an order for a unit in orbit is written A ORB"
)


def _orbit_type(unit_type: UnitType | None) -> None:
    """Refuse an order that names a fleet in orbit (D4): it never takes an army's place."""
    if unit_type is not None and unit_type is not UnitType.ARMY:
        raise Refusal(NO_FLEET_IN_ORBIT)


def _take_orbit_army(ctx: Context, unit_type: UnitType | None, place: Place) -> str:
    """The next army of the power in orbit that no earlier order of the batch took
    (an order naming a fleet in orbit, or another empire's spacecraft, is refused
    and takes none)."""
    _orbit_type(unit_type)
    if place.coast not in (None, ctx.power):
        name = ctx.variant.powers[place.coast].name
        raise Refusal(f"ORB({name}) is {name}'s spacecraft: you order the armies in yours (A ORB)")
    taken: set[str] = ctx.memo.setdefault("orbit armies", set())
    mine = _in_orbit(ctx, ctx.power)
    for slot in mine:
        if slot not in taken:
            taken.add(slot)
            return slot
    if not mine:
        raise Refusal("you have no army in orbit")
    count = f"{len(mine)} {'army' if len(mine) == 1 else 'armies'}"
    them = "it" if len(mine) == 1 else "them all"
    raise Refusal(f"you have {count} in orbit, and earlier orders already use {them}")


def _take_free_place(ctx: Context, loc: str) -> str:
    """The next place in the power's spacecraft free at the start of the phase that no
    earlier beam-up or retreat of the batch took (D13, Q4); a second order for the
    same army (which replaces the first) keeps its place."""
    taken: dict[str, str] = ctx.memo.setdefault("orbit places", {})
    if loc in taken:
        return taken[loc]
    for slot in orbit_slots(ctx.power):
        if slot not in ctx.pos.units and slot not in taken.values():
            taken[loc] = slot
            return slot
    raise Refusal(
        f"there is no room in your spacecraft: it carries {CAPACITY} armies at most, "
        "counting the armies in orbit at the start of the phase and earlier orders"
    )


# ------------------------------------------------------------ movement


def _hold(ctx: Context, parsed: ParsedOrder) -> Order:
    if _orb(parsed.place):
        return OrbitHold(_take_orbit_army(ctx, parsed.unit_type, parsed.place))
    return _STANDARD[("M", "hold")](ctx, parsed)


def _move(ctx: Context, parsed: ParsedOrder) -> Order:
    assert parsed.place is not None and parsed.dest is not None
    if _orb(parsed.place):
        if _orb(parsed.dest):
            raise Refusal("the army is in orbit already")
        slot = _take_orbit_army(ctx, parsed.unit_type, parsed.place)
        reason = beam_down_reason(ctx.geo, ctx.pos.units[slot], slot, parsed.dest.province)
        if reason is not None:
            ctx.memo["orbit armies"].discard(slot)  # a refused order takes no army
            raise Refusal(reason)
        return BeamDown(slot, parsed.dest.province)
    if _orb(parsed.dest):
        loc = ctx.own_unit(parsed.place)
        if ctx.pos.units[loc].type is not UnitType.ARMY:
            raise Refusal("fleets cannot be beamed up (battleships are too heavy): only armies")
        return BeamUp(loc, _take_free_place(ctx, loc))
    return _STANDARD[("M", "move")](ctx, parsed)


def _support(ctx: Context, parsed: ParsedOrder) -> Order:
    assert parsed.place is not None and parsed.target is not None
    if _orb(parsed.place):
        raise Refusal(IN_ORBIT_ONLY)
    if _orb(parsed.dest):
        raise Refusal("nothing in a spacecraft can be supported")
    if not _orb(parsed.target):
        return _STANDARD[("M", "support")](ctx, parsed)
    _orbit_type(parsed.target_type)
    loc = ctx.own_unit(parsed.place)
    power = parsed.target.coast or ctx.power
    if parsed.dest is None:
        raise Refusal("an army in orbit cannot be attacked: support its beam-down instead")
    mine = _in_orbit(ctx, power)
    who = "you have" if power == ctx.power else f"{ctx.variant.powers[power].name} has"
    if not mine:
        raise Refusal(f"{who} no army in orbit to support")
    dest = parsed.dest.province
    reason = beam_down_reason(ctx.geo, Unit(power, UnitType.ARMY), mine[0], dest)
    if reason is not None:
        raise Refusal(f"that beam-down cannot be made: {reason}")
    return BeamSupport(loc, mine[0], dest)


def _convoy(ctx: Context, parsed: ParsedOrder) -> Order:
    if _orb(parsed.place) or _orb(parsed.target) or _orb(parsed.dest):
        raise Refusal("armies beam down and up by themselves: no fleet convoys them")
    return _STANDARD[("M", "convoy")](ctx, parsed)


def _colonize(ctx: Context, parsed: ParsedOrder) -> Order:
    assert parsed.place is not None
    if _orb(parsed.place):
        raise Refusal("an army in orbit cannot colonize: it must beam down first")
    if _orb(parsed.dest):
        raise Refusal("a spacecraft cannot be colonized")
    loc = ctx.own_unit(parsed.place)
    target = parsed.dest.province if parsed.dest is not None else parsed.place.province
    return Colonize(loc, target)


# ------------------------------------------------------------- retreats


def _retreat(ctx: Context, parsed: ParsedOrder) -> Order:
    assert parsed.place is not None and parsed.dest is not None
    if _orb(parsed.place):
        raise Refusal("an army in orbit is never dislodged")
    variant, pos = ctx.variant, ctx.pos
    loc = ctx.own_unit(parsed.place, dislodged=True)
    options = pos.options.get(loc, [])
    if _orb(parsed.dest):
        if ORBIT not in options:
            raise Refusal(_no_retreat(ctx, options, "its spacecraft"))
        return OrbitRetreat(loc, _take_free_place(ctx, loc))
    unit = pos.dislodged[loc]
    province = parsed.dest.province
    matches = [o for o in options if o != ORBIT and variant.province_of(o) == province]
    if unit.type.adjacency == "fleet" and parsed.dest.coast in variant.coasts_of(province):
        matches = [o for o in matches if o == f"{province}/{parsed.dest.coast}"]
    if len(matches) == 1:
        return Retreat(loc, matches[0])
    name = variant.provinces[province].name
    if not matches:
        raise Refusal(_no_retreat(ctx, options, name))
    raise Refusal(f"say which coast of {name}")


def _no_retreat(ctx: Context, options: list[str], name: str) -> str:
    allowed = ", ".join(
        "its spacecraft (ORB)" if o == ORBIT else ctx.variant.location_name(o) for o in options
    )
    return f"cannot retreat to {name}; it may retreat to {allowed or 'nowhere (it must disband)'}"


def _disband(ctx: Context, parsed: ParsedOrder) -> Order:
    if _orb(parsed.place):
        raise Refusal("an army in orbit is never dislodged")
    return _STANDARD[("R", "disband")](ctx, parsed)


# ----------------------------------------------------------- adjustments


def _remove(ctx: Context, parsed: ParsedOrder) -> Order:
    if _orb(parsed.place):
        check_adjustment_due(ctx, removing=True)
        return OrbitRemove(_take_orbit_army(ctx, parsed.unit_type, parsed.place))
    return _STANDARD[("A", "remove")](ctx, parsed)


def _alone(ctx: Context, parsed: ParsedOrder) -> Order:
    """A unit written alone in an adjustment phase (njudge's build or removal without
    its word): an army in orbit can only be removed (D22)."""
    return _remove(ctx, parsed) if _orb(parsed.place) else _STANDARD[("A", "unit")](ctx, parsed)


def _build(ctx: Context, parsed: ParsedOrder) -> Order:
    """A build in a centre the empire owns and has colonized, with no unit (D21: the
    engine's build sites), never in orbit."""
    assert parsed.place is not None
    if _orb(parsed.place):
        raise Refusal("units are never built in a spacecraft: build in a colonized centre")
    return _STANDARD[("A", "build")](ctx, parsed)


SPACE_KINDS = (
    *STANDARD_KINDS,
    KindSyntax(
        "outer space",
        keywords={**dict.fromkeys(COLONIZE_WORDS, "colonize"), **dict.fromkeys(BEAM_WORDS, "beam")},
        places=dict.fromkeys(ORBIT_WORDS, ORBIT),
        leading={"colonize": _read_colonize_first, "beam": _read_beam_first},
        after_unit={
            "colonize": _read_colonize,
            "support": _read_support,
            "convoy": _read_support,
            "sign": _read_named_spacecraft,
            "beam": _read_beam,
        },
        interpret={
            ("M", "hold"): _hold,
            ("M", "move"): _move,
            ("M", "support"): _support,
            ("M", "convoy"): _convoy,
            ("M", "colonize"): _colonize,
            ("R", "move"): _retreat,
            ("R", "retreat"): _retreat,
            ("R", "disband"): _disband,
            ("R", "remove"): _disband,
            ("A", "remove"): _remove,
            ("A", "disband"): _remove,
            ("A", "build"): _build,
            ("A", "unit"): _alone,
            ("A", R_ALONE): _remove,
        },
    ),
)


# What may follow the ordered unit (``A ORB(Zorg)`` then ``- Par``).
_AFTER_UNIT = {word: read for kind in SPACE_KINDS for word, read in kind.after_unit.items()}


def syntax_for(colonies: Mapping[str, str] | None = None) -> OrderSyntax:
    """The order syntax of a phase that starts with ``colonies`` (jamming)."""
    return _syntax(frozenset((colonies or {}).items()))


@functools.lru_cache(maxsize=256)
def _syntax(colonies: frozenset[tuple[str, str]]) -> OrderSyntax:
    return OrderSyntax(engine_for(dict(colonies)), SPACE_KINDS)
