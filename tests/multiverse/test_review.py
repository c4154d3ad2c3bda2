"""Three choices of the multiverse adjudicator, checked against the issue and the
reference (docs/multiverse.md, "Choices reviewed"): surplus builds in the order
given, coast-exact supports across boards under strict adjacency, and convoy routes
of any length through the multiverse."""

from __future__ import annotations

import pytest

from tests.multiverse.helpers import board, key, play, units_of, world

# ------------------------------------------------- (a) surplus builds, order given


@pytest.mark.parametrize("seed", range(6))
def test_surplus_builds_are_taken_in_the_order_given_on_every_board(seed):
    # France may build one on each of two timelines and orders two builds on each,
    # in opposite orders: the first valid build of each board is the one built,
    # whatever the world's seed (DATC 6.I.1, through the multiverse path too).
    centres = {"france": ["par", "bre", "mar"]}
    w = world(
        board(1, "W1901", "france A bur, A gas", centres),
        board(2, "W1901", "france A bur, A gas", centres),
        seed=seed,
    )
    orders = ["build A 1:par:W1901", "build F 1:bre:W1901"]
    orders += ["build F 2:bre:W1901", "build A 2:par:W1901"]
    turn = play(w, {"france": orders})
    assert [turn.status(o) for o in orders] == ["success", "failure"] * 2
    assert turn.result("build F 1:bre:W1901").reason == "no build available"
    assert units_of(turn.world, 1, "S1902")["par"] == "france A"
    assert units_of(turn.world, 2, "S1902")["bre"] == "france F"


# ------------------------------- (b) strict supports across boards: exact location


def _support(supporter: str, units2: str, orders: list[str]) -> list[str]:
    w = world(board(1, "S1901", supporter), board(2, "S1901", units2), strict=True)
    turn = play(w, {"france": orders})
    return [turn.status(o) for o in orders]


def test_strict_support_across_boards_from_the_same_coast_is_valid():
    orders = ["F 1:spa/sc:S1901 S F 2:mao:S1901 - 2:spa/sc:S1901", "F 2:mao - 2:spa/sc"]
    assert _support("france F spa/sc", "france F mao", orders) == ["success", "success"]


@pytest.mark.parametrize(
    ("supporter", "units2", "support"),
    [
        # other coast of the same province (the reference compares region ids)
        ("france F spa/sc", "france F mao", "F 1:spa/sc:S1901 S F 2:mao:S1901 - 2:spa/nc:S1901"),
        # the province itself, from a coast
        ("france F spa/sc", "france A gas", "F 1:spa/sc:S1901 S A 2:gas:S1901 - 2:spa:S1901"),
        # a coast, from the province
        ("france A spa", "france F mao", "A 1:spa:S1901 S F 2:mao:S1901 - 2:spa/nc:S1901"),
        # holding support of the province, from a coast
        ("france F spa/sc", "france A spa", "F 1:spa/sc:S1901 S A 2:spa:S1901"),
    ],
)
def test_strict_support_across_boards_needs_the_identical_location(supporter, units2, support):
    w = world(board(1, "S1901", supporter), board(2, "S1901", units2), strict=True)
    turn = play(w, {"france": [support]})
    assert turn.status(support) == "invalid"
    assert "strict adjacency" in turn.result(support).reason
    loose = play(world(*w.boards.values(), strict=False), {"france": [support]})
    assert loose.status(support) != "invalid"


# --------------------------------------- (c) convoys of any length are recognised


@pytest.mark.parametrize("timelines", [2, 5, 8])
def test_a_convoy_chain_across_many_timelines_is_valid_and_carries_the_army(timelines):
    # A fleet in the North Sea on every timeline carries an army from London on
    # timeline 1 to Norway on the last timeline: every convoy order is part of the
    # route, however many boards apart its ends are.
    n = timelines
    boards = [board(1, "S1901", "england A lon, F nth")]
    boards += [board(t, "S1901", "england F nth") for t in range(2, n + 1)]
    move = f"A 1:lon:S1901 - {n}:nwy:S1901"
    convoys = [f"F {t}:nth:S1901 C A 1:lon:S1901 - {n}:nwy:S1901" for t in range(1, n + 1)]
    turn = play(world(*boards, strict=True), {"england": [move, *convoys]})
    assert {c: turn.status(c) for c in convoys} == dict.fromkeys(convoys, "success")
    assert turn.status(move) == "success"
    assert units_of(turn.world, n, "F1901")["nwy"] == "england A"


def test_a_support_of_a_long_convoyed_move_is_valid():
    # The supporter stands next to the destination, far from where the army starts.
    boards = [board(1, "S1901", "england A lon, F nth")]
    boards += [board(t, "S1901", "england F nth") for t in range(2, 7)]
    boards[-1] = board(6, "S1901", "england F nth, F ska; russia A nwy")
    move = "A 1:lon:S1901 - 6:nwy:S1901"
    convoys = [f"F {t}:nth:S1901 C A 1:lon:S1901 - 6:nwy:S1901" for t in range(1, 7)]
    support = "F 6:ska:S1901 S A 1:lon:S1901 - 6:nwy:S1901"
    turn = play(world(*boards, strict=True), {"england": [move, support, *convoys]})
    assert turn.status(support) == "success"
    assert turn.status(move) == "success"  # 2 against 1: the Russian army is dislodged
    assert "nwy" in turn.world.boards[key(6, "S1901")].dislodged
