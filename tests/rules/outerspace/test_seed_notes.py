"""The seed's own notes, played through a first year by the ruleset's steps."""

from __future__ import annotations

from typing import Any

from judge.rules.base import Ruleset
from judge.rules.outerspace.documents import starting_document
from judge.rules.registry import ruleset_for
from judge.variant.empires import Empire

EMPIRES = [Empire.named("Alpha"), Empire.named("Beta")]


def _play(rules: Ruleset, doc: dict[str, Any], **orders: list[str]) -> dict[str, Any]:
    step = rules.step({**doc, "orders": orders})
    return step.after


def _units(doc: dict[str, Any], power: str) -> int:
    return sum(1 for u in doc["units"] if u["power"] == power)


def test_no_more_than_three_armies_after_the_first_years_growth() -> None:
    """Every centre owned after the first Fall has one of the empire's three armies
    standing on it, so no empire owns more centres than it has units, and none of
    those centres is empty: no first-year build is possible."""
    rules = ruleset_for("outerspace")
    doc = starting_document(EMPIRES)
    spring = _play(
        rules,
        doc,
        alpha=["A ORB - Par", "A ORB - Bre", "A ORB - Mar"],
        beta=["A ORB - Mun", "A ORB - Kie", "A ORB - Ber"],
    )
    assert spring["phase"] == "F1901M"
    fall = _play(
        rules,
        spring,
        alpha=["A Par COL", "A Bre COL", "A Mar COL"],
        beta=["A Mun H", "A Kie COL", "A Ber COL Pru"],
    )
    assert fall["supply_centers"] == {"alpha": ["bre", "mar", "par"], "beta": ["ber", "kie", "mun"]}
    assert fall["colonies"] == {"alpha": ["bre", "mar", "par"], "beta": ["kie", "pru"]}
    assert fall["phase"] == "S1902M"  # no builds: the winter is skipped
    assert _units(fall, "alpha") == 3 and _units(fall, "beta") == 3


def test_no_builds_without_a_colonized_centre() -> None:
    rules = ruleset_for("outerspace")
    winter = {
        **starting_document(EMPIRES),
        "phase": "W1901A",
        "units": [{"power": "alpha", "type": "A", "province": "bur"}],
        "supply_centers": {"alpha": ["par", "bre", "mar"]},
    }
    assert rules.owed(winter) == {}
    checks = rules.check_orders(winter, "alpha", ["Build A Par"])
    assert not checks[0].ok
    assert checks[0].message == (
        "Build A Par: Paris is not your colony: you build only in colonized centres"
    )
    colonized = {**winter, "colonies": {"alpha": ["par"], "beta": []}}
    assert [(o.key, o.count) for o in rules.owed(colonized)["alpha"]] == [("build", 1)]
    assert rules.check_orders(colonized, "alpha", ["Build A Par"])[0].ok
