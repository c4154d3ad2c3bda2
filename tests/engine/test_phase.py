"""The one reader of phase codes (judge.engine.phase): Phase and Turn."""

from __future__ import annotations

import pytest

from judge.engine.phase import Phase, PhaseError, PhaseSeasonError, Turn
from judge.rules.multiverse.keys import (
    BoardKey,
    Season,
    parse_phase_code,
    phase_code,
    turn_text,
)


@pytest.mark.parametrize(
    ("code", "phase"),
    [
        ("S1901M", Phase(1901, "S", "M")),
        ("f1902r", Phase(1902, "F", "R")),
        (" W1901A ", Phase(1901, "W", "A")),
    ],
)
def test_codes_are_read(code: str, phase: Phase) -> None:
    assert Phase.parse(code) == phase
    assert Phase.parse(phase.code) == phase


@pytest.mark.parametrize("code", ["", "S1901", "X1901M", "S01M", "S1901Q", "F1901B", None])
def test_what_is_no_code_is_refused(code) -> None:
    with pytest.raises(PhaseError):
        Phase.parse(code)
    assert Phase.read(code) is None


@pytest.mark.parametrize("code", ["W1901M", "S1901A", "F1901A"])
def test_the_winter_rule_holds_unless_mixed(code: str) -> None:
    with pytest.raises(PhaseSeasonError):
        Phase.parse(code)
    assert Phase.parse(code, mixed=True).code == code


def test_classic_adjustment_codes() -> None:
    assert Phase.parse("F1901B", classic=True) == Phase(1901, "W", "A")
    assert Phase.parse("W1901A", classic=True) == Phase(1901, "W", "A")


def test_what_a_phase_says_of_itself() -> None:
    phase = Phase.parse("F1902R")
    assert phase.turn == Turn(1902, "F") and phase.turn.code == "F1902"
    assert phase.is_retreat and not phase.is_movement and not phase.is_adjustment
    assert phase.kind_word == "retreats" and phase.name == "Fall 1902 Retreat"
    codes = ["W1901A", "S1902M", "F1901R", "F1901M", "S1901R", "S1901M"]
    assert sorted(codes, key=lambda c: Phase.parse(c).time) == [
        "S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S1902M",
    ]  # fmt: skip


def test_turns() -> None:
    assert Turn.parse("s1901") == Turn(1901, "S")
    assert Turn.parse("W1901M") == Turn(1901, "W")  # a multiverse step code's turn
    assert Turn.parse("F1902").phase().code == "F1902M"
    assert Turn.parse("W1902").phase().code == "W1902A"
    assert Turn(1901, "W").time == Turn(1902, "S").time - 1
    with pytest.raises(PhaseError):
        Turn.parse("X1901")


def test_multiverse_board_codes_use_the_same_reader() -> None:
    assert parse_phase_code("F1902R") == (1902, Season.FALL)
    assert turn_text(1902, Season.WINTER) == "W1902"
    assert phase_code(BoardKey(1, 1902, Season.WINTER)) == "W1902A"
    with pytest.raises(ValueError, match="winter boards end in A"):
        parse_phase_code("W1901M")
    with pytest.raises(ValueError, match="expected e.g. S1901M"):
        parse_phase_code("Q1901M")
