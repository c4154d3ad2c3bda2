"""A Colonial game by mail from CREATE (VARIANT colonial) through its first year and
the next Spring: seven players JOIN and START it; Spring 1870 sends a Russian army
by the Trans-Siberian Railroad past its own unit; Fall 1870 China takes Hong Kong,
which then counts for nobody in the Winter adjustments (Britain removes a unit, China
builds none); Spring 1871 a British fleet goes through the Suez Canal with the
permission of the Turkish army in Egypt.  The Spring reports are checked against
golden files.

No Spring 1870 order can use the canal: no unit can be in Egypt before Fall 1870, so
the canal move with permission is the first order of 1871."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent
from judge.demo.rig import JUDGE_CODE, DemoJudge
from judge.demo.scenario import Cast, expect, join, orders, process, register
from judge.demo.sink import DeliveredMail
from judge.game.games import find_game

from .conftest import MASTER
from .test_standard_game import masked

pytestmark = pytest.mark.timeout(240)

GOLDEN = Path(__file__).parent / "golden"
GAME = "asia"
PEOPLE = (
    Cast("britain", "Beatrice Lamb", "Asia/Kolkata"),
    Cast("china", "Chen Wei", "Asia/Shanghai"),
    Cast("france", "Fabien Roux", "Asia/Saigon"),
    Cast("holland", "Hendrik de Vries", "Asia/Jakarta"),
    Cast("japan", "Jun Sato", "Asia/Tokyo"),
    Cast("russia", "Raisa Orlova", "Asia/Vladivostok"),
    Cast("turkey", "Tarik Yilmaz", "Europe/Istanbul"),
)
# Orders by phase and power; powers not named hold (or have no adjustments).
TURNS: dict[str, dict[str, str]] = {
    "S1870M": {
        # By rail from Moscow past the Russian army in Omsk to Irkutsk.
        "russia": "A Mos - TSR - Irk",
        "britain": "F Ade - Reds\nF Hk - Scs",
        "turkey": "A Ang - Syr\nF Con - Meds",
    },
    "F1870M": {
        "china": "A Can - Hk",
        "turkey": "A Syr - Egy",
    },
    "W1870A": {
        "britain": "REMOVE F Scs",
        "turkey": "BUILD A Ang",
    },
    "S1871M": {
        # The canal, with the permission of the army in Egypt; the Med made free.
        "britain": "F Reds - Meds",
        "turkey": "A Egy S F Reds - Meds\nF Meds - Con",
    },
}
# (phase, power): the results reports checked against golden files (read by eye).
GOLDEN_REPORTS = (("S1870M", "russia"), ("F1870M", "china"), ("S1871M", "britain"))


def test_a_colonial_game_by_mail_through_the_first_year(
    judge: DemoJudge, master_key: DemoSigner
) -> None:
    judge.add_game_master(MASTER, master_key.public_key())
    master = Correspondent(judge, MASTER, "Demo Master", master_key)
    created = master.send(
        f"CREATE {GAME} VARIANT colonial PRESS none\nSET DEADLINE MOVE 48h\nSET TIMING ZONE UTC\n"
    )
    expect(created, f"Game {GAME} created", "7 players")

    players = {cast.power: register(judge, cast) for cast in PEOPLE}
    for cast in PEOPLE:
        joined = join(players[cast.power], cast, GAME)
    # the seventh JOIN fills the game and starts it: no START needed
    starting = {m.recipients[0] for m in joined.others}
    assert {c.address for c in PEOPLE} <= starting
    assert {m.subject for m in joined.others} == {f"{JUDGE_CODE}:{GAME} - S1870M Game Starting"}
    # issue 26: Russia's start mail teaches the railroad with its own army
    [russian] = [m.text() for m in joined.others if m.recipients[0] == "russia@players.demo"]
    assert "A Mos - TSR - Irk (rail move)" in " ".join(russian.split())

    reports: dict[str, list[DeliveredMail]] = {}
    for phase, given in TURNS.items():
        for cast in PEOPLE:
            if cast.power in given or phase.endswith("M"):
                orders(players[cast.power], cast, phase, given.get(cast.power, ""), GAME)
        if phase == "W1870A":
            # Hong Kong counts for nobody under China: no build for it (HK-1).
            refused = players["china"].send(
                f"SIGNON C{GAME} {PEOPLE[1].password}\nPHASE W1870A\nBUILD A Can\n", "build"
            )
            assert "*** Refused: BUILD A Can: you have as many units as supply centres" in (
                refused.reply_text
            )
        reports[phase] = process(master, phase, GAME).others
        assert sorted(m.recipients[0] for m in reports[phase]) == sorted(
            [c.address for c in PEOPLE] + [MASTER]
        )

    for phase, power in GOLDEN_REPORTS:
        cast = next(c for c in PEOPLE if c.power == power)
        report = next(m for m in reports[phase] if m.recipients == (cast.address,))
        assert report.subject == f"{JUDGE_CODE}:{GAME} - {phase} Results"
        golden = GOLDEN / f"colonial-{phase.lower()}-{power}.txt"
        assert masked(report.text()) == golden.read_text(encoding="utf-8")

    winter = next(m for m in reports["W1870A"] if m.recipients == (PEOPLE[1].address,)).text()
    assert "Britain: Removes the fleet in the South China Sea." in winter
    assert "Turkey:  Builds an army in Angora." in winter
    assert "China:" not in winter.split("Position after")[0]  # nothing owed, nothing unused
    with judge.session() as session:
        game = find_game(session, GAME)
        assert game is not None and game.phase == "F1871M"
        doc = game.position_doc()
    units = {(u["power"], u["type"], u["province"]) for u in doc["units"]}
    assert {("russia", "A", "irk"), ("britain", "F", "meds"), ("turkey", "F", "con")} <= units
    assert ("britain", "F", "scs") not in units
    assert "hk" in doc["supply_centers"]["china"]
