"""Fixtures for the command unit tests: an in-memory database holding one game, a
fake order checker and a context that collects outgoing mail."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from sqlmodel import Session, SQLModel, create_engine

import judge.store.mail  # noqa: F401  (registers the mail tables)
from judge.commands.base import Context
from judge.commands.inbound import run_statements
from judge.commands.parser import parse_body
from judge.engine.orders import Hold
from judge.game.games import find_game
from judge.orders.keys import OrderKey
from judge.store.models import Game
from tests.commands.helpers import GM, NOW, add_game


@dataclass(frozen=True)
class FakeCheck:
    text: str
    ok: bool
    canonical: str | None = None
    key: str | None = None
    message: str | None = None
    order: Any = None


class FakeRules:
    """Accepts "<type> <place> ..." for the places in ``units``; refuses the rest."""

    def __init__(self) -> None:
        self.units = {"par": "A", "mar": "A", "bre": "F"}
        self.calls: list[tuple[str, list[str]]] = []

    def check(self, position: dict[str, Any], power: str, lines: list[str]) -> list[FakeCheck]:
        self.calls.append((power, lines))
        checks = []
        for line in lines:
            for text in (t.strip() for t in line.replace(";", ",").split(",")):
                if not text:
                    continue
                words = text.split()
                place = words[1].lower() if len(words) > 1 else ""
                if place in self.units:
                    checks.append(FakeCheck(text, True, text.upper(), place, order=Hold(place)))
                else:
                    checks.append(FakeCheck(text, False, message=f"{text}: no such unit"))
        return checks

    def unordered(self, position: dict[str, Any], power: str, keys: set[OrderKey]) -> list[str]:
        return [f"{t} {p}" for p, t in sorted(self.units.items()) if OrderKey.unit(p) not in keys]

    def written(self, position: dict[str, Any], text: str) -> str:
        return text


@pytest.fixture
def session():
    engine = create_engine("sqlite://")
    SQLModel.metadata.create_all(engine)
    with Session(engine) as session:
        add_game(session)
        yield session
    engine.dispose()


@pytest.fixture
def make_ctx(session):
    """make_ctx(sender) -> a Context with fake rules; ctx.sent collects mail."""

    def factory(sender: str = "france@players.test") -> Context:
        sent: list[Any] = []
        ctx = Context(
            session=session,
            sender=sender,
            now=NOW,
            judge_name="Test Judge",
            judge_address="judge@judge.test",
            rules=FakeRules(),
            send=sent.append,
        )
        ctx.sent = sent  # type: ignore[attr-defined]
        return ctx

    return factory


@pytest.fixture
def run(make_ctx):
    """run(body, sender) -> the context after running the mail's statements."""

    def runner(body: str, sender: str = "france@players.test") -> Context:
        ctx = make_ctx(sender)
        run_statements(ctx, parse_body(body))
        return ctx

    return runner


@pytest.fixture
def game1(session) -> Game:
    """The test game, with GM as its master."""
    game = find_game(session, "game1")
    assert game is not None
    game.master_address = GM
    session.add(game)
    session.commit()
    return game


@pytest.fixture
def gm(make_ctx, game1):
    """gm(body, sender=GM, signed=True) -> the context after running the mail."""

    def runner(body: str, sender: str = GM, signed: bool = True) -> Context:
        ctx = make_ctx(sender)
        ctx.signature_verified = signed
        run_statements(ctx, parse_body(body))
        return ctx

    return runner
