"""Order keys: what a stored order is for, so that a later order for the same thing
replaces it.

A key is one of four things:

* a unit, by its location (``par``, ``spa/nc``; in a multiverse game a location on
  one board, ``1:par:S1901``);
* a build site, by its province (``par``; ``1:par:W1901`` on a winter board);
* the n-th waive of a power (each waive is its own order);
* CLEAR, which withdraws every order given before it.

The database keeps a key as one short string (:meth:`OrderKey.text`, read back by
:meth:`OrderKey.parse`), in the spelling the judge has always stored: ``par``,
``1:par:S1901``, ``build:par``, ``build:1:par:W1901``, ``waive:2``, ``*clear*``.
Nothing else builds or reads these strings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from judge.engine.boards import Location, MLoc
from judge.engine.orders import Build, Waive
from judge.engine.phase import Turn

UNIT = "unit"
BUILD = "build"
WAIVE = "waive"
CLEAR = "clear"
KINDS = (UNIT, BUILD, WAIVE, CLEAR)

CLEAR_KEY_TEXT = "*clear*"  # the column text of a CLEAR row
# The column's spelling of a key on a board (read by OrderKey.parse only).
_TRIPLE = re.compile(r"^(\d+):([^:\s]+):([A-Za-z]\d{4})$")
# A place off the map, such as a slot of an Outer Space spacecraft (``orb:alpha:1``).
_OFF_MAP = re.compile(r"^[a-z]+:[a-z][a-z0-9_]*:\d+$")


class OrderKeyError(ValueError):
    """A stored key string that is not one."""


@dataclass(frozen=True, slots=True)
class OrderKey:
    """What one stored order is for.

    ``loc`` is the unit's location or the build site's province (empty for waives and
    CLEAR); ``timeline`` and ``turn`` place it on a multiverse board (None in a
    standard game); ``number`` counts a power's waives (1, 2, ...; 0 for the other
    kinds).
    """

    kind: str
    loc: str = ""
    timeline: int | None = None
    turn: Turn | None = None
    number: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise OrderKeyError(f"unknown kind of order key: {self.kind!r}")
        if (self.timeline is None) != (self.turn is None):
            raise OrderKeyError("a board needs both a timeline and a turn")

    # -------------------------------------------------------------- making

    @classmethod
    def unit(cls, loc: Location) -> OrderKey:
        """The key of the unit at ``loc`` (a plain location, or a multiverse location)."""
        return cls(UNIT, *place_of(loc))

    @property
    def unit_place(self) -> tuple[str, int | None, Turn | None] | None:
        """``(loc, timeline, turn)`` of the unit a unit key is for (None for the
        other kinds): what :func:`place_of` gives for the unit's location, so that a
        location is matched to keys without making a key of it."""
        return (self.loc, self.timeline, self.turn) if self.kind == UNIT else None

    @classmethod
    def build(cls, site: Location) -> OrderKey:
        """The key of a build at ``site``; a coast is dropped (one build per province)."""
        loc, timeline, turn = place_of(site)
        return cls(BUILD, loc.split("/", 1)[0], timeline, turn)

    @classmethod
    def waive(cls, number: int = 0) -> OrderKey:
        """The key of a power's ``number``-th waive (0: not numbered yet)."""
        return cls(WAIVE, number=number)

    @classmethod
    def clear(cls) -> OrderKey:
        """The key of a CLEAR row."""
        return cls(CLEAR)

    @classmethod
    def of(cls, order: Any) -> OrderKey:
        """The key of an engine order: its unit, its build site, or an unnumbered waive."""
        if isinstance(order, Waive):
            return cls.waive()
        if isinstance(order, Build):
            return cls.build(order.unit)
        return cls.unit(order.unit)

    # -------------------------------------------------------------- reading

    @property
    def is_unit(self) -> bool:
        """Whether the key names a unit."""
        return self.kind == UNIT

    @property
    def is_build(self) -> bool:
        """Whether the key names a build site."""
        return self.kind == BUILD

    @property
    def is_waive(self) -> bool:
        """Whether the key is a waive."""
        return self.kind == WAIVE

    @property
    def is_clear(self) -> bool:
        """Whether the key is CLEAR."""
        return self.kind == CLEAR

    @property
    def board(self) -> tuple[int, Turn] | None:
        """``(timeline, turn)`` of the board the key lies on, None off the multiverse."""
        if self.timeline is None or self.turn is None:
            return None
        return self.timeline, self.turn

    def numbered(self, number: int) -> OrderKey:
        """This waive numbered ``number``."""
        if not self.is_waive:
            raise OrderKeyError("only waives are numbered")
        return OrderKey(WAIVE, number=number)

    # -------------------------------------------------------------- the column

    def text(self) -> str:
        """The key as the database column holds it."""
        if self.kind == CLEAR:
            return CLEAR_KEY_TEXT
        if self.kind == WAIVE:
            return f"waive:{self.number}" if self.number else "waive"
        where = self.loc
        if self.timeline is not None and self.turn is not None:
            where = f"{self.timeline}:{self.loc}:{self.turn.code}"
        return f"build:{where}" if self.kind == BUILD else where

    def __str__(self) -> str:
        return self.text()

    def __lt__(self, other: OrderKey) -> bool:
        """Keys sort as their column text does (replies list orders in that order)."""
        return self.text() < other.text()

    @classmethod
    def parse(cls, text: str) -> OrderKey:
        """Read a key back from the database column; OrderKeyError when it is not one."""
        if text == CLEAR_KEY_TEXT:
            return cls.clear()
        if text == "waive":
            return cls.waive()
        if text.startswith("waive:"):
            number = text.removeprefix("waive:")
            if not number.isdigit() or int(number) < 1:
                raise OrderKeyError(f"not an order key: {text!r}")
            return cls.waive(int(number))
        kind = UNIT
        if text.startswith("build:"):
            kind, text = BUILD, text.removeprefix("build:")
        if not text or text.startswith("*") or " " in text:
            raise OrderKeyError(f"not an order key: {text!r}")
        found = _TRIPLE.match(text)
        if found:
            try:
                turn = Turn.parse(found.group(3))
            except ValueError as error:
                raise OrderKeyError(f"not an order key: {text!r} ({error})") from None
            return cls(kind, found.group(2), int(found.group(1)), turn)
        if ":" in text and not _OFF_MAP.match(text):
            raise OrderKeyError(f"not an order key: {text!r}")
        return cls(kind, text)


def place_of(where: Location) -> tuple[str, int | None, Turn | None]:
    """``(loc, timeline, turn)`` of a location: a plain one (a province code, an off-map
    place), or a location on one board of a multiverse."""
    if isinstance(where, MLoc):
        return where.loc, where.timeline, where.turn
    return where, None, None
