"""The demo's script: a game master and seven players play a multiverse game by mail.

The master creates the game with a PGP/MIME signed mail; the players REGISTER and
JOIN, and the game starts when the seventh joins. Spring 1901 ends with Germany and
Austria bouncing in Tyrolia; in Fall 1901 the German army in Munich supports its own
spring move one turn back in time, the spring is judged again, and timeline 2 forks
from it. A third turn gives orders on both timelines. Each turn the master processes
the phase with a signed PROCESS naming it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TextIO

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent, Exchange
from judge.demo.rig import DemoError, DemoJudge
from judge.demo.summary import game_summary

MASTER_ADDRESS = "master@demo.test"
MASTER_NAME = "Demo Master"
GAME = "demo"
GAME_PASSWORD_SUFFIX = "-plays"


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
        """Their password (account and game)."""
        return f"{self.power[:3]}{GAME_PASSWORD_SUFFIX}"


CAST = (
    Cast("austria", "Anna Huber", "Europe/Vienna"),
    Cast("england", "Edward Smith", "Europe/London"),
    Cast("france", "Françoise Martin", "Europe/Paris"),
    Cast("germany", "Gustav Weber", "Europe/Berlin"),
    Cast("italy", "Isabella Rossi", "Europe/Rome"),
    Cast("russia", "Roman Ivanov", "Europe/Moscow"),
    Cast("turkey", "Tarik Yilmaz", "America/New_York"),
)

CREATE = f"""\
CREATE {GAME} RULES MULTIVERSE LOOSE PLAYERS 7 PRESS white/grey
SET DEADLINE MOVE 48h GRACE 24h REMIND 24h
SET DEADLINE RETREAT 24h
SET DEADLINE ADJUST 24h
SET TIMING ZONE Europe/Paris DELAY 30m
"""

# (phase, {power: orders}) for each turn; "A Mun - Tyr" is enough while there is one
# timeline, the full notation timeline:province:turn says which board is meant.
TURNS: tuple[tuple[str, dict[str, str]], ...] = (
    (
        "S1901M",
        {
            "austria": "A Vie - Tyr\nA Bud - Ser\nF Tri - Alb",
            "england": "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor",
            "france": "A Par - Bur\nA Mar - Spa\nF Bre - Mao\n"
            "PRESS TO Germany\nBelgium for me, Holland for you?\nENDPRESS",
            "germany": "A Mun - Tyr\nA Ber - Kie\nF Kie - Den",
            "italy": "A Ven H\nA Rom - Apu\nF Nap - Ion",
            "russia": "A Mos - Ukr\nA War - Gal\nF Sev - Bla\nF Stp/sc - Bot",
            "turkey": "A Con - Bul\nA Smy - Arm\nF Ank - Bla",
        },
    ),
    (
        "F1901M",
        {
            "austria": "A Vie H\nA Ser - Gre\nF Alb S A Ser - Gre",
            "england": "F Nth - Nwy\nF Nwg H\nA Yor - Edi",
            "france": "A Bur - Bel\nA Spa - Por\nF Mao H",
            # The move into the past: support the bounced spring move again.
            "germany": "A 1:mun:F1901 S A 1:mun:S1901 - 1:tyr:S1901\nA Kie - Hol\nF Den H",
            "italy": "A Ven H\nA Apu - Tun\nF Ion C A Apu - Tun",
            "russia": "A Ukr - Rum\nA Gal S A Ukr - Rum\nF Sev H\nF Bot - Swe",
            "turkey": "A Bul H\nA Arm H\nF Ank H",
        },
    ),
    (
        # Builds on timeline 1 (winter), moves on timeline 2 (fall), in one turn.
        "W1901M",
        {
            "austria": "build A 1:bud:W1901\nA 2:ser:F1901 - 2:gre:F1901",
            "england": "build F 1:lon:W1901\nF 2:nth:F1901 - 2:nwy:F1901",
            "france": "build A 1:par:W1901\nbuild F 1:bre:W1901\nA 2:bur:F1901 - 2:bel:F1901",
            "germany": "build A 1:ber:W1901\nbuild F 1:kie:W1901\n"
            "A 2:tyr:F1901 - 2:tri:F1901\nA 2:kie:F1901 - 2:hol:F1901",
            "italy": "build F 1:nap:W1901\n"
            "A 2:apu:F1901 - 2:tun:F1901\nF 2:ion:F1901 C A 2:apu:F1901 - 2:tun:F1901",
            "russia": "build A 1:mos:W1901\nbuild A 1:war:W1901\nA 2:ukr:F1901 - 2:rum:F1901",
            "turkey": "build A 1:smy:W1901\nA 2:bul:F1901 - 2:gre:F1901",
        },
    ),
)


def expect(exchange: Exchange, *phrases: str) -> str:
    """The reply's text, which must contain every phrase; DemoError otherwise."""
    if exchange.reply is None:
        raise DemoError(f"no reply to {exchange.sent} (status {exchange.status})")
    text = exchange.reply_text
    missing = [p for p in phrases if p not in text]
    if missing or "*** Refused" in text:
        what = f"lacks {missing!r}" if missing else "refuses a line"
        raise DemoError(f"the reply {exchange.reply.path} {what}; the mail sent: {exchange.sent}")
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


