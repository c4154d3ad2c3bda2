"""The 5dplomacy rule set: its MDATC 3.A cases and its own time-travel tests.

Positions are from 5dplomacy's ``MDATC.html`` (section 3.A, "timeline forking") and
its NUnit tests (``MDATC_A.cs``, class ``TimeTravelTest``; ``SeasonTests.cs``),
written again here.  5dplomacy writes a board ``turn:timeline`` with both counted
from 0 (``1:0`` is Fall 1901 of the first timeline); :func:`at` turns that into the
judge's locations (timeline 1 = 5dplomacy's 0).  Where the document and the NUnit
test set a case up differently, both are here (3.A.5, 3.A.6).
"""

from __future__ import annotations

from judge.rules.multiverse.fived import FivedGeography, related_timelines
from judge.rules.multiverse.keys import BoardKey
from judge.rules.multiverse.world import FIVED, World

from .helpers import BASE, board, key, loc, play, units_of


def at(province: str, coord: str) -> str:
    """``at("mun", "1:0")`` -> ``"1:mun:F1901"`` (5dplomacy's turn:timeline)."""
    turn, timeline = (int(part) for part in coord.split(":"))
    return f"{timeline + 1}:{province}:{'SF'[turn % 2]}{1901 + turn // 2}"


def board_at(coord: str) -> BoardKey:
    """The judge's key of 5dplomacy's board ``turn:timeline``."""
    return loc(at("x", coord)).board


# One supply centre each, none of them a home centre: no power is eliminated when its
# army leaves a timeline, and none may build, so the cases (which know no builds) are
# never interrupted by an adjustment phase.
HOME = {"england": ["nwy"], "austria": ["ser"], "germany": ["den"]}


def start(units: str, centers: dict | None = None) -> World:
    """A 5dplomacy world of one board (Spring 1901) with ``units``; every power owns a
    supply centre (see ``HOME``)."""
    first = board(1, "S1901", units, HOME if centers is None else centers)
    return World(boards={first.key: first}, rules=FIVED)


def futures(w: World, coord: str) -> int:
    """How many boards follow a board (its next board and its forks), as 5dplomacy counts."""
    k = board_at(coord)
    nxt = k.successor(winter=False)
    return int(nxt in w.boards) + len(w.boards[k].children)


def holds(w: World, *where: str):
    """One turn in which every unit of the world's heads holds (no orders)."""
    return play(w, {}).world


# ------------------------------------------------------------------ MDATC 3.A


def test_mdatc_3_a_1_move_into_own_past_forks_timeline():
    w = holds(start("germany A mun"))
    turn = play(w, {"germany": [f"A {at('mun', '1:0')} - {at('tyr', '0:0')}"]})
    assert turn.status(f"A {at('mun', '1:0')} - {at('tyr', '0:0')}") == "success"
    w = turn.world
    # Three boards in the main timeline (the last one empty), one in a fork.
    assert sorted(k for k in w.boards if k.timeline == 1) == [
        board_at("0:0"),
        board_at("1:0"),
        board_at("2:0"),
    ]
    assert units_of(w, 1, "S1902") == {}
    assert [k for k in w.boards if k.timeline != 1] == [board_at("1:1")]
    assert units_of(w, 2, "F1901") == {"mun": "germany A", "tyr": "germany A"}


def test_mdatc_3_a_2_support_to_repelled_past_move_forks_timeline():
    w = start("germany A mun; austria A tyr")
    turn = play(w, {"germany": ["A mun - tyr"], "austria": ["A tyr H"]})
    assert turn.status("A mun - tyr") == "failure"
    support = f"A {at('mun', '1:0')} S A {at('mun', '0:0')} - {at('tyr', '0:0')}"
    turn = play(turn.world, {"germany": [support], "austria": ["A tyr H"]})
    assert turn.status(support) == "success"  # not cut
    assert turn.stored(at("mun", "0:0")) == "success"
    # A Tyrolia 0:0 is dislodged: it must retreat (the reference's retreat pause).
    assert turn.report.retreats_pending
    assert "tyr" in turn.world.boards[board_at("0:0")].dislodged
    after = play(turn.world, {"austria": [f"A {at('tyr', '0:0')} - {at('boh', '0:0')}"]})
    w = after.world
    assert [(f.parent, f.timeline) for f in after.report.forks] == [(board_at("0:0"), 2)]
    assert units_of(w, 2, "F1901") == {"tyr": "germany A", "boh": "austria A"}
    # The main timeline goes on with both armies where they were.
    assert units_of(w, 1, "S1902") == {"mun": "germany A", "tyr": "austria A"}


