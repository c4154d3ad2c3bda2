"""The 5dplomacy rule set (docs/multiverse.md, "Rule sets").

5dplomacy (Jaculabilis/5dplomacy) plays multiverse Diplomacy with other rules than
the reference game:

* **no winter boards**: a timeline runs Spring, Fall, Spring...; turn ``n`` is the
  ``n``-th movement board of the game (Spring 1901 is 0, Fall 1901 is 1);
* **adjacency**: two boards are adjacent when their turns differ by at most one
  (past or future, also diagonally) and their timelines are related: the same
  timeline, one forked from the other, or both forked from the same board; on any
  board a unit reaches only the map neighbours of its location;
* **forks**: the boards judged again are the heads, the boards named by new orders
  and their recorded orders; a past board forks when a new move into it succeeds or
  when a recorded dislodgement or move result of it changes; a fork is always a new
  timeline (an existing one is never reused), starting one turn after the board;
* **victory note**: a power eliminated in one timeline is eliminated in all.

What 5dplomacy leaves unfinished (convoys, retreats, builds and removals) follows the
reference rules.  Builds and removals: after each Fall (and its retreats) the coming
Spring board of the timeline waits for them (``Board.adjusting``) and they are judged
there as the reference judges a winter board; no winter board is ever created.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping

from judge.engine.orders import Move, SupportHold, SupportMove, UnitType
from judge.rules.multiverse.basemap import BaseMap
from judge.rules.multiverse.geography import MultiverseGeography
from judge.rules.multiverse.keys import BoardKey, MLoc, Season
from judge.rules.multiverse.world import SUCCESS, World

NAME = "5dplomacy"


def turn_index(loc: MLoc | BoardKey | tuple) -> int:
    """5dplomacy's turn number of a board: two movement turns a year, no winter."""
    return 2 * loc[1] + loc[2]


def timeline_parents(world: World) -> dict[int, BoardKey]:
    """For every forked timeline, the board it was forked from."""
    return {child: key for key, board in world.boards.items() for child in board.children}


def related_timelines(parents: Mapping[int, BoardKey], timelines: Iterable[int]) -> dict:
    """For each timeline, the timelines adjacent to it: itself, its parent, its
    children and its siblings (forked from the same board)."""
    children: dict[int, list[int]] = {}
    by_board: dict[BoardKey, list[int]] = {}
    for child, board in parents.items():
        children.setdefault(board.timeline, []).append(child)
        by_board.setdefault(board, []).append(child)
    related: dict[int, set[int]] = {}
    for line in timelines:
        found = {line, *children.get(line, ())}
        parent = parents.get(line)
        if parent is not None:
            found.add(parent.timeline)
            found.update(by_board[parent])
        related[line] = found
    return related


