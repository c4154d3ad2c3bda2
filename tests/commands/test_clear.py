"""CLEAR withdraws the power's orders for the current phase (earlier mails and earlier
in the same mail), so that builds and waives, which no other order replaces, can be
taken back."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from judge.game.games import (
    current_order_keys,
    current_order_texts,
    current_orders,
    find_game,
)
from tests.commands.helpers import PASSWORDS, address, body_of, deliver, make_mail, outbox
from tests.commands.test_builds_beyond import BEYOND_TWO, _engine, _stored
from tests.test_adjustment_limits import TWO_BUILDS

FRANCE = f"SIGNON Fgame1 {PASSWORDS['france']}\n"


@pytest.fixture
def engine(tmp_path):
    engine = _engine(tmp_path, TWO_BUILDS)
    yield engine
    engine.dispose()


def _mail(engine, body: str) -> str:
    deliver(engine, make_mail(address("france"), FRANCE + body))
    return body_of(outbox(engine)[-1])


def test_clear_takes_back_waives_so_a_build_counts(engine) -> None:
    _mail(engine, "Waive, Waive\n")
    assert _stored(engine) == ["waive:1", "waive:2"]
    refused = _mail(engine, "Build A Par\n")
    assert "*** Refused: Build A Par: " + BEYOND_TWO.format("build") in refused
    text = _mail(engine, "CLEAR\nBuild A Par\nWaive\n")
    assert "2 orders for W1901A withdrawn; none stand now." in text
    assert "Accepted: Build A par" in text and "*** Refused" not in text
    assert _stored(engine) == ["build:par", "waive:1"]


def test_clear_in_the_middle_of_a_mail_drops_what_came_before(engine) -> None:
    text = _mail(engine, "Build A Par, Waive\nCLEAR\nWaive\n")
    assert "2 orders for W1901A withdrawn" in text
    assert _stored(engine) == ["waive:1"]


def test_clear_with_nothing_stored_says_so(engine) -> None:
    assert "0 orders for W1901A withdrawn" in _mail(engine, "CLEAR\n")
    assert _stored(engine) == []


def test_clear_naming_a_unit_withdraws_nothing(engine) -> None:
    """``CLEAR A Par`` withdrew every order of the power (the words after CLEAR were
    not read), where the player meant one unit's."""
    _mail(engine, "Build A Par, Waive\n")
    text = _mail(engine, "CLEAR A Par\n").replace("\r\n", "\n")
    assert "> CLEAR A Par\n  *** Refused: CLEAR withdraws all your orders and takes nothing" in text
    assert _stored(engine) == ["build:par", "waive:1"]
    assert "2 orders for W1901A withdrawn" in _mail(engine, "Clear all orders\n")
    assert _stored(engine) == []


def test_clear_needs_a_signon(engine) -> None:
    deliver(engine, make_mail(address("france"), "CLEAR\n"))
    assert "*** Refused: this needs a SIGNON first" in body_of(outbox(engine)[-1])


def test_clear_is_refused_for_another_phase(engine) -> None:
    text = _mail(engine, "Waive\nPHASE S1902M\nCLEAR\n")
    assert "these orders are for S1902M, but game game1 is in W1901A" in text
    assert _stored(engine) == ["waive:1"]


def test_a_power_with_every_adjustment_ordered_is_told_so(engine) -> None:
    text = _mail(engine, "Build A Par, Build A Mar\n")
    assert "Every adjustment is ordered." in text and "Every unit has an order." not in text
    text = _mail(engine, "CLEAR\n")
    assert "Adjustments not yet ordered: 2 builds" in text


def test_the_reply_reports_what_stands_after_the_clear(engine) -> None:
    _mail(engine, "Waive\n")
    text = _mail(engine, "Build A Par, Waive\nCLEAR\nBuild A Par\n")
    with Session(engine) as session:
        game = find_game(session, "game1")
        rows = current_orders(session, game.id, game.phase, "france")
        texts = current_order_texts(session, game.id, game.phase, "france")
        keys = current_order_keys(session, game.id, game.phase)
    assert texts == {key: row.canonical for key, row in rows.items()}
    assert keys == {"france": set(rows)}
    assert list(texts.values()) == ["Build A par"]
    report = text.split("Orders for France", 1)[1]
    assert "Build A par" in report and "Waive" not in report
