"""The global retreat pause and retreats on their own board."""

from __future__ import annotations

from .helpers import board, key, play, units_of, world


def dislodged_in_the_past():
    """Germany, from Fall 1901, dislodges the Austrian army of Spring 1901 in Tyrolia."""
    w = world(board(1, "S1901", "germany A mun, A boh; austria A tyr"))
    w = play(w, {"germany": ["A mun H", "A boh H"], "austria": ["A tyr H"]}).world
    turn = play(
        w,
        {
            "germany": ["A mun - 1:tyr:S1901", "A boh S A 1:mun:F1901 - 1:tyr:S1901"],
            "austria": ["A tyr H"],
        },
    )
    return turn


def test_a_dislodgement_in_the_past_pauses_every_board():
    turn = dislodged_in_the_past()
    assert turn.status("A mun - 1:tyr:S1901") == "success"
    assert turn.report.retreats_pending
    assert turn.report.created == [] and turn.report.forks == []
    past = turn.world.boards[key(1, "S1901")]
    assert set(past.dislodged) == {"tyr"}
    assert "vie" in past.dislodged["tyr"].retreat_options
    # The supporter's board (Fall) does not advance either.
    assert key(1, "W1901") not in turn.world.boards


def test_during_the_pause_only_retreats_count_and_they_stay_on_their_board():
    paused = dislodged_in_the_past().world
    turn = play(
        paused,
        {"austria": ["A 1:tyr:S1901 - 1:tyr:F1901"]},
    )
    assert turn.status("A 1:tyr:S1901 - 1:tyr:F1901") == "invalid"
    assert "own board" in turn.result("A 1:tyr:S1901 - 1:tyr:F1901").reason


def test_movement_orders_are_invalid_while_units_must_retreat():
    from judge.engine.orders import Hold
    from judge.rules.multiverse.adjudicate import adjudicate
    from tests.multiverse.helpers import BASE, loc

    paused = dislodged_in_the_past().world
    _, report = adjudicate(paused, BASE, [("germany", Hold(loc("1:boh:F1901")))])
    assert report.submitted[0].status == "invalid"


def test_after_the_retreat_the_waiting_boards_advance_and_fork():
    paused = dislodged_in_the_past().world
    turn = play(paused, {"austria": ["A 1:tyr:S1901 - vie"]})
    assert turn.status("A 1:tyr:S1901 - vie") == "success"
    assert not turn.report.retreats_pending
    # Spring 1901 re-derived: Germany in Tyrolia, Austria retreated to Vienna -> fork.
    assert [f.timeline for f in turn.report.forks] == [2]
    assert units_of(turn.world, 2, "F1901") == {
        "mun": "germany A",  # the spring army, beside its future self
        "boh": "germany A",
        "tyr": "germany A",
        "vie": "austria A",
    }
    # The Fall board advances to winter without the army that travelled back.
    assert units_of(turn.world, 1, "W1901") == {"boh": "germany A", "tyr": "austria A"}


def test_a_unit_without_a_retreat_order_is_disbanded():
    paused = dislodged_in_the_past().world
    turn = play(paused, {})
    assert [r.reason for r in turn.report.automatic] == ["no retreat order"]
    assert units_of(turn.world, 2, "F1901") == {
        "mun": "germany A",
        "boh": "germany A",
        "tyr": "germany A",
    }


def test_retreats_into_the_same_province_bounce():
    w = world(board(1, "S1901", "italy A ven, A pie, A ser, A rum; austria A tyr, A bud"))
    turn = play(
        w,
        {
            "italy": ["A ven - tyr", "A pie S A ven - tyr", "A ser - bud", "A rum S A ser - bud"],
            "austria": ["A tyr H", "A bud H"],
        },
    )
    paused = turn.world
    dislodged = paused.boards[key(1, "S1901")].dislodged
    assert set(dislodged) == {"tyr", "bud"}
    assert "vie" in dislodged["tyr"].retreat_options and "vie" in dislodged["bud"].retreat_options
    retreat = play(paused, {"austria": ["A tyr - vie", "A bud - vie"]})
    assert retreat.status("A tyr - vie") == "failure"
    assert retreat.status("A bud - vie") == "failure"
    after = units_of(retreat.world, 1, "F1901")
    assert "vie" not in after and after["tyr"] == "italy A" and after["bud"] == "italy A"


def test_a_retreat_to_a_parallel_timeline_is_invalid():
    w = world(
        board(1, "S1901", "italy A ven, A pie; austria A tyr"),
        board(2, "S1901", "italy A rom"),
    )
    paused = play(
        w,
        {
            "italy": ["A ven - tyr", "A pie S A ven - tyr", "A 2:rom:S1901 H"],
            "austria": ["A tyr H"],
        },
    ).world
    turn = play(paused, {"austria": ["A 1:tyr:S1901 - 2:tyr:S1901"]})
    assert turn.status("A 1:tyr:S1901 - 2:tyr:S1901") == "invalid"


def test_a_paused_world_goes_through_json_and_back():
    import copy

    from judge.rules.multiverse.json_io import adjudicate_world_document

    doc = {
        "variant": "standard",
        "rules": {"adjacency": "loose"},
        "boards": [
            {
                "timeline": 1,
                "phase": "S1901M",
                "units": [
                    {"power": "germany", "type": "A", "province": "mun"},
                    {"power": "germany", "type": "A", "province": "boh"},
                    {"power": "austria", "type": "A", "province": "tyr"},
                ],
            }
        ],
        "orders": {"germany": ["A mun H", "A boh H"], "austria": ["A tyr H"]},
    }
    first = adjudicate_world_document(doc)
    keep = ("variant", "rules", "iteration", "boards", "history", "pending_boards")
    second_doc = {k: copy.deepcopy(first[k]) for k in keep if k in first}
    second_doc["orders"] = {
        "germany": ["A mun - 1:tyr:S1901", "A boh S A 1:mun:F1901 - 1:tyr:S1901"],
        "austria": ["A tyr H"],
    }
    second = adjudicate_world_document(second_doc)
    assert second["retreats_pending"]
    third_doc = {k: copy.deepcopy(second[k]) for k in keep if k in second}
    assert third_doc["pending_boards"]
    third_doc["orders"] = {"austria": ["A 1:tyr:S1901 - vie"]}
    third = adjudicate_world_document(third_doc)
    assert [o["result"] for o in third["orders"] if o["judged"] == "new"] == ["succeeds"]
    assert third["new_timelines"] == [
        {"timeline": 2, "forked_from": {"timeline": 1, "phase": "S1901M"}}
    ]
    assert not third["retreats_pending"]
