"""The text steps of the standard order kinds (see :mod:`judge.orders.reader`).

The accepted forms, case-insensitive, unit type optional::

    A Par - Bur        A Paris -> Burgundy   Par to Bur   A Par move Bur
    A Par H            A Par hold(s)         A Par stand
    A Mar S A Par - Bur                      F Bre supports A Par
    F Nth C A Lon - Bel                      A Lon - Bel via convoy
    F Mao - Spa/nc  F Mao - Spa(nc)  F Mao - Spa nc  F Mao - Spain north coast
    A Mun - Boh  A Mun R Boh  A Mun disband          (retreats)
    Build A Par  A Par B  Remove F Nth  Disband F Nth  Waive   (adjustments)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.engine.adjustments import adjustment_refusal
from judge.engine.kinds import Order
from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from judge.engine.rules import STANDARD
from judge.engine.units import UnitType
from judge.orders.forms import (
    OrderForm,
    sample_build,
    sample_convoy,
    sample_hold,
    sample_move,
    sample_remove,
    sample_retreat,
    sample_support,
)
from judge.orders.reader import (
    END,
    Context,
    KindSyntax,
    OrderSyntax,
    OrderSyntaxError,
    ParsedOrder,
    Place,
    Reader,
    Refusal,
)

if TYPE_CHECKING:
    from judge.variant.data import Variant

# ------------------------------------------------------------------ reading


def _read_hold(reader: Reader, kind: str, unit_type: UnitType | None, place: Place) -> ParsedOrder:
    reader.expect_end()
    return ParsedOrder("hold", unit_type, place)


def _read_move(reader: Reader, kind: str, unit_type: UnitType | None, place: Place) -> ParsedOrder:
    """A move or a retreat: ``- Bur``, ``to Bur``, ``R Bur``; ``via convoy`` after it
    (also ``by convoy``, ``by sea``), in brackets too (``(via convoy)``, ``(convoy)``).

    A move written through the seas of its convoy (njudge's ``A Lon-Nth-Nwy``) goes
    via convoy, to a neighbouring province too (``A Bre-Eng-Pic``: "convoys between
    adjacent provinces are permitted if explicitly ordered", njudge's ``rules``
    XII.6); only its last step is kept."""
    if kind == "retreat" and reader.tokens[reader.pos] == END:
        # "R A Par", "A Par R": njudge's short word for a removal (po_get.c get_order)
        return ParsedOrder(R_ALONE, unit_type, place)
    reader.skip_to()
    dest, routed = _route_end(reader)
    tokens, at = reader.tokens, reader.pos
    bracketed = tokens[at] == "(" and reader.keywords.get(tokens[at + 1]) in ("via", "convoy")
    reader.pos += bracketed
    via = reader.kind() == "via" or (bracketed and reader.kind() == "convoy")  # "(convoy)"
    if reader.kind() == "via":
        word = tokens[reader.pos]  # "via", or "by" as the player wrote it
        reader.pos += 1
        if reader.kind() == "convoy":
            reader.pos += 1
        elif tokens[reader.pos] == "sea" and tokens[reader.pos + 1] in (")", END):
            reader.pos += 1  # "by sea"
        elif reader.place_length(reader.pos):
            _read_route(reader)  # "via Eng", "via Mid - Wes": the seas of the route
        else:
            raise OrderSyntaxError(f"expected 'convoy' after '{word}'")
    elif via:
        reader.pos += 1
    if bracketed and tokens[reader.pos] == ")":
        reader.pos += 1
    reader.expect_end()
    return ParsedOrder(kind, unit_type, place, dest=dest, via_convoy=via or routed)


def _route_end(reader: Reader) -> tuple[Place, bool]:
    """The destination at the cursor, and whether a route of a convoy was written
    to it (``Nth - Nwy``: its last place is the destination).  The places a route
    passes through must be ones a fleet convoys from: ``A Mar - Par - Bur`` is refused."""
    dest = reader.place("a destination")
    routed = False
    while reader.kind() == "move":
        if not reader.variant.can_convoy(dest.province):
            name = reader.variant.provinces[dest.province].name
            raise OrderSyntaxError(f"{name} is no sea: a convoy's route goes by sea only")
        reader.pos += 1
        reader.skip_to()
        dest, routed = reader.place("a destination"), True
    return dest, routed


def _read_route(reader: Reader) -> None:
    """The places of a convoy route named after ``via`` (``Eng``, ``Mid - Wes``):
    read, so that a word that is no place is refused, and not kept (the resolver
    finds the route)."""
    reader.place("a sea of the route")
    while reader.kind() == "move":
        reader.pos += 1
        reader.place("a sea of the route")


def _read_support(
    reader: Reader, kind: str, unit_type: UnitType | None, place: Place
) -> ParsedOrder:
    """A support or a convoy: the other unit, then its move or hold; or as
    webDiplomacy words it, the move first (``support move to Bur from Par``,
    ``convoy to Nwy from Lon``, ``support hold to Mar``)."""
    what = "the supported unit" if kind == "support" else "the army"
    tokens, pos = reader.tokens, reader.pos
    if tokens[pos] == "hold" and kind == "support":  # "support hold to Mar"
        reader.pos += 1
        reader.skip_to()
        target_type, target = reader.unit(what)
        reader.expect_end()
        return ParsedOrder(kind, unit_type, place, target_type, target)
    if tokens[pos] in _WORDED_MOVES and "from" in tokens[pos:]:  # "support move to Bur from Par"
        reader.pos += 1
        reader.skip_to()
        dest = reader.place("a destination")
        if tokens[reader.pos] != "from":
            raise OrderSyntaxError(f"expected 'from' and {what} after the destination")
        reader.pos += 1
        target_type, target = reader.unit(what)
        reader.expect_end()
        return ParsedOrder(kind, unit_type, place, target_type, target, dest)
    target_type, target = reader.unit(what)
    return read_support_tail(reader, kind, unit_type, place, target_type, target)


_WORDED_MOVES = frozenset({"move", "moves", "to"})  # webDiplomacy's words before the move


def read_support_tail(
    reader: Reader,
    kind: str,
    unit_type: UnitType | None,
    place: Place,
    target_type: UnitType | None,
    target: Place,
) -> ParsedOrder:
    """The rest of a support or convoy once its other unit is read: the other
    unit's move (``- Bel``) or hold, if any."""
    dest = None
    after = reader.kind()
    if after == "move":
        reader.pos += 1
        reader.skip_to()
        dest = _route_end(reader)[0]  # "- Bel", or the route of a convoy: its last step
    elif after == "hold":
        reader.pos += 1
    elif after == "sign" and _bracketed_hold(reader):
        reader.pos += 3  # "F Nth S F Eng (hold)"
    reader.expect_end()
    if kind == "convoy" and dest is None:
        raise OrderSyntaxError("a convoy needs the army's destination: F Nth C A Lon - Bel")
    return ParsedOrder(kind, unit_type, place, target_type, target, dest)


def _bracketed_hold(reader: Reader) -> bool:
    """Whether the words from the cursor are a hold in brackets: ``(hold)``, ``(h)``."""
    tokens, pos = reader.tokens, reader.pos
    return (
        tokens[pos] == "("
        and reader.keywords.get(tokens[pos + 1]) == "hold"
        and tokens[pos + 2] == ")"
    )


def _read_trailing(
    reader: Reader, kind: str, unit_type: UnitType | None, place: Place
) -> ParsedOrder:
    """``A Par B``, ``F Nth D``, ``F Nth remove``."""
    reader.expect_end()
    return ParsedOrder("build" if kind == "build" else "disband", unit_type, place)


def _read_leading(reader: Reader, kind: str) -> ParsedOrder:
    """``Build A Par``, ``Remove F Nth``, ``Disband F Nth``; ``Build waive`` is
    refused with the form (njudge reads a waive as WAIVE alone, data/syntax)."""
    if kind == "build" and reader.tokens[reader.pos].startswith("waive"):
        raise OrderSyntaxError("a build is waived by WAIVE alone: write WAIVE (once per build)")
    unit_type, place = reader.unit("a unit's province")
    reader.expect_end()
    return ParsedOrder("build" if kind == "build" else "remove", unit_type, place)


def _read_waive(reader: Reader, kind: str) -> ParsedOrder:
    """``Waive``; also ``Waive a build``, ``waive one build``, ``Waive 1``: one build."""
    rest = reader.tokens[reader.pos : -1]
    if rest[:1] and rest[0] in _ONE:
        rest = rest[1:]
    if rest[:1] == ["build"]:  # not "builds": how many is not said
        rest = rest[1:]
    if rest:
        if rest[0].isdigit():
            raise OrderSyntaxError(WAIVE_ONE_BUILD.format(count=rest[0]))
        raise OrderSyntaxError("'waive' takes nothing after it")
    return ParsedOrder("waive")


_ONE = frozenset({"a", "an", "one", "1"})
# njudge's "WAIVE 2" (two builds), refused with the form to write.
WAIVE_ONE_BUILD = "a 'waive' waives one build: write WAIVE on {count} lines, one for each build"


def read_no_build(reader: Reader, kind: str) -> ParsedOrder:
    """``No builds``, ``NO BUILD``: not an order (njudge has none such either);
    refused with the form that waives, so that the line is not taken for a
    province's name."""
    if reader.tokens[reader.pos : -1] in (["build"], ["builds"]):
        raise OrderSyntaxError(NO_BUILD_FORM)
    raise OrderSyntaxError("expected a unit, or an order word such as Build or Waive")


NO_BUILD_FORM = (
    "not an order: write WAIVE on a line of its own for each build you do not make "
    "(builds not ordered by the deadline are waived too)"
)


# ------------------------------------------------------------ interpreting


def _hold(ctx: Context, parsed: ParsedOrder) -> Order:
    assert parsed.place is not None
    return Hold(ctx.own_unit(parsed.place))


def _move(ctx: Context, parsed: ParsedOrder) -> Order:
    assert parsed.place is not None and parsed.dest is not None
    loc = ctx.own_unit(parsed.place)
    dest = ctx.destination(ctx.pos.units[loc].type, loc, parsed.dest)
    return Move(loc, dest, parsed.via_convoy)


def _support(ctx: Context, parsed: ParsedOrder) -> Order:
    assert parsed.place is not None and parsed.target is not None
    loc = ctx.own_unit(parsed.place)
    pos, variant = ctx.pos, ctx.variant
    target = pos.unit_in(parsed.target.province)
    if target is None:
        name = variant.provinces[parsed.target.province].name
        raise Refusal(f"there is no unit in {name} to support")
    if parsed.dest is None:
        return SupportHold(loc, target)
    dest = parsed.dest.province
    coasts = variant.coasts_of(dest)
    if parsed.dest.coast in coasts and pos.units[target].type.adjacency == "fleet":
        dest = f"{dest}/{parsed.dest.coast}"
    return SupportMove(loc, target, dest)


def _convoy(ctx: Context, parsed: ParsedOrder) -> Order:
    assert parsed.place is not None and parsed.target is not None and parsed.dest is not None
    loc = ctx.own_unit(parsed.place)
    army = ctx.pos.unit_in(parsed.target.province)
    if army is None:
        name = ctx.variant.provinces[parsed.target.province].name
        raise Refusal(f"there is no unit in {name} to convoy")
    return Convoy(loc, army, parsed.dest.province)


def _retreat(ctx: Context, parsed: ParsedOrder) -> Order:
    assert parsed.place is not None and parsed.dest is not None
    variant, pos = ctx.variant, ctx.pos
    loc = ctx.own_unit(parsed.place, dislodged=True)
    unit = pos.dislodged[loc]
    options = pos.options.get(loc, [])
    province = parsed.dest.province
    matches = [o for o in options if variant.province_of(o) == province]
    if unit.type.adjacency == "fleet" and parsed.dest.coast in variant.coasts_of(province):
        matches = [o for o in matches if o == f"{province}/{parsed.dest.coast}"]
    if len(matches) == 1:
        return Retreat(loc, matches[0])
    name = variant.provinces[province].name
    if not matches:
        allowed = ", ".join(variant.location_name(o) for o in options)
        allowed = allowed or "nowhere (it must disband)"
        raise Refusal(f"cannot retreat to {name}; it may retreat to {allowed}")
    raise Refusal(f"say which coast of {name}")


def _disband(ctx: Context, parsed: ParsedOrder) -> Order:
    assert parsed.place is not None
    return Disband(ctx.own_unit(parsed.place, dislodged=True))


def _allowance(ctx: Context) -> int:
    """The power's builds (above 0) or removals (below), as the rules in play count
    them (``EngineRules.allowance``)."""
    return ctx.syntax.engine.allowance(ctx.variant, ctx.pos.position).get(ctx.power, 0)


def check_adjustment_due(ctx: Context, removing: bool, change: int | None = None) -> None:
    """Refuse a removal when the power may build, and a build or waive when it must
    remove (or when it has as many units as supply centres), by its allowance
    (``change`` when already known)."""
    change = _allowance(ctx) if change is None else change
    reason = adjustment_refusal(change, removing)
    if reason is not None:
        raise Refusal(reason)


def _waive(ctx: Context, parsed: ParsedOrder) -> Order:
    check_adjustment_due(ctx, removing=False)
    return Waive(ctx.power)


# An R with no place after it: a removal in an adjustment phase, where njudge reads
# R as "remove"; elsewhere a retreat or move without its destination.
R_ALONE = "remove (R)"


def _no_destination(ctx: Context, parsed: ParsedOrder) -> Order:
    raise Refusal("expected a destination after R (<unit> <province> R <province>; D disbands)")


def _remove(ctx: Context, parsed: ParsedOrder, change: int | None = None) -> Order:
    check_adjustment_due(ctx, removing=True, change=change)
    assert parsed.place is not None
    return Disband(ctx.own_unit(parsed.place))


def _build_or_remove(ctx: Context, parsed: ParsedOrder) -> Order:
    """A unit alone in an adjustment phase (``F Bre``): a build when the power may
    build, a removal when it must remove, as njudge reads ``<type> <province>``
    without its order word (``st_build.c``)."""
    change = _allowance(ctx)
    return _remove(ctx, parsed, change) if change < 0 else _build(ctx, parsed, change)


def _build(ctx: Context, parsed: ParsedOrder, change: int | None = None) -> Order:
    """A build in one of the power's build sites, as the rules in play say where
    (``EngineRules.build_sites``, and ``build_refusal`` for why not)."""
    check_adjustment_due(ctx, removing=False, change=change)
    assert parsed.place is not None
    engine, variant, position, power = ctx.syntax.engine, ctx.variant, ctx.pos.position, ctx.power
    province = parsed.place.province
    if province not in engine.build_sites(variant, position, power):
        raise Refusal(engine.build_refusal(variant, position, power, province))
    return build_in(variant, parsed, province, power)


def build_in(variant: Variant, parsed: ParsedOrder, province: str, power: str) -> Order:
    """The build an order asks for in a site already found free and allowed: the unit
    type said or implied, and the coast a fleet needs."""
    info = variant.provinces[province]
    unit_type = parsed.unit_type
    coasts = variant.coasts_of(province)
    if unit_type is None:
        if info.kind == "land":
            unit_type = UnitType.ARMY
        elif coasts and parsed.place.coast in coasts:
            unit_type = UnitType.FLEET
        else:
            raise Refusal(f"say whether to build an army or a fleet in {info.name}")
    if unit_type is UnitType.ARMY:
        return Build(province, UnitType.ARMY, power)
    if info.kind == "land":
        raise Refusal(f"a fleet cannot be built in {info.name}, which is inland")
    if coasts:
        if parsed.place.coast not in coasts:
            listed = " or ".join(
                variant.location_name(loc) for loc in variant.fleet_locations(province)
            )
            raise Refusal(f"say which coast of {info.name}: {listed}")
        return Build(f"{province}/{parsed.place.coast}", UnitType.FLEET, power)
    return Build(province, UnitType.FLEET, power)


HOLD_FORMS = (
    OrderForm(
        "hold",
        "<unit> <province> H",
        "The unit stays where it is (a unit without an order holds too).",
        "A Par H",
        ("holds",),
        sample_hold,
    ),
)
MOVE_FORMS = (
    OrderForm(
        "move",
        "<unit> <province> - <province>",
        "The unit moves to a neighbouring province (an army also across the sea, when "
        "fleets convoy it: add 'via convoy' to ask for one). Also written 'to', '->', "
        "'moves to', 'goes to' or 'attacks'.",
        "A Par - Bur",
        ("moves", "-"),
        sample_move,
    ),
    OrderForm(
        "retreat",
        "<unit> <province> R <province>",
        "In a retreat phase a dislodged unit retreats to a free neighbouring province "
        "(or is disbanded: <unit> <province> D).",
        "A Bur R Gas",
        ("r",),
        sample_retreat,
        "R",
    ),
)
SUPPORT_FORMS = (
    OrderForm(
        "support",
        "<unit> <province> S <unit> <province> [- <province>]",
        "The unit adds its strength to another unit's hold or move into a province it "
        "could move to itself.",
        "A Mar S A Par - Bur",
        ("s", "supports"),
        sample_support,
    ),
    OrderForm(
        "convoy",
        "<fleet> <sea> C <army> <province> - <province>",
        "A fleet in a sea carries an army across it; a chain of fleets may carry one further.",
        "F Nth C A Lon - Nwy",
        ("c", "convoys"),
        sample_convoy,
        start=False,  # its example is any sea's, not the reader's
    ),
)
ADJUSTMENT_FORMS = (
    OrderForm(
        "build",
        "Build <unit> <home centre>",
        "In a winter adjustment phase, a new unit on a home centre you own that is free.",
        "Build A Par",
        ("b", "builds"),
        sample_build,
        "A",
    ),
    OrderForm(
        "remove",
        "Remove <unit> <province>",
        "In a winter adjustment phase, a unit taken off when you have more units than "
        "centres (also 'Disband').",
        "Remove F Bre",
        ("disband", "d"),
        sample_remove,
        "A",
    ),
    OrderForm(
        "waive",
        "Waive",
        "In a winter adjustment phase, a build you choose not to make.",
        "Waive",
        phase="A",
    ),
)

STANDARD_KINDS = (
    KindSyntax(
        "hold",
        after_unit={"hold": _read_hold},
        interpret={("M", "hold"): _hold},
        forms=HOLD_FORMS,
    ),
    KindSyntax(
        "move and retreat",
        after_unit={"move": _read_move, "retreat": _read_move},
        interpret={("M", "move"): _move, ("R", "move"): _retreat, ("R", "retreat"): _retreat},
        forms=MOVE_FORMS,
    ),
    KindSyntax(
        "support and convoy",
        after_unit={"support": _read_support, "convoy": _read_support},
        interpret={("M", "support"): _support, ("M", "convoy"): _convoy},
        forms=SUPPORT_FORMS,
    ),
    KindSyntax(
        "disband, remove and build",
        after_unit={"disband": _read_trailing, "remove": _read_trailing, "build": _read_trailing},
        leading={"build": _read_leading, "remove": _read_leading, "disband": _read_leading},
        interpret={
            ("R", "disband"): _disband,
            ("R", "remove"): _disband,
            ("A", "disband"): _remove,
            ("A", "remove"): _remove,
            ("A", "build"): _build,
            ("A", "unit"): _build_or_remove,
            ("A", R_ALONE): _remove,
            ("R", R_ALONE): _no_destination,
            ("M", R_ALONE): _no_destination,
        },
        forms=ADJUSTMENT_FORMS[:2],
    ),
    KindSyntax(
        "waive",
        leading={"waive": _read_waive, "no build": read_no_build},
        openers={"no": "no build"},
        interpret={("A", "waive"): _waive},
        forms=ADJUSTMENT_FORMS[2:],
    ),
)
STANDARD_SYNTAX = OrderSyntax(STANDARD, STANDARD_KINDS)
"""The standard order kinds' words, checked against the standard engine rules."""
