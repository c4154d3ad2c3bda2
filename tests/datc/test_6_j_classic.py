"""The DATC v3.1 civil disorder cases (6.J.2-6.J.11) under the classic rule, which a
game master may choose instead of the 2023 one (``"civil_disorder_rule": "classic"``
in a phase document; SET CD RULE CLASSIC in a game).

The DATC's own answers follow the 2023 rulebook (tests/datc/test_datc.py); it says
its 6.J cases do not cover the older rules (4.D.8).  The classic rule, as the DATC's
version 2 read the 1971 and 1982 rulebooks: the unit farthest from the nearest home
supply centre goes first, an army counting adjacent areas whatever their kind (it
may be convoyed), a fleet its own moves; fleets before armies; then the English name
of the area.  The units kept below are worked out by that rule; where it keeps
another unit than the 2023 rule, the case says why.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from judge.rules.documents import adjudicate_document
from tests.datc.runner import load_cases, run_case

CLASSIC_KEEPS = {
    "6.J.2": ["bur"],  # Ukraine is farthest from Paris, Brest and Marseilles
    "6.J.3": ["pru"],  # both one step from a home centre (Livonia: St Petersburg,
    # Prussia: Warsaw); Livonia goes first by name (2023: Prussia, far from the owned one)
    "6.J.4": ["ukr"],
    "6.J.5": ["ska"],
    "6.J.6": ["bot"],  # the Gulf of Bothnia touches St Petersburg, a home centre; the
    # North Sea is two fleet moves away (2023: both three from Munich, Bothnia by name)
    "6.J.7": ["boh", "ska"],
    "6.J.8": ["bal"],
    "6.J.9": ["sev", "bal"],
    "6.J.9.b": ["sev", "ska"],
    "6.J.10": ["pie"],  # Piedmont touches Venice; Albania is two steps from a home
    # centre (2023: only Naples is owned, and Albania is nearer to it)
    "6.J.11": ["tus"],  # Tuscany touches Rome and Venice; Warsaw is far from home
    # (2023: a unit on a supply centre is kept)
}


def _classic_case(case: dict[str, Any]) -> dict[str, Any]:
    """The case with the units the classic rule keeps."""
    case = copy.deepcopy(case)
    step = case["steps"][-1]
    kept = CLASSIC_KEEPS[case["id"]]
    step["expect"]["units"] = [
        {"power": u["power"], "type": u["type"], "province": u["province"]}
        for u in step["units"]
        if u["province"] in kept
    ]
    return case


def _classic(doc: dict[str, Any]) -> dict[str, Any]:
    answer = adjudicate_document({**doc, "civil_disorder_rule": "classic"})
    assert answer["civil_disorder_rule"] == "classic"
    return answer


CASES = [c for c in load_cases() if c["id"] in CLASSIC_KEEPS]


@pytest.mark.parametrize("case", CASES, ids=[f"{c['id']}_classic" for c in CASES])
def test_6_J_classic(case: dict[str, Any]) -> None:
    run_case(_classic_case(case), _classic)


def test_the_classic_cases_are_all_the_disorder_cases() -> None:
    disorder = {c["id"] for c in load_cases() if c.get("civil_disorder_removal")}
    assert disorder == set(CLASSIC_KEEPS)


def test_an_unknown_rule_is_refused() -> None:
    from judge.rules.documents import DocumentError

    doc = {"variant": "standard", "phase": "W1901A", "civil_disorder_rule": "1971"}
    with pytest.raises(DocumentError, match="civil_disorder_rule"):
        adjudicate_document(doc)
