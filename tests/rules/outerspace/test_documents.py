"""``judge adjudicate`` documents of Outer Space: their shapes in and out."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from judge.rules.documents import DocumentError
from judge.rules.outerspace.documents import armies_in_orbit, jammed_for
from judge.rules.outerspace.ruleset import OuterSpaceRuleset
from judge.rules.registry import adjudicate, ruleset_for_document
from judge.rules.standard import StandardRuleset

from .board import dislodged_of, judge, position

SPRING = {
    "variant": "outerspace",
    "phase": "S1901M",
    "powers": ["alpha", "beta"],
    "empires": {"alpha": {"name": "Alpha", "adjective": "Alphan", "initial": "A"}},
    "units": [
        {"power": "alpha", "type": "A", "province": "orb"},
        {"power": "alpha", "type": "A", "province": "orb"},
        {"power": "alpha", "type": "A", "province": "bur"},
        {"power": "beta", "type": "A", "province": "orb"},
        {"power": "beta", "type": "A", "province": "par"},
    ],
    "supply_centers": {},
    "colonies": {"alpha": ["bur"], "beta": []},
    "orders": {
        "alpha": ["A ORB - Par", "A Bur S A ORB - Par", "A ORB H"],
        "beta": ["A ORB - Bur", "A Par COL"],
    },
}


def test_a_document_is_read_by_the_outer_space_rules() -> None:
    assert isinstance(ruleset_for_document(SPRING), OuterSpaceRuleset)
    assert isinstance(ruleset_for_document({"variant": "standard"}), StandardRuleset)


def test_a_movement_answer_carries_orbit_units_colonies_and_orbit_attackers() -> None:
    answer = adjudicate(json.loads(json.dumps(SPRING)))
    assert [o["result"] for o in answer["orders"]] == [
        "succeeds",
        "succeeds",
        "succeeds",
        "invalid",  # Burgundy is Alpha's colony: jammed for Beta
        "fails",
    ]
    assert answer["orders"][3]["reason"] == (
        "Burgundy is a colony of Alpha: only Alpha may beam down there"
    )
    assert answer["units"] == [
        {"power": "alpha", "type": "A", "province": "bur"},
        {"power": "alpha", "type": "A", "province": "orb"},
        {"power": "alpha", "type": "A", "province": "par"},
        {"power": "beta", "type": "A", "province": "orb"},
    ]
    assert answer["dislodged"] == [
        {
            "power": "beta",
            "type": "A",
            "province": "par",
            "attacker_from": "orb",
            "retreat_options": ["orb"],
        }
    ]
    assert answer["colonies"] == {"alpha": ["bur"], "beta": []}
    assert answer["next_phase"] == "S1901R"
    assert "eliminated" not in answer


def test_a_retreat_document_may_name_orb_as_attacker_and_option() -> None:
    moved = adjudicate(json.loads(json.dumps(SPRING)))
    retreat = {
        "variant": "outerspace",
        "phase": moved["next_phase"],
        "powers": ["alpha", "beta"],
        "units": moved["units"],
        "dislodged": moved["dislodged"],
        "supply_centers": moved["supply_centers"],
        "colonies": moved["colonies"],
        "orders": {"beta": ["A Par R ORB"]},
    }
    answer = adjudicate(retreat)
    assert answer["orders"][0]["result"] == "succeeds"
    assert sorted(u["province"] for u in answer["units"] if u["power"] == "beta") == [
        "orb",
        "orb",
    ]
    assert answer["colonies"] == {"alpha": ["bur"], "beta": []}
    assert answer["next_phase"] == "F1901M"


def test_an_adjustment_answer_lists_the_eliminated_empires() -> None:
    doc = position(
        "alpha A orb, beta A par, gamma A mun",
        phase="W1901A",
        centres={"beta": ["par", "bre"], "gamma": ["mun"]},
        colonies={"alpha": ["pic"], "beta": ["bre"]},
    )
    answer = judge(doc, beta=["Build A Bre"])
    assert answer["eliminated"] == ["alpha"]
    assert answer["colonies"] == {"alpha": [], "beta": ["bre"], "gamma": []}
    assert answer["orders"][0]["result"] == "succeeds"
    assert answer["next_phase"] == "S1902M"
    nobody = judge(position("alpha A orb", phase="W1901A", centres={"alpha": ["par"]}))
    assert nobody["eliminated"] == ["beta", "gamma"]


def test_several_empires_each_with_armies_in_orbit() -> None:
    doc = position("alpha A orb, alpha A orb, beta A orb, gamma A orb, gamma A orb, gamma A orb")
    answer = judge(doc, gamma=["A ORB - Mos"])
    shown = sorted((u["power"], u["province"]) for u in answer["units"])
    assert shown == [
        ("alpha", "orb"),
        ("alpha", "orb"),
        ("beta", "orb"),
        ("gamma", "mos"),
        ("gamma", "orb"),
        ("gamma", "orb"),
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"powers": []}, '"powers" must list'),
        ({"powers": ["alpha", "Beta!"]}, "lower-case code"),
        ({"colonies": {"delta": ["par"]}}, "unknown power in colonies: 'delta'"),
        ({"colonies": {"alpha": ["nth"]}}, "'nth' in colonies is a sea"),
        ({"colonies": {"alpha": ["par"], "beta": ["par"]}}, "a colony of two empires"),
        ({"units": [{"power": "alpha", "type": "F", "province": "orb"}]}, "only armies"),
    ],
)
def test_malformed_documents_are_refused(change: dict, message: str) -> None:
    with pytest.raises(DocumentError, match=message):
        adjudicate({**SPRING, "orders": {}, **change})


def test_judge_adjudicate_on_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "judge", "adjudicate", "-"],
        input=json.dumps(SPRING),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer == adjudicate(json.loads(json.dumps(SPRING)))
    assert dislodged_of(answer)["par"]["attacker_from"] == "orb"


def test_report_facts_armies_in_orbit_and_jammed_provinces() -> None:
    assert armies_in_orbit(SPRING) == {"alpha": 2, "beta": 1}
    assert jammed_for(SPRING) == {"alpha": [], "beta": ["bur"]}
