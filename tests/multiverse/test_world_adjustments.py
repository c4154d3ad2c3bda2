"""Builds and removals on multiverse winter boards, as the reply to a mail judges
them: a removal while the power may build on that board (or a build while it must
remove) is refused with the standard parser's reason and the board's name."""

from __future__ import annotations

from typing import Any

from judge.rules.multiverse.json_io import write_world
from judge.rules.multiverse.mail_orders import check_world_orders
from tests.multiverse.helpers import BASE, board, world


def two_winters() -> dict[str, Any]:
    """France builds one on timeline 1 (three centres, two units) and removes one on
    timeline 2 (two centres, three units)."""
    w = world(
        board(1, "W1901", "france A bur, A gas", {"france": ["par", "bre", "mar"]}),
        board(2, "W1901", "france A bur, A gas, A pic", {"france": ["par", "bre"]}),
    )
    return write_world(BASE, w)


def messages(doc: dict[str, Any], line: str) -> list[str | None]:
    return [c.message for c in check_world_orders(doc, "france", [line])]


def test_a_removal_is_refused_on_a_board_where_the_power_builds() -> None:
    assert messages(two_winters(), "Remove A 1:bur:W1901") == [
        "Remove A 1:bur:W1901: on timeline 1, W1901 you have more supply centres than"
        " units: you may build 1 unit (or waive), not remove one"
    ]


def test_a_build_is_refused_on_a_board_where_the_power_removes() -> None:
    assert messages(two_winters(), "Build A 2:par:W1901") == [
        "Build A 2:par:W1901: on timeline 2, W1901 you have more units than supply"
        " centres: you must remove 1 unit, not build"
    ]


def test_builds_and_removals_due_on_their_boards_are_accepted() -> None:
    checks = check_world_orders(
        two_winters(), "france", ["Build A 1:par:W1901, Remove A 2:pic:W1901"]
    )
    assert [(c.ok, c.key.text()) for c in checks] == [
        (True, "build:1:par:W1901"),
        (True, "2:pic:W1901"),
    ]


def test_no_adjustment_on_a_board_where_units_match_centres() -> None:
    w = world(board(1, "W1901", "france A bur, A gas", {"france": ["par", "bre"]}))
    assert messages(write_world(BASE, w), "Remove A 1:gas:W1901") == [
        "Remove A 1:gas:W1901: on timeline 1, W1901 you have as many units as supply"
        " centres: no builds or removals"
    ]
