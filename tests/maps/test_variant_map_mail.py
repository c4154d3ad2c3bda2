"""Root Z and Colonial games get their map in mail like standard games: the answer to
MAP and every results mail carry the PNG drawn from the variant's own geometry, with
that geometry's credit line."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image
from sqlmodel import Session, SQLModel, create_engine

import judge.store.mail  # noqa: F401  (registers the mail tables)
from judge.commands.base import Context
from judge.commands.inbound import run_statements
from judge.commands.parser import parse_body
from judge.game.games import Seat, create_game, find_game
from judge.game.processing import process_phase
from judge.maps.geometry import geometry_for
from judge.variant.data import load_variant
from tests.commands.forming import SENDER, mails_to
from tests.commands.helpers import NOW
from tests.turns.test_map_mail import picture_parts

READER = "reader@players.test"
PLAYER = "player@players.test"
VARIANTS = ["rootz", "colonial"]


@pytest.fixture
def session() -> Iterator[Session]:
    engine = create_engine("sqlite://")
    SQLModel.metadata.create_all(engine)
    with Session(engine) as session:
        yield session
    engine.dispose()


def _game(session: Session, variant: str) -> None:

    power = next(iter(load_variant(variant).powers))
    create_game(session, "g", [Seat(power, PLAYER, "secret", "Player")], variant=variant)
    session.commit()


def _png(mail) -> bytes:
    inline, attached, html = picture_parts(mail)
    assert inline is not None and attached is not None
    assert inline.get_content() == attached.get_content()
    return attached.get_content()


def _credit(variant: str) -> str:
    geo = geometry_for(load_variant(variant).directory)
    assert geo is not None and geo.credit
    return geo.credit


@pytest.mark.parametrize("variant", VARIANTS)
def test_map_mails_the_variants_picture(session: Session, variant: str) -> None:
    _game(session, variant)
    ctx = Context(
        session=session,
        sender=READER,
        now=NOW,
        judge_name="Test Judge",
        judge_address="judge@judge.test",
        send=[].append,
    )
    run_statements(ctx, parse_body("MAP g"))
    [mail] = mails_to(session, READER)
    png = _png(mail)
    assert Image.open(io.BytesIO(png)).info.get("Copyright") == _credit(variant)
    assert _credit(variant) in mail.get_body(("plain",)).get_content()


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_results_mail_carries_the_variants_picture(session: Session, variant: str) -> None:
    _game(session, variant)
    game = find_game(session, "g")
    assert game is not None
    process_phase(session, SENDER, game, NOW)
    session.commit()
    [mail] = [m for m in mails_to(session, PLAYER) if "Results" in m["Subject"]]
    png = _png(mail)
    assert Image.open(io.BytesIO(png)).info.get("Copyright") == _credit(variant)
