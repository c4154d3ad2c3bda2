"""Multiverse Colonial: the Trans-Siberian Railroad and the Suez Canal act within one
board (the board rules read, store and resolve them); across boards only the
standard multiverse moves exist."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from judge.engine.orders import Move
from judge.rules.multiverse.basemap import base_map_for
from judge.rules.multiverse.board_orders import has_board_orders
from judge.rules.registry import adjudicate, ruleset_for

RULESET = ruleset_for("colonial", "multiverse")


def start(extra: list[dict[str, str]]) -> dict[str, Any]:
    doc = RULESET.starting_position("colonial")
    doc["boards"][0]["units"] += extra
    return doc


def later(answer: dict[str, Any]) -> dict[str, Any]:
    """The world after a step, as the next turn's document."""
    return {k: answer[k] for k in ("variant", "rules", "iteration", "boards", "history")}


def units(answer: dict[str, Any], phase: str, power: str, timeline: int = 1) -> list[str]:
    (board,) = [b for b in answer["boards"] if (b["timeline"], b["phase"]) == (timeline, phase)]
    return sorted(u["province"] for u in board["units"] if u["power"] == power)


def given(answer: dict[str, Any]) -> dict[str, tuple[str, str, str | None]]:
    """Each submitted order as written -> (canonical, result, reason)."""
    return {
        o["text"]: (o["order"], o["result"], o["reason"])
        for o in answer["orders"]
        if o["judged"] == "new"
    }


BRITISH_CANAL = [
    {"power": "britain", "type": "A", "province": "egy"},
    {"power": "britain", "type": "F", "province": "reds"},
]


def test_a_rail_move_and_a_canal_move_on_one_board() -> None:
    doc = start(BRITISH_CANAL)
    doc["orders"] = {"russia": ["A Mos - TSR - Irk"], "britain": ["F Reds - Meds"]}
    answer = adjudicate(doc)
    assert given(answer) == {
        "A Mos - TSR - Irk": ("A 1:mos:S1870 - TSR - irk", "succeeds", None),
        "F Reds - Meds": ("F 1:reds:S1870 - meds", "succeeds", None),
    }
    assert units(answer, "F1870M", "russia") == ["irk", "ode", "oms", "part", "vla"]
    assert "meds" in units(answer, "F1870M", "britain")
    assert "reds" not in units(answer, "F1870M", "britain")


def test_the_board_rules_hold_in_the_multiverse_too() -> None:
    doc = start([{"power": "china", "type": "A", "province": "kra"}, BRITISH_CANAL[1]])
    doc["orders"] = {"russia": ["A Mos - TSR - Vla"], "britain": ["F Reds - Meds"]}
    answer = adjudicate(doc)
    found = given(answer)
    assert found["A Mos - TSR - Vla"][1:] == ("fails", "blocked")  # TSR-3
    assert found["F Reds - Meds"][1:] == ("fails", "void")  # SUEZ-6: nobody in Egypt


def test_a_foreign_power_cannot_use_the_railroad_on_a_board() -> None:
    doc = start([])
    (check,) = RULESET.check_orders(doc, "china", ["A Pek - TSR - Vla"])
    assert not check.ok
    assert "only a Russian army" in check.message  # in the board rules' words


def test_board_orders_are_stored_and_judged_again_next_turn() -> None:
    doc = start(BRITISH_CANAL)
    doc["orders"] = {"russia": ["A Mos - TSR - Irk"], "britain": ["F Reds - Meds"]}
    first = adjudicate(doc)
    written = [h["order"] for h in first["history"] if not h["auto"]]
    assert written == ["A 1:mos:S1870 - TSR - irk", "F 1:reds:S1870 - meds"]
    nxt = later(first)
    nxt["orders"] = {"russia": ["A Irk - TSR - Kra"]}
    second = adjudicate(nxt)
    assert given(second)["A Irk - TSR - Kra"] == ("A 1:irk:F1870 - TSR - kra", "succeeds", None)
    assert units(second, "S1870M", "russia") == ["mos", "ode", "oms", "part", "vla"]


