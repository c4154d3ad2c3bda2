"""The links of the mails to the web pages (issue 29): a player's private token opens
that player's page only while they hold the power with the same password; mails carry
links only when the judge has web pages."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import Session, select

from judge.game.links import (
    game_page,
    player_of_token,
    player_token,
    private_page,
    with_links,
)
from judge.mail.outgoing import Author
from judge.store.models import RESIGNED, Game, Player
from judge.store.secrets import site_secret
from tests.commands.helpers import add_game, migrated_engine

WEB = "https://judge.example.org"


def _setup(tmp_path: Path) -> tuple[Session, Game, Player, Player]:
    engine = migrated_engine(tmp_path)
    session = Session(engine)
    game = add_game(session, "Alpha")
    players = {p.power: p for p in session.exec(select(Player).where(Player.game_id == game.id))}
    return session, game, players["france"], players["germany"]


def test_a_token_opens_its_own_player_only(tmp_path: Path) -> None:
    session, game, france, germany = _setup(tmp_path)
    secret = site_secret(session)
    token = player_token(secret, france)
    assert len(token) == 32 and token.isalnum()
    assert player_of_token(session, game, "france", token) == france
    assert player_of_token(session, game, "FRANCE", token.upper()) == france
    assert player_of_token(session, game, "germany", token) is None
    assert player_of_token(session, game, "france", player_token(secret, germany)) is None
    other = "b" if token.endswith("a") else "a"
    assert player_of_token(session, game, "france", token[:-1] + other) is None


def test_a_token_dies_with_a_new_password_or_the_seat(tmp_path: Path) -> None:
    session, game, france, germany = _setup(tmp_path)
    token = player_token(site_secret(session), france)
    france.password_hash = "a new hash"
    session.add(france)
    session.flush()
    assert player_of_token(session, game, "france", token) is None
    token = player_token(site_secret(session), germany)
    germany.status = RESIGNED
    session.add(germany)
    session.flush()
    assert player_of_token(session, game, "germany", token) is None


def test_the_secret_is_made_once_and_kept(tmp_path: Path) -> None:
    session, _game, _france, _germany = _setup(tmp_path)
    first = site_secret(session)
    session.commit()
    assert site_secret(session) == first and len(first) == 32


def test_mails_link_the_pages_only_when_there_are_pages(tmp_path: Path) -> None:
    session, game, france, _germany = _setup(tmp_path)
    with_web = Author("Judge", "judge@example.org", "USIN", WEB)
    text, html = with_links(session, with_web, game, "france", "Report.\n", "<p>R</p></body>")
    own = private_page(session, WEB, game, france)
    assert own.startswith(f"{WEB}/game/alpha/player/france/")
    assert text == f"Report.\n\nThe game's page: {WEB}/game/alpha\n" + (
        f"Your own page (press and orders; keep it to yourself): {own}\n"
    )
    assert html is not None and html.endswith("</body>") and f'href="{own}"' in html
    # An observer or the master gets the game's page only.
    text, _ = with_links(session, with_web, game, None, "Report.\n", None)
    assert text == f"Report.\n\nThe game's page: {WEB}/game/alpha\n"
    # No web pages: the mail is left as it was.
    without = Author("Judge", "judge@example.org", "USIN")
    assert with_links(session, without, game, "france", "Report.\n", None) == ("Report.\n", None)
    assert game_page("", "alpha") == ""


def test_mails_of_a_private_game_link_no_pages(tmp_path: Path) -> None:
    """A private game (SET NOLIST) is not on the web, not even to its players
    (docs/games.md): its mails must not give links that lead nowhere."""
    session, game, _france, _germany = _setup(tmp_path)
    game.unlisted = True
    session.add(game)
    session.flush()
    with_web = Author("Judge", "judge@example.org", "USIN", WEB)
    assert with_links(session, with_web, game, "france", "Report.\n", None) == ("Report.\n", None)
    assert with_links(session, with_web, game, None, "Report.\n", None) == ("Report.\n", None)
