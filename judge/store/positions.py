"""Stored positions, parsed once per text and shared by their readers (issue 27).

A game's position is JSON text in ``Game.position``, and a mail's orders are read
against it line by line: the order checks, what each power owes and its allowances.
A multiverse position is large (megabytes at a few thousand boards), so parsing it
for every line, and every mail, made a mail's cost grow with the game's history.

:class:`Position` is a parsed position with a memo of the values derived from it
(the multiverse world a ruleset reads from it, for instance: :func:`derived`).
:class:`PositionMemo` keeps, per game of one database, the Position it last parsed
with the version of the stored position it came from (``Game.position_version``:
a new random number at every write of the position, committed or not), and gives it
again to the next reader of that version (the next line, the next mail) without
loading the text.  A position changed in any way (a processed turn, ROLLBACK, a
master's command, another process) has a new version, so it is loaded and parsed
anew; nothing is served by game id alone.

A Position is shared: its readers must not change it (``dict(position)`` or
``Game.position_doc()`` give a copy to change).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

import orjson
from sqlalchemy.engine import Connection, Engine

_T = TypeVar("_T")


class Position(dict[str, Any]):
    """A parsed position shared by the readers of its text (not to be changed), with
    ``derived``: values computed from it, by name, kept as long as it is; and
    ``texts``: the JSON text of some of its values, by key, when their writer kept
    it (each exactly ``json_text(value)``: see :func:`position_text`)."""

    def __init__(self, doc: dict[str, Any]) -> None:
        super().__init__(doc)
        self.derived: dict[str, Any] = {}
        self.texts: dict[str, str] = {}


def changed(
    doc: Mapping[str, Any], values: Mapping[str, Any] | None = None, *, drop: str = ""
) -> Position:
    """``doc`` with ``values`` in place of its own and without the key ``drop``, as a
    Position; from a Position it keeps what was derived from it and the texts of the
    values left as they were (what is derived must not depend on the changed values:
    a step's ``orders`` as worded, its history in another form of the same orders)."""
    values = values or {}
    other = Position({k: v for k, v in {**doc, **values}.items() if k != drop})
    if isinstance(doc, Position):
        other.derived = dict(doc.derived)
        other.texts = {k: t for k, t in doc.texts.items() if k not in values and k != drop}
    return other


def json_text(value: Any) -> str:
    """The JSON text the judge stores for a value (a position, a part of one): compact,
    keys sorted, written by orjson (a long multiverse world's position is megabytes,
    written and read at every turn); what orjson cannot write (keys that are not
    strings, integers beyond 64 bits) in the same form by the standard library."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError is one
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def json_value(text: str | bytes) -> Any:
    """The value of a stored JSON text (any form: older rows were written with spaces),
    read by orjson; the standard library reads what orjson refuses."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


def position_text(doc: dict[str, Any]) -> str:
    """A position as the JSON text stored for it: ``json_text(doc)``, with the texts a
    :class:`Position` keeps for some of its values put in as they are (a long
    multiverse world's boards and history are written once per board and entry, not
    again at every turn)."""
    texts = getattr(doc, "texts", None)
    if not texts:
        return json_text(doc)
    parts = (
        f"{json_text(key)}:{texts[key] if key in texts else json_text(doc[key])}"
        for key in sorted(doc)
    )
    return "{" + ",".join(parts) + "}"


def derived(doc: Any, name: str, make: Callable[[], _T]) -> _T:
    """``make()``, kept with ``doc`` under ``name`` when ``doc`` is a shared
    :class:`Position` (computed again for a plain document)."""
    memo = getattr(doc, "derived", None)
    if not isinstance(memo, dict):
        return make()
    if name not in memo:
        memo[name] = make()
    return memo[name]


def kept(doc: Any, name: str) -> Any:
    """What is kept with ``doc`` under ``name`` (see :func:`derived`), else None."""
    memo = getattr(doc, "derived", None)
    return memo.get(name) if isinstance(memo, dict) else None


class PositionMemo:
    """The parsed positions of one database's games, each with the version of the
    position it was parsed from (``Game.position_version``, new at every write); the
    ``size`` games read last are kept, as long as their texts together stay under
    ``chars`` (the last one read is always kept)."""

    def __init__(self, size: int = 8, chars: int = 40_000_000) -> None:
        self.size = size
        self.chars = chars
        # game id -> (version, length of its text, the parsed position)
        self._games: OrderedDict[int, tuple[int, int, Position]] = OrderedDict()
        self._lock = threading.Lock()
        self.parsed = 0  # how many texts were parsed (for tests and benchmarks)

    def read(self, game_id: int, version: int, text: Callable[[], str]) -> Position:
        """The Position of a game's position at ``version``: the kept one when it is
        of that version, else ``text()`` parsed now (and kept)."""
        with self._lock:
            found = self._games.get(game_id)
            if found is not None and found[0] == version:
                self._games.move_to_end(game_id)
                return found[2]
        loaded = text()
        position = Position(json_value(loaded))
        with self._lock:
            self.parsed += 1
        self.keep(game_id, version, position, len(loaded))
        return position

    def keep(self, game_id: int, version: int, position: Position, chars: int) -> None:
        """Keep ``position`` as the game's position at ``version`` (of a text of
        ``chars`` characters): what a writer that holds the parsed document already
        (a processed turn) gives its next readers."""
        with self._lock:
            self._games[game_id] = (version, chars, position)
            self._games.move_to_end(game_id)
            while len(self._games) > 1 and (
                len(self._games) > self.size
                or sum(kept[1] for kept in self._games.values()) > self.chars
            ):
                self._games.popitem(last=False)


_MEMOS: WeakKeyDictionary[Engine, PositionMemo] = WeakKeyDictionary()
_MEMOS_LOCK = threading.Lock()


def memo_of(bind: Engine | Connection) -> PositionMemo:
    """The memo of the database a session is bound to (one per engine, dropped with it)."""
    engine = bind.engine if isinstance(bind, Connection) else bind
    with _MEMOS_LOCK:
        memo = _MEMOS.get(engine)
        if memo is None:
            memo = _MEMOS[engine] = PositionMemo()
        return memo
