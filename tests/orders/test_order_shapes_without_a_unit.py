"""The shapes of njudge's orders written without a unit type, as asked below a
``--`` line (the ruleset hook ``order_shaped``): a province's code and an order word
(``Par - Bru``), a province's code mistyped (two letters swapped: ``Pra-Bru``) and an
order word, or an order's first word so mistyped (``Buidl A Par``, ``wiave``), on each
map's codes; a signature's words are not, though a map's code may be a name
(Colonial's ``Bob``) and a name a letter away from one (``Tom``, ``Rom``)."""

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
        # a first word with two letters swapped (were taken for the signature: lost)
        ("standard", "Pra H"),
        ("standard", "Pra-Bru"),
        ("standard", "Buidl A Par"),
        ("standard", "wiave"),
        ("colonial", "Mso - Irk"),
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
        # a name, a dash and initials or a place (Tom - Den was refused as an order)
        ("standard", "Tom - Den"),
        ("standard", "Cheers - Tom"),
        ("standard", "Bob H"),
        ("colonial", "Tom - Mos"),
    ],
)
def test_a_signature_has_no_order_shape(variant: str, text: str) -> None:
    assert not ruleset_for(variant).order_shaped(variant, text)
