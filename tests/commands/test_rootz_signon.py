"""Root Z's seven-player game by mail (rule 3.0: a player holds two powers): one
SIGNON signs a player on for both powers, each order goes to the power whose unit
it names, the reply lists both powers' orders, and press reaches players, once each."""

from __future__ import annotations

from datetime import timedelta

import pytest

from judge.commands.inbound import order_report, run_statements
from judge.commands.parser import parse_body
from judge.commands.reply import render_body
from judge.game.games import Seat, create_game, current_orders, find_game
from judge.store.models import ACTIVE
from tests.commands.helpers import NOW, outcomes

PAIRS = {
    "ada@players.test": ["france1", "england2"],
    "bob@players.test": ["germany1", "italy2"],
    "cid@players.test": ["austria1", "russia2"],
}
UNITS = [
    ("france1", "A", "par1"),
    ("france1", "A", "mar1"),
    ("england2", "F", "lon2"),
    ("germany1", "A", "mun1"),
    ("italy2", "A", "ven2"),
    ("austria1", "A", "vie1"),
    ("russia2", "A", "mos2"),
]


@pytest.fixture
def rootz(session):
    """A Root Z game in Spring 1901 whose three players hold two powers each."""
    doc = {
        "variant": "rootz",
        "phase": "S1901M",
        "units": [{"power": p, "type": t, "province": loc} for p, t, loc in UNITS],
        "dislodged": [],
        "contested": [],
        "supply_centers": {},
        "players": {"+".join(powers): powers for powers in PAIRS.values()},
    }
    seats = [
        Seat(power, address, f"pw{address[0]}123")
        for address, powers in PAIRS.items()
        for power in powers
    ]
    game = create_game(
        session, "rzp", seats, variant="rootz", position=doc, deadline=NOW + timedelta(days=2)
    )
    assert game.status == ACTIVE
    session.commit()
    return game


@pytest.fixture
def mail(make_ctx):
    """mail(body, sender) -> the context after the mail, read with the real order rules."""

    def runner(body: str, sender: str = "ada@players.test"):
        ctx = make_ctx(sender)
        ctx.rules = None  # the game's ruleset reads the orders
        run_statements(ctx, parse_body(body))
        return ctx

    return runner


def _stored(session, power: str) -> list[str]:
    game = find_game(session, "rzp")
    assert game is not None and game.id is not None
    return sorted(
        row.canonical for row in current_orders(session, game.id, "S1901M", power).values()
    )


def test_rule_3_0_signon_with_the_game_alone_signs_on_both_powers(rootz, mail, session):
    ctx = mail("SIGNON rzp pwa123\nA Par1 - Bur1, F Lon2 - Nth2\nA Mar1 H")
    first = outcomes(ctx)[0]
    assert first[1] == "ok" and "Signed on as France 1 and England 2 in game rzp" in first[2]
    assert [seat.power for seat in ctx.seats] == ["france1", "england2"]
    assert _stored(session, "france1") == ["A mar1 H", "A par1 - bur1"]
    assert _stored(session, "england2") == ["F lon2 - nth2"]
    assert all(status == "ok" for _, status, _ in outcomes(ctx)[1:])
    assert [o[2] for o in outcomes(ctx)[1:3]] == [
        "Accepted: A par1 - bur1 (France 1)",
        "Accepted: F lon2 - nth2 (England 2)",
    ]


@pytest.mark.parametrize("target", ["france1@rzp", "england2@rzp", "ENGLAND2@rzp"])
def test_rule_3_0_signon_with_either_power_signs_on_both(rootz, mail, session, target):
    ctx = mail(f"SIGNON {target} pwa123\nF Lon2 - Nth2\nA Par1 - Pic1")
    assert ctx.signed_on and {seat.power for seat in ctx.seats} == {"france1", "england2"}
    assert _stored(session, "england2") == ["F lon2 - nth2"]
    assert _stored(session, "france1") == ["A par1 - pic1"]


@pytest.mark.parametrize("again", ["england2@rzp", "rzp", "france1@rzp"])
def test_rule_3_0_a_second_signon_for_the_players_other_power_reads_on(rootz, mail, session, again):
    """A player signing on for each of their powers in turn: the second SIGNON is
    passed over (the first signed on both), and its orders are read."""
    ctx = mail(f"SIGNON france1@rzp pwa123\nA Par1 - Bur1\nSIGNON {again} pwa123\nF Lon2 - Nth2")
    assert [status for _, status, _ in outcomes(ctx)] == ["ok", "ok", "info", "ok"]
    assert _stored(session, "england2") == ["F lon2 - nth2"]


