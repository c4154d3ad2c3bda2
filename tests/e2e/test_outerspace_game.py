"""An "It Came From Outer Space" game by mail from CREATE (VARIANT outerspace
PLAYERS 3) to the first builds (Winter 1902): three players each name an empire at
JOIN (one name clashes and is refused first); the third JOIN starts the game with
three armies in orbit for each empire.  Altair's Spring 1901 mail ends with
``A ORB H``, which is read as an order (issue 26.5), not passed over as a sign-off.

Spring 1901 the empires beam armies down (Zorg and Vega bounce in Burgundy).  Fall
1901 Zorg colonizes Paris where its army stands, Vega colonizes empty Holland from
Kiel and beams down to Berlin with a support from Munich that Altair's beam-down
into Munich cuts, Altair colonizes Venice.  Winter 1901 nobody can build (a centre
must be owned, colonized and empty, which no centre is after one year) and Altair,
with two centres for three armies, removes its army in Vienna, keeping its army in
orbit.  Spring 1902 that army's beam-down into Zorg's colony Paris is refused with
the reason; it beams down to Piedmont instead.  In 1902 the armies in the colonies
Paris and Venice move out (Zorg takes Spain, Altair Trieste) and Vega's army
occupies its colony Holland, taking it.  Winter 1902 Zorg builds in Paris and
Altair in Venice (owned, colonized, empty); a build in Brest (owned, not a colony)
and in Holland (Vega's colony, occupied) is refused with the reason, and Vega, one
centre up with no empty colonized centre, owes no build.  The builds stand in the
Spring 1903 position.  The reports of the three 1901 phases and of Winter 1902
are checked against golden files."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent, Exchange
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
# 1902: the colonists of Paris and Venice leave them empty; Vega takes its colony.
TURNS_1902: dict[str, dict[str, str]] = {
    "S1902M": {
        "zorg": "A Par - Pic\nA Bre - Gas\nA Bel H",
        "vega": "A Kie - Hol\nA Ber H\nA Mun H",
        "altair": "A ORB - Pie\nA Ven - Tri",
    },
    "F1902M": {
        "zorg": "A Gas - Spa\nA Pic H\nA Bel H",
        "vega": "A Hol H\nA Ber H\nA Mun H",
        "altair": "A Tri H\nA Pie H",
    },
}
# The results of each phase, to Altair (golden files, read by eye).
GOLDEN_REPORTS = ("S1901M", "F1901M", "W1901A", "W1902A")


def play(
    master: Correspondent,
    players: dict[str, Correspondent],
    turns: dict[str, dict[str, str]],
    reports: dict[str, list[DeliveredMail]],
) -> None:
    """Each phase of ``turns``: the orders by mail, then the master's PROCESS; every
    player and the master get the results."""
    for phase, given in turns.items():
        for cast in PEOPLE:
            if cast.power in given or phase.endswith("M"):
                orders(players[cast.power], cast, phase, given.get(cast.power, ""), GAME)
        reports[phase] = process(master, phase, GAME).others
        assert sorted(m.recipients[0] for m in reports[phase]) == sorted(
            [c.address for c in PEOPLE] + [MASTER]
        )


def position(judge: DemoJudge, phase: str) -> dict[str, object]:
    """The game's position document, which must be at ``phase``."""
    with judge.session() as session:
        game = find_game(session, GAME)
        assert game is not None and game.phase == phase
        return game.position_doc()


def units_of(doc: dict[str, object]) -> list[tuple[str, str]]:
    """(empire, province) of each unit in a position document, sorted."""
    units = doc["units"]
    assert isinstance(units, list)
    return sorted((u["power"], u["province"]) for u in units)


def replied(exchange: Exchange) -> str:
    """The judge's reply to a mail, line ends normalised."""
    return exchange.reply_text.replace("\r\n", "\n")


