"""Colonial Diplomacy's special rules (judge/rules/colonial.py), one case per reading
of docs/variants.md, DATC style: a position, the orders, the expected result, all
through ``judge adjudicate`` documents of ``"variant": "colonial"``."""

from __future__ import annotations

from typing import Any

import pytest

from judge.rules.colonial import CanalMove, CanalPermission, ColonialRuleset
from judge.rules.registry import adjudicate, ruleset_for
from judge.variant.data import load_variant

VARIANT = load_variant("colonial")


def unit(text: str) -> dict[str, str]:
    """``"britain F egy"`` as a unit entry of a document."""
    power, kind, province = text.split()
    return {"power": power, "type": kind, "province": province}


def judge(
    units: list[str],
    orders: dict[str, list[str]],
    phase: str = "S1870M",
    centres: dict[str, list[str]] | None = None,
) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "variant": "colonial",
        "phase": phase,
        "units": [unit(u) for u in units],
        "orders": orders,
    }
    if centres is not None:
        doc["supply_centers"] = centres
    return adjudicate(doc)


def results(answer: dict[str, Any]) -> dict[str, tuple[str, str | None]]:
    """Each order as written -> (result, reason)."""
    return {o["text"]: (o["result"], o["reason"]) for o in answer["orders"]}


def where(answer: dict[str, Any]) -> dict[str, str]:
    """Province -> power of each unit after the phase."""
    return {u["province"]: u["power"] for u in answer["units"]}


def test_the_colonial_variant_is_played_by_the_colonial_rules() -> None:
    assert VARIANT.rules == "colonial"
    assert isinstance(ruleset_for("colonial"), ColonialRuleset)
    engine = ruleset_for("colonial").engine
    assert engine.order_kind("canal_move") is CanalMove
    assert engine.order_kind("canal_permission") is CanalPermission


# ------------------------------------------------------------------ Hong Kong

# 30 centres other than Hong Kong, and 29 of them.
OTHER_CENTRES = sorted(c for c in VARIANT.supply_centers if c != "hk")


def test_HK_1_hong_kong_counts_for_britain_and_any_power_but_china() -> None:
    centres = {"britain": ["hk", "bom"], "france": ["ann"]}
    answer = judge(["britain F hk"], {}, centres=centres)
    assert answer["center_counts"] == {"britain": 2, "france": 1}
    answer = judge(["france F hk"], {}, centres={"france": ["hk", "ann"]})
    assert answer["center_counts"] == {"france": 2}


def test_HK_1_hong_kong_held_by_china_counts_for_nobody_but_is_listed_under_china() -> None:
    answer = judge(
        ["britain F sig", "china A can"],
        {"china": ["A Can - Hk"]},
        phase="F1870M",
        centres={"britain": ["hk", "sig"], "china": ["can"]},
    )
    assert results(answer)["A Can - Hk"] == ("succeeds", None)
    assert answer["supply_centers"]["china"] == ["can", "hk"]
    assert answer["center_counts"] == {"britain": 1, "china": 1}
    ruleset = ruleset_for("colonial")
    assert ruleset.centre_counts(answer) == {"britain": 1, "china": 1}


def test_HK_1_china_gets_no_build_for_hong_kong() -> None:
    ruleset = ruleset_for("colonial")
    doc = {
        "variant": "colonial",
        "phase": "W1870A",
        "units": [unit("china A pek")],
        "supply_centers": {"china": ["pek", "hk"], "britain": ["bom"]},
    }
    owed = ruleset.owed(doc)
    assert "china" not in owed  # one counted centre, one unit
    assert [(o.key, o.count) for o in owed["britain"]] == [("build", 1)]
    doc["orders"] = {"china": ["Build A can"]}
    doc["supply_centers"]["china"].append("can")
    # With Canton too: one build (for Canton), never a second for Hong Kong.
    assert [(o.key, o.count) for o in ruleset.owed(doc)["china"]] == [("build", 1)]
    answer = adjudicate(
        {
            **doc,
            "orders": {"china": ["Build A can", "Build A sha"]},
            "supply_centers": {"china": ["pek", "hk", "can", "sha"]},
        }
    )
    built = [u for u in answer["units"] if u["power"] == "china"]
    assert len(built) == 3  # two counted centres more than its one unit


def test_HK_1_china_with_more_units_than_counted_centres_removes_one() -> None:
    ruleset = ruleset_for("colonial")
    doc = {
        "variant": "colonial",
        "phase": "W1870A",
        "units": [unit("china A pek"), unit("china A hk")],
        "supply_centers": {"china": ["pek", "hk"]},
    }
    assert [(o.key, o.count) for o in ruleset.owed(doc)["china"]] == [("remove", 1)]


def test_HK_1_china_holding_hong_kong_may_order_the_removal_it_owes_by_mail() -> None:
    ruleset = ruleset_for("colonial")
    doc = {
        "variant": "colonial",
        "phase": "W1870A",
        "units": [unit("china A pek"), unit("china A hk")],
        "supply_centers": {"china": ["pek", "hk"]},
    }
    (removal,) = ruleset.check_orders(doc, "china", ["Remove A pek"])
    assert removal.ok, removal.message
    doc["units"] = [unit("china A pek")]
    doc["supply_centers"] = {"china": ["pek", "hk"]}
    (build,) = ruleset.check_orders(doc, "china", ["Build A can"])
    assert not build.ok
    assert "no builds" in build.message


