"""Re-judging the past, forking timelines, and matching existing children."""

from __future__ import annotations

from judge.rules.multiverse.keys import BoardKey

from .helpers import board, key, play, units_of, world

GERMAN_AUSTRIAN = "germany A mun; austria A boh"


def bounced_in_spring():
    """T1 S1901: Mun and Boh bounced in Tyr; T1 F1901 is active."""
    w = world(board(1, "S1901", GERMAN_AUSTRIAN))
    turn = play(w, {"germany": ["A mun - tyr"], "austria": ["A boh - tyr"]})
    assert turn.status("A mun - tyr") == "failure"
    assert turn.status("A boh - tyr") == "failure"
    return turn.world


def test_a_bounce_in_the_past_becomes_a_success_with_support_from_the_future():
    w = bounced_in_spring()
    turn = play(
        w,
        {
            "germany": ["A mun S A 1:mun:S1901 - tyr"],
            "austria": ["A boh H"],
        },
    )
    assert turn.status("A mun S A 1:mun:S1901 - tyr") == "success"
    # The stored spring orders are re-judged in place.
    assert turn.stored("1:mun:S1901") == "success"
    assert turn.stored("1:boh:S1901") == "failure"
    # The spring board forks: timeline 2 starts at Fall 1901 with the army in Tyrolia.
    assert [(f.parent, f.timeline) for f in turn.report.forks] == [(key(1, "S1901"), 2)]
    assert units_of(turn.world, 2, "F1901") == {"tyr": "germany A", "boh": "austria A"}
    assert turn.world.boards[key(1, "S1901")].children == (2,)
    # Timeline 1 goes on as before.
    assert units_of(turn.world, 1, "W1901") == {"mun": "germany A", "boh": "austria A"}
    # Both timelines are active.
    assert turn.world.active_boards() == {1: key(1, "W1901"), 2: key(2, "F1901")}


def test_no_fork_when_the_new_resolution_matches_the_existing_child():
    w = bounced_in_spring()
    turn = play(
        w,
        {
            "germany": ["A mun S A 1:mun:S1901 - tyr"],
            "austria": ["A boh S A 1:boh:S1901 - tyr"],
        },
    )
    assert turn.stored("1:mun:S1901") == "failure"
    assert turn.stored("1:boh:S1901") == "failure"
    assert turn.report.forks == []
    assert sorted(turn.world.boards) == [key(1, "S1901"), key(1, "F1901"), key(1, "W1901")]


def forked_once():
    """After the support from the future: timeline 2 forked from 1:S1901."""
    w = bounced_in_spring()
    turn = play(w, {"germany": ["A mun S A 1:mun:S1901 - tyr"], "austria": ["A boh H"]})
    assert [f.timeline for f in turn.report.forks] == [2]
    return turn.world


def test_touching_a_forked_board_again_with_the_same_outcome_matches_its_child():
    w = forked_once()
    # From timeline 2, Austria supports the German army of 1:F1901 in holding: this
    # touches the stored support there, and through it the spring battle.
    turn = play(w, {"austria": ["A 2:boh:F1901 S A 1:mun:F1901"], "germany": ["A tyr H"]})
    assert turn.status("A 2:boh:F1901 S A 1:mun:F1901") == "success"
    rejudged = {r.order.unit for r in turn.report.rejudged}
    assert any(u.board == key(1, "S1901") for u in rejudged)
    # The spring battle is re-judged with the same outcome, which matches timeline 2.
    assert turn.stored("1:mun:S1901") == "success"
    assert turn.report.forks == []


def test_cutting_the_support_from_another_timeline_restores_the_bounce_without_a_fork():
    w = forked_once()
    turn = play(w, {"austria": ["A 2:boh:F1901 - 1:mun:F1901"], "germany": ["A tyr H"]})
    assert turn.status("A 2:boh:F1901 - 1:mun:F1901") == "failure"
    assert turn.stored("1:mun:F1901") == "failure"  # the support is cut
    assert turn.stored("1:mun:S1901") == "failure"  # so the spring move bounces again
    # The re-derived Fall 1901 is timeline 1's own Fall 1901: nothing forks.
    assert turn.report.forks == []


def test_a_unit_moving_into_its_own_past_appears_beside_its_past_self():
    w = world(board(1, "S1901", "france A par"))
    w = play(w, {"france": ["A par H"]}).world
    turn = play(w, {"france": ["A par - 1:bur:S1901"]})
    assert turn.status("A par - 1:bur:S1901") == "success"
    forks = turn.report.forks
    assert [f.timeline for f in forks] == [2]
    assert units_of(turn.world, 2, "F1901") == {"par": "france A", "bur": "france A"}
    # The traveller left timeline 1: its winter board is empty.
    assert units_of(turn.world, 1, "W1901") == {}


def test_a_failed_move_into_the_past_does_not_fork():
    w = world(board(1, "S1901", "france A par; germany A bur"))
    w = play(w, {"france": ["A par H"], "germany": ["A bur H"]}).world
    turn = play(w, {"france": ["A par - 1:bur:S1901"]})
    assert turn.status("A par - 1:bur:S1901") == "failure"
    assert turn.report.forks == []


