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