class FivedGeography(MultiverseGeography):
    """5dplomacy's adjacency over the multiverse (no winter boards in its worlds)."""

    def __init__(self, base: BaseMap, world: World) -> None:
        super().__init__(base, strict=False)
        self.parents = timeline_parents(world)
        self._related = related_timelines(self.parents, world.timelines())
        self._adjacent: dict[tuple, bool] = {}  # boards_adjacent, by pair of boards

    def timelines_adjacent(self, a: int, b: int) -> bool:
        """Same timeline, parent and child, or siblings forked from the same board."""
        if a == b:
            return True
        related = self._related.get(a)
        if related is not None:
            return b in related
        pa, pb = self.parents.get(a), self.parents.get(b)
        return (pa is not None and (pa.timeline == b or pa == pb)) or (
            pb is not None and pb.timeline == a
        )

    def boards_adjacent(self, a: MLoc | tuple, b: MLoc | tuple) -> bool:
        """Turns at most one apart (either way) and related timelines."""
        if a[2] == Season.WINTER or b[2] == Season.WINTER:
            return False
        return abs(turn_index(a) - turn_index(b)) <= 1 and self.timelines_adjacent(a[0], b[0])

    def can_move(self, unit_type: UnitType, src: MLoc, dest: MLoc) -> bool:
        if src[:3] != dest[:3] and not self.boards_adjacent(src, dest):
            return False
        return self._geo.can_move(unit_type, src[3], dest[3])

    def can_reach(self, unit_type: UnitType, src: MLoc, area: Hashable) -> bool:
        """Map adjacency of the two locations, on the same board or on adjacent ones."""
        spot: tuple = area  # type: ignore[assignment]
        here, there = src[:3], spot[:3]
        if here != there:
            adjacent = self._adjacent.get((here, there))
            if adjacent is None:
                adjacent = self._adjacent[here, there] = self.boards_adjacent(src, spot)
            if not adjacent:
                return False
        return self._geo.can_reach(unit_type, src[3], spot[3])

    def areas_in_reach(self, unit_type: UnitType, src: MLoc) -> list[tuple] | None:
        """The areas ``can_reach`` may answer True for from ``src`` (it still decides):
        the map's neighbours of its location, on its own board and on every board
        within a turn on a related timeline; None for a timeline this geography does
        not know (the convoy search then asks about every fleet)."""
        near = list(self._geo.areas_in_reach(unit_type, src[3]))
        if src[2] == Season.WINTER:
            return [(*src[:3], area) for area in near]
        if src[0] not in self._related:
            return None
        boards = [src[:3], *self.neighbour_boards(BoardKey(*src[:3]))]
        return [(*key, area) for key in boards for area in near]

    def neighbour_boards(self, key: BoardKey) -> list[BoardKey]:
        """The boards a unit on ``key`` may reach (they need not exist)."""
        out = []
        for line in sorted(self._related.get(key.timeline, {key.timeline})):
            for step in (-1, 0, 1):
                year, season = divmod(turn_index(key) + step, 2)
                other = BoardKey(line, year, season)
                if other != key:
                    out.append(other)
        return out

    def distance_reason(self, src: MLoc, dest: MLoc) -> str | None:
        """Why the board of ``dest`` is out of reach from ``src``, or None."""
        if src[:3] == dest[:3]:  # the same board
            return None
        if dest.season == Season.WINTER:
            return "there are no winter boards in 5dplomacy"
        steps = abs(turn_index(src) - turn_index(dest))
        if steps > 1:
            return f"{fived_board_text(dest.board)} is {steps} turns away"
        if not self.timelines_adjacent(src.timeline, dest.timeline):
            from judge.rules.multiverse.notation import timeline_name

            return (
                f"timelines {timeline_name(src.timeline)} and {timeline_name(dest.timeline)}"
                " are not adjacent"
                " (neither forked from the other nor both from the same board)"
            )
        if self.base.province(src.loc) == self.base.province(dest.loc):
            return "in 5dplomacy a unit reaches only neighbouring provinces, on any board"
        return None


def geography_for(base: BaseMap, world: World) -> MultiverseGeography:
    """The adjacency of a world's rule set: 5dplomacy's, or the reference game's."""
    if world.fived:
        return FivedGeography(base, world)
    return MultiverseGeography(base, world.strict)


# ------------------------------------------------------------------ forks


def pulled_boards(world: World, new_orders: Iterable, heads: Iterable[BoardKey]) -> set[BoardKey]:
    """The boards judged this turn: the heads, the destination board of every new move,
    the supported unit's board of a support to hold, and both the supported unit's and
    the destination board of a support to move (those that exist)."""
    pulled = set(heads)
    for order in new_orders:
        if isinstance(order, Move):
            pulled.add(order.dest.board)
        elif isinstance(order, SupportHold):
            pulled.add(order.target.board)
        elif isinstance(order, SupportMove):
            pulled.update((order.target.board, order.dest.board))
    return {key for key in pulled if key in world.boards}


def board_history(world: World, key: BoardKey) -> list[MLoc]:
    """The recorded orders of a board: its units' orders and the moves into it."""
    found = [key.at(loc) for loc in world.boards[key].units if key.at(loc) in world.orders]
    found += [loc for loc in world.moves_into.get(key, ()) if loc.board != key]
    return found


