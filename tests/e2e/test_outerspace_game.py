"""An "It Came From Outer Space" game by mail from CREATE (VARIANT outerspace
PLAYERS 3) to the first adjustments (Winter 1901): three players each name an empire
at JOIN (one name clashes and is refused first); the third JOIN starts the game with
three armies in orbit for each empire.

Spring 1901 the empires beam armies down (Zorg and Vega bounce in Burgundy).  Fall
1901 Zorg colonizes Paris where its army stands, Vega colonizes empty Holland from
Kiel and beams down to Berlin with a support from Munich that Altair's beam-down
into Munich cuts, Altair colonizes Venice.  Winter 1901 nobody can build (a centre
must be owned, colonized and empty, which no centre is after one year) and Altair,
with two centres for three armies, removes its army in Vienna, keeping its army in
orbit.  Spring 1902 that army's beam-down into Zorg's colony Paris is refused with
the reason.  The reports of the
three phases are checked against golden files."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent
from judge.demo.rig import JUDGE_CODE, DemoJudge
from judge.demo.scenario import Cast, expect, orders, process, register
from judge.demo.sink import DeliveredMail
from judge.game.games import find_game

from .conftest import MASTER
from .test_standard_game import masked

pytestmark = pytest.mark.timeout(240)

GOLDEN = Path(__file__).parent / "golden"
GAME = "space"
PEOPLE = (
    Cast("zorg", "Zelda Orr", "Europe/Paris"),
    Cast("vega", "Victor Vance", "Europe/Berlin"),
    Cast("altair", "Amira Tal", "Europe/Rome"),
)
EMPIRES = {"zorg": "Zorg Zorgon Z", "vega": "Vega Vegan V", "altair": "Altair Altairian A"}
TURNS: dict[str, dict[str, str]] = {
    "S1901M": {
        "zorg": "A ORB - Par\nA ORB - Bre\nA Orbit -> Bur",
        "vega": "A ORB - Mun\nA ORB - Bur\nA ORB - Kie",
        "altair": "A ORB - Vie\nA ORB - Ven\nA ORB H",
    },
    "F1901M": {
        "zorg": "A Par COL\nA Bre H\nA ORB - Bel",
        "vega": "A ORB - Ber\nA Mun S A ORB - Ber\nA Kie Colonize Hol",
        "altair": "A Vie H\nA Ven Colonise\nA ORB - Mun",
    },
    "W1901A": {
        "altair": "Remove A Vie",
    },
}
# The results of each phase, to Altair (golden files, read by eye).
GOLDEN_REPORTS = ("S1901M", "F1901M", "W1901A")


def test_an_outer_space_game_by_mail_to_the_first_adjustments(
    judge: DemoJudge, master_key: DemoSigner
) -> None:
    judge.add_game_master(MASTER, master_key.public_key())
    master = Correspondent(judge, MASTER, "Demo Master", master_key)
    created = master.send(
        f"CREATE {GAME} VARIANT outerspace PLAYERS 3 PRESS none\n"
        "SET DEADLINE MOVE 48h\nSET TIMING ZONE UTC\n"
    )
    expect(created, f"Game {GAME} created", "3 players", "EMPIRE <name> <adjective> <initial>")

    players = {cast.power: register(judge, cast) for cast in PEOPLE}
    clash = players["vega"].send(f"JOIN {GAME} {PEOPLE[1].password} EMPIRE Paris Vegan V\n")
    assert (
        "> JOIN space ******** EMPIRE Paris Vegan V\n"
        "  *** Refused: choose another empire: the name Paris names a province (par) (game space)"
    ) in clash.reply_text.replace("\r\n", "\n")
    for cast in PEOPLE:
        joined = players[cast.power].send(
            f"JOIN {GAME} {cast.password} EMPIRE {EMPIRES[cast.power]}\n", "joining"
        )
        name, adjective, initial = EMPIRES[cast.power].split()
        expect(joined, f"You have joined game {GAME} as the empire {name} ({adjective}, {initial})")
    # the third JOIN fills the game and starts it
    start_mails = {m.recipients[0]: m.text() for m in joined.others}
    assert {c.address for c in PEOPLE} <= set(start_mails)
    assert {m.subject for m in joined.others} == {f"{JUDGE_CODE}:{GAME} - S1901M Game Starting"}

    reports: dict[str, list[DeliveredMail]] = {}
    for phase, given in TURNS.items():
        for cast in PEOPLE:
            if cast.power in given or phase.endswith("M"):
                orders(players[cast.power], cast, phase, given.get(cast.power, ""), GAME)
        reports[phase] = process(master, phase, GAME).others
        assert sorted(m.recipients[0] for m in reports[phase]) == sorted(
            [c.address for c in PEOPLE] + [MASTER]
        )

    altair = PEOPLE[2]
    for phase in GOLDEN_REPORTS:
        report = next(m for m in reports[phase] if m.recipients == (altair.address,))
        assert report.subject == f"{JUDGE_CODE}:{GAME} - {phase} Results"
        golden = GOLDEN / f"outerspace-{phase.lower()}-altair.txt"
        assert masked(report.text()) == golden.read_text(encoding="utf-8")

    # Spring 1902: Paris is Zorg's colony, jammed for Altair; the reply says why.
    jammed = players["altair"].send(
        f"SIGNON A{GAME} {altair.password}\nPHASE S1902M\nA ORB - Par\nA ORB - Pie\n", "orders"
    )
    assert (
        "> A ORB - Par\n"
        "  *** Refused: A ORB - Par: Paris is a colony of Zorg: only Zorg may beam down there\n"
        "\n"
        "> A ORB - Pie\n"
        "  Accepted: A orb - pie\n"
    ) in jammed.reply_text.replace("\r\n", "\n"), jammed.reply_text

    with judge.session() as session:
        game = find_game(session, GAME)
        assert game is not None and game.phase == "S1902M"
        doc = game.position_doc()
    assert doc["powers"] == ["zorg", "vega", "altair"]
    assert doc["colonies"] == {"zorg": ["par"], "vega": ["hol"], "altair": ["ven"]}
    units = sorted((u["power"], u["province"]) for u in doc["units"])
    assert units == sorted(
        [
            ("zorg", "par"),
            ("zorg", "bre"),
            ("zorg", "bel"),
            ("vega", "mun"),
            ("vega", "kie"),
            ("vega", "ber"),
            ("altair", "orb"),
            ("altair", "ven"),
        ]
    )
