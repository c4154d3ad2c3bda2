"""The DATC (6.A-6.J) through the multiverse path: every case as a one-timeline world.

Each standard phase document of a case is turned into a world document with one
board, adjudicated by :func:`judge.rules.multiverse.json_io.adjudicate_world_document`,
and compared with the same expectations as the standard run.

Cases marked ``civil_disorder_removal`` (6.J.2-6.J.11) are left out: their expected
result is the unit the 2023 civil disorder rule removes, and the multiverse path
chooses missing removals with the world's seeded generator instead
(docs/multiverse.md, "Winter").
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.rules.multiverse.json_io import adjudicate_world_document
from tests.datc.runner import load_cases, run_case

BOARD_KEYS = ("phase", "units", "supply_centers", "dislodged", "contested")


def as_world(doc: dict[str, Any]) -> dict[str, Any]:
    """Adjudicate a standard phase document as a world of one board."""
    board = {"timeline": 1, **{k: doc[k] for k in BOARD_KEYS if k in doc}}
    if "supply_centers" not in board:
        from judge.variant.data import load_variant

        variant = load_variant(doc.get("variant", "standard"))
        board["supply_centers"] = {p: list(c) for p, c in variant.starting_centers.items()}
    world_doc = {"variant": doc.get("variant", "standard"), "boards": [board]}
    world_doc["orders"] = doc.get("orders", {})
    answer = adjudicate_world_document(world_doc)
    assert len(answer["boards"]) <= 2, "a one-timeline world never forks"
    return answer


CASES = [case for case in load_cases() if not case.get("civil_disorder_removal")]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_datc_case_as_one_timeline_world(case: dict[str, Any]) -> None:
    """The multiverse path gives the DATC's expected results."""
    run_case(case, as_world)
