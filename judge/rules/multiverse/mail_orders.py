"""Orders by mail for multiverse games: checking them against the stored world
document, and what each power still owes this turn.

An order is read with :func:`judge.rules.multiverse.order_text.parse_order` (so plain
standard orders work while the world has one timeline) and checked with the
multiverse validators, so a player learns at once why an order is refused.  The
canonical text is the full triple notation; the key (:class:`judge.orders.keys.OrderKey`)
is the location of the ordered unit (``1:par:S1901``), so a later order for the same
unit replaces an earlier one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from judge.engine.boards import BoardText, MLoc
from judge.engine.orders import Build, Disband, Retreat, Waive
from judge.engine.phase import Turn
from judge.orders.keys import OrderKey
from judge.orders.text import begins_order, order_texts, place_alone
from judge.rules.base import Owed
from judge.rules.multiverse.adjustments import WinterBoard, owed_changes
from judge.rules.multiverse.basemap import BaseMap, base_map_for
from judge.rules.multiverse.describe import board_text, loc_text
from judge.rules.multiverse.fived import fived_board_text, geography_for
from judge.rules.multiverse.json_io import WORLD_KEPT, read_world
from judge.rules.multiverse.keys import SEASON_LETTER, BoardKey, Season, turn_text
from judge.rules.multiverse.notation import (
    NotationError,
    colons_slipped,
    front_carried,
    order_syntax,
    read_words,
    timeline_in_front,
)
from judge.rules.multiverse.order_text import parse_order
from judge.rules.multiverse.validation import (
    adjustment_problem,
    eliminated_problem,
    movement_problem,
    retreat_problem,
)
from judge.rules.multiverse.world import World
from judge.store.positions import derived, kept


@dataclass(frozen=True)
class WorldOrderCheck:
    """One multiverse order as checked for a mail (the fields of an OrderCheck)."""

    text: str
    ok: bool
    canonical: str | None = None
    key: OrderKey | None = None
    message: str | None = None
    power: str | None = None
    order: Any = None  # the engine order (locations on boards), when accepted


def _world(doc: dict[str, Any], board: Any = None) -> tuple[BaseMap, World]:
    """The map and the boards of a world document (its history is not needed to check
    new orders or count what is owed), read once per shared stored position
    (:class:`judge.store.positions.Position`).  The world is read only here."""
    base = replace(base_map_for(doc.get("variant", "standard")), board=board)
    return base, derived(doc, "multiverse boards", lambda: _boards(base, doc))


def _boards(base: BaseMap, doc: dict[str, Any]) -> World:
    """The boards of a world document: those of the world kept with it (the turn
    that made it), else read."""
    whole = kept(doc, WORLD_KEPT)
    return whole.settled() if whole is not None else read_world(base, doc, history=False)


def check_world_orders(
    doc: dict[str, Any], power: str, lines: list[str], board: Any = None
) -> list[WorldOrderCheck]:
    """Check a power's order lines against a world document; one result per order
    (``board``: the board ruleset, whose own orders act within each board)."""
    base, world = _world(doc, board)
    geo = geography_for(base, world)
    active = set(world.active_boards().values())
    retreating = _retreating(doc, world)
    checks = []
    waives = 0
    syntax = order_syntax(base, world.fived)

    def reads(text: str) -> bool:
        """Whether ``text`` reads as one order in the notation (the same for every
        power: a player of two powers has each line taken apart once)."""
        try:
            read_words(base, text, world.fived)
        except NotationError:
            return False
        return True

    def begins(word: str) -> bool:
        return begins_order(base.variant, word, syntax)

    for line in lines:
        line = colons_slipped(base, line, world.fived)
        alone = place_alone(line, reads, begins)
        if alone is not None:
            text = line.strip()
            checks.append(WorldOrderCheck(text, False, message=f"{text}: {alone}", power=power))
            continue
        texts = _verb_carried(base, world.fived, order_texts(line, reads, begins))
        for text in front_carried(base, texts, world.fived):
            parsed = parse_order(world, base, power, text, retreat=retreating)
            if not parsed.ok or parsed.order is None:
                checks.append(WorldOrderCheck(text, False, message=parsed.message, power=power))
                continue
            order = parsed.order
            if power in world.eliminated:
                why = eliminated_problem(base, power)
            elif retreating:
                why = retreat_problem(world, base, power, order)
            elif isinstance(order, Waive):
                why = None
            elif isinstance(order, Build) or (
                isinstance(order, Disband) and world.adjusts(order.unit.board)
            ):
                why = adjustment_problem(world, base, power, order, active, set(), set())
            elif isinstance(order, Retreat):
                why = "no unit must retreat now"
            else:
                why = movement_problem(world, geo, power, order, active)
            if why:
                checks.append(WorldOrderCheck(text, False, message=f"{text}: {why}", power=power))
                continue
            key = OrderKey.of(order)
            if key.is_waive:
                waives += 1
                key = key.numbered(waives)
            checks.append(WorldOrderCheck(text, True, parsed.canonical, key, None, power, order))
    return checks


def _verb_carried(base: BaseMap, fived: bool, texts: list[str]) -> list[str]:
    """A line's orders with the word of a build or removal carried to the units
    written alone after it (njudge's ``Build A Ber, F Kie``): without it ``F Kie``
    would hold a fleet of an active movement board."""
    carried, verb = [], ""
    for text in texts:
        try:
            words = read_words(base, text, fived)
        except NotationError:
            words = None
        if words is not None and words.alone and words.unit_type is not None and verb:
            text = f"{verb} {text}"
        elif words is not None and words.action in ("build", "remove") and not words.alone:
            front = timeline_in_front(text, fived) if words.place and words.place.before else None
            verb = (text if front is None else front.rest).split()[0]  # not "bravo:"
        else:
            verb = ""
        carried.append(text)
    return carried


def _retreating(doc: dict[str, Any], world: World) -> bool:
    """Whether the world of ``doc`` waits for retreats (found once per shared position)."""
    return derived(doc, "multiverse retreating", world.needs_retreats)


def world_owed(doc: dict[str, Any], board: Any = None) -> dict[str, list[Owed]]:
    """Per power, what it owes this turn: retreats while the world pauses for them;
    otherwise an order per unit on the active movement boards and, per active
    adjusting board, the builds or removals owed there (``2 builds on timeline 1,
    W1901``)."""
    kept = derived(doc, "multiverse owed", lambda: _owed(doc, board))
    return {power: list(items) for power, items in kept.items()}


def _owed(doc: dict[str, Any], board: Any) -> dict[str, list[Owed]]:
    base, world = _world(doc, board)
    owed: dict[str, list[Owed]] = {}
    if _retreating(doc, world):
        for key in sorted(world.boards):
            for loc, d in sorted(world.boards[key].dislodged.items()):
                if d.retreat_options:
                    owed.setdefault(d.unit.power, []).append(_unit_owed(key.at(loc), d.unit))
        return owed
    for key in sorted(world.active_boards().values()):
        if world.adjusts(key):
            continue
        for loc, unit in sorted(world.boards[key].units.items()):
            owed.setdefault(unit.power, []).append(_unit_owed(key.at(loc), unit))
    for (power, key), change in sorted(_winter_changes(doc, base, world).items()):
        where = f"on {fived_board_text(key) if world.fived else board_text(key)}"
        board = (key.timeline, Turn(key.year, SEASON_LETTER[Season(key.season)]))
        kind = "build" if change > 0 else "remove"
        owed.setdefault(power, []).append(Owed(kind, where, abs(change), board))
    for power in world.eliminated:  # out of the game (5dplomacy): owes nothing
        owed.pop(power, None)
    return owed


def _unit_owed(here: MLoc, unit: Any) -> Owed:
    """The order owed for ``unit`` at ``here``: keyed by its location, labelled as
    players write it (``A 1:par:S1901``) with its board carried as a value."""
    return Owed(here, BoardText(f"{unit.type.value} {loc_text(here)}", here.board))


def board_adjustments(doc: dict[str, Any], board: Any = None) -> dict[tuple[str, str], int]:
    """Per power and active adjusting board (``1:W1901``; in 5dplomacy the Spring
    board after the Fall, ``1:S1902``; as in the orders' keys), the
    builds it may place there (positive) or the removals it owes (negative)."""
    base, world = _world(doc, board)
    return {
        (power, f"{key.timeline}:{turn_text(key.year, key.season)}"): change
        for (power, key), change in _winter_changes(doc, base, world).items()
    }


def board_tables(doc: dict[str, Any], board: Any = None) -> dict[tuple[int, str], dict]:
    """Per active adjusting board (timeline, turn code: ``(1, "W1901")``), the
    standard winter table: per power with centres or units there, the centres that
    count, its units and the builds (positive) or removals (negative) it owes.
    None while the world pauses for retreats: its adjusting boards were adjusted
    with the movement that made the pause, and wait only to advance."""
    base, world = _world(doc, board)
    tables: dict[tuple[int, str], dict] = {}
    if _retreating(doc, world):
        return tables
    for key in sorted(world.active_boards().values()):
        if not world.adjusts(key):
            continue
        here = world.boards[key]
        owed = owed_changes(base, here)
        centres = Counter(base.counted(here.centers).values())
        units = Counter(unit.power for unit in here.units.values())
        tables[key.timeline, turn_text(key.year, key.season)] = {
            power: (centres[power], units[power], owed.get(power, 0))
            for power in base.powers
            if centres[power] or units[power]
        }
    return tables


def world_builds_by_centres(doc: dict[str, Any], power: str, board: Any = None) -> int:
    """The builds the power's centres give it on the active adjusting boards, those
    it has nowhere to make included (each may be waived, as in a standard game)."""
    base, world = _world(doc, board)
    if _retreating(doc, world):
        return 0
    return sum(
        max(WinterBoard(base, world.boards[key]).allowance.get(power, 0), 0)
        for key in world.active_boards().values()
        if world.adjusts(key)
    )


def world_builds_unusable(doc: dict[str, Any], power: str, board: Any = None) -> bool:
    """Whether the power owes no build on any active adjusting board but may build by
    its centres on one of them, with nowhere to build there."""
    base, world = _world(doc, board)
    if _retreating(doc, world):
        return False
    changes = _winter_changes(doc, base, world)
    if any(owner == power and change > 0 for (owner, _), change in changes.items()):
        return False
    return any(
        WinterBoard(base, world.boards[key]).allowance.get(power, 0) > 0
        for key in world.active_boards().values()
        if world.adjusts(key)
    )


def _winter_changes(
    doc: dict[str, Any], base: BaseMap, world: World
) -> dict[tuple[str, BoardKey], int]:
    """Builds (as many as free home centres allow) or removals (negative) owed per
    power and active adjusting board (winter, or 5dplomacy's Spring after a Fall);
    none where the power has nothing to adjust (found once per shared position)."""
    return derived(doc, "multiverse winter changes", lambda: _changes(base, world))


def _changes(base: BaseMap, world: World) -> dict[tuple[str, BoardKey], int]:
    changes: dict[tuple[str, BoardKey], int] = {}
    for key in world.active_boards().values():
        if not world.adjusts(key):
            continue
        for power, change in owed_changes(base, world.boards[key]).items():
            changes[(power, key)] = change
    return changes


def positions_after_moves(
    doc: Mapping[str, Any], positions: list[Mapping[str, Any]], board: Any = None
) -> list[Mapping[str, Any]]:
    """The positions a report shows (``positions``, boards of the world ``doc``), each
    board that waits for retreats with its units once its moves are done, beside the
    dislodged units, as a standard retreat phase shows them (a board keeps the units
    it started with); and while retreats hold the world back, a winter board whose
    builds and removals are made with its units once they are (its next board, which
    would show them, waits for the retreats too)."""
    if not any(p.get("dislodged") for p in positions):
        return positions
    from judge.rules.multiverse.advance import units_after_adjustments, units_after_moves

    base = replace(base_map_for(doc.get("variant", "standard")), board=board)
    whole = kept(doc, WORLD_KEPT) or read_world(base, doc)
    shown = []
    for position in positions:
        key = BoardKey.of(int(position["timeline"]), Turn.parse(position["phase"]))
        if position.get("dislodged"):
            position = {
                **position,
                "units": _unit_rows(units_after_moves(whole, whole.boards[key])),
            }
        elif key.is_winter and whole.adjustments.get(key) and key.successor() not in whole.boards:
            made, _built = units_after_adjustments(whole, whole.boards[key])
            position = {**position, "units": _unit_rows(made)}
        shown.append(position)
    return shown


def _unit_rows(units: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A board's units as a position lists them, by power then place."""
    return [
        {"power": u.power, "type": u.type.value, "province": loc}
        for loc, u in sorted(units.items(), key=lambda item: (item[1].power, item[0]))
    ]
