"""Issue 27, item 1 (multiverse): a game's world keeps its history as order data, read
back without the notation; its stored orders are adjudicated as data; ``judge
adjudicate`` keeps text; migration 0013 converts stored worlds and they play on alike."""

from __future__ import annotations

import json
import random
from datetime import datetime
from typing import Any

import pytest
import sqlalchemy as sa
from sqlmodel import Session

import judge.rules.multiverse.json_io as json_io
import judge.store.mail  # noqa: F401  (registers the mail tables)
from judge.game.processing import _adjudicate_stored
from judge.orders.keys import OrderKey
from judge.rules.base import StoredOrder
from judge.rules.multiverse.adjudicate import adjudicate
from judge.rules.multiverse.json_io import read_world, write_world
from judge.rules.multiverse.order_text import format_order, world_types
from judge.rules.multiverse.random_orders import random_orders
from judge.rules.multiverse.setup import starting_world
from judge.rules.registry import ruleset_for
from judge.store.db import make_engine, migrate
from judge.store.models import MULTIVERSE_RULES, Game
from tests.multiverse.helpers import BASE

RULES = ruleset_for("standard", MULTIVERSE_RULES)


def _grown(turns: int = 7, seed: int = 3) -> tuple[Any, list]:
    """A world after random turns (forks, retreats, winters), and its next orders."""
    world = starting_world(BASE, seed=seed)
    rng = random.Random(seed)
    for _ in range(turns):
        world, _report = adjudicate(world, BASE, random_orders(world, BASE, rng, 0.3))
    return world, random_orders(world, BASE, rng, 0.3)


def _doc(world: Any, *, as_data: bool) -> dict[str, Any]:
    return {
        "variant": "standard",
        "rules": {"adjacency": "loose", "seed": 3},
        **write_world(BASE, world, as_data=as_data),
    }


