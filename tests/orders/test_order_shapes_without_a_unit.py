"""The shapes of njudge's orders written without a unit type, as asked below a
``--`` line (the ruleset hook ``order_shaped``): a province's code and an order word
(``Par - Bru``), or a word written as a code moved to a code (``Pra-Bur``), on each
map's codes; a signature's words are not, though a map's code may be a name
(Colonial's ``Bob``)."""

from __future__ import annotations

import pytest

from judge.rules.registry import ruleset_for


@pytest.mark.parametrize(
    ("variant", "text"),
    [
        ("standard", "Par - Bru"),
        ("standard", "Pra-Bur"),
        ("standard", "Bur R Gsa"),
        ("standard", "Par S Mar - Bru"),
        ("standard", "Build A Pra"),
        ("standard", "Waive"),
        ("colonial", "Mos - Irx"),
        ("colonial", "Build A Agn"),
        ("rootz", "Vie1 - Gxl1"),
        ("rootz", "Vxe1 - Gal1"),
    ],
)
def test_an_order_without_a_unit_type_has_an_order_shape(variant: str, text: str) -> None:
    assert ruleset_for(variant).order_shaped(variant, text)


@pytest.mark.parametrize(
    ("variant", "text"),
    [
        ("standard", "Bob - Paris"),
        ("standard", "Bob - Kiel"),
        ("standard", "Away Jan - Mar 2025"),
        ("standard", "Mon - Fri, 9am - 5pm"),
        ("standard", "Build a better world"),
        ("standard", "Bob H."),
        ("colonial", "Bob - Moscow"),
        ("rootz", "Bob - Paris"),
    ],
)
def test_a_signature_has_no_order_shape(variant: str, text: str) -> None:
    assert not ruleset_for(variant).order_shaped(variant, text)