def test_rule_3_0_the_reply_lists_both_powers_orders(rootz, mail):
    ctx = mail("SIGNON rzp pwa123\nA Par1 - Bur1")
    body = render_body([], ctx.transcript, order_report(ctx), [])
    assert "Orders for France 1 in game rzp, S1901M:\n  A par1 - bur1\n" in body
    assert "Units without orders: A mar1" in body
    assert "Orders for England 2 in game rzp, S1901M:\n  (none yet)\n" in body
    assert "Units without orders: F lon2" in body


def test_rule_3_0_an_order_for_another_players_unit_is_refused_once(rootz, mail, session):
    ctx = mail("SIGNON rzp pwa123\nA Mun1 - Ruh1\nF Lon2 - Yor1")
    [_, (_, status, message), (_, second, why)] = outcomes(ctx)
    assert status == "refused" and "Munich 1 is not yours (it is German 1)" in message
    # the unit is England 2's: its own refusal is shown, not France 1's "not yours"
    assert second == "refused" and "not yours" not in why
    assert _stored(session, "germany1") == [] and _stored(session, "england2") == []


def test_rule_3_0_a_wrong_password_signs_on_neither(rootz, mail):
    ctx = mail("SIGNON rzp wrong99\nA Par1 - Bur1")
    assert not ctx.signed_on
    assert outcomes(ctx)[0][1] == "refused" and "wrong password" in outcomes(ctx)[0][2]


def test_signon_with_a_game_alone_is_unchanged_in_a_standard_game(run):
    ctx = run("SIGNON game1 paris11")
    assert not ctx.signed_on
    assert "there is no game called 'ame1'" in outcomes(ctx)[0][2]
    # issue 26: the refusal shows the form that works
    assert "name your power, as SIGNON Agame1 <password> for Austria" in outcomes(ctx)[0][2]
    ctx = run("SIGNON Fgame1 paris11")
    assert ctx.signed_on and ctx.partners == []
    assert outcomes(ctx)[0][2].startswith("Signed on as France in game game1")


def test_rule_3_0_clear_withdraws_both_powers_orders(rootz, mail, session):
    mail("SIGNON rzp pwa123\nA Par1 - Bur1\nF Lon2 - Nth2")
    ctx = mail("SIGNON rzp pwa123\nCLEAR")
    assert "2 orders for S1901M withdrawn" in outcomes(ctx)[1][2]
    assert _stored(session, "france1") == [] and _stored(session, "england2") == []


def _to(ctx) -> list[str]:
    return sorted(m["To"] for m in ctx.sent)


def test_rule_3_0_press_to_both_powers_of_a_player_reaches_them_once(rootz, mail):
    ctx = mail("SIGNON rzp pwb123\nPRESS TO France1 England2\nhello\nENDPRESS", "bob@players.test")
    assert _to(ctx) == ["ada@players.test"]
    assert ctx.sent[0]["Subject"] == (
        "JUDGE:rzp - S1901M Press from Germany 1 and Italy 2 to France 1, England 2"
    )
    assert "Message from Germany 1 and Italy 2 to France 1, England 2" in (
        ctx.sent[0].get_content()
    )


def test_rule_3_0_a_broadcast_reaches_each_other_player_once(rootz, mail):
    ctx = mail("SIGNON rzp pwa123\nBROADCAST\nhi all\nENDPRESS")
    assert _to(ctx) == ["bob@players.test", "cid@players.test"]
    assert "Broadcast (white, 1 line) sent to everyone" in outcomes(ctx)[1][2]


def test_rule_3_0_press_to_ones_own_other_power_is_nobody(rootz, mail):
    ctx = mail("SIGNON france1@rzp pwa123\nPRESS TO England2\nnote to self\nENDPRESS")
    assert ctx.sent == [] and "nobody to send it to" in outcomes(ctx)[1][2]


def test_rule_3_0_grey_press_hides_both_powers(rootz, mail):
    ctx = mail("SIGNON rzp pwa123\nPRESS TO Germany1 GREY\npssst\nENDPRESS")
    assert _to(ctx) == ["bob@players.test"]
    text = ctx.sent[0].get_content()
    assert ctx.sent[0]["Subject"] == "JUDGE:rzp - S1901M Press to Germany 1"  # njudge's
    assert "someone (grey press)" in text
    assert "France" not in text and "England" not in text


