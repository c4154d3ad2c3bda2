"""Issue 25.1: which lines of a mail the order reader of each ruleset takes for an
attempt at an order (read, and refused with a reason when wrong) and which it
passes over as greetings and sign-offs."""

from __future__ import annotations

import pytest

from judge.rules.registry import ruleset_for

SIGN_OFFS = [
    "Thanks!",
    "Cheers, Alice",
    "Thanks, Bob",
    "Hi all",
    "Best regards,",
    "Bob",
    "-Bob",
    "Bob (France)",
    "Sent from my iPhone",
    "Get Outlook for Android",
    "Envoyé de mon iPhone",
    "Greetings from Bob",
    "Thanks a lot",
    "Have a nice day",
    "Per",
    "Sin",
    "Vienna, Austria",
    "See you at 12:30",
    # a sign between names (was refused: "Cheers - Alice" was taken for a garbled
    # move, flagging a mail of good orders)
    "Thanks, Ann",
    "See you",
    "Cheers - Tom",
    "Cheers - Alice",
]
# A name and an initial: Bob is no place but on Colonial's map (Bobruisk), where
# "Bob H" is an order.
SIGN_OFFS_OFF_COLONIAL = ["Bob H", "Bob - Ann", "Ned H", "Tom H"]
ATTEMPTS = {
    ("standard", "standard"): [
        "A Vie-Gal",
        "a vie-gal",
        "A Bud-Srb",
        "A Veinna-Galizia",
        "Amry Vienna - Galicia",
        "Vienna Galicia",
        "Vie H",
        "A Bud S A Vie-Gal",
        "F Tri-Alb, thanks",
        "Build A Vie",
        "Waive",
        "Fleet North Sea convoys Army London to Belgium",
        "Xyz - Gal",  # a sign before a place
        # an order read whole, with an order's word after a place and its coast
        # (passed over before: a build, a disband or a hold lost)
        "Spain south coast B",
        "stp/sc H",
        "Spa (sc) D",
        "R F Bre",  # an order's letter and a unit
        # an order's first word with two letters swapped (passed over: orders lost)
        "Pra H",
        "Pra-Bru",
        "Pra - Bru",
        "Buidl A Par",
        "wiave",
        "Prais S A Mar - Bur",
    ],
    ("colonial", "standard"): ["A Mos-TSR-Vla", "A Mos via TSR to Oms", "Bob - Mos"],
    ("rootz", "standard"): ["A Mar1 - Pie2", "Mar1 to Pie2", "A Marseilles 1 - Piedmont 1"],
    ("outerspace", "standard"): ["A ORB H", "ORB H", "F ORB - Lon", "A Par COL", "Orbit holds"],
    ("standard", "multiverse"): ["1:mun:S1901 H", "alfa:MUN:Spring01 H", "2:par", "A Ber-Kie"],
}


@pytest.mark.parametrize("rules", sorted(ATTEMPTS))
def test_greetings_and_sign_offs_are_no_order_attempt(rules: tuple[str, str]) -> None:
    variant, layer = rules
    ruleset = ruleset_for(variant, layer)
    lines = SIGN_OFFS + (SIGN_OFFS_OFF_COLONIAL if variant != "colonial" else [])
    taken = [line for line in lines if ruleset.order_attempt(variant, line)]
    assert taken == []


@pytest.mark.parametrize("rules", sorted(ATTEMPTS))
def test_each_rulesets_own_order_forms_are_attempts(rules: tuple[str, str]) -> None:
    variant, layer = rules
    ruleset = ruleset_for(variant, layer)
    missed = [line for line in ATTEMPTS[rules] if not ruleset.order_attempt(variant, line)]
    assert missed == []
