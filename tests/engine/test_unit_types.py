"""Unit types: the standard army and fleet, and types a ruleset defines."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from judge.engine.mapgeo import geography_for
from judge.engine.rules import STANDARD
from judge.engine.units import STANDARD_UNIT_TYPES, Unit, UnitType
from judge.variant.data import load_variant


def test_a_standard_unit_type_is_found_by_its_code_and_is_one_object() -> None:
    assert UnitType("A") is UnitType.ARMY
    assert UnitType("F") is UnitType.FLEET
    assert UnitType(UnitType.FLEET) is UnitType.FLEET
    assert STANDARD.unit_type("A") is UnitType.ARMY
    assert STANDARD_UNIT_TYPES == ("A", "F")


def test_a_unit_type_reads_and_writes_as_its_code() -> None:
    assert UnitType.ARMY == "A" and UnitType.ARMY.value == "A"
    assert f"{UnitType.FLEET} {UnitType.FLEET.value}" == "F F"
    assert json.dumps({"type": UnitType.ARMY}) == '{"type": "A"}'
    assert UnitType.ARMY.name == "ARMY"
    assert {"A": 1}[UnitType.ARMY] == 1


def test_copies_and_pickles_of_a_standard_unit_keep_the_same_type() -> None:
    unit = Unit("france", UnitType.FLEET)
    assert copy.deepcopy(unit).type is UnitType.FLEET
    assert pickle.loads(pickle.dumps(unit)).type is UnitType.FLEET


def test_an_unknown_code_is_no_standard_unit_type() -> None:
    with pytest.raises(ValueError, match="'Z' is not a valid UnitType"):
        UnitType("Z")
    with pytest.raises(ValueError, match="not a unit type of the standard rules"):
        STANDARD.unit_type("Z")


@pytest.mark.parametrize("code", ["", "a", "AB", "1"])
def test_a_new_unit_type_needs_a_one_capital_letter_code(code: str) -> None:
    with pytest.raises(ValueError, match="one capital letter"):
        UnitType.define(code, "thing", adjacency="army", terrains={"land"})


def test_what_the_engine_knows_of_army_and_fleet() -> None:
    army, fleet = UnitType.ARMY, UnitType.FLEET
    assert (army.convoyable, army.convoys, army.adjacency) == (True, False, "army")
    assert (fleet.convoyable, fleet.convoys, fleet.adjacency) == (False, True, "fleet")
    assert army.terrains == {"land", "coast"} and fleet.terrains == {"sea", "coast"}


def test_a_new_unit_type_moves_by_the_map_adjacency_it_names() -> None:
    geo = geography_for(load_variant("standard"))
    hovercraft = UnitType.define(
        "H", "hovercraft", adjacency="fleet", terrains={"sea", "coast", "land"}
    )
    assert geo.can_move(hovercraft, "bre", "eng")
    assert not geo.can_move(hovercraft, "bre", "par")
    assert geo.can_stand(hovercraft, "par") and not geo.can_stand(UnitType.FLEET, "par")
    assert geo.can_stand(UnitType.FLEET, "spa/nc") and not geo.can_stand(UnitType.FLEET, "spa")
    balloon = UnitType.define("B", "balloon", adjacency="air", terrains={"land"})
    assert not geo.can_move(balloon, "par", "bur")
    assert list(geo.neighbours(balloon, "par")) == []
