"""PRESS and BROADCAST."""

from __future__ import annotations

import json

from sqlmodel import select

from judge.commands.press_options import parse_press_options
from judge.game.games import find_game, variant_powers
from judge.store.models import Press
from tests.commands.helpers import outcomes

POWERS = variant_powers("standard")


def test_press_options():
    opts = parse_press_options("TO Germany, italy", POWERS)
    assert opts.to == ["germany", "italy"] and opts.grey is None
    assert parse_press_options("to GI grey", POWERS).to == ["germany", "italy"]
    opts = parse_press_options("TO ALL BUT Russia WHITE", POWERS)
    assert opts.all_but and opts.to == ["russia"] and opts.grey is False
    assert parse_press_options("-R", POWERS).all_but
    assert parse_press_options("+FG", POWERS).to == ["france", "germany"]
    assert parse_press_options("TO Turkey", POWERS).to == ["turkey"]
    assert parse_press_options("TO Narnia", POWERS).error == "no power called 'Narnia'"
    # as players write it: "and", "&", a colon at the end (refused before: "no power
    # called 'and'", "no power called 'Italy:'")
    assert parse_press_options("TO Germany and Italy:", POWERS).to == ["germany", "italy"]
    assert parse_press_options("to England & France", POWERS).to == ["england", "france"]


def _sent_to(ctx):
    return sorted(m["To"] for m in ctx.sent)


def test_press_to_named_powers(run):
    ctx = run("SIGNON Fgame1 paris11\nPRESS TO GI\nHello\nthere\nENDPRESS")
    assert _sent_to(ctx) == ["germany@players.test", "italy@players.test"]
    assert "Hello\nthere" in ctx.sent[0].get_content()
    assert ctx.sent[0]["Subject"] == "JUDGE:game1 - S1901M Press from France to Germany, Italy"
    [row] = ctx.session.exec(select(Press)).all()
    assert json.loads(row.recipients) == ["germany", "italy"] and row.from_power == "france"
    assert outcomes(ctx)[1][1] == "ok"


def test_all_but_and_broadcast(run):
    ctx = run("SIGNON Fgame1 paris11\nPRESS TO ALL BUT Russia\nhi\nENDPRESS")
    assert len(ctx.sent) == 5 and "russia@players.test" not in _sent_to(ctx)
    ctx = run("SIGNON Fgame1 paris11\nBROADCAST\nhi\nENDPRESS")
    assert len(ctx.sent) == 6
    assert "Broadcast" in ctx.sent[0]["Subject"]


def test_grey_press_hides_the_sender(run):
    ctx = run("SIGNON Fgame1 paris11\nPRESS TO England GREY\nguess who\nENDPRESS")
    [mail] = ctx.sent
    assert "France" not in mail["Subject"] and "France" not in mail.get_content()
    assert ctx.session.exec(select(Press)).one().grey


def test_press_refusals(run, session):
    cases = [
        ("PRESS\nhi\nENDPRESS", "PRESS needs TO <powers>"),
        ("PRESS TO Narnia\nhi\nENDPRESS", "no power called 'Narnia'"),
        ("PRESS TO France\nhi\nENDPRESS", "nobody to send it to"),
        ("PRESS TO G\n\nENDPRESS", "the message is empty"),
    ]
    for body, reason in cases:
        ctx = run("SIGNON Fgame1 paris11\n" + body)
        assert reason in outcomes(ctx)[1][2] and ctx.sent == [], body
    game = find_game(session, "game1")
    game.press_mode, game.press_partial = "white", False
    ctx = run("SIGNON Fgame1 paris11\nPRESS TO G\nhi\nENDPRESS")
    assert "allows only broadcasts" in outcomes(ctx)[1][2]
    ctx = run("SIGNON Fgame1 paris11\nBROADCAST GREY\nhi\nENDPRESS")
    assert "grey press is not allowed" in outcomes(ctx)[1][2]
    game.press_mode = "none"
    ctx = run("SIGNON Fgame1 paris11\nBROADCAST\nhi\nENDPRESS")
    assert "has no press" in outcomes(ctx)[1][2]
    assert session.exec(select(Press)).all() == []


def test_press_needs_signon(run):
    ctx = run("BROADCAST\nhi\nENDPRESS")
    assert outcomes(ctx) == [("BROADCAST", "refused", "this needs a SIGNON first")]