def test_mdatc_3_a_3_failed_move_does_not_fork_timeline():
    w = holds(start("germany A mun; austria A tyr"))
    move = f"A {at('mun', '1:0')} - {at('tyr', '0:0')}"
    turn = play(w, {"germany": [move], "austria": ["A tyr H"]})
    assert turn.status(move) == "failure"
    assert turn.stored(at("tyr", "0:0")) == "success"  # the past hold, judged again
    w = turn.world
    assert futures(w, "0:0") == 1 and futures(w, "1:0") == 1 and futures(w, "2:0") == 0
    assert units_of(w, 1, "S1902") == {"mun": "germany A", "tyr": "austria A"}


def test_mdatc_3_a_4_superfluous_support_does_not_fork_timeline():
    w = start("germany A mun, A boh")
    turn = play(w, {"germany": ["A mun - tyr", "A boh H"]})
    assert turn.status("A mun - tyr") == "success"
    support = f"A {at('boh', '1:0')} S A {at('mun', '0:0')} - {at('tyr', '0:0')}"
    turn = play(turn.world, {"germany": ["A tyr H", support]})
    assert turn.status(support) == "success"
    assert turn.stored(at("mun", "0:0")) == "success"
    w = turn.world
    assert futures(w, "0:0") == 1 and futures(w, "1:0") == 1 and futures(w, "2:0") == 0
    assert not turn.report.forks


def _two_timelines(austria: str) -> World:
    """England's army jumps from London 1:0 to York 0:0: heads 2:0 and 1:1."""
    w = holds(start(f"england A lon; austria A {austria}; germany A mun"))
    jump = f"A {at('lon', '1:0')} - {at('yor', '0:0')}"
    turn = play(w, {"england": [jump]})
    assert turn.status(jump) == "success"
    assert sorted(turn.world.active_boards().values()) == [board_at("2:0"), board_at("1:1")]
    return turn.world


def _cross_timeline_support(w: World):
    move = f"A {at('mun', '2:0')} - {at('tyr', '2:0')}"
    support = f"A {at('mun', '1:1')} S A {at('mun', '2:0')} - {at('tyr', '2:0')}"
    turn = play(
        w,
        {
            "germany": [move, support],
            "austria": [f"A {at('tyr', '2:0')} H", f"A {at('tyr', '1:1')} H"],
        },
    )
    assert turn.status(move) == "success"
    assert turn.status(support) == "success"
    assert "tyr" in turn.world.boards[board_at("2:0")].dislodged
    return turn


def test_mdatc_3_a_5_cross_timeline_support_does_not_fork_head():
    turn = _cross_timeline_support(_two_timelines("tyr"))
    assert not turn.report.forks
    w = play(turn.world, {}).world  # the dislodged army has no retreat order: disbanded
    assert futures(w, "2:0") == 1 and futures(w, "1:1") == 1
    assert futures(w, "3:0") == 0 and futures(w, "2:1") == 0
    assert sorted(k.timeline for k in w.boards) == [1, 1, 1, 1, 2, 2]


def test_mdatc_3_a_5_test_version_armies_held_from_the_first_board():
    # MDATC_A.cs builds the same heads by holding on 0:0 and jumping from London 1:0.
    w = _two_timelines("tyr")
    assert units_of(w, 1, "S1902") == {"mun": "germany A", "tyr": "austria A"}
    assert units_of(w, 2, "F1901") == {
        "lon": "england A",
        "yor": "england A",
        "mun": "germany A",
        "tyr": "austria A",
    }


