"""The order-kind interface: every order kind is a frozen dataclass carrying its own steps.

An order kind has a stable ``kind`` name (stored orders are the kind name plus
the dataclass fields: :mod:`judge.orders.data`), the phases it belongs to, a
legality step and a canonical text.  A movement order kind also says what it
does in movement resolution, through the hooks of :class:`MovementOrder`:

* :meth:`~MovementOrder.moves_to`: the location the unit tries to move to (a move);
* :meth:`~MovementOrder.carries`: the army and destination it convoys (a convoy);
* :meth:`~MovementOrder.supports` and :meth:`~MovementOrder.backs`: the unit it
  supports and whether that unit's order is the one supported (a support);
* :meth:`~MovementOrder.decide`: its Kruijswijk decision, asked of the shared core
  (:class:`Resolution`), and :meth:`~MovementOrder.outcome`: what is reported.

The resolver's core (guess and backtrack, the backup rule, the strengths) knows
only these hooks, so a ruleset adds an order kind without editing it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Protocol

from judge.engine.outcome import SUCCESS, MovementResult, Outcome, failure
from judge.engine.units import Location, Unit

if TYPE_CHECKING:
    from judge.engine.geography import Geography

UnitText = Callable[[Location], str]
"""Writes the unit at a location for canonical text, e.g. ``"A par"``."""


class Resolution(Protocol):
    """What an order kind may ask of the resolver while a movement phase is resolved."""

    geo: Geography
    units: Mapping[Location, Unit]
    orders: Mapping[Location, MovementOrder]
    route_fleets: Mapping[Location, list[Location]]
    no_path: set[Location]

    def resolve(self, loc: Location) -> bool:
        """The decision of the order at ``loc`` (may guess inside a cycle)."""
        ...

    def stays(self, loc: Location) -> bool:
        """Whether the unit at ``loc`` stays: no move into its area succeeds."""
        ...

    def move_succeeds(self, loc: Location) -> bool:
        """Whether the move of the unit at ``loc`` beats every rival and the defence."""
        ...

    def support_given(self, loc: Location, target: Location, into: Hashable | None) -> bool:
        """Whether the support of ``loc`` for ``target`` stands (matches, is not cut).

        ``into``: the area the support goes into, from where an attack cuts only
        by dislodging (None for a support to hold).
        """
        ...

    def is_backing(self, loc: Location, target: Location) -> bool:
        """Whether the support at ``loc`` matches what the unit at ``target`` does."""
        ...

    def has_path(self, loc: Location) -> bool:
        """Whether a move can reach its destination (directly or by an intact convoy)."""
        ...

    def uses_convoy(self, loc: Location) -> bool:
        """Whether a move goes by convoy."""
        ...

    def decided(self, loc: Location) -> bool:
        """The final decision of an order (after resolution)."""
        ...


@dataclass(slots=True)
class Board:
    """What the legality of an order may look at: the map, the units on it (before
    any order is known) and the order kinds in play."""

    geo: Geography
    units: Mapping[Location, Unit]
    kinds: tuple[type[Order], ...]
    routes: dict[tuple[Location, Location, Location | None], frozenset[Location]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """Convoy searches done on this board (its units never change), by
    ``(army, destination, excluded fleet)``: every fleet of a convoy asks the same."""
    carriers: list[Location] | None = field(default=None, compare=False, repr=False)
    """The units that could carry a convoy (found at the first convoy search)."""
    searches: int = field(default=0, compare=False, repr=False)
    """How many convoy routes were asked of this board (found or recorded): a check
    during which this does not change looked at no unit its order does not name."""
    asked: list[tuple[tuple[Location, Location, Location | None], frozenset[Location]]] | None = (
        field(default=None, compare=False, repr=False)
    )
    """When a list: the convoy searches asked of this board are noted there, in turn,
    with their answers (a check that looked at other units than those its order
    names did so through these)."""

    def could_reach(self, loc: Location, dest: Location, exclude: Location | None = None) -> bool:
        """Whether the unit at ``loc`` could get into the area of ``dest`` by some order
        kind in play, without help from the unit at ``exclude`` (for supports)."""
        return any(kind.reaches(self, loc, dest, exclude) for kind in _movers(self.kinds))

    def illegal_reason(self, order: MovementOrder) -> str | None:
        """None when ``order`` is legal for the unit it names; else a short reason."""
        unit = self.units.get(order.unit)
        if unit is None:
            return "no such unit"
        return order.illegal_reason(self, unit)


_MOVERS: dict[tuple[type[Order], ...], tuple[type[Order], ...]] = {}


def _movers(kinds: tuple[type[Order], ...]) -> tuple[type[Order], ...]:
    """The kinds that may move a unit (they override :meth:`Order.reaches`; the
    others answer False): asked for every support checked, kept per tuple of kinds."""
    found = _MOVERS.get(kinds)
    if found is None:
        base = getattr(Order.reaches, "__func__", None)  # None: keep every kind
        found = _MOVERS[kinds] = tuple(
            kind
            for kind in kinds
            if base is None or getattr(kind.reaches, "__func__", None) is not base
        )
    return found


class Order:
    """The base of every order kind (a frozen dataclass with slots).

    Subclasses set ``kind`` (a stable name) and ``phases`` (phase kinds ``M``,
    ``R``, ``A`` it may be given in); a ruleset puts them in play by naming them in
    its engine hooks (:attr:`judge.engine.rules.EngineRules.order_kinds`).
    """

    __slots__ = ()
    kind: ClassVar[str] = ""
    phases: ClassVar[frozenset[str]] = frozenset()

    def illegal_reason(self, board: Board, unit: Unit) -> str | None:
        """None when legal for ``unit`` (the unit that receives it) on ``board``;
        else a short reason."""
        return "not an order for this phase"

    @classmethod
    def reaches(cls, board: Board, loc: Location, dest: Location, exclude: Location | None) -> bool:
        """Whether the unit at ``loc`` could get into the area of ``dest`` by an order of
        this kind (not helped by the unit at ``exclude``); kinds that move units say so."""
        return False

    def format(self, unit: UnitText, phase: str) -> str:
        """The judge's own spelling of the order in a phase of kind ``phase``."""
        raise NotImplementedError

    def moves_to(self) -> Location | None:
        """Where the unit tries to move (a move or a retreat); None when it stays."""
        return None

    adjustment: ClassVar[str | None] = None
    """In an adjustment phase: ``"build"`` when the order uses one of the power's
    builds (a build, a waive), ``"remove"`` when it is one of its removals."""

    def builds(self) -> tuple[Location, Unit] | None:
        """For a build: where the new unit stands, and the unit."""
        return None