def _fall_game(session, france1: int, england2: int):
    """Root Z in Fall 1901: ada (France 1 + England 2) owns the given numbers of
    centres (not Munich 1 or Berlin 1) and has an army in Burgundy 1 next to empty Munich 1."""
    from judge.variant.data import load_variant

    centres = [c for c in sorted(load_variant("rootz").supply_centers) if c not in ("mun1", "ber1")]
    doc = {
        "variant": "rootz",
        "phase": "F1901M",
        "units": [
            {"power": "france1", "type": "A", "province": "bur1"},
            {"power": "germany1", "type": "A", "province": "ber1"},
        ],
        "dislodged": [],
        "contested": [],
        "supply_centers": {
            "france1": centres[:france1],
            "england2": centres[france1 : france1 + england2],
            "germany1": ["mun1"],
        },
        "players": {"+".join(powers): powers for powers in PAIRS.values()},
    }
    seats = [
        Seat(power, address, f"pw{address[0]}123")
        for address, powers in PAIRS.items()
        for power in powers
    ]
    game = create_game(
        session, "rzf", seats, variant="rootz", position=doc, deadline=NOW + timedelta(days=2)
    )
    session.commit()
    return game


@pytest.mark.parametrize(("england2", "ends"), [(8, True), (7, False)])
def test_rule_6_0_a_mailed_order_takes_the_28th_summed_centre(mail, session, england2, ends):
    from judge.game.processing import process_phase
    from tests.commands.forming import SENDER

    game = _fall_game(session, 19, england2)  # 27 (or 26) summed before the Fall
    ctx = mail("SIGNON rzf pwa123\nA Bur1 - Mun1")
    assert outcomes(ctx)[1][2] == "Accepted: A bur1 - mun1 (France 1)"
    session.commit()
    outcome = process_phase(session, SENDER, game, NOW)
    session.commit()
    assert "mun1" in game.position_doc()["supply_centers"]["france1"]
    if ends:
        assert game.status == "finished" and outcome.winner == "france1+england2"
        assert game.outcome == "Victory of France 1 and England 2 (28 centres)"
    else:
        assert game.status == "active" and outcome.winner is None and game.phase == "W1901A"
    assert sorted(outcome.mailed) == sorted(PAIRS)  # one results mail a player


def _seat(session, power: str):
    from sqlmodel import select

    from judge.store.models import Player

    return session.exec(select(Player).where(Player.power == power)).one()


def test_rule_3_0_a_players_settings_hold_for_both_powers(rootz, mail, session):
    ctx = mail("SIGNON rzp pwa123\nSET DRAW\nSET WAIT")
    assert [status for _, status, _ in outcomes(ctx)] == ["ok", "ok", "ok"]
    session.commit()
    for power in ("france1", "england2"):
        assert _seat(session, power).draw and _seat(session, power).wait
    assert not _seat(session, "germany1").draw


def test_rule_3_0_set_password_changes_both_powers_password(rootz, mail, session):
    mail("SIGNON france1@rzp pwa123\nSET PASSWORD newpw456")
    session.commit()
    ctx = mail("SIGNON england2@rzp newpw456")
    assert ctx.signed_on and len(ctx.seats) == 2


def test_rule_3_0_resign_gives_up_both_powers(rootz, mail, session):
    from judge.store.models import RESIGNED

    ctx = mail("SIGNON rzp pwa123\nRESIGN")
    message = outcomes(ctx)[1][2]
    assert (
        message == "You have resigned from game rzp; France 1 and England 2 are in civil disorder."
    )
    session.commit()
    assert {_seat(session, p).status for p in ("france1", "england2")} == {RESIGNED}
    assert _seat(session, "germany1").status != RESIGNED


def test_a_resigned_pairs_takeover_lines_name_each_power_in_full(rootz, mail, session):
    """Root Z's initials are shared (France 1 and France 2 are both F): the resignation
    notice, LIST and the results told a newcomer to take a power over with ``SIGNON
    Frzp <password>``, which is refused as a shared initial. Each now names the form
    that takes it over, ``SIGNON france1@rzp <password>`` (docs/variants.md)."""
    from judge.game.abandoned import abandoned_powers, takeover_notice

    mail("SIGNON rzp pwa123\nRESIGN")
    session.commit()
    notice = " ".join(_mail_to(session, "bob@players.test").split())  # wrapped
    assert "(SIGNON france1@rzp <password>, SIGNON england2@rzp <password>)" in notice
    listing = mail("LIST rzp", "reader@players.test")
    text = render_body([], listing.transcript, None, [])
    assert "France 1 (abandoned: SIGNON france1@rzp <password> takes it over)" in text
    assert "SIGNON Frzp" not in notice + text
    report = takeover_notice(rootz, abandoned_powers(session, rootz))
    assert report is not None and report.endswith("SIGNON france1@rzp <new password>.")
    ctx = mail("REGISTER\nName: Newcomer\nEND\nSIGNON france1@rzp fresh42", "new@players.test")
    assert "Take over of abandoned France 1 allowed." in outcomes(ctx)[-1][2]


