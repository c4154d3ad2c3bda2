"""HISTORY and SUMMARY."""

from __future__ import annotations

import json

from judge.commands.history import MAX_REPORTS
from judge.game.games import find_game
from judge.game.history import keep_report
from judge.store.models import FINISHED, REPORT_RESULTS, REPORT_START, PhaseSnapshot
from tests.commands.forming import MASTER, forming_game, mails_to, text_of
from tests.commands.helpers import NOW, address, outcomes

READER = "reader@players.test"
PHASES = ["S1901M", "F1901M", "W1901A", "S1902M", "F1902M", "F1902R", "W1902A"]


def _play(session, game, phases=PHASES):
    """Store a start report and one results report per phase, as turns would."""
    keep_report(
        session, game, REPORT_START, f"JUDGE:{game.name} - S1901M Game Starting", "start", NOW
    )
    for number, phase in enumerate(phases, 1):
        game.phase, game.number = phase, number - 1
        keep_report(
            session,
            game,
            REPORT_RESULTS,
            f"JUDGE:{game.name} - {phase} Results",
            f"text {phase}",
            NOW,
        )
    game.number = len(phases)
    game.phase = "S1903M"
    session.commit()


def _reply(ctx):
    [(_, status, message)] = outcomes(ctx)
    return status, message


def test_history_mails_every_report_in_one_mail(session, run):
    _play(session, find_game(session, "game1"))
    status, message = _reply(run("HISTORY game1", READER))
    assert (status, message) == ("ok", "8 reports of game game1 (S1901M to W1902A) mailed to you.")
    [mail] = mails_to(session, READER)
    assert mail["Subject"] == "JUDGE:game1 History S1901M to W1902A"
    body = text_of(mail)
    assert body.startswith("History of game game1: 8 reports, S1901M to W1902A.")
    at = [body.index(f"text {p}") for p in PHASES]
    assert at == sorted(at) and "JUDGE:game1 - F1902R Results" in body


def test_history_between_two_phases(session, run):
    _play(session, find_game(session, "game1"))
    assert _reply(run("HISTORY game1 Fall 1901 Movement TO W1901B", READER))[1] == (
        "2 reports of game game1 (F1901M to W1901A) mailed to you."
    )
    assert _reply(run("HISTORY game1 S1902M F1902M", READER))[1].startswith("2 reports")
    assert _reply(run("HISTORY game1 F1902R", READER))[1].startswith("2 reports")
    body = text_of(mails_to(session, READER)[0])
    assert "text F1901M" in body and "text W1901A" in body and "text S1902M" not in body


def test_history_is_bounded(session, run):
    phases = [f"{s}{year}M" for year in range(1901, 1915) for s in "SF"]
    _play(session, find_game(session, "game1"), phases)
    ctx = run("HISTORY game1", READER)
    assert (
        _reply(ctx)[1] == f"{MAX_REPORTS} reports of game game1 (S1905M to F1914M) mailed to you."
    )
    assert ctx.transcript.entries[0].extra == [
        "9 earlier reports left out: ask HISTORY game1 <from phase> TO <to phase> for them."
    ]
    ctx = run("HISTORY game1 S1901M", READER)
    assert _reply(ctx)[1].startswith(f"{MAX_REPORTS} reports of game game1 (S1901M to S1910M)")
    assert "9 more reports matched" in ctx.transcript.entries[0].extra[0]


def test_history_refusals(session, run):
    forming_game(session)
    game = find_game(session, "game1")
    cases = {
        "HISTORY": "expected: HISTORY [<game>]",
        "HISTORY nogame": "there is no game called 'nogame' (did you mean newgame?)",
        "HISTORY game1": "game game1 has no reports yet",
        "HISTORY newgame": "game newgame has no reports yet",
    }
    for line, reason in cases.items():
        status, message = _reply(run(line, READER))
        assert status == "refused" and message.startswith(reason), (line, message)
    _play(session, game)
    cases = {
        "HISTORY game1 Sometime": "'Sometime' is not a phase",
        "HISTORY game1 S1905M": "game game1 has no report about S1905M",
        "HISTORY game1 F1902M TO S1901M": "game game1 has no report about S1901M after F1902M",
    }
    for line, reason in cases.items():
        status, message = _reply(run(line, READER))
        assert status == "refused" and message.startswith(reason), (line, message)
    assert mails_to(session, READER) == []


