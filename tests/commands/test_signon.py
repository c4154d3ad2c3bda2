"""SIGNON."""

from __future__ import annotations

from judge.commands.signon import split_target
from tests.commands.helpers import outcomes


def test_split_target_forms():
    assert split_target("Fgame1") == ("F", "game1")
    assert split_target("france@game1") == ("france", "game1")
    assert split_target("F") is None and split_target("@game1") is None


def test_signon_by_initial_and_by_name(run):
    ctx = run("SIGNON Fgame1 paris11")
    assert ctx.signed_on and ctx.player.power == "france" and ctx.game.name == "game1"
    ctx = run("signon GERMANY@GAME1 berlin1")
    assert ctx.signed_on and ctx.player.power == "germany"


def test_signon_with_the_power_and_the_game_apart(run):
    # as players new to njudge's "Fgame1" write it
    ctx = run("SIGNON F game1 paris11")
    assert ctx.signed_on and ctx.player.power == "france"
    ctx = run("SIGNON Germany game1 berlin1")
    assert ctx.signed_on and ctx.player.power == "germany"
    # three words that are no power and game: refused without naming any of them
    ctx = run("SIGNON Fgame1 paris 11")
    [(echo, status, message)] = outcomes(ctx)
    assert status == "refused" and message.startswith("expected: SIGNON")
    assert "paris" not in echo and "paris" not in message


def test_signon_with_a_comma_or_colon_after_the_game(run):
    # "SIGNON Fgame1, secret" was refused: "there is no game called 'game1,'"
    for line in (
        "SIGNON Fgame1, paris11",
        "SIGNON france@game1: paris11",
        "SIGNON F game1, paris11",
    ):
        ctx = run(line)
        assert ctx.signed_on and ctx.player.power == "france", line
    assert split_target("Fgame1,") == ("F", "game1")


def test_signon_failures_give_reasons_and_hide_the_password(run):
    cases = {
        "SIGNON Fgame1 wrongpw": "wrong password for France in game game1",
        "SIGNON Fnogame paris11": "there is no game called 'nogame'",
        "SIGNON Xgame1 paris11": "game game1 has no power 'X'",
        "SIGNON Fgame1": "expected: SIGNON",
        "SIGNON Fgame1 a b": "expected: SIGNON",
    }
    for line, reason in cases.items():
        ctx = run(line)
        [(echo, status, message)] = outcomes(ctx)
        assert not ctx.signed_on and status == "refused" and reason in message, line
        assert "paris11" not in echo and "wrongpw" not in echo


def test_a_password_glued_to_the_game_is_not_quoted_back(run):
    """SIGNON Fgame1:paris11 (one word, a separator for the space) is refused, and the
    reply (and the mail kept) hides what follows the separator."""
    for line in ("SIGNON Fgame1:paris11", "SIGNON Fgame1,paris11", "SIGNON france@game1/paris11"):
        [(echo, status, _)] = outcomes(run(line))
        assert status == "refused" and "paris11" not in echo, echo
        assert echo.startswith("SIGNON ") and echo.endswith("********"), echo


def test_passwords_are_case_sensitive(run):
    assert not run("SIGNON Fgame1 PARIS11").signed_on


def test_only_one_signon_per_mail(run):
    ctx = run("SIGNON Fgame1 paris11\nSIGNON Ggame1 berlin1")
    assert ctx.player.power == "france"
    assert outcomes(ctx)[1][2].startswith("only one SIGNON is read in a mail")


def test_orders_after_a_second_signon_are_not_given_for_the_first(run):
    """Orders meant for another power (or game) after its SIGNON were stored for the
    power signed on first (in a real game, Germany's 'A Par-Pic' replaced France's
    'A Par-Bur').  They are refused
    now, unread, and France's order stands."""
    ctx = run("SIGNON Fgame1 paris11\nA Par H\nSIGNON Ggame1 berlin1\nA Mar H\nSIGNOFF")
    results = outcomes(ctx)
    assert results[1][1] == "ok" and results[2][1] == "refused"
    assert results[3][:2] == ("A Mar H", "refused") and "second SIGNON" in results[3][2]
    assert len(results) == 4  # SIGNOFF ends the mail as ever
    assert "berlin1" not in results[2][0]


