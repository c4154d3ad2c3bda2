"""Reports and maps of a processed phase are made from the orders as data: the same
as from the canonical texts of the answer, for every kind of order, and without
reading those texts at all."""

from __future__ import annotations

import copy
import json
from datetime import timedelta
from typing import Any

from sqlmodel import Session, col, select

from judge.game.processing import TurnOutcome, process_phase, report_settings
from judge.maps.marks import marks_of
from judge.reports import render_report
from judge.store.models import Order, PhaseSnapshot
from judge.variant.data import load_variant
from tests.turns.conftest import NOW, SENDER, give, new_game

PHASES: list[dict[str, list[str]]] = [
    {  # S1901M: moves, a support, a support to hold a foreign unit, a hold
        "france": ["A Par - Bur", "F Bre - Mao", "A Mar S A Par - Bur"],
        "germany": ["A Mun - Ruh", "A Ber - Mun", "F Kie - Den"],
        "england": ["F Lon - Nth", "A Lvp - Yor", "F Edi - Nwg"],
        "russia": ["F Stp/sc - Bot"],
        "austria": ["A Vie H", "F Tri S A Ven"],
        "italy": ["A Ven H"],
    },
    {  # F1901M: a dislodgement, a convoy, a move via convoy, a move to a coast
        "germany": ["A Mun - Bur", "A Ruh S A Mun - Bur"],
        "england": ["F Nth C A Yor - Nwy", "A Yor - Nwy via convoy"],
        "france": ["F Mao - Spa/nc"],
        "russia": ["F Bot - Swe"],
    },
    {"france": ["A Bur R Pic"]},  # F1901R
    {  # W1901A: builds (one on a coast), a waive
        "germany": ["Build F Kie"],
        "russia": ["Build F Stp/nc"],
        "england": ["Waive"],
        "france": ["Build A Par"],
    },
]


def _play(session: Session) -> list[tuple[TurnOutcome, dict[str, Any], Any]]:
    """Every phase of the year played: its outcome, the position before it, the game."""
    game = new_game(session)
    played = []
    for day, orders in enumerate(PHASES):
        for power, lines in orders.items():
            assert all(check.ok for check in give(session, game, power, *lines)), lines
        outcome = process_phase(session, SENDER, game, NOW + timedelta(days=day))
        snapshot = session.exec(
            select(PhaseSnapshot).order_by(col(PhaseSnapshot.number).desc())
        ).first()
        assert snapshot is not None
        played.append((outcome, json.loads(snapshot.position), game))
    assert [o.phase for o, _, _ in played] == ["S1901M", "F1901M", "F1901R", "W1901A"]
    return played


def _text_only(answer: dict[str, Any]) -> dict[str, Any]:
    """The answer as ``judge adjudicate`` gives it: orders as canonical text only."""
    copied = copy.deepcopy(answer)
    for entry in copied["orders"]:
        entry.pop("data", None)
        entry.pop("unit_types", None)
    return copied


def _garbled(answer: dict[str, Any]) -> dict[str, Any]:
    """The answer with the canonical text of every order given as data made unreadable."""
    copied = copy.deepcopy(answer)
    for entry in copied["orders"]:
        if "data" in entry:
            entry["order"] = "unreadable"
    return copied


def test_reports_and_maps_from_data_match_those_from_text(session: Session) -> None:
    variant = load_variant("standard")
    for outcome, before, game in _play(session):
        answer = outcome.answer
        given = [entry for entry in answer["orders"] if entry["result"] != "invalid"]
        assert given and all("data" in entry for entry in given)
        settings = report_settings(game, number=outcome.number)
        from_data = render_report(_garbled(answer), variant, settings, before)[1]
        from_text = render_report(_text_only(answer), variant, settings, before)[1]
        assert from_data == from_text
        assert "unreadable" not in from_data
        assert marks_of(_garbled(answer)["orders"]) == marks_of(_text_only(answer)["orders"])


def test_the_data_names_the_types_of_the_units_ordered(session: Session) -> None:
    played = _play(session)
    fall = {e["order"]: e for e in played[1][0].answer["orders"]}
    convoy = fall["F nth C A yor - nwy"]
    assert convoy["data"] == {"kind": "convoy", "unit": "nth", "army": "yor", "dest": "nwy"}
    assert convoy["unit_types"] == {"unit": "F", "army": "A"}
    retreat = played[2][0].answer["orders"][0]
    assert retreat["data"] == {"kind": "retreat", "unit": "bur", "dest": "pic"}
    assert retreat["unit_types"] == {"unit": "A"}  # the dislodged army, not the German one


def _first_row(session: Session) -> Order:
    row = session.exec(select(Order).order_by(col(Order.id))).first()
    assert row is not None
    return row


def test_a_phase_is_adjudicated_from_the_stored_data(session: Session) -> None:
    game = new_game(session)
    give(session, game, "france", "A Par - Bur")
    row = _first_row(session)
    row.canonical = "A par H"  # the stored wording is not what is adjudicated
    session.add(row)
    session.flush()
    outcome = process_phase(session, SENDER, game, NOW)
    assert {"power": "france", "type": "A", "province": "bur"} in outcome.answer["units"]


def test_a_row_kept_without_data_is_read_from_its_text(session: Session) -> None:
    game = new_game(session)
    give(session, game, "france", "A Par - Bur")
    row = _first_row(session)
    row.data = None  # as migration 0007 leaves a text it could not read
    session.add(row)
    session.flush()
    outcome = process_phase(session, SENDER, game, NOW)
    assert {"power": "france", "type": "A", "province": "bur"} in outcome.answer["units"]