def join(player: Correspondent, cast: Cast, game: str = GAME) -> Exchange:
    """JOIN the game asking for the cast's power."""
    exchange = player.send(f"JOIN {game} {cast.password} {cast.power}\n", "joining")
    expect(exchange)
    return exchange


def orders(player: Correspondent, cast: Cast, phase: str, lines: str, game: str = GAME) -> Exchange:
    """Sign on and send orders (or other lines) for ``phase``."""
    initial = cast.power[0].upper()
    text = f"SIGNON {initial}{game} {cast.password}\nPHASE {phase}\n{lines}\n"
    exchange = player.send(text, f"orders {phase}")
    expect(exchange, "Signed on")
    return exchange


def process(master: Correspondent, phase: str, game: str = GAME) -> Exchange:
    """The master's signed PROCESS of ``phase`` (refused unless the game is in it; the
    reply names the phase as the game's mails do: a 5dplomacy game's ``Spring01``)."""
    exchange = master.send(f"GAME {game}\nPROCESS {phase}\n", f"process {phase}")
    expect(exchange, " processed and the results mailed to everyone")
    return exchange


def play(judge: DemoJudge, signer: DemoSigner, out: TextIO) -> None:
    """Run the whole scenario, telling ``out`` what happens."""
    print(judge.add_game_master(MASTER_ADDRESS, signer.public_key()), file=out)
    master = Correspondent(judge, MASTER_ADDRESS, MASTER_NAME, signer)
    expect(master.send(CREATE, "a new game"), f"Game {GAME} created")
    print(f"The master created game {GAME} by PGP/MIME signed mail.", file=out)

    players = {cast.power: register(judge, cast) for cast in CAST}
    print(f"{len(players)} players registered by mail.", file=out)
    for cast in CAST:
        last = join(players[cast.power], cast)
    print(f"All joined; the game started ({len(last.others)} start mails).", file=out)

    for phase, given in TURNS:
        for cast in CAST:
            orders(players[cast.power], cast, phase, given[cast.power])
        reports = process(master, phase).others
        print(
            f"{phase}: orders by mail from all seven, processed, {len(reports)} reports.", file=out
        )

    print("", file=out)
    with judge.session() as session:
        print(game_summary(session, GAME), file=out)
    print(f"\nEvery mail the judge sent ({len(judge.mails)}) is in {judge.paths.outbox}/", file=out)
    print(f"Every mail sent to the judge is in {judge.paths.sent}/", file=out)
    print(f"The game master's public key: {judge.paths.root}/master-public-key.asc", file=out)
