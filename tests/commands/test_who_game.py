"""njudge's ``WHO GAME <game> [FULL]`` (``data/index`` 1009-1022; ``mail.c`` WHOGAME):
the registration of every player of a game, with the observers after ``FULL``; after a
SIGNON the game may be left out.  It was refused as "an njudge command not supported
on this judge".  In an anonymous game that runs only its master may ask (njudge: "If
the game is gunboat this command can only be used by the moderator")."""

from __future__ import annotations

from sqlmodel import Session

from judge.game.games import find_game
from tests.commands.forming import MASTER, forming_game, registered
from tests.commands.helpers import (
    GM,
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
    reply_to_orders,
)


def _reply(engine, sender: str, body: str) -> str:
    deliver(engine, make_mail(sender, body))
    return body_of(outbox(engine)[-1]).replace("\r\n", "\n")


def test_who_game_after_a_signon_lists_every_player(tmp_path) -> None:
    subject, text = reply_to_orders(tmp_path, "WHO GAME\n")
    assert "[Error Flag]" not in subject, text
    assert "> WHO GAME\n  The players of game game1:" in text
    for power in ("austria", "france", "turkey"):
        assert f"{power.title()}: {power.title()} Player <{address(power)}>" in text, text
    assert "Dedication: 0." in text


def test_whogame_naming_the_game_with_full_lists_the_observers_too(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    watcher = "watcher@players.test"
    _reply(engine, watcher, "REGISTER\nName: Wendy\nTimezone: UTC\nEND\n")
    assert "You now observe" in _reply(engine, watcher, "OBSERVE game1\n")
    text = _reply(engine, watcher, "WHOGAME game1 FULL\nWHO GAME game1\n")
    assert "*** Refused" not in text, text
    full, plain = text.split("> WHO GAME game1\n")
    assert f"Observer: Wendy <{watcher}>" in full and "Germany: Germany Player" in full
    assert "Observer:" not in plain and "Germany: Germany Player" in plain


def test_an_anonymous_running_game_is_answered_to_its_master_only(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.anonymous, game.master_address = True, GM
        session.add(game)
        session.commit()
    text = _reply(engine, address("france"), "WHO GAME game1\n")
    assert "*** Refused: game game1 is anonymous: only its master may see who plays it" in text
    assert address("germany") not in text
    with Session(engine) as session:
        assert find_game(session, "game1") is not None


def test_who_game_on_a_forming_game_lists_who_joined_so_far(tmp_path) -> None:
    """njudge's WHO GAME lists the players signed on to a game not yet started."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        forming_game(session, "newgame")
        forming_game(session, "hidden", anonymous=True)
        for who in ("ann@p.test", "bob@p.test"):
            registered(session, who)
    for name in ("newgame", "hidden"):
        _reply(engine, "ann@p.test", f"JOIN {name} annpw123 France\n")
        _reply(engine, "bob@p.test", f"JOIN {name} bobpw123\n")
    text = _reply(engine, "out@p.test", "WHO GAME newgame\n")
    assert "Forming: 2 of 7 places taken" in text, text
    assert "Joined: Ann <ann@p.test>, time zone UTC" in text
    assert "Joined: Bob <bob@p.test>, time zone UTC" in text
    assert "annpw123" not in text and "France" not in text  # nor preferences
    # an anonymous forming game: its master only, as while it runs
    text = _reply(engine, "bob@p.test", "WHO GAME hidden\n")
    assert "only its master may see who plays it" in text and "Ann" not in text
    text = _reply(engine, MASTER, "WHO GAME hidden\n")
    assert "Joined: Ann <ann@p.test>" in text and "Joined: Bob <bob@p.test>" in text
