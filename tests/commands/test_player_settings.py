"""RESIGN after SIGNON, SET WAIT/NOWAIT, SET DRAW/NODRAW, SET CONCEDE/NOCONCEDE,
SET ABSENCE/NOABSENCE."""

from __future__ import annotations

from datetime import date, timedelta

from sqlmodel import select

from judge.game.games import find_game
from judge.store.models import ACTIVE, FINISHED, RESIGNED, GameReport, Player, as_utc
from tests.commands.forming import MASTER, mails, mails_to, text_of
from tests.commands.helpers import NOW, PASSWORDS, address, outcomes


def _signon(power: str) -> str:
    return f"SIGNON {power}@game1 {PASSWORDS[power]}\n"


def _player(session, power):
    return session.exec(select(Player).where(Player.power == power)).one()


def _last(ctx):
    return outcomes(ctx)[-1]


def _with_master(session):
    game = find_game(session, "game1")
    game.master_address = MASTER
    session.commit()
    return game


def test_wait_and_nowait(session, run):
    assert _last(run(_signon("france") + "SET WAIT"))[1:] == (
        "ok",
        "Wait set: this phase will not be processed before its deadline.",
    )
    assert _player(session, "france").wait
    assert _last(run(_signon("france") + "set no wait"))[1] == "ok"
    assert not _player(session, "france").wait
    assert _last(run(_signon("france") + "SET WAIT please"))[1:] == (
        "refused",
        "expected: SET WAIT",
    )
    assert _last(run("SET WAIT"))[1:] == ("refused", "this needs a SIGNON first")


def test_settings_refused_in_a_finished_game(session, run):
    game = find_game(session, "game1")
    game.status = FINISHED
    session.commit()
    for line in ("SET WAIT", "SET DRAW", "SET CONCEDE", "SET ABSENCE 2026-12-01", "RESIGN"):
        assert _last(run(_signon("france") + line))[1:] == ("refused", "game game1 is finished")


def test_a_partial_draw_vote_does_nothing(session, run):
    _with_master(session)
    for power in ("austria", "england", "france", "germany", "italy", "russia"):
        ctx = run(_signon(power) + "SET DRAW")
        assert _last(ctx)[1:] == ("ok", "You will now accept a DIAS draw (votes are secret).")
    assert _last(run(_signon("france") + "SET NODRAW"))[1:] == ("ok", "Draw vote withdrawn.")
    run(_signon("turkey") + "SET DRAW")
    assert find_game(session, "game1").status == ACTIVE
    assert mails(session) == []


def test_every_survivor_voting_draw_ends_the_game(session, run):
    _with_master(session)
    for power in PASSWORDS:
        ctx = run(_signon(power) + "SET DRAW")
    game = find_game(session, "game1")
    assert game.status == FINISHED and game.deadline is None
    expected = (  # njudge's words (draw.c)
        "Game 'game1' has been declared a draw between Austria, England, France, Germany, "
        "Italy, Russia and Turkey."
    )
    assert game.outcome == expected
    assert outcomes(ctx)[-1][2] == "You will now accept a DIAS draw (votes are secret)."
    assert ctx.transcript.entries[-1].extra == [f"The game is over: {expected}"]
    assert expected in text_of(mails_to(session, MASTER)[0])
    assert len(mails(session)) == 8  # seven players and the master


def test_eliminated_powers_and_resigned_players_do_not_vote(session, run):
    game = find_game(session, "game1")
    doc = game.position_doc()
    doc["units"] = [u for u in doc["units"] if u["power"] != "italy"]
    del doc["supply_centers"]["italy"]
    game.set_position(doc)
    session.commit()
    for power in ("austria", "england", "france", "germany", "russia"):
        run(_signon(power) + "SET DRAW")
    run(_signon("turkey") + "RESIGN")
    assert _player(session, "turkey").status == RESIGNED
    assert game.status == FINISHED
    # Turkey is in civil disorder but still survives: it shares the draw; Italy does not.
    assert game.outcome == (
        "Game 'game1' has been declared a draw between Austria, England, France, Germany, "
        "Russia and Turkey."
    )


