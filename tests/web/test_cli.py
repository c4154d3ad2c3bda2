"""``judge web`` (issue 29) as a host runs it: a real process serving a judge's
database until it is told to stop."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from judge.demo.rig import free_port
from tests.migrated import migrated_sqlite_file

pytestmark = pytest.mark.timeout(120)


def test_judge_web_serves_the_index_until_stopped(tmp_path: Path) -> None:
    url = migrated_sqlite_file(tmp_path / "judge.db")
    config = tmp_path / "judge.toml"
    config.write_text(f'[judge]\nname = "Web Judge"\n[database]\nurl = "{url}"\n', encoding="utf-8")
    port = free_port()
    web = subprocess.Popen(
        [sys.executable, "-m", "judge", "web", "--config", str(config), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        body = ""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and web.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    body = answer.read().decode("utf-8")
                break
            except OSError:
                time.sleep(0.2)
        assert "<h1>Games on Web Judge</h1>" in body, web.stderr.read() if web.poll() else ""
        assert "No game is running." in body
    finally:
        web.send_signal(signal.SIGTERM)
        assert web.wait(timeout=30) == 0