def test_HK_1_only_britain_builds_in_hong_kong_and_only_while_it_owns_it() -> None:
    doc = {"variant": "colonial", "phase": "W1870A", "units": []}
    answer = adjudicate(
        {**doc, "supply_centers": {"britain": ["hk"]}, "orders": {"britain": ["Build F hk"]}}
    )
    assert results(answer)["Build F hk"] == ("succeeds", None)
    answer = adjudicate(
        {
            **doc,
            "supply_centers": {"britain": ["bom"], "france": ["hk"]},
            "orders": {"britain": ["Build F hk"], "france": ["Build F hk"]},
        }
    )
    found = [(o["power"], o["result"], o["reason"]) for o in answer["orders"]]
    assert found == [
        ("britain", "invalid", "you do not own Hong Kong"),
        ("france", "invalid", "Hong Kong is not one of your home centres"),
    ]


def _fall_with(centres: dict[str, list[str]], units: list[str], phase: str = "F1870M"):
    return judge(units, {}, phase=phase, centres=centres)


def test_HK_2_victory_is_30_counted_centres_after_a_fall_phase() -> None:
    thirty = ["hk", *OTHER_CENTRES[:29]]
    answer = _fall_with({"britain": thirty}, ["britain A hk"])
    assert answer["center_counts"] == {"britain": 30}
    assert answer["winner"] == "britain"
    answer = _fall_with({"britain": thirty[:-1]}, ["britain A hk"])
    assert "winner" not in answer


def test_HK_2_hong_kong_never_counts_towards_chinas_victory() -> None:
    china = ["hk", *OTHER_CENTRES[:29]]
    answer = _fall_with({"china": china}, ["china A hk"])
    assert answer["center_counts"] == {"china": 29}
    assert "winner" not in answer  # the standard count (30 centres) would name China
    answer = _fall_with({"china": china + [OTHER_CENTRES[29]]}, ["china A hk"])
    assert answer["winner"] == "china"


def test_HK_2_victory_is_checked_only_at_the_end_of_a_fall_turn() -> None:
    thirty = ["hk", *OTHER_CENTRES[:29]]
    assert "winner" not in _fall_with({"britain": thirty}, ["britain A hk"], phase="S1871M")
    # Fall movement followed by retreats: decided after the retreats.
    answer = judge(
        ["britain A mad", "france A syr", "france A mec", "turkey A egy"],
        {"france": ["A Syr - Egy", "A Mec S A Syr - Egy"]},
        phase="F1870M",
        centres={"britain": thirty},
    )
    assert answer["next_phase"] == "F1870R"
    assert "winner" not in answer
    retreat = {
        "variant": "colonial",
        "phase": "F1870R",
        "units": [unit("britain A mad")],
        "supply_centers": {"britain": thirty},
    }
    assert adjudicate(retreat)["winner"] == "britain"


# ---------------------------------------------------------------- Suez Canal


def test_SUEZ_1_only_fleets_pass_the_canal_and_nothing_else_crosses_it() -> None:
    answer = judge(
        ["turkey F reds", "turkey F meds", "britain F egy", "russia F con"],
        {
            "turkey": ["F Reds S F Con - Meds", "F Meds C A Egy - Reds"],
        },
    )
    found = results(answer)
    assert found["F Reds S F Con - Meds"] == (
        "invalid",
        "the supporting unit cannot reach that area",
    )
    assert found["F Meds C A Egy - Reds"][0] == "invalid"


def test_SUEZ_1_no_retreat_through_the_canal() -> None:
    answer = judge(
        ["turkey F reds", "britain F egy", "britain F ade", "britain F eri"],
        {"britain": ["F Ade - Reds", "F Eri S F Ade - Reds"]},
    )
    (dislodged,) = answer["dislodged"]
    assert dislodged["province"] == "reds"
    assert "meds" not in dislodged["retreat_options"]


def test_SUEZ_2_a_fleet_passes_with_the_permission_of_the_unit_in_egypt() -> None:
    answer = judge(
        ["france F reds", "britain F egy"],
        {"france": ["F Reds - Meds"], "britain": ["F Egy S F Reds - Meds"]},
    )
    assert results(answer)["F Reds - Meds"] == ("succeeds", None)
    assert where(answer)["meds"] == "france"
    assert answer["orders"][0]["order"] == "F reds - meds"


def test_SUEZ_2_an_army_in_egypt_gives_permission_too() -> None:
    answer = judge(
        ["france F meds", "britain A egy"],
        {"france": ["F Meds - Reds"], "britain": ["A Egy S F Meds - Reds"]},
    )
    found = results(answer)
    assert found["F Meds - Reds"] == ("succeeds", None)
    assert found["A Egy S F Meds - Reds"] == ("succeeds", None)
    assert answer["orders"][1]["order"] == "A egy S F meds - reds"


@pytest.mark.parametrize(
    ("egypt", "why"),
    [
        ([], "no unit in Egypt"),
        (["britain F egy"], "the unit in Egypt gives no permission"),
        (["britain A egy"], "the unit in Egypt holds"),
    ],
)
def test_SUEZ_6_without_permission_the_canal_move_is_void_and_the_fleet_holds(
    egypt: list[str], why: str
) -> None:
    answer = judge(["france F reds", *egypt], {"france": ["F Reds - Meds"]})
    assert results(answer)["F Reds - Meds"] == ("fails", "void"), why
    assert where(answer)["reds"] == "france"


def test_SUEZ_2_permission_for_another_move_is_no_permission() -> None:
    answer = judge(
        ["france F reds", "britain F egy", "britain F ade"],
        {"france": ["F Reds - Meds"], "britain": ["F Egy S F Ade - Reds"]},
    )
    assert results(answer)["F Reds - Meds"] == ("fails", "void")


