"""When the Winter adjustment phase is played and when it is skipped; centres after Fall.

After the Fall phases the centres change hands (a unit on a centre takes it; an
empty centre keeps its owner).  The adjustment phase follows only when some power
must remove units or can build: it has more centres than units *and* one of its
home centres is owned by it and empty.  Otherwise the game goes straight to the
next Spring.
"""

from __future__ import annotations

from typing import Any

from judge.rules.documents import adjudicate_document

Units = list[tuple[str, str, str]]


def play(
    phase: str,
    units: Units,
    centres: dict[str, list[str]],
    orders: dict[str, list[str]] | None = None,
    dislodged: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Adjudicate one phase of a standard game."""
    doc: dict[str, Any] = {
        "variant": "standard",
        "phase": phase,
        "units": [{"power": p, "type": t, "province": where} for p, t, where in units],
        "supply_centers": centres,
        "orders": orders or {},
    }
    if dislodged is not None:
        doc["dislodged"] = dislodged
    return adjudicate_document(doc)


def owners(answer: dict[str, Any]) -> dict[str, set[str]]:
    return {power: set(centres) for power, centres in answer["supply_centers"].items()}


GERMAN_HOMES_HELD = [("germany", "A", "ber"), ("germany", "A", "kie"), ("germany", "A", "mun")]


def test_skipped_when_a_power_has_spare_centres_but_every_home_centre_is_occupied() -> None:
    """Germany owns four centres with three units, but its three home centres are all
    occupied: it cannot build, nobody owes a removal, so Winter is skipped."""
    answer = play("F1901M", GERMAN_HOMES_HELD, {"germany": ["ber", "den", "kie", "mun"]})
    assert owners(answer) == {"germany": {"ber", "den", "kie", "mun"}}
    assert answer["next_phase"] == "S1902M"


def test_played_when_one_home_centre_is_free() -> None:
    """The same, but the army stands in the Ruhr instead of Munich: Germany may build
    in Munich, so the adjustment phase is played."""
    units = [("germany", "A", "ber"), ("germany", "A", "kie"), ("germany", "A", "ruh")]
    answer = play("F1901M", units, {"germany": ["ber", "den", "kie", "mun"]})
    assert answer["next_phase"] == "W1901A"


def test_skipped_when_the_free_home_centre_belongs_to_another_power() -> None:
    """Munich is empty but Russian: Germany has a spare centre and a free home centre
    it does not own, so it cannot build; Russia owns Munich but none of its own home
    centres, so it cannot build either."""
    units = [("germany", "A", "ber"), ("germany", "A", "kie"), ("germany", "A", "ruh")]
    answer = play("F1901M", units, {"germany": ["ber", "den", "hol", "kie"], "russia": ["mun"]})
    assert owners(answer) == {"germany": {"ber", "den", "hol", "kie"}, "russia": {"mun"}}
    assert answer["next_phase"] == "S1902M"


def test_played_when_a_removal_is_owed() -> None:
    """Germany has four units and three centres (all home centres occupied)."""
    units = [*GERMAN_HOMES_HELD, ("germany", "A", "ruh")]
    answer = play("F1901M", units, {"germany": ["ber", "kie", "mun"]})
    assert answer["next_phase"] == "W1901A"


def test_a_fall_capture_changes_owners_and_can_give_a_build() -> None:
    """The army in the Ruhr takes Holland in Fall: Holland becomes German, Germany
    has four centres and three units with Munich free, and Winter is played."""
    units = [("germany", "A", "ber"), ("germany", "A", "kie"), ("germany", "A", "ruh")]
    answer = play(
        "F1901M", units, {"germany": ["ber", "kie", "mun"]}, {"germany": ["A Ruhr - Holland"]}
    )
    assert owners(answer) == {"germany": {"ber", "hol", "kie", "mun"}}
    assert answer["next_phase"] == "W1901A"


def test_a_spring_capture_changes_no_owner() -> None:
    """The same move in Spring leaves Holland unowned; Fall comes next."""
    units = [("germany", "A", "ber"), ("germany", "A", "kie"), ("germany", "A", "ruh")]
    answer = play(
        "S1901M", units, {"germany": ["ber", "kie", "mun"]}, {"germany": ["A Ruhr - Holland"]}
    )
    assert owners(answer) == {"germany": {"ber", "kie", "mun"}}
    assert answer["next_phase"] == "F1901M"


def test_owners_change_after_the_fall_retreats_and_winter_is_still_skipped() -> None:
    """A German army retreats into Belgium in the Fall retreat phase: Belgium becomes
    German and Holland, held by the English fleet that took it, English.  Germany then
    has five centres and four units, but its home centres are all occupied, and
    England has one centre and one unit, so Winter is skipped."""
    dislodged = [
        {
            "power": "germany",
            "type": "A",
            "province": "hol",
            "attacker_from": "nth",
            "retreat_options": ["bel", "ruh"],
        }
    ]
    answer = play(
        "F1901R",
        [*GERMAN_HOMES_HELD, ("england", "F", "hol")],
        {"germany": ["ber", "den", "kie", "mun"]},
        {"germany": ["A Holland - Belgium"]},
        dislodged,
    )
    assert owners(answer) == {
        "germany": {"bel", "ber", "den", "kie", "mun"},
        "england": {"hol"},
    }
    assert answer["next_phase"] == "S1902M"
