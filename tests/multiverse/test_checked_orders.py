"""An order a player's mail stored keeps the version of the position its check read
(``game_order.checked_on``, migration 0025).  The turn checks it again only when the
position changed since: on the same position the mail's check and the turn's are one
check (``movement_problem``), and a long multiverse game's turn need not repeat
ten thousand of them (issue 27).  On another position every order is checked again:
an order accepted before a master changed the position may no longer stand."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from sqlmodel import Session

import judge.rules.multiverse.adjudicate as adjudicate_module
from judge.game.games import find_game, phase_orders
from judge.game.processing import _adjudicate, set_game_position
from judge.orders.data import dumps, loads_with_data
from judge.rules.base import Ruleset, StoredOrder
from judge.rules.multiverse.json_io import read_world, write_world
from judge.rules.multiverse.order_text import format_order, world_types
from judge.rules.multiverse.random_orders import random_orders
from judge.rules.multiverse.setup import starting_world
from judge.rules.multiverse.world import FIVED
from judge.rules.registry import ruleset_for, ruleset_for_game
from judge.store.models import MULTIVERSE_RULES
from judge.store.positions import Position, changed, position_text
from tests.commands.helpers import PASSWORDS, add_game, address, deliver, make_mail, migrated_engine
from tests.multiverse.helpers import BASE

REFERENCE_RULES = ruleset_for("standard", MULTIVERSE_RULES)
FIVED_RULES = REFERENCE_RULES.played_as(FIVED)
BOTH = pytest.mark.parametrize(
    "rules", [REFERENCE_RULES, FIVED_RULES], ids=["reference", "5dplomacy"]
)
FRANCE = f"SIGNON Fgame1 {PASSWORDS['france']}\n"


def _start(rules: Ruleset, seed: int) -> Position:
    if rules is FIVED_RULES:
        doc: dict[str, Any] = {"variant": "standard", "rules": {"ruleset": FIVED, "seed": seed}}
        world = starting_world(BASE, seed=seed, rules=FIVED)
    else:
        doc = {"variant": "standard", "rules": {"adjacency": "loose", "seed": seed}}
        world = starting_world(BASE, seed=seed)
    doc.update(write_world(BASE, world, as_data=True))
    return Position(doc)


def _mailed(rules: Ruleset, doc: Position, rng: random.Random) -> dict[str, list[StoredOrder]]:
    """Random orders of the turn as a game keeps them: each order the mail check of
    the ruleset accepts is marked checked, as a mail's stored row says, and handed on
    with its object as stored (read back from the column's text)."""
    world = read_world(BASE, json.loads(position_text(doc)))
    types = world_types(world)
    given: dict[str, list[StoredOrder]] = {}
    for power, order in random_orders(world, BASE, rng, 0.3):
        text = format_order(order, types)
        accepted = all(check.ok for check in rules.check_orders(doc, power, [text]))
        read, data = loads_with_data(dumps(order), rules.order_decoding())
        stored = StoredOrder(text, read, True, data) if accepted else StoredOrder(text, read)
        given.setdefault(power, []).append(stored)
    return given


def _unchecked(orders: dict[str, list[StoredOrder]]) -> dict[str, list[StoredOrder]]:
    return {
        power: [o._replace(checked=False, data=None) for o in mine]
        for power, mine in orders.items()
    }


@BOTH
def test_orders_checked_by_their_mails_are_judged_as_if_checked_again(rules: Ruleset) -> None:
    """Fourteen turns (forks, retreats, winters): the answer and the next position are
    the same whether the turn trusts the mail's check or repeats it."""
    rng = random.Random(3)
    doc = _start(rules, 3)
    for _turn in range(14):
        orders = _mailed(rules, doc, rng)
        trusted = rules.step_stored(doc, orders)
        again = rules.step_stored(Position(json.loads(position_text(doc))), _unchecked(orders))
        assert trusted.answer == again.answer
        after = changed(trusted.after, drop="orders")
        assert position_text(after) == position_text(changed(again.after, drop="orders"))
        doc = after


def test_an_order_checked_on_this_position_is_not_checked_again(monkeypatch) -> None:
    rng = random.Random(4)
    doc = _start(REFERENCE_RULES, 4)
    orders = _mailed(REFERENCE_RULES, doc, rng)
    assert all(o.checked for mine in orders.values() for o in mine)
    calls = []

    def counted(*args: Any, **kwargs: Any) -> str | None:
        calls.append(args[3])
        return None

    monkeypatch.setattr(adjudicate_module, "movement_problem", counted)
    REFERENCE_RULES.step_stored(doc, orders)
    assert calls == []
    REFERENCE_RULES.step_stored(Position(json.loads(position_text(doc))), _unchecked(orders))
    assert len(calls) == sum(map(len, orders.values()))


def _game(tmp_path) -> Any:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.rules, game.adjacency = MULTIVERSE_RULES, "loose"
        position = ruleset_for_game(game).starting_position("standard", adjacency="loose")
        set_game_position(game, position)
        session.add(game)
        session.commit()
    return engine


def _results(session: Session) -> dict[str, dict[str, Any]]:
    game = find_game(session, "game1")
    step = _adjudicate(session, game)
    return {o["order"]: o for o in step.answer["orders"] if o["power"] == "france"}


def test_a_mails_order_keeps_the_version_of_the_position_it_was_checked_on(tmp_path) -> None:
    engine = _game(tmp_path)
    deliver(engine, make_mail(address("france"), FRANCE + "A Par - Bur\nF Bre - MAO\n"))
    with Session(engine) as session:
        game = find_game(session, "game1")
        rows = phase_orders(session, game.id, game.phase)["france"]
        assert [row.checked_on for row in rows] == [game.position_version] * 2
        results = _results(session)
    assert results["A 1:par:S1901 - 1:bur:S1901"]["result"] == "succeeds"
    assert results["F 1:bre:S1901 - 1:mao:S1901"]["result"] == "succeeds"
    engine.dispose()


def test_an_order_is_checked_again_when_the_position_changed_since_its_mail(tmp_path) -> None:
    """The master takes the army out of Paris after France ordered it: the stored
    order names no unit now, and the turn says so (trusting the mail's check, it
    would hand the resolver an order for a unit that is not there)."""
    engine = _game(tmp_path)
    deliver(engine, make_mail(address("france"), FRANCE + "A Par - Bur\nF Bre - MAO\n"))
    with Session(engine) as session:
        game = find_game(session, "game1")
        doc = game.position_doc()
        (board,) = doc["boards"]
        board["units"] = [u for u in board["units"] if u["province"] != "par"]
        set_game_position(game, doc)
        session.add(game)
        session.flush()
        results = _results(session)
    paris = results["A 1:par:S1901 - 1:bur:S1901"]
    assert paris["result"] == "invalid" and "no unit" in paris["reason"]
    assert results["F 1:bre:S1901 - 1:mao:S1901"]["result"] == "succeeds"
    engine.dispose()


def test_an_order_stored_without_a_mails_check_is_checked_at_the_turn(
    tmp_path, monkeypatch
) -> None:
    """A row from before migration 0025 (or stored by no mail's check) has no version."""
    engine = _game(tmp_path)
    deliver(engine, make_mail(address("france"), FRANCE + "A Par - Bur\nF Bre - MAO\n"))
    checked = []
    check = adjudicate_module.movement_problem

    def counted(*args: Any, **kwargs: Any) -> str | None:
        checked.append(format_order(args[3], lambda loc: None))
        return check(*args, **kwargs)

    monkeypatch.setattr(adjudicate_module, "movement_problem", counted)
    with Session(engine) as session:
        assert _results(session)["A 1:par:S1901 - 1:bur:S1901"]["result"] == "succeeds"
        assert checked == []
        session.connection().exec_driver_sql(
            "UPDATE game_order SET checked_on = NULL WHERE canonical LIKE 'A%'"
        )
        assert _results(session)["A 1:par:S1901 - 1:bur:S1901"]["result"] == "succeeds"
        assert checked == ["A 1:par:S1901 - 1:bur:S1901"]
    engine.dispose()
