"""The end of a reply in an adjustment phase says which builds or removals are still
owed: 'Every unit has an order.' was printed to a power that had ordered nothing it owed."""

from __future__ import annotations

from judge.commands.reply import OrderReport, order_lines
from judge.orders.keys import OrderKey
from judge.rules.reading import TextOrderRules

# Winter 1901: France owns four centres with three units (one build), Germany three
# centres with four units (one removal).
WINTER = {
    "variant": "standard",
    "phase": "W1901A",
    "units": [
        {"power": "france", "type": "A", "province": "bel"},
        {"power": "france", "type": "A", "province": "por"},
        {"power": "france", "type": "F", "province": "bre"},
        {"power": "germany", "type": "A", "province": "ber"},
        {"power": "germany", "type": "A", "province": "mun"},
        {"power": "germany", "type": "F", "province": "kie"},
        {"power": "germany", "type": "A", "province": "ruh"},
    ],
    "supply_centers": {
        "france": ["bel", "bre", "mar", "por"],
        "germany": ["ber", "kie", "mun"],
    },
}


K = OrderKey.parse


def test_builds_and_removals_still_owed() -> None:
    rules = TextOrderRules()
    assert rules.unordered(WINTER, "france", set()) == ["1 build"]
    # a removal does not answer a build
    assert rules.unordered(WINTER, "france", {K("bel")}) == ["1 build"]
    assert rules.unordered(WINTER, "france", {K("build:mar")}) == []
    assert rules.unordered(WINTER, "france", {K("waive")}) == []
    assert rules.unordered(WINTER, "germany", set()) == ["1 removal"]
    assert rules.unordered(WINTER, "germany", {K("ruh")}) == []
    assert rules.unordered(WINTER, "england", set()) == []


def test_the_reply_names_what_is_owed_in_an_adjustment_phase() -> None:
    report = OrderReport("game1", "W1901A", "France", ["Remove A bel"], ["1 build"])
    assert order_lines(report)[-1] == "Adjustments not yet ordered: 1 build"
    report = OrderReport("game1", "S1902M", "France", ["A par - bur"], ["F bre"])
    assert order_lines(report)[-1] == "Units without orders: F bre"