def _no_notation(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("order text parsed")

    monkeypatch.setattr(json_io, "parse_order", refuse)


def _records(world: Any) -> tuple:
    return (world.orders, world.retreats, world.adjustments)


def test_history_as_data_is_read_back_without_the_notation(monkeypatch) -> None:
    world, _orders = _grown()
    text = read_world(BASE, _doc(world, as_data=False))
    assert any(isinstance(h["order"], dict) for h in _doc(world, as_data=True)["history"])
    _no_notation(monkeypatch)
    data = read_world(BASE, json.loads(json.dumps(_doc(world, as_data=True))))
    assert _records(data) == _records(text) == _records(world)


def test_a_step_stores_its_history_as_data_and_judge_adjudicate_answers_in_text() -> None:
    world, orders = _grown()
    types = world_types(world)
    doc = _doc(world, as_data=False)
    doc["orders"] = {}
    for power, order in orders:
        doc["orders"].setdefault(power, []).append(format_order(order, types))
    step = RULES.step(json.loads(json.dumps(doc)))
    history = step.after["history"]
    assert history and all(isinstance(h["order"], dict) for h in history)
    answer = RULES.adjudicate(json.loads(json.dumps(doc)))
    assert all(isinstance(h["order"], str) for h in answer["history"])
    # The step's answer is judge adjudicate's, each judged order with its data too
    # (for the report).
    judged = step.answer["orders"]
    assert all(isinstance(o["data"], dict) and "unit_types" in o for o in judged if o["order"])
    plain = [{k: v for k, v in o.items() if k not in ("data", "unit_types")} for o in judged]
    assert {**step.answer, "history": None, "orders": plain} == {**answer, "history": None}
    assert step.answer["history"] == history


def test_stored_orders_are_adjudicated_as_data_with_the_same_results(monkeypatch) -> None:
    world, orders = _grown()
    types = world_types(world)
    stored: dict[str, list[StoredOrder]] = {}
    for power, order in orders:
        stored.setdefault(power, []).append(StoredOrder(format_order(order, types), order))
    wording = {power: [o.canonical for o in mine] for power, mine in stored.items()}
    by_text = RULES.step({**_doc(world, as_data=False), "orders": wording})
    _no_notation(monkeypatch)
    by_data = RULES.step_stored(_doc(world, as_data=True), stored)
    assert by_data.answer == by_text.answer
    assert by_data.after == by_text.after
    assert by_data.next_phase == by_text.next_phase
    # the report reads the re-judged boards' past orders by their wording
    kept = {(h["power"], h["order"]) for h in by_text.before["history"]}
    assert {(h["power"], h["order"]) for h in by_data.before["history"]} <= kept


def _store_by_mail(session: Session, game: Game, world: Any, orders: list) -> dict:
    """Store ``orders`` as the mail path does (each its canonical text); their
    wording per power, in the order the rows come back."""
    from judge.game.games import store_order
    from judge.rules.multiverse.mail_orders import WorldOrderCheck

    types = world_types(world)
    wording: dict[str, list[str]] = {}
    for power, order in orders:
        text = format_order(order, types)
        wording.setdefault(power, []).append(text)
        check = WorldOrderCheck(text, True, text, None, None, power, order)
        key = OrderKey.of(order)
        store_order(session, game, power, check, account_id=None, from_address="x", key=key)
    return {power: wording[power] for power in sorted(wording)}


def test_the_orders_a_mail_stored_are_not_read_again_by_the_turn(tmp_path, monkeypatch) -> None:
    """The orders each mail stored were read back once as it stored them: the turn
    (ten thousand orders in a long game) finds them read, with the same results."""
    import judge.orders.data as order_data

    world, orders = _grown()
    doc = _doc(world, as_data=True)
    engine = make_engine(f"sqlite:///{tmp_path / 'j.db'}")
    migrate(str(engine.url))
    with Session(engine) as session:
        game = Game(name="mv", phase=RULES.phase_code(doc), rules=MULTIVERSE_RULES)
        game.set_position(doc)
        session.add(game)
        session.flush()
        wording = _store_by_mail(session, game, world, orders)

        def unread(*_args: Any, **_kwargs: Any) -> Any:
            raise AssertionError("a stored order read again")

        monkeypatch.setattr(order_data, "order_from_data", unread)
        played = _adjudicate_stored(session, game, doc, game.phase)
    engine.dispose()
    by_text = RULES.step({**_doc(world, as_data=False), "orders": wording})
    assert played.answer == by_text.answer
    assert played.after == by_text.after


def _old_row(conn: sa.Connection, table: str, values: dict[str, Any]) -> int:
    """A row as the schema of migration 0012 holds it (later columns left out)."""
    found = sa.Table(table, sa.MetaData(), autoload_with=conn)
    kept = {k: v for k, v in values.items() if k in found.columns}
    return conn.execute(found.insert().values(kept)).inserted_primary_key[0]


def test_migration_0013_converts_stored_worlds_and_they_play_on_alike(tmp_path) -> None:
    world, orders = _grown()
    old = _doc(world, as_data=False)  # as a game stored it before 0013
    url = f"sqlite:///{tmp_path / 'j.db'}"
    migrate(url, "0012_takeover")
    engine = make_engine(url)
    with engine.begin() as conn:
        game = Game(name="mv", phase="F1902M", position=json.dumps(old), rules=MULTIVERSE_RULES)
        values = {c: getattr(game, c) for c in [*Game.model_fields, "position"] if c != "id"}
        game_id = _old_row(conn, "game", values)
        snapshot = {"game_id": game_id, "number": 0, "phase": "S1901M", "position": json.dumps(old)}
        snapshot["created_at"] = datetime(2026, 11, 28, 12, 0)
        _old_row(conn, "phase_snapshot", snapshot)
    engine.dispose()

    migrate(url)
    engine = make_engine(url)
    with Session(engine) as session:
        game = session.get(Game, game_id)
        assert game is not None
        doc = game.position_doc()
        assert all(isinstance(h["order"], dict) for h in doc["history"])
        assert {k: v for k, v in doc.items() if k != "history"} == {
            k: v for k, v in old.items() if k != "history"
        }
        (kept,) = session.exec(sa.text("SELECT position FROM phase_snapshot")).one()
        assert json.loads(kept) == doc
        game.phase = RULES.phase_code(doc)
        wording = _store_by_mail(session, game, world, orders)
        played = _adjudicate_stored(session, game, doc, game.phase)
    engine.dispose()
    before = RULES.step({**old, "orders": wording})  # the turn as the old world played it
    assert played.answer == before.answer
    assert played.after == before.after
