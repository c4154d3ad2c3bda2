"""`judge gm add|list|remove` through the argument parser, on a real state directory."""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from gpg_helpers import Signer
from sqlmodel import Session, SQLModel, create_engine, select

from judge.cli import gm as gm_cli
from judge.cli import main as judge_cli
from judge.masters.authority import GameMaster
from judge.masters.signatures import Keyring


def config_file(state: Path) -> Path:
    """A judge.toml putting the state directory and database under ``state``."""
    path = state / "judge.toml"
    if not path.exists():
        path.write_text(
            f'[judge]\nstate_dir = "{state}"\n\n[database]\nurl = "sqlite:///{state}/judge.db"\n'
        )
    return path


def run(state: Path, *argv: str) -> int:
    return judge_cli.main(["gm", "--config", str(config_file(state)), *argv])


def key_file(directory: Path, signer: Signer, secret: bool = False) -> Path:
    path = directory / f"{signer.address}.{'sec' if secret else 'pub'}.asc"
    path.write_bytes(signer.secret_key() if secret else signer.public_key())
    return path


def test_add_list_remove(judge_home: Path, gm: Signer, capsys: pytest.CaptureFixture[str]) -> None:
    keyfile = key_file(judge_home, gm)
    assert run(judge_home, "add", "GM@Example.org", str(keyfile)) == 0
    out = capsys.readouterr().out
    assert "gm@example.org is a game master" in out
    assert gm.fingerprint[:4] in out
    assert "Game Master <gm@example.org>" in out
    assert (judge_home / "gnupg").stat().st_mode & 0o777 == 0o700
    assert (judge_home / "judge.db").is_file()
    assert Keyring(judge_home / "gnupg").has_key(gm.fingerprint)

    assert run(judge_home, "list") == 0
    listing = capsys.readouterr().out
    assert "gm@example.org" in listing
    grouped = " ".join(gm.fingerprint[i : i + 4] for i in range(0, 40, 4))
    assert grouped in listing

    assert run(judge_home, "remove", "gm@example.org") == 0
    assert "removed gm@example.org" in capsys.readouterr().out
    assert not Keyring(judge_home / "gnupg").has_key(gm.fingerprint)
    assert run(judge_home, "list") == 0
    assert "no game masters" in capsys.readouterr().out


def test_remove_a_single_key(
    judge_home: Path, gm: Signer, second_gm: Signer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(judge_home, "add", "gm@example.org", str(key_file(judge_home, gm))) == 0
    assert run(judge_home, "add", "gm@example.org", str(key_file(judge_home, second_gm))) == 0
    capsys.readouterr()
    assert run(judge_home, "remove", "gm@example.org", "--key", gm.fingerprint) == 0
    assert "removed gm@example.org" in capsys.readouterr().out
    assert run(judge_home, "list") == 0
    listing = capsys.readouterr().out.replace(" ", "")
    assert second_gm.fingerprint in listing
    assert gm.fingerprint not in listing
    keys = {key.fingerprint for key in Keyring(judge_home / "gnupg").public_keys()}
    assert keys == {second_gm.fingerprint}


def test_add_from_stdin(
    judge_home: Path,
    gm: Signer,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    fake_stdin = io.TextIOWrapper(io.BytesIO(gm.public_key()))
    monkeypatch.setattr(sys, "stdin", fake_stdin)
    assert run(judge_home, "add", "gm@example.org", "-") == 0
    assert "is a game master" in capsys.readouterr().out


def test_errors_exit_non_zero(
    judge_home: Path, gm: Signer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(judge_home, "add", "gm@example.org", str(judge_home / "missing.asc")) == 1
    assert "judge gm:" in capsys.readouterr().err
    assert run(judge_home, "add", "gm@example.org", str(key_file(judge_home, gm, True))) == 1
    assert "secret key" in capsys.readouterr().err
    assert run(judge_home, "add", "nobody", str(key_file(judge_home, gm))) == 1
    assert "not a mail address" in capsys.readouterr().err
    assert run(judge_home, "remove", "gm@example.org") == 1
    assert "not a game master" in capsys.readouterr().err
    assert Keyring(judge_home / "gnupg").public_keys() == []


def test_explicit_keyring_and_database(
    judge_home: Path, gm: Signer, capsys: pytest.CaptureFixture[str]
) -> None:
    ring, db = judge_home / "ring", judge_home / "other.db"
    argv = ["gm", "--config", str(config_file(judge_home))]
    argv += ["--gnupg-home", str(ring), "--database", f"sqlite:///{db}"]
    assert judge_cli.main([*argv, "add", "gm@example.org", str(key_file(judge_home, gm))]) == 0
    assert Keyring(ring).has_key(gm.fingerprint)
    engine = create_engine(f"sqlite:///{db}")
    with Session(engine) as session:
        assert session.exec(select(GameMaster)).one().address == "gm@example.org"
    engine.dispose()
    assert not (judge_home / "judge.db").exists()
    assert not (judge_home / "gnupg").exists()


def test_unusable_database_exits_non_zero(
    judge_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["gm", "--config", str(config_file(judge_home))]
    argv += ["--database", "postgresql+psycopg://nobody@127.0.0.1:1/none", "list"]
    assert judge_cli.main(argv) == 1
    assert "judge gm:" in capsys.readouterr().err


def test_bad_configuration_exits_non_zero(
    judge_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = judge_home / "bad.toml"
    config.write_text("[judge]\nno_such_setting = 1\n")
    assert judge_cli.main(["gm", "--config", str(config), "list"]) == 1
    assert "no_such_setting" in capsys.readouterr().err


def test_register_with_a_session_factory(judge_home: Path, gm: Signer) -> None:
    """How the main `judge` CLI wires the command in with its own database session."""
    engine = create_engine(f"sqlite:///{judge_home / 'main.db'}")
    SQLModel.metadata.create_all(
        engine,
        tables=[
            SQLModel.metadata.tables["game_master"],
            SQLModel.metadata.tables["used_signature"],
        ],
    )

    @contextmanager
    def factory(args: argparse.Namespace) -> Iterator[Session]:
        with Session(engine) as session:
            yield session

    parser = argparse.ArgumentParser(prog="judge")
    gm_cli.register(parser.add_subparsers(dest="command"), session_factory=factory)
    ring = judge_home / "ring"
    keyfile = key_file(judge_home, gm)
    args = parser.parse_args(["gm", "--gnupg-home", str(ring), "add", gm.address, str(keyfile)])
    assert args.func(args) == 0
    assert Keyring(ring).has_key(gm.fingerprint)
    with Session(engine) as session:
        assert session.exec(select(GameMaster)).one().fingerprint == gm.fingerprint
    engine.dispose()


def test_runs_as_a_module(judge_home: Path, gm: Signer) -> None:
    keyfile = key_file(judge_home, gm)
    done = subprocess.run(
        [sys.executable, "-m", "judge", "gm", "--config", str(config_file(judge_home)), "add",
         gm.address, str(keyfile)],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "is a game master" in done.stdout
