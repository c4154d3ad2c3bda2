"""A command word with one slip that is not read as the command: in a game master's
signed mail (``PAUES``, ``CRAETE alpha``) it was passed over as a greeting
("ignored: not an order"), so the master believed it done; before a SIGNON
(``OBSERV game1 secret``) it was quoted back with its password. Both are refused
with the word meant, the password hidden; greetings and prose stay as they were."""

from __future__ import annotations

from judge.commands.inbound import run_statements
from judge.commands.parser import parse_body
from judge.game.games import find_game
from tests.commands.helpers import outcomes

GM = "gm@example.org"


def _signed(make_ctx, session, body: str):
    game = find_game(session, "game1")
    game.master_address = GM
    session.add(game)
    session.commit()
    ctx = make_ctx(GM)
    ctx.signature_verified = True
    run_statements(ctx, parse_body(body))
    return ctx


def test_a_masters_slips_are_refused_with_the_command_meant(make_ctx, session) -> None:
    body = (
        "CRAETE alpha\nGAME game1\nPAUES\nREPLCE Italy a@b.c sesame42\nPaused for now\nThanks,\nPat"
    )
    ctx = _signed(make_ctx, session, body)
    assert outcomes(ctx) == [
        ("CRAETE alpha", "refused", "not understood: did you mean CREATE? Nothing was done"),
        ("GAME game1", "ok", "Game game1 selected (active, S1901M)."),
        ("PAUES", "refused", "not understood: did you mean PAUSE? Nothing was done"),
        ("REPLCE Italy a@b.c ********", "refused",
         "not understood: did you mean REPLACE? Nothing was done"),
        ("Paused for now", "info", "ignored: not an order (a greeting or signature?)"),
        ("Thanks,", "info", "ignored: not an order (a greeting or signature?)"),
        ("Pat", "info", "ignored: not an order (a greeting or signature?)"),
    ]  # fmt: skip
    assert find_game(session, "game1").status == "active"


def test_a_slip_before_a_password_never_quotes_it(run) -> None:
    ctx = run("OBSERV game1 peek123\nRESING game1 peek123\nOBSERVE: game1 peek123\nLIST")
    assert [e for e, _, _ in outcomes(ctx)][:3] == [
        "OBSERV game1 ********",
        "RESING game1 ********",
        "OBSERVE: game1 ********",
    ]
    assert all("peek123" not in e.echo for e in ctx.transcript.entries)
    assert outcomes(ctx)[0][2] == "not understood: did you mean OBSERVE? Nothing was done"


def test_prose_near_a_command_word_is_left_alone(run) -> None:
    body = "Observer notes here\nJoint attack on Munich\nHell yes\nLIST"
    statuses = [status for _, status, _ in outcomes(run(body))]
    assert statuses == ["info", "info", "info", "ok"]


def test_a_command_word_alone_with_a_colon_is_refused_not_passed_over(run):
    """``CLEAR:`` or ``RESIGN:`` alone on its line was passed over as a greeting
    ("ignored: not an order"), so the orders the player meant to withdraw stood,
    without an error flag. It is refused, nothing done, saying to write the word
    without the colon."""
    ctx = run("SIGNON Fgame1 paris11\nA Par - Bur\nCLEAR:\nRESIGN:")
    refused = [o for o in outcomes(ctx) if o[1] == "refused"]
    assert [o[0] for o in refused] == ["CLEAR:", "RESIGN:"], outcomes(ctx)
    assert "write CLEAR without the colon" in refused[0][2]
    assert ctx.player is not None and ctx.player.status == "playing"
    ctx = run("SIGNON Fgame1 paris11\nA Par - Bur\nHello:")  # a greeting stays one
    assert [o[1] for o in outcomes(ctx)][2:] == ["info"], outcomes(ctx)
