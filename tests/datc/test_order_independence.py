"""The DATC outcomes do not depend on the order in which units and powers are listed."""

from __future__ import annotations

import copy
import random

import pytest

from judge.rules.documents import adjudicate_document
from tests.datc.runner import load_cases, run_case

PARADOXES = [c for c in load_cases() if c["id"].startswith(("6.C.", "6.F.", "6.G."))]


@pytest.mark.parametrize("case", PARADOXES, ids=[c["id"] for c in PARADOXES])
def test_shuffled_listings_give_the_same_outcome(case: dict) -> None:
    for seed in range(12):
        shuffled = copy.deepcopy(case)
        rng = random.Random(seed)
        for step in shuffled["steps"]:
            if "units" in step:
                rng.shuffle(step["units"])
            powers = list(step["orders"].items())
            rng.shuffle(powers)
            step["orders"] = dict(powers)
        run_case(shuffled, adjudicate_document)
