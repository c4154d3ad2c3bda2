"""Root Z's unit labels in results (rule 2.1: ``1FA(Par)``) and the start mail of a
player holding two powers, both supplied by the Root Z ruleset (judge/rules/rootz.py);
standard reports and start mail are left as they were."""

from __future__ import annotations

from typing import Any

import pytest

from judge.reports import ReportSettings, render_start
from judge.rules.registry import ruleset_for
from judge.rules.rootz import unit_label
from judge.variant.data import load_variant

VARIANT = load_variant("rootz")
PLAYERS = {
    "france1+england2": ["france1", "england2"],
    "germany1+italy2": ["germany1", "italy2"],
}


def unit(power: str, kind: str, where: str) -> dict[str, str]:
    return {"power": power, "type": kind, "province": where}


def spring(units: list[dict[str, str]], orders: dict[str, list[str]], **extra: Any) -> dict:
    owned = {"france1": ["mar1", "par1"], "germany1": ["mun1"]}
    return {
        "variant": "rootz",
        "phase": "S1901M",
        "units": units,
        "supply_centers": owned,
        "orders": orders,
        **extra,
    }


def results(doc: dict) -> str:
    rules = ruleset_for("rootz")
    _, text, _ = rules.render_results(rules.step(doc), VARIANT, ReportSettings(game="rz"))
    return text


def position_part(text: str) -> str:
    return text.split("Unit positions:")[1].split("Supply centre ownership:")[0]


@pytest.mark.parametrize(
    ("power", "kind", "where", "label"),
    [
        ("france1", "A", "par1", "1FA(Par)"),  # rule 2.1's own examples
        ("germany2", "F", "kie2", "2GF(Kie)"),
        ("russia1", "F", "stp1/sc", "1RF(Stp/sc)"),
        ("france1", "A", "pie2", "1FA(Pie2)"),  # across the cut: the board is said
        ("italy2", "F", "lyo1", "2IF(Lyo1)"),
    ],
)
def test_rule_2_1_label_board_country_type_province(power, kind, where, label):
    assert unit_label(unit(power, kind, where), VARIANT) == label


def test_rule_2_1_results_label_each_unit_after_its_wording():
    doc = spring(
        [unit("france1", "A", "mar1"), unit("france1", "F", "bre1"), unit("italy2", "A", "ven2")],
        {"france1": ["A Mar1 - Pie2", "F Bre1 - Mao1"]},
        players=PLAYERS,
    )
    text = results(doc)
    position = position_part(text)
    assert "Army Piedmont 2 [1FA(Pie2)]" in position
    assert "Fleet Mid-Atlantic Ocean 1 [1FF(Mao)]" in position
    assert "Army Venice 2 [2IA(Ven)]" in position
    # the order lines keep their wording (mapping tools read them)
    before = text.split("Unit positions:")[0]
    assert "Army Marseilles 1 -> Piedmont 2." in before and "[" not in before


def test_rule_2_1_a_dislodged_unit_is_labelled_with_its_retreats():
    doc = spring(
        [
            unit("france1", "A", "mar1"),
            unit("germany1", "A", "bur1"),
            unit("germany1", "A", "gas1"),
        ],
        {"germany1": ["A Bur1 - Mar1", "A Gas1 S A Bur1 - Mar1"]},
        players=PLAYERS,
    )
    text = results(doc)
    dislodged = text.split("Dislodged units:")[1].split("Supply centre ownership:")[0]
    assert "Army Marseilles 1 [1FA(Mar)] can retreat to" in " ".join(dislodged.split())
    assert "Army Marseilles 1 [1GA(Mar)]" in position_part(text)


def test_rule_2_1_the_fourteen_player_game_is_labelled_too():
    text = results(spring([unit("turkey2", "F", "ank2")], {}))
    assert "Fleet Ankara 2 [2TF(Ank)]" in position_part(text)
    assert "Players (two powers each" not in text


def test_standard_results_have_no_labels():
    rules = ruleset_for("standard")
    doc = {
        "variant": "standard",
        "phase": "S1901M",
        "units": [unit("france", "A", "par"), unit("germany", "F", "kie")],
        "supply_centers": {"france": ["par"], "germany": ["kie"]},
        "orders": {"france": ["A Par - Bur"]},
    }
    _, text, html = rules.render_results(
        rules.step(doc), load_variant("standard"), ReportSettings(game="g")
    )
    assert "France: Army Burgundy." in " ".join(position_part(text).split())
    assert "[" not in text and "[" not in html


def test_rule_3_0_start_role_names_both_powers_in_the_variants_order():
    rules = ruleset_for("rootz")
    board = {"players": PLAYERS}
    assert rules.start_role(board, VARIANT, "england2") == "France 1 and England 2"
    assert rules.start_role(board, VARIANT, "france1") == "France 1 and England 2"
    assert rules.start_role(board, VARIANT, "turkey1") is None  # holds no pair
    assert rules.start_role({}, VARIANT, "france1") is None  # the 14-player game
    standard = load_variant("standard")
    assert ruleset_for("standard").start_role(board, standard, "france") is None


def test_start_mail_first_line_takes_the_rulesets_role():
    position = {"phase": "S1901M", "units": [unit("france1", "A", "par1")]}
    settings = ReportSettings(game="rz")
    role = ruleset_for("rootz").start_role({"players": PLAYERS}, VARIANT, "england2")
    _, text, _ = render_start(position, VARIANT, settings, role="england2", role_label=role)
    assert "You have been selected as France 1 and England 2 in game 'rz'" in text
    _, plain, _ = render_start(position, VARIANT, settings, role="england2")
    assert "You have been selected as England 2 in game 'rz'" in plain