def test_SUEZ_2_a_dislodged_egypt_unit_gives_no_permission() -> None:
    answer = judge(
        ["france F reds", "britain A egy", "turkey A syr", "turkey A mec"],
        {
            "france": ["F Reds - Meds"],
            "britain": ["A Egy S F Reds - Meds"],
            "turkey": ["A Syr - Egy", "A Mec S A Syr - Egy"],
        },
    )
    assert results(answer)["F Reds - Meds"] == ("fails", "void")
    assert where(answer)["reds"] == "france"
    assert answer["dislodged"][0]["province"] == "egy"


def test_SUEZ_3_the_owners_fleets_need_no_permission() -> None:
    answer = judge(["britain F reds", "britain A egy"], {"britain": ["F Reds - Meds"]})
    assert results(answer)["F Reds - Meds"] == ("succeeds", None)


def test_SUEZ_3_not_when_the_owners_egypt_unit_leaves() -> None:
    answer = judge(
        ["britain F reds", "britain A egy"], {"britain": ["F Reds - Meds", "A Egy - Sud"]}
    )
    assert results(answer)["F Reds - Meds"] == ("fails", "void")


def test_SUEZ_3_an_egypt_unit_that_tries_to_leave_and_bounces_still_permits() -> None:
    answer = judge(
        ["britain F reds", "britain A egy", "france A sud"],
        {"britain": ["F Reds - Meds", "A Egy - Sud"]},
    )
    found = results(answer)
    assert found["A Egy - Sud"] == ("fails", "bounced")
    assert found["F Reds - Meds"] == ("succeeds", None)


def test_SUEZ_3_not_when_the_owners_egypt_unit_is_dislodged() -> None:
    answer = judge(
        ["britain F reds", "britain A egy", "turkey A syr", "turkey A mec"],
        {"britain": ["F Reds - Meds"], "turkey": ["A Syr - Egy", "A Mec S A Syr - Egy"]},
    )
    assert results(answer)["F Reds - Meds"] == ("fails", "void")


def test_SUEZ_4_a_fleet_in_egypt_adds_strength_with_its_permission() -> None:
    answer = judge(
        ["france F reds", "britain F egy", "turkey F meds"],
        {"france": ["F Reds - Meds"], "britain": ["F Egy S F Reds - Meds"]},
    )
    assert results(answer)["F Reds - Meds"] == ("succeeds", None)
    assert answer["dislodged"][0]["province"] == "meds"


def test_SUEZ_4_an_army_in_egypt_gives_permission_only() -> None:
    answer = judge(
        ["france F reds", "britain A egy", "turkey F meds"],
        {"france": ["F Reds - Meds"], "britain": ["A Egy S F Reds - Meds"]},
    )
    assert results(answer)["F Reds - Meds"] == ("fails", "bounced")  # permitted, too weak
    assert answer["dislodged"] == []


def test_SUEZ_5_a_cut_permission_support_keeps_the_permission() -> None:
    answer = judge(
        ["france F reds", "britain F egy", "turkey A syr"],
        {
            "france": ["F Reds - Meds"],
            "britain": ["F Egy S F Reds - Meds"],
            "turkey": ["A Syr - Egy"],
        },
    )
    found = results(answer)
    assert found["F Egy S F Reds - Meds"] == ("fails", "cut")
    assert found["F Reds - Meds"] == ("succeeds", None)


def test_SUEZ_5_a_cut_permission_gives_no_strength() -> None:
    answer = judge(
        ["france F reds", "britain F egy", "turkey A syr", "turkey F meds"],
        {
            "france": ["F Reds - Meds"],
            "britain": ["F Egy S F Reds - Meds"],
            "turkey": ["A Syr - Egy"],
        },
    )
    assert results(answer)["F Reds - Meds"] == ("fails", "bounced")


def test_SUEZ_6_a_void_canal_move_stands_off_nobody() -> None:
    answer = judge(
        ["france F reds", "russia F con"],
        {"france": ["F Reds - Meds"], "russia": ["F Con - Meds"]},
    )
    found = results(answer)
    assert found["F Reds - Meds"] == ("fails", "void")
    assert found["F Con - Meds"] == ("succeeds", None)
    assert answer["contested"] == []


def test_SUEZ_6_others_may_support_a_permitted_canal_move_into_its_sea() -> None:
    answer = judge(
        ["britain F reds", "britain A egy", "britain F con", "turkey F meds"],
        {"britain": ["F Reds - Meds", "F Con S F Reds - Meds"]},
    )
    assert results(answer)["F Reds - Meds"] == ("succeeds", None)


def test_SUEZ_7_canal_moves_in_opposite_directions_meet_head_to_head() -> None:
    answer = judge(
        ["britain F reds", "britain F meds", "britain A egy"],
        {"britain": ["F Reds - Meds", "F Meds - Reds"]},
    )
    found = results(answer)
    assert found["F Reds - Meds"] == ("fails", "bounced")
    assert found["F Meds - Reds"] == ("fails", "bounced")


def test_SUEZ_7_a_canal_move_and_a_standoff_in_its_sea() -> None:
    answer = judge(
        ["britain F reds", "britain A egy", "russia F con"],
        {"britain": ["F Reds - Meds"], "russia": ["F Con - Meds"]},
    )
    assert results(answer)["F Reds - Meds"] == ("fails", "bounced")
    assert answer["contested"] == ["meds"]


# ---------------------------------------------------- Trans-Siberian Railroad


