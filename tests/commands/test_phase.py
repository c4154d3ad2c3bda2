"""PHASE."""

from __future__ import annotations

from judge.commands.phase import parse_phase, same_phase
from tests.commands.helpers import outcomes


def test_parse_phase_forms():
    assert parse_phase("s1901m") == "S1901M"
    assert parse_phase("Fall 1901 Retreats") == "F1901R"
    assert parse_phase("winter 1901 builds") == "W1901A"
    assert parse_phase("tomorrow") is None and parse_phase("") is None


def test_same_phase_treats_winter_builds_alike():
    assert same_phase("F1901B", "W1901A") and same_phase("s1901m", "S1901M")
    assert not same_phase("S1901M", "F1901M")


def test_phase_guard(run):
    ctx = run("SIGNON Fgame1 paris11\nPHASE Spring 1901 Movement\nA Par H")
    assert [s for _, s, _ in outcomes(ctx)] == ["ok", "ok", "ok"]
    ctx = run("SIGNON Fgame1 paris11\nPHASE S1902M\nA Par H")
    assert [s for _, s, _ in outcomes(ctx)] == ["ok", "refused", "refused"]
    assert "these orders are for S1902M" in outcomes(ctx)[2][2]
    ctx = run("PHASE S1901M")
    assert outcomes(ctx) == [("PHASE S1901M", "refused", "this needs a SIGNON first")]
