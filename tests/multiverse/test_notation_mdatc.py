"""5dplomacy's MDATC order form (its ``MDATC.html`` 2.B, "order notation"): a location
is a province, then the board as ``turn:timeline``, both counted from 0 (``A Munich
1:0`` is the army in Munich on Fall 1901 of the first timeline).  A 5dplomacy game
reads the orders of MDATC 3.A exactly as the document writes them; the reference
rules refuse that form with the reason."""

from __future__ import annotations

import pytest

from judge.rules.multiverse.notation import parse_place
from judge.rules.multiverse.order_text import numbered_board, parse_order
from judge.rules.multiverse.world import World

from .helpers import BASE, play, units_of, world
from .test_5dplomacy import at, board_at, holds, start


def same(w: World, power: str, mdatc: str, judge: str) -> None:
    """The MDATC text reads as the same order as the judge's own triple form."""
    found, expected = parse_order(w, BASE, power, mdatc), parse_order(w, BASE, power, judge)
    assert found.ok, found.message
    assert expected.ok, expected.message
    assert found.order == expected.order
    assert found.canonical == expected.canonical


def two_timelines() -> World:
    """England's army jumps from London 1:0 to York 0:0: heads 2:0 and 1:1 (3.A.5)."""
    w = holds(start("england A lon; austria A tyr; germany A mun"))
    return play(w, {"england": ["A London 1:0 - York 0:0"]}).world


def test_mdatc_3_a_1_move_into_own_past_forks_timeline_as_written():
    w = holds(start("germany A mun"))
    same(w, "germany", "A Munich - Tyrolia 0:0", f"A {at('mun', '1:0')} - {at('tyr', '0:0')}")
    turn = play(w, {"germany": ["A Munich - Tyrolia 0:0"]})
    assert turn.status("A Munich - Tyrolia 0:0") == "success"
    assert [k for k in turn.world.boards if k.timeline != 1] == [board_at("1:1")]
    assert units_of(turn.world, 2, "F1901") == {"mun": "germany A", "tyr": "germany A"}


def test_mdatc_3_a_2_support_to_repelled_past_move_as_written():
    w = play(start("germany A mun; austria A tyr"), {"germany": ["A Munich - Tyrolia"]}).world
    same(
        w,
        "germany",
        "A Munich supports A Munich 0:0 - Tyrolia 0:0",
        f"A {at('mun', '1:0')} S A {at('mun', '0:0')} - {at('tyr', '0:0')}",
    )


def test_mdatc_3_a_3_failed_move_as_written():
    w = holds(start("germany A mun; austria A tyr"))
    same(w, "germany", "A Munich - Tyrolia 0:0", f"A {at('mun', '1:0')} - {at('tyr', '0:0')}")


def test_mdatc_3_a_4_superfluous_support_as_written():
    w = play(start("germany A mun, A boh"), {"germany": ["A Munich - Tyrolia", "A Bohemia hold"]})
    same(
        w.world,
        "germany",
        "A Bohemia supports A Munich 0:0 - Tyrolia",
        f"A {at('boh', '1:0')} S A {at('mun', '0:0')} - {at('tyr', '0:0')}",
    )


def test_mdatc_3_a_5_cross_timeline_support_as_written():
    w = two_timelines()
    orders = {
        "germany": ["A Munich 2:0 - Tyrolia", "A Munich 1:1 supports A Munich 2:0 - Tyrolia"],
        "austria": ["A Tyrolia 2:0 hold", "A Tyrolia 1:1 hold"],
    }
    same(w, "germany", orders["germany"][0], f"A {at('mun', '2:0')} - {at('tyr', '2:0')}")
    same(
        w,
        "germany",
        orders["germany"][1],
        f"A {at('mun', '1:1')} S A {at('mun', '2:0')} - {at('tyr', '2:0')}",
    )
    same(w, "austria", orders["austria"][1], f"A {at('tyr', '1:1')} H")
    turn = play(w, orders)
    assert turn.status("A Munich 2:0 - Tyrolia") == "success"
    assert "tyr" in turn.world.boards[board_at("2:0")].dislodged
    assert not turn.report.forks


def test_mdatc_3_a_6_cutting_cross_timeline_support_as_written():
    w = two_timelines()
    w = play(
        w,
        {
            "germany": ["A Munich 2:0 - Tyrolia", "A Munich 1:1 supports A Munich 2:0 - Tyrolia"],
            "austria": ["A Tyrolia 2:0 hold", "A Tyrolia 1:1 hold"],
        },
    ).world
    w = play(w, {}).world  # the dislodged army has no retreat order
    same(w, "austria", "A Tyrolia 2:1 - Munich 1:1", f"A {at('tyr', '2:1')} - {at('mun', '1:1')}")
    same(w, "germany", "A Tyrolia 3:0 holds", f"A {at('tyr', '3:0')} H")
    same(w, "germany", "A Munich 2:1 holds", f"A {at('mun', '2:1')} H")


@pytest.mark.parametrize(
    ("coord", "timeline", "turn"),
    [("0:0", 1, (1901, 0)), ("1:0", 1, (1901, 1)), ("2:1", 2, (1902, 0)), ("3:0", 1, (1902, 1))],
)
def test_mdatc_2_b_turn_then_timeline_both_counted_from_zero(coord, timeline, turn):
    w = start("germany A mun")
    assert numbered_board(w, *(int(n) for n in coord.split(":"))) == (timeline, turn)


@pytest.mark.parametrize(
    ("text", "province", "coast"),
    [("Mun 2:0", "mun", None), ("MUNICH 2 : 0", "mun", None), ("Spain/nc 2:0", "spa", "nc")],
)
def test_mdatc_form_with_codes_spacing_and_coasts(text, province, coast):
    w = start("germany A mun")
    place = parse_place(BASE, text, lambda turn, line: numbered_board(w, turn, line))
    found = (place.timeline, place.province, place.coast, place.turn)
    assert found == (1, province, coast, (1902, 0))


def test_the_reference_rules_refuse_the_mdatc_form_with_the_reason():
    w = world(start("germany A mun").boards[board_at("0:0")])
    parsed = parse_order(w, BASE, "germany", "A Munich 0:0 - Tyrolia 0:0")
    assert not parsed.ok
    assert "5dplomacy" in parsed.message and "timeline:province:turn" in parsed.message