def test_an_outer_space_game_by_mail_to_the_first_builds(
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
    ) in replied(clash)
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
    # issue 26: the start mail shows how to order, with the empire's armies in orbit
    for cast in PEOPLE:
        start = start_mails[cast.address].replace("\r\n", "\n")
        assert "How to order, with your own units" in start
        assert (
            "  A ORB - Par   (beam down)\n" in start and "  A ORB H       (orbit hold)\n" in start
        )

    reports: dict[str, list[DeliveredMail]] = {}
    play(master, players, TURNS, reports)

    # Spring 1902: Paris is Zorg's colony, jammed for Altair; the reply says why.  An
    # order for a fleet in orbit is refused and leaves the one army in orbit its order
    # (issue 26.5).
    altair = PEOPLE[2]
    jammed = players["altair"].send(
        f"SIGNON A{GAME} {altair.password}\nPHASE S1902M\nA ORB - Par\nF ORB - Lon\nA ORB - Pie\n",
        "orders",
    )
    assert (
        "> A ORB - Par\n"
        "  *** Refused: A ORB - Par: Paris is a colony of Zorg: only Zorg may beam down there\n"
        "\n"
        "> F ORB - Lon\n"
        "  *** Refused: F ORB - Lon: there is no fleet in orbit: a spacecraft carries armies"
        " only (fleets cannot be beamed up); an order for a unit in orbit is written A ORB\n"
        "\n"
        "> A ORB - Pie\n"
        "  Accepted: A orb - pie\n"
    ) in replied(jammed), jammed.reply_text

    doc = position(judge, "S1902M")
    assert doc["powers"] == ["zorg", "vega", "altair"]
    assert doc["colonies"] == {"zorg": ["par"], "vega": ["hol"], "altair": ["ven"]}
    assert units_of(doc) == sorted(
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

    play(master, players, TURNS_1902, reports)
    doc = position(judge, "W1902A")
    assert units_of(doc) == sorted(
        [
            ("zorg", "pic"),
            ("zorg", "spa"),
            ("zorg", "bel"),
            ("vega", "hol"),
            ("vega", "ber"),
            ("vega", "mun"),
            ("altair", "pie"),
            ("altair", "tri"),
        ]
    )
    assert doc["colonies"] == {"zorg": ["par"], "vega": ["hol"], "altair": ["ven"]}

    # Winter 1902: a build needs a centre owned, colonized by the builder and empty.
    zorg, vega = PEOPLE[0], PEOPLE[1]
    brest = players["zorg"].send(
        f"SIGNON Z{GAME} {zorg.password}\nPHASE W1902A\nBuild A Bre\nBuild A Par\n", "builds"
    )
    assert (
        "> Build A Bre\n"
        "  *** Refused: Build A Bre: Brest is not your colony: you build only in colonized"
        " centres\n"
    ) in replied(brest), brest.reply_text
    assert "> Build A Par\n  Accepted: Build A par\n" in replied(brest), brest.reply_text
    # Zorg is one centre up (Spain), so the one build is all it owes.
    assert "  Build A par\nEvery adjustment is ordered.\n" in replied(brest), brest.reply_text
    holland = players["vega"].send(
        f"SIGNON V{GAME} {vega.password}\nPHASE W1902A\nBuild A Hol\n", "builds"
    )
    assert "> Build A Hol\n  *** Refused: Build A Hol: Holland is occupied" in replied(holland), (
        holland.reply_text
    )
    play(master, players, {"W1902A": {"altair": "Build A Ven"}}, reports)

    for phase in GOLDEN_REPORTS:
        report = next(m for m in reports[phase] if m.recipients == (altair.address,))
        assert report.subject == f"{JUDGE_CODE}:{GAME} - {phase} Results"
        golden = GOLDEN / f"outerspace-{phase.lower()}-altair.txt"
        assert masked(report.text()) == golden.read_text(encoding="utf-8")

    doc = position(judge, "S1903M")
    assert units_of(doc) == sorted(
        [
            ("zorg", "par"),
            ("zorg", "pic"),
            ("zorg", "spa"),
            ("zorg", "bel"),
            ("vega", "hol"),
            ("vega", "ber"),
            ("vega", "mun"),
            ("altair", "ven"),
            ("altair", "pie"),
            ("altair", "tri"),
        ]
    )
