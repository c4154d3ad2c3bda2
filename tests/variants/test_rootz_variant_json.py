"""``judge variant show rootz --json`` adds the allowed pairs of rules 3.0-3.2
(``allowed_pairs``, a key of the Root Z rules); other variants' JSON has no such key."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from judge.cli.main import main
from judge.variant.data import load_variant
from judge.variant.rootz_pairs import pair_refusal


def shown(capsys: pytest.CaptureFixture[str], name: str) -> dict:
    assert main(["variant", "show", name, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_rule_3_0_json_lists_the_45_allowed_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    doc = shown(capsys, "rootz")
    assert list(doc)[-2:] == ["special_rules", "allowed_pairs"]
    pairs = doc["allowed_pairs"]
    assert len(pairs) == 45 and len({frozenset(p) for p in pairs}) == 45
    variant = load_variant("rootz")
    order = list(variant.powers)
    # every one of the 91 pairs is listed exactly when the rules allow it
    for a, b in combinations(order, 2):
        assert ([a, b] in pairs) == (pair_refusal(variant, a, b) is None), (a, b)
    assert pairs == sorted(pairs, key=lambda p: (order.index(p[0]), order.index(p[1])))
    # rule 3.2: nobody holds Austria and Russia, or Russia and Turkey, of one board
    assert ["austria1", "russia1"] not in pairs and ["russia2", "turkey2"] not in pairs
    assert ["france1", "england2"] in pairs  # the issue's own example of a player


@pytest.mark.parametrize("name", ["standard", "colonial"])
def test_other_variants_have_no_allowed_pairs(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    doc = shown(capsys, name)
    assert "allowed_pairs" not in doc
    assert list(doc)[-1] == "special_rules"
