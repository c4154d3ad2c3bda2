"""SET ABANDON <n>: a player who misses n deadlines in a row abandons the power,
which is then open for takeover (judge.game.abandoned; the rule follows Diplicity's
civil disorder after missed phases, diplicity-react #471)."""

from __future__ import annotations

from sqlmodel import select

from judge.game.abandoned import abandoned_powers, count_missed
from judge.game.games import find_game
from judge.store.models import ABANDONED, PLAYING, Player


def _seat(session, power: str) -> Player:  # noqa: ANN001
    return session.exec(select(Player).where(Player.power == power)).one()


def test_two_missed_deadlines_in_a_row_abandon_the_power(session):
    game = find_game(session, "game1")
    game.abandon_after = 2
    everyone = {p.power for p in session.exec(select(Player))}
    ordering = everyone - {"france"}
    assert count_missed(session, game, everyone, ordering) == []
    assert _seat(session, "france").missed == 1
    # Orders reset the count
    assert count_missed(session, game, everyone, everyone) == []
    assert _seat(session, "france").missed == 0
    assert count_missed(session, game, everyone, ordering) == []
    assert count_missed(session, game, everyone, ordering) == ["france"]
    assert _seat(session, "france").status == ABANDONED
    assert abandoned_powers(session, game) == ["france"]
    assert _seat(session, "germany").status == PLAYING


def test_without_the_setting_missed_deadlines_abandon_nothing(session):
    game = find_game(session, "game1")
    everyone = {p.power for p in session.exec(select(Player))}
    for _ in range(5):
        assert count_missed(session, game, everyone, set()) == []
    assert _seat(session, "italy").missed == 5 and _seat(session, "italy").status == PLAYING


def test_set_abandon_is_the_masters_and_told_once(run, session):
    ctx = run("SET ABANDON 2", "master@x.test")
    assert ctx.transcript.refusals == 1  # needs a signed mail


def test_the_results_name_the_abandoned_powers(session):
    """Issue 28: the results show an abandoned power, and how to take it over."""
    from judge.game.processing import process_phase
    from judge.store.models import RESIGNED
    from tests.commands.forming import SENDER
    from tests.commands.helpers import NOW

    game = find_game(session, "game1")
    seat = _seat(session, "france")
    seat.status = RESIGNED
    session.add(seat)
    outcome = process_phase(session, SENDER, game, NOW)
    text = " ".join(outcome.report.text.split())
    assert (
        "Abandoned: France. A registered player not in the game may take it over by mail: "
        "SIGNON Fgame1 <new password>." in text
    ), text
