"""A player's own page shows *their* press (docs/games.md, "The web pages"): a player
who takes over a power (or is put in by the master's REPLACE) does not read the
partial press the power's earlier player sent and received; broadcasts, public on
the game's page anyway, stay."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from sqlmodel import Session, select

from judge.commands.takeover import give_seat
from judge.game.games import find_game
from judge.store.models import Account, Player, Press, utcnow
from judge.store.passwords import set_hash_cost
from judge.web.views import private_page
from tests.commands.helpers import (
    NOW,
    PASSWORDS,
    add_game,
    address,
    deliver,
    judge_config,
    make_mail,
    migrated_engine,
)


def _press(engine, power: str, lines: str, hours: int) -> None:  # type: ignore[no-untyped-def]
    body = f"SIGNON {power[0].upper()}g1 {PASSWORDS[power]}\n{lines}\n"
    deliver(engine, make_mail(address(power), body), judge_config(), NOW + timedelta(hours=hours))


def test_a_new_player_does_not_read_the_earlier_players_press(tmp_path: Path) -> None:
    set_hash_cost(time_cost=1, memory_kib=8)
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session, "g1", press_mode="white")
    _press(engine, "france", "PRESS TO England\nOld plan between us\nENDPRESS", 1)
    _press(engine, "england", "PRESS TO France\nOld answer\nENDPRESS", 2)
    _press(engine, "germany", "BROADCAST\nHello all\nENDPRESS", 3)
    with Session(engine) as session:
        game = find_game(session, "g1")
        assert game is not None
        newcomer = Account(address="newcomer@players.test", name="Newcomer")
        session.add(newcomer)
        session.flush()
        england = session.exec(
            select(Player).where(Player.game_id == game.id, Player.power == "england")
        ).one()
        give_seat(england, newcomer.id or 0, "fresh123", NOW + timedelta(hours=4))
        session.add(england)
        session.commit()
    _press(engine, "france", "PRESS TO England\nWelcome aboard\nENDPRESS", 5)
    with Session(engine) as session:
        game = find_game(session, "g1")
        assert game is not None
        england = session.exec(
            select(Player).where(Player.game_id == game.id, Player.power == "england")
        ).one()
        bodies = [item.body for item, _to, _sent in private_page(session, game, england).press]
    assert "Old plan between us" not in bodies and "Old answer" not in bodies
    assert bodies == ["Hello all", "Welcome aboard"]


def test_press_to_the_master_and_observers_names_them(tmp_path: Path) -> None:
    """PRESS TO M O (njudge's marks for the master and the observers) is listed as
    to "the Master" and "the observers", as the reply to the press named them."""
    set_hash_cost(time_cost=1, memory_kib=8)
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session, "g1", press_mode="white")
        press = Press(
            game_id=game.id or 0,
            phase="S1901M",
            from_power="france",
            from_address=address("france"),
            recipients='["england", "M", "O"]',
            body="To a few",
            created_at=utcnow(),  # after the seats were made (add_game: now)
        )
        session.add(press)
        session.commit()
        france = session.exec(
            select(Player).where(Player.game_id == game.id, Player.power == "france")
        ).one()
        [(item, to, sent)] = private_page(session, game, france).press
    assert sent and to == "England, the Master, the observers"


def test_press_from_the_master_or_an_observer_names_them(tmp_path: Path) -> None:
    """The master's PRESS (stored from M) and an observer's (from O) are listed as
    from "the Master" and "an observer", as their mails name them."""
    set_hash_cost(time_cost=1, memory_kib=8)
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session, "g1", press_mode="white")
        for mark in ("M", "O"):
            session.add(
                Press(
                    game_id=game.id or 0,
                    phase="S1901M",
                    from_power=mark,
                    from_address="someone@players.test",
                    recipients='["france"]',
                    body=f"From {mark}",
                    created_at=utcnow(),
                )
            )
        session.commit()
        france = session.exec(
            select(Player).where(Player.game_id == game.id, Player.power == "france")
        ).one()
        senders = [item.sender for item, _to, _sent in private_page(session, game, france).press]
    assert senders == ["the Master", "an observer"]
