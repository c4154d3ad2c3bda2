"""Multiverse orders in text: ``A 2:par:F1902 - 1:par:F1902``, read in a world.

An order's words are read by the one order reader with the multiverse's places
(:func:`judge.rules.multiverse.notation.read_words`); here each place is found
on a board of the world.  Parts may be left out when the world makes them
unambiguous:

* an ordered unit without timeline and turn is found on the active boards (in a
  retreat turn, among the units that must retreat; in winter, on the active
  winter boards);
* a target without timeline and turn is on the board of the unit it refers to
  (the ordered unit; for the destination of a supported or convoyed move, the
  supported or convoyed unit);
* a target with a timeline but no turn is on that timeline's active board;
* a target with a turn but no timeline is on the reference unit's timeline.

So in a one-timeline game plain standard orders work unchanged.  The canonical
form printed back (:func:`format_order`) always carries the full triple.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

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
    UnitType,
    Waive,
)
from judge.orders.reader import ParsedOrder as ReadOrder
from judge.orders.standard import R_ALONE
from judge.rules.multiverse.basemap import BaseMap
from judge.rules.multiverse.board_orders import (
    BoardReading,
    format_board_order,
    has_board_orders,
    is_board_order,
    read_board_order,
)
from judge.rules.multiverse.describe import (
    loc_text,
    shown_board,
    shown_loc,
    shown_place,
    shown_timeline,
    shown_turn,
)
from judge.rules.multiverse.geography import MultiverseGeography
from judge.rules.multiverse.keys import BoardKey, MLoc, Season, turn_text
from judge.rules.multiverse.locations import write_fived_location
from judge.rules.multiverse.notation import (
    HEADING_REFUSAL,
    NotationError,
    Place,
    board_heading,
    compact_unit_letter,
    read_words,
    timeline_in_front,
    timeline_name,
)
from judge.rules.multiverse.world import World


@dataclass(frozen=True)
class ParsedOrder:
    """One order read from text: the engine order and its canonical text, or a message."""

    text: str
    ok: bool
    order: AnyOrder | None = None
    canonical: str | None = None
    message: str | None = None


class _Places:
    """Finds written places on the boards of a world, for one power's order."""

    def __init__(self, world: World, base: BaseMap, power: str) -> None:
        self.world, self.base, self.power = world, base, power

    @functools.cached_property
    def heads(self) -> dict[int, BoardKey]:
        """The active board of each timeline (found when a place leaves its board out)."""
        return self.world.active_boards()

    @functools.cached_property
    def geo(self) -> MultiverseGeography:
        """The world's adjacency (asked when a fleet's destination needs its coast)."""
        return MultiverseGeography(self.base, self.world.strict)

    def resolved(self, place: Place) -> Place:
        """The place with MDATC's board numbers read as the world's timeline and turn."""
        if place.numbered is None:
            return place
        timeline, turn = numbered_board(self.world, *place.numbered)
        return replace(place, timeline=timeline, turn=turn, numbered=None)

    def board_of(self, place: Place, reference: BoardKey) -> BoardKey:
        """The board a target place means, relative to the reference board."""
        if place.timeline is None and place.turn is None:
            return reference
        timeline = reference.timeline if place.timeline is None else place.timeline
        if place.turn is None:
            head = self.heads.get(timeline)
            if head is None:
                raise NotationError(self._no_timeline(place, timeline))
            return head
        year, season = place.turn
        return BoardKey(timeline, year, season)

    def unit(self, place: Place, mode: str) -> MLoc:
        """The location of the ordered unit named by ``place``.

        ``mode`` is ``movement``, ``retreat`` or ``winter``: where to look when
        the timeline or turn is left out.
        """
        if place.timeline is not None and place.turn is not None:
            key = BoardKey(place.timeline, *place.turn)
            board = self.world.boards.get(key)
            if board is None:
                raise NotationError(f"{self._board(key)} does not exist")
            return self._on_board(key, place)
        if place.timeline is not None and place.timeline not in self._timelines:
            raise NotationError(self._no_timeline(place, place.timeline))
        found = []
        for key in self._search_boards(mode):
            if place.timeline is not None and key.timeline != place.timeline:
                continue
            if place.turn is not None and (key.year, key.season) != place.turn:
                continue
            loc = self._unit_here(key, place.province, mode)
            if loc is not None:
                found.append(loc)
        if not found:
            raise NotationError(self._not_found(place, mode))
        own = [loc for loc in found if self._power_at(loc, mode) == self.power]
        choice = own or found
        if len(choice) > 1:
            listed = ", ".join(self._loc(loc) for loc in sorted(choice))
            raise NotationError(
                f"{self.base.name(place.province)} names units on several boards ({listed}):"
                " write the timeline, e.g. "
                + shown_place(choice[0].timeline, place.province, self.world.fived)
            )
        return choice[0]

    def refuse_unit_letter(self, place: Place, mode: str, text: str) -> None:
        """Refuse 5dplomacy's compact form with a unit's capital letter for its
        timeline (``A-Mun``: board alfa's Munich, or "army in Munich" to a player who
        left out the space) when such a unit stands in that province on an active
        board and the two readings name different units (or none): both forms are
        shown.  The documented ``a-MUN`` (its letter small) is read as written."""
        unit_type = compact_unit_letter(place)
        found = re.search(re.escape(place.written), text, re.IGNORECASE)
        if unit_type is None or found is None or not found.group(0)[:1].isupper():
            return
        if not any(
            unit.type is unit_type and self.base.province(loc) == place.province
            for key in self.heads.values()
            for loc, unit in self.world.boards[key].units.items()
        ):
            return
        readings = []
        for meant in (place, replace(place, timeline=None, turn=None)):
            try:
                readings.append(self.unit(meant, mode))
            except NotationError:
                readings.append(None)
        board, unit = readings
        if board is not None and board == unit and _type_at(self.world, unit, mode) is unit_type:
            return  # one unit either way
        letter, where = found.group(0).split("-", 1)
        name = self.base.name(place.province)
        raise NotationError(
            f"'{found.group(0)}' reads two ways: board {timeline_name(place.timeline)}'s"
            f" {name} ({shown_place(place.timeline, place.province, True)}), or"
            f" {'an army' if unit_type is UnitType.ARMY else 'a fleet'} in {name}"
            f" ({letter} {where.strip()}): write one of those"
        )

    def _loc(self, loc: MLoc) -> str:
        return shown_loc(loc, self.world.fived)

    def _board(self, key: BoardKey) -> str:
        return shown_board(key, self.world.fived)

    def _no_timeline(self, place: Place, timeline: int) -> str:
        """Why a place names no timeline of the world, or the timeline written in front
        of its order none; a unit's letter written against a timeline number
        (``A2:lon``, read as timeline a2, alfasecond) is pointed out."""
        if place.before:  # "7: A mun H"
            return no_timeline_in_front(place.before, timeline, self.world.fived)
        why = f"there is no {shown_timeline(timeline, self.world.fived)}"
        head, _, rest = place.written.partition(":")
        if head[:1].lower() in "af" and head[1:].isdigit():
            unit = "an army" if head[0].lower() == "a" else "a fleet"
            why += (
                f" ({head}): for {unit} on timeline {int(head[1:])}, write "
                f"{head[0].upper()} {head[1:]}:{rest}"
            )
        return why

    def stands(self, place: Place, mode: str) -> bool:
        """Whether some unit stands where ``place`` says, on a board ``mode`` searches."""
        return self._standing_board(place, mode) is not None

    def _standing_board(self, place: Place, mode: str) -> BoardKey | None:
        """The first board ``mode`` searches where a unit stands where ``place`` says."""
        return next(
            (
                key
                for key in self._search_boards(mode)
                if place.timeline in (None, key.timeline)
                and place.turn in (None, (key.year, key.season))
                and self._unit_here(key, place.province, mode) is not None
            ),
            None,
        )

    @functools.cached_property
    def _timelines(self) -> set[int]:
        return {key.timeline for key in self.heads.values()}

    def _not_found(self, place: Place, mode: str) -> str:
        """Why no unit answers to ``place``."""
        waiting = self._standing_board(place, "winter") if mode == "movement" else None
        if waiting is not None:
            # "Hold A 2:ruh" on a winter board: the unit is there, its order is not
            name = self.base.name(place.province)
            if self.world.fived:  # no winter: the Spring board that waits, named
                return (
                    f"the unit in {name} stands on {shown_board(waiting, True)}, which waits for"
                    " its builds and removals: its units take no orders now"
                )
            return (
                f"the unit in {name} stands on a winter board, "
                "where only builds, removals and waives are possible"
            )
        where = {
            "retreat": "among the units that must retreat",
            "winter": "on an active winter board",
        }
        why = f"no unit in {self.base.name(place.province)} {where.get(mode, 'on an active board')}"
        if place.timeline is not None:
            why += f" of {shown_timeline(place.timeline, self.world.fived)}"
        if place.turn is not None:
            turn = shown_turn(*place.turn, self.world.fived)
            why += f" in {turn}"
            turns = {
                (key.year, key.season)
                for key in self.heads.values()
                if place.timeline in (None, key.timeline)
            }
            if place.turn not in turns and mode != "retreat":
                why += f" ({turn} is not an active board's turn)"
        return why

    def _search_boards(self, mode: str) -> list[BoardKey]:
        if mode == "retreat":
            return sorted(k for k, b in self.world.boards.items() if b.dislodged)
        winter = mode == "winter"
        return sorted(k for k in self.heads.values() if self.world.adjusts(k) == winter)

    def _unit_here(self, key: BoardKey, province: str, mode: str) -> MLoc | None:
        board = self.world.boards[key]
        pool = board.dislodged if mode == "retreat" else board.units
        for loc in pool:
            if self.base.province(loc) == province:
                return key.at(loc)
        return None

    def _power_at(self, loc: MLoc, mode: str) -> str | None:
        board = self.world.boards[loc.board]
        if mode == "retreat" and loc.loc in board.dislodged:
            return board.dislodged[loc.loc].unit.power
        unit = board.units.get(loc.loc)
        return None if unit is None else unit.power

    def _on_board(self, key: BoardKey, place: Place) -> MLoc:
        board = self.world.boards[key]
        for loc in (*board.units, *board.dislodged):
            if self.base.province(loc) == place.province:
                return key.at(loc)
        return key.at(_loc(place))

    def target(self, place: Place, reference: BoardKey) -> MLoc:
        """A target location with the coast as written (or none)."""
        return self.board_of(place, reference).at(_loc(place))

    def occupant(self, place: Place, reference: BoardKey) -> MLoc:
        """The location of a unit named as a target (supported or convoyed unit)."""
        key = self.board_of(place, reference)
        board = self.world.boards.get(key)
        if board is not None:
            for loc in board.units:
                if self.base.province(loc) == place.province:
                    return key.at(loc)
        return key.at(_loc(place))

    def fleet_dest(self, src: MLoc, dest: MLoc, unit_type: UnitType | None) -> MLoc:
        """Add the coast to a fleet's destination when only one coast can be reached."""
        coasts = self.base.locations.get(self.base.province(dest.loc), ())
        if unit_type is not UnitType.FLEET or "/" in dest.loc or len(coasts) <= 1:
            return dest
        reachable = [
            c for c in coasts if "/" in c and self.geo.can_move(unit_type, src, dest.board.at(c))
        ]
        if len(reachable) == 1:
            return dest.board.at(reachable[0])
        if len(reachable) > 1:
            raise NotationError(
                f"say which coast of {self.base.name(self.base.province(dest.loc))}: "
                + " or ".join(self._loc(dest.board.at(c)) for c in reachable)
            )
        return dest