def test_anonymous_history_only_for_the_game_people_until_it_ends(session, run):
    game = find_game(session, "game1")
    game.anonymous = True
    game.master_address = MASTER
    _play(session, game)
    status, message = _reply(run("HISTORY game1", READER))
    assert status == "refused" and message.startswith("game game1 is anonymous: until it ends")
    assert _reply(run("HISTORY game1", address("france")))[0] == "ok"
    assert _reply(run("HISTORY game1", MASTER))[0] == "ok"
    run("OBSERVE game1", READER)
    assert _reply(run("HISTORY game1", READER))[0] == "ok"
    run("UNOBSERVE game1", READER)
    game.status = FINISHED
    session.commit()
    assert _reply(run("HISTORY game1", READER))[0] == "ok"


def test_summary_lists_settings_players_phases_centres_and_outcome(session, run):
    game = find_game(session, "game1")
    game.master_address = MASTER
    start = game.position
    session.add(PhaseSnapshot(game_id=game.id, number=0, phase="S1901M", position=start))
    doc = json.loads(start)
    doc["phase"] = "S1902M"
    doc["supply_centers"]["france"] += ["spa", "por"]
    session.add(PhaseSnapshot(game_id=game.id, number=3, phase="S1902M", position=json.dumps(doc)))
    _play(session, game, ["S1901M", "F1901M", "W1901A"])
    doc["supply_centers"]["france"].append("bel")
    game.set_position(doc)
    game.outcome = ""
    session.commit()
    assert _reply(run("SUMMARY game1", READER)) == (
        "ok",
        "A summary of game game1 is mailed to you.",
    )
    [mail] = mails_to(session, READER)
    body = text_of(mail)
    assert mail["Subject"] == "JUDGE:game1 Summary"
    for line in [
        "Variant: standard, rules: standard",
        "Status: active, phase S1902M",
        "Deadline: Mon 23 Nov 2026 12:00 UTC",
        "Seats: 7, anonymous: no",
        f"Game master: {MASTER}",
        "  France     France Player <france@players.test>",
        "Phases played: 3 (S1901M, F1901M, W1901A)",
        "Year   Aus  Eng  Fra  Ger  Ita  Rus  Tur",
        "start    3    3    3    3    3    4    3",
        "1901     3    3    5    3    3    4    3",  # issue 26: the year's end, not its start
        "now      3    3    6    3    3    4    3",
        "Outcome: the game is not over",
    ]:
        assert line in body.splitlines(), (line, body)


def test_summary_hides_players_of_an_anonymous_game_in_progress(session, run):
    game = find_game(session, "game1")
    game.anonymous = True
    game.master_address = MASTER
    session.commit()
    run("SUMMARY game1", READER)
    body = text_of(mails_to(session, READER)[0])
    assert "  France     (anonymous)" in body.splitlines() and "france@" not in body
    run("SUMMARY game1", MASTER)
    assert "france@players.test" in text_of(mails_to(session, MASTER)[0])


def test_summary_of_a_forming_game_and_refusals(session, run):
    forming_game(session, seats=3)
    run("SUMMARY newgame", READER)
    body = text_of(mails_to(session, READER)[0])
    assert "  0 of 3 places taken; the game has not started" in body.splitlines()
    assert _reply(run("SUMMARY", READER)) == ("refused", "expected: SUMMARY <game>")
    assert _reply(run("SUMMARY nogame", READER)) == (
        "refused",
        "there is no game called 'nogame' (did you mean newgame?)",
    )
