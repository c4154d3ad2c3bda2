"""The Root Z rules' examples of the cut (rules 4.2-4.4, 5.1) adjudicated on the generated
map with the standard rules: a document without players is the 14-power game."""

from __future__ import annotations

from typing import Any

from judge.rules.registry import adjudicate


def rootz_turn(units: list[tuple[str, str, str]], orders: dict[str, list[str]]) -> dict[str, Any]:
    doc = {
        "variant": "rootz",
        "phase": "S1901M",
        "units": [{"power": p, "type": t, "province": loc} for p, t, loc in units],
        "orders": orders,
    }
    return adjudicate(doc)


def results(answer: dict[str, Any]) -> dict[str, str]:
    return {o["order"]: o["result"] for o in answer["orders"]}


def test_rootz_rule_4_2_support_across_the_cut() -> None:
    # "A Mar1 S F GoL2-Pie2 has the same effect as A Mar S F GoL-Pie."
    answer = rootz_turn(
        [("france1", "A", "mar1"), ("france2", "F", "lyo2"), ("italy2", "A", "pie2")],
        {"france1": ["A Mar1 S F GoL2-Pie2"], "france2": ["F GoL2-Pie2"], "italy2": ["A Pie2 H"]},
    )
    assert results(answer)["F lyo2 - pie2"] == "succeeds"
    assert [(d["power"], d["province"]) for d in answer["dislodged"]] == [("italy2", "pie2")]


def test_rootz_rule_4_3_moves_over_different_borders_do_not_meet() -> None:
    # "A Mar1-Pie2 does not stand out F Pie1-Mar2."
    answer = rootz_turn(
        [("france1", "A", "mar1"), ("italy1", "F", "pie1")],
        {"france1": ["A Mar1-Pie2"], "italy1": ["F Pie1-Mar2"]},
    )
    assert results(answer) == {"A mar1 - pie2": "succeeds", "F pie1 - mar2": "succeeds"}
    # The same border crossed both ways is a head-to-head bounce, as on one board.
    answer = rootz_turn(
        [("france1", "A", "mar1"), ("italy2", "A", "pie2")],
        {"france1": ["A Mar1-Pie2"], "italy2": ["A Pie2-Mar1"]},
    )
    assert set(results(answer).values()) == {"fails"}


def test_rootz_rule_4_4_convoy_across_the_cut() -> None:
    # "F Wes2 C A Spa1-Tun2."
    answer = rootz_turn(
        [("france1", "A", "spa1"), ("england2", "F", "wes2")],
        {"france1": ["A Spa1-Tun2"], "england2": ["F Wes2 C A Spa1-Tun2"]},
    )
    assert results(answer) == {"A spa1 - tun2": "succeeds", "F wes2 C A spa1 - tun2": "succeeds"}
    assert ("france1", "A", "tun2") in {
        (u["power"], u["type"], u["province"]) for u in answer["units"]
    }


def test_rootz_rule_5_1_france1_can_dislodge_france2() -> None:
    answer = rootz_turn(
        [("france1", "A", "mar1"), ("france1", "F", "lyo2"), ("france2", "A", "pie2")],
        {"france1": ["A Mar1-Pie2", "F GoL2 S A Mar1-Pie2"], "france2": ["A Pie2 H"]},
    )
    assert results(answer)["A mar1 - pie2"] == "succeeds"
    assert [(d["power"], d["province"]) for d in answer["dislodged"]] == [("france2", "pie2")]