def no_timeline_in_front(written: str, timeline: int, fived: bool) -> str:
    """Why a timeline written in front of an order (``7: A mun H``) is refused."""
    there = f"there is no {shown_timeline(timeline, fived)}"
    return f"{written!r} in front of the order names no active board: {there}"


def numbered_board(world: World, turn: int, timeline: int) -> tuple[int, tuple[int, int]]:
    """The board MDATC writes ``turn:timeline`` (``Munich 1:0``), both counted from 0
    (turn 0 the game's first board, timeline 0 the first timeline), as the judge's
    timeline number and ``(year, season)``: 5dplomacy has two movement turns a year
    and no winter board."""
    first = min(world.boards, key=BoardKey.canonical_order)
    index = 2 * first.year + first.season + turn
    return timeline + 1, (index // 2, index % 2)


def _loc(place: Place) -> str:
    return place.province if place.coast is None else f"{place.province}/{place.coast}"


def parse_order(
    world: World,
    base: BaseMap,
    power: str,
    text: str,
    retreat: bool | None = None,
    literal: bool = False,
) -> ParsedOrder:
    """Read one order of ``power``; never raises (the message says what is wrong).

    ``retreat`` forces reading ``A x - y`` as a retreat (True) or a move (False);
    by default it is a retreat exactly when some unit must retreat.  ``literal``
    keeps destinations exactly as written (no coast added or dropped), for
    re-reading stored canonical orders.
    """
    board = BoardReading(None, "")  # the board rules' reading, when the notation has none
    words: ReadOrder | None = None
    if board_heading(base, text):
        return ParsedOrder(text, False, message=f"{text.strip().rstrip(':')}: {HEADING_REFUSAL}")
    try:
        if has_board_orders(base) and not (world.needs_retreats() if retreat is None else retreat):
            find = _board_unit(world, base, power)
            board = read_board_order(world, base, power, text, find)
            front = timeline_in_front(text, world.fived)
            if board.order is None and front is not None:  # "bravo: A mos - TSR - vla"
                if front.timeline in world.active_boards():
                    board = read_board_order(world, base, power, front.rest, find, front.timeline)
                else:
                    said = no_timeline_in_front(front.written, front.timeline, world.fived)
                    board = BoardReading(None, f"{text.strip()}: {said}")
            if board.order is not None:
                return ParsedOrder(text, True, board.order, board.said)
        words = read_words(base, text, world.fived)
        if words.alone and words.unit_type is not None:  # njudge: <type> <province>
            words = words._replace(action=_alone_as(world, base, power, words, retreat))
        order, types = _interpret(world, base, power, words, retreat, literal, text)
    except NotationError as exc:
        if words is None and board.standard is not None:  # words only the board rules read
            return ParsedOrder(
                text, True, board.standard, format_order(board.standard, world_types(world))
            )
        return ParsedOrder(text, False, message=board.said or f"{text.strip()}: {exc}")
    return ParsedOrder(text, True, order, format_order(order, types))


def _alone_as(
    world: World, base: BaseMap, power: str, words: ReadOrder, retreat: bool | None
) -> str:
    """What a unit written alone stands for: njudge's build (an empty place) or
    removal (the power's unit) without its word (``F Kie``) on a board waiting for
    adjustments, when no active movement board holds a unit there; else a hold."""
    if (world.needs_retreats() if retreat is None else retreat) or words.place is None:
        return "hold"
    places = _Places(world, base, power)
    if not any(world.adjusts(key) for key in places.heads.values()):
        return "hold"
    place = places.resolved(words.place)
    if places.stands(place, "movement"):
        return "hold"
    place = _adjustment_turn(world, place)
    if place.turn is not None and not any(
        world.adjusts(key) and (key.year, key.season) == place.turn
        for key in places.heads.values()
        if place.timeline in (None, key.timeline)
    ):
        return "hold"  # a board that takes no adjustments: refused as a hold there
    try:
        loc = places.unit(place, "winter")
    except NotationError:
        return "build"
    owner = places._power_at(loc, "winter")
    if owner is None:
        return "build"
    return "remove" if owner == power else "hold"  # another's unit: refused as a hold


def _board_unit(world: World, base: BaseMap, power: str) -> Callable[[str], MLoc]:
    """Finds a unit written with its board, for an order of the board rules."""

    def find(text: str) -> MLoc:
        words = read_words(base, text, world.fived)
        if words.place is None:  # "waive 1:mos:S1870 ...": a word that is no unit type
            raise NotationError(f"{text.strip()!r} names no unit")
        return _Places(world, base, power).unit(words.place, "movement")

    return find


def _interpret(
    world: World,
    base: BaseMap,
    power: str,
    words: ReadOrder,
    retreat: bool | None,
    literal: bool,
    text: str = "",
):
    """The engine order the words stand for in ``world``: each place resolved to a
    board (the ordered unit among the active boards, a target on its unit's board)."""
    places = _Places(world, base, power)
    retreat_turn = world.needs_retreats() if retreat is None else retreat
    types: dict[MLoc, UnitType] = {}
    action, kind = words.action, words.unit_type
    place = words.place if words.place is None else places.resolved(words.place)

    def unit_of(kind: UnitType | None, place: Place, mode: str) -> MLoc:
        if kind is None and world.fived:
            places.refuse_unit_letter(place, mode, text)
        loc = places.unit(place, mode)
        actual = _type_at(world, loc, mode)
        if kind is not None and actual is not None and kind is not actual:
            written = "an army" if kind is UnitType.ARMY else "a fleet"
            raise NotationError(f"the unit at {shown_loc(loc, world.fived)} is not {written}")
        types[loc] = actual or kind or UnitType.ARMY
        return loc

    if action == "waive":
        return Waive(power), types
    assert place is not None
    if action == "build":
        if kind is None:
            raise NotationError("say what to build: build A <place> or build F <place>")
        key = _winter_board(places, _adjustment_turn(world, place))
        loc = key.at(_loc(place))
        types[loc] = kind
        return Build(loc, kind, power), types
    if action == R_ALONE:  # "R A 1:par:W1901": njudge's removal word, with no place after
        if retreat_turn:
            raise NotationError("expected a destination after R (<unit> R <province>; D disbands)")
        action = "remove"
    if action == "retreat" and not retreat_turn:  # "F bre R eng" was read as a move
        raise NotationError("a retreat order is not possible now: no unit must retreat")
    if action in ("remove", "disband"):
        mode = "retreat" if retreat_turn else "winter"
        if not retreat_turn:
            place = _adjustment_turn(world, place)
        try:
            return Disband(unit_of(kind, place, mode)), types
        except NotationError:
            if retreat_turn or any(world.adjusts(key) for key in places.heads.values()):
                raise
            raise NotationError(  # not "no unit in Paris on an active winter board"
                "a disband or removal is not possible now: no unit must retreat and"
                " no board takes adjustments"
            ) from None
    mode = "retreat" if retreat_turn else "movement"
    loc = unit_of(kind, place, mode)
    if action == "hold":
        return Hold(loc), types
    if action in ("support", "convoy"):
        assert words.target is not None
        target_place = places.resolved(words.target)
        target = places.occupant(target_place, loc.board)
        if action == "convoy":
            assert words.dest is not None
            types[target] = UnitType.ARMY
            dest = places.target(places.resolved(words.dest), target.board)
            return Convoy(loc, target, dest), types
        types[target] = _type_at(world, target, "movement") or words.target_type or UnitType.ARMY
        if words.dest is None:
            return SupportHold(loc, target), types
        dest = places.target(places.resolved(words.dest), target.board)
        return SupportMove(loc, target, dest), types
    assert words.dest is not None
    dest = places.target(places.resolved(words.dest), loc.board)
    if literal:
        return (Retreat(loc, dest) if retreat_turn else Move(loc, dest, words.via_convoy)), types
    dest = places.fleet_dest(loc, dest, types[loc])
    if types[loc] is UnitType.ARMY and "/" in dest.loc:
        dest = dest.board.at(base.province(dest.loc))  # armies ignore coasts
    if retreat_turn:
        return Retreat(loc, dest), types
    return Move(loc, dest, words.via_convoy), types


def _type_at(world: World, loc: MLoc, mode: str) -> UnitType | None:
    """The type of the unit at ``loc``: with ``mode`` "retreat" the dislodged one there
    if there is one, else the one standing there."""
    board = world.boards.get(loc[:3])  # type: ignore[call-overload]  # a plain tuple finds its BoardKey
    if board is None:
        return None
    if mode == "retreat" and loc.loc in board.dislodged:
        return board.dislodged[loc.loc].unit.type
    unit = board.units.get(loc.loc)
    return None if unit is None else unit.type


def _adjustment_turn(world: World, place: Place) -> Place:
    """5dplomacy: a build or removal written for the winter after a Fall (``Winter01``)
    is made on the coming Spring board (``Spring02``), which waits for it."""
    if world.fived and place.turn is not None and place.turn[1] == Season.WINTER:
        return replace(place, turn=(place.turn[0] + 1, Season.SPRING))
    return place


def _winter_board(places: _Places, place: Place) -> BoardKey:
    if place.timeline is not None and place.turn is not None:
        return BoardKey(place.timeline, *place.turn)
    winters = [
        k
        for k in sorted(places.heads.values())
        if places.world.adjusts(k)
        and (place.timeline is None or k.timeline == place.timeline)
        and (place.turn is None or (k.year, k.season) == place.turn)
    ]
    if len(winters) == 1:
        return winters[0]
    if not winters:
        raise NotationError(_no_winter_board(places, place))
    board = places.world.boards
    mine = [k for k in winters if board[k].centers.get(place.province) == places.power]
    if len(mine) == 1:
        return mine[0]
    if places.world.fived:  # no winter: the Spring boards that wait, as 5dplomacy writes them
        listed = ", ".join(write_fived_location(k.at(place.province)) for k in winters)
        raise NotationError(f"several boards wait for builds ({listed}): write the timeline")
    listed = ", ".join(
        f"{k.timeline}:{place.province}:{turn_text(k.year, k.season)}" for k in winters
    )
    raise NotationError(f"several winter boards are active ({listed}): write the timeline")


def _no_winter_board(places: _Places, place: Place) -> str:
    """Why no board waiting for adjustments answers to ``place``: none waits now, or
    none on the timeline or at the turn written (the boards that wait are named)."""
    fived = places.world.fived
    waiting = [k for k in sorted(places.heads.values()) if places.world.adjusts(k)]
    if not waiting:
        if fived:
            return "no board waits for builds now (5dplomacy: after a Fall)"
        return "there is no active winter board to build on"
    if place.timeline is not None:
        where = f"of {shown_timeline(place.timeline, fived)}"
    else:
        assert place.turn is not None  # else every board that waits would answer
        where = f"at {shown_turn(*place.turn, fived)}"
    listed = " and ".join(shown_board(k, fived) for k in waiting)
    verb = "does" if len(waiting) == 1 else "do"
    if fived:
        return f"no board {where} waits for builds now; {listed} {verb}"
    return f"no active winter board {where}; {listed} {'is one' if verb == 'does' else 'are'}"


# ------------------------------------------------------------- output


def format_order(order: AnyOrder, types: dict[MLoc, UnitType] | Callable | None = None) -> str:
    """The canonical text of an order: every location as a full triple; a unit's
    letter is the type ``types`` finds at its location (a look-up, or a mapping),
    else an army."""
    if types is None:
        look = _no_types
    elif callable(types):
        look = types
    else:
        look = types.get
    return written_order(order, look)[0]


def _no_types(loc: MLoc) -> None:
    return None


def written_order(
    order: AnyOrder, types: Callable[[MLoc], UnitType | None]
) -> tuple[str, dict[str, str]]:
    """An order's canonical text (:func:`format_order`) and the letters of the units
    it names (:func:`named_types`), each unit's type looked up once."""
    kind = type(order)
    # The kinds a turn holds most of: their letters found directly (a big turn writes
    # ten thousand), as named_types finds them.
    if kind is Move or kind is Retreat or kind is Hold:
        letters = {"unit": _letter(types(order.unit))}
    elif kind is SupportMove or kind is SupportHold:
        letters = {"unit": _letter(types(order.unit)), "target": _letter(types(order.target))}
    else:
        letters = named_types(order, types)
        if is_board_order(order):
            letter = lambda loc: _letter(types(loc))  # noqa: E731
            return format_board_order(order, letter), letters
    return _order_text(order, letters), letters


def _letter(found: UnitType | None) -> str:
    """The letter written for a unit of type ``found`` (an army when none is known)."""
    return "A" if found is None else str.__str__(found)


def _order_text(order: AnyOrder, letters: dict[str, str]) -> str:
    """The canonical text of an order that is no board rule's, the letters of its
    units given."""
    if isinstance(order, (Move, Retreat)):
        via = " via convoy" if getattr(order, "via_convoy", False) else ""
        text = f"{letters['unit']} {loc_text(order.unit)} - {loc_text(order.dest)}{via}"
    elif isinstance(order, Hold):
        text = f"{letters['unit']} {loc_text(order.unit)} H"
    elif isinstance(order, SupportMove):
        text = (
            f"{letters['unit']} {loc_text(order.unit)} S {letters['target']} "
            f"{loc_text(order.target)} - {loc_text(order.dest)}"
        )
    elif isinstance(order, SupportHold):
        text = (
            f"{letters['unit']} {loc_text(order.unit)} S {letters['target']} "
            f"{loc_text(order.target)}"
        )
    elif isinstance(order, Convoy):
        text = (
            f"{letters['unit']} {loc_text(order.unit)} C A {loc_text(order.army)} - "
            f"{loc_text(order.dest)}"
        )
    elif isinstance(order, Build):
        text = f"build {order.type.value} {loc_text(order.unit)}"
    elif isinstance(order, Disband):
        text = f"disband {letters['unit']} {loc_text(order.unit)}"
    elif isinstance(order, Waive):
        text = "waive"
    else:
        raise TypeError(f"not an order: {order!r}")
    return text


def named_types(order: AnyOrder, types: Callable[[MLoc], UnitType | None]) -> dict[str, str]:
    """The letters :func:`format_order` writes for the units an order names, by field
    (``{"unit": "A", "target": "F"}``): the type ``types`` finds there, else an
    army; a convoy carries an army, a build names no unit yet (its type says it)."""
    found = {}
    for name in _unit_fields(type(order)):
        loc = getattr(order, name)
        if isinstance(loc, MLoc):
            found[name] = "A" if name == "army" else (types(loc) or UnitType.ARMY).value
    return found


@functools.cache
def _unit_fields(kind: type) -> tuple[str, ...]:
    """The fields of an order kind that name a unit (none for builds and waives)."""
    if issubclass(kind, (Build, Waive)):
        return ()
    return tuple(name for name in ("unit", "target", "army") if name in kind.__dataclass_fields__)


_UNSEEN = object()


def world_types(world: World) -> Callable[[MLoc], UnitType | None]:
    """A type look-up for :func:`format_order` over the units of a world, each
    location looked up once (the world is not changed while the look-up is used)."""
    known: dict[MLoc, UnitType | None] = {}

    def look(loc: MLoc) -> UnitType | None:
        found = known.get(loc, _UNSEEN)
        if found is _UNSEEN:
            found = known[loc] = _type_at(world, loc, "retreat")  # a dislodged unit, else
        return found

    return look
