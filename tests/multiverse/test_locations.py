"""A location is a value that the game's ruleset writes and reads (issue 27, item 1):
``1:mun:S1901`` in the multiverse, ``alfa:MUN:Spring01`` in 5dplomacy, the province
code elsewhere; the reports and notices take the values and read no location text."""

from __future__ import annotations

from judge.engine.boards import BoardKey, BoardText, MLoc, Season
from judge.reports.names import Names
from judge.reports.notices import missing_lines
from judge.rules.multiverse.ruleset import FivedRuleset
from judge.rules.registry import MULTIVERSE, ruleset_for
from judge.variant.data import load_variant

MUNICH = MLoc(1, 1901, Season.SPRING, "mun")
STANDARD = ruleset_for("standard")
WORLD = ruleset_for("standard", MULTIVERSE)


def test_each_ruleset_writes_and_reads_its_locations() -> None:
    assert STANDARD.read_location("stp/nc") == "stp/nc"
    assert STANDARD.write_location("stp/nc") == "stp/nc"
    assert list(STANDARD.locations_in("A par - bur")) == []
    assert WORLD.read_location("1:mun:S1901") == MUNICH
    assert WORLD.read_location("2:spa/nc:f1902") == MLoc(2, 1902, Season.FALL, "spa/nc")
    assert WORLD.read_location("mun") == "mun"  # a plain location on the board at hand
    assert WORLD.write_location(MUNICH) == "1:mun:S1901"
    fived = FivedRuleset(WORLD.base)
    assert fived.write_location(MLoc(2, 1902, Season.FALL, "nwg")) == "bravo:NWS:Fall02"
    found = list(WORLD.locations_in("A 1:mun:S1901 - 2:tyr:S1901"))
    assert [(start, loc) for start, _, loc in found] == [
        (2, MUNICH),
        (16, MLoc(2, 1901, Season.SPRING, "tyr")),
    ]


def test_names_word_a_location_value_not_its_text() -> None:
    names = Names(load_variant("standard"))
    assert names.place(MUNICH) == "Munich (timeline 1, Spring 1901)"
    assert names.in_place(MLoc(1, 1901, Season.FALL, "ion")) == (
        "in the Ionian Sea (timeline 1, Fall 1901)"
    )
    # text is not read back into a board: the ruleset reads it, once
    assert names.place("1:mun:S1901") == "1:mun:S1901"


def test_a_notice_groups_owed_units_by_the_board_they_carry() -> None:
    on_two = BoardText("F 2:den:F1901", BoardKey(2, 1901, Season.FALL))
    assert missing_lines([on_two, "A 1:mun:S1901"]) == [
        "A 1:mun:S1901",
        "Board 2:F1901: F 2:den:F1901",
    ]


def test_the_multiverse_owes_orders_per_unit_with_their_board() -> None:
    doc = WORLD.starting_position("standard")
    owed = WORLD.owed(doc)["germany"]
    assert {item.key for item in owed} == {
        MLoc(1, 1901, Season.SPRING, p) for p in ("ber", "kie", "mun")
    }
    assert all(item.label.board == BoardKey(1, 1901, Season.SPRING) for item in owed)
    assert sorted(owed[0].label.split()[1:]) == ["1:ber:S1901"]


def test_5dplomacy_writes_its_notes_and_orders_with_its_own_location_writer() -> None:
    """The start note, the timeline lines and the order lines are written with the
    ruleset's writers, not rewritten from the reference game's text afterwards."""
    fived = FivedRuleset(WORLD.base)
    doc = fived.starting_position("standard", adjacency="5dplomacy")
    [note, _] = fived.start_notes(doc["boards"][0], load_variant("standard"), "germany")
    assert "timeline alfa in S1901: your army in Berlin is A alfa:BER:Spring01, and " in note
    assert "A alfa:BER:Spring01 - alfa:KIE:Spring01 moves it to Kiel." in note
    world = {"boards": [{**b, "child_timelines": [2]} for b in doc["boards"]]}
    assert fived.timeline_lines(world)[1] == "Timeline bravo forked from timeline alfa at S1901M."
    assert fived.written("F 2:stp/sc:F1901 S A 1:mun:S1901 - 1:tyr:S1901") == (
        "F bravo:STP/wc:Fall01 S A alfa:MUN:Spring01 - alfa:TYR:Spring01"
    )
