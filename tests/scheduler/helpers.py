"""A game at its start in a real database, for the scheduler tests: seven players, a
master and an observer, the timing below, and opening orders through the real checker."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlmodel import Session

from judge.game_clock import set_game_timing
from judge.games import Seat, account_for, create_game, store_order
from judge.models import Game, Observer
from judge.orders_text import check_orders
from judge.recipients import Sender
from judge.timing import parse_timing
from tests.integration.games import OPENINGS

NOW = datetime(2026, 11, 19, 20, 0, tzinfo=UTC)  # the phase began (processed_at)
DEADLINE = NOW + timedelta(hours=48)
GRACE_END = DEADLINE + timedelta(hours=48)
RULES = parse_timing("SET DEADLINE MOVE 48h GRACE 48h REMIND 24h,1h DELAY 30m")
SENDER = Sender("Test Judge", "judge@judge.test")
MASTER = "gm@masters.test"
OBSERVER = "watcher@observers.test"


def address(power: str) -> str:
    return f"{power}@players.test"


def new_game(engine, name: str = "alpha", **fields: object) -> int:  # noqa: ANN001
    """A standard game at its start: seven players, a master, an observer."""
    with Session(engine) as session:
        seats = [Seat(p, address(p), "pw") for p in OPENINGS]
        game = create_game(session, name, seats, deadline=DEADLINE)
        set_game_timing(game, RULES)
        game.processed_at = NOW
        game.master_address = MASTER
        for key, value in fields.items():
            setattr(game, key, value)
        session.add(Observer(game_id=game.id, account_id=account_for(session, OBSERVER).id))
        session.add(game)
        session.commit()
        assert game.id is not None
        return game.id


def give_orders(engine, game_id: int, powers, at: datetime) -> None:  # noqa: ANN001
    """Store each power's opening orders through the real order checker."""
    with Session(engine) as session:
        game = session.get(Game, game_id)
        assert game is not None
        for power in powers:
            for check in check_orders(game.position_doc(), power, OPENINGS[power]):
                assert check.ok, check
                store_order(
                    session,
                    game,
                    power,
                    check,
                    account_id=None,
                    from_address=address(power),
                    now=at,
                )
        session.commit()