class MovementOrder(Order):
    """An order of a movement phase; the defaults describe an order that holds."""

    __slots__ = ()
    phases: ClassVar[frozenset[str]] = frozenset("M")
    unit: Location

    def reaches_directly(self, geo: Geography, unit: Unit, loc: Location) -> bool:
        """For a move: whether it reaches its destination without a convoy."""
        return False

    def may_go_by_convoy(self) -> bool:
        """For a move: whether fleets may carry the unit (if its type can be convoyed)."""
        return False

    def asks_for_convoy(self) -> bool:
        """For a move: whether it explicitly asks to go by convoy."""
        return False

    def carries(self) -> tuple[Location, Location] | None:
        """For a convoy: the army it carries and the destination."""
        return None

    def passes(self, units: Mapping[Location, Unit], other: Location) -> bool:
        """For a move: whether it passes the unit at ``other`` moving the opposite way
        (a swap) instead of meeting it head to head (the standard moves never do)."""
        return False

    def cuts_support(self) -> bool:
        """For a move: whether it cuts the support of the unit it attacks (the
        standard moves do; a ruleset's move may not)."""
        return True

    def supports(self) -> Location | None:
        """For a support: the location of the supported unit."""
        return None

    def backs(self, supported: MovementOrder, geo: Geography) -> bool:
        """For a support: whether ``supported`` is the order this one supports."""
        return False

    def decide(self, r: Resolution, loc: Location) -> bool:
        """The order's decision: by default, whether the unit stays in place."""
        return r.stays(loc)

    def outcome(self, r: Resolution, loc: Location, result: MovementResult) -> Outcome:
        """What is reported for the order once every decision is made."""
        return failure("dislodged") if loc in result.dislodged else SUCCESS


def an(word: str) -> str:
    """``word`` with its indefinite article: ``a fleet``, ``an army``."""
    return ("an " if word[:1] in "aeiou" else "a ") + word