@pytest.mark.parametrize(
    "text",
    [
        "A Mos - TSR - Vla",
        "A Mos-TSR-Vla",
        "Army Moscow via TSR to Vladivostok",
        # the rail named after the station, or in words
        "A Mos-Vla via TSR",
        "A Mos - Vla by rail",
        "A Mos by rail to Vla",
        "A Mos via railroad to Vla",
        # "the" before the railroad's name, as at the end (a player's full names)
        "Army Moscow via the TSR to Vladivostok",
        "Army Moscow via the Trans-Siberian Railroad to Vladivostok",
        "army moscow by the rail to vladivostok",
        # the railroad's full name (special_rules.toml), and without signs
        "A Moscow - Trans Siberian Railway - Vladivostok",
        "A Mos - Trans-Siberian Railroad - Vla",
        "A Mos - Vla via Trans Siberian Railroad",
        "A Mos TSR Vla",
        "A Mos - TSR Vla",
        "- A Mos - TSR - Vla",
    ],
)
def test_TSR_1_a_russian_army_on_a_station_travels_by_rail(text: str) -> None:
    answer = judge(["russia A mos"], {"russia": [text]})
    (order,) = answer["orders"]
    assert (order["order"], order["result"]) == ("A mos - TSR - vla", "succeeds")
    assert where(answer) == {"vla": "russia"}


def test_TSR_1_a_rail_move_misread_names_the_word_written() -> None:
    """A rail move begun with "by" and no railroad's name was refused "after 'via'",
    a word the player never wrote."""
    from judge.rules.registry import ruleset_for

    rules = ruleset_for("colonial")
    doc = rules.starting_position("colonial")
    [check] = rules.check_orders(doc, "russia", ["Army Moscow by train to Vladivostok"])
    assert check.message == (
        "Army Moscow by train to Vladivostok: expected 'TSR' after 'by': A Mos via TSR to Vla"
    )


@pytest.mark.parametrize(
    ("units", "power", "text", "reason"),
    [
        (["china A irk"], "china", "A Irk - TSR - Mos", "only a Russian army"),
        (["russia F ode"], "russia", "F Ode - TSR - Vla", "only a Russian army"),
        (["russia A ore"], "russia", "A Ore - TSR - Vla", "not on a station"),
        (["russia A mos"], "russia", "A Mos - TSR - Ore", "does not go there"),
        (["russia A mos"], "russia", "A Mos - TSR - Mos", "cannot move to where it is"),
    ],
)
def test_TSR_1_only_russian_armies_from_a_station_to_a_station(
    units: list[str], power: str, text: str, reason: str
) -> None:
    (order,) = judge(units, {power: [text]})["orders"]
    assert order["result"] == "invalid"
    assert reason in order["reason"]


def test_TSR_1_no_retreat_by_rail() -> None:
    doc = {
        "variant": "colonial",
        "phase": "S1870R",
        "units": [unit("china A mos")],
        "dislodged": [unit("russia A prm") | {"attacker_from": "mos"}],
        "orders": {"russia": ["A Prm - TSR - Vla"]},
    }
    (order,) = adjudicate(doc)["orders"]
    assert order["result"] == "invalid"


def test_TSR_2_russian_units_never_block_the_train() -> None:
    answer = judge(
        ["russia A mos", "russia A oms", "russia A kra", "china A irk"],
        {"russia": ["A Mos - TSR - Vla", "A Kra - Irk"], "china": ["A Irk - Mac"]},
    )
    found = results(answer)
    assert found["A Mos - TSR - Vla"] == ("succeeds", None)
    assert found["A Kra - Irk"] == ("succeeds", None)
    assert where(answer)["vla"] == "russia"


def test_TSR_3_a_foreign_unit_that_stays_on_the_way_blocks_the_train() -> None:
    answer = judge(["russia A mos", "china A kra"], {"russia": ["A Mos - TSR - Vla"]})
    assert results(answer)["A Mos - TSR - Vla"] == ("fails", "blocked")
    assert where(answer) == {"oms": "russia", "kra": "china"}  # TSR-6: stops before


def test_TSR_3_a_foreign_unit_that_leaves_lets_the_train_pass() -> None:
    answer = judge(
        ["russia A mos", "china A kra"],
        {"russia": ["A Mos - TSR - Vla"], "china": ["A Kra - Sem"]},
    )
    assert results(answer)["A Mos - TSR - Vla"] == ("succeeds", None)
    assert where(answer) == {"vla": "russia", "sem": "china"}


def test_TSR_3_TSR_B9a_a_foreign_unit_ordered_off_the_railroad_passes_even_if_it_fails() -> None:
    # vDiplomacy's 'temporary leave': the Chinese army ordered to Semipalatinsk
    # bounces and stays in Krasnoyarsk, yet does not block: the train reaches
    # Vladivostok beyond it.
    answer = judge(
        ["russia A mos", "china A kra", "japan A sem"],
        {"russia": ["A Mos - TSR - Vla"], "china": ["A Kra - Sem"]},
    )
    found = results(answer)
    assert found["A Kra - Sem"] == ("fails", "bounced")
    assert found["A Mos - TSR - Vla"] == ("succeeds", None)
    assert where(answer) == {"vla": "russia", "kra": "china", "sem": "japan"}


