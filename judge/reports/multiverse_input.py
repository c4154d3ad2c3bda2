"""The input of a multiverse report (see :func:`judge.reports.multiverse_model`),
made from the world document given to the adjudicator and its answer."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol

from judge.engine.boards import BoardKey, Location, MLoc
from judge.engine.phase import Turn, board_time
from judge.orders.data import place_of_data
from judge.reports.names import board_location
from judge.reports.phases import phase_kind
from judge.reports.sentences import (
    PLACE_FIELDS,
    STANDARD_WORDS,
    OrderWords,
    view_of_data,
    view_of_text,
)

Board = tuple[int, str]  # (timeline, turn code): a board of the report


class Locations(Protocol):
    """How the game's ruleset reads the locations of its canonical order text
    (:meth:`~judge.rules.base.Ruleset.read_location`,
    :meth:`~judge.rules.base.Ruleset.locations_in`)."""

    def read_location(self, text: str) -> Location: ...

    def locations_in(self, text: str) -> Iterator[tuple[int, int, Location]]: ...


def _board(loc: MLoc) -> Board:
    return loc.timeline, loc.turn.code


def _order_board(order: Mapping[str, Any], locations: Locations) -> Board | None:
    """``(timeline, turn)`` of the unit an order is for: of its first place on a
    board, from its data (a game's answer) or else its text."""
    data = order.get("data")
    if isinstance(data, Mapping):
        for name in PLACE_FIELDS:
            loc = place_of_data(data.get(name))
            if isinstance(loc, MLoc):
                return _board(loc)
    for field_name in ("order", "text"):
        for _, _, loc in locations.locations_in(order.get(field_name) or ""):
            if isinstance(loc, MLoc):
                return _board(loc)
    return None


def _on_board(entry: dict, board: Board, locations: Locations, words: OrderWords) -> dict:
    """An order entry as the board ``board`` lists it: its view (:class:`OrderView`,
    locations on ``board`` plain, those on other boards as values), from its data (a
    game's answer) or else its canonical text; and, where the report may show that
    text (no view reads it, or the order is invalid), the text with the locations on
    ``board`` written plainly."""
    text = entry.get("order")
    if not text:
        return entry

    def seen(loc: Location) -> Location:
        return loc.loc if isinstance(loc, MLoc) and _board(loc) == board else loc

    data = entry.get("data")
    view = None
    if isinstance(data, Mapping):
        view = view_of_data(data, entry.get("unit_types") or {}, words)
    if view is not None:
        view = replace(view, loc=seen(view.loc), target=seen(view.target), dest=seen(view.dest))
        if entry.get("result") != "invalid":
            return {**entry, "view": view}
    else:
        view = view_of_text(text, lambda word: seen(locations.read_location(word)), words)
    relative, end = [], 0
    for start, stop, loc in locations.locations_in(text):
        if isinstance(loc, MLoc):
            relative += [text[end:start], loc.loc if _board(loc) == board else board_location(loc)]
            end = stop
    relative.append(text[end:])
    return {**entry, "order": "".join(relative), "view": view}


def _rejudged_board_orders(
    changed: list[dict],
    history: Sequence[Mapping[str, Any]],
    on_board: Sequence[Mapping[str, Any]],
) -> list[dict]:
    """Every order a re-judged past board had, as the report lists them.

    The orders whose result changed (``changed``, marked re-judged) take the place of
    their earlier result; the board's other orders (``on_board``: its entries of
    the ``history``, in order) of the same kind keep the result the history gives
    them, and the units that had none show as unordered.
    """
    new = {(o.get("power"), o.get("order")): o for o in changed}
    kinds = {h.get("kind") for h in history if (h.get("power"), h.get("order")) in new} or {
        "movement"
    }
    out = []
    for entry in on_board:
        key = (entry.get("power"), entry.get("order"))
        if entry.get("kind") not in kinds:
            continue
        if key in new:
            out.append(new.pop(key))
            continue
        shown = {
            "power": entry.get("power"),
            "order": entry.get("order"),
            "result": entry.get("result"),
            "reason": entry.get("reason"),
            "judged": "automatic" if entry.get("auto") else "history",
        }
        out.append({**shown, **{k: entry[k] for k in ("data", "unit_types") if k in entry}})
    return out + list(new.values())


def _step_kind(board: Mapping[str, Any]) -> dict[str, str]:
    """The kind of step a board's results report when its phase does not say it: the
    adjustments of a 5dplomacy Spring board that waited for them after the Fall, the
    retreats of a board whose units had to retreat (the world's retreat turn)."""
    if board.get("adjusting"):
        return {"kind": "adjustments"}
    if board.get("dislodged"):
        return {"kind": "retreats"}
    return {}


def _is_waive(order: Mapping[str, Any]) -> bool:
    data = order.get("data")
    if isinstance(data, Mapping):
        return data.get("kind") == "waive"
    return str(order.get("order") or "").strip().lower() == "waive"


def _placed_waive(
    order: Mapping[str, Any],
    per_board: dict[Board, list[dict]],
    adjusted: AdjustmentTables,
) -> bool:
    """Put a valid waive (it names no board) on the first board adjusted this step
    where its power still has a build neither made nor waived; whether it was put."""
    if order.get("result") == "invalid" or not _is_waive(order):
        return False
    power = order.get("power")
    for key in sorted(adjusted, key=lambda k: (k[0], Turn.parse(k[1]).time)):
        owed = adjusted[key].get(power, (0, 0, 0))[2]
        used = sum(
            1
            for o in per_board.get(key, [])
            if o.get("power") == power
            and o.get("result") != "invalid"
            and (_is_waive(o) or getattr(o.get("view"), "kind", None) == "build")
        )
        if owed > used:
            per_board.setdefault(key, []).append(dict(order))
            return True
    return False


def _mark_adjusting(
    ref: Mapping[str, Any], boards: Mapping[tuple[int, str], Mapping[str, Any]]
) -> Mapping[str, Any]:
    """An active board's reference, marked when the board waits for its adjustments
    (a 5dplomacy Spring board after a Fall)."""
    board = boards.get((int(ref["timeline"]), Turn.parse(ref["phase"]).code), {})
    return {**ref, "adjusting": True} if board.get("adjusting") else ref


_CONTENT = ("units", "supply_centers", "dislodged")


def board_positions(
    before_boards: Mapping[tuple[int, str], Mapping[str, Any]],
    after_boards: Mapping[tuple[int, str], Mapping[str, Any]],
    answer: Mapping[str, Any],
) -> list[dict[str, Any]]:
    """The boards whose position a report shows: every active board and every board
    whose content (units, centres, dislodged units) changed this turn, in timeline and
    time order, each marked ``active`` and ``changed``."""
    active = {
        (int(b["timeline"]), Turn.parse(b["phase"]).code) for b in answer.get("active_boards", [])
    }
    new_lines = {int(f["timeline"]) for f in answer.get("new_timelines", [])}
    shown = []
    for key in sorted(after_boards, key=lambda k: (k[0], Turn.parse(k[1]).time)):
        board = after_boards[key]
        old = before_boards.get(key)
        changed = old is None or any(
            (old.get(part) or None) != (board.get(part) or None) for part in _CONTENT
        )
        if key in active or changed:
            shown.append(
                {
                    **board,
                    "active": key in active,
                    "changed": changed,
                    "new_timeline": key[0] in new_lines,
                }
            )
    return shown


class _OtherBoards(Mapping[Location, tuple[str, str]]):
    """The units of every board but one, ``(power, type)`` by their location on
    their board: one table shared by the boards of a report (a table per board
    would grow with the square of the boards)."""

    def __init__(self, every_unit: Mapping[BoardKey, Mapping[MLoc, Any]], key: BoardKey) -> None:
        self._every_unit = every_unit
        self._key = key

    def __getitem__(self, loc: object) -> tuple[str, str]:
        if not isinstance(loc, MLoc):
            raise KeyError(loc)
        board = BoardKey(loc.timeline, loc.year, loc.season)
        if board == self._key or board not in self._every_unit:
            raise KeyError(loc)
        return self._every_unit[board][loc]

    def __iter__(self) -> Iterator[MLoc]:
        for board, units in self._every_unit.items():
            if board != self._key:
                yield from units

    def __len__(self) -> int:
        return sum(len(units) for board, units in self._every_unit.items() if board != self._key)


def _units_by_board(
    boards: Mapping[tuple[int, str], Mapping[str, Any]],
) -> dict[BoardKey, dict[MLoc, tuple[str, str]]]:
    """Per board, its units as ``(power, type)`` by their location on it."""
    by_board: dict[BoardKey, dict[MLoc, tuple[str, str]]] = {}
    for (timeline, turn), board in boards.items():
        key = BoardKey.of(timeline, Turn.parse(turn))
        units = by_board.setdefault(key, {})
        for u in board.get("units", []):
            units[key.at(u["province"])] = (u["power"], u["type"])
    return by_board


# Per adjusting board (timeline, turn code), per power: the centres that count, the
# units and the builds (positive) or removals (negative) owed there.
AdjustmentTables = Mapping[tuple[int, str], Mapping[str, tuple[int, int, int]]]


def multiverse_report_input(
    before: Mapping[str, Any],
    answer: Mapping[str, Any],
    adjusted: AdjustmentTables | None = None,
    *,
    locations: Locations,
    words: OrderWords = STANDARD_WORDS,
    counted: Callable[[Mapping[str, str]], Mapping[str, str]] = dict,
) -> dict:
    """The report input for one step of a multiverse game, from the adjudicator's documents.

    ``before`` is the world document given to ``judge adjudicate`` (boards and
    history), ``answer`` what it returned, ``adjusted`` the tables of the boards
    adjusted in this step (each is shown, with the builds a power left unused,
    even when nobody ordered on it).  Orders are grouped by the board of
    the unit they are for.  A past board is shown again only when a re-judged
    order's result changed; it then lists every order it had that turn (from the
    history), the changed ones marked re-judged.  Orders that name no board
    (some invalid ones) go to the latest board that received orders.  Each order
    entry carries its view, its locations as values: read from the order as data
    (a game's answer: the order and the letters of its units), else from its
    canonical text, whose locations ``locations`` (the game's ruleset) reads; its
    kind worded by ``words`` (the ruleset's).  Each power's unique centres are
    those that count for it on an active board (``counted``, the ruleset's
    :meth:`~judge.rules.base.Ruleset.counted_centres`: of one board's centre -> owner,
    those that count), as victory counts them.
    """

    def key_of(board: Mapping[str, Any]) -> tuple[int, str]:
        return int(board["timeline"]), Turn.parse(board["phase"]).code

    before_boards = {key_of(b): b for b in before.get("boards", [])}
    after_boards = {key_of(b): b for b in answer.get("boards", [])}
    history = {(h.get("power"), h.get("order")): h for h in before.get("history", [])}
    per_board: dict[tuple[int, str], list[dict]] = {}
    unplaced: list[dict] = []
    changed: dict[tuple[int, str], list[dict]] = {}  # re-judged orders whose result changed
    for order in answer.get("orders", []):
        if order.get("judged") == "rejudged":
            previous = history.get((order.get("power"), order.get("order"))) or {}
            if (previous.get("result"), previous.get("reason")) == (
                order.get("result"),
                order.get("reason"),
            ):
                continue
            board = _order_board(order, locations)
            if board is not None:
                was = {"was": previous.get("result"), "was_reason": previous.get("reason")}
                changed.setdefault(board, []).append({**order, **(was if previous else {})})
                continue
        board = _order_board(order, locations)
        if board is None:
            unplaced.append(dict(order))
            continue
        per_board.setdefault(board, []).append(_on_board(dict(order), board, locations, words))
    past = before.get("history", [])
    by_board: dict[Board | None, list[Mapping[str, Any]]] = {}
    if changed:  # the history read once, by board, for every re-judged board
        for entry in past:
            by_board.setdefault(_order_board(entry, locations), []).append(entry)
    for board, orders in changed.items():
        entries = _rejudged_board_orders(orders, past, by_board.get(board, []))
        per_board.setdefault(board, []).extend(
            _on_board(e, board, locations, words) for e in entries
        )
    for key in adjusted or {}:
        per_board.setdefault(key, [])
    unplaced = [o for o in unplaced if not _placed_waive(o, per_board, adjusted or {})]
    if unplaced:
        target = max(per_board, key=lambda k: (Turn.parse(k[1]).time, -k[0]), default=None)
        if target is None:
            active = answer.get("active_boards") or [{"timeline": 1, "phase": "S1901M"}]
            target = key_of(active[0])
        per_board.setdefault(target, []).extend(unplaced)

    every_unit = _units_by_board(before_boards)
    boards = []
    for key in sorted(per_board, key=lambda k: (k[0], Turn.parse(k[1]).time)):
        old = before_boards.get(key) or after_boards.get(key) or {}
        new = after_boards.get(key, {})
        turn = Turn.parse(key[1])
        phase = old.get("phase") or turn.phase().code
        boards.append(
            {
                "timeline": key[0],
                "phase": phase,
                **_step_kind(old),
                "result": {
                    "phase": phase,
                    "orders": per_board[key],
                    "dislodged": new.get("dislodged", [])
                    if phase_kind(phase) == "movement"
                    else [],
                    # Removals by the civil disorder rule are among the orders
                    # (judged "automatic"); a winter board keeps its units as they
                    # were, so none may be guessed from a missing unit.
                    "civil_disorder": [],
                },
                "before": {
                    "units": old.get("units", []),
                    "dislodged": old.get("dislodged", []),
                    "supply_centers": old.get("supply_centers", {}),
                },
                "reference_units": _OtherBoards(
                    every_unit, BoardKey.of(key[0], Turn.parse(key[1]))
                ),
                "owed_builds": {
                    power: change
                    for power, (_, _, change) in (adjusted or {}).get(key, {}).items()
                    if change > 0
                },
            }
        )
    owned: dict[str, set[str]] = {}
    for ref in answer.get("active_boards", []):
        centres = after_boards.get(key_of(ref), {}).get("supply_centers", {})
        owners = {centre: power for power, held in centres.items() for centre in held}
        for centre, power in counted(owners).items():
            owned.setdefault(power, set()).add(centre)
    return {
        "turn": max((b["phase"] for b in boards), key=board_time, default=""),
        "boards": boards,
        "positions": board_positions(before_boards, after_boards, answer),
        "new_timelines": list(answer.get("new_timelines", [])),
        "active_boards": [
            _mark_adjusting(ref, after_boards) for ref in answer.get("active_boards", [])
        ],
        "unique_centers": {p: sorted(c) for p, c in owned.items()},
        "winner": answer.get("winner"),
        "retreats_pending": bool(answer.get("retreats_pending")),
    }
