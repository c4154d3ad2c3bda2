"""A multiverse refusal of another power's unit names its owner as players know the
power, as the standard refusal does (``the unit in Munich is not yours (it is
German)``), never by the judge's code (``belongs to germany``): in the reference
game's notation and 5dplomacy's, and in a Colonial world (British, not ``britain``)."""

from __future__ import annotations

import pytest

from judge.rules.registry import ruleset_for
from tests.commands.helpers import multiverse_reply


@pytest.mark.parametrize(
    ("setting", "where"), [("loose", "1:mun:S1901"), ("5dplomacy", "alfa:MUN:Spring01")]
)
def test_another_powers_unit_is_refused_naming_the_power(tmp_path, setting, where) -> None:
    text = multiverse_reply(tmp_path, setting, "A Mun - Ruh\nF Kie S A Mun\n")
    assert f"A Mun - Ruh: the unit at {where} is not yours (it is German)" in text, text
    assert "is not yours (it is German)" in text.split("F Kie S A Mun:")[1]
    assert "belongs to" not in text and "germany" not in text


def test_a_colonial_world_names_the_british(tmp_path) -> None:
    rules = ruleset_for("colonial", "multiverse")
    doc = rules.starting_position("colonial")
    (check,) = rules.check_orders(doc, "russia", ["F Hk H"])
    assert not check.ok and check.message.endswith("is not yours (it is British)")