def test_TSR_3_TSR_B9a_it_stands_off_at_the_destination_and_stops_beyond_the_unit() -> None:
    answer = judge(
        ["russia A irk", "china A oms", "britain A akm", "turkey A ode"],
        {"russia": ["A Irk - TSR - Mos"], "china": ["A Oms - Akm"], "turkey": ["A Ode - Mos"]},
    )
    found = results(answer)
    assert found["A Ode - Mos"] == ("fails", "bounced")
    assert found["A Irk - TSR - Mos"] == ("fails", "bounced")
    assert where(answer)["prm"] == "russia"  # TSR-6: the free station before Moscow


def test_TSR_3_TSR_B10_a_foreign_unit_that_holds_blocks_even_when_dislodged() -> None:
    answer = judge(
        ["russia A mos", "china A kra", "russia A akm", "russia A uru"],
        {"russia": ["A Mos - TSR - Vla", "A Akm - Kra", "A Uru S A Akm - Kra"]},
    )
    found = results(answer)
    assert found["A Mos - TSR - Vla"] == ("fails", "blocked")
    assert found["A Akm - Kra"] == ("succeeds", None)
    assert answer["dislodged"][0]["province"] == "kra"
    assert where(answer)["oms"] == "russia"


def test_TSR_3_TSR_B6a_a_foreign_unit_moving_back_along_the_railroad_blocks() -> None:
    # The Chinese army in Krasnoyarsk moves towards the train, to Omsk: it blocks
    # the train in Krasnoyarsk, though it bounces there; Vladivostok sees no train.
    answer = judge(
        ["russia A mos", "turkey A akm", "china A kra", "japan F okhs"],
        {
            "russia": ["A Mos - TSR - Vla"],
            "turkey": ["A Akm - Oms"],
            "china": ["A Kra - Oms"],
            "japan": ["F Okhs - Vla"],
        },
    )
    found = results(answer)
    assert found["A Mos - TSR - Vla"] == ("fails", "blocked")
    assert found["F Okhs - Vla"] == ("succeeds", None)
    assert where(answer)["prm"] == "russia"


def test_TSR_4_a_foreign_move_into_a_station_on_the_way_stands_off_with_the_train() -> None:
    # The rule book's own example: a stand-off in Krasnoyarsk, the Chinese army
    # bounces back to Mongolia, the Russian army stops in Omsk.
    answer = judge(
        ["russia A mos", "china A mon"],
        {"russia": ["A Mos - TSR - Vla"], "china": ["A Mon - Kra"]},
    )
    found = results(answer)
    assert found["A Mon - Kra"] == ("fails", "bounced")
    assert found["A Mos - TSR - Vla"] == ("fails", "blocked")
    assert where(answer) == {"oms": "russia", "mon": "china"}
    assert answer["contested"] == ["kra"]


def test_TSR_4_a_blocked_train_is_not_seen_beyond_the_block() -> None:
    # The train acts only up to where it is blocked: Krasnoyarsk and Vladivostok,
    # beyond the Chinese army holding Omsk, see no train.
    answer = judge(
        ["russia A mos", "china A oms", "china A mac", "japan A sem"],
        {
            "russia": ["A Mos - TSR - Vla"],
            "china": ["A Mac - Vla"],
            "japan": ["A Sem - Kra"],
        },
    )
    found = results(answer)
    assert found["A Mos - TSR - Vla"] == ("fails", "blocked")
    assert found["A Mac - Vla"] == ("succeeds", None)
    assert found["A Sem - Kra"] == ("succeeds", None)
    assert where(answer) == {"prm": "russia", "oms": "china", "vla": "china", "kra": "japan"}
    assert answer["contested"] == []


def test_TSR_4_a_train_blocked_on_the_way_does_not_stand_off_at_its_destination() -> None:
    # Issue 30's example: blocked by the Chinese army holding Omsk, the train stops in
    # Krasnoyarsk and the Turkish army enters the empty Moscow (vDiplomacy's TSR.B2a).
    answer = judge(
        ["russia A vla", "china A oms", "turkey A ode"],
        {"russia": ["A Vla - TSR - Mos"], "turkey": ["A Ode - Mos"]},
    )
    found = results(answer)
    assert found["A Vla - TSR - Mos"] == ("fails", "blocked")
    assert found["A Ode - Mos"] == ("succeeds", None)
    assert where(answer) == {"kra": "russia", "oms": "china", "mos": "turkey"}


def test_TSR_4_supports_for_a_blocked_train_add_nothing_at_its_destination() -> None:
    answer = judge(
        ["russia A vla", "russia A ore", "china A oms", "turkey A ode", "turkey A bak"],
        {
            "russia": ["A Vla - TSR - Mos", "A Ore S A Vla - Mos"],
            "turkey": ["A Ode - Mos", "A Bak S A Ode - Mos"],
        },
    )
    found = results(answer)
    assert found["A Ode - Mos"] == ("succeeds", None)
    assert found["A Vla - TSR - Mos"] == ("fails", "blocked")
    assert where(answer)["mos"] == "turkey"


def test_TSR_4_a_block_still_stands_off_at_the_blocked_station() -> None:
    # Blocked at Omsk by the Chinese army entering it; Krasnoyarsk beyond sees no
    # train, so the Japanese army gets in there.
    answer = judge(
        ["russia A mos", "china A akm", "japan A sem"],
        {"russia": ["A Mos - TSR - Vla"], "china": ["A Akm - Oms"], "japan": ["A Sem - Kra"]},
    )
    found = results(answer)
    assert found["A Akm - Oms"] == ("fails", "bounced")
    assert found["A Sem - Kra"] == ("succeeds", None)
    assert where(answer)["prm"] == "russia"


