"""A variant added from outside ``judge/`` (issue 27, "Done when"): five powers on the
standard map whose one special rule, "build in any supply centre you own" (godip's
Hundred variant builds so), is data (``hundred/data/variant.toml``) plus one
ruleset module (``hundred/ruleset.py``) overriding the engine's build-site hook.
It is installed by entry points, the way a package adds it, and played standard and
multiverse through the judge's own order checks, adjudication and reports."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from judge.reports.settings import ReportSettings
from judge.rules.base import Owed, StoredOrder
from judge.rules.registry import UnknownRules, adjudicate, ruleset_for, ruleset_named
from judge.variant.data import available_variants, load_variant
from judge.variant.plugins import RULESETS, VARIANTS, plugin

JUDGE = Path(__file__).resolve().parents[2] / "judge"

pytestmark = pytest.mark.usefixtures("hundred_installed")


def winter(variant: str) -> dict[str, Any]:
    """Winter 1901: France owns Belgium beside its three home centres, each of them
    held by its own unit; Germany owns its homes with one unit, in Munich."""
    return {
        "variant": variant,
        "phase": "W1901A",
        "units": [
            {"power": "france", "type": "A", "province": "par"},
            {"power": "france", "type": "A", "province": "mar"},
            {"power": "france", "type": "F", "province": "bre"},
            {"power": "germany", "type": "A", "province": "mun"},
        ],
        "dislodged": [],
        "contested": [],
        "supply_centers": {
            "france": ["bel", "bre", "mar", "par"],
            "germany": ["ber", "kie", "mun"],
        },
    }


def test_the_variant_and_its_rules_are_found_by_their_entry_points() -> None:
    variant = load_variant("hundred")
    assert (variant.rules, len(variant.powers)) == ("hundred", 5)
    assert "hundred" in available_variants()
    assert ruleset_for("hundred").engine.name == "hundred"


def test_a_build_in_an_owned_centre_is_checked_judged_and_reported() -> None:
    rules = ruleset_for("hundred")
    doc = winter("hundred")
    (check,) = rules.check_orders(doc, "france", ["Build A Bel"])
    assert (check.ok, check.canonical, check.key) == (True, "Build A bel", "build:bel")
    assert rules.owed(doc)["france"] == [Owed("build", "", 1)]
    step = rules.step_stored(doc, {"france": [StoredOrder(check.canonical, check.order)]})
    assert [(o["order"], o["result"]) for o in step.answer["orders"]] == [
        ("Build A bel", "succeeds")
    ]
    assert {"power": "france", "type": "A", "province": "bel"} in step.after["units"]
    _, text, _ = rules.render_results(step, load_variant("hundred"), ReportSettings(game="h"))
    assert "France:  Builds an army in Belgium." in text
    assert "Germany: 2 builds not used." in text


def test_judge_adjudicate_reads_a_document_of_the_variant_by_its_rules() -> None:
    answer = adjudicate({**winter("hundred"), "orders": {"france": ["Build A Bel"]}})
    assert [(o["order"], o["result"]) for o in answer["orders"]] == [("Build A bel", "succeeds")]


def test_the_builds_owed_count_the_free_owned_centres() -> None:
    doc = winter("hundred")
    doc["supply_centers"]["france"].append("spa")
    assert ruleset_for("hundred").owed(doc)["france"] == [Owed("build", "", 2)]
    assert ruleset_for("hundred").owed_builds(doc) == {"france": 2, "germany": 2}


def test_the_same_order_is_refused_by_the_standard_rules_with_their_reason() -> None:
    rules = ruleset_for("standard")
    doc = winter("standard")
    (check,) = rules.check_orders(doc, "france", ["Build A Bel"])
    assert (check.ok, check.message) == (
        False,
        "Build A Bel: Belgium is not one of your home centres",
    )
    assert "france" not in rules.owed(doc)  # no free home centre: nothing owed


def test_a_build_outside_the_owned_centres_says_why() -> None:
    rules = ruleset_for("hundred")
    doc = winter("hundred")
    doc["units"].append({"power": "germany", "type": "A", "province": "bel"})
    doc["supply_centers"]["germany"].append("hol")
    messages = [
        check.message
        for check in rules.check_orders(
            doc, "france", ["Build A Hol", "Build A Bel", "Build A Bur"]
        )
    ]
    assert messages == [
        "Build A Hol: you do not own Holland",
        "Build A Bel: Belgium is occupied",
        "Build A Bur: Burgundy is not a supply centre",
    ]


def world_winter(variant: str) -> dict[str, Any]:
    """The same winter as one board of a multiverse world."""
    board = winter(variant)
    return {
        "variant": variant,
        "rules": {"adjacency": "loose", "seed": 0},
        "iteration": 0,
        "boards": [
            {
                "timeline": 1,
                "phase": "W1901A",
                "units": board["units"],
                "supply_centers": board["supply_centers"],
                "child_timelines": [],
            }
        ],
        "history": [],
        "active_boards": [{"timeline": 1, "phase": "W1901A"}],
    }


def test_the_multiverse_builds_in_an_owned_centre_on_a_winter_board() -> None:
    rules = ruleset_for("hundred", "multiverse")
    doc = world_winter("hundred")
    assert rules.owed(doc)["france"][0].count == 1
    (check,) = rules.check_orders(doc, "france", ["Build A 1:bel:W1901"])
    assert check.ok, check.message
    step = rules.step_stored(
        copy.deepcopy(doc), {"france": [StoredOrder(check.canonical, check.order)]}
    )
    (spring,) = [b for b in step.after["boards"] if b["phase"] == "S1902M"]
    assert {"power": "france", "type": "A", "province": "bel"} in spring["units"]


def test_the_standard_multiverse_refuses_it_with_the_boards_name() -> None:
    rules = ruleset_for("standard", "multiverse")
    (check,) = rules.check_orders(world_winter("standard"), "france", ["Build A 1:bel:W1901"])
    assert check.message == (
        "Build A 1:bel:W1901: on timeline 1, W1901 Belgium is not one of your home centres"
    )


def test_a_built_in_name_is_never_taken_by_a_plugin() -> None:
    with pytest.raises(UnknownRules, match="hundred"):
        ruleset_named("no-such-rules")
    assert plugin(RULESETS, "standard") is None and plugin(VARIANTS, "standard") is None


def test_the_plugin_touches_no_file_of_judge() -> None:
    """Nothing under judge/ names the variant, its rules or its module: it is added
    from outside (prose may say "a few hundred orders")."""
    names = ('"hundred"', "'hundred'", "hundredruleset", "rules_plugin")
    named = [
        path.relative_to(JUDGE.parent)
        for path in JUDGE.rglob("*")
        if path.is_file()
        and path.suffix in (".py", ".toml", ".json", ".md", ".txt")
        and any(name in path.read_text(encoding="utf-8").lower() for name in names)
    ]
    assert named == []
