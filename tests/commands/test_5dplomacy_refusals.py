"""A 5dplomacy game's refusals name boards, locations, timelines and turns in its
own notation (``board alfa:Fall01``, ``alfa:PAR:Spring01``), as its replies and
reports do, never in the reference game's (``1:par:S1901``, ``F1901 in timeline 1``)
(docs/multiverse.md, "5dplomacy"); and ``A2:lon`` (the unit's letter against a
timeline number, which the notation reads as timeline a2, alfasecond) is refused
with the form to write."""

from __future__ import annotations

import re

from tests.commands.helpers import multiverse_reply


def _reply(tmp_path, setting: str, lines: str) -> str:
    """Germany's mail of ``lines`` and the reply's text."""
    return multiverse_reply(tmp_path, setting, lines, "germany")


def test_5dplomacy_refusals_are_written_in_its_notation(tmp_path):
    text = _reply(
        tmp_path,
        "5dplomacy",
        "A alfa:Par:Spring01 H\n"
        "A alfa:Mun:Fall01 H\n"
        "A alfa:Mun:Spring01 - bravo:Bur:Spring01\n"
        "A alfa:Ber:Spring01 - alfa:Sil:Spring00\n",
    )
    assert "the unit at alfa:PAR:Spring01 is not yours (it is French)" in text
    assert "A alfa:Mun:Fall01 H: board alfa:Fall01 does not exist" in text
    assert "board bravo:Spring01 does not exist: units cannot move into it" in text
    assert "board alfa:Spring00 does not exist" in text
    assert not re.search(r"\b\d+:[a-z]{3}:[SF]\d{4}\b", text)
    assert "timeline 1" not in text and "timeline 2" not in text


def test_the_reference_rules_keep_their_notation(tmp_path):
    text = _reply(tmp_path, "loose", "A 1:par:S1901 H\nA 1:mun:F1901 H\n")
    assert "the unit at 1:par:S1901 is not yours (it is French)" in text
    assert "A 1:mun:F1901 H: timeline 1, F1901 does not exist" in text


def test_a_units_letter_against_a_timeline_number_is_explained(tmp_path):
    text = _reply(tmp_path, "5dplomacy", "A2:lon H\n")
    assert (
        "A2:lon H: there is no timeline alfasecond (a2): for an army on timeline 2,"
        " write A 2:lon" in text
    )
    (tmp_path / "ref").mkdir()
    text = _reply(tmp_path / "ref", "loose", "F2:lon H\n")
    assert "there is no timeline 58 (f2): for a fleet on timeline 2, write F 2:lon" in text
