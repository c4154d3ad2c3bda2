"""The world form of ``judge adjudicate``: a JSON document with ``"boards"``.

Input::

    {"variant": "standard",
     "rules": {"adjacency": "loose" | "strict", "seed": 0},      (optional)
              or {"ruleset": "5dplomacy", "seed": 0}
     "eliminated": ["austria"],                (optional, 5dplomacy)
     "iteration": 0,                                              (optional)
     "boards": [{"timeline": 1, "phase": "S1901M", "units": [...],
                 "supply_centers": {...}, "dislodged": [...], "contested": [...],
                 "child_timelines": []}, ...],
     "history": [{"power": "france", "order": "A 1:par:S1901 - 1:bur:S1901",
                  "kind": "movement" | "retreat" | "adjustment",
                  "result": "succeeds" | "fails" | "invalid", "reason": null,
                  "auto": false, "turn": 0}, ...],                 (optional)
     "orders": {"france": ["A 1:par:F1901 - 1:par:S1901", ...]}}

The answer gives every order's result (``orders``: the new ones, then the
re-judged past ones and the judge's own), the boards after the step (new
timelines included), the full ``history`` for the next step, and the forks.
A board given with a retreat phase code (``S1901R``) is read as a standard
retreat position.  For a one-board world without ``rules`` and ``history`` the
answer also carries the keys of the standard answer (``phase``, ``units``,
``dislodged``, ``contested``, ``supply_centers``, ``next_phase``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import compress
from operator import itemgetter
from typing import Any, NamedTuple

from judge.engine.orders import AnyOrder, Build, Disband, Retreat, Unit, UnitType
from judge.engine.phase import Phase
from judge.engine.position import DislodgedUnit
from judge.orders.data import (
    OrderDataError,
    OrderDecoding,
    decoding_of,
    order_data,
    order_from_data,
)
from judge.rules.multiverse.adjudicate import OrderResult, adjudicate
from judge.rules.multiverse.advance import units_after_moves
from judge.rules.multiverse.basemap import BaseMap, base_map_for
from judge.rules.multiverse.keys import BoardKey, MLoc, Season, parse_phase_code, phase_code
from judge.rules.multiverse.order_text import (
    format_order,
    parse_order,
    world_types,
    written_order,
)
from judge.rules.multiverse.world import (
    FAILURE,
    FIVED,
    INVALID,
    REFERENCE,
    RULE_SETS,
    SUCCESS,
    Board,
    OrderRecord,
    SettledWorld,
    World,
)
from judge.store.positions import derived, json_text

_WORDS = {SUCCESS: "succeeds", FAILURE: "fails", INVALID: "invalid"}
_STATUS = {v: k for k, v in _WORDS.items()}


class WorldDocumentError(ValueError):
    """A world document that cannot be adjudicated; the message says what is wrong."""


def adjudicate_world_document(doc: dict[str, Any], board: Any = None) -> dict[str, Any]:
    """Adjudicate one step of a multiverse world given as JSON (``board``: the
    board ruleset, whose own orders and movement act within each board)."""
    return judge_world(doc, board).answer


@dataclass(frozen=True)
class JudgedWorld:
    """One adjudicated step: the answer of ``judge adjudicate``, and the worlds
    before and after it (to store the next one as the game keeps it)."""

    answer: dict[str, Any]
    base: BaseMap
    before: World
    after: World
    # What a report lists of the past (history_shown): the boards where a re-judged
    # order's result changed, and the units of every re-judged order.
    rejudged: frozenset[BoardKey] = frozenset()
    rejudged_units: frozenset[MLoc] = frozenset()


# The name under which a shared stored position keeps the world read from it (or the
# world a turn made it from): read once, whoever reads it next (never changed).
WORLD_KEPT = "multiverse world"


class JsonParts:
    """The boards and history entries of a stored world written as JSON: each written
    once, with its JSON text, and kept for the next turn's world, which shares all
    but the few it changes (a long game's world holds tens of thousands).

    A list is written in sections (:class:`_Section`: the boards; the history's
    movement orders, retreats and adjustments), each from a mapping of the world
    whose values are never changed (a changed board or order record is a new object):
    a section of the world before is taken again as it was, or with only the entries
    whose object is new written now.  ``texts`` holds the JSON text of each list
    written (``boards``, ``history``), as :func:`judge.store.positions.json_text`
    writes it, for :func:`judge.store.positions.position_text`."""

    def __init__(self, before: JsonParts | None = None) -> None:
        self._before = before._sections if before is not None else {}
        self._sections: dict[str, _Section] = {}
        self.texts: dict[str, str] = {}

    def written(self, name: str, sections: list[_Section]) -> list:
        """The list ``name``: the sections' values, one after the other; its text is
        kept in ``texts``."""
        self.texts[name] = "[" + ",".join(s.text for s in sections if s.text) + "]"
        return [
            value
            for section in sections
            for group in section.groups
            for value in section.runs[group].values
        ]

    def section(
        self,
        name: str,
        things: Mapping[Any, Any],
        write: Callable[[Any], list[dict[str, Any]]],
        group: Grouping | None = None,
    ) -> _Section:
        """The section ``name`` of ``things`` (by key, written in the order of their
        keys), each written by ``write`` as its JSON values (none, one or more); its
        keys gathered by ``group`` (see :meth:`_Section.of`)."""
        section = _Section.of(things, write, self._before.get(name), group)
        self._sections[name] = section
        return section

    def let_go(self) -> None:
        """Forget the sections of the world before (those still used are kept)."""
        self._before = {}


class Grouping(NamedTuple):
    """How a section's keys gather: ``of`` a key is its group (a group's keys all come
    before the next group's); ``within`` a key, what orders it among its group's keys
    (None: the key itself; something cheaper to compare where a group's keys differ
    only in part)."""

    of: Callable[[Any], Any]
    within: Callable[[Any], Any] | None = None


@dataclass(frozen=True)
class _Run:
    """The entries of one group of a section's keys (a board's orders): its keys in
    order, per key the JSON values written, all of them in order, and their text
    (entries joined by ``","``, as :func:`json_text` writes each)."""

    keys: list[Any]
    parts: dict[Any, list[dict[str, Any]]]
    values: list[dict[str, Any]]
    text: str

    @classmethod
    def of(cls, keys: list[Any], parts: dict[Any, list[dict[str, Any]]]) -> _Run:
        values = [value for key in keys for value in parts[key]]
        return cls(keys, parts, values, json_text(values)[1:-1])  # the list's, unbracketed


_MISSING = object()


def _changed_keys(old: Mapping[Any, Any], new: Mapping[Any, Any]) -> list[Any]:
    """The keys of ``new`` whose object is not the one ``old`` has (new keys too).

    A turn's world is a copy of the one before, so the two mappings share their keys
    in the same order up to the first key added or taken out: that run is compared
    object by object, without looking any key up; the rest key by key."""
    changed: list[Any] = []
    new_items = iter(new.items())
    for (old_key, old_thing), (key, thing) in zip(old.items(), new_items, strict=False):
        if old_key is not key:
            if old.get(key, _MISSING) is not thing:
                changed.append(key)
            break
        if old_thing is not thing:
            changed.append(key)
    changed += [key for key, thing in new_items if old.get(key, _MISSING) is not thing]
    return changed


@dataclass(frozen=True)
class _Section:
    """A run of a list's entries written from a mapping: ``things`` as it was, its
    keys gathered in groups (``group`` of a key: a board's orders), the groups in
    order, each group's entries (:class:`_Run`), and the text of all the values
    (entries joined by ``","``) in the order of the keys.  A turn changes the entries
    of a few groups: only those are gathered again."""

    things: dict[Any, Any]
    groups: list[Any]
    runs: dict[Any, _Run]
    text: str

    @classmethod
    def of(
        cls,
        things: Mapping[Any, Any],
        write: Callable[[Any], list[dict[str, Any]]],
        before: _Section | None,
        group: Grouping | None = None,
    ) -> _Section:
        """The section of ``things``: ``before`` (the same section of the world
        before) again where its objects are the same, the others written now; the
        keys in groups by ``group`` (:class:`Grouping`; by default each key its own)."""
        old = before.things if before is not None else {}
        changed = _changed_keys(old, things)
        group_of = group.of if group is not None else (lambda key: key)
        within = group.within if group is not None else None
        # By group, the entries written now (one pass: a turn writes thousands, most
        # of them in groups new to the section); how many keys are new.
        written: dict[Any, dict[Any, list[dict[str, Any]]]] = {}
        added = 0
        for key in changed:
            name = group_of(key)
            mine = written.get(name)
            if mine is None:
                written[name] = mine = {}
            mine[key] = write(things[key])
            if key not in old:
                added += 1
        removed = old.keys() - things.keys() if len(old) + added != len(things) else set()
        if before is not None and not changed and not removed:
            return before
        runs = dict(before.runs) if before is not None else {}
        gone: dict[Any, list[Any]] = {}  # by group, the keys taken out
        for key in removed:
            gone.setdefault(group_of(key), []).append(key)
        groups = before.groups if before is not None else []
        fresh_groups = [name for name in written if name not in runs]
        for name in written.keys() | gone.keys():
            run = runs.get(name)
            mine = written.get(name, {})
            if run is None:  # a group new to the section: its keys are all written now
                keys, parts = sorted(mine, key=within), mine
            else:
                parts = dict(run.parts)
                keys = run.keys
                if name in gone:
                    for key in gone[name]:
                        del parts[key]
                    keys = [key for key in keys if key in parts]
                new_keys = [key for key in mine if key not in parts]
                parts.update(mine)
                if new_keys:
                    keys = sorted(keys + new_keys, key=within)  # a sorted run and a few more
            if keys:
                runs[name] = _Run.of(keys, parts)
            else:
                runs.pop(name, None)
        if fresh_groups:
            groups = sorted(groups + fresh_groups)
        if len(groups) != len(runs):
            groups = [name for name in groups if name in runs]
        texts = (runs[name].text for name in groups)
        return cls(dict(things), groups, runs, ",".join(text for text in texts if text))


# An order as given to a step: its power, its wording, the order as data when the
# game kept it (None: read from the wording), whether a mail's check accepted it on
# this very position (StoredOrder.checked), and then its object as stored (or None).
GivenOrder = tuple[str, str, AnyOrder | None, bool, dict[str, Any] | None]


def judge_world(
    doc: dict[str, Any],
    board: Any = None,
    given: list[GivenOrder] | None = None,
    *,
    as_data: bool = False,
    parts: JsonParts | None = None,
) -> JudgedWorld:
    """Adjudicate one step of a world document with the orders of ``given`` (the
    orders a game stored, as data, each checked again unless its mail's check read
    this very position), or else those of the document's ``orders``;
    the answer's history is written as data with ``as_data`` (see write_world),
    through ``parts`` when given.  The world is read once per shared stored
    position (:class:`judge.store.positions.Position`), which keeps it."""
    base = replace(_base(doc), board=board)
    world = derived(doc, WORLD_KEPT, lambda: read_world(base, doc))
    if given is None:
        given = _document_orders(doc, base)
    texts: list[tuple[int, str]] = []
    orders = []
    checked: set[int] = set()  # the orders checked on this position already, by index
    stored: list[tuple[AnyOrder, dict[str, Any]]] = []  # their objects as stored
    answers: list[dict[str, Any] | None] = []
    for power, text, order, was_checked, data in given:
        if order is None:
            parsed = parse_order(world, base, power, text)
            if not parsed.ok:
                answers.append(_refused(power, text, parsed.message))
                continue
            order = parsed.order
        elif was_checked:
            checked.add(len(orders))
            if data is not None:
                stored.append((order, data))
        texts.append((len(answers), text))
        orders.append((power, order))
        answers.append(None)
    after, report = adjudicate(world, base, orders, checked)
    # An order's data is written once, for its answer and its history entry alike
    # (a checked order's is the object stored with it).
    write = _once(order_data, stored) if as_data else None
    entry = _answer_writer(world_types(world), write)
    for (index, text), result in zip(texts, report.submitted, strict=True):
        answers[index] = entry(result, text, "new")
    answers += [entry(r, None, "rejudged") for r in report.rejudged]
    answers += [entry(r, None, "automatic") for r in report.automatic]
    out: dict[str, Any] = {
        "variant": doc.get("variant", "standard"),
        "orders": answers,
    }
    if "rules" in doc:
        out["rules"] = doc["rules"]
    out.update(write_world(base, after, as_data=as_data, parts=parts, write=write))
    out["new_timelines"] = [
        {"timeline": f.timeline, "forked_from": _board_ref(f.parent)} for f in report.forks
    ]
    out["retreats_pending"] = report.retreats_pending
    out["winner"] = report.winner
    if len(world.boards) == 1 and "rules" not in doc and not doc.get("history"):
        out.update(_standard_view(base, world, after))
    units = frozenset(r.order.unit for r in report.rejudged)
    changed = frozenset(r.order.unit.board for r in report.rejudged if _changed(world, r))
    return JudgedWorld(out, base, world, after, changed, units)


def _changed(world: World, result: OrderResult) -> bool:
    """Whether a re-judged order's result differs from the one the world had for it,
    or may (its unit also has a retreat on record, which a report may match it with)."""
    loc = result.order.unit
    record = world.orders.get(loc)
    if record is None or loc in world.retreats:
        return True
    return (record.status, record.reason) != (result.status, result.reason)


def _document_orders(doc: dict[str, Any], base: BaseMap) -> list[GivenOrder]:
    """The orders of a document's ``orders`` (per power, lists of order lines)."""
    given = doc.get("orders") or {}
    if not isinstance(given, dict):
        raise WorldDocumentError("'orders' must map each power to a list of order strings")
    found: list[GivenOrder] = []
    for power, lines in given.items():
        if power not in base.powers:
            raise WorldDocumentError(f"unknown power in orders: {power!r}")
        if not isinstance(lines, list):
            raise WorldDocumentError(f"orders of {power} must be a list of strings")
        found += [(power, text, None, False, None) for line in lines for text in _split_line(line)]
    return found


def _refused(power: str, text: str, message: str | None) -> dict[str, Any]:
    return {
        "power": power,
        "text": text,
        "order": None,
        "result": "invalid",
        "reason": (message or "").split(": ", 1)[-1],
        "judged": "new",
    }


def _split_line(line: Any) -> list[str]:
    if not isinstance(line, str):
        raise WorldDocumentError("each order must be a string")
    return [part.strip() for part in line.replace(";", ",").split(",") if part.strip()]


def _answer_writer(
    types: Callable[[MLoc], Any], write: Callable[[AnyOrder], dict[str, Any]] | None
) -> Callable[[OrderResult, str | None, str], dict[str, Any]]:
    """How the answer writes a judged order: its wording (``text``, else the canonical
    text), the canonical text, its result and how it was judged; with ``write`` (a
    game's step) also the order as data, so written, and the letters of the units it
    names, which its report reads (the canonical text is for ``judge adjudicate``)."""

    def entry(result: OrderResult, text: str | None, judged: str) -> dict[str, Any]:
        order = result.order
        canonical, letters = written_order(order, types)
        out = {
            "power": result.power,
            "text": text if text is not None else canonical,
            "order": canonical,
            "result": _WORDS[result.status],
            "reason": result.reason,
            "judged": judged,
        }
        if write is not None:
            out["data"] = write(order)
            out["unit_types"] = letters
        return out

    return entry


def _board_ref(key: BoardKey) -> dict[str, Any]:
    return {"timeline": key.timeline, "phase": phase_code(key)}


# ------------------------------------------------------------------ reading


def _base(doc: dict[str, Any]) -> BaseMap:
    name = doc.get("variant", "standard")
    if not isinstance(name, str):
        raise WorldDocumentError("'variant' must be a string")
    try:
        return base_map_for(name)
    except Exception as error:  # the loader's own error types
        raise WorldDocumentError(f"unknown variant {name!r}: {error}") from None


def read_world(base: BaseMap, doc: dict[str, Any], *, history: bool = True) -> World:
    """The world a document describes (boards and history).  Without ``history``, its
    boards only, all that checking new orders and counting what is owed need, as a
    :class:`SettledWorld` (never changed)."""
    rules = doc.get("rules") or {}
    if not isinstance(rules, dict):
        raise WorldDocumentError("'rules' must be an object")
    ruleset = rules.get("ruleset", REFERENCE)
    if ruleset not in RULE_SETS:
        raise WorldDocumentError(f"rules.ruleset must be one of {', '.join(RULE_SETS)}")
    adjacency = rules.get("adjacency", "loose")
    if adjacency not in ("strict", "loose"):
        raise WorldDocumentError("rules.adjacency must be 'strict' or 'loose'")
    if ruleset == FIVED and "adjacency" in rules:
        raise WorldDocumentError("rules.adjacency: the 5dplomacy rule set has its own adjacency")
    eliminated = _list(doc, "eliminated")
    for power in eliminated:
        if power not in base.powers:
            raise WorldDocumentError(f"unknown power in eliminated: {power!r}")
    seed = rules.get("seed", 0)
    if not _is_int(seed):
        raise WorldDocumentError("rules.seed must be an integer")
    iteration = doc.get("iteration", 0)
    if not _is_int(iteration) or iteration < 0:
        raise WorldDocumentError("'iteration' must be a whole number from 0")
    winner = doc.get("winner")
    if winner is not None and winner not in base.powers:
        raise WorldDocumentError(f"unknown power in winner: {winner!r}")
    boards_doc = doc.get("boards")
    if not isinstance(boards_doc, list) or not boards_doc:
        raise WorldDocumentError("'boards' must be a non-empty list")
    boards = {}
    for entry in boards_doc:
        board = _read_board(base, entry)
        if board.key in boards:
            raise WorldDocumentError(f"two boards at {_board_ref(board.key)}")
        boards[board.key] = board
    _check_timelines(boards)
    if ruleset == FIVED and any(key.is_winter for key in boards):
        raise WorldDocumentError("the 5dplomacy rule set has no winter boards")
    if ruleset != FIVED and any(board.adjusting for board in boards.values()):
        raise WorldDocumentError("only 5dplomacy boards wait for adjustments ('adjusting')")
    world = (World if history else SettledWorld)(
        boards=boards,
        strict=adjacency == "strict",
        seed=seed,
        iteration=iteration,
        winner=winner,
        rules=ruleset,
        eliminated=frozenset(eliminated),
    )
    if history:
        _read_history(base, world, _list(doc, "history"))
    pending = frozenset(_ref_key(p, "pending_boards") for p in _list(doc, "pending_boards"))
    for key in pending:
        if key not in boards:
            raise WorldDocumentError(f"pending_boards: no board at {_board_ref(key)}")
    world.pending = pending
    return world


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list(entry: dict[str, Any], key: str, where: str = "") -> list[Any]:
    """``entry[key]`` as a list (absent or null: empty); anything else is refused."""
    value = entry.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise WorldDocumentError(f"{where}'{key}' must be a list")
    return value


def _provinces(base: BaseMap, codes: list[Any], where: str) -> list[str]:
    for code in codes:
        if not isinstance(code, str) or code not in base.locations:
            raise WorldDocumentError(f"unknown province in {where}: {code!r}")
    return codes


def _unit_locations(base: BaseMap, codes: list[Any]) -> list[str]:
    """The locations of built units: a province, or a coast where a fleet was built."""
    for code in codes:
        if not isinstance(code, str) or (
            code not in base.locations and code not in base.fleet_locations
        ):
            raise WorldDocumentError(f"unknown location in built: {code!r}")
    return codes


def _check_timelines(boards: dict[BoardKey, Board]) -> None:
    """Every timeline named as a child exists, and each starts from one parent only."""
    timelines = {key.timeline for key in boards}
    parents: dict[int, BoardKey] = {}
    for key, board in boards.items():
        for child in board.children:
            if child not in timelines or child == key.timeline or child in parents:
                raise WorldDocumentError(
                    f"child_timelines of {_board_ref(key)}: no new timeline {child!r}"
                )
            parents[child] = key


def _ref_key(ref: Any, where: str) -> BoardKey:
    if not isinstance(ref, dict):
        raise WorldDocumentError(f"{where}: a board is given as {{'timeline', 'phase'}}")
    timeline, code = ref.get("timeline"), ref.get("phase")
    if not _is_int(timeline) or timeline < 1 or not isinstance(code, str):
        raise WorldDocumentError(f"{where}: a board is given as {{'timeline', 'phase'}}")
    try:
        year, season = parse_phase_code(code)
    except ValueError as error:
        raise WorldDocumentError(f"{where}: {error}") from None
    return BoardKey(timeline, year, int(season))


def _read_board(base: BaseMap, entry: Any) -> Board:
    if not isinstance(entry, dict):
        raise WorldDocumentError("each board must be an object")
    timeline = entry.get("timeline", 1)
    if not _is_int(timeline) or timeline < 1:
        raise WorldDocumentError("a board's timeline must be a number from 1")
    code = entry.get("phase")
    if not isinstance(code, str):
        raise WorldDocumentError(f"a board's phase must be a phase code, not {code!r}")
    try:
        year, season = parse_phase_code(code)
    except ValueError as error:
        raise WorldDocumentError(str(error)) from None
    key = BoardKey(timeline, year, int(season))
    units = {}
    occupied = set()
    for item in _list(entry, "units", "a board's "):
        loc, unit = _read_unit(base, item)
        area = base.province(loc)
        if area in occupied:
            raise WorldDocumentError(f"two units in {area!r}")
        occupied.add(area)
        units[loc] = unit
    centers = {}
    given = entry.get("supply_centers") or {}
    if not isinstance(given, dict):
        raise WorldDocumentError("a board's 'supply_centers' must map powers to provinces")
    for power, owned in given.items():
        if power not in base.powers:
            raise WorldDocumentError(f"unknown power in supply_centers: {power!r}")
        if not isinstance(owned, list):
            raise WorldDocumentError(f"supply_centers of {power} must be a list of provinces")
        for province in owned:
            if not isinstance(province, str) or province not in base.supply_centers:
                raise WorldDocumentError(f"{province!r} in supply_centers is not a supply centre")
            centers[sys.intern(province)] = sys.intern(power)
    dislodged = {}
    for item in _list(entry, "dislodged", "a board's "):
        loc, unit = _read_unit(base, item)
        attacker = item.get("attacker_from")
        if isinstance(attacker, str):
            if attacker not in base.locations and attacker not in base.fleet_locations:
                raise WorldDocumentError(f"unknown province in attacker_from: {attacker!r}")
            attacker_loc = key.at(attacker)
        else:
            attacker_loc = _read_mloc(base, attacker, key)
        options = _retreat_options(base, unit, item.get("retreat_options") or [])
        dislodged[loc] = DislodgedUnit(unit, attacker_loc, options)
    children = _list(entry, "child_timelines", "a board's ")
    if not all(_is_int(child) and child > 1 for child in children):
        raise WorldDocumentError("child_timelines must be timeline numbers from 2")
    contested = _provinces(base, _list(entry, "contested", "a board's "), "contested")
    built = _unit_locations(base, _list(entry, "built", "a board's "))
    settled = Phase.parse(code).is_retreat
    adjusting = entry.get("adjusting", False)
    if not isinstance(adjusting, bool) or (adjusting and key.season != Season.SPRING):
        raise WorldDocumentError("a board's 'adjusting' is true only on a Spring board")
    return Board(
        key=key,
        units=dict(sorted(units.items())),
        centers=dict(sorted(centers.items())),
        children=tuple(children),
        dislodged=dislodged,
        contested=frozenset(contested),
        built=frozenset(built),
        settled=settled,
        adjusting=adjusting,
    )


def _retreat_options(base: BaseMap, unit: Unit, given: Any) -> tuple[str, ...]:
    if not isinstance(given, list):
        raise WorldDocumentError("'retreat_options' must be a list of provinces")
    allowed = base.army_locations if unit.type is UnitType.ARMY else base.fleet_locations
    for option in given:
        if not isinstance(option, str) or option not in allowed:
            raise WorldDocumentError(f"bad province in dislodged retreat_options: {option!r}")
    return tuple(given)


def _read_mloc(base: BaseMap, value: Any, default: BoardKey) -> MLoc:
    if value is None:
        return default.at("")
    if isinstance(value, dict):
        province = value.get("province")
        if not isinstance(province, str) or (
            province not in base.locations and province not in base.fleet_locations
        ):
            raise WorldDocumentError(f"unknown province in attacker_from: {province!r}")
        return _ref_key(value, "attacker_from").at(province)
    raise WorldDocumentError(f"bad attacker_from: {value!r}")


def _read_unit(base: BaseMap, item: Any) -> tuple[str, Unit]:
    if not isinstance(item, dict):
        raise WorldDocumentError("each unit must be an object")
    power, kind, loc = item.get("power"), item.get("type"), item.get("province")
    if not isinstance(power, str) or power not in base.powers:
        raise WorldDocumentError(f"unknown power: {power!r}")
    if kind not in ("A", "F"):
        raise WorldDocumentError(f"unit type must be 'A' or 'F', not {kind!r}")
    allowed = base.army_locations if kind == "A" else base.fleet_locations
    if not isinstance(loc, str) or loc not in allowed:
        raise WorldDocumentError(f"a {'fleet' if kind == 'F' else 'army'} cannot be at {loc!r}")
    # One string object per place and power (as orders read from data have): the turn
    # looks them up in dictionaries thousands of times.
    return sys.intern(loc), Unit(sys.intern(power), UnitType(kind))


_KINDS = ("movement", "retreat", "adjustment")


def _read_history(base: BaseMap, world: World, items: list[Any]) -> None:
    adjustments: dict[BoardKey, list[OrderRecord]] = {}
    movement: list[OrderRecord] = []  # stored together at the end, as a turn stores its orders
    # Orders stored as data are of the board rules' kinds, on the world's boards.
    decoding = decoding_of(base.engine, MLoc)
    for item in items:
        if not isinstance(item, dict):
            raise WorldDocumentError("history: each entry must be an object")
        kind = item.get("kind", "movement")
        if kind not in _KINDS:
            raise WorldDocumentError(f"history: kind must be one of {', '.join(_KINDS)}")
        power = item.get("power")
        if not isinstance(power, str) or power not in base.powers:
            raise WorldDocumentError(f"history: unknown power {power!r}")
        given = item.get("order")
        if not isinstance(given, str | dict):
            raise WorldDocumentError(f"history: order must be a string, not {given!r}")
        turn = item.get("turn", 0)
        if not _is_int(turn) or turn < 0:
            raise WorldDocumentError(f"history: turn must be a whole number, not {turn!r}")
        reason = item.get("reason")
        if reason is not None and not isinstance(reason, str):
            raise WorldDocumentError(f"history: reason must be a string, not {reason!r}")
        order = _history_order(world, base, power, given, kind, decoding)
        result = item.get("result", "succeeds")
        status = _STATUS.get(result) if isinstance(result, str) else None
        if status is None:
            raise WorldDocumentError(f"history: bad result {item.get('result')!r}")
        stop = _stopped_at(base, item, kind, status)
        record = OrderRecord(power, order, status, reason, item.get("auto") is True, turn, stop)
        if kind == "retreat":
            world.retreats[order.unit] = record
        elif kind == "adjustment":
            adjustments.setdefault(order.unit.board, []).append(record)
        else:
            movement.append(record)
    world.store_orders(movement)
    for key, records in adjustments.items():
        world.adjustments[key] = tuple(records)


def _stopped_at(base: BaseMap, item: Mapping[str, Any], kind: str, status: str) -> str | None:
    """A history entry's ``stopped_at``: a place of the map, for a movement order
    that failed only (see :class:`OrderRecord`)."""
    stop = item.get("stopped_at")
    if stop is None:
        return None
    if kind != "movement" or status != FAILURE or stop not in base.army_locations:
        raise WorldDocumentError(f"history: stopped_at {stop!r} for no stopped train")
    return sys.intern(stop)


def _history_order(
    world: World, base: BaseMap, power: str, given: Any, kind: str, decoding: OrderDecoding
) -> AnyOrder:
    """The order of a history entry: stored as data (a game's world, see
    :func:`write_world`), or as canonical text (``judge adjudicate``'s input and
    worlds stored before orders were kept as data), read by the notation."""
    if isinstance(given, dict):
        try:
            order = order_from_data(given, decoding)
        except (OrderDataError, TypeError, ValueError) as error:
            raise WorldDocumentError(f"history: {error}") from None
        unit = getattr(order, "unit", None)
        if not isinstance(unit, MLoc) or unit.board not in world.boards:
            raise WorldDocumentError(f"history: an order for no unit on a board: {given!r}")
        return order
    parsed = parse_order(world, base, power, given, retreat=kind == "retreat", literal=True)
    if not parsed.ok or parsed.order is None:
        raise WorldDocumentError(f"history: {parsed.message}")
    return parsed.order


# ------------------------------------------------------------------ writing


def write_world(
    base: BaseMap,
    world: World,
    *,
    as_data: bool = False,
    parts: JsonParts | None = None,
    write: Callable[[AnyOrder], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The boards, history and bookkeeping of a world as JSON.

    The history's orders are canonical text (the answer of ``judge adjudicate``),
    or with ``as_data`` order objects (:mod:`judge.orders.data`: the world a game
    stores, read back without the notation), written by ``write`` when given (as
    ``order_data`` does).  With ``parts`` (as data only), each board and history
    entry is written through it: once, and its JSON text kept."""
    if parts is not None and not as_data:
        raise ValueError("the parts of a world are kept for its stored form only")
    if not as_data:
        write = _text_writer(world)
    elif write is None:
        write = order_data
    if parts is not None:
        boards = parts.written("boards", [parts.section("boards", world.boards, _board_values)])
        history = parts.written(
            "history",
            [
                parts.section(kind, things, _data_entries(kind, write), _by_board(kind))
                for kind, things in _history_sections(world)
            ],
        )
        parts.let_go()
    else:
        boards = [_write_board(world.boards[k]) for k in sorted(world.boards)]
        history = _history(world, write)
    out: dict[str, Any] = {
        "iteration": world.iteration,
        "boards": boards,
        "history": history,
        "active_boards": [_board_ref(k) for k in sorted(world.active_boards().values())],
    }
    if world.pending:
        out["pending_boards"] = [_board_ref(k) for k in sorted(world.pending)]
    if world.eliminated:
        out["eliminated"] = sorted(world.eliminated)
    return out


def _board_values(board: Board) -> list[dict[str, Any]]:
    return [_write_board(board)]


def _data_entries(
    kind: str, write: Callable[[AnyOrder], dict[str, Any]]
) -> Callable[[Any], list[dict[str, Any]]]:
    """The history entries, orders as data written by ``write``, of a record (an
    adjustment's: of the records of a board)."""
    if kind == "adjustment":
        return lambda records: [_history_entry(r, write(r.order), kind) for r in records]
    return lambda record: [_history_entry(record, write(record.order), kind)]


def _by_board(kind: str) -> Grouping | None:
    """How a history section's keys gather: the orders of a movement or retreat
    section by the board of their unit, ordered on it by its place; a board's
    adjustments are one key already."""
    return None if kind == "adjustment" else _BY_BOARD


_BY_BOARD = Grouping(itemgetter(slice(0, 3)), itemgetter(3))
"""Locations gathered by board (``loc[:3]``, a plain tuple) and ordered on it by
place (``loc[3]``: the locations of a board differ only there), without Python calls."""


def _once(
    write: Callable[[AnyOrder], dict[str, Any]],
    known: Sequence[tuple[AnyOrder, dict[str, Any]]] = (),
) -> Callable[[AnyOrder], dict[str, Any]]:
    """``write``, remembering what it wrote for each order object (a turn's answer and
    history entry of an order share it: whoever is given it only reads it), and
    taking what ``known`` gives for an order as written already.  Kept by the
    object's identity, not its value, which hashing would compute again and again;
    the orders outlive the one step this is used in."""
    written: dict[int, dict[str, Any]] = {id(order): data for order, data in known}
    kept: list[AnyOrder] = [order for order, _ in known]  # so that their ids stay theirs

    def once(order: AnyOrder) -> dict[str, Any]:
        found = written.get(id(order))
        if found is None:
            kept.append(order)
            found = written[id(order)] = write(order)
        return found

    return once


def _history(
    world: World, write: Callable[[AnyOrder], Any], boards: Collection[BoardKey] | None = None
) -> list[dict[str, Any]]:
    """The history entries of a world (of the orders for units on ``boards`` only,
    when given): movement orders, retreats, then adjustments, each by location."""

    return [
        _history_entry(record, write(record.order), kind)
        for record, kind in _history_records(world, boards)
    ]


def _history_sections(world: World) -> tuple[tuple[str, Mapping[Any, Any]], ...]:
    """The kinds of a world's history in the order it is written (movement orders,
    retreats, then adjustments), each with its mapping: a record by its unit's
    location, or (adjustments) a winter board's records by the board; within a kind,
    entries follow their keys in order."""
    return (
        ("movement", world.orders),
        ("retreat", world.retreats),
        ("adjustment", world.adjustments),
    )


def _history_records(
    world: World, boards: Collection[BoardKey] | None = None, units: Collection[MLoc] = ()
) -> Iterator[tuple[OrderRecord, str]]:
    """The records of a world's history and their kinds, in the order it is written
    (:func:`_history_sections`; of the units on ``boards`` and at ``units`` only,
    when ``boards`` is given)."""
    for kind, things in _history_sections(world):
        for key in _keys_on(things, boards, units):
            records = things[key] if kind == "adjustment" else (things[key],)
            for record in records:
                yield record, kind


def _keys_on(
    things: Mapping[Any, Any], boards: Collection[BoardKey] | None, units: Collection[MLoc]
) -> list[Any]:
    """The keys of ``things`` (locations, or board keys) on ``boards`` or among
    ``units``, sorted; every key when ``boards`` is None.  A location's first three
    fields, and a board key, are a board's key: they are looked up without a Python
    call per key (a long game's history has tens of thousands)."""
    if boards is None:
        return sorted(things)
    wanted = boards if isinstance(boards, (set, frozenset)) else set(boards)
    found = set(compress(things, map(wanted.__contains__, map(_BY_BOARD.of, things))))
    found.update(key for key in units if key in things)
    return sorted(found)


def with_history_as(doc: dict[str, Any], board: Any = None, *, as_data: bool) -> dict[str, Any]:
    """A world document with its history written again, as data or as canonical
    text (the Alembic migration of stored games); the rest of it as it was."""
    base = replace(_base(doc), board=board)
    world = read_world(base, doc)
    return {**doc, "history": _history(world, order_data if as_data else _text_writer(world))}


def history_shown(
    world: World, boards: Collection[BoardKey], units: Collection[MLoc] = ()
) -> list[dict[str, Any]]:
    """The history entries of the orders for units on ``boards``, and for ``units``
    elsewhere, as a report shows them: in canonical text (as ``judge adjudicate``
    writes them), each with its order as data and the letters of the units it names
    (as a game's answer).  A step's report lists every past order of the boards where
    a re-judged result changed, and finds the earlier result of every re-judged order
    (:func:`judge.reports.multiverse_input.multiverse_report_input`)."""
    if not boards and not units:
        return []  # the usual turn: nothing re-judged changed (no scan of the history)
    types = world_types(world)
    shown = []
    for record, kind in _history_records(world, boards, units):
        canonical, letters = written_order(record.order, types)
        entry = _history_entry(record, canonical, kind)
        entry["data"] = order_data(record.order)
        entry["unit_types"] = letters
        shown.append(entry)
    return shown


def _text_writer(world: World) -> Callable[[AnyOrder], str]:
    types = world_types(world)
    return lambda order: format_order(order, types)


def _history_entry(record: OrderRecord, order: Any, kind: str) -> dict:
    """A history entry: a record with its order as written (text or data), and where
    its unit stopped when it failed and went all the same (``stopped_at``)."""
    entry = {
        "power": record.power,
        "order": order,
        "kind": kind,
        "result": _WORDS[record.status],
        "reason": record.reason,
        "auto": record.auto,
        "turn": record.iteration,
    }
    if record.stopped_at is not None:
        entry["stopped_at"] = record.stopped_at
    return entry


def _units_json(units: dict[str, Unit]) -> list[dict[str, str]]:
    return [
        {"power": u.power, "type": u.type.value, "province": loc}
        for loc, u in sorted(units.items(), key=lambda item: (item[1].power, item[0]))
    ]


def _centers_json(centers: dict[str, str]) -> dict[str, list[str]]:
    owned: dict[str, list[str]] = {}
    for province, owner in sorted(centers.items()):
        owned.setdefault(owner, []).append(province)
    return dict(sorted(owned.items()))


def _write_board(board: Board) -> dict[str, Any]:
    out: dict[str, Any] = {
        "timeline": board.key.timeline,
        "phase": board.phase.code,
        "units": _units_json(board.units),
        "supply_centers": _centers_json(board.centers),
        "child_timelines": list(board.children),
    }
    if board.dislodged:
        out["dislodged"] = _dislodged_json(board)
    if board.contested:
        out["contested"] = sorted(board.contested)
    if board.built:
        out["built"] = sorted(board.built)
    if board.adjusting:
        out["adjusting"] = True
    return out


def _dislodged_json(board: Board) -> list[dict[str, Any]]:
    items = []
    for loc, d in sorted(board.dislodged.items()):
        attacker: Any = d.attacker_from.loc
        if d.attacker_from.board != board.key:
            attacker = {**_board_ref(d.attacker_from.board), "province": d.attacker_from.loc}
        items.append(
            {
                "power": d.unit.power,
                "type": d.unit.type.value,
                "province": loc,
                "attacker_from": attacker,
                "retreat_options": sorted(d.retreat_options),
            }
        )
    return items


def _standard_view(base: BaseMap, before: World, after: World) -> dict[str, Any]:
    """The keys of a standard answer, for a world of one board."""
    (start,) = before.boards
    if after.needs_retreats():
        board = after.boards[start]
        units = units_after_moves(after, board)
        next_phase = phase_code(start)[:-1] + "R"
        dislodged = _dislodged_json(board)
        centers = board.centers
    else:
        head = after.active_boards()[start.timeline]
        board = after.boards[head]
        units = board.units
        next_phase = phase_code(head)
        dislodged = [
            {
                "power": record.power,
                "type": before.unit_at(loc).type.value,
                "province": loc.loc,
                "retreat_options": [],
            }
            for loc, record in sorted(after.retreats.items())
            if record.auto
            and record.reason == "no retreat possible"
            and record.iteration == before.iteration
            and loc.board == start
        ]
        centers = board.centers
    contested = sorted(after.boards[start].contested) if after.needs_retreats() else []
    return {
        "phase": before.boards[start].phase.code,
        "units": _units_json(units),
        "dislodged": dislodged,
        "contested": contested,
        "supply_centers": _centers_json(centers),
        "next_phase": next_phase,
    }


__all__ = [
    "adjudicate_world_document",
    "read_world",
    "write_world",
    "with_history_as",
    "WorldDocumentError",
    "Build",
    "Disband",
    "Retreat",
    "Season",
]
