"""A game master's signed ``SET NO RESUME`` (and the other players' clock votes).

Before, the master's signed mail got "this needs a SIGNON first": the words are the
players' vote commands (SET NORESUME takes back a vote to resume), which a master,
who has no vote, cannot give.  Now the master is told so, and what to write instead
(PAUSE and RESUME are the master's own; SET NO PLAYER VOTES stops the votes)."""

from __future__ import annotations

import itertools
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from gpg_helpers import inline_mail

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import NOW, body_of, deliver, outbox  # noqa: E402

_ids = itertools.count(1)
AT = NOW + timedelta(hours=1)
GM = "gm@example.org"


def _reply(engine, config, gm, lines: str) -> str:  # type: ignore[no-untyped-def]
    raw = inline_mail(gm, lines, at=AT)
    raw = raw.replace(b"<test@example.org>", f"<v{next(_ids)}@example.org>".encode())
    before = len(outbox(engine))
    deliver(engine, raw, config, now=AT)
    [reply] = [m for m in outbox(engine)[before:] if m["To"] == GM]
    return " ".join(body_of(reply).split())


@pytest.mark.parametrize(
    "line", ["SET NO RESUME", "SET NORESUME", "SET RESUME", "SET PAUSE", "SET NOPAUSE"]
)
def test_a_masters_clock_vote_is_refused_with_what_to_write(gm_engine, config, gm, line) -> None:
    text = _reply(gm_engine, config, gm, f"GAME game1\n{line}\n")
    assert "needs a SIGNON" not in text, text
    assert "a game master has no vote" in text, text
    assert "PAUSE" in text.split(line, 1)[1] and "RESUME" in text.split(line, 1)[1]


def test_dpjudges_set_no_resume_is_told_how_a_finished_game_reopens(gm_engine, config, gm) -> None:
    """DPjudge's master's SET [NO] RESUME says whether players may resume a
    terminated game: here none can, the master's ROLLBACK reopens one."""
    text = _reply(gm_engine, config, gm, "GAME game1\nSET NO RESUME\n")
    assert "only your ROLLBACK <phase> does" in text, text


@pytest.mark.parametrize(
    ("line", "instead"),
    [
        ("SET DRAW", "TERMINATE"),
        ("SET NODRAW", "TERMINATE"),
        ("SET CONCEDE France", "TERMINATE"),
        ("SET NOCONCEDE", "TERMINATE"),
        ("SET WAIT", "SET DEADLINE"),
        ("SET NOWAIT", "PROCESS"),
    ],
)
def test_a_masters_end_vote_or_wait_is_refused_with_what_to_write(
    gm_engine, config, gm, line: str, instead: str
) -> None:
    """A master's signed SET DRAW, SET CONCEDE or SET WAIT (and their NO) got "this
    needs a SIGNON first", as the clock votes did: a players' vote or request, which a
    master has not. The master is told so and what to write instead."""
    text = _reply(gm_engine, config, gm, f"GAME game1\n{line}\n")
    assert "needs a SIGNON" not in text, text
    assert instead in text.split(line, 1)[1], text
