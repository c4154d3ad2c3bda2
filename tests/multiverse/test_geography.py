"""Multiverse adjacency: strict and loose, sideways, back in time, winter, diagonals."""

from __future__ import annotations

import pytest

from judge.engine.orders import UnitType
from judge.rules.multiverse.geography import MultiverseGeography, boards_adjacent

from .helpers import BASE, loc

A, F = UnitType.ARMY, UnitType.FLEET
LOOSE = MultiverseGeography(BASE, strict=False)
STRICT = MultiverseGeography(BASE, strict=True)


@pytest.mark.parametrize("geo", [LOOSE, STRICT])
def test_same_board_uses_the_map(geo):
    assert geo.can_move(A, loc("1:par:S1901"), loc("1:bur:S1901"))
    assert not geo.can_move(A, loc("1:par:S1901"), loc("1:mun:S1901"))
    assert not geo.can_move(A, loc("1:par:S1901"), loc("1:par:S1901"))


@pytest.mark.parametrize("geo", [LOOSE, STRICT])
def test_same_province_one_timeline_sideways_or_one_board_back(geo):
    assert geo.can_move(A, loc("2:par:F1902"), loc("1:par:F1902"))
    assert geo.can_move(A, loc("1:par:F1902"), loc("2:par:F1902"))
    assert geo.can_move(A, loc("1:ber:F1901"), loc("1:ber:S1901"))


@pytest.mark.parametrize("geo", [LOOSE, STRICT])
def test_winter_is_skipped_spring_is_next_to_previous_fall(geo):
    assert geo.can_move(A, loc("1:ber:S1902"), loc("1:ber:F1901"))
    assert not geo.can_move(A, loc("1:ber:S1902"), loc("1:ber:S1901"))


@pytest.mark.parametrize("geo", [LOOSE, STRICT])
def test_winter_boards_are_never_adjacent(geo):
    assert not geo.can_move(A, loc("1:ber:S1902"), loc("1:ber:W1901"))
    assert not geo.can_move(A, loc("1:ber:W1901"), loc("1:kie:W1901"))
    assert not boards_adjacent(loc("1:ber:W1901"), loc("1:ber:F1901"))


@pytest.mark.parametrize("geo", [LOOSE, STRICT])
def test_no_diagonal_and_no_two_steps(geo):
    assert not geo.can_move(A, loc("2:par:F1901"), loc("1:par:S1901"))
    assert not geo.can_move(A, loc("3:par:F1901"), loc("1:par:F1901"))
    assert not geo.can_move(A, loc("1:par:S1902"), loc("1:par:S1901"))


def test_loose_allows_a_neighbour_on_the_other_board():
    assert LOOSE.can_move(A, loc("2:par:F1901"), loc("1:gas:F1901"))
    assert LOOSE.can_move(A, loc("1:ber:F1901"), loc("1:kie:S1901"))
    assert not LOOSE.can_move(A, loc("1:ber:F1901"), loc("1:par:S1901"))


def test_strict_allows_only_the_same_location_across_boards():
    assert not STRICT.can_move(A, loc("2:par:F1901"), loc("1:gas:F1901"))
    assert not STRICT.can_move(A, loc("1:ber:F1901"), loc("1:kie:S1901"))


@pytest.mark.parametrize("geo", [LOOSE, STRICT])
def test_fleets_keep_their_coast_across_boards(geo):
    assert geo.can_move(F, loc("1:spa/sc:F1901"), loc("1:spa/sc:S1901"))
    assert not geo.can_move(F, loc("1:spa/sc:F1901"), loc("1:spa/nc:S1901"))


@pytest.mark.parametrize("geo", [LOOSE, STRICT])
def test_one_board_forward_is_adjacent_for_supports(geo):
    # The board ahead (a ghost board) can be supported into.
    area = geo.province(loc("1:tyr:F1901"))
    assert geo.can_reach(A, loc("1:tyr:S1901"), area)


def test_areas_equal_locations_without_coast():
    # The Geography contract: a location naming a whole area equals its area.
    assert LOOSE.province(loc("1:spa:S1901")) == loc("1:spa:S1901")
    assert LOOSE.province(loc("1:spa/nc:S1901")) == loc("1:spa:S1901")


def test_retreat_neighbours_stay_on_the_board():
    neighbours = list(LOOSE.neighbours(A, loc("2:par:F1901")))
    assert neighbours and all(n.board == loc("2:par:F1901").board for n in neighbours)
