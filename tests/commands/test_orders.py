"""Order lines after SIGNON (with a fake order checker)."""

from __future__ import annotations

from sqlmodel import select

from judge.game.games import current_orders
from judge.orders.keys import OrderKey
from judge.store.models import FINISHED, FORMING, Order
from tests.commands.helpers import outcomes


def test_orders_need_a_signon(run):
    ctx = run("A Par - Bur")
    assert outcomes(ctx) == [
        ("A Par - Bur", "refused", "not a command (orders need a SIGNON line before them)")
    ]
    assert ctx.session.exec(select(Order)).all() == []


def test_each_order_on_a_line_is_checked_and_the_good_ones_stored(run):
    ctx = run("SIGNON Fgame1 paris11\nA Par - Bur, A Xyz - Abc; F Bre H")
    results = [(s, m) for _, s, m in outcomes(ctx)[1:]]
    assert results == [
        ("ok", "Accepted: A PAR - BUR"),
        ("refused", "A Xyz - Abc: no such unit"),
        ("ok", "Accepted: F BRE H"),
    ]
    stored = current_orders(ctx.session, ctx.game.id, "S1901M", "france")
    assert {k.text(): o.text for k, o in stored.items()} == {"par": "A Par - Bur", "bre": "F Bre H"}


def test_last_order_for_a_unit_wins(run):
    ctx = run("SIGNON Fgame1 paris11\nA Par - Bur\nA Par - Pic\nA Par - Nowhere")
    stored = current_orders(ctx.session, ctx.game.id, "S1901M", "france")
    assert (
        stored[OrderKey.unit("par")].text == "A Par - Nowhere"
    )  # the fake accepts any destination
    ctx = run("SIGNON Fgame1 paris11\nA Par H")
    stored = current_orders(ctx.session, ctx.game.id, "S1901M", "france")
    assert stored[OrderKey.unit("par")].text == "A Par H"


def test_no_orders_for_finished_or_forming_games(run, session):
    from judge.game.games import find_game

    game = find_game(session, "game1")
    for status, reason in ((FINISHED, "is over: it ended in"), (FORMING, "has not started yet")):
        game.status = status
        session.add(game)
        ctx = run("SIGNON Fgame1 paris11\nA Par - Bur")
        # A forming game refuses the SIGNON already, a finished one the orders.
        assert any(reason in message for _, _, message in outcomes(ctx))
        assert outcomes(ctx)[1][1] == "refused"
        assert session.exec(select(Order)).all() == []


def test_orders_labelled_with_another_power_are_refused_saying_so(tmp_path) -> None:
    """``Germany: A Mun-Ruh`` from France (a newcomer ordering for an ally, or pasting
    the wrong block) was refused as "'Germany' is not a province (did you mean
    Gascony?)". It is refused saying whose orders they are; France's own label is
    still read (docs/mail.md, Around the orders)."""
    from tests.commands.helpers import reply_to_orders

    _, text = reply_to_orders(tmp_path, "Germany: A Mun-Ruh\nFrance: A Par-Bur\n")
    assert (
        "*** Refused: these orders are labelled Germany, but you signed on as France: "
        "orders for Germany need its own SIGNON, in a mail of their own"
    ) in text, text
    assert "Accepted: A par - bur" in text