def test_the_same_signon_again_is_passed_over(run):
    ctx = run("SIGNON Fgame1 paris11\nSIGNON france@game1 paris11\nA Par H")
    results = outcomes(ctx)
    assert results[1][1] == "info" and "already signed on" in results[1][2]
    assert results[2][:2] == ("A Par H", "ok")


def test_signon_to_a_game_that_has_not_started_says_so(run, session):
    # A player who has joined sends orders before the start: their password is right,
    # but no power is theirs yet; "wrong password" would send them looking elsewhere.
    from tests.commands.forming import forming_game

    forming_game(session, "newgame", seats=3)
    ctx = run("SIGNON Fnewgame paris11\nA Par - Bur")
    assert not ctx.signed_on
    (_, status, message), (_, after, _) = outcomes(ctx)
    assert status == "refused" and after == "refused"
    assert message == (
        "game newgame has not started yet: powers are given out when it starts, "
        "and orders are taken from then on"
    )


def test_a_mistyped_signon_can_be_tried_again_in_the_same_mail(run):
    ctx = run("SIGNON Fgame1 pariss11\nA Par - Bur\nSIGNON Fgame1 paris11\nA Par - Bur")
    assert ctx.signed_on and ctx.player.power == "france"
    results = [(status, message) for _, status, message in outcomes(ctx)]
    assert results[0] == ("refused", "wrong password for France in game game1")
    assert results[1] == ("refused", "not read: the SIGNON failed")  # before the retry
    assert results[2][0] == "ok" and results[3] == ("ok", "Accepted: A PAR - BUR")


def test_signon_with_a_colon_or_a_slip_in_its_word_signs_on(run):
    """``SIGNON: Fgame1 secret`` and ``SINGON Fgame1 secret`` were no command: the line
    was passed over or refused as an order, quoted back with its password, and every
    order after it refused.  A letter missing, added or swapped with its neighbour is
    read; a letter changed is not (``Signor Rossi here`` is a greeting)."""
    for line in (
        "SIGNON: Fgame1 paris11",
        "Sign on: Fgame1 paris11",
        "SINGON Fgame1 paris11",
        "SIGON Fgame1 paris11",
        "SIGNNON Fgame1 paris11",
    ):
        ctx = run(line)
        assert ctx.signed_on and ctx.player.power == "france", line
        [(echo, status, _)] = outcomes(ctx)
        assert (echo, status) == ("SIGNON Fgame1 ********", "ok"), line
    assert not run("Signor Rossi here").signed_on


def test_a_wrong_password_says_what_a_newcomer_may_have_got_wrong(run):
    """The start mail writes ``SIGNON Fgame1 <password>``: newcomers copy it as it
    stands, keep the brackets, or end the line with a full stop. The refusal said
    only 'wrong password'; it now names the slip, never the password."""
    hints = {
        "SIGNON Fgame1 <password>": ": write your own password in place of <password>",
        "SIGNON Fgame1 <paris11>": ": leave out the < > around your password",
        "SIGNON Fgame1 paris11.": ": the '.' at its end is read as part of the password",
        "SIGNON Fgame1 Paris11": "",
    }
    for line, hint in hints.items():
        message = outcomes(run(line))[0][2]
        assert message == f"wrong password for France in game game1{hint}", message


def test_a_signon_to_a_mistyped_game_names_the_game_meant(run):
    """SIGNON to a game name one letter off (a player's typo) was refused "there is no
    game called 'gam1'" only; JOIN, RESIGN and HISTORY name the listed game meant, and
    so does SIGNON now (the games LIST shows, never a private one)."""
    for line, name in (
        ("SIGNON Fgam1 paris11", "gam1"),
        ("SIGNON france@gamee1 paris11", "gamee1"),
    ):
        [(echo, status, message)] = outcomes(run(line))
        assert status == "refused" and "paris11" not in echo, line
        assert message == f"there is no game called '{name}' (did you mean game1?)", message