def test_mdatc_3_a_6_cutting_cross_timeline_support_does_not_fork():
    # The document's version: after 3.A.5, A Tyrolia 2:1 cuts the support in 1:1.
    turn = _cross_timeline_support(_two_timelines("tyr"))
    w = play(turn.world, {}).world
    cut = f"A {at('tyr', '2:1')} - {at('mun', '1:1')}"
    turn = play(
        w, {"germany": [f"A {at('tyr', '3:0')} H", f"A {at('mun', '2:1')} H"], "austria": [cut]}
    )
    assert turn.status(cut) == "failure"
    support = loc(at("mun", "1:1"))
    assert turn.world.orders[support].status == "failure"
    assert turn.world.orders[support].reason == "cut"
    assert "mun" not in turn.world.boards[board_at("1:1")].dislodged
    # The battle the support was for is not judged again: it still succeeded.
    assert turn.world.orders[loc(at("mun", "2:0"))].status == "success"
    assert not turn.report.forks
    assert futures(turn.world, "2:0") == 1 and futures(turn.world, "1:1") == 1


def test_mdatc_3_a_6_test_version_cut_from_a_sibling_timeline():
    # MDATC_A.cs: London jumps twice into 0:0 (York, then Edinburgh), making three
    # timelines forked from the same board; the cut comes from the sibling 2:2.
    w = _two_timelines("tyr")
    jump = f"A {at('yor', '1:1')} - {at('edi', '0:0')}"
    turn = play(w, {"england": [jump]})
    assert turn.status(jump) == "success"
    w = turn.world
    assert sorted(w.active_boards().values()) == [board_at("3:0"), board_at("2:1"), board_at("1:2")]
    move = f"A {at('mun', '3:0')} - {at('tyr', '3:0')}"
    support = f"A {at('mun', '2:1')} S A {at('mun', '3:0')} - {at('tyr', '3:0')}"
    turn = play(w, {"germany": [move, support], "austria": ["A 1:tyr H", "A 2:tyr H"]})
    assert turn.status(move) == "success"
    w = play(turn.world, {}).world  # the dislodged army is disbanded
    cut = f"A {at('tyr', '2:2')} - {at('mun', '2:1')}"
    turn = play(w, {"austria": [cut]})
    assert turn.status(cut) == "failure"
    assert turn.world.orders[loc(at("mun", "2:1"))].reason == "cut"
    assert "mun" not in turn.world.boards[board_at("2:1")].dislodged
    assert turn.world.orders[loc(at("mun", "3:0"))].status == "success"
    assert not turn.report.forks
    assert futures(turn.world, "3:0") == 1 and futures(turn.world, "2:1") == 1


# ------------------------------------------------------------ SeasonTests


def test_seasontests_timelineforking_adjacency_of_timelines():
    # a0-a3 is the trunk; b1 and c1 fork from a1, d1 from a2 (5dplomacy's names).
    a1, a2 = key(1, "F1901"), key(1, "S1902")
    parents = {2: a1, 3: a1, 4: a2}  # b, c, d
    related = related_timelines(parents, [1, 2, 3, 4])
    assert 1 in related[2]  # b2 ~ a3: a fork and its origin
    assert 3 in related[2]  # b2 ~ c1: forks of the same board
    assert 4 not in related[2]  # b2 !~ d1: forks of different boards
    assert related[4] == {4, 1}


def test_seasontests_timelineforking_numbers_and_turns_of_forks():
    w = holds(holds(start("germany A mun, A kie")))  # a0 S1901, a1 F1901, a2 S1902
    jump = f"A {at('mun', '2:0')} - {at('tyr', '1:0')}"
    turn = play(w, {"germany": [jump]})
    # The fork of a1 (turn 1) starts at turn 2 with the next number.
    assert [(f.parent, f.timeline) for f in turn.report.forks] == [(board_at("1:0"), 2)]
    assert board_at("2:1") in turn.world.boards


# --------------------------------------------------------------- adjacency


def _geo(w: World) -> FivedGeography:
    return FivedGeography(BASE, w)


def test_diagonal_steps_are_adjacent_and_two_turns_are_not():
    w = _two_timelines("tyr")
    geo = _geo(w)
    army = BASE.geography  # noqa: F841  (the map decides within the step)
    from judge.engine.orders import UnitType

    assert geo.can_move(UnitType.ARMY, loc(at("mun", "1:1")), loc(at("tyr", "2:0")))
    assert geo.can_move(UnitType.ARMY, loc(at("mun", "2:0")), loc(at("boh", "1:1")))
    assert not geo.can_move(UnitType.ARMY, loc(at("mun", "2:0")), loc(at("tyr", "0:0")))
    # the same province on another board is never a neighbour
    assert not geo.can_move(UnitType.ARMY, loc(at("mun", "2:0")), loc(at("mun", "1:0")))


