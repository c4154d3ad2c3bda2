"""HISTORY gives the game's broadcast press with its reports, as njudge's history
(``data/history``: "The adjudicator stores turn results, broadcast press, and
informational notices ... but NOT any partial press"): each broadcast before the
report that followed it, a grey one without its sender, never press to some powers."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session

from judge.game.games import find_game
from judge.game.history import keep_report
from judge.store.models import REPORT_RESULTS
from tests.commands.helpers import (
    GM,
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

READER = "reader@players.test"


def _say(engine, power: str, lines: str, hours: float) -> None:
    signon = f"SIGNON {power[0].upper()}game1 {PASSWORDS[power]}\n"
    deliver(engine, make_mail(address(power), signon + lines), now=NOW + timedelta(hours=hours))


def _results(engine, phase: str, after: str, hours: float) -> None:
    with Session(engine) as session:
        game = find_game(session, "game1")
        assert game is not None
        subject = f"JUDGE:game1 - {phase} Results"
        keep_report(
            session, game, REPORT_RESULTS, subject, f"results of {phase}",
            NOW + timedelta(hours=hours), phase=phase,
        )  # fmt: skip
        game.phase = after
        game.number += 1
        session.add(game)
        session.commit()


def _game_with_press(tmp_path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.master_address = GM
        session.add(game)
        session.commit()
    _say(engine, "france", "BROADCAST\nHello all\nENDPRESS\n", 1)
    _say(engine, "france", "PRESS TO G\nOnly for Berlin\nENDPRESS\n", 2)
    _say(engine, "italy", "BROADCAST GREY\nGuess who\nENDPRESS\n", 3)
    _results(engine, "S1901M", "F1901M", 48)
    _say(engine, "germany", "BROADCAST\nAutumn words\nENDPRESS\n", 50)
    _results(engine, "F1901M", "W1901A", 96)
    _say(engine, "england", "BROADCAST\nWinter words\nENDPRESS\n", 97)
    return engine


def _history(engine, sender: str, line: str) -> tuple[str, str]:
    deliver(engine, make_mail(sender, line + "\n"), now=NOW + timedelta(hours=100))
    mails = outbox(engine)
    reply = body_of(mails[-1]).replace("\r\n", "\n")
    digest = next(m for m in reversed(mails) if "History" in m["Subject"])
    return reply, body_of(digest).replace("\r\n", "\n")


def test_history_gives_broadcasts_in_their_place_but_never_private_press(tmp_path) -> None:
    reply, text = _history(_game_with_press(tmp_path), READER, "HISTORY game1")
    assert "2 reports and 4 broadcasts of game game1 (S1901M to F1901M) mailed to you." in reply
    order = ["Hello all", "Guess who", "results of S1901M", "Autumn words", "results of F1901M"]
    at = [text.index(words) for words in [*order, "Winter words"]]
    assert at == sorted(at), text
    assert "JUDGE:game1 - S1901M Broadcast from France\n" in text
    assert "JUDGE:game1 - F1901M Broadcast from Germany\n" in text
    assert "Only for Berlin" not in text


def test_a_grey_broadcast_never_names_its_sender_even_to_the_master(tmp_path) -> None:
    engine = _game_with_press(tmp_path)
    for reader in (READER, GM):
        _, text = _history(engine, reader, "HISTORY game1")
        grey = text[text.index("Hello all") : text.index("Guess who")]
        assert grey.splitlines()[-3:] == ["=" * 75, "JUDGE:game1 - S1901M Broadcast", "=" * 75]
        assert "Italy" not in text


def test_a_phase_or_a_date_span_takes_the_broadcasts_of_that_span_only(tmp_path) -> None:
    engine = _game_with_press(tmp_path)
    reply, text = _history(engine, READER, "HISTORY game1 S1901M TO S1901M")
    assert "1 report and 2 broadcasts of game game1 (S1901M to S1901M)" in reply, reply
    assert "Guess who" in text and "Autumn words" not in text and "Winter words" not in text
    reply, text = _history(engine, READER, "HISTORY game1 S1901M TO F1901M")  # ends there
    assert "2 reports and 3 broadcasts of game game1 (S1901M to F1901M)" in reply, reply
    assert "Autumn words" in text and "Winter words" not in text
    reply, text = _history(engine, READER, "HISTORY game1 F1901M")  # from F1901M on
    assert "1 report and 2 broadcasts of game game1 (F1901M to F1901M)" in reply, reply
    assert "Autumn words" in text and "Winter words" in text and "Hello all" not in text
    reply, text = _history(engine, READER, "HISTORY game1 FROM Nov 23 2026 TO Nov 25 2026 12:00")
    assert "2 reports and 1 broadcast of game game1 (S1901M to F1901M)" in reply, reply
    assert "Autumn words" in text and "Hello all" not in text and "Winter words" not in text
    reply, text = _history(engine, READER, "HISTORY game1 FROM Nov 21 2026 TO Nov 22 2026")
    assert "2 broadcasts of game game1 (S1901M to S1901M) mailed to you." in reply, reply
    assert "Hello all" in text and "Guess who" in text and "results of" not in text


def test_njudge_s_history_forms_with_to_alone_and_lines(tmp_path) -> None:
    """data/history: ``HISTORY [name] [FROM date] [TO date] [LINES n]``: ``TO`` alone
    was read as a phase ("'Nov 22 2026' is not a phase") and ``LINES n`` refused."""
    engine = _game_with_press(tmp_path)
    reply, text = _history(engine, READER, "HISTORY game1 TO Nov 22 2026")
    assert "2 broadcasts of game game1 (S1901M to S1901M) mailed to you." in reply, reply
    assert "Hello all" in text and "results of" not in text
    line = "history game1 from Jan 1, 1990 to Dec 31, 2002 23:59 lines 5000"
    reply, _ = _history(engine, READER, line)
    assert "*** Refused: game game1 has no reports in that span" in reply, reply
    reply, _ = _history(engine, READER, "HISTORY game1 FROM Jan 1, 1990 LINES 5000")
    assert "2 reports and 4 broadcasts of game game1" in reply, reply
    assert "LINES is not needed here: each report goes whole, at most 20 in one mail." in reply


def test_njudge_s_exclstart_leaves_phases_out(tmp_path) -> None:
    """data/history's second form, ``HISTORY name EXCLSTART turnId [EXCLEND turnId]
    [BROAD]``, was refused "'EXCLSTART' is not a phase"."""
    engine = _game_with_press(tmp_path)
    reply, text = _history(engine, READER, "HISTORY game1 EXCLSTART F1901M")
    assert "1 report and 2 broadcasts of game game1 (S1901M to S1901M)" in reply, reply
    assert "results of S1901M" in text and "Autumn words" not in text
    reply, text = _history(engine, READER, "history game1 exclstart S1901M exclend S1901M broad")
    assert "1 report and 2 broadcasts of game game1 (F1901M to F1901M)" in reply, reply
    assert "Autumn words" in text and "Winter words" in text and "Hello all" not in text
    reply, _ = _history(engine, READER, "HISTORY game1 EXCLSTART S2999M")  # the whole game
    assert "2 reports and 4 broadcasts" in reply, reply
