"""Running games and order mails for them, for the crash test and the benchmark
(built with the real game code: judge.game.games)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.policy import SMTP

from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.game.games import Seat, create_game

JUDGE = "judge@example.org"
# One valid set of opening orders per power of the standard map.
OPENINGS = {
    "austria": ["A Vie - Gal", "A Bud - Ser", "F Tri - Alb"],
    "england": ["F Lon - Nth", "F Edi - Nwg", "A Lvp - Yor"],
    "france": ["A Par - Bur", "A Mar - Spa", "F Bre - Eng"],
    "germany": ["A Ber - Kie", "A Mun - Ruh", "F Kie - Den"],
    "italy": ["A Ven - Tyr", "A Rom - Apu", "F Nap - Ion"],
    "russia": ["A Mos - Ukr", "A War - Gal", "F Sev - Bla", "F Stp/sc - Bot"],
    "turkey": ["A Con - Bul", "A Smy - Arm", "F Ank - Bla"],
}
INITIALS = {p: p[0].upper() for p in OPENINGS}


@dataclass(frozen=True)
class Seat2:
    """A power in a test game, with its player's address and password."""

    game: str
    power: str
    address: str
    password: str


def setup_games(engine: Engine, count: int) -> list[Seat2]:
    """Create ``count`` running standard games; return every seat."""
    seats: list[Seat2] = []
    deadline = datetime.now(UTC) + timedelta(days=2)
    with Session(engine) as session:
        for g in range(count):
            name = f"bench{g}"
            here = [
                Seat2(name, power, f"{power}.{name}@players.example.com", f"pw{power[:3]}{g}")
                for power in OPENINGS
            ]
            create_game(
                session,
                name,
                [Seat(s.power, s.address, s.password, s.power.title()) for s in here],
                deadline=deadline,
            )
            seats.extend(here)
        session.commit()
    return seats


def orders_mail(n: int, seat: Seat2) -> bytes:
    """Mail number ``n``: a SIGNON and the power's opening orders."""
    msg = EmailMessage()
    msg["From"] = seat.address
    msg["To"] = JUDGE
    msg["Subject"] = f"orders {n}"
    msg["Message-ID"] = f"<orders-{n}@players.example.com>"
    lines = [f"SIGNON {INITIALS[seat.power]}{seat.game} {seat.password}", *OPENINGS[seat.power]]
    msg.set_content("\n".join(lines) + "\n")
    return msg.as_bytes(policy=SMTP)
