"""Fixtures of the plugin tests: a package of variants installed as pip installs one."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

HUNDRED = Path(__file__).with_name("hundred")


@pytest.fixture
def hundred_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Hundred-style variant installed: a ``.dist-info`` with its entry points
    (``hundred/entry_points.txt``) on ``sys.path``, as an installed package has."""
    info = tmp_path / "judge_hundred-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: judge-hundred\nVersion: 1.0\n", encoding="utf-8"
    )
    shutil.copy(HUNDRED / "entry_points.txt", info / "entry_points.txt")
    monkeypatch.syspath_prepend(str(tmp_path))