def test_press_only_to_powers_nobody_plays_is_refused(run, session):
    # "sent to Russia" followed by "not delivered: Russia" contradicted itself.
    from judge.store.models import EJECTED, Player

    for seat in session.exec(select(Player).where(Player.power.in_(["russia", "turkey"]))):
        seat.status = EJECTED
    session.commit()
    ctx = run("SIGNON Fgame1 paris11\nPRESS TO Russia Turkey\nhi\nENDPRESS")
    assert outcomes(ctx)[1][1:] == (
        "refused",
        "nobody plays Russia, Turkey; nothing was sent",
    )
    assert ctx.sent == [] and session.exec(select(Press)).all() == []
    ctx = run("SIGNON Fgame1 paris11\nPRESS TO Russia Germany\nhi\nENDPRESS")
    assert _sent_to(ctx) == ["germany@players.test"]
    entry = ctx.transcript.entries[1]
    assert entry.outcomes[0].message == "Press (white, 1 line) sent to Germany."
    assert entry.extra == ["Not delivered (nobody plays them): Russia"]
    ctx = run("SIGNON Fgame1 paris11\nBROADCAST\nhi\nENDPRESS")
    assert "russia@players.test" not in _sent_to(ctx) and len(ctx.sent) == 4


def test_run_together_initials_come_before_an_alias_in_press_to():
    """njudge's PRESS TO FR is France and Russia, though "fr" is an alias of France."""
    from judge.commands.press_options import parse_press_options
    from judge.game.games import PowerInfo

    powers = [
        PowerInfo("france", "France", "French", "F", ("fra", "fr")),
        PowerInfo("russia", "Russia", "Russian", "R", ("rus",)),
        PowerInfo("england", "England", "English", "E", ("eng",)),
    ]
    assert parse_press_options("TO FR", powers).to == ["france", "russia"]
    assert parse_press_options("TO fra, eng", powers).to == ["france", "england"]


def test_press_to_the_observers_alone(run, session):
    """njudge's ``PRESS TO O`` (data/press 146-162: O is the observers) was refused
    ("PRESS needs TO <powers>") unless a power was named too, and the master's was
    answered "sent to , the observers"."""
    from judge.game.games import account_for
    from judge.store.models import Observer

    ctx = run("SIGNON Fgame1 paris11\nPRESS TO O\nanyone watching?\nENDPRESS")
    assert outcomes(ctx)[1][1:] == (
        "refused",
        "nobody to send it to (game game1 has no observers); nothing was sent",
    )
    game = find_game(session, "game1")
    game.master_address = "gm@x.test"
    session.add(Observer(game_id=game.id, account_id=account_for(session, "watch@x.test").id))
    session.commit()
    ctx = run("SIGNON Fgame1 paris11\nPRESS TO O\nanyone watching?\nENDPRESS")
    assert outcomes(ctx)[1][1:] == ("ok", "Press (white, 1 line) sent to the observers.")
    assert _sent_to(ctx) == ["watch@x.test"]
    assert "France to the observers in game game1" in ctx.sent[0].get_content()
    ctx = run("SIGNON Fgame1 paris11\nPRESS TO MO\nboth\nENDPRESS")
    assert outcomes(ctx)[1][2] == "Press (white, 1 line) sent to the Master, the observers."
    assert _sent_to(ctx) == ["gm@x.test", "watch@x.test"]
    rows = session.exec(select(Press)).all()
    assert [json.loads(r.recipients) for r in rows] == [["O"], ["M", "O"]]


def test_a_slip_in_press_to_is_press_not_orders(run, session):
    """``PRES TO G`` was passed over as a greeting, and its message lines went on to
    be read as orders ("A Par-Bur" stored for France). A slip in PRESS (one letter
    missing, added or swapped) before TO is press; prose is not."""
    body = "SIGNON Fgame1 paris11\nPRES TO G\nA Par-Bur, agreed?\nENDPRESS\nF Bre H"
    ctx = run(body)
    assert outcomes(ctx)[1] == ("PRES TO G", "ok", "Press (white, 1 line) sent to Germany.")
    assert _sent_to(ctx) == ["germany@players.test"]
    assert [e for e, status, _ in outcomes(ctx) if status == "ok"][2:] == ["F Bre H"]
    ctx = run("SIGNON Fgame1 paris11\nPERSS TO Germany and Italy\nhi\nENDPRESS")
    assert _sent_to(ctx) == ["germany@players.test", "italy@players.test"]
    ctx = run("SIGNON Fgame1 paris11\nPres conference tomorrow")
    assert outcomes(ctx)[1][1] != "ok" and ctx.sent == []