def test_same_province_on_another_board_is_refused_with_a_reason():
    w = holds(start("germany A mun"))
    turn = play(w, {"germany": [f"A {at('mun', '1:0')} - {at('mun', '0:0')}"]})
    result = turn.result(f"A {at('mun', '1:0')} - {at('mun', '0:0')}")
    assert result.status == "invalid"
    assert "neighbouring provinces" in (result.reason or "")


def test_no_winter_boards_fall_is_followed_by_spring():
    w = holds(holds(start("germany A mun")))
    assert sorted(w.boards) == [key(1, "S1901"), key(1, "F1901"), key(1, "S1902")]


def test_centres_change_hands_after_fall():
    w = holds(start("germany A mun"))
    w = play(w, {"germany": ["A mun - boh"]}).world  # F1901: Bohemia is no centre
    w = play(w, {"germany": ["A boh - vie"]}).world  # S1902 -> F1902
    w = play(w, {"germany": ["A vie H"]}).world  # F1902 -> S1903: Vienna taken
    assert w.boards[key(1, "S1903")].centers.get("vie") == "germany"


def test_a_power_eliminated_in_one_timeline_is_eliminated_in_all():
    w = start(
        "germany A mun, A boh; austria A tyr; england A lon",
        {"germany": ["ber"], "england": ["lon"]},
    )
    w = play(w, {"germany": ["A mun - tyr", "A boh S A mun - tyr"]}).world
    # Austria, dislodged without a retreat order, is disbanded; with no unit and no
    # centre on the head board it is out of the game, in every timeline.
    turn = play(w, {})
    assert turn.world.eliminated == {"austria"}
    later = play(turn.world, {"austria": ["waive"], "england": ["A lon H"]})
    assert [r.status for r in later.report.submitted] == ["invalid", "success"]
    assert "eliminated" in (later.report.submitted[0].reason or "")
    assert later.world.winner is None


def test_the_last_power_left_wins():
    w = start("germany A mun, A boh; austria A tyr", {"germany": ["ber"]})
    w = play(w, {"germany": ["A mun - tyr", "A boh S A mun - tyr"]}).world
    turn = play(w, {})
    assert turn.world.eliminated == {"austria"}
    assert turn.world.winner == "germany"


def test_the_reference_rules_know_no_elimination():
    w = World(boards=start("germany A mun; austria A tyr").boards)
    w = play(w, {"germany": ["A mun - tyr"], "austria": ["A tyr - boh"]}).world
    assert not w.eliminated and w.winner is None


# ------------------------------------------------------------ world documents


def _doc(**extra):
    return {
        "variant": "standard",
        "rules": {"ruleset": "5dplomacy", "seed": 0},
        "boards": [
            {
                "timeline": 1,
                "phase": "S1901M",
                "units": [{"power": "germany", "type": "A", "province": "mun"}],
                "supply_centers": {"germany": ["ber"]},
            }
        ],
        **extra,
    }


def test_a_world_document_chooses_the_5dplomacy_rule_set():
    from judge.rules.multiverse.json_io import adjudicate_world_document

    first = adjudicate_world_document(_doc(orders={"germany": ["A Mun H"]}))
    assert [b["phase"] for b in first["boards"]] == ["S1901M", "F1901M"]
    second = adjudicate_world_document(
        {
            **{k: first[k] for k in ("variant", "rules", "iteration", "boards", "history")},
            "orders": {"germany": ["A alfa:Mun:Fall01 - alfa:Tyr:Spring01"]},
        }
    )
    assert second["orders"][0]["result"] == "succeeds"
    assert second["new_timelines"] == [
        {"timeline": 2, "forked_from": {"timeline": 1, "phase": "S1901M"}}
    ]
    assert {(b["timeline"], b["phase"]) for b in second["boards"]} == {
        (1, "S1901M"),
        (1, "F1901M"),
        (1, "S1902M"),
        (2, "F1901M"),
    }


