"""`judge demo`, the README's first command, end to end: a real process, real SMTP,
GnuPG and SQLite, every mail the judge sent written to files."""

from __future__ import annotations

import email
import email.policy
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(180)


def text_of(path: Path) -> str:
    msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    body = msg.get_body(("plain",))
    assert body is not None, path
    return str(body.get_content())


def test_judge_demo_plays_a_multiverse_game_with_a_fork(tmp_path: Path) -> None:
    root = tmp_path / "demo"
    done = subprocess.run(
        [sys.executable, "-m", "judge", "demo", "--dir", str(root)],
        capture_output=True,
        text=True,
        timeout=150,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "The master created game demo by PGP/MIME signed mail." in out
    assert "7 players registered by mail." in out
    for phase in ("S1901M", "F1901M", "W1901M"):
        assert f"{phase}: orders by mail from all seven, processed, 8 reports." in out
    assert "Phases processed (3): S1901M, F1901M, W1901M." in out
    assert "Timelines: 2;" in out
    assert "Timeline 2 forked from timeline 1 at S1901M." in out
    assert f"is in {root / 'mail'}/" in out

    # Every mail the judge sent is a file; the count printed is the count on disk.
    files = sorted((root / "mail").glob("*.eml"))
    assert f"Every mail the judge sent ({len(files)})" in out
    # Registrations, joins, start mails, three rounds of orders and reports, replies.
    assert len(files) > 60
    fall = [
        f for f in files if f.name.startswith(tuple("0123456789")) and "f1901m-results" in f.name
    ]
    germany = [f for f in fall if "germany-at-players" in f.name]
    assert len(germany) == 1
    report = text_of(germany[0])
    assert "New timeline 2, forked from Timeline 1, Spring of 1901." in report
    assert "Germany: Army Munich -> Tyrolia.  (*re-judged: now succeeds; before: bounce*)" in report
    # France's press reached Germany.
    press = [f for f in files if "germany-at-players" in f.name and "press" in f.name]
    assert press and "Belgium for me, Holland for you?" in text_of(press[0])

    # The database agrees; every mail was processed; the master's mails were signed.
    db = sqlite3.connect(root / "judge.db")
    try:
        number, phase, status = db.execute("SELECT number, phase, status FROM game").fetchone()
        assert (number, status) == (3, "active")
        assert phase == "S1902M"
        statuses = db.execute("SELECT DISTINCT status FROM inbound_message").fetchall()
        assert statuses == [("processed",)]
    finally:
        db.close()
    sent = sorted((root / "sent").glob("*master*.eml"))
    assert sent and all(b"multipart/signed" in f.read_bytes() for f in sent)