def test_concession_to_the_largest_power(session, run):
    for power in ("austria", "england", "france", "germany", "italy"):
        run(_signon(power) + "SET CONCEDE")
    run(_signon("russia") + "SET CONCEDE")  # the largest power's own flag changes nothing
    game = find_game(session, "game1")
    assert game.status == ACTIVE
    ctx = run(_signon("turkey") + "SET CONCEDE")
    assert game.status == FINISHED
    assert game.outcome == "Russia wins: every other surviving player conceded."
    assert ctx.transcript.entries[-1].extra == [f"The game is over: {game.outcome}"]


def test_no_concession_when_the_most_centres_are_shared(session, run):
    game = find_game(session, "game1")
    doc = game.position_doc()
    doc["supply_centers"]["turkey"].append("bul")  # four centres, as many as Russia
    game.set_position(doc)
    session.commit()
    for power in PASSWORDS:
        run(_signon(power) + "SET CONCEDE")
    assert game.status == ACTIVE
    run(_signon("france") + "SET NOCONCEDE")
    assert not _player(session, "france").concede


def test_resign_puts_the_power_in_civil_disorder_and_tells_everyone(session, run):
    _with_master(session)
    ctx = run(_signon("france") + "SET WAIT\nRESIGN\nA Par - Bur")
    assert outcomes(ctx)[2][1:] == (
        "ok",
        "You have resigned from game game1; France is in civil disorder.",
    )
    assert outcomes(ctx)[3][1:] == ("refused", "you no longer play France in game game1")
    france = _player(session, "france")
    assert france.status == RESIGNED and not france.wait
    notice = text_of(mails_to(session, address("germany"))[0])
    assert f"The player ({address('france')}) of France has resigned from game game1." in notice
    assert mails_to(session, address("france")) == []
    assert len(mails_to(session, MASTER)) == 1
    report = session.exec(select(GameReport)).one()
    assert report.kind == "announcement" and "France is in civil disorder" in report.text
    again = run(_signon("france"))
    assert not again.signed_on
    assert _last(again)[2].startswith("you no longer play France in game game1 (resigned): ")


def test_resign_in_an_anonymous_game_hides_the_address(session, run):
    game = find_game(session, "game1")
    game.anonymous = True
    session.commit()
    run(_signon("france") + "RESIGN")
    notice = text_of(mails_to(session, address("germany"))[0])
    assert "The player of France has resigned" in notice and "@" not in notice


def test_absence_over_the_deadline_moves_it_and_tells_the_master(session, run):
    game = _with_master(session)
    deadline = as_utc(game.deadline)  # Mon 23 Nov 2026 12:00 UTC
    ctx = run(_signon("france") + "SET ABSENCE 2026-11-23 TO Nov 25")
    assert outcomes(ctx)[-1][1:] == ("ok", "Absence set: 2026-11-23 to 2026-11-25 (UTC).")
    assert as_utc(game.deadline) == deadline + timedelta(days=3)
    assert ctx.transcript.entries[-1].extra == [
        "The deadline of S1901M moved to Thu 26 Nov 2026 12:00 UTC."
    ]
    france = _player(session, "france")
    assert (france.absent_from, france.absent_until) == (date(2026, 11, 23), date(2026, 11, 25))
    [note] = mails_to(session, MASTER)
    assert "The player of France in game game1 is away 2026-11-23 to 2026-11-25" in text_of(note)
    [moved] = mails_to(session, address("germany"))
    assert "The deadline of S1901M has moved to Thu 26 Nov 2026 12:00 UTC." in text_of(moved)


def test_absence_beside_the_deadline_leaves_it(session, run):
    game = _with_master(session)
    deadline = as_utc(game.deadline)
    ctx = run(_signon("france") + "SET ABSENCE 2026-11-24")
    assert outcomes(ctx)[-1][1:] == ("ok", "Absence set: 2026-11-24 (UTC).")
    assert as_utc(game.deadline) == deadline
    assert len(mails_to(session, MASTER)) == 1 and mails_to(session, address("germany")) == []
    assert _last(run(_signon("france") + "SET NOABSENCE"))[1:] == ("ok", "Absence cleared.")
    assert _player(session, "france").absent_from is None