def test_a_5dplomacy_world_document_refuses_adjacency_and_winter_boards():
    import pytest

    from judge.rules.multiverse.json_io import WorldDocumentError, adjudicate_world_document

    with pytest.raises(WorldDocumentError, match="its own adjacency"):
        adjudicate_world_document(
            {**_doc(), "rules": {"ruleset": "5dplomacy", "adjacency": "strict"}}
        )
    winter = _doc()
    winter["boards"][0]["phase"] = "W1901A"
    with pytest.raises(WorldDocumentError, match="no winter boards"):
        adjudicate_world_document(winter)
    with pytest.raises(WorldDocumentError, match="rules.ruleset"):
        adjudicate_world_document({**_doc(), "rules": {"ruleset": "chess"}})


def test_an_eliminated_power_owes_no_orders():
    from judge.rules.multiverse.json_io import write_world
    from judge.rules.multiverse.mail_orders import world_owed

    w = start(
        "germany A mun, A boh; austria A tyr; england A lon",
        {"germany": ["ber", "kie"], "england": ["lon"]},  # nobody adjusts after the Fall
    )
    w = play(w, {"germany": ["A mun - tyr", "A boh S A mun - tyr"]}).world
    w = play(w, {}).world  # no retreat order: Austria's last army is disbanded
    w = play(w, {"england": ["A lon - wal"]}).world
    assert w.eliminated == {"austria"}
    owed = world_owed(
        {"variant": "standard", "rules": {"ruleset": "5dplomacy"}, **write_world(BASE, w)}
    )
    assert "austria" not in owed and set(owed) == {"germany", "england"}


# ------------------------------------------------------------ adjustments
#
# 5dplomacy has no winter board; after each Fall the coming Spring board of the
# timeline waits for builds and removals, judged as the reference judges a winter
# board.  Germany owns its three home centres in these games.

GERMAN_HOMES = {"germany": ["ber", "kie", "mun"], "austria": ["vie"]}


def _after_fall(units: str, spring: dict, fall: dict) -> World:
    """Spring 1901 and Fall 1901 of one timeline, from ``units``."""
    w = play(start(units, GERMAN_HOMES), spring).world
    return play(w, fall).world


def test_5dplomacy_build_after_a_fall_where_a_power_gained_a_centre():
    w = _after_fall("germany A mun, F kie", {"germany": ["F kie - den"]}, {})
    spring = w.boards[key(1, "S1902")]
    assert spring.adjusting and spring.centers["den"] == "germany"
    assert units_of(w, 1, "S1902") == {"den": "germany F", "mun": "germany A"}
    # While the board waits, its units take no movement orders.
    refused = play(w, {"germany": ["A 1:mun:S1902 - 1:tyr:S1902"]})
    assert refused.status("A 1:mun:S1902 - 1:tyr:S1902") == "invalid"
    assert "builds and removals" in (refused.result("A 1:mun:S1902 - 1:tyr:S1902").reason or "")
    # The build may be written against the coming Spring board or the winter between.
    for text in ("build A 1:kie:S1902", "build A alfa:Kie:Winter01"):
        turn = play(w, {"germany": [text]})
        assert turn.status(text) == "success"
        after = turn.world.boards[key(1, "S1902")]
        assert not after.adjusting and after.built == {"kie"}
        assert units_of(turn.world, 1, "S1902")["kie"] == "germany A"
        assert sorted(turn.world.boards) == [key(1, "S1901"), key(1, "F1901"), key(1, "S1902")]
    # Then the Spring is played as usual.
    turn = play(play(w, {"germany": ["build A kie"]}).world, {"germany": ["A kie - hol"]})
    assert turn.status("A kie - hol") == "success"
    assert units_of(turn.world, 1, "F1902")["hol"] == "germany A"


def test_5dplomacy_build_refusals_are_the_reference_ones():
    w = _after_fall("germany A mun, F kie", {"germany": ["F kie - den"]}, {})
    # Four centres (Denmark taken), two units: two builds, in free home centres.
    given = ["build A 1:mun:S1902", "build F 1:kie:S1902", "build A kie", "build A ber"]
    turn = play(w, {"germany": given})
    assert [r.status for r in turn.report.submitted] == ["invalid", "success", "failure", "success"]
    assert "occupied" in (turn.report.submitted[0].reason or "")
    assert turn.report.submitted[2].reason == "only one build per province"
    assert turn.world.boards[key(1, "S1902")].built == {"kie", "ber"}


