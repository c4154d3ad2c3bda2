"""Root Z pairing data (judge/variant/rootz_pairs.py): the mega-zones of rule 3.0 and the
pairs rules 3.0-3.2 allow, checked against the rule text's own examples."""

from __future__ import annotations

import itertools

import pytest

from judge.variant.data import Variant, load_variant
from judge.variant.rootz_pairs import (
    PairingError,
    allowed_pairs,
    board_code,
    mega_zones,
    pair_refusal,
    power_zones,
)

LETTERS = {
    "A": "austria",
    "E": "england",
    "F": "france",
    "G": "germany",
    "I": "italy",
    "R": "russia",
    "T": "turkey",
}


def rootz_powers(text: str) -> list[str]:
    """Rule 3.0's notation: ``"E1,G1"`` -> ``["england1", "germany1"]``."""
    return [f"{LETTERS[item.strip()[0]]}{item.strip()[1:]}" for item in text.split(",")]


# Rule 3.0's sample preference lists, one per zone; the second list's "I2" corrected to
# "I1" (I2 is on the first list already, and every power is on exactly one list).
RULE_3_0_FIRST = rootz_powers("E1,G1,F1,T2,A2,R1,I2")
RULE_3_0_SECOND = rootz_powers("T1,A1,G2,F2,E2,I1,R2")


@pytest.fixture(scope="module")
def rootz() -> Variant:
    return load_variant("rootz")


def test_rootz_two_mega_zones_of_19_seas(rootz: Variant) -> None:
    first, second = mega_zones(rootz)
    seas = {code for code, p in rootz.provinces.items() if p.kind == "sea"}
    assert len(first) == len(second) == 19
    assert first | second == seas and not first & second
    zone_of = {sea: i for i, zone in enumerate((first, second)) for sea in zone}
    # "No fleet can move from Bar1 to Eas1"; R1 "adjoins" both Bar1 and Bla1 (rule 3.1).
    assert zone_of["bar1"] != zone_of["eas1"]
    assert zone_of["bar1"] != zone_of["bla1"]
    # Each zone is one board's Atlantic and the other board's Mediterranean.
    assert zone_of["nao1"] == zone_of["wes2"] == zone_of["bla2"] == zone_of["bal1"]


def test_rootz_mega_zones_are_computed_from_the_map() -> None:
    with pytest.raises(PairingError, match="1 fleet-connected zones, not 2"):
        mega_zones(load_variant("standard"))


def test_rootz_power_zones_follow_rule_3_0_lists_and_rule_3_1(rootz: Variant) -> None:
    zones = power_zones(rootz)
    assert len(zones) == 14
    first = {zones[p] for p in RULE_3_0_FIRST}
    second = {zones[p] for p in RULE_3_0_SECOND}
    assert len(first) == len(second) == 1 and first != second
    # Russia 1 counts with the zone of Bar1, not Bla1; Russia 2 likewise on board 2.
    bar_zone = [i for i, zone in enumerate(mega_zones(rootz)) if "bar1" in zone]
    assert zones["russia1"] == bar_zone[0] != zones["russia2"]


def test_rootz_all_91_pairs_are_classified(rootz: Variant) -> None:
    pairs = list(itertools.combinations(rootz.powers, 2))
    assert len(pairs) == 91
    refusals = {pair: pair_refusal(rootz, *pair) for pair in pairs}
    allowed = {pair for pair, why in refusals.items() if why is None}
    assert len(allowed) == 45
    assert set(allowed_pairs(rootz)) == allowed
    # By the rule text: one power from each list (7 x 7 = 49), less A/R and R/T of a board.
    expected = {
        tuple(sorted((a, b), key=list(rootz.powers).index))
        for a in RULE_3_0_FIRST
        for b in RULE_3_0_SECOND
    } - {
        ("austria1", "russia1"),
        ("russia1", "turkey1"),
        ("austria2", "russia2"),
        ("russia2", "turkey2"),
    }
    assert allowed == expected
    same_zone = [pair for pair, why in refusals.items() if why and "same sea zone" in why]
    one_board = [pair for pair, why in refusals.items() if why and "rule 3.2" in why]
    assert (len(same_zone), len(one_board)) == (42, 4)


@pytest.mark.parametrize(
    ("first", "second", "fragment"),
    [
        ("austria1", "england2", "same sea zone"),  # rule 5.1's example pair
        ("austria1", "russia1", "rule 3.2"),
        ("russia2", "turkey2", "rule 3.2"),
        ("england1", "france1", "same sea zone"),
        ("france1", "france1", "one power"),
    ],
)
def test_rootz_refused_pairs_say_why(
    rootz: Variant, first: str, second: str, fragment: str
) -> None:
    why = pair_refusal(rootz, first, second)
    assert why is not None and fragment in why
    reverse = pair_refusal(rootz, second, first)  # the order of the two does not matter
    assert reverse is not None and fragment in reverse


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("france1", "france2"),
        ("russia1", "germany2"),
        ("austria1", "turkey2"),
        ("italy1", "italy2"),
    ],
)
def test_rootz_allowed_pairs(rootz: Variant, first: str, second: str) -> None:
    assert pair_refusal(rootz, first, second) is None


def test_rootz_board_code() -> None:
    assert board_code("russia1") == ("russia", "1")
    with pytest.raises(ValueError, match="no code with a board digit"):
        board_code("russia")
