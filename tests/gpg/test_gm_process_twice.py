"""PROCESS twice in one signed master mail, at real times (the mail stored before it
is read): the second line was refused as "meant for the phase before", which reads
oddly for a repeated line.  It now says the line above just processed the phase, and
how to process the next one too; a named phase (PROCESS F1901M) does."""

from __future__ import annotations

import itertools
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from gpg_helpers import Signer, inline_mail
from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.config import Config
from judge.game.games import find_game

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import body_of, deliver, outbox  # noqa: E402

_ids = itertools.count(1)


def _master(engine: Engine, config: Config, gm: Signer, lines: str) -> str:
    at = datetime.now(UTC)
    raw = inline_mail(gm, f"GAME game1\n{lines}", at=at)
    raw = raw.replace(b"<test@example.org>", f"<p{next(_ids)}@example.org>".encode())
    deliver(engine, raw, config, now=at)
    return body_of(outbox(engine)[-1]).replace("\r\n", "\n")


def _phase(engine: Engine) -> str:
    with Session(engine) as session:
        return find_game(session, "game1").phase


def test_a_repeated_process_says_the_line_above_processed_the_phase(gm_engine, config, gm) -> None:
    text = _master(gm_engine, config, gm, "PROCESS\nPROCESS\nPREVIEW\n")
    assert "S1901M processed" in text
    assert "meant for the phase before" not in text, text
    assert (
        "> PROCESS\n  *** Refused: the PROCESS line above just processed S1901M: game game1 "
        "is now in F1901M; nothing was done (write PROCESS F1901M to process that phase too)"
    ) in text
    assert "(write PREVIEW F1901M to preview that phase too)" in text
    assert _phase(gm_engine) == "F1901M"


def test_process_naming_the_next_phase_processes_it_too(gm_engine, config, gm) -> None:
    text = _master(gm_engine, config, gm, "PROCESS\nPROCESS F1901M\n")
    assert "*** Refused" not in text, text
    assert _phase(gm_engine) in ("W1901A", "S1902M")


def test_orders_as_a_power_then_process_end_with_the_new_phase_not_a_false_refusal(
    gm_engine, config, gm
) -> None:
    """BECOME, orders, then PROCESS in one mail: the reply's closing orders of the
    power are those of the new phase. It said "your mail arrived ... before game game1
    moved on to F1901M ... nothing was done (send it again for F1901M)", which was
    false: the orders counted and this mail's own PROCESS moved the game on."""
    at = datetime.now(UTC)
    raw = inline_mail(gm, "GAME game1\nBECOME Italy\nA Ven-Pie\nPROCESS S1901M\n", at=at)
    raw = raw.replace(b"<test@example.org>", f"<p{next(_ids)}@example.org>".encode())
    # read a moment after it was stored, as the daemon reads it
    deliver(gm_engine, raw, config, now=datetime.now(UTC) + timedelta(seconds=2))
    [reply] = [m for m in outbox(gm_engine) if m["Subject"].startswith("Re:")]
    text = body_of(reply).replace("\r\n", "\n")
    assert "S1901M processed" in text and "Accepted: A ven - pie" in text
    assert "meant for the phase before" not in text, text
    assert "Orders for Italy in game game1, F1901M:\n  (none yet)" in text, text
    assert _phase(gm_engine) == "F1901M"