def test_the_railroad_does_not_run_across_boards() -> None:
    doc = start([])
    doc["orders"] = {"russia": ["A Mos - TSR - Irk"]}
    nxt = later(adjudicate(doc))
    checks = RULESET.check_orders(
        nxt, "russia", ["A Irk - TSR - 1:mos:S1870", "A Irk - TSR - Oms", "A Irk - 1:irk:S1870"]
    )
    assert [c.ok for c in checks] == [False, True, True]


def test_a_move_across_boards_stays_a_standard_multiverse_move() -> None:
    doc = start([])
    doc["orders"] = {"russia": ["A Mos - TSR - Irk"]}
    nxt = later(adjudicate(doc))
    # Back in time to Krasnoyarsk in Spring, which the train passed (a Russian
    # unit is not hindered there, TSR-4): a new timeline starts.
    nxt["orders"] = {"russia": ["A Irk - 1:kra:S1870"]}
    answer = adjudicate(nxt)
    assert given(answer)["A Irk - 1:kra:S1870"] == ("A 1:irk:F1870 - 1:kra:S1870", "succeeds", None)
    (fork,) = answer["new_timelines"]
    assert fork["timeline"] == 2
    assert units(answer, "F1870M", "russia", timeline=2) == [
        "irk",
        "kra",
        "ode",
        "oms",
        "part",
        "vla",
    ]


def test_standard_multiverse_games_have_no_board_orders() -> None:
    standard = ruleset_for("standard", "multiverse")
    assert not has_board_orders(base_map_for("standard"))
    doc = standard.starting_position("standard")
    (check,) = standard.check_orders(doc, "russia", ["A Mos - TSR - War"])
    assert not check.ok


def china_holds_hong_kong(doc: dict[str, Any]) -> dict[str, Any]:
    """The start with Hong Kong China's (no British fleet there) and Canton lost: China
    owns Hong Kong, Macao, Peking, Shanghai and Sikiang, with an army in Yunnan
    instead of Canton."""
    board = doc["boards"][0]
    board["units"] = [
        {**u, "province": "yun"} if u["province"] == "can" else u
        for u in board["units"]
        if u["province"] != "hk"
    ]
    centres = board["supply_centers"]
    centres["britain"].remove("hk")
    centres["china"] = [c for c in centres["china"] if c != "can"] + ["hk"]
    return doc


def test_HK_1_hong_kong_counts_for_nobody_on_a_board_china_holds_it() -> None:
    doc = china_holds_hong_kong(start([]))
    counts = RULESET.centre_counts(doc)
    assert counts["china"] == 4  # five owned, Hong Kong not counted
    assert counts["britain"] == 5


def test_HK_1_china_removes_a_unit_for_hong_kong_at_the_winter_of_a_board() -> None:
    doc = china_holds_hong_kong(start([]))
    doc["boards"][0]["phase"] = "F1870M"
    answer = adjudicate(doc)
    (winter,) = [b for b in answer["boards"] if b["phase"] == "W1870A"]
    assert sorted(winter["supply_centers"]["china"]) == ["hk", "mac", "pek", "sha", "sik"]
    # five units, four counted centres: one removal on that winter board
    assert RULESET.allowances(later(answer), "china") == {
        ("waive", ""): 0,
        ("remove", "1:W1870"): 1,
    }


def test_a_blank_order_is_refused_on_colonial_boards_too() -> None:
    """The order corpus found that reading a blank text raised on boards with order
    kinds of their own (their reader gives no check for it)."""
    from judge.rules.multiverse.json_io import read_world
    from judge.rules.multiverse.order_text import parse_order

    base = replace(base_map_for("colonial"), board=RULESET.base)
    world = read_world(base, RULESET.starting_position("colonial"))
    parsed = parse_order(world, base, "russia", "")
    assert not parsed.ok and parsed.message == ": empty order"


@pytest.mark.parametrize("text", ["waive 1:mos:S1870 A mos", "w 1:irk:S1870 F s1870 S"])
def test_a_board_written_after_a_word_that_is_no_unit_is_refused(text: str) -> None:
    """A line shaped like a board-rule order (a word, a full board location, the
    rest) whose first word is no unit type is refused with a reason, not a crash."""
    from judge.rules.multiverse.json_io import read_world
    from judge.rules.multiverse.order_text import parse_order

    base = replace(base_map_for("colonial"), board=RULESET.base)
    world = read_world(base, RULESET.starting_position("colonial"))
    parsed = parse_order(world, base, "russia", text)
    assert not parsed.ok and parsed.message.startswith(f"{text}: ")


