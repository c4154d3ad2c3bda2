"""MAP <game> [<phase>] and the start mail's map."""

from __future__ import annotations

import io

from PIL import Image

from judge.game.games import find_game
from judge.game.processing import process_phase
from judge.game.start import start_game
from tests.commands.forming import SENDER, forming_game, mails_to
from tests.commands.helpers import NOW, outcomes
from tests.turns.test_map_mail import CREDIT, check_map_mail

READER = "reader@players.test"


def _reply(ctx):
    [(_, status, message)] = outcomes(ctx)
    return status, message


def test_map_mails_the_position_now(session, run):
    status, message = _reply(run("MAP game1", READER))
    assert status == "ok" and message == (
        "The map of game game1 (position, S1901M) is mailed to you."
    )
    [mail] = mails_to(session, READER)
    assert mail["Subject"] == "JUDGE:game1 - S1901M Map"
    png = check_map_mail(mail)
    assert Image.open(io.BytesIO(png)).info.get("Copyright") == CREDIT


def test_map_of_a_processed_phase_draws_its_orders_again(session, run):
    game = find_game(session, "game1")
    position = process_phase(session, SENDER, game, NOW)
    session.commit()
    assert position.phase == "S1901M"
    status, message = _reply(run("MAP game1 Spring 1901 Movement", READER))
    assert (status, message) == (
        "ok",
        "The map of game game1 (results of S1901M) is mailed to you.",
    )
    now = mails_to(session, READER)[-1]
    assert now["Subject"] == "JUDGE:game1 - S1901M Map"
    check_map_mail(now)


def test_map_refuses_unknown_phases_and_games(session, run):
    assert _reply(run("MAP game1 F1907M", READER)) == (
        "refused",
        "game game1 has no map of F1907M",
    )
    assert _reply(run("MAP game1 later", READER))[0] == "refused"
    assert _reply(run("MAP", READER))[0] == "refused"


def test_the_start_mail_carries_the_map(session):
    from tests.commands.test_game_start import _join

    game = forming_game(session)
    _join(session, game, "ada@players.test", "england")
    start_game(session, SENDER, game, NOW)
    session.commit()
    [mail] = mails_to(session, "ada@players.test")
    check_map_mail(mail)


def test_after_a_signon_map_may_leave_the_game_out(tmp_path):
    """As HISTORY and SUMMARY (njudge): after a SIGNON, MAP and MAP <phase> are of the
    game signed on to; it was refused ("expected: MAP <game> [<phase>]")."""
    from tests.commands.helpers import reply_to_orders

    subject, text = reply_to_orders(tmp_path, "MAP\nMAP S1901M\n")
    assert "[Error Flag]" not in subject
    assert text.count("The map of game game1 (position, S1901M) is mailed to you.") == 2


def test_njudges_map_number_is_answered_with_the_phase_form(session, run):
    """njudge's ``MAP name [n]`` (data/index 215) was answered "'1' is not a phase",
    which did not say what MAP takes here; now it names njudge's form and this
    judge's: a phase as the game writes it, or nothing for the position now."""
    status, message = _reply(run("MAP game1 1", READER))
    assert status == "refused"
    assert message == (
        "njudge's MAP <game> <n> (a map number) is not taken here: MAP takes a phase, "
        "MAP game1 S1901M, or none, MAP game1 for the position now"
    )
    assert mails_to(session, READER) == []


def test_a_word_that_is_no_phase_names_the_phase_form(session, run):
    status, message = _reply(run("MAP game1 later", READER))
    assert (status, message) == (
        "refused",
        "'later' is not a phase: MAP takes a phase, MAP game1 S1901M, or none, "
        "MAP game1 for the position now",
    )
