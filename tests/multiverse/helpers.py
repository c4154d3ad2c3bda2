"""Small builders for multiverse tests: boards from text, turns from text orders."""

from __future__ import annotations

from judge.rules.multiverse.adjudicate import OrderResult, TurnReport, adjudicate
from judge.rules.multiverse.basemap import base_map_for
from judge.rules.multiverse.keys import BoardKey, MLoc
from judge.rules.multiverse.notation import parse_turn
from judge.rules.multiverse.order_text import parse_order
from judge.rules.multiverse.setup import make_board
from judge.rules.multiverse.world import Board, World

BASE = base_map_for("standard")


def key(timeline: int, turn: str) -> BoardKey:
    """``key(1, "S1901")`` -> the board key."""
    parsed = parse_turn(turn)
    assert parsed is not None, turn
    return BoardKey(timeline, *parsed)


def loc(text: str) -> MLoc:
    """``loc("1:mun:S1901")`` -> the multiverse location."""
    timeline, place, turn = text.split(":")
    return key(int(timeline), turn).at(place)


def board(timeline: int, turn: str, units: str, centers: dict | None = None) -> Board:
    """A board from ``"germany A mun, A kie; austria A boh"``."""
    triples = []
    for group in filter(None, (g.strip() for g in units.split(";"))):
        power, rest = group.split(None, 1)
        for item in rest.split(","):
            kind, where = item.split()
            triples.append((power, kind, where))
    return make_board(key(timeline, turn), triples, centers or {})


def world(*boards: Board, strict: bool = False, seed: int = 0) -> World:
    """A world of the given boards, without history."""
    return World(boards={b.key: b for b in boards}, strict=strict, seed=seed)


class Turn:
    """The outcome of one played turn, with look-ups by order text."""

    def __init__(self, before: World, after: World, report: TurnReport, texts: list) -> None:
        self.before, self.world, self.report = before, after, report
        self.by_text = dict(zip(texts, report.submitted, strict=True))

    def result(self, text: str) -> OrderResult:
        """The result of a submitted order, by its text."""
        return self.by_text[text]

    def status(self, text: str) -> str:
        """``success``, ``failure`` or ``invalid`` for a submitted order."""
        return self.by_text[text].status

    def stored(self, where: str) -> str:
        """The stored status of the movement order of the unit at ``where``."""
        return self.world.orders[loc(where)].status


def play(w: World, orders: dict[str, list[str]]) -> Turn:
    """Parse the orders (they must parse) and adjudicate one turn."""
    texts, parsed = [], []
    for power, lines in orders.items():
        for text in lines:
            result = parse_order(w, BASE, power, text)
            assert result.ok, result.message
            texts.append(text)
            parsed.append((power, result.order))
    after, report = adjudicate(w, BASE, parsed)
    return Turn(w, after, report, texts)


def units_of(w: World, timeline: int, turn: str) -> dict[str, str]:
    """``{location: "power type"}`` of one board."""
    b = w.boards[key(timeline, turn)]
    return {where: f"{u.power} {u.type.value}" for where, u in b.units.items()}