def test_a_game_reports_and_draws_its_rail_and_canal_moves_from_their_data() -> None:
    """A game's report words each board order as Colonial does ("by rail", "through
    the Suez Canal"), from the order as data.  Read back from its text, ``A 1:mos:S1870
    - TSR - irk`` named no standard form: it was shown as written, and the army as
    given no order."""
    from judge.reports.settings import ReportSettings
    from judge.variant.data import load_variant

    doc = start(BRITISH_CANAL)
    doc["orders"] = {"russia": ["A Mos - TSR - Irk"], "britain": ["F Reds - Meds"]}
    step = RULESET.step(doc)
    _, text, _ = RULESET.render_results(step, load_variant("colonial"), ReportSettings(game="c"))
    lines = [line.split(":", 1)[-1].strip() for line in text.splitlines()]
    assert "Army Moscow -> Irkutsk by rail." in lines
    assert "Fleet Red Sea -> Mediterranean Sea through the Suez Canal." in lines
    assert "Army Moscow, No Order Processed." not in lines  # as the text's reading said


@pytest.mark.parametrize(
    ("power", "make", "reason"),
    [
        # TSR-1: a rail move goes to another station.
        ("russia", lambda rules, key: rules.RailMove(key.at("mos"), key.at("mos")), "where it is"),
        # SUEZ-2: the permission is given by the unit in Egypt.
        (
            "britain",
            lambda rules, key: rules.CanalPermission(key.at("reds"), key.at("egy"), key.at("meds")),
            "only the unit in Egypt",
        ),
    ],
    ids=["TSR-1 own station", "SUEZ-2 not from Egypt"],
)
def test_a_board_order_given_as_data_is_judged_by_the_board_rules(
    power: str, make: Any, reason: str
) -> None:
    """An order given as data (a stored order, the adjudicator's own input) was checked
    by the board rules only when read from text: the adjudicator took a rail move to
    its own station and stopped with an IndexError, which would hold up the game's
    turn.  Now it is judged invalid, for the board rules' reason."""
    from judge.rules import colonial
    from judge.rules.multiverse.adjudicate import adjudicate as judge_world
    from judge.rules.multiverse.json_io import read_world

    base = replace(base_map_for("colonial"), board=RULESET.base)
    world = read_world(base, start(BRITISH_CANAL))
    (key,) = world.boards
    _after, report = judge_world(world, base, [(power, make(colonial, key))])
    (result,) = report.submitted
    assert result.status == "invalid" and reason in (result.reason or "")


def test_a_board_order_waits_with_the_standard_ones_while_its_board_adjusts() -> None:
    """5dplomacy's Colonial: a Spring board that waits for its builds and removals takes
    no movement orders (it stands for the winter between), a rail move no more than a
    standard move; both are refused for that reason, the rail move given as data too."""
    from judge.rules import colonial
    from judge.rules.multiverse.adjudicate import adjudicate as judge_world
    from judge.rules.multiverse.json_io import read_world

    doc = start([])
    doc["rules"] = {"ruleset": "5dplomacy"}
    doc["boards"][0]["adjusting"] = True
    base = replace(base_map_for("colonial"), board=RULESET.base)
    world = read_world(base, doc)
    (key,) = world.boards
    rail = colonial.RailMove(key.at("mos"), key.at("vla"))
    walk = Move(key.at("mos"), key.at("sev"))
    _after, report = judge_world(world, base, [("russia", rail)])
    (result,) = report.submitted
    assert result.status == "invalid" and "builds and removals" in (result.reason or "")
    _after, report = judge_world(world, base, [("russia", walk)])
    (result,) = report.submitted
    assert result.status == "invalid" and "builds and removals" in (result.reason or "")