def test_5dplomacy_removal_where_a_power_lost_a_centre():
    w = _after_fall(
        "germany A mun, A ber, F kie; austria A tyr",
        {"germany": ["A mun - ruh"]},
        {"austria": ["A tyr - mun"]},
    )
    spring = w.boards[key(1, "S1902")]
    assert spring.adjusting and spring.centers["mun"] == "austria"
    turn = play(w, {"germany": ["remove A alfa:Ruh:Spring02"], "austria": ["waive"]})
    assert turn.status("remove A alfa:Ruh:Spring02") == "success"
    assert units_of(turn.world, 1, "S1902") == {
        "ber": "germany A",
        "kie": "germany F",
        "mun": "austria A",
    }
    # A removal is refused to a power that owes none, as on a reference winter board.
    refused = play(w, {"austria": ["remove A 1:mun:S1902"]})
    assert refused.status("remove A 1:mun:S1902") == "invalid"


def test_5dplomacy_civil_disorder_removal():
    w = _after_fall(
        "germany A mun, A ber, F kie; austria A tyr",
        {"germany": ["A mun - ruh"]},
        {"austria": ["A tyr - mun"]},
    )
    turn = play(w, {})  # Germany sends nothing: the judge removes one unit itself
    removed = [r for r in turn.report.automatic if r.auto and r.power == "germany"]
    assert len(removed) == 1 and type(removed[0].order).__name__ == "Disband"
    left = units_of(turn.world, 1, "S1902")
    assert sum(1 for u in left.values() if u.startswith("germany")) == 2
    assert removed[0].order.unit.loc not in left
    # The same world and orders always remove the same unit (seeded).
    again = play(w, {})
    assert [r.order for r in again.report.automatic] == [r.order for r in turn.report.automatic]


def test_5dplomacy_winter_is_never_a_board():
    w = _after_fall("germany A mun, F kie", {"germany": ["F kie - den"]}, {})
    w = play(w, {"germany": ["build A kie"]}).world
    assert not any(k.is_winter for k in w.boards)
    move = "A 1:mun:S1902 - 1:tyr:W1901"
    turn = play(w, {"germany": [move]})
    assert turn.status(move) == "invalid"
    assert "winter is no board" in (turn.result(move).reason or "")
    support = "A 1:mun:S1902 S A 1:kie:S1902 - 1:ber:W1901"
    turn = play(w, {"germany": [support]})
    assert turn.status(support) == "invalid"
    assert not any(k.is_winter for k in turn.world.boards)


def test_5dplomacy_a_timeline_forked_from_a_fall_waits_for_its_adjustments():
    w = holds(
        holds(
            start(
                "germany A mun, A ber; austria A boh",
                {"germany": ["ber", "mun"], "austria": ["kie"]},
            )
        )
    )
    assert not w.boards[key(1, "S1902")].adjusting  # nobody adjusts in alfa
    jump = "A 1:mun:S1902 - 1:kie:F1901"  # Kiel, Austria's, taken in alfa's past Fall
    turn = play(w, {"germany": [jump]})
    assert turn.status(jump) == "success"
    assert [(f.parent, f.timeline) for f in turn.report.forks] == [(key(1, "F1901"), 2)]
    fork = turn.world.boards[key(2, "S1902")]
    assert fork.adjusting and fork.centers["kie"] == "germany"
    assert not turn.world.boards[key(1, "F1902")].adjusting
    # Austria, with no centre left in bravo, sends nothing: its army is removed.
    after = play(turn.world, {})
    removals = [r for r in after.report.automatic if type(r.order).__name__ == "Disband"]
    assert [(r.power, r.order.unit) for r in removals] == [("austria", loc("2:boh:S1902"))]
    assert "boh" not in units_of(after.world, 2, "S1902")
    assert not after.world.boards[key(2, "S1902")].adjusting


def test_5dplomacy_nothing_moves_into_a_board_waiting_for_adjustments():
    # Timeline 2 forks from alfa's Spring 1901 and is still at Fall 1901 when alfa's
    # Spring 1902 waits for builds: a move into it from bravo is refused.
    w = play(start("germany A mun, F kie; austria A boh", GERMAN_HOMES), {}).world
    jump = "A 1:mun:F1901 - 1:tyr:S1901"
    turn = play(w, {"germany": [jump, "F 1:kie:F1901 - 1:den:F1901"]})
    assert turn.status(jump) == "success"
    w = turn.world
    assert w.boards[key(1, "S1902")].adjusting and not w.boards[key(2, "F1901")].adjusting
    move = "A 2:tyr:F1901 - 1:mun:S1902"
    turn = play(w, {"germany": [move]})
    assert turn.status(move) == "invalid"
    assert "waits for its builds and removals" in (turn.result(move).reason or "")


