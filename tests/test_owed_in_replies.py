"""The end of a reply in an adjustment phase says which builds or removals are still
owed: 'Every unit has an order.' was printed to a power that had ordered nothing it owed."""

from __future__ import annotations

from judge.commands.reply import OrderReport, order_lines
from judge.orders.keys import OrderKey
from judge.rules.registry import ruleset_for

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
    rules = ruleset_for("standard")
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


def test_builds_owed_per_board_are_answered_by_orders_on_that_board() -> None:
    """Issue 26 item 1: a multiverse power owes builds per winter board; a build on
    one board does not answer those of another, a waive answers any."""
    from judge.engine.phase import Turn
    from judge.rules.base import Owed, unanswered

    one, two = (1, Turn.parse("W1901")), (2, Turn.parse("W1901"))
    owed = [
        Owed("build", "on timeline 1, W1901", 2, one),
        Owed("build", "on timeline 2, W1901", 1, two),
    ]
    assert unanswered(owed, set()) == [
        "2 builds on timeline 1, W1901",
        "1 build on timeline 2, W1901",
    ]
    built = {K("build:1:ber:W1901")}
    assert unanswered(owed, built) == [
        "1 build on timeline 1, W1901",
        "1 build on timeline 2, W1901",
    ]
    assert unanswered(owed, built | {K("waive")}) == ["1 build on timeline 2, W1901"]


def test_a_reply_names_units_and_builds_apart_in_a_mixed_turn() -> None:
    report = OrderReport(
        "demo",
        "W1901M",
        "Germany",
        ["A 2:kie:F1901 H"],
        ["A 2:tyr:F1901", "1 build on timeline 1, W1901"],
    )
    assert order_lines(report)[-2:] == [
        "Units without orders: A 2:tyr:F1901",
        "Adjustments not yet ordered: 1 build on timeline 1, W1901",
    ]