def test_all_but_the_observers_leaves_them_out(run, session):
    """njudge's data/press: "Use 'PRESS TO ALL BUT ro' to be sure that the message
    isn't archived" (read by observers). The O in the list sent the press to the
    observers instead of leaving them out."""
    from judge.game.games import account_for
    from judge.store.models import Observer

    game = find_game(session, "game1")
    session.add(Observer(game_id=game.id, account_id=account_for(session, "watch@x.test").id))
    session.commit()
    assert parse_press_options("TO ALL BUT RO", POWERS).observers is False
    for line in ("PRESS TO ALL BUT RO", "PRESS -RO"):
        ctx = run(f"SIGNON Fgame1 paris11\n{line}\nnot for Russia's eyes\nENDPRESS")
        assert "watch@x.test" not in _sent_to(ctx)
        assert len(ctx.sent) == 5 and "russia@players.test" not in _sent_to(ctx)
        assert outcomes(ctx)[1][2] == (
            "Press (white, 1 line) sent to Austria, England, Germany, Italy, Turkey."
        )


def test_njudge_fake_press_is_refused_as_not_offered(run):
    """data/press: PRESS TO ALL BUT G FAKE BROADCAST was refused "no power called
    'FAKE'"."""
    ctx = run("SIGNON Fgame1 paris11\nPRESS TO ALL BUT G FAKE BROADCAST\nhi\nENDPRESS")
    assert outcomes(ctx)[1][1:] == (
        "refused",
        "fake press (FAKE) is not offered on this judge; nothing was sent",
    )
    assert ctx.sent == []


def test_press_to_with_a_colon_after_to_is_press_to_those_powers(run):
    """``PRESS TO: England, Germany``, written as a mail's ``To:`` line, names the
    receivers (refused before: "no power called 'TO:'", and nothing was sent)."""
    assert parse_press_options("TO: England, Germany", POWERS).to == ["england", "germany"]
    assert parse_press_options("TO:Germany", POWERS).to == ["germany"]
    assert parse_press_options("TO: ALL BUT Russia", POWERS).all_but
    ctx = run("SIGNON Fgame1 paris11\nPRESS TO: England, Germany\nHi both.\nENDPRESS")
    assert _sent_to(ctx) == ["england@players.test", "germany@players.test"]
    assert outcomes(ctx)[1][1] == "ok"


def test_broadcast_with_a_colon_and_its_endpress_is_a_broadcast(run):
    """``BROADCAST:`` written as a heading, its message closed by ENDPRESS, was passed
    over as a greeting with every line of the message ("ignored: not an order"), and
    nothing was sent. Without an end line, ``Broadcast: ...`` stays prose."""
    ctx = run("SIGNON Fgame1 paris11\nBROADCAST:\nHello all.\nENDPRESS\nA Par - Bur")
    assert len(ctx.sent) == 6 and "Hello all." in ctx.sent[0].get_content()
    assert [o[1] for o in outcomes(ctx)] == ["ok", "ok", "ok"], outcomes(ctx)
    ctx = run("SIGNON Fgame1 paris11\nBroadcast: we all keep the peace\nA Par - Bur")
    assert ctx.sent == [] and outcomes(ctx)[2][1] == "ok"


def test_an_end_line_with_no_press_above_it_is_refused(session, run):
    """A stray ENDPRESS or ENDBROADCAST (no PRESS or BROADCAST open above it) was
    passed over as "ignored: not an order (a greeting or signature?)"; now refused as
    an end with nothing to end, so the player sees that no press was sent."""
    body = "SIGNON france@game1 paris11\nPRESS TO G\nHello\nENDPRESS\nEND BROADCAST\n"
    ctx = run(body)
    echoes = [(echo, status) for echo, status, _ in outcomes(ctx)]
    assert echoes[-1] == ("END BROADCAST", "refused")
    assert "no PRESS or BROADCAST" in outcomes(ctx)[-1][2]
    assert echoes[1][1] == "ok"  # the press above it was sent
