"""Tests for the game-start mail, reminders and late notices in judge.reports."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from xml.etree import ElementTree

import pytest

from judge.engine.boards import BoardKey, BoardText, Season
from judge.reports import (
    ReportSettings,
    phase_phrase,
    render_late_notice,
    render_reminder,
    render_start,
)
from judge.variant.data import load_variant

from .test_turn_reports import check_golden


@pytest.fixture(scope="module")
def standard():
    return load_variant("standard")


def settings(**changes) -> ReportSettings:
    values = {
        "game": "Foo",
        "judge_code": "TEST",
        "next_deadline": datetime(2026, 11, 23, 19, 0, tzinfo=UTC),
        "game_zone": "Europe/Paris",
        "reader_zone": "America/New_York",
    }
    values.update(changes)
    return ReportSettings(**values)


def well_formed(html: str) -> ElementTree.Element:
    return ElementTree.fromstring(re.sub(r"^<!DOCTYPE html>\s*", "", html))


def start_position(variant) -> dict:
    units = [{"power": p, "type": t, "province": loc} for p, t, loc in variant.starting_units]
    return {"variant": "standard", "phase": variant.start_phase, "units": units}


PLAYERS = [
    ("master", "gm@example.org"),
    ("austria", "a@example.org"),
    ("england", "e@example.org"),
    ("france", "f@example.org"),
    ("germany", "g@example.org"),
    ("italy", "i@example.org"),
    ("russia", "r@example.org"),
    ("turkey", "t@example.org"),
    ("observer", "o@example.org"),
]


def test_start_mail_matches_golden(standard) -> None:
    subject, text, html = render_start(
        start_position(standard), standard, settings(), role="france", players=PLAYERS
    )
    assert subject == "TEST:foo - S1901M Game Starting"
    well_formed(html)
    check_golden("start_s1901m", text)


def test_start_mail_classic_columns(standard) -> None:
    _, text, _ = render_start(
        start_position(standard), standard, settings(), role="master", players=PLAYERS
    )
    lines = text.splitlines()
    assert "You have been selected as Master in game 'foo' of Diplomacy." in lines
    # addresses start at the 19th character, as mapping tools expect
    for line in lines:
        if line.endswith("@example.org"):
            assert line[:5] == "     " and line[18] != " " and line[17] == " "
    assert "Russia:  Fleet St Petersburg (south coast)." in lines
    assert "The deadline for the first movement orders is Mon Nov 23 2026 20:00:00 +0100." in lines


def test_start_mail_anonymous(standard) -> None:
    players = [(role, None if role not in ("master",) else addr) for role, addr in PLAYERS]
    _, text, _ = render_start(start_position(standard), standard, settings(), players=players)
    assert "f@example.org" not in text
    assert "     France:      (anonymous)" in text.splitlines()
    assert "You have been selected" not in text


def test_reminder(standard) -> None:
    now = datetime(2026, 11, 22, 16, 0, tzinfo=UTC)
    subject, text, html = render_reminder(
        settings(), standard, "S1901M", "france", ["A Par", "F Bre"], now
    )
    assert subject == "TEST:foo - S1901M Reminder"
    flat = " ".join(text.split())
    assert "the orders of France for the Spring 1901 movement phase in game 'foo'" in flat
    assert "are due by Mon Nov 23 2026 20:00:00 +0100." in flat
    assert "Your time: Mon 23 Nov 2026 14:00 EST (19:00 UTC)." in text
    assert "Time left: 1 day 3 hours." in text
    assert "  A Par\n  F Bre\n" in text
    well_formed(html)


def test_reminder_needs_a_deadline(standard) -> None:
    with pytest.raises(ValueError):
        render_reminder(
            settings(next_deadline=None), standard, "S1901M", "france", [], datetime.now(UTC)
        )


def test_late_notice_to_the_late_power(standard) -> None:
    now = datetime(2026, 11, 23, 20, 0, tzinfo=UTC)
    grace = datetime(2026, 11, 24, 19, 0, tzinfo=UTC)
    subject, text, html = render_late_notice(
        settings(),
        standard,
        "F1901R",
        ["france", "italy"],
        now,
        recipient="france",
        grace_end=grace,
    )
    # njudge's form: the subject names the late powers by their initials (issue 28).
    assert subject == "[You are late!] TEST:foo - F1901R Late Notice: FI"
    flat = " ".join(text.split())
    assert "the orders of France have not been received" in flat
    assert "the Fall 1901 retreat phase" in flat
    assert "Orders are still missing from: France, Italy." in flat
    assert "The grace period ends Tue Nov 24 2026 20:00:00 +0100 (time left: 23 hours)" in flat
    well_formed(html)


def test_late_notice_to_others_can_hide_names(standard) -> None:
    now = datetime(2026, 11, 23, 20, 0, tzinfo=UTC)
    subject, text, _ = render_late_notice(
        settings(), standard, "S1901M", ["france"], now, recipient="germany", reveal=False
    )
    assert not subject.startswith("[You are late!]")
    assert "France" not in text
    _, to_master, _ = render_late_notice(
        settings(), standard, "S1901M", ["france"], now, recipient="master", reveal=False
    )
    assert "Orders are still missing from: France." in to_master


def test_notice_html_escapes(standard) -> None:
    s = settings(notices=["<script>alert(1)</script>"])
    _, text, html = render_reminder(
        s, standard, "S1901M", "france", ["<b>A Par</b>"], datetime.now(UTC)
    )
    assert "<script>" not in html and "<b>" not in html
    assert "&lt;script&gt;" in html
    assert "<script>alert(1)</script>" in text
    well_formed(html)


def test_phase_phrase() -> None:
    assert phase_phrase("W1901A") == "the Winter 1901 adjustment phase"


def test_late_notice_names_the_units_per_board(standard) -> None:
    now = datetime(2026, 11, 23, 20, 0, tzinfo=UTC)
    # what is owed on a board carries that board (the multiverse ruleset's owed items)
    missing = {
        "germany": [
            BoardText("F 2:den:F1901", BoardKey(2, 1901, Season.FALL)),
            BoardText("A 1:mun:W1901", BoardKey(1, 1901, Season.WINTER)),
        ],
        "italy": ["1 build"],
    }
    subject, text, _ = render_late_notice(
        settings(), standard, "W1901M", missing, now, recipient="germany"
    )
    assert subject.startswith("[You are late!]")
    assert "Germany has not yet given orders for:" in " ".join(text.split())
    assert "  Board 2:F1901: F 2:den:F1901\n" in text
    assert "  Board 1:W1901: A 1:mun:W1901\n" in text
    _, to_master, _ = render_late_notice(
        settings(), standard, "W1901M", missing, now, recipient="master"
    )
    flat = " ".join(to_master.split())
    assert "Germany (Board 2:F1901: F 2:den:F1901; Board 1:W1901: A 1:mun:W1901)" in flat
    assert "Italy (1 build)" in flat
    _, on_time, _ = render_late_notice(
        settings(), standard, "W1901M", missing, now, recipient="france"
    )
    assert "den" not in on_time and "Orders are still missing from: Germany, Italy." in on_time


def test_a_late_notice_for_a_removal_says_the_removal_is_made_by_civil_disorder(standard) -> None:
    """A power owing a removal is told what becomes of it when grace ends: docs/games.md
    (missing removals are made by the civil disorder rule). Before, the notice said only
    that units hold, retreats disband and builds are waived."""
    now = datetime(2026, 11, 23, 20, 0, tzinfo=UTC)
    grace = datetime(2026, 11, 24, 20, 0, tzinfo=UTC)
    _, text, _ = render_late_notice(
        settings(),
        standard,
        "W1901A",
        {"germany": ["1 removal"]},
        now,
        recipient="germany",
        grace_end=grace,
    )
    assert "removals are made by civil disorder" in " ".join(text.split())
