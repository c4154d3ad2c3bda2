"""Which picture a position gets is its ruleset's answer (``Ruleset.picture``,
issue 27 item 3), not a guess from the document: one board for the standard rules
(and Colonial, Root Z), a grid of boards for a multiverse world, the board with the
orbit panel and the colonies for Outer Space; one board of a world is drawn as the
map's rules draw theirs."""

from __future__ import annotations

from typing import Any

import pytest

from judge.maps.pictures import PANEL, position_scene
from judge.rules.base import BOARD_PICTURE, GRID_PICTURE, ORBIT_PICTURE
from judge.rules.registry import ruleset_for
from judge.variant.data import load_variant
from judge.variant.empires import Empire

SPACE = load_variant("outerspace")
STANDARD = load_variant("standard")
EMPIRES = [Empire("zorg", "Zorg", "Zorgish", "Z"), Empire("vega", "Vega", "Vegan", "V")]


@pytest.mark.parametrize(
    ("variant", "rules", "picture", "board"),
    [
        ("standard", "standard", BOARD_PICTURE, BOARD_PICTURE),
        ("colonial", "standard", BOARD_PICTURE, BOARD_PICTURE),
        ("rootz", "standard", BOARD_PICTURE, BOARD_PICTURE),
        ("outerspace", "standard", ORBIT_PICTURE, ORBIT_PICTURE),
        ("standard", "multiverse", GRID_PICTURE, BOARD_PICTURE),
        ("colonial", "multiverse", GRID_PICTURE, BOARD_PICTURE),
    ],
)
def test_the_ruleset_says_how_its_positions_are_drawn(
    variant: str, rules: str, picture: str, board: str
) -> None:
    ruleset = ruleset_for(variant, rules)
    assert (ruleset.picture, ruleset.board_picture) == (picture, board)


def _space() -> dict[str, Any]:
    rules = ruleset_for("outerspace")
    return rules.empire_position(rules.starting_position("outerspace"), EMPIRES)


def _height(canvas: Any) -> int:
    return int(canvas.finish().size[1])


def test_the_picture_the_caller_gives_is_drawn_whatever_the_document() -> None:
    """An Outer Space position drawn as one plain board has no orbit panel: the maps
    follow the ruleset's answer they are given."""
    doc = _space()
    orbit = position_scene(doc, SPACE, "space", "S1901M", picture=ORBIT_PICTURE)
    plain = position_scene(doc, SPACE, "space", "S1901M", picture=BOARD_PICTURE)
    assert orbit is not None and plain is not None
    assert _height(orbit) - _height(plain) == PANEL


def test_a_world_is_drawn_as_a_grid_only_when_the_ruleset_says_so() -> None:
    world = ruleset_for("standard", "multiverse").starting_position("standard")
    grid = position_scene(world, STANDARD, "multi", "S1901M", picture=GRID_PICTURE)
    assert grid is not None
    assert [item.key for item in grid.items("board")] == ["1:S1901"]


def test_players_name_their_powers_only_in_outer_space() -> None:
    assert ruleset_for("outerspace").players_name_powers
    assert not ruleset_for("standard").players_name_powers
    assert not ruleset_for("standard", "multiverse").players_name_powers
