"""SUMMARY lists who played each power, not only who plays it now: njudge's summary
(``summary.c``, the player list: each power's first player, then "from <phase>:"
each player who took it over), with how each one left.  Addresses and names stay
hidden from other players while an anonymous game runs; its master sees them."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session

from judge.game.games import find_game
from judge.game.processing import process_phase
from judge.mail.outgoing import Author
from tests.commands.helpers import (
    GM,
    JUDGE,
    NOW,
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
)

NORA = "nora@players.test"
LATER = NOW + timedelta(hours=50)


def _summary(engine, sender: str) -> str:
    deliver(engine, make_mail(sender, "SUMMARY game1\n"), now=LATER)
    [mail] = [m for m in outbox(engine) if m["To"] == sender and "Summary" in m["Subject"]][-1:]
    return body_of(mail).replace("\r\n", "\n")


def _taken_over_in_fall(tmp_path, *, anonymous: bool = False):
    """game1 after S1901M, France resigned and taken over by Nora in F1901M."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.anonymous, game.master_address = anonymous, GM
        process_phase(session, Author("Test Judge", JUDGE), game, NOW + timedelta(hours=49))
        session.commit()
        assert find_game(session, "game1").phase == "F1901M"
    signon = f"SIGNON Fgame1 {PASSWORDS['france']}\n"
    deliver(engine, make_mail(address("france"), signon + "RESIGN\n"), now=LATER)
    deliver(engine, make_mail(NORA, "REGISTER\nName: Nora\nTimezone: UTC\nEND\n"), now=LATER)
    deliver(engine, make_mail(NORA, "SIGNON Fgame1 norapw11\n"), now=LATER)
    return engine


def test_summary_names_the_player_who_resigned_and_who_took_over_from_when(tmp_path) -> None:
    text = _summary(_taken_over_in_fall(tmp_path), "reader@players.test")
    france = text[text.index("  France") : text.index("  Germany")]
    assert france.splitlines() == [
        "  France     France Player <france@players.test> (resigned)",
        f"             from F1901M: Nora <{NORA}>",
    ]
    assert "  England    England Player <england@players.test>\n" in text


def test_an_anonymous_game_hides_both_players_but_not_from_its_master(tmp_path) -> None:
    engine = _taken_over_in_fall(tmp_path, anonymous=True)
    text = _summary(engine, address("england"))
    assert "France     (anonymous) (resigned)\n             from F1901M: (anonymous)" in text
    assert "france@players.test" not in text and NORA not in text and "Nora" not in text
    master = _summary(engine, GM)
    assert f"from F1901M: Nora <{NORA}>" in master and "France Player <france@" in master


def test_a_resigned_power_not_yet_taken_over_shows_its_last_player(tmp_path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    signon = f"SIGNON Fgame1 {PASSWORDS['france']}\n"
    deliver(engine, make_mail(address("france"), signon + "RESIGN\n"), now=LATER)
    text = _summary(engine, "reader@players.test")
    france = text[text.index("  France") : text.index("  Germany")]
    assert france == "  France     France Player <france@players.test> (resigned)\n"


def test_a_player_the_master_replaced_stays_in_the_list(gm, run, session) -> None:
    """REPLACE of a power still played kept no trace of its player: SUMMARY showed
    only "from S1901M: New" with nobody before."""
    from tests.commands.forming import mails_to, text_of

    gm("GAME game1\nREPLACE france new@players.test sesame42")
    run("SUMMARY game1", "reader@players.test")
    [mail] = [m for m in mails_to(session, "reader@players.test") if "Summary" in m["Subject"]]
    text = text_of(mail).replace("\r\n", "\n")
    france = text[text.index("  France") : text.index("  Germany")]
    assert france.splitlines() == [
        "  France     France Player <france@players.test> (replaced)",
        "             from S1901M: <new@players.test>",
    ], france


def test_a_forming_game_s_summary_and_list_full_name_who_joined(tmp_path) -> None:
    """They said only "2 of 7 places taken"; an anonymous game keeps them hidden but
    from its master."""
    from tests.commands.forming import MASTER, forming_game, registered

    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        forming_game(session, "newgame")
        forming_game(session, "hidden", anonymous=True)
        for who in ("ann@p.test", "bob@p.test"):
            registered(session, who)
    for name in ("newgame", "hidden"):
        deliver(engine, make_mail("ann@p.test", f"JOIN {name} annpw123\n"))
        deliver(engine, make_mail("bob@p.test", f"JOIN {name} bobpw123\n"))
    joined = "  2 of 7 places taken; the game has not started\n  Joined so far:\n"
    names = "    Ann <ann@p.test>\n    Bob <bob@p.test>\n"
    deliver(engine, make_mail("out@p.test", "SUMMARY newgame\nSUMMARY hidden\nLIST FULL\n"))
    mails = [body_of(m).replace("\r\n", "\n") for m in outbox(engine) if m["To"] == "out@p.test"]
    open_summary, hidden_summary, reply = mails[-3:]
    assert joined + names in open_summary, open_summary
    assert "2 of 7 places taken" in hidden_summary and "Ann" not in hidden_summary
    assert "newgame: standard, forming" in reply and "Ann <ann@p.test>" in reply, reply
    assert reply.count("Ann <ann@p.test>") == 1  # not for the anonymous game
    deliver(engine, make_mail(MASTER, "SUMMARY hidden\n"))
    assert names in body_of(outbox(engine)[-2]).replace("\r\n", "\n")
