"""A game's rule of removals in civil disorder (SET CD RULE): processing a winter in
which a power does not order the removal it owes removes the unit the game's rule
picks, and the report says by which rule.  The position is DATC 6.J.3 (Russia owns
St Petersburg only, with armies in Livonia and Prussia): the 2023 rule removes
Prussia, farthest from the owned centre; the classic rule removes Livonia (both one
step from a home centre, Livonia first by name)."""

from __future__ import annotations

import pytest
from sqlmodel import Session, select

from judge.game.processing import process_phase
from judge.store.models import REPORT_RESULTS, GameReport
from tests.turns.conftest import NOW, SENDER, new_game

DATC_6_J_3 = {
    "variant": "standard",
    "phase": "W1901A",
    "units": [
        {"power": "russia", "type": "A", "province": "lvn"},
        {"power": "russia", "type": "A", "province": "pru"},
        {"power": "france", "type": "A", "province": "par"},
    ],
    "dislodged": [],
    "contested": [],
    "supply_centers": {"russia": ["stp"], "france": ["par"]},
}


@pytest.mark.parametrize(
    ("rule", "kept", "removed"),
    [("2023", "lvn", "Prussia"), ("classic", "pru", "Livonia")],
)
def test_datc_6_j_3_processed_by_the_games_cd_rule(session: Session, rule, kept, removed) -> None:
    game = new_game(session)
    game.cd_rule = rule
    game.set_position(DATC_6_J_3)
    game.phase = "W1901A"
    session.flush()
    step = process_phase(session, SENDER, game, NOW)
    assert step.answer["civil_disorder_rule"] == rule
    russian = [u["province"] for u in game.position_doc()["units"] if u["power"] == "russia"]
    assert russian == [kept]
    report = session.exec(select(GameReport).where(GameReport.kind == REPORT_RESULTS)).one()
    assert f"Defaults, removing the army in {removed} (civil disorder, {rule} rule)." in report.text