GM = "gm@example.org"


@pytest.fixture
def replaced(rootz, make_ctx, session):
    """The game after its master gave England 2 (ada's, with France 1) to new@players.test."""
    rootz.master_address = GM
    session.add(rootz)
    session.commit()
    ctx = make_ctx(GM)
    ctx.signature_verified = True
    run_statements(ctx, parse_body("GAME rzp\nREPLACE england2 new@players.test sesame42"))
    assert [status for _, status, _ in outcomes(ctx)] == ["ok", "ok"]
    session.commit()
    return rootz


def test_replace_takes_the_power_as_the_game_names_it_in_two_words(rootz, make_ctx, session):
    """Root Z's powers are named in two words (``England 2``, as the reports write them):
    REPLACE read only its first word as the power and refused the line ("expected:
    REPLACE <power> <address> <password>"). The address is the word with an ``@``;
    the echo (and the mail kept) still hides the password."""
    from judge.commands.redact import mask_text

    rootz.master_address = GM
    session.add(rootz)
    session.commit()
    ctx = make_ctx(GM)
    ctx.signature_verified = True
    run_statements(ctx, parse_body("GAME rzp\nREPLACE England 2 new@players.test sesame42"))
    (echo, status, message) = outcomes(ctx)[1]
    assert status == "ok", message
    assert message == "new@players.test now plays England 2 and was mailed how to sign on."
    assert echo == "REPLACE England 2 new@players.test ********"
    assert _seat(session, "england2").account_id != _seat(session, "france1").account_id
    kept = mask_text("REPLACE England 2 new@players.test sesame42")
    assert kept == "REPLACE England 2 new@players.test ********"


def _mail_to(session, address: str) -> str:
    from tests.commands.test_gm_commands import mails, text_of

    texts = (text_of(m).replace("\r\n", "\n") for m in mails(session) if m["To"] == address)
    return "\n".join(texts)


def test_issue26_after_replace_both_players_sign_on_as_their_mails_say(replaced, mail, session):
    welcome = _mail_to(session, "new@players.test")
    farewell = _mail_to(session, "ada@players.test")
    assert "  SIGNON rzp <password>\n" in welcome and "SIGNON Erzp" not in welcome
    assert "You still play France 1 in game rzp" in farewell
    assert "  SIGNON rzp <password>\n" in farewell
    ctx = mail("SIGNON rzp pwa123\nA Par1 - Bur1\nF Lon2 - Nth2")
    assert outcomes(ctx)[0][2].startswith("Signed on as France 1 in game rzp")
    assert [status for _, status, _ in outcomes(ctx)[1:]] == ["ok", "refused"]
    ctx = mail("SIGNON rzp sesame42\nF Lon2 - Nth2", "new@players.test")
    assert outcomes(ctx)[0][2].startswith("Signed on as England 2 in game rzp")
    assert outcomes(ctx)[1][2] == "Accepted: F lon2 - nth2"
    assert mail("SIGNON england2@rzp sesame42", "new@players.test").signed_on


def test_issue26_replace_splits_the_pair_in_the_standings(replaced):
    players = replaced.position_doc()["players"]
    assert players["france1"] == ["france1"] and players["england2"] == ["england2"]
    assert "france1+england2" not in players and players["germany1+italy2"]


@pytest.mark.parametrize(
    ("target", "hint"),
    [
        ("Erzp", "name the power in full (SIGNON england1@rzp <password> or SIGNON "),
        ("Arzp", "or sign on for all your powers with SIGNON rzp <password>"),
        ("rzp", "to sign on in game rzp, write SIGNON rzp <password> from the address"),
    ],
)
def test_issue26_a_shared_initial_is_answered_with_the_forms_that_work(rootz, mail, target, hint):
    ctx = mail(f"SIGNON {target} pwx123", "stranger@players.test")
    assert not ctx.signed_on and hint in outcomes(ctx)[0][2]


def test_issue26_rule_6_0_a_split_pair_no_longer_wins_by_its_sum(mail, make_ctx, session):
    from judge.game.processing import process_phase
    from tests.commands.forming import SENDER

    game = _fall_game(session, 10, 17)  # 27 summed: Munich 1 would make the pair's 28
    game.master_address = GM
    ctx = make_ctx(GM)
    ctx.signature_verified = True
    run_statements(ctx, parse_body("GAME rzf\nREPLACE england2 new@players.test sesame42"))
    mail("SIGNON rzf pwa123\nA Bur1 - Mun1")
    session.commit()
    outcome = process_phase(session, SENDER, game, NOW)
    session.commit()
    assert outcome.winner is None and game.status == "active"
    report = _mail_to(session, "new@players.test")
    assert "Players (centres summed over the powers each holds):" in report
    assert "  England 2             17 centres\n  France 1              11 centres\n" in report