def test_absence_refusals(session, run):
    cases = {
        "SET ABSENCE": "expected: SET ABSENCE",
        "SET ABSENCE someday": "give a date such as",
        "SET ABSENCE 2026-11-01 TO 2026-11-02": "that absence is over already",
        "SET ABSENCE 2026-12-01 TO 2026-12-31": "an absence may last at most 14 days",
        "SET ABSENCE 2026-12-05 TO 2026-12-01": "the range ends before it starts",
    }
    for line, reason in cases.items():
        status, message = _last(run(_signon("france") + line))[1:]
        assert status == "refused" and message.startswith(reason), (line, message)
    assert _player(session, "france").absent_from is None
    assert NOW.date() == date(2026, 11, 21)


def test_njudge_set_concede_names_the_largest_power(session, run):
    """njudge's SET CONCEDE <power> (data/index 448-457): the power named must be the
    largest on the board (Russia, with four centres at the start)."""
    ctx = run(_signon("france") + "SET CONCEDE France")
    assert _last(ctx)[1:] == (
        "refused",
        "you must specify the largest power on the board (Russia)",
    )
    ctx = run(_signon("france") + "SET CONCEDE Russia")
    assert _last(ctx)[1:] == ("ok", "Concession recorded (it is secret).")


def test_njudges_short_forms_of_player_settings(session, run):
    """njudge's ml_set.c abbreviations (SET W, SET NOW, SET AD, SET PW, SET P, SET CONC,
    SET NOCONC) were "unknown command" (a password after SET PW quoted back); each is
    now the setting it stands for."""
    assert _last(run(_signon("france") + "SET W"))[1] == "ok"
    assert _player(session, "france").wait
    assert _last(run(_signon("france") + "SET NOW"))[1] == "ok"
    assert not _player(session, "france").wait
    assert _last(run(_signon("france") + "SET AD"))[1] == "ok"
    assert _last(run(_signon("france") + "SET PW newpass1")) == (
        "SET PASSWORD ********",
        "ok",
        "Password changed.",
    )
    assert _last(run("SIGNON france@game1 newpass1\nSET P paris11"))[1] == "ok"
    assert _last(run(_signon("russia") + "SET CONC R"))[1:] == (
        "ok",
        "Concession recorded (it is secret).",
    )
    assert _last(run(_signon("russia") + "SET NO CONC"))[1:] == ("ok", "Concession withdrawn.")


def test_an_njudge_comma_list_of_player_settings_is_taken_one_by_one(session, run):
    """njudge's ``SET NO DRAW, NO CONCEDE`` (several settings on one line, ml_set.c)
    was "unknown command" whole; each setting is now taken or refused on its own."""
    ctx = run(_signon("france") + "SET WAIT, SET NO DRAW, NO SUCH THING, NO CONCEDE.")
    assert outcomes(ctx)[1:] == [
        ("SET WAIT", "ok", outcomes(ctx)[1][2]),
        ("SET NO DRAW", "ok", outcomes(ctx)[2][2]),
        ("SET NO SUCH THING", "refused", "unknown command (send HELP for the list)"),
        ("SET NO CONCEDE.", "ok", "Concession withdrawn."),
    ]
    assert _player(session, "france").wait


def test_njudges_who_with_an_address_is_whois(session, run):
    """njudge's ``WHO <user>`` is ``WHOIS`` (data/index): passed over before as "ignored:
    not an order"; prose beginning with Who stays prose."""
    ctx = run(_signon("france") + "WHO england@players.test\nWho attacks Munich?")
    assert outcomes(ctx)[1][:2] == ("WHO england@players.test", "ok")
    assert outcomes(ctx)[1][2].startswith("Registered as england@players.test:")
    assert outcomes(ctx)[2][1] != "ok"


def test_njudges_keeper_commands_from_a_player(session, run):
    """ADJUST, RECORD, FIXID, NOCONTROL (njudge's adm/ commands) are refused as such;
    a line of prose that begins with the word is still prose."""
    ctx = run(_signon("france") + "ADJUST 12 -5 secretpw\nAdjust your orders, please")
    [_, (echo, status, text), (_, prose, _)] = outcomes(ctx)
    assert (echo, status) == ("ADJUST 12 -5 ********", "refused")
    assert text.startswith("njudge's ADJUST is"), text
    assert "njudge" not in outcomes(ctx)[2][2], prose
