"""Fixtures for the signature tests: real GnuPG keys made once per session."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from gpg_helpers import Signer, make_signer, remove_home, short_home
from sqlalchemy.pool import StaticPool
from sqlmodel import Session, SQLModel, create_engine

from judge.masters.authority import GameMaster, UsedSignature, add_game_master, keyring_home
from judge.masters.signatures import Keyring

# tests/gpg is not a package (its modules import gpg_helpers directly); the shared
# command-test helpers live in the tests package at the repository root.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.commands.helpers import add_game, judge_config, migrated_engine  # noqa: E402

GM = "gm@example.org"


@pytest.fixture
def config(judge_home: Path):
    """The judge's configuration, its state (the keyring) in ``judge_home``."""
    config = judge_config()
    config.judge.state_dir = str(judge_home)
    return config


@pytest.fixture(scope="session")
def gm() -> Iterator[Signer]:
    """A game master whose key signs with a subkey, as modern gpg keys do."""
    signer = make_signer("Game Master", "gm@example.org")
    yield signer
    remove_home(signer.home)


@pytest.fixture(scope="session")
def second_gm() -> Iterator[Signer]:
    """Another game master, with a single key that signs itself."""
    signer = make_signer("Second Master", "gm2@example.org", signing_subkey=False)
    yield signer
    remove_home(signer.home)


@pytest.fixture(scope="session")
def stranger() -> Iterator[Signer]:
    """Someone whose key the judge never imported."""
    signer = make_signer("Stranger", "stranger@example.com")
    yield signer
    remove_home(signer.home)


@pytest.fixture
def judge_home() -> Iterator[Path]:
    """A fresh directory for the judge's state (short path, removed afterwards)."""
    home = short_home("js-")
    yield Path(home)
    remove_home(str(Path(home) / "gnupg"))
    remove_home(home)


@pytest.fixture
def keyring(judge_home: Path, gm: Signer, second_gm: Signer) -> Keyring:
    """The judge's keyring holding both game masters' public keys."""
    ring = Keyring(judge_home / "gnupg")
    ring.import_public_key(gm.public_key())
    ring.import_public_key(second_gm.public_key())
    return ring


@pytest.fixture
def session() -> Iterator[Session]:
    """A session on an in-memory SQLite database with the game-master tables."""
    engine = create_engine(
        "sqlite://", connect_args={"check_same_thread": False}, poolclass=StaticPool
    )
    tables = [SQLModel.metadata.tables[str(m.__tablename__)] for m in (GameMaster, UsedSignature)]
    SQLModel.metadata.create_all(engine, tables=tables)
    with Session(engine) as db:
        yield db
    engine.dispose()


@pytest.fixture
def gm_engine(tmp_path: Path, judge_home: Path, gm: Signer, second_gm: Signer):
    """A migrated SQLite file with ``game1`` (tests.commands.helpers.add_game) mastered
    by ``GM``, and both game masters' keys registered."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.master_address = GM
        session.add(game)
        keyring = Keyring(keyring_home(judge_home))
        now = datetime.now(UTC)
        add_game_master(session, keyring, GM, gm.public_key(), now)
        add_game_master(session, keyring, second_gm.address, second_gm.public_key(), now)
        session.commit()
    yield engine
    engine.dispose()
