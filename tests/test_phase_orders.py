"""The current orders of a phase read in one statement (``phase_orders``, the turn's
read, and ``power_order_keys``, a mail's allowance check) are those of the one rule
``current_orders`` keeps: per power, the last order given for a key wins, a CLEAR row
withdraws those before it, and orders come in the order their winning rows were
given (issue 27: the turn no longer builds an ORM object per order)."""

from __future__ import annotations

import random

from sqlmodel import Session

from judge.game.games import current_orders, phase_orders, power_order_keys
from judge.orders.keys import OrderKey
from judge.store.db import make_engine, migrate
from judge.store.models import Game, Order

POWERS = ("england", "france")
KEYS = ("par", "bre", "mar", "1:mun:S1901", "2:mun:F1902", "build:par", "waive:1", "waive:2")


def _rows(rng: random.Random) -> list[tuple[str, str]]:
    """A random history of (power, key text) rows, CLEAR rows among them."""
    rows = []
    for _ in range(rng.randrange(0, 40)):
        key = OrderKey.clear().text() if rng.random() < 0.08 else rng.choice(KEYS)
        rows.append((rng.choice(POWERS), key))
    return rows


def test_one_statement_reads_the_orders_the_rule_keeps(tmp_path) -> None:  # noqa: ANN001
    url = f"sqlite:///{tmp_path / 'orders.db'}"
    migrate(url)
    engine = make_engine(url)
    with Session(engine) as session:
        game = Game(name="g", phase="S1901M", position="{}")
        session.add(game)
        session.flush()
        assert game.id is not None
        rng = random.Random(27)
        for trial in range(60):
            phase = f"P{trial}"
            for n, (power, key) in enumerate(_rows(rng)):
                text = f"order {n} of {power}"
                session.add(
                    Order(
                        game_id=game.id,
                        phase=phase,
                        power=power,
                        unit_key=key,
                        text=text,
                        canonical=text,
                        data=None if key == OrderKey.clear().text() else f'{{"n": {n}}}',
                        from_address="x@example.org",
                    )
                )
            session.flush()
            found = phase_orders(session, game.id, phase)
            for power in POWERS:
                kept = current_orders(session, game.id, phase, power)
                by_id = sorted(kept.values(), key=lambda row: row.id or 0)
                assert [r.canonical for r in found.get(power, [])] == [r.canonical for r in by_id]
                assert [r.data for r in found.get(power, [])] == [r.data for r in by_id]
                assert power_order_keys(session, game.id, phase, power) == [r.key for r in by_id]
            assert set(found) == {
                p for p in POWERS if current_orders(session, game.id, phase, p)
            } | {p for p in found}


def _add_phase(session: Session, game_id: int, phase: str, count: int) -> None:
    for n in range(count):
        text = f"A x{n} H"
        session.add(
            Order(
                game_id=game_id,
                phase=phase,
                power=POWERS[n % 2],
                unit_key=f"x{n}",
                text=text,
                canonical=text,
                data='{"kind": "hold"}',
                from_address="x@example.org",
            )
        )
    session.flush()


def _steps_to_read(session: Session, game_id: int, phase: str) -> int:
    """How many thousands of SQLite's virtual-machine steps the turn's read of a phase's
    orders takes (counted by a progress handler)."""
    raw = session.connection().connection.dbapi_connection
    steps = [0]

    def count() -> int:
        steps[0] += 1
        return 0  # go on

    raw.set_progress_handler(count, 1000)
    try:
        assert sum(map(len, phase_orders(session, game_id, phase).values())) == 200
    finally:
        raw.set_progress_handler(None, 1000)
    return steps[0]


def test_a_turn_reads_its_own_phase_only_however_long_the_game(tmp_path) -> None:  # noqa: ANN001
    """The turn's read of a phase's orders goes through an index of (game, phase, id)
    (migration 0024): it does not visit the orders of the game's earlier phases, as
    it did through the game's own index, so that its cost does not grow with the
    game's history (issue 27: a long multiverse game stores thousands a turn)."""
    url = f"sqlite:///{tmp_path / 'orders.db'}"
    migrate(url)
    engine = make_engine(url)
    with Session(engine) as session:
        game = Game(name="g", phase="S1901M", position="{}")
        session.add(game)
        session.flush()
        assert game.id is not None
        _add_phase(session, game.id, "P0", 200)
        _add_phase(session, game.id, "NOW", 200)
        short = _steps_to_read(session, game.id, "NOW")
        for n in range(1, 40):
            _add_phase(session, game.id, f"P{n}", 200)
        long = _steps_to_read(session, game.id, "NOW")
    assert long <= short * 1.2 + 2, (short, long)
