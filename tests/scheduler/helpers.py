"""A game at its start in a real database, for the scheduler tests: seven players, a
master and an observer, the timing below, and opening orders through the real checker."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlmodel import Session

from judge.clock.timing import parse_timing
from judge.game.clock import set_game_timing
from judge.game.games import Seat, account_for, create_game, store_order
from judge.mail.outgoing import Author
from judge.orders.text import check_orders
from judge.store.models import Game, Observer
from tests.integration.games import OPENINGS

NOW = datetime(2026, 11, 19, 20, 0, tzinfo=UTC)  # the phase began (processed_at)
DEADLINE = NOW + timedelta(hours=48)
GRACE_END = DEADLINE + timedelta(hours=48)
RULES = "SET DEADLINE MOVE 48h GRACE 48h REMIND 24h,1h DELAY 30m"
SENDER = Author("Test Judge", "judge@judge.test")
MASTER = "gm@masters.test"
OBSERVER = "watcher@observers.test"


def address(power: str) -> str:
    return f"{power}@players.test"


def new_game(
    engine,  # noqa: ANN001
    name: str = "alpha",
    *,
    rules: str = RULES,
    seats: list[Seat] | None = None,
    **fields: object,
) -> int:
    """A standard game at its start: seven players (``seats``, by default at
    :func:`address` with password ``pw``), a master, an observer; ``rules`` are timing
    commands; ``fields`` set Game columns (deadline and processed_at default to
    DEADLINE and NOW)."""
    with Session(engine) as session:
        seats = seats or [Seat(p, address(p), "pw") for p in OPENINGS]
        game = create_game(session, name, seats)
        set_game_timing(game, parse_timing(rules))
        game.master_address = MASTER
        for key, value in {"deadline": DEADLINE, "processed_at": NOW, **fields}.items():
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
