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


def _abandon_france(session):  # noqa: ANN001
    game = find_game(session, "game1")
    game.abandon_after = 1
    everyone = {p.power for p in session.exec(select(Player))}
    assert count_missed(session, game, everyone, everyone - {"france"}) == ["france"]
    session.commit()
    return game


def test_a_power_abandoned_after_missed_deadlines_is_in_its_players_record(session):
    """Issue 28: the record counts a power left by SET ABANDON's missed deadlines."""
    from judge.game.records import player_record, record_lines

    _abandon_france(session)
    record = player_record(session, _seat(session, "france").account_id)
    assert (record.dropped, record.abandoned, record.resigned) == (1, 1, 0)
    assert "1 abandoned after missed deadlines" in record_lines(record)[0]


def _answer(ctx) -> str:  # noqa: ANN001
    return ctx.transcript.entries[0].outcomes[0].message


def test_a_takeover_is_refused_by_the_deny_list_and_by_an_entry_limit(run, session):
    """Issue 28: takeovers refuse as JOIN does (judge.game.records.entry_refusal)."""
    from judge.game.privacy import DENY, set_access_list
    from judge.store.models import MISSED, PlayerPhaseRecord
    from tests.commands.forming import registered

    game = _abandon_france(session)
    registered(session, "nora@players.test")
    olga = registered(session, "olga@players.test")
    set_access_list(game, DENY, ["nora@players.test"])
    game.min_ontime = 0.5
    session.add(game)
    # Olga missed the one phase she owed (in another game, say): below the limit.
    missed = PlayerPhaseRecord(
        account_id=olga.id, game_id=game.id, number=99, phase="S1901M", power="x", outcome=MISSED
    )
    session.add(missed)
    session.commit()
    nora = run("SIGNON Fgame1 newpass1", "nora@players.test")
    assert "The master has restricted access to this game." in _answer(nora)
    olga_tries = run("SIGNON Fgame1 newpass1", "olga@players.test")
    assert "requires an on-time ratio of at least 0.50" in _answer(olga_tries)
    assert _seat(session, "france").status == ABANDONED


def test_a_takeover_is_kept_in_both_players_records(run, session):
    """Issue 28: the old player's abandoned power and the new player's takeover."""
    from judge.game.records import player_record
    from tests.commands.forming import registered

    _abandon_france(session)
    old = _seat(session, "france").account_id
    nora = registered(session, "nora@players.test")
    ctx = run("SIGNON Fgame1 newpass1", "nora@players.test")
    assert "Take over of abandoned France allowed." in _answer(ctx)
    session.commit()
    assert _seat(session, "france").account_id == nora.id
    assert player_record(session, nora.id).took_over == 1
    assert player_record(session, old).dropped == 1
