"""Issue 26 item 8 and issue 30 item 2: a 5dplomacy game is named, written and
labelled as 5dplomacy does wherever a player meets it, by its ruleset's hooks."""

from __future__ import annotations

from judge.reports.subject_tags import strip_judge_tags
from judge.rules.multiverse.world import FIVED
from judge.rules.registry import ruleset_for, ruleset_for_document


def _fived():
    return ruleset_for("standard", "multiverse").played_as(FIVED)


def test_the_rule_set_names_itself() -> None:
    assert _fived().variant_label("Standard") == "Standard (5dplomacy)"
    reference = ruleset_for("standard", "multiverse").played_as("loose")
    assert reference.variant_label("Standard") == "Standard (multiverse)"


def test_a_5dplomacy_world_is_read_by_its_rule_set() -> None:
    doc = _fived().starting_position("standard", adjacency=FIVED)
    assert ruleset_for_document(doc).variant_label("Standard") == "Standard (5dplomacy)"


def test_orders_are_written_in_5dplomacy_notation() -> None:
    written = _fived().written("A 1:mun:F1901 S A 2:mun:S1901 - 2:tyr:S1901")
    assert written == "A alfa:MUN:Fall01 S A bravo:MUN:Spring01 - bravo:TYR:Spring01"
    assert ruleset_for("standard", "multiverse").written("A 1:mun:F1901 H") == "A 1:mun:F1901 H"


def test_turns_are_named_without_winter() -> None:
    label = _fived().turn_label
    assert [label(p) for p in ("S1901M", "F1901R", "W1901M", "W1901A")] == [
        "Spring01",
        "Fall01-retreats",
        "Spring02-builds",
        "Spring02-builds",
    ]


def test_a_reply_drops_the_5dplomacy_subject_tag() -> None:
    assert strip_judge_tags("Re: DEMO:fived - Spring02-builds Results") == "Results"
    assert strip_judge_tags("Re: fived - Fall01 my orders") == "my orders"


def test_a_stored_5dplomacy_game_gets_its_rule_set() -> None:
    from types import SimpleNamespace

    from judge.rules.registry import ruleset_for_game

    game = SimpleNamespace(variant="standard", rules="multiverse", adjacency=FIVED)
    assert ruleset_for_game(game).variant_label("Standard") == "Standard (5dplomacy)"


def _waiting_alfa() -> dict:
    """Alfa's Spring 1902 waits for Germany's builds; bravo plays its Fall 1901."""
    germany = [{"power": "germany", "type": "A", "province": "mun"}]
    return {
        "variant": "standard",
        "rules": {"ruleset": "5dplomacy", "seed": 0},
        "boards": [
            {
                "timeline": 1,
                "phase": "S1902M",
                "adjusting": True,
                "units": germany,
                "supply_centers": {"germany": ["ber", "kie", "mun", "den"]},
            },
            {
                "timeline": 2,
                "phase": "F1901M",
                "units": [{"power": "germany", "type": "F", "province": "den"}],
                "supply_centers": {"germany": ["ber", "kie", "mun"]},
            },
        ],
        "history": [],
    }


def test_refusals_beside_a_5dplomacy_builds_step_name_no_winter_and_the_board_that_waits():
    """Played by mail during a builds step of 5dplomacy: ``A mun H`` for the army of
    the Spring board that waits was refused as standing "on a winter board" (5dplomacy
    has none), and ``build A b:ber`` with "no board waits for builds now", though
    alfa:Spring02 did; each refusal now names the board that waits."""
    rules = ruleset_for("standard", "multiverse").played_as(FIVED)
    held, build = rules.check_orders(_waiting_alfa(), "germany", ["A mun H", "build A b:ber"])
    assert not held.ok and "winter" not in held.message
    assert held.message == (
        "A mun H: the unit in Munich stands on board alfa:Spring02, which waits for its"
        " builds and removals: its units take no orders now"
    )
    assert not build.ok
    assert build.message == (
        "build A b:ber: no board of timeline bravo waits for builds now; board alfa:Spring02 does"
    )
