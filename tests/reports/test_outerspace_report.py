"""Outer Space in reports: the spacecraft named Orbit, colonize orders worded, and
the blocks after the position (armies in orbit, colonies, jammed provinces)."""

from __future__ import annotations

import pytest

from judge.reports.outerspace import jammed_rows, space_blocks
from judge.reports.sentences import OrderWords, Units, order_sentence, view_of_data, view_of_text
from judge.rules.outerspace.documents import starting_document
from judge.rules.registry import ruleset_for
from judge.variant.data import load_variant
from judge.variant.empires import Empire, empire_variant

EMPIRES = [
    Empire("zorg", "Zorg", "Zorgon", "Z"),
    Empire("vega", "Vega", "Vegan", "V"),
    Empire("altair", "Altair", "Altairian", "A"),
]
AFTER = {
    "powers": ["zorg", "vega", "altair"],
    "units": [
        {"power": "zorg", "type": "A", "province": "orb"},
        {"power": "zorg", "type": "A", "province": "orb"},
        {"power": "altair", "type": "A", "province": "orb"},
        {"power": "vega", "type": "A", "province": "par"},
    ],
    "colonies": {"zorg": ["par", "bre"], "vega": [], "altair": ["ven"]},
}


def _sentence(text: str) -> str:
    ruleset = ruleset_for("outerspace")
    names = ruleset.report_names(empire_variant(EMPIRES))
    view = view_of_text(text, words=ruleset.order_words())
    return order_sentence("vega", view, text, names, Units(names))


def test_orders_name_the_spacecraft_and_colonizing():
    assert _sentence("A orb - par") == "Army Orbit -> Paris."
    assert _sentence("A orb H") == "Army Orbit HOLD."
    assert (
        _sentence("A mun S A orb(zorg) - ber") == "Army Munich SUPPORT Army Orbit (Zorg) -> Berlin."
    )
    assert _sentence("A par COL") == "Army Paris COLONIZE."
    assert _sentence("A kie COL hol") == "Army Kiel COLONIZE Holland."
    assert _sentence("A par - orb") == "Army Paris -> Orbit."


def test_blocks_after_the_position():
    names = ruleset_for("outerspace").report_names(empire_variant(EMPIRES))
    blocks = space_blocks(AFTER, names)
    assert [b["heading"] for b in blocks] == [
        "Armies in orbit:",
        "Colonies:",
        "Jammed (only the colony's empire may beam down):",
    ]
    lines = [[f"{r['label']} {r['text']}" for r in b["rows"]] for b in blocks]
    assert lines == [
        [
            "Zorg:    2 armies in orbit.",
            "Vega:    0 armies in orbit.",
            "Altair:  1 army in orbit.",
        ],
        ["Zorg:    Brest, Paris.", "Vega:    none.", "Altair:  Venice."],
        [
            "Brest:   jammed for Vega and Altair.",
            "Paris:   jammed for Vega and Altair.",
            "Venice:  jammed for Zorg and Vega.",
        ],
    ]


def test_no_colony_no_jamming_block():
    names = ruleset_for("outerspace").report_names(empire_variant(EMPIRES))
    assert jammed_rows({}, names, ["zorg", "vega"]) == []
    assert len(space_blocks({**AFTER, "colonies": {}}, names)) == 2


def test_other_variants_keep_their_names():
    names = ruleset_for("standard").report_names(load_variant("standard"))
    assert names.place("orb") == "orb"


def test_owed_builds_count_free_own_colonies_not_home_centres():
    """``N builds not used`` counts the builds an empire could make: one per owned,
    own-colonized, empty centre (no home centres in Outer Space), orbit armies
    counting as units."""
    winter = {
        "phase": "W1902A",
        "powers": ["zorg", "vega", "altair"],
        "units": [
            {"power": "zorg", "type": "A", "province": "bel"},
            {"power": "zorg", "type": "A", "province": "pic"},
            {"power": "zorg", "type": "A", "province": "spa"},
            {"power": "vega", "type": "A", "province": "hol"},
            {"power": "vega", "type": "A", "province": "ber"},
            {"power": "altair", "type": "A", "province": "pie"},
            {"power": "altair", "type": "A", "province": "orb"},
        ],
        "supply_centers": {
            "zorg": ["bel", "bre", "par", "por", "spa"],  # two up, one free colony
            "vega": ["ber", "hol", "kie"],  # its colony Holland is occupied
            "altair": ["tri", "ven", "vie"],  # one up with the army in orbit
        },
        "colonies": {"zorg": ["par"], "vega": ["hol"], "altair": ["ven"]},
    }
    doc = {**starting_document(EMPIRES), **winter}
    assert ruleset_for("outerspace").owed_builds(doc) == {"zorg": 1, "altair": 1}


def test_a_ruleset_words_its_own_kinds_and_verbs_only_in_its_own_reports() -> None:
    """The words are the ruleset's (Ruleset.order_words), not a table every report
    shares: the standard words know neither Outer Space's verb nor its kinds."""
    words = ruleset_for("outerspace").order_words()
    assert view_of_text("A par COL", words=words) is not None
    assert view_of_text("A par COL") is None
    beam = {"kind": "beam_down", "unit": "orb", "dest": "par"}
    assert view_of_data(beam, {"unit": "A"}, words).note == " from orbit"
    assert view_of_data(beam, {"unit": "A"}) is None


def test_a_kind_worded_like_no_standard_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="like 'teleport'"):
        OrderWords.of({"beam": ("teleport", "")})