def test_TSR_7_a_support_of_a_rail_move_counts_on_a_board() -> None:
    """TSR-7 on a board of a multiverse game: the support of a rail move was refused
    ("the supported unit cannot reach that area": the legality checks knew the standard
    order kinds only), so the train bounced where its support should carry it in."""
    doc = start(
        [
            {"power": "russia", "type": "A", "province": "irk"},
            {"power": "china", "type": "A", "province": "mon"},
        ]
    )
    board = doc["boards"][0]
    board["units"] = [u for u in board["units"] if u["province"] != "vla"]
    doc["orders"] = {
        "russia": ["A Mos - TSR - Vla", "A Irk S A Mos - Vla"],
        "china": ["A Mac - Vla"],
    }
    answer = adjudicate(doc)
    assert given(answer) == {
        "A Mos - TSR - Vla": ("A 1:mos:S1870 - TSR - vla", "succeeds", None),
        "A Irk S A Mos - Vla": ("A 1:irk:S1870 S A 1:mos:S1870 - 1:vla:S1870", "succeeds", None),
        "A Mac - Vla": ("A 1:mac:S1870 - 1:vla:S1870", "fails", "bounced"),
    }


@pytest.mark.parametrize(
    "text",
    ["A Irk S A Mos - TSR - Vla", "A Irk S A Mos-TSR-Vla", "A 1:irk:S1870 S A Mos - Vla via TSR"],
)
def test_TSR_7_a_support_written_with_the_railroad_reads_as_on_a_colonial_board(text) -> None:
    """The standard Colonial game reads a support naming the railroad as the rail move
    is written (``A Irk S A Mos - TSR - Vla``: the support of the move to the station,
    TSR-7); on a board of a multiverse game it was refused ("'tsr' is not a
    province"): the board rules read it there too."""
    doc = start([{"power": "russia", "type": "A", "province": "irk"}])
    (check,) = RULESET.check_orders(doc, "russia", [text])
    assert check.ok, check.message
    assert check.canonical == "A 1:irk:S1870 S A 1:mos:S1870 - 1:vla:S1870"


@pytest.mark.parametrize(
    "text",
    ["A 1:mos:S1870 - TSR - 1:vla:S1870", "A 1:mos:S1870 via TSR to 1:vla:S1870"],
)
def test_a_rail_move_written_with_its_board_on_both_ends(text) -> None:
    """The multiverse notation writes a destination with its board; a rail move so
    written, on the unit's own board, was refused "'tsr' is not a province": a place
    on the unit's board is read as on a single board."""
    (check,) = RULESET.check_orders(start([]), "russia", [text])
    assert check.ok, check.message
    assert check.canonical == "A 1:mos:S1870 - TSR - vla"


@pytest.mark.parametrize(
    "text", ["A 1:mos - TSR - vla", "A 1:mos - TSR - 1:vla", "Army 1:mos via TSR to 1:vla"]
)
def test_a_rail_move_written_with_the_units_timeline_only(text) -> None:
    """``1:mos`` (timeline and province, docs/multiverse.md's short form, read in any
    other order) was refused in a rail move "'tsr' is not a province": the board
    rules now read it on the board of that timeline, as with the full location."""
    (check,) = RULESET.check_orders(start([]), "russia", [text])
    assert check.ok, check.message
    assert check.canonical == "A 1:mos:S1870 - TSR - vla"


def test_a_rail_move_to_another_timeline_is_still_no_board_order() -> None:
    (check,) = RULESET.check_orders(start([]), "russia", ["A 1:mos - TSR - 2:vla"])
    assert not check.ok


def test_a_board_rules_refusal_quotes_the_order_as_written() -> None:
    """A refusal by the board rules quoted the order as read on its board ("A pek - TSR
    - vla: ...", the board left out), not as the player wrote it (found playing a
    multiverse Colonial game by mail)."""
    text = "A 1:pek:S1870 - TSR - 1:vla:S1870"
    (check,) = RULESET.check_orders(start([]), "china", [text])
    assert not check.ok
    assert check.message == f"{text}: only a Russian army can travel by the Trans-Siberian Railroad"


def test_a_rail_move_written_through_the_stations_on_a_board() -> None:
    """TSR-1 (njudge's info.colonial: written like a convoy) on a multiverse board."""
    (check,) = RULESET.check_orders(start([]), "russia", ["A 1:mos:S1870 - TSR - Prm - Oms - Kra"])
    assert check.ok, check.message
    assert check.canonical == "A 1:mos:S1870 - TSR - kra"


