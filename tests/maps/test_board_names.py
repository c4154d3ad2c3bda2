"""A multiverse picture names its turns and boards as the game's mails do: the
ruleset's ``turn_label`` and ``timeline_label``, given to the maps as a
:class:`~judge.maps.Naming`.  A 5dplomacy game's grid titles its turn ``Fall01`` and
labels its boards ``alfa:Spring01``, ``bravo:Fall01`` (no winter); the reference 5D
game keeps ``F1901M`` and ``1:S1901``.  Every board's label fits its board."""

from __future__ import annotations

from typing import Any

from judge.maps import Naming
from judge.maps.draw import BoardState, Canvas
from judge.maps.geometry import geometry_for
from judge.maps.grid import draw_grid
from judge.maps.labels import text_size
from judge.maps.pictures import position_picture, position_scene, world_scene
from judge.rules.base import Ruleset
from judge.rules.registry import MULTIVERSE, ruleset_for
from judge.variant.data import load_variant
from tests.maps.mails import stepped

VARIANT = load_variant("standard")
REFERENCE = ruleset_for("standard", MULTIVERSE)
FIVED = REFERENCE.played_as("5dplomacy")
# Spring 1901 bounces in Tyrolia; in Fall 1901 Germany supports that move from the
# future, which forks a new timeline from the spring board.
SPRING = {"germany": ["A Mun - Tyr"], "austria": ["A Vie - Tyr"]}
FALL = {"germany": ["A 1:mun:F1901 S A 1:mun:S1901 - 1:tyr:S1901"], "austria": ["A Vie H"]}


def _start(rules: Ruleset) -> dict[str, Any]:
    """The start of a game of ``rules`` (CREATE ... RULES MULTIVERSE [5DPLOMACY])."""
    return rules.starting_position("standard", adjacency="5dplomacy" if rules is FIVED else "")


def _fork(rules: Ruleset) -> Any:
    """The step of Fall 1901 that forks timeline 2."""
    spring = stepped(rules, _start(rules), SPRING)
    fall = stepped(rules, spring.after, FALL)
    assert fall.answer.get("new_timelines"), "the fall should fork"
    return fall


def _labels(canvas: Canvas) -> list[str]:
    return sorted(item.key.removesuffix(" active") for item in canvas.items("heading"))


def test_a_5dplomacy_grid_names_its_turn_and_boards_as_its_mails_do() -> None:
    fall = _fork(FIVED)
    code = FIVED.processed_phase(fall)
    drawn = world_scene(
        fall.answer, VARIANT, "g", code, read_location=FIVED.read_location, naming=Naming.of(FIVED)
    )
    assert drawn is not None
    canvas, title = drawn
    assert title == "g · turn Fall01 · results"
    labels = _labels(canvas)
    assert "bravo:Fall01" in labels and "alfa:Spring02" in labels
    assert not any(":S19" in label or ":F19" in label for label in labels), labels


def test_a_5dplomacy_position_is_titled_with_its_turn() -> None:
    world = _start(FIVED)
    naming = Naming.of(FIVED)
    canvas = position_scene(
        world, VARIANT, "g", "S1901M", "start", picture=FIVED.picture, naming=naming
    )
    picture = position_picture(
        world, VARIANT, "g", "S1901M", "start", picture=FIVED.picture, naming=naming
    )
    assert canvas is not None and picture is not None
    assert _labels(canvas) == ["alfa:Spring01"]
    assert picture.alt == "Map: g · Spring01 · start"
    assert picture.filename == "g-S1901M.png"


def test_the_reference_grid_keeps_its_codes() -> None:
    fall = _fork(REFERENCE)
    code = REFERENCE.processed_phase(fall)
    naming = Naming.of(REFERENCE)
    drawn = world_scene(
        fall.answer, VARIANT, "g", code, read_location=REFERENCE.read_location, naming=naming
    )
    assert drawn is not None
    canvas, title = drawn
    assert title == "g · turn F1901M · results"
    assert "2:F1901" in _labels(canvas) and "1:S1901" in _labels(canvas)


def test_the_longest_timeline_names_fit_their_boards() -> None:
    """Timelines named with the longest words and suffixes, on thumbnails and on a
    legible board: each label is no wider than its board."""
    geo = geometry_for(VARIANT.directory)
    assert geo is not None
    lines = [196, 206, 14, 24, 1]  # novemberseventh (the longest name), xrayseventh, ...
    turns = ["S1901M", "F1901M", "S1902M", "F1902M", "S2005M"]
    boards = [
        BoardState(units=[], dislodged=[], centres={}, key=(line, turn[:5]))
        for line in lines
        for turn in turns
    ]
    active = {(line, "S1901") for line in lines}  # the latest turns as thumbnails
    canvas = draw_grid(
        geo, boards, [], active=active, changed=set(), title="g", naming=Naming.of(FIVED)
    )
    labels = canvas.items("heading")
    assert len(labels) == 4 * len(lines)  # Spring01 legible, the latest 3 turns small
    assert "novemberseventh:Spring2005" in _labels(canvas)
    for item in labels:
        width = text_size(item.key, item.info["size"])[0]
        assert width <= item.info["width"], (item.key, width, item.info["width"])
        assert item.info["size"] >= 8, item.key  # still legible