def test_issue26_summary_heads_each_board_and_totals_the_players(rootz, mail, session):
    mail("SUMMARY rzp", "reader@players.test")
    body = _mail_to(session, "reader@players.test").splitlines()
    head = "Year   Aus1  Eng1  Fra1  Ger1  Ita1  Rus1  Tur1  Aus2  Eng2"
    assert any(line.startswith(head) for line in body)
    assert "Players' totals:" in body
    assert any(line.startswith("  France 1 + England 2") for line in body)


def test_issue26_after_eject_the_remaining_power_signs_on_with_the_game(
    rootz, make_ctx, mail, session
):
    rootz.master_address = GM
    ctx = make_ctx(GM)
    ctx.signature_verified = True
    run_statements(ctx, parse_body("GAME rzp\nEJECT england2"))
    session.commit()
    farewell = _mail_to(session, "ada@players.test")
    assert "you no longer play England 2" in farewell
    assert (
        "You still play France 1 in game rzp" in farewell and "  SIGNON rzp <password>" in farewell
    )
    ctx = mail("SIGNON rzp pwa123")
    assert outcomes(ctx)[0][2].startswith("Signed on as France 1 in game rzp")


def test_an_order_after_resign_names_both_powers_the_player_no_longer_plays(rootz, mail):
    """RESIGN acts for both powers of a pair (docs/variants.md, Root Z); an order
    after it is refused naming those powers as the game writes them (it named the
    first power's code, "France1", alone)."""
    ctx = mail("SIGNON rzp pwa123\nRESIGN\nA Par1 - Bur1")
    assert outcomes(ctx)[2][2] == "you no longer play France 1 and England 2 in game rzp"


def test_a_build_beyond_the_allowance_names_the_power_as_the_game_writes_it(mail, session):
    """Root Z's powers are France 1 and England 2: a build beyond France 1's was
    refused as "France1 may build 1"."""
    doc = {
        "variant": "rootz",
        "phase": "W1901A",
        "units": [{"power": "france1", "type": "A", "province": "bur1"}],
        "dislodged": [],
        "contested": [],
        "supply_centers": {"france1": ["par1", "bre1"], "england2": ["lon2", "edi2", "lvp2"]},
        "players": {"+".join(powers): powers for powers in PAIRS.values()},
    }
    seats = [Seat(p, a, f"pw{a[0]}123") for a, powers in PAIRS.items() for p in powers]
    create_game(session, "rzw", seats, variant="rootz", position=doc, deadline=NOW)
    session.commit()
    ctx = mail("SIGNON rzw pwa123\nBuild A Par1\nBuild F Bre1")
    assert outcomes(ctx)[2][2] == (
        "Build F Bre1: France 1 may build 1: this build is beyond it and will not count"
    )


@pytest.mark.parametrize(
    "receivers", ["Germany 1", "G1", "germany 1, Russia 2", "Germany 1 and Austria 1"]
)
def test_press_to_a_root_z_power_by_its_name_or_alias(rootz, mail, receivers):
    """Root Z's powers are named "Germany 1" (two words) and have the aliases of
    rule 3.0's lists ("G1"); PRESS TO Germany 1 was refused as "no power called
    'Gerany'" (the name cut at the space, its M taken for the master)."""
    ctx = mail(f"SIGNON rzp pwa123\nPRESS TO {receivers}\nhello\nENDPRESS")
    assert outcomes(ctx)[1][1] == "ok", outcomes(ctx)[1][2]
    expected = {"Germany 1": ["bob"], "G1": ["bob"]}.get(receivers, ["bob", "cid"])
    assert _to(ctx) == [f"{who}@players.test" for who in expected]


def test_njudge_info_rootz_board_two_powers_sign_on_by_their_digit(rootz, mail):
    """njudge's info.rootz: "Board Two: 1- Austria, 2- England, ... 7- Turkey", so
    SIGNON 2rzp is England 2 there; it was refused ("game rzp has no power '2'")."""
    ctx = mail("SIGNON 2rzp pwa123\nPRESS TO 5\nciao\nENDPRESS")
    assert ctx.signed_on, outcomes(ctx)[0][2]
    assert outcomes(ctx)[0][2].startswith("Signed on as France 1 and England 2")
    assert _to(ctx) == ["bob@players.test"]  # Italy 2