def test_HK_1_the_unique_centres_a_report_lists_are_those_that_count() -> None:
    """A results report lists each power's unique centres, the count that decides
    victory: Hong Kong held by China counts for nobody there either (it listed and
    counted it, six centres for China where the victory counted five)."""
    from judge.reports.settings import ReportSettings
    from judge.variant.data import load_variant

    doc = china_holds_hong_kong(start([]))
    doc["orders"] = {}
    step = RULESET.step(doc)
    _, text, _ = RULESET.render_results(step, load_variant("colonial"), ReportSettings(game="c"))
    unique = text.split("Unique supply centers:")[1].split("\n\n")[1]
    (china,) = [line for line in unique.splitlines() if line.startswith("China:")]
    assert china.split() == ["China:", "4", "Manchuria,", "Peking,", "Shanghai,", "Sinkiang."]
    assert RULESET.centre_counts(step.answer)["china"] == 4


BLOCKER = {"power": "china", "type": "A", "province": "kra"}


def test_a_blocked_train_stops_where_the_colonial_judge_stops_it() -> None:
    """TSR-6: a train blocked at Krasnoyarsk stops at the nearest station before the
    block that ends the turn empty (Perm: Omsk holds a Russian army), as a standard
    Colonial game's does; the multiverse left it in Moscow."""
    doc = start([BLOCKER])
    doc["orders"] = {"russia": ["A Mos - TSR - Irk"]}
    answer = adjudicate(doc)
    assert given(answer)["A Mos - TSR - Irk"][1:] == ("fails", "blocked")
    standard = ruleset_for("colonial", "standard").starting_position("colonial")
    standard["units"] += [BLOCKER]
    standard["orders"] = {"russia": ["A Mos - TSR - Irk"]}
    alone = sorted(u["province"] for u in adjudicate(standard)["units"] if u["power"] == "russia")
    assert units(answer, "F1870M", "russia") == alone == ["ode", "oms", "part", "prm", "vla"]


def test_a_trains_stop_outlasts_the_retreats_that_hold_its_board() -> None:
    """The train is blocked in the turn that dislodges a Chinese army on its board:
    the board's successor is made once the retreat is done, from the world read back
    from its stored form, and the train is still at its stop then."""
    doc = start([BLOCKER])
    doc["orders"] = {"russia": ["A Mos - TSR - Irk", "A Vla - Mac", "F Part S A Vla - Mac"]}
    moved = adjudicate(doc)
    assert moved["retreats_pending"], moved
    again = later(moved)
    again["orders"] = {"china": ["A Mac - Can"]}
    retreated = adjudicate(again)
    assert units(retreated, "F1870M", "russia") == ["mac", "ode", "oms", "part", "prm"]


def _results(doc: dict[str, Any]) -> str:
    from judge.reports import ReportSettings
    from judge.variant.data import load_variant

    step = RULESET.step(doc)
    _, text, _ = RULESET.render_results(step, load_variant("colonial"), ReportSettings(game="g"))
    return " ".join(text.split())


def test_the_results_say_where_a_blocked_train_stopped_on_its_board() -> None:
    """As a standard Colonial game's results do (its ruleset's report notes), said of
    the board: the multiverse results had no word of it."""
    doc = start([BLOCKER])
    doc["orders"] = {"russia": ["A Mos - TSR - Irk"]}
    assert (
        "Timeline 1, Spring of 1870: The Russian train from Moscow to Irkutsk was blocked "
        "and stopped at Perm: a unit of another power blocked the line at Krasnoyarsk "
        "(Trans-Siberian Railroad)." in _results(doc)
    )


def test_the_results_say_why_chinas_hong_kong_does_not_count_on_a_board() -> None:
    doc = start([])
    centres = doc["boards"][0]["supply_centers"]
    centres["britain"].remove("hk")
    centres["china"].append("hk")
    doc["orders"] = {"china": ["A Can H"]}
    assert (
        "Timeline 1, Spring of 1870: China owns 6 supply centres, of which 5 count: Hong "
        "Kong counts for no power while China holds it (Hong Kong rule)." in _results(doc)
    )
