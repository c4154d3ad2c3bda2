"""SET WAIT, SET DRAW and SET CONCEDE hold one phase only: processing a phase clears
every player's wait and votes, as on the classic judges; the players who want the next
phase held (or still want the draw) say so again."""

from __future__ import annotations

from sqlmodel import Session, select

from judge.game.processing import process_phase
from judge.store.models import Player
from tests.turns.conftest import NOW, SENDER, new_game


def _waiting(session: Session, game_id: int) -> set[str]:
    players = session.exec(select(Player).where(Player.game_id == game_id))
    return {p.power for p in players if p.wait}


def _set_wait(session: Session, game_id: int, *powers: str) -> None:
    for player in session.exec(select(Player).where(Player.game_id == game_id)):
        if player.power in powers:
            player.wait = True
            session.add(player)
    session.flush()


def test_processing_a_phase_clears_every_wait(session: Session) -> None:
    game = new_game(session)
    other = new_game(session, "other")
    assert game.id is not None and other.id is not None
    _set_wait(session, game.id, "france", "germany")
    _set_wait(session, other.id, "italy")
    process_phase(session, SENDER, game, NOW)
    assert game.phase == "F1901M"
    assert _waiting(session, game.id) == set()
    assert _waiting(session, other.id) == {"italy"}  # another game's waits stay


def test_a_wait_set_again_holds_the_next_phase_until_processed(session: Session) -> None:
    game = new_game(session)
    assert game.id is not None
    process_phase(session, SENDER, game, NOW)
    _set_wait(session, game.id, "england")  # SET WAIT during F1901M
    assert _waiting(session, game.id) == {"england"}
    process_phase(session, SENDER, game, NOW)
    assert _waiting(session, game.id) == set()


def test_draw_and_concede_votes_expire_with_the_phase(session: Session) -> None:
    game = new_game(session)
    assert game.id is not None
    for player in session.exec(select(Player).where(Player.game_id == game.id)):
        player.draw = player.power in ("france", "italy")
        player.concede = player.power == "turkey"
        session.add(player)
    session.flush()
    process_phase(session, SENDER, game, NOW)
    players = session.exec(select(Player).where(Player.game_id == game.id)).all()
    assert [p.power for p in players if p.draw or p.concede] == []
