"""The multiverse holds its boards in the engine's models (issue 27, "each rule once"):
a board is the engine's ``Position`` of its map, a dislodged unit the engine's
``DislodgedUnit``, and a board's units once its moves are done are worked out in
one place for the successor boards and the standard answer alike."""

from __future__ import annotations

from dataclasses import replace

from judge.engine.phase import Phase
from judge.engine.position import DislodgedUnit, Position
from judge.engine.rules import STANDARD
from judge.rules.multiverse.advance import units_after_moves
from judge.rules.multiverse.json_io import read_world, write_world

from .helpers import BASE, board, key, loc, play, units_of
from .test_retreats import dislodged_in_the_past


def test_a_board_is_the_engines_position_with_its_phase_from_the_key() -> None:
    spring = board(1, "S1901", "france A par", {"france": ["par", "bre"]})
    assert isinstance(spring, Position)
    assert spring.phase == Phase(1901, "S", "M")
    assert board(2, "W1902", "france A par").phase == Phase(1902, "W", "A")
    assert replace(spring, key=key(1, "F1901"), settled=True).phase == Phase(1901, "F", "R")
    # The engine's hooks read a board as they read a classic position.
    assert STANDARD.allowance(BASE.variant, spring)["france"] == 1


def test_a_dislodged_unit_is_the_engines_and_is_stored_as_before() -> None:
    world = dislodged_in_the_past().world
    past = world.boards[key(1, "S1901")]
    dislodged = past.dislodged["tyr"]
    assert isinstance(dislodged, DislodgedUnit)
    assert dislodged.attacker_from == loc("1:mun:F1901")
    assert "vie" in dislodged.retreat_options
    written = write_world(BASE, world)
    (entry,) = (b for b in written["boards"] if b["phase"] == "S1901M")
    (stored,) = entry["dislodged"]
    assert stored["attacker_from"] == {"timeline": 1, "phase": "F1901M", "province": "mun"}
    assert stored["retreat_options"] == sorted(dislodged.retreat_options)
    assert read_world(BASE, written).boards[past.key].dislodged == past.dislodged


def test_units_after_moves_place_the_retreats_only_once_they_are_decided() -> None:
    paused = dislodged_in_the_past().world
    past = paused.boards[key(1, "S1901")]
    moved = units_after_moves(paused, past)  # the standard answer's units
    assert moved["tyr"].power == "germany"  # the attacker, from Fall 1901
    assert all(unit.power != "austria" for unit in moved.values())
    turn = play(paused, {"austria": ["A 1:tyr:S1901 - 1:vie:S1901"]})
    retreated = turn.world
    past = retreated.boards[past.key]
    assert "vie" not in units_after_moves(retreated, past)
    assert units_after_moves(retreated, past, retreated=True)["vie"].power == "austria"
    assert key(2, "F1901") in turn.report.created  # its successor forks (see test_retreats)
    assert units_of(retreated, 2, "F1901")["vie"] == "austria A"