def test_TSR_3_TSR_D5_a_unit_ordered_off_the_railroad_does_not_block_the_chain_it_leads() -> None:
    # vDiplomacy's TSR.D5: the Chinese army in Omsk is ordered off the railroad, so
    # it does not block; the train stands off the other Chinese army at Krasnoyarsk,
    # so neither moves, and the train stops in Perm, the free station before Omsk.
    answer = judge(
        ["russia A mos", "china A oms", "china A akm", "turkey A ode"],
        {
            "russia": ["A Mos - TSR - Kra"],
            "china": ["A Oms - Akm", "A Akm - Kra"],
            "turkey": ["A Ode - Mos"],
        },
    )
    found = results(answer)
    assert found["A Oms - Akm"] == ("fails", "bounced")
    assert found["A Akm - Kra"] == ("fails", "bounced")
    assert found["A Ode - Mos"] == ("succeeds", None)
    assert where(answer)["prm"] == "russia"


def test_TSR_4_a_supported_foreign_move_gets_in_and_blocks_the_train() -> None:
    answer = judge(
        ["russia A mos", "china A akm", "china A sem"],
        {"russia": ["A Mos - TSR - Vla"], "china": ["A Akm - Kra", "A Sem S A Akm - Kra"]},
    )
    found = results(answer)
    assert found["A Akm - Kra"] == ("succeeds", None)
    assert found["A Mos - TSR - Vla"] == ("fails", "blocked")
    assert where(answer)["oms"] == "russia"


def test_TSR_4_TSR_B4a_a_standoff_of_foreign_units_on_the_way_does_not_block() -> None:
    # Neither army would get into Krasnoyarsk were there no train: the train passes
    # their standoff and reaches Vladivostok.
    answer = judge(
        ["russia A mos", "turkey A akm", "china A mon"],
        {"russia": ["A Mos - TSR - Vla"], "turkey": ["A Akm - Kra"], "china": ["A Mon - Kra"]},
    )
    found = results(answer)
    assert found["A Akm - Kra"] == ("fails", "bounced")
    assert found["A Mon - Kra"] == ("fails", "bounced")
    assert found["A Mos - TSR - Vla"] == ("succeeds", None)


def test_TSR_4_TSR_B8a_a_foreign_move_kept_out_by_a_russian_unit_does_not_block() -> None:
    answer = judge(
        ["russia A irk", "russia A oms", "britain A akm", "turkey A ode"],
        {"russia": ["A Irk - TSR - Mos"], "britain": ["A Akm - Oms"], "turkey": ["A Ode - Mos"]},
    )
    found = results(answer)
    assert found["A Akm - Oms"] == ("fails", "bounced")
    assert found["A Ode - Mos"] == ("fails", "bounced")  # the train reached Moscow
    assert where(answer)["prm"] == "russia"


def test_TSR_4_TSR_B11_a_foreign_move_stronger_than_a_russian_one_blocks() -> None:
    answer = judge(
        ["russia A prm", "russia A akm", "china A mon", "china A uru", "japan F okhs"],
        {
            "russia": ["A Prm - TSR - Vla", "A Akm - Kra"],
            "china": ["A Mon - Kra", "A Uru S A Mon - Kra"],
            "japan": ["F Okhs - Vla"],
        },
    )
    found = results(answer)
    assert found["A Mon - Kra"] == ("succeeds", None)
    assert found["F Okhs - Vla"] == ("succeeds", None)
    assert where(answer)["oms"] == "russia"


def test_TSR_4_russian_moves_into_a_station_on_the_way_are_not_hindered() -> None:
    answer = judge(
        ["russia A mos", "russia A akm"],
        {"russia": ["A Mos - TSR - Vla", "A Akm - Kra"]},
    )
    assert results(answer)["A Akm - Kra"] == ("succeeds", None)


def test_TSR_5_the_train_never_dislodges() -> None:
    answer = judge(
        ["russia A mos", "russia A irk", "china A vla"],
        {"russia": ["A Mos - TSR - Vla", "A Irk S A Mos - Vla"]},
    )
    assert results(answer)["A Mos - TSR - Vla"] == ("fails", "bounced")
    assert answer["dislodged"] == []
    assert where(answer)["kra"] == "russia"  # TSR-6: Irkutsk is held, so Krasnoyarsk


def test_TSR_5_the_train_enters_a_destination_its_unit_leaves() -> None:
    answer = judge(
        ["russia A mos", "china A vla"],
        {"russia": ["A Mos - TSR - Vla"], "china": ["A Vla - Seo"]},
    )
    assert results(answer)["A Mos - TSR - Vla"] == ("succeeds", None)


def test_TSR_5_the_train_never_cuts_support() -> None:
    answer = judge(
        ["russia A mos", "china A vla", "china A mac", "japan A seo"],
        {"russia": ["A Mos - TSR - Vla"], "china": ["A Mac - Seo", "A Vla S A Mac - Seo"]},
    )
    found = results(answer)
    assert found["A Vla S A Mac - Seo"] == ("succeeds", None)
    assert found["A Mac - Seo"] == ("succeeds", None)


def test_TSR_5_the_train_stands_off_in_its_destination_like_any_mover() -> None:
    answer = judge(
        ["russia A mos", "china A mac"],
        {"russia": ["A Mos - TSR - Vla"], "china": ["A Mac - Vla"]},
    )
    found = results(answer)
    assert found["A Mos - TSR - Vla"] == ("fails", "bounced")
    assert found["A Mac - Vla"] == ("fails", "bounced")
    assert answer["contested"] == ["vla"]
    assert where(answer)["irk"] == "russia"  # TSR-6: it stops before its destination


