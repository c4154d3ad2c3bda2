"""How the multiverse rules write and read a location (the ruleset's
:meth:`~judge.rules.base.Ruleset.write_location` and
:meth:`~judge.rules.base.Ruleset.read_location`).

A location on a board is a value, :class:`~judge.engine.boards.MLoc`; the judge's
canonical order text writes it ``timeline:location:turn`` (``1:mun:S1901``,
``2:spa/nc:F1902``), 5dplomacy's ``alfa:MUN:Spring01``.  This module is the one
reader of the canonical spelling outside the order grammar
(:mod:`judge.rules.multiverse.notation`, which reads what players write): the
reports, the pictures and the notices get location values, or ask the ruleset.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from judge.engine.boards import BoardKey, MLoc
from judge.engine.phase import Turn
from judge.rules.multiverse.describe import loc_text
from judge.rules.multiverse.fived import fived_location

# The canonical spelling: a timeline number, a map location, a turn (S1901).
_CANONICAL = r"(\d+):([a-z0-9_/]+):([SFW]\d{4})"
_WHOLE = re.compile(_CANONICAL, re.IGNORECASE)
_WRITTEN = re.compile(rf"\b{_CANONICAL}\b", re.IGNORECASE)


def _located(found: re.Match[str]) -> MLoc:
    turn = Turn.parse(found.group(3))
    return MLoc(int(found.group(1)), turn.year, turn.index, found.group(2).lower())


def read_location(text: str) -> MLoc | None:
    """The location ``text`` writes in the canonical spelling (``1:mun:S1901``, any
    case), None when it is not one."""
    found = _WHOLE.fullmatch(text)
    return _located(found) if found else None


def locations_in(text: str) -> Iterator[tuple[int, int, MLoc]]:
    """``(start, end, location)`` of each canonical location written in ``text``
    (an order line, canonical or as a player wrote it), from the left."""
    for found in _WRITTEN.finditer(text):
        yield found.start(), found.end(), _located(found)


def write_location(loc: Any) -> str:
    """A location in the canonical spelling: ``1:mun:S1901``; a plain location as it is."""
    return loc_text(loc) if isinstance(loc, MLoc) else str(loc)


def write_fived_location(loc: Any) -> str:
    """A location as 5dplomacy writes it: ``alfa:MUN:Spring01``; a plain location as it is."""
    if isinstance(loc, MLoc):
        return fived_location(loc.timeline, loc.loc, loc.turn.season, loc.year)
    return str(loc)


def rewritten(text: str, write: Callable[[MLoc], str]) -> str:
    """``text`` (an order in the judge's canonical wording) with every location on a
    board written by ``write`` (5dplomacy's: ``2:mun:F1901`` -> ``bravo:MUN:Fall01``)."""
    parts, end = [], 0
    for start, stop, loc in locations_in(text):
        parts += [text[end:start], write(loc)]
        end = stop
    return "".join([*parts, text[end:]])


def board_of(text: str) -> BoardKey | None:
    """The board of the first location written in ``text``, None when it writes none."""
    for _, _, loc in locations_in(text):
        return loc.board
    return None
