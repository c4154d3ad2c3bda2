"""Issue 25 item 7: game-master typos that broke a game.  ``CREATE a4 DEADLINE
99999999d`` and ``SET DEADLINE MOVE 99999999d`` were accepted and every later deadline
computation overflowed (the JOIN that filled the game was quarantined);
``SET DEADLINE +99999999h`` ended in a traceback.  Every length of time and date is now
refused past its bound with the reason, and rules stored before the bounds are
clamped when read (judge.clock.timing)."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from sqlmodel import Session

from judge.commands.inbound import run_statements
from judge.commands.parser import parse_body
from judge.game.clock import game_timing
from judge.game.games import find_game
from judge.store.models import ACTIVE, as_utc
from tests.commands.forming import forming_game, registered
from tests.commands.helpers import NOW, deliver, make_mail, migrated_engine, outbox, outcomes

GM = "gm@example.org"
BOUND = "at most 365 days"


@pytest.fixture
def gm(make_ctx, session):
    """gm(body) -> the context after running a mail from game1's master, signed."""
    game = find_game(session, "game1")
    assert game is not None
    game.master_address = GM
    session.add(game)
    session.commit()

    def runner(body: str):  # noqa: ANN202
        ctx = make_ctx(GM)
        ctx.signature_verified = True
        run_statements(ctx, parse_body(body))
        return ctx

    return runner


def _refusal(ctx, line: str) -> str:  # noqa: ANN001
    found = [(s, m) for echo, s, m in outcomes(ctx) if echo == line]
    assert found, outcomes(ctx)
    status, message = found[0]
    assert status == "refused", message
    return message


def test_create_with_a_deadline_past_a_year_is_refused_with_the_bound(gm, session) -> None:  # noqa: ANN001
    ctx = gm("CREATE a4 PLAYERS 2 DEADLINE 99999999d")
    assert BOUND in _refusal(ctx, "CREATE a4 PLAYERS 2 DEADLINE 99999999d")
    assert find_game(session, "a4") is None


@pytest.mark.parametrize(
    "line",
    [
        "SET DEADLINE MOVE 99999999d",
        "SET DEADLINE +99999999h",
        "SET GRACE 99999999h",
        "SET TIMING DELAY 99999999m",
        "SET DEADLINE REMIND 99999999h",
    ],
)
def test_spans_past_a_year_are_refused_and_change_nothing(gm, session, line: str) -> None:  # noqa: ANN001
    game = find_game(session, "game1")
    before = (game.timing, game.deadline)
    ctx = gm(f"GAME game1\n{line}")
    assert BOUND in _refusal(ctx, line)
    session.refresh(game)
    assert (game.timing, game.deadline) == before


def test_a_deadline_date_past_a_year_is_refused(gm, session) -> None:  # noqa: ANN001
    ctx = gm("GAME game1\nSET DEADLINE 9999-12-31 23:59")
    assert "at most 365 days ahead" in _refusal(ctx, "SET DEADLINE 9999-12-31 23:59")


def test_a_player_absence_past_a_year_is_refused(run) -> None:  # noqa: ANN001
    line = "SET ABSENCE 9999-12-28 TO 9999-12-31"
    ctx = run(f"SIGNON Fgame1 paris11\n{line}")
    assert "at most 365 days ahead" in _refusal(ctx, line)


def test_a_masters_absence_for_a_player_past_a_year_is_refused(gm) -> None:  # noqa: ANN001
    line = "SET ABSENCE 2026-11-22 TO 9999-12-31"
    ctx = gm(f"GAME game1\nBECOME France\n{line}")
    assert "lasts at most 365 days" in _refusal(ctx, line)


# Timing rules as a game created before the bounds stored them.
STORED = {"movement": {"after": "99999999d", "grace": "99999999h", "remind": ["99999999h"]}}


def test_the_join_that_fills_a_game_with_stored_rules_past_the_bounds_starts_it(
    tmp_path,  # noqa: ANN001
) -> None:
    engine = migrated_engine(tmp_path)
    players = ("ada@players.test", "bob@players.test")
    with Session(engine) as session:
        forming_game(session, "a4", seats=2, timing=json.dumps(STORED))
        for player in players:
            registered(session, player)
    for player in players:
        deliver(engine, make_mail(player, "JOIN a4 secret11\n"))  # raised before the bound
    reply = outbox(engine)[-1].get_body(("plain",)).get_content()
    assert "starts now" in reply
    with Session(engine) as session:
        game = find_game(session, "a4")
        assert game is not None and game.status == ACTIVE
        assert as_utc(game.deadline) <= NOW + timedelta(days=366)
        assert game_timing(game).movement.after == game_timing(game).movement.grace
