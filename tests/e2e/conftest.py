"""Fixtures of the end-to-end tests: a whole judge on loopback (``judge.demo.rig``),
reached over SMTP, sending through its real SMTP sender into a file sink, with real
GnuPG keys for game masters and a SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.demo.keys import DemoSigner
from judge.demo.rig import DemoJudge

MASTER = "master@demo.test"


@pytest.fixture(scope="session")
def master_key() -> Iterator[DemoSigner]:
    """The game master's key (ed25519 signing subkey, no passphrase)."""
    signer = DemoSigner("Demo Master", MASTER)
    yield signer
    signer.close()


@pytest.fixture(scope="session")
def stranger_key() -> Iterator[DemoSigner]:
    """A key the judge never registered."""
    signer = DemoSigner("Stranger", "stranger@demo.test")
    yield signer
    signer.close()


@pytest.fixture
def judge(tmp_path: Path) -> Iterator[DemoJudge]:
    """A running judge in a fresh directory."""
    with DemoJudge(tmp_path / "judge") as running:
        yield running
