"""Run a transcribed DATC case (tests/datc/cases/6_*.json) through an adjudication function."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

CASES_DIR = Path(__file__).parent / "cases"


def load_cases() -> list[dict[str, Any]]:
    """Every transcribed case, in document order."""
    cases = []
    for path in sorted(CASES_DIR.glob("6_*.json")):
        cases.extend(json.loads(path.read_text(encoding="utf-8")))
    return cases


def case_test_name(case_id: str) -> str:
    """The test function name of a case: ``6.B.9`` → ``test_6_B_9``."""
    return "test_" + case_id.replace(".", "_")


def _units(entries: list[dict[str, Any]]) -> set[tuple[str, str, str]]:
    return {(u["power"], u["type"], u["province"]) for u in entries}


def _dislodged(entries: list[dict[str, Any]]) -> set[tuple]:
    return {
        (u["power"], u["type"], u["province"], tuple(sorted(u.get("retreat_options", []))))
        for u in entries
    }


def run_case(case: dict[str, Any], adjudicate: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    """Play every step of ``case`` and assert the DATC's expected outcome."""
    previous: dict[str, Any] | None = None
    for number, step in enumerate(case["steps"], start=1):
        doc: dict[str, Any] = {"variant": "standard", "phase": step["phase"]}
        if previous is None:
            doc["units"] = step["units"]
            if "supply_centers" in step:
                doc["supply_centers"] = step["supply_centers"]
        else:
            doc["units"] = previous["units"]
            doc["supply_centers"] = previous["supply_centers"]
            if step["phase"].endswith("R"):
                doc["dislodged"] = previous["dislodged"]
                doc["contested"] = previous["contested"]
        doc["orders"] = step["orders"]
        answer = adjudicate(doc)
        where = f"{case['id']} step {number}"
        expect = step["expect"]
        got: dict[tuple[str, str], list[tuple[str, str | None]]] = {}
        for o in answer["orders"]:
            got.setdefault((o["power"], o["text"]), []).append((o["result"], o["reason"]))
        for order in expect["orders"]:
            key = (order["power"], order["text"])
            assert got.get(key), f"{where}: no result for {key}"
            result, reason = got[key].pop(0)
            assert result == order["result"], (
                f"{where}: {order['power']} '{order['text']}' {result} ({reason}),"
                f" expected {order['result']}"
            )
            if "reason" in order:
                assert reason == order["reason"], (
                    f"{where}: {order['power']} '{order['text']}' {result} ({reason}),"
                    f" expected the reason {order['reason']!r}"
                )
        assert _units(answer["units"]) == _units(expect["units"]), f"{where}: units after"
        assert _dislodged(answer["dislodged"]) == _dislodged(expect["dislodged"]), (
            f"{where}: dislodged units and retreat options"
        )
        previous = answer
