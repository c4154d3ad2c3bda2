"""Naming a Root Z power in SIGNON and the like: its code, name or adjective; the
initial that France 1 and France 2 share names neither (the standard one still works)."""

from __future__ import annotations

from judge.game.games import find_power, variant_powers


def test_a_shared_initial_names_no_power() -> None:
    powers = variant_powers("rootz")
    assert find_power(powers, "F") is None
    assert find_power(powers, "france2").code == "france2"
    assert find_power(powers, "France 1").code == "france1"


def test_a_unique_initial_still_names_its_power() -> None:
    assert find_power(variant_powers("standard"), "F").code == "france"
