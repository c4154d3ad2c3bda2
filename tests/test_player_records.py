"""Players' records (issue 28; njudge data/dedsystems): each phase a played power owed
orders for is on time, late or missed, counted when the phase is processed; the
figures (dedication, on-time and CD ratios) and the master's entry limits."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from sqlmodel import Session, select

from judge.game.processing import process_phase
from judge.game.records import (
    PlayerRecord,
    limit_refusal,
    note_handover,
    phase_outcome,
    player_record,
    record_phase,
)
from judge.mail.outgoing import Author
from judge.orders.keys import OrderKey
from judge.rules.base import Owed
from judge.store.models import (
    LATE,
    MISSED,
    ON_TIME,
    RESIGNED,
    Account,
    Game,
    Order,
    Player,
    PlayerPhaseRecord,
)
from tests.commands.helpers import JUDGE, NOW, add_game, address, migrated_engine

SENDER = Author("Test Judge", JUDGE, "TEST")
DEADLINE = NOW + timedelta(hours=48)
OWED = [Owed("par", "A Par"), Owed("mar", "A Mar")]


def _row(key: str, hours: float) -> tuple[str, datetime]:
    """An order row (its unit key and time stored) for ``key`` stored ``hours`` after
    NOW; rows are listed in the order given."""
    return key, NOW + timedelta(hours=hours)


# ------------------------------------------------------------------ phase_outcome


def test_complete_orders_by_the_deadline_are_on_time() -> None:
    rows = [_row("par", 1), _row("mar", 47)]
    assert phase_outcome(OWED, rows, DEADLINE, DEADLINE + timedelta(hours=5)) == ON_TIME


def test_orders_completed_in_the_grace_period_are_late() -> None:
    rows = [_row("par", 1), _row("mar", 50)]
    assert phase_outcome(OWED, rows, DEADLINE, DEADLINE + timedelta(hours=5)) == LATE


def test_a_change_after_the_deadline_to_complete_orders_is_not_late() -> None:
    rows = [_row("par", 1), _row("mar", 2), _row("mar", 50)]
    assert phase_outcome(OWED, rows, DEADLINE, DEADLINE + timedelta(hours=5)) == ON_TIME


def test_orders_still_incomplete_when_processed_are_missed() -> None:
    assert phase_outcome(OWED, [_row("par", 1)], DEADLINE, DEADLINE) == MISSED
    assert phase_outcome(OWED, [], DEADLINE, DEADLINE + timedelta(hours=5)) == MISSED


def test_a_clear_before_the_deadline_completed_after_it_is_late() -> None:
    rows = [_row("par", 1), _row("mar", 2), _row(OrderKey.clear().text(), 40)]
    rows += [_row("par", 49), _row("mar", 49)]
    assert phase_outcome(OWED, rows, DEADLINE, DEADLINE + timedelta(hours=5)) == LATE


def test_an_early_processing_with_complete_orders_is_on_time() -> None:
    rows = [_row("par", 1), _row("mar", 2)]
    assert phase_outcome(OWED, rows, DEADLINE, NOW + timedelta(hours=3)) == ON_TIME
    assert phase_outcome(OWED, rows, None, NOW + timedelta(hours=3)) == ON_TIME


def test_orders_missing_at_a_processing_before_the_deadline_are_not_due() -> None:
    # njudge's PROCESS (mail.c) clears every power's waiting flag: nobody is late.
    assert phase_outcome(OWED, [_row("par", 1)], DEADLINE, NOW + timedelta(hours=3)) is None
    assert phase_outcome(OWED, [], None, NOW + timedelta(hours=3)) is None


def test_orders_missing_at_a_processing_in_the_grace_period_are_late() -> None:
    grace = DEADLINE + timedelta(hours=24)
    assert phase_outcome(OWED, [], DEADLINE, DEADLINE + timedelta(hours=5), grace) == LATE
    assert phase_outcome(OWED, [], DEADLINE, grace, grace) == MISSED


# ------------------------------------------------------------------ figures


def test_njudge_dedication_points_and_ratios() -> None:
    record = PlayerRecord(joined=2, resigned=1, on_time=10, late=2, missed=1)
    assert record.dedication == 30 - 2 - 50 - 100
    assert record.on_time_ratio == pytest.approx(10 / 13)
    assert record.cd_ratio == pytest.approx((1 + 1) / 2)


def test_a_new_player_has_perfect_ratios_and_no_dedication() -> None:
    record = PlayerRecord()
    assert (record.dedication, record.on_time_ratio, record.cd_ratio) == (0, 1.0, 0.0)


def test_limits_refuse_with_the_figures_and_spare_new_players_the_ratios() -> None:
    game = Game(name="g", phase="S1901M", position="{}", min_ontime=0.9, max_resrat=0.2)
    assert limit_refusal(game, PlayerRecord()) is None
    late = PlayerRecord(joined=1, on_time=1, late=1)
    assert limit_refusal(game, late) == (
        "game g requires an on-time ratio of at least 0.90, and yours is 0.50 "
        "(1 of 2 phases on time)"
    )
    gone = PlayerRecord(joined=2, resigned=1, on_time=4)
    assert "CD ratio of at most 0.20, and yours is 0.50" in (limit_refusal(game, gone) or "")
    game.min_dedication = 1
    assert "requires a dedication of at least 1, and you are rated at 0" in (
        limit_refusal(game, PlayerRecord()) or ""
    )


# ------------------------------------------------------------------ in the database


@pytest.fixture
def engine(tmp_path):
    engine = migrated_engine(tmp_path)
    yield engine
    engine.dispose()


def _order(session: Session, game: Game, power: str, key: str, at) -> None:
    session.add(
        Order(
            game_id=game.id,
            phase=game.phase,
            power=power,
            unit_key=key,
            text=key,
            canonical=key,
            from_address=address(power),
            created_at=at,
        )
    )


def test_processing_a_phase_records_each_played_power(engine) -> None:
    with Session(engine) as session:
        game = add_game(session)
        early, late = NOW + timedelta(hours=1), DEADLINE + timedelta(hours=1)
        for key in ("par", "mar", "bre"):
            _order(session, game, "france", key, early)
        for key in ("lon", "edi"):
            _order(session, game, "england", key, early)
        _order(session, game, "england", "lvp", late)  # its last unit, in the grace period
        _order(session, game, "germany", "ber", early)  # two units left without orders
        resigned = session.exec(select(Player).where(Player.power == "italy")).one()
        resigned.status = RESIGNED  # a power in civil disorder is nobody's record
        session.commit()
        process_phase(session, SENDER, game, DEADLINE + timedelta(hours=2))
        session.commit()
        rows = session.exec(select(PlayerPhaseRecord).order_by(PlayerPhaseRecord.power))
        got = {r.power: (r.phase, r.number, r.outcome) for r in rows}
        assert got == {
            "austria": ("S1901M", 0, MISSED),
            "england": ("S1901M", 0, LATE),
            "france": ("S1901M", 0, ON_TIME),
            "germany": ("S1901M", 0, MISSED),
            "russia": ("S1901M", 0, MISSED),
            "turkey": ("S1901M", 0, MISSED),
        }
        england = session.exec(select(Account).where(Account.address == address("england"))).one()
        assert player_record(session, england.id).late == 1


def test_a_handed_over_resignation_stays_in_the_old_players_record(engine) -> None:
    with Session(engine) as session:
        add_game(session)
        seat = session.exec(select(Player).where(Player.power == "italy")).one()
        old = seat.account_id
        seat.status = RESIGNED
        assert player_record(session, old).resigned == 1
        newcomer = Account(address="new@players.test")
        session.add(newcomer)
        session.flush()
        note_handover(session, seat, newcomer.id, NOW, "S1901M")
        seat.account_id, seat.status = newcomer.id, "playing"
        session.commit()
        assert (player_record(session, old).resigned, player_record(session, old).joined) == (1, 1)
        mine = player_record(session, newcomer.id)
        assert (mine.took_over, mine.joined, mine.resigned) == (1, 1, 0)


def test_processing_a_phase_again_after_a_rollback_replaces_the_later_records(engine) -> None:
    with Session(engine) as session:
        game = add_game(session)
        france = session.exec(select(Player).where(Player.power == "france")).one()
        for number, outcome in ((0, ON_TIME), (1, MISSED)):  # kept from before a ROLLBACK
            session.add(
                PlayerPhaseRecord(
                    account_id=france.account_id,
                    game_id=game.id,
                    number=number,
                    phase="S1901M" if number == 0 else "F1901M",
                    power="france",
                    outcome=outcome,
                )
            )
        session.commit()
        record_phase(session, game, DEADLINE + timedelta(hours=1))
        session.commit()
        rows = session.exec(select(PlayerPhaseRecord).where(PlayerPhaseRecord.power == "france"))
        assert [(r.number, r.outcome) for r in rows] == [(0, MISSED)]


def test_a_rollback_forgets_the_records_of_the_phases_it_undoes(engine) -> None:
    """ROLLBACK forgets the later phases (docs/game-masters.md): a game terminated
    after it showed 'Phases played: 0' while its players kept a phase on time."""
    from judge.game.processing import rollback_to

    with Session(engine) as session:
        game = add_game(session)
        for key in ("par", "mar", "bre"):
            _order(session, game, "france", key, NOW + timedelta(hours=1))
        session.commit()
        process_phase(session, SENDER, game, NOW + timedelta(hours=2))
        session.commit()
        assert session.exec(select(PlayerPhaseRecord)).all()
        rollback_to(session, SENDER, game, "S1901M", NOW + timedelta(hours=3))
        session.commit()
        assert session.exec(select(PlayerPhaseRecord)).all() == []