def test_5dplomacy_adjustments_in_the_world_document_and_the_game_phase():
    from judge.rules.multiverse.json_io import read_world, write_world
    from judge.rules.multiverse.ruleset import world_phase

    w = _after_fall("germany A mun, F kie", {"germany": ["F kie - den"]}, {})
    doc = {"variant": "standard", "rules": {"ruleset": "5dplomacy"}, **write_world(BASE, w)}
    spring = next(b for b in doc["boards"] if b["phase"] == "S1902M")
    assert spring["adjusting"] is True
    assert read_world(BASE, doc).boards[key(1, "S1902")].adjusting
    assert world_phase(doc) == "W1901A"  # every head waits: the adjustment phase
    after = play(w, {"germany": ["build A kie"]}).world
    doc = {"variant": "standard", "rules": {"ruleset": "5dplomacy"}, **write_world(BASE, after)}
    assert world_phase(doc) == "S1902M" and "adjusting" not in doc["boards"][-1]


# ------------------------------------------------------------------ reports


def _reports(adjacency: str, turns: list[dict]) -> list[tuple[str, str]]:
    """The (text, html) reports of a game from the standard start, turn by turn."""
    from judge.reports.settings import ReportSettings
    from judge.rules.multiverse.ruleset import MultiverseRuleset
    from judge.rules.registry import BASE_RULES
    from judge.variant.data import load_variant

    variant = load_variant("standard")
    rules = MultiverseRuleset(BASE_RULES["standard"]()).played_as(adjacency)
    doc = rules.starting_position("standard", adjacency=adjacency)
    out = []
    for orders in turns:
        step = rules.step({**doc, "orders": orders})
        _, text, html = rules.render_results(step, variant, ReportSettings(game="g"))
        out.append((text, html))
        doc = step.after
    return out


_FORK_AND_BUILD = [
    {"germany": ["A Mun - Tyr", "F Kie - Den"], "austria": ["A Vie - Tyr"]},
    {"germany": ["A 1:Mun:F1901 S A 1:Mun:S1901 - 1:Tyr:S1901"], "austria": ["A Vie H"]},
    {"germany": ["build A alfa:Kie:Spring02", "A 2:Tyr:F1901 - 2:Boh:F1901"]},
]


def test_5dplomacy_report_order_lines_use_its_notation():
    reports = _reports("5dplomacy", _FORK_AND_BUILD)
    fall, fall_html = reports[1]
    line = "Germany: Army Munich SUPPORT Army alfa:MUN:Spring01 -> alfa:TYR:Spring01."
    assert line in fall
    assert "alfa:MUN:Spring01 -&gt; alfa:TYR:Spring01" in fall_html
    assert "(timeline" not in fall and "(timeline" not in fall_html
    # alfa's Spring 1902 waits for Germany's build (Denmark taken), then takes it.
    assert "Timeline alfa, Spring of 1902 (adjustments)" in fall
    assert "Board alfa:Spring02 (Timeline alfa, Spring of 1902; active, builds and" in fall
    adjustment, _ = reports[2]
    assert "Adjustment results for Timeline alfa, Spring of 1902." in adjustment
    assert "Germany: Builds an army in Kiel." in adjustment
    assert "A alfa:KIE:Spring02" in adjustment


def test_the_reference_reports_keep_writing_other_boards_in_words():
    fall, _ = _reports("loose", _FORK_AND_BUILD[:2])[1]
    assert "SUPPORT Army Munich (timeline 1, Spring 1901) -> Tyrolia (timeline 1," in fall


# ------------------------------------------------------------------ by mail


def _doc_of(w: World) -> dict:
    from judge.rules.multiverse.json_io import write_world

    return {"variant": "standard", "rules": {"ruleset": "5dplomacy"}, **write_world(BASE, w)}


