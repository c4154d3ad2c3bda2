"""Short texts for locations and boards, used in canonical orders and messages, and
the start mail's note on the notation."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from judge.engine.phase import Turn
from judge.rules.multiverse.keys import SEASON_LETTER, BoardKey, MLoc, turn_text


def loc_text(loc: MLoc) -> str:
    """The canonical triple ``timeline:location:turn``, e.g. ``2:spa/nc:F1902``."""
    timeline, year, season, where = loc
    return f"{timeline}:{where}:{SEASON_LETTER[season]}{year}"  # turn_text, inlined


def board_text(key: BoardKey) -> str:
    """A board as players see it, e.g. ``timeline 2, F1902``."""
    return f"timeline {key.timeline}, {turn_text(key.year, key.season)}"


def shown_loc(loc: MLoc, fived: bool) -> str:
    """A location in a message to the players, as their game writes it: 5dplomacy's
    ``alfa:MUN:Spring01``, else the triple."""
    if not fived:
        return loc_text(loc)
    from judge.rules.multiverse.fived import fived_location

    return fived_location(loc.timeline, loc.loc, "SFW"[int(loc.season)], loc.year)


def shown_place(timeline: int, loc: str, fived: bool) -> str:
    """A location on a timeline, its turn left out: ``alfa:CLY`` in 5dplomacy, else
    ``1:cly``."""
    if not fived:
        return f"{timeline}:{loc}"
    from judge.rules.multiverse.fived import place_code
    from judge.rules.multiverse.notation import timeline_name

    return f"{timeline_name(timeline)}:{place_code(loc)}"


def shown_board(key: BoardKey, fived: bool) -> str:
    """A board in a message, as the game names it: ``board alfa:Spring02`` in
    5dplomacy, else ``timeline 2, F1902``."""
    if not fived:
        return board_text(key)
    from judge.rules.multiverse.fived import fived_board_text

    return fived_board_text(key)


def shown_timeline(timeline: int, fived: bool) -> str:
    """A timeline in a message: ``timeline bravo`` in 5dplomacy, else ``timeline 2``."""
    if not fived:
        return f"timeline {timeline}"
    from judge.rules.multiverse.notation import timeline_name

    return f"timeline {timeline_name(timeline)}"


def shown_turn(year: int, season: int, fived: bool) -> str:
    """A turn in a message: ``Spring01`` in 5dplomacy, else ``S1901``."""
    if not fived:
        return turn_text(year, season)
    from judge.rules.multiverse.fived import turn_code

    return turn_code("SFW"[int(season)], year)


def notation_note(
    board: Mapping[str, Any],
    variant: Any,
    power: str | None,
    *,
    write: Callable[[MLoc], str] = loc_text,
    timeline_label: Callable[[int], str] = str,
) -> str:
    """How a multiverse game's orders name units (``timeline:province:turn``), shown
    with a unit of the game's board: the reader's own first unit, else the first one.
    ``write`` writes a location on a board, ``timeline_label`` names a timeline, as
    the game's rules do (5dplomacy: ``alfa:MUN:Spring01``, ``alfa``)."""
    from judge.reports.names import Names

    text = (
        "This is a multiverse game: an order names a unit by its board, as timeline:province:turn."
    )
    units = list(board.get("units", []))
    unit = next((u for u in units if u["power"] == power), units[0] if units else None)
    if unit is None:
        return text
    names = Names(variant)
    loc, kind, timeline = unit["province"], unit["type"], int(board.get("timeline", 1))
    turn = Turn.parse(str(board.get("phase", "S1901M")))
    on_board = BoardKey(timeline, turn.year, turn.index)
    here = write(on_board.at(loc))
    owner = "your" if unit["power"] == power else f"the {names.adjective(unit['power'])}"
    text += (
        f" The game begins on one board, timeline {timeline_label(timeline)} in {turn.code}: "
        f"{owner} {names.unit(kind).lower()} {names.in_place(loc)} is {kind} {here}"
    )
    reachable = sorted(variant.neighbours(kind, loc))
    if reachable:
        dest = reachable[0]
        text += (
            f", and {kind} {here} - {write(on_board.at(dest))} moves it to "
            f"{names.in_place(dest).removeprefix('in ')}. While there is one timeline, "
            f"plain orders such as {kind} {loc.capitalize()} - {dest.capitalize()} work too"
        )
    return text + (
        ". Once timelines fork, give the timeline and the turn wherever a unit or a "
        "destination could be on more than one board."
    )
