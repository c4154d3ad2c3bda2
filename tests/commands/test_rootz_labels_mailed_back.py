"""Root Z's unit labels (rule 2.1: ``1FA(Par)``, as the results' unit positions write
them, ``Army Paris 1 [1FA(Par)]``) mailed back in orders, through the real mail path.

Before, a line copied from the results was refused (``1FA(Par) - Bur1: '1FA' is not a
province``, ``did not understand '[1FA'``), and a hold (``1FF(Bre) H``) was passed over
as a greeting without a word.  The forms the judge itself writes are read back: the
label is the unit (``A Par1``), its province on the label's board unless it carries
its own digit (``1FA(Pie2)``, a unit that crossed the cut), and a label in brackets
after the unit's words repeats that unit."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.game.games import Seat, create_game, current_orders, find_game
from tests.commands.helpers import NOW, body_of, deliver, judge_config, make_mail, migrated_engine
from tests.commands.helpers import outbox as sent

PAIRS = {"ada@players.test": ["france1", "england2"], "bob@players.test": ["germany1", "italy2"]}
UNITS = [
    ("france1", "A", "par1"),
    ("france1", "A", "mar1"),
    ("france1", "F", "bre1"),
    ("france1", "A", "pie2"),
    ("england2", "F", "lon2"),
    ("germany1", "A", "mun1"),
    ("germany1", "F", "stp1/sc"),
    ("italy2", "A", "ven2"),
]


@pytest.fixture
def engine(tmp_path: Path) -> Engine:
    """A Root Z game in Spring 1901, two players holding two powers each."""
    engine = migrated_engine(tmp_path)
    doc = {
        "variant": "rootz",
        "phase": "S1901M",
        "units": [{"power": p, "type": t, "province": loc} for p, t, loc in UNITS],
        "dislodged": [],
        "contested": [],
        "supply_centers": {},
        "players": {"+".join(powers): powers for powers in PAIRS.values()},
    }
    seats = [Seat(p, who, f"pw{who[0]}123") for who, powers in PAIRS.items() for p in powers]
    with Session(engine) as session:
        create_game(
            session, "rzp", seats, variant="rootz", position=doc, deadline=NOW + timedelta(days=2)
        )
        session.commit()
    return engine


def _orders(engine: Engine, who: str, line: str) -> tuple[str, dict[str, list[str]]]:
    deliver(engine, make_mail(who, f"SIGNON rzp pw{who[0]}123\n{line}\n"), judge_config(), NOW)
    with Session(engine) as session:
        game = find_game(session, "rzp")
        stored = {
            p: sorted(o.canonical for o in current_orders(session, game.id, "S1901M", p).values())
            for p in PAIRS[who]
        }
    return body_of(sent(engine)[-1]), stored


@pytest.mark.parametrize(
    ("who", "line", "power", "order"),
    [
        ("ada@players.test", "1FA(Par) - Bur1", "france1", "A par1 - bur1"),
        ("ada@players.test", "1FA(Par)-Bur1", "france1", "A par1 - bur1"),
        ("ada@players.test", "1FF(Bre) H", "france1", "F bre1 H"),
        ("ada@players.test", "1FA(Mar) S 1FA(Par) - Bur1", "france1", "A mar1 S A par1 - bur1"),
        ("ada@players.test", "1FA(Pie2) - Tus2", "france1", "A pie2 - tus2"),
        ("ada@players.test", "2EF(Lon) - Nth2", "england2", "F lon2 - nth2"),
        ("ada@players.test", "Army Paris 1 [1FA(Par)] -> Burgundy 1", "france1", "A par1 - bur1"),
        ("ada@players.test", "France 1: 1FA(Par) - Bur1", "france1", "A par1 - bur1"),
        ("bob@players.test", "1GF(Stp/sc) - Bot1", "germany1", "F stp1/sc - bot1"),
    ],
)
def test_rule_2_1_a_label_from_the_results_is_read_as_its_unit(
    engine: Engine, who: str, line: str, power: str, order: str
) -> None:
    body, stored = _orders(engine, who, line)
    assert "*** Refused" not in body and "not an order" not in body, body
    assert stored[power] == [order], body


def test_rule_2_1_a_label_of_no_unit_there_is_refused(engine: Engine) -> None:
    """A label is read as the unit it names, and checked as any order is."""
    body, stored = _orders(engine, "ada@players.test", "1FA(Gas) - Bur1")
    assert "*** Refused" in body, body
    assert stored == {"france1": [], "england2": []}


def test_rule_2_1_a_label_of_another_powers_unit_is_refused(engine: Engine) -> None:
    """``1GA(Par)`` names Germany 1's army: the army in Paris 1 is France 1's, and is
    not moved by an order written for another power's unit."""
    body, stored = _orders(engine, "ada@players.test", "1GA(Par) - Bur1")
    assert "*** Refused: 1GA(Par) names a unit of another power" in body, body
    assert "France 1's, 1FA(Par)" in body
    assert stored == {"france1": [], "england2": []}