def test_several_new_timelines_in_one_turn_are_numbered_in_canonical_order():
    # Two timelines; both have a past board that changes this turn.
    w = world(
        board(1, "S1901", "france A par; germany A mun"),
    )
    w = play(w, {"france": ["A par H"], "germany": ["A mun H"]}).world
    # Fork timeline 2 from 1:S1901 first.
    w = play(w, {"france": ["A par - 1:bur:S1901"], "germany": ["A mun H"]}).world
    assert sorted(w.active_boards()) == [1, 2]
    assert w.active_boards()[2] == key(2, "F1901")
    # Timeline 1 is at W1901, timeline 2 at F1901.  Play on so both have past boards.
    w = play(w, {}).world  # T1 -> S1902, T2 -> W1901
    w = play(w, {}).world  # T1 -> F1902, T2 -> S1902
    assert w.active_boards() == {1: key(1, "F1902"), 2: key(2, "S1902")}
    # Now change the past of both: T1's S1902 (by the German army of T1 F1902) and
    # T2's F1901 (by the French army of T2 S1902).  T2 F1901 is the earlier board, so
    # it gets timeline 3 although its timeline number is higher.
    turn = play(
        w,
        {
            "germany": ["A 1:mun:F1902 - 1:tyr:S1902"],
            "france": ["A 2:par:S1902 - 2:pic:F1901"],
        },
    )
    assert turn.status("A 1:mun:F1902 - 1:tyr:S1902") == "success"
    assert turn.status("A 2:par:S1902 - 2:pic:F1901") == "success"
    forks = [(f.parent, f.timeline) for f in turn.report.forks]
    assert forks == [(key(2, "F1901"), 3), (key(1, "S1902"), 4)]
    assert key(3, "W1901") in turn.world.boards
    assert key(4, "F1902") in turn.world.boards


def test_equal_age_boards_fork_lowest_timeline_first():
    # Two timelines side by side, each with a past spring and an active fall.
    w = world(*(board(t, turn, "france A par") for t in (1, 2) for turn in ("S1901", "F1901")))
    w = _with_holds(w, [key(1, "S1901"), key(2, "S1901")])
    turn = play(
        w,
        {"france": ["A 2:par:F1901 - 2:bur:S1901", "A 1:par:F1901 - 1:bur:S1901"]},
    )
    forks = [(f.parent, f.timeline) for f in turn.report.forks]
    assert forks == [(key(1, "S1901"), 3), (key(2, "S1901"), 4)]


def _with_holds(w, keys):
    from judge.engine.orders import Hold
    from judge.rules.multiverse.world import SUCCESS, OrderRecord

    for k in keys:
        for where, unit in w.boards[k].units.items():
            w.store_order(OrderRecord(unit.power, Hold(k.at(where)), SUCCESS, None, True))
    return w


def test_new_timelines_start_at_the_successor_of_their_parent():
    w = bounced_in_spring()
    turn = play(w, {"germany": ["A mun S A 1:mun:S1901 - tyr"], "austria": ["A boh H"]})
    (fork,) = turn.report.forks
    assert fork.timeline == max(k.timeline for k in turn.before.boards) + 1
    assert BoardKey(fork.timeline, 1901, 1) in turn.world.boards


def test_an_extra_support_to_a_success_does_not_fork():
    # Spring 1901: Germany takes Tyrolia; from Fall 1901 another support is added.
    w = world(board(1, "S1901", "germany A mun, A boh"))
    w = play(w, {"germany": ["A mun - tyr", "A boh H"]}).world
    turn = play(w, {"germany": ["A boh S A 1:mun:S1901 - 1:tyr:S1901", "A tyr H"]})
    assert turn.status("A boh S A 1:mun:S1901 - 1:tyr:S1901") == "success"
    assert turn.stored("1:mun:S1901") == "success"
    assert turn.report.forks == []


def test_several_arrivals_on_one_past_board_make_one_fork():
    w = world(board(1, "S1901", "france A par, A bre; germany A mun"))
    w = play(w, {"france": ["A par H", "A bre H"], "germany": ["A mun H"]}).world
    turn = play(
        w,
        {
            "france": ["A par - 1:bur:S1901", "A bre - 1:pic:S1901"],
            "germany": ["A mun - 1:ruh:S1901"],
        },
    )
    assert all(r.status == "success" for r in turn.report.submitted)
    assert [f.timeline for f in turn.report.forks] == [2]
    arrived = units_of(turn.world, 2, "F1901")
    assert {"bur", "pic", "ruh", "par", "bre", "mun"} <= set(arrived)


def test_a_support_from_a_parallel_timeline_decides_a_battle():
    # Timelines 1 and 2 side by side at Spring 1901; in timeline 1 Germany attacks
    # Austria's Tyrolia with support from timeline 2's Munich.
    w = world(
        board(1, "S1901", "germany A mun; austria A tyr"),
        board(2, "S1901", "germany A mun"),
    )
    turn = play(
        w,
        {
            "germany": [
                "A 1:mun:S1901 - 1:tyr:S1901",
                "A 2:mun:S1901 S A 1:mun:S1901 - 1:tyr:S1901",
            ],
            "austria": ["A tyr H"],
        },
    )
    assert turn.status("A 1:mun:S1901 - 1:tyr:S1901") == "success"
    assert turn.report.retreats_pending
    assert "tyr" in turn.world.boards[key(1, "S1901")].dislodged


def test_no_convoy_kidnapping_across_time():
    # An English army with a land route, ordered without "via convoy", is not carried
    # off by a foreign convoy (DATC preference), even from another board.
    w = world(
        board(1, "S1901", "england A yor; france F nth"),
        board(2, "S1901", "france F nth"),
    )
    turn = play(
        w,
        {
            "england": ["A yor - lon"],
            "france": ["F 1:nth:S1901 C A 1:yor:S1901 - 1:lon:S1901", "F 2:nth:S1901 H"],
        },
    )
    assert turn.status("A yor - lon") == "success"
    assert turn.status("F 1:nth:S1901 C A 1:yor:S1901 - 1:lon:S1901") == "failure"