def test_TSR_6_a_train_refused_at_its_destination_stops_at_the_station_before() -> None:
    # The rule book: if the Chinese army stays in Vladivostok, the Russian army
    # ends up in Irkutsk.
    answer = judge(["russia A mos", "china A vla"], {"russia": ["A Mos - TSR - Vla"]})
    assert results(answer)["A Mos - TSR - Vla"] == ("fails", "bounced")
    assert where(answer) == {"irk": "russia", "vla": "china"}


def test_TSR_6_its_origin_is_free_once_the_train_stops_short() -> None:
    answer = judge(
        ["russia A mos", "china A oms", "turkey A ode"],
        {"russia": ["A Mos - TSR - Oms"], "turkey": ["A Ode - Mos"]},
    )
    found = results(answer)
    assert found["A Mos - TSR - Oms"] == ("fails", "bounced")
    assert found["A Ode - Mos"] == ("succeeds", None)
    assert where(answer) == {"prm": "russia", "oms": "china", "mos": "turkey"}


def test_TSR_5_with_its_supports_even_when_the_destination_stays_occupied() -> None:
    answer = judge(
        ["russia A mos", "russia A irk", "china A vla", "japan A seo", "japan A mac"],
        {
            "russia": ["A Mos - TSR - Vla", "A Irk S A Mos - Vla"],
            "japan": ["A Seo - Vla", "A Mac S A Seo - Vla"],
        },
    )
    found = results(answer)
    assert found["A Seo - Vla"] == ("fails", "bounced")  # 2 against the train's 2
    assert found["A Mos - TSR - Vla"] == ("fails", "bounced")
    assert answer["dislodged"] == []


def test_TSR_6_the_train_stops_before_a_station_another_unit_tried_to_enter() -> None:
    answer = judge(
        ["russia A mos", "china A kra", "china A ore"],
        {"russia": ["A Mos - TSR - Vla"], "china": ["A Ore - Oms"]},
    )
    found = results(answer)
    assert found["A Ore - Oms"] == ("fails", "bounced")
    assert found["A Mos - TSR - Vla"] == ("fails", "blocked")
    assert where(answer)["prm"] == "russia"


def test_TSR_6_the_train_stops_only_at_a_station_that_ends_the_turn_empty() -> None:
    answer = judge(
        ["russia A mos", "russia A prm", "china A oms"],
        {"russia": ["A Mos - TSR - Vla"]},
    )
    assert results(answer)["A Mos - TSR - Vla"] == ("fails", "blocked")
    assert where(answer)["mos"] == "russia"  # Perm is held: it stays in its origin


def test_TSR_7_a_support_for_a_rail_move_counts_only_at_its_destination() -> None:
    answer = judge(
        ["russia A mos", "russia A akm", "china A mac"],
        {"russia": ["A Mos - TSR - Vla", "A Akm S A Mos - Kra"], "china": ["A Mac - Vla"]},
    )
    found = results(answer)
    assert found["A Akm S A Mos - Kra"] == ("fails", "void")
    assert found["A Mos - TSR - Vla"] == ("fails", "bounced")


def test_TSR_8_a_foreign_unit_from_the_first_station_meets_the_train_head_to_head() -> None:
    answer = judge(
        ["russia A mos", "russia A irk", "china A prm", "china A ore"],
        {
            "russia": ["A Mos - TSR - Vla", "A Irk S A Mos - Vla"],
            "china": ["A Prm - Mos", "A Ore S A Prm - Mos"],
        },
    )
    found = results(answer)
    assert found["A Mos - TSR - Vla"][0] == "fails"
    assert found["A Irk S A Mos - Vla"] == ("fails", "void")
    assert found["A Prm - Mos"] == ("succeeds", None)
    assert answer["dislodged"][0]["province"] == "mos"


@pytest.mark.parametrize(
    "other", ["A Prm - Mos", "A Prm - TSR - Mos"], ids=["ordinary move", "rail move"]
)
def test_TSR_9_a_russian_unit_may_swap_places_with_the_train(other: str) -> None:
    answer = judge(["russia A mos", "russia A prm"], {"russia": ["A Mos - TSR - Prm", other]})
    assert [o["result"] for o in answer["orders"]] == ["succeeds", "succeeds"]
    assert where(answer) == {"mos": "russia", "prm": "russia"}
    assert answer["dislodged"] == []


def test_TSR_9_two_trains_pass_each_other_along_the_whole_line() -> None:
    answer = judge(
        ["russia A mos", "russia A vla"],
        {"russia": ["A Mos - TSR - Vla", "A Vla - TSR - Mos"]},
    )
    assert [o["result"] for o in answer["orders"]] == ["succeeds", "succeeds"]


def test_TSR_9_a_foreign_unit_does_not_swap_with_the_train() -> None:
    answer = judge(
        ["russia A mos", "china A prm"],
        {"russia": ["A Mos - TSR - Prm"], "china": ["A Prm - Mos"]},
    )
    assert [o["result"] for o in answer["orders"]] == ["fails", "fails"]
    assert where(answer) == {"mos": "russia", "prm": "china"}


def test_TSR_10_a_foreign_unit_moving_ahead_of_the_train_blocks_it_where_it_started() -> None:
    answer = judge(
        ["russia A mos", "china A oms", "china A akm"],
        {"russia": ["A Mos - TSR - Vla"], "china": ["A Oms - Kra", "A Akm S A Oms - Kra"]},
    )
    found = results(answer)
    assert found["A Oms - Kra"] == ("succeeds", None)
    assert found["A Mos - TSR - Vla"] == ("fails", "blocked")
    assert where(answer)["prm"] == "russia"  # not Omsk, which the Chinese army left