def test_5dplomacy_mail_checks_use_its_adjacency():
    from judge.rules.multiverse.mail_orders import check_world_orders

    w = _two_timelines("tyr")  # heads alfa Spring 1902 and bravo Fall 1901
    diagonal = f"A {at('mun', '1:1')} - {at('boh', '2:0')}"
    assert play(w, {"germany": [diagonal]}).status(diagonal) == "success"
    [check] = check_world_orders(_doc_of(w), "germany", [diagonal])
    assert check.ok, check.message


def test_5dplomacy_mail_owes_and_allows_the_adjustments_of_the_waiting_board():
    from judge.orders.keys import OrderKey
    from judge.rules.multiverse.mail_orders import board_adjustments, check_world_orders
    from judge.rules.multiverse.ruleset import MultiverseRuleset
    from judge.rules.registry import BASE_RULES

    w = _after_fall(
        "germany A mun, A ber, F kie; austria A tyr",
        {"germany": ["A mun - ruh"]},
        {"austria": ["A tyr - mun"]},
    )
    doc = _doc_of(w)
    assert board_adjustments(doc) == {("germany", "1:S1902"): -1, ("austria", "1:S1902"): 1}
    rules = MultiverseRuleset(BASE_RULES["standard"]())
    owed = rules.owed(doc)
    assert [(o.key, o.count) for o in owed["germany"]] == [("remove", 1)]
    assert [(o.key, o.count) for o in owed["austria"]] == [("build", 1)]
    [removal] = check_world_orders(doc, "germany", ["remove A alfa:Ruh:Spring02"])
    assert removal.ok and removal.canonical == "disband A 1:ruh:S1902"  # as on a winter board
    assert rules.allowance_group(doc, removal.key) == ("remove", "1:S1902")
    [build] = check_world_orders(doc, "austria", ["build A vie"])
    assert build.ok and rules.allowance_group(doc, build.key) == ("build", "1:S1902")
    [move] = check_world_orders(doc, "germany", ["A 1:ber:S1902 - 1:sil:S1902"])
    assert not move.ok and "builds and removals" in (move.message or "")
    # Once the board has its adjustments, the same key is a unit's order again.
    after = _doc_of(play(w, {"germany": ["remove A 1:ruh:S1902"]}).world)
    assert rules.allowance_group(after, OrderKey.unit(loc("1:ber:S1902"))) is None


def test_5dplomacy_a_build_on_several_waiting_boards_names_them_as_5dplomacy_does():
    """5dplomacy has no winter: a build whose board is unclear names the Spring boards
    that wait, in 5dplomacy's notation, not 'winter boards'."""
    from dataclasses import replace

    from judge.rules.multiverse.order_text import parse_order

    boards = [
        replace(
            board(t, "S1902", "germany A mun", {"germany": ["mun", "kie", "den"]}), adjusting=True
        )
        for t in (1, 2)
    ]
    w = World(boards={b.key: b for b in boards}, rules=FIVED)
    parsed = parse_order(w, BASE, "germany", "build F kie")
    assert parsed.message == (
        "build F kie: several boards wait for builds (alfa:KIE:Spring02, bravo:KIE:Spring02):"
        " write the timeline"
    )


def test_an_eliminated_powers_mail_orders_are_refused_naming_it():
    """docs/multiverse.md: an eliminated power's orders are refused. By mail they were
    answered "Accepted" (its units on other timelines still stand) and only the
    adjudication refused them, as "germany is eliminated ...": the reply told the
    player something false, and named the power by its code. Both now say it, with
    the power's name."""
    from judge.rules.registry import ruleset_for

    rules = ruleset_for("standard", "multiverse").played_as("5dplomacy")
    doc = {**rules.starting_position("standard", adjacency="5dplomacy"), "eliminated": ["germany"]}
    (check,) = rules.check_orders(doc, "germany", ["A Mun - Tyr"])
    assert not check.ok
    assert check.message == (
        "A Mun - Tyr: Germany is eliminated (in one timeline, so in all): its orders are"
        " refused and its units hold"
    )
    answer = rules.adjudicate({**doc, "orders": {"germany": ["A Mun - Tyr"]}})
    (given,) = [o for o in answer["orders"] if o["text"] == "A Mun - Tyr"]
    assert given["result"] == "invalid" and given["reason"].startswith("Germany is eliminated")
