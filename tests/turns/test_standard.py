"""process_phase, preview_phase and rollback_to on a standard game, from orders
stored the way mail stores them, over a movement, retreat and adjustment cycle."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import Session, col, select

from judge.clock.timing import format_for
from judge.game.games import find_game
from judge.game.processing import (
    orders_missing,
    owing_powers,
    preview_phase,
    process_phase,
    rollback_to,
)
from judge.store.models import (
    ACTIVE,
    FINISHED,
    REPORT_RESULTS,
    RESIGNED,
    GameReport,
    Order,
    PhaseSnapshot,
    Player,
    as_utc,
)
from tests.turns.conftest import (
    MASTER,
    NOW,
    OBSERVER,
    SENDER,
    address,
    give,
    near_victory_centres,
    new_game,
    outbox,
    text_of,
)


def _units(game) -> set[tuple[str, str]]:
    return {(u["power"], u["province"]) for u in game.position_doc()["units"]}


def _spring(session: Session, game) -> None:
    give(session, game, "france", "A Par - Bur", "F Bre - Mid-Atlantic Ocean")
    give(session, game, "germany", "A Mun - Ruh", "A Ber - Mun", "F Kie - Den")
    give(session, game, "austria", "A Vie - Tyr")


def _fall(session: Session, game) -> None:
    give(session, game, "germany", "A Mun - Bur", "A Ruh S A Mun - Bur")
    give(session, game, "austria", "A Tyr - Ven")
    give(session, game, "italy", "A Ven - Pie")


def test_a_year_from_stored_orders(session: Session) -> None:
    game = new_game(session)
    _spring(session, game)
    # a later order for the same unit replaces the earlier one
    give(session, game, "austria", "A Vie - Bud", "A Vie - Tyr")

    first = process_phase(session, SENDER, game, NOW)
    assert (first.phase, first.next_phase, first.number) == ("S1901M", "F1901M", 1)
    assert game.phase == "F1901M" and game.number == 1 and as_utc(game.processed_at) == NOW
    assert ("austria", "tyr") in _units(game) and ("germany", "ruh") in _units(game)
    # units without orders held
    assert ("italy", "ven") in _units(game) and ("russia", "mos") in _units(game)
    assert as_utc(game.deadline) is not None and as_utc(game.deadline) > NOW

    _fall(session, game)
    second = process_phase(session, SENDER, game, NOW + timedelta(days=2))
    assert second.next_phase == "F1901R"
    doc = game.position_doc()
    assert [(d["power"], d["province"]) for d in doc["dislodged"]] == [("france", "bur")]
    assert doc["dislodged"][0]["retreat_options"] == ["bel", "gas", "par", "pic"]
    assert orders_missing(session, game) == {"france": ["A bur"]}
    assert owing_powers(game) == {"france"}

    # France sends no retreat: the dislodged army is disbanded
    third = process_phase(session, SENDER, game, NOW + timedelta(days=3))
    assert third.next_phase == "W1901A"
    assert not any(power == "france" and p == "bur" for power, p in _units(game))
    assert owing_powers(game) == {"austria", "france", "germany", "italy"}
    assert orders_missing(session, game) == {
        "austria": ["1 build"],
        "france": ["1 build"],
        "germany": ["1 build"],
        "italy": ["1 removal"],
    }
    give(session, game, "germany", "Build A Ber")
    give(session, game, "austria", "Build A Vie")
    # Italy's player resigned: the power is in civil disorder and no longer asked
    italy = session.exec(select(Player).where(Player.power == "italy")).one()
    italy.status = RESIGNED
    session.flush()
    assert orders_missing(session, game) == {"france": ["1 build"]}
    assert "italy" in owing_powers(game)

    fourth = process_phase(session, SENDER, game, NOW + timedelta(days=4))
    assert fourth.next_phase == "S1902M" and game.number == 4
    units = _units(game)
    assert ("germany", "ber") in units and ("austria", "vie") in units
    italian = sorted(p for power, p in units if power == "italy")
    assert len(italian) == 2  # one of pie, nap, rom removed in civil disorder
    assert fourth.answer["civil_disorder"][0]["power"] == "italy"
    france = sorted(p for power, p in units if power == "france")
    assert france == ["mao", "mar"]  # the build was waived

    report = session.exec(
        select(GameReport).where(GameReport.number == 4, GameReport.kind == REPORT_RESULTS)
    ).one()
    assert report.phase == "W1901A"
    assert "Adjustment results for Winter of 1901" in report.text
    assert "Defaults, removing" in report.text
    snapshots = session.exec(select(PhaseSnapshot).order_by(col(PhaseSnapshot.number))).all()
    assert [(s.number, s.phase) for s in snapshots] == [
        (0, "S1901M"),
        (1, "F1901M"),
        (2, "F1901R"),
        (3, "W1901A"),
    ]


def test_reports_are_stored_and_mailed_in_each_readers_zone(session: Session) -> None:
    game = new_game(session)
    _spring(session, game)
    outcome = process_phase(session, SENDER, game, NOW)
    players = sorted(address(p) for p in ("austria", "england", "france", "germany"))
    players += sorted(address(p) for p in ("italy", "russia", "turkey"))
    assert sorted(outcome.mailed) == sorted([*players, OBSERVER, MASTER])
    mails = {msg["To"]: msg for msg in outbox(session)}
    assert set(mails) == set(outcome.mailed)
    deadline = as_utc(game.deadline)
    assert deadline is not None
    paris = text_of(mails[OBSERVER])
    assert f"Your time: {format_for(deadline, 'Europe/Paris')}." in paris
    utc = text_of(mails[address("france")])
    assert f"Your time: {format_for(deadline, 'UTC')}." in utc
    assert mails[MASTER]["Subject"] == "JUDGE:turns - S1901M Results"
    assert "Movement results for Spring of 1901.  (turns.001)" in utc
    assert "Army Paris -> Burgundy." in utc
    assert "Army Venice, No Order Processed." in utc  # Italy gave no orders
    stored = session.exec(select(GameReport)).one()
    assert (stored.number, stored.phase, stored.kind) == (1, "S1901M", REPORT_RESULTS)
    assert stored.subject == mails[MASTER]["Subject"]
    assert "Your time" not in stored.text  # the stored copy is the game-zone rendering
    assert stored.html is not None and "Burgundy" in stored.html


def test_resigned_players_get_no_report(session: Session) -> None:
    game = new_game(session)
    england = session.exec(select(Player).where(Player.power == "england")).one()
    england.status = RESIGNED
    session.flush()
    outcome = process_phase(session, SENDER, game, NOW)
    assert address("england") not in outcome.mailed
    assert address("france") in outcome.mailed


def test_preview_changes_nothing_and_mails_only_the_master(session: Session) -> None:
    game = new_game(session)
    _spring(session, game)
    before = (game.phase, game.position, game.number, game.deadline, game.processed_at)
    preview_phase(session, SENDER, game, NOW, MASTER)
    session.flush()
    assert (game.phase, game.position, game.number, game.deadline, game.processed_at) == before
    assert session.exec(select(GameReport)).all() == []
    assert session.exec(select(PhaseSnapshot)).all() == []
    mails = outbox(session)
    assert [m["To"] for m in mails] == [MASTER]
    assert mails[0]["Subject"] == "PREVIEW JUDGE:turns - S1901M Results"
    assert "Army Paris -> Burgundy." in text_of(mails[0])
    # the orders are still there and the real processing gives the same results
    outcome = process_phase(session, SENDER, game, NOW)
    assert ("france", "bur") in _units(game) and outcome.phase == "S1901M"


def test_rollback_restores_the_position_and_drops_later_orders(session: Session) -> None:
    game = new_game(session)
    start = game.position
    _spring(session, game)
    process_phase(session, SENDER, game, NOW)
    _fall(session, game)
    process_phase(session, SENDER, game, NOW + timedelta(days=1))
    assert game.phase == "F1901R"
    give(session, game, "france", "A Bur - Pic")

    later = NOW + timedelta(days=2)
    rollback_to(session, SENDER, game, "s1901m", later)
    assert game.phase == "S1901M" and game.number == 0 and game.position == start
    assert as_utc(game.deadline) is not None and as_utc(game.deadline) > later
    phases = {o.phase for o in session.exec(select(Order))}
    assert phases == {"S1901M"}  # the spring orders stand, later ones are gone
    assert session.exec(select(PhaseSnapshot)).all() == []
    kinds = [r.kind for r in session.exec(select(GameReport).order_by(col(GameReport.id)))]
    assert kinds == ["announcement"]
    rolled = [m for m in outbox(session) if "Rollback" in str(m["Subject"])]
    assert {m["To"] for m in rolled} >= {MASTER, OBSERVER, address("france")}
    # processed again, the same orders give the same spring
    again = process_phase(session, SENDER, game, later)
    assert again.number == 1 and ("france", "bur") in _units(game)


def test_rollback_without_snapshot_is_refused(session: Session) -> None:
    game = new_game(session)
    with pytest.raises(ValueError, match="no processed phase F1905M"):
        rollback_to(session, SENDER, game, "F1905M", NOW)


def test_victory_finishes_the_game(session: Session) -> None:
    centres = near_victory_centres()
    position = {
        "variant": "standard",
        "phase": "F1905M",
        "units": [
            {"power": "france", "type": "A", "province": "tyr"},
            {"power": "france", "type": "A", "province": "pie"},
            {"power": "italy", "type": "A", "province": "ven"},
        ],
        "dislodged": [],
        "contested": [],
        "supply_centers": centres,
    }
    game = new_game(session, position=position)
    give(session, game, "france", "A Pie - Ven", "A Tyr - Boh")
    give(session, game, "france", "A Tyr S A Pie - Ven")
    outcome = process_phase(session, SENDER, game, NOW)
    assert outcome.winner is None and game.phase == "F1905R"  # Venice changes hands after
    outcome = process_phase(session, SENDER, game, NOW)
    assert outcome.winner == "france"
    assert game.status == FINISHED and game.outcome == "Victory of France"
    assert game.deadline is None
    report = session.exec(select(GameReport).where(GameReport.number == 2)).one()
    assert "VICTORY" in report.text
    with pytest.raises(ValueError, match="finished"):
        process_phase(session, SENDER, game, NOW)
    assert find_game(session, "turns") is game and game.status != ACTIVE
