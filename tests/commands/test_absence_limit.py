"""SET ABSENCE's length: at most 14 days for a player (as on DPjudge); the game master
may set a longer one for a power after BECOME in a signed mail."""

from __future__ import annotations

from datetime import date

from sqlmodel import select

from judge.commands.inbound import run_statements
from judge.commands.parser import parse_body
from judge.game.games import find_game
from judge.store.models import Player
from tests.commands.helpers import PASSWORDS, outcomes

GM = "gm@example.org"


def _absence(session, power: str) -> tuple[date | None, date | None]:
    player = session.exec(select(Player).where(Player.power == power)).one()
    return player.absent_from, player.absent_until


def _master_mail(session, make_ctx, body: str, signed: bool = True):
    game = find_game(session, "game1")
    assert game is not None
    game.master_address = GM
    session.add(game)
    session.commit()
    ctx = make_ctx(GM)
    ctx.signature_verified = signed
    run_statements(ctx, parse_body(body))
    return ctx


def test_a_player_may_be_away_fourteen_days_not_fifteen(session, run) -> None:
    signon = f"SIGNON france@game1 {PASSWORDS['france']}\n"
    ctx = run(signon + "SET ABSENCE 2026-12-01 TO 2026-12-15")
    assert outcomes(ctx)[-1][1:] == (
        "refused",
        "an absence may last at most 14 days (the game master may set a longer one)",
    )
    assert _absence(session, "france") == (None, None)
    ctx = run(signon + "SET ABSENCE 2026-12-01 TO 2026-12-14")
    assert outcomes(ctx)[-1][1:] == ("ok", "Absence set: 2026-12-01 to 2026-12-14 (UTC).")
    assert _absence(session, "france") == (date(2026, 12, 1), date(2026, 12, 14))


def test_the_master_sets_a_longer_absence_after_become(session, make_ctx) -> None:
    ctx = _master_mail(
        session, make_ctx, "GAME game1\nBECOME france\nSET ABSENCE 2026-12-01 TO 2026-12-31"
    )
    assert outcomes(ctx)[-1][1:] == ("ok", "Absence set: 2026-12-01 to 2026-12-31 (UTC).")
    assert _absence(session, "france") == (date(2026, 12, 1), date(2026, 12, 31))


def test_an_unsigned_master_mail_gets_no_longer_absence(session, make_ctx) -> None:
    ctx = _master_mail(
        session,
        make_ctx,
        "GAME game1\nBECOME france\nSET ABSENCE 2026-12-01 TO 2026-12-31",
        signed=False,
    )
    assert [status for _, status, _ in outcomes(ctx)] == ["refused", "refused", "refused"]
    assert _absence(session, "france") == (None, None)


def test_no_absence_for_a_power_nobody_plays(session, make_ctx) -> None:
    italy = session.exec(select(Player).where(Player.power == "italy")).one()
    session.delete(italy)
    session.commit()
    ctx = _master_mail(session, make_ctx, "GAME game1\nBECOME italy\nSET ABSENCE 2026-12-01")
    assert outcomes(ctx)[-1][1:] == ("refused", "nobody plays Italy in game game1")
    assert session.exec(select(Player).where(Player.power == "italy")).first() is None


def test_a_new_absence_says_which_earlier_one_it_replaces(tmp_path) -> None:
    """A newcomer sets a vacation in December, then a day in January: the second
    replaced the first (docs/mail.md, SET ABSENCE) and the reply said only 'Absence
    set: 2027-01-05', so the player believed both were kept. It now names the one
    it replaces."""
    from tests.commands.helpers import reply_to_orders

    lines = "SET ABSENCE 2026-12-24 TO 2026-12-31\nSET ABSENCE 2027-01-05\nSET ABSENCE 2027-01-05\n"
    _, text = reply_to_orders(tmp_path, lines)
    assert text.count("It replaces your absence of 2026-12-24 to 2026-12-31") == 1, text
    assert "It replaces your absence of 2027-01-05" not in text
