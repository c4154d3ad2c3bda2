"""A BROADCAST reaches everyone, as njudge's does (its help ``press``:
a message "broadcast to all players and observers"; ml_press.c: the master gets
every broadcast). It reached the powers only, while the reply said "Press ...
sent to everyone": now the other observers and the master read it too, its
subject is a broadcast's, and the reply says "Broadcast ... sent to everyone"."""

from __future__ import annotations

from sqlmodel import Session

from tests.commands.helpers import PASSWORDS, add_game, deliver, make_mail, migrated_engine, outbox

MASTER = "master@example.org"
WATCHER, OTHER = "watcher@observers.test", "other@observers.test"


def test_an_observers_broadcast_reaches_the_players_the_observers_and_the_master(tmp_path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.master_address, game.observer_press = MASTER, True
        session.add(game)
        session.commit()
    for watcher in (WATCHER, OTHER):
        deliver(engine, make_mail(watcher, "OBSERVE game1\n"))
    before = len(outbox(engine))
    deliver(engine, make_mail(WATCHER, "SIGNON Ogame1 x\nBROADCAST\nGood luck all!\nENDPRESS\n"))
    mails = outbox(engine)[before:]
    [reply] = [m for m in mails if m["In-Reply-To"]]
    assert "Broadcast (white, 1 line) sent to everyone." in reply.get_content()
    press = [m for m in mails if not m["In-Reply-To"]]
    players = [f"{power}@players.test" for power in PASSWORDS]
    assert sorted(m["To"] for m in press) == sorted([*players, MASTER, OTHER])
    assert {m["Subject"] for m in press} == {"JUDGE:game1 - S1901M Broadcast from an observer"}


def test_a_players_broadcast_reaches_the_observers_too(tmp_path):
    """njudge's mail.c (send_press) mails a broadcast to every player and observer
    of the game but its sender; the observers got none of a player's broadcasts
    while the reply said "sent to everyone"."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    deliver(engine, make_mail(WATCHER, "OBSERVE game1\n"))
    before = len(outbox(engine))
    signon = f"SIGNON Fgame1 {PASSWORDS['france']}\n"
    deliver(engine, make_mail("france@players.test", signon + "BROADCAST GREY\nhi\nENDPRESS\n"))
    press = [m for m in outbox(engine)[before:] if not m["In-Reply-To"]]
    assert WATCHER in [m["To"] for m in press]
    assert len(press) == 7  # six other powers and the observer


def _observers_game(engine) -> None:
    with Session(engine) as session:
        game = add_game(session)
        game.master_address, game.observer_press, game.press_mode = MASTER, True, "white/grey"
        session.add(game)
        session.commit()
    for watcher in (WATCHER, OTHER):
        deliver(engine, make_mail(watcher, "OBSERVE game1\n"))


def test_an_observers_grey_press_is_refused_not_sent_white(tmp_path):
    """An observer's press is white here (njudge's ObWhite, docs/game-masters.md); its
    GREY was passed over and the press sent white.  njudge's ml_press.c refuses it
    under ObWhite: "Game '%s' does not allow grey press from observers."  So here."""
    engine = migrated_engine(tmp_path)
    _observers_game(engine)
    for line in ("BROADCAST GREY", "PRESS TO G GREY"):
        before = len(outbox(engine))
        deliver(engine, make_mail(WATCHER, f"SIGNON Ogame1 x\n{line}\nWho am I?\nENDPRESS\n"))
        [reply] = outbox(engine)[before:]
        assert reply["Subject"].startswith("Re: [Error Flag]")
        assert "does not allow grey press from observers" in reply.get_content()


def test_an_observers_press_to_the_observers_is_not_mailed_back_to_it(tmp_path):
    """njudge's mail.c (send_press) mails press to everyone it is for "if he isn't
    the originating player"; an observer's PRESS TO O came back to its sender."""
    engine = migrated_engine(tmp_path)
    _observers_game(engine)
    before = len(outbox(engine))
    deliver(engine, make_mail(WATCHER, "SIGNON Ogame1 x\nPRESS TO O\nHello watchers\nENDPRESS\n"))
    press = [m for m in outbox(engine)[before:] if not m["In-Reply-To"]]
    assert [m["To"] for m in press] == [OTHER]