def outcomes(world: World, history: Iterable[MLoc]) -> dict[MLoc, tuple[bool, bool]]:
    """``(dislodged, moved)`` of each recorded order, as the world records them now."""
    out = {}
    for loc in history:
        record = world.orders[loc]
        board = world.boards[loc.board]
        dislodged = loc in world.retreats or loc.loc in board.dislodged
        moved = isinstance(record.order, Move) and record.status == SUCCESS
        out[loc] = (dislodged, moved)
    return out


def forking_boards(
    world: World,
    past: Mapping[BoardKey, dict[MLoc, tuple[bool, bool]]],
    new_moves: Iterable[MLoc],
) -> set[BoardKey]:
    """The past boards that fork: a new move into them succeeded, or a recorded
    dislodgement or move result of theirs changed (``past`` holds the results
    before this turn, by board)."""
    forking = set()
    for origin in new_moves:
        record = world.orders[origin]
        dest = record.order.dest.board
        if dest in past and record.status == SUCCESS:
            forking.add(dest)
    for key, before in past.items():
        if key not in forking and outcomes(world, before) != before:
            forking.add(key)
    return forking


# ------------------------------------------------------------ elimination


def players(world: World) -> set[str]:
    """The powers in the game: those with a unit or a centre on its first board."""
    first = world.boards[min(world.boards, key=BoardKey.canonical_order)]
    return {u.power for u in first.units.values()} | set(first.centers.values())


def newly_eliminated(world: World) -> set[str]:
    """Powers of the game with neither a unit nor a supply centre on some active board."""
    playing = players(world) - world.eliminated
    out = set()
    for key in world.active_boards().values():
        board = world.boards[key]
        present = {u.power for u in board.units.values()} | set(board.centers.values())
        out.update(playing - present)
    return out


# ------------------------------------------------------------------ notation

# 5dplomacy's own codes where they differ from the judge's map.
_CODES = {
    "eng": "ENC",
    "iri": "IRS",
    "nwg": "NWS",
    "bot": "GOB",
    "adr": "ADS",
    "eas": "EMS",
    "lyo": "GOL",
    "ion": "IOS",
    "wes": "WMS",
}
_SEASON_WORD = {"S": "Spring", "F": "Fall", "W": "Winter"}


def place_code(location: str) -> str:
    """A map location as 5dplomacy writes it: ``nwg`` -> ``NWS``, ``stp/sc`` -> ``STP/wc``."""
    province, _, coast = location.partition("/")
    code = _CODES.get(province, province.upper())
    if coast:
        coast = "wc" if (province, coast) == ("stp", "sc") else coast
        return f"{code}/{coast}"
    return code


def turn_code(letter: str, year: int) -> str:
    """``("F", 1902)`` -> ``Fall02`` (the year in full outside the 1900s)."""
    short = f"{year % 100:02d}" if 1900 <= year <= 1999 else str(year)
    return f"{_SEASON_WORD[letter.upper()]}{short}"


def fived_location(timeline: int, location: str, letter: str, year: int) -> str:
    """``bravoprime:IRS:Fall02``: timeline name, 5dplomacy code, turn."""
    from judge.rules.multiverse.notation import timeline_name

    return f"{timeline_name(timeline)}:{place_code(location)}:{turn_code(letter, year)}"


def fived_board_text(key: BoardKey) -> str:
    """A board as 5dplomacy players name it: ``board alfa:Spring02``."""
    return f"board {fived_board_name(key)}"


def fived_board_name(key: BoardKey) -> str:
    """A board's name in 5dplomacy's notation: ``alfa:Spring02``."""
    from judge.rules.multiverse.notation import timeline_name

    letter = "SFW"[int(key.season)]
    return f"{timeline_name(key.timeline)}:{turn_code(letter, key.year)}"


def fived_turn(turn: str) -> str:
    """A turn as 5dplomacy writes it: ``S1901`` -> ``Spring01``."""
    return turn_code(turn[0], int(turn[1:]))
