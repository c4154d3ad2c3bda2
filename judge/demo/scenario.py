"""The demo's script: a game master and seven players, everything by mail."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TextIO

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent, Exchange
from judge.demo.rig import DemoError, DemoJudge

MASTER_ADDRESS = "master@demo.test"
MASTER_NAME = "Demo Master"
GAME = "demo"


@dataclass(frozen=True)
class Cast:
    """A player of the demo: who they are and the power they ask for."""

    power: str
    name: str
    zone: str

    @property
    def address(self) -> str:
        """Their mail address."""
        return f"{self.power}@players.demo"

    @property
    def password(self) -> str:
        """Their password (accounts and the game)."""
        return f"{self.power[:3]}-secret"


CAST = (
    Cast("austria", "Anna Huber", "Europe/Vienna"),
    Cast("england", "Edward Smith", "Europe/London"),
    Cast("france", "Françoise Martin", "Europe/Paris"),
    Cast("germany", "Gustav Weber", "Europe/Berlin"),
    Cast("italy", "Isabella Rossi", "Europe/Rome"),
    Cast("russia", "Roman Ivanov", "Europe/Moscow"),
    Cast("turkey", "Tarik Yilmaz", "Europe/Istanbul"),
)


def expect(exchange: Exchange, *phrases: str) -> str:
    """The reply's text, which must contain every phrase; DemoError otherwise."""
    if exchange.reply is None:
        raise DemoError(f"no reply to {exchange.sent} (status {exchange.status})")
    text = exchange.reply_text
    missing = [p for p in phrases if p not in text]
    if missing:
        raise DemoError(
            f"the reply {exchange.reply.path} lacks {missing!r}; the mail sent was {exchange.sent}"
        )
    return text


def register(judge: DemoJudge, cast: Cast) -> Correspondent:
    """The player's REGISTER mail."""
    player = Correspondent(judge, cast.address, cast.name)
    exchange = player.send(
        f"REGISTER\nName: {cast.name}\nTimezone: {cast.zone}\nPassword: {cast.password}\nEND\n",
        "registering",
    )
    expect(exchange, f"Registered {cast.address}")
    return player


def play(judge: DemoJudge, signer: DemoSigner, out: TextIO) -> None:
    """Run the whole scenario, telling ``out`` what happens."""
    print(judge.add_game_master(MASTER_ADDRESS, signer.public_key()), file=out)
    players = {cast.power: register(judge, cast) for cast in CAST}
    print(f"{len(players)} players registered by mail.", file=out)
    print(f"\nEvery mail the judge sent is in {judge.paths.outbox}/", file=out)
    print(f"Every mail sent to the judge is in {judge.paths.sent}/", file=out)