def test_TSR_10_a_foreign_unit_moving_behind_the_train_does_not_block_it() -> None:
    answer = judge(
        ["russia A mos", "china A oms"],
        {"russia": ["A Mos - TSR - Vla"], "china": ["A Oms - Ore"]},
    )
    assert results(answer)["A Mos - TSR - Vla"] == ("succeeds", None)


@pytest.mark.parametrize(
    "leader", ["A Kra - Mon", "A Kra - Sem"], ids=["leader gets out", "leader bounces"]
)
def test_TSR_10_a_move_chain_that_depends_on_the_train_blocks_it_where_the_chain_starts(
    leader: str,
) -> None:
    # The Turkish army follows the Chinese one out of Krasnoyarsk.  Whether it gets
    # in would depend on the train (strength 1 there) and the train's passing on it;
    # its attempt blocks the train in Krasnoyarsk either way (TSR-4), as vDiplomacy
    # decides (TSR.B3a, TSR.B3b), and the Turkish army stands off with the train.
    answer = judge(
        ["russia A prm", "turkey A akm", "china A kra", "russia A irk", "japan A sem"],
        {"russia": ["A Prm - TSR - Vla"], "turkey": ["A Akm - Kra"], "china": [leader]},
    )
    found = results(answer)
    assert found["A Prm - TSR - Vla"] == ("fails", "blocked")
    assert found["A Akm - Kra"] == ("fails", "bounced")
    assert where(answer)["oms"] == "russia"


def test_TSR_11_several_rail_moves_in_one_turn() -> None:
    answer = judge(
        ["russia A mos", "russia A vla"],
        {"russia": ["A Mos - TSR - Kra", "A Vla - TSR - Irk"]},
    )
    assert where(answer) == {"kra": "russia", "irk": "russia"}


def test_TSR_12_who_owns_the_stations_does_not_matter() -> None:
    answer = judge(
        ["russia A mos"],
        {"russia": ["A Mos - TSR - Vla"]},
        centres={"china": ["oms", "vla"], "russia": ["mos"]},
    )
    assert results(answer)["A Mos - TSR - Vla"] == ("succeeds", None)


# ------------------------------------------------------------------- a game


def test_a_colonial_game_reads_stores_and_reports_rail_and_canal_moves() -> None:
    from judge.reports.settings import ReportSettings
    from judge.rules.base import StoredOrder

    ruleset = ruleset_for("colonial")
    doc = ruleset.starting_position("colonial")
    doc["units"] += [unit("britain A egy"), unit("britain F reds")]
    written = {
        "russia": ["A Mos-TSR-Kra"],
        "britain": ["F Red Sea - Mediterranean Sea"],
    }
    orders = {}
    for power, lines in written.items():
        checks = ruleset.check_orders(doc, power, lines)
        assert all(c.ok for c in checks), [c.message for c in checks]
        orders[power] = [StoredOrder(c.canonical, c.order) for c in checks]
    step = ruleset.step_stored(doc, orders)
    assert [(o["data"]["kind"], o["result"]) for o in step.answer["orders"]] == [
        ("rail_move", "succeeds"),
        ("canal_move", "succeeds"),
    ]
    assert step.answer["center_counts"]["britain"] == 6
    _, text, _ = ruleset.render_results(step, VARIANT, ReportSettings(game="col"))
    assert "Russia:  Army Moscow -> Krasnoyarsk by rail." in text
    assert "Britain: Fleet Red Sea -> Mediterranean Sea through the Suez Canal." in text
    assert "Fleet Red Sea, No Order Processed" not in text


@pytest.mark.parametrize(
    "support",
    [
        "A Irk S A Mos - TSR - Vla",
        "A Irk S A Mos-TSR-Vla",
        "A Irk S A Moscow - Trans-Siberian Railroad - Vladivostok",
        "A Irk S A Mos - Vla via TSR",
        "A Irk supports A Mos by rail to Vla",
    ],
)
def test_TSR_7_a_support_may_name_the_railroad_as_the_rail_move_does(support: str) -> None:
    """A support written as the supported rail move is (njudge's info.colonial:
    "Movement to the destination can be supported as per any normal movement") is
    the support of the move to its station; it was refused ("expected a
    destination, found 'TSR'")."""
    answer = judge(
        ["russia A mos", "russia A irk", "china A mac"],
        {"russia": ["A Mos - TSR - Vla", support], "china": ["A Mac - Vla"]},
    )
    found = results(answer)
    assert found[support] == ("succeeds", None)
    assert found["A Mos - TSR - Vla"] == ("succeeds", None)
    assert where(answer)["vla"] == "russia"


def test_TSR_3_the_help_and_summary_say_a_unit_ordered_off_the_line_does_not_block() -> None:
    """TSR-3 (vDiplomacy's "temporary leave", TSR.B9a): a foreign unit on the way
    that is ordered to move elsewhere does not block the train, even if it fails to
    leave.  HELP TSR said "a foreign unit on the way blocks the train" and the
    variant's summary "a non-Russian unit on the way at the end of the turn blocks
    it", which that case contradicts."""
    from judge.variant.data import special_rules

    [form] = [f for f in ruleset_for("colonial").order_forms() if f.name == "rail move"]
    [summary] = [r["summary"] for r in special_rules(VARIANT.name) if "Railroad" in r["name"]]
    for text in (form.text, summary):
        assert "not ordered to move" in text
        assert "at the end of the turn blocks" not in text
