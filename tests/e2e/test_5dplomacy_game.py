"""A game of the 5dplomacy rule set played by mail through a fork.

CREATE ... RULES MULTIVERSE 5DPLOMACY; seven players JOIN; Spring 1901 bounces in
Tyrolia; in Fall 1901 Germany supports its spring move from the future, written in
5dplomacy's notation (``alfa:Mun:Fall01``).  The move now succeeds, so the spring
board forks: timeline bravo starts at Fall 1901 with the German army in Tyrolia,
and timeline alfa goes on to Spring 1902 (no winter board).  Germany takes Denmark
in alfa; after alfa's Fall 1902 its Spring 1903 waits for Germany's build, which is
written against that Spring board.  Reports write the locations as 5dplomacy does,
order lines included.  Real SMTP in and out, GnuPG-signed master mail and
SQLite, through the demo's rig.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from judge.demo.mailer import Correspondent
from judge.demo.rig import DemoJudge
from judge.demo.scenario import CAST, MASTER_ADDRESS, expect, join, orders, process, register
from judge.game.games import find_game

pytestmark = pytest.mark.timeout(240)

GAME = "fived"
CREATE = f"CREATE {GAME} RULES MULTIVERSE 5DPLOMACY PLAYERS 7\n"

TURNS = (
    ("S1901M", {"germany": "A Mun - Tyr", "austria": "A Vie - Tyr"}),
    (
        "F1901M",
        {
            "germany": "A alfa:Mun:Fall01 S A alfa:Mun:Spring01 - alfa:Tyr:Spring01",
            "austria": "A Vie H",
        },
    ),
    (
        "S1902M",
        {
            "germany": "A b:Tyr:F01 - b:Boh:F01\nF alfa:Kie:S02 - alfa:Den:S02",
            "austria": "A alfa:Vie:S02 H",
        },
    ),
    # Alfa's Fall 1902 gives Denmark to Germany; alfa's Spring 1903 then waits for
    # the build while bravo plays its Fall 1902 (the step is named W1902M).
    ("F1902M", {}),
    ("W1902M", {"germany": "build A alfa:Kie:Spring03"}),
)


def _world(judge: DemoJudge) -> dict[str, Any]:
    with judge.session() as session:
        game = find_game(session, GAME)
        assert game is not None
        return game.position_doc()


def _heads(world: dict[str, Any]) -> set[tuple[int, str]]:
    latest: dict[int, str] = {}
    for board in world["boards"]:
        code = board["phase"]
        line = board["timeline"]
        if line not in latest or (code[1:5], code[0] == "F") > (
            latest[line][1:5],
            latest[line][0] == "F",
        ):
            latest[line] = code
    return set(latest.items())


def test_a_5dplomacy_game_forks_by_mail(judge: DemoJudge, master_key) -> None:
    judge.add_game_master(MASTER_ADDRESS, master_key.public_key())
    master = Correspondent(judge, MASTER_ADDRESS, "Demo Master", master_key)
    expect(master.send(CREATE, "a new game"), f"Game {GAME} created", "5dplomacy rule set")
    players = {cast.power: register(judge, cast) for cast in CAST}
    for cast in CAST:
        join(players[cast.power], cast, GAME)
    assert _world(judge)["rules"]["ruleset"] == "5dplomacy"

    reports = {}
    for phase, given in TURNS:
        for cast in CAST:
            if cast.power in given:
                sent = orders(players[cast.power], cast, phase, given[cast.power], GAME)
                assert "*** " not in sent.reply_text, sent.reply_text
        done = process(master, phase, GAME).others
        germany = next(m for m in done if m.recipients == ("germany@players.demo",))
        reports[phase] = germany.text()
        world = _world(judge)
        if phase == "F1901M":
            # The fork: bravo (timeline 2) from alfa's Spring 1901, at Fall 1901; alfa
            # goes straight on to Spring 1902.
            assert _heads(world) == {(1, "S1902M"), (2, "F1901M")}
            spring = next(
                b for b in world["boards"] if (b["timeline"], b["phase"]) == (1, "S1901M")
            )
            assert spring["child_timelines"] == [2]
            assert not any(b["phase"].startswith("W") for b in world["boards"])
            fork = next(b for b in world["boards"] if b["timeline"] == 2)
            german = {u["province"] for u in fork["units"] if u["power"] == "germany"}
            assert german == {"ber", "kie", "tyr"}

    fall = reports["F1901M"]
    assert "New timeline bravo, forked from Timeline alfa, Spring of 1901." in fall
    # positions as 5dplomacy writes locations: timeline name, its code, the turn
    assert "Board bravo:Fall01 (Timeline bravo, Fall of 1901; active, new timeline):" in fall
    assert "A bravo:TYR:Fall01" in fall and "A alfa:MUN:Spring02" in fall
    assert not re.search(r"\b\d+:[a-z]{3}:[SF]\d{4}\b", fall)  # no numeric triple left
    assert "Army Munich SUPPORT Army alfa:MUN:Spring01 -> alfa:TYR:Spring01" in fall
    assert "(timeline" not in fall
    waiting = reports["F1902M"]
    assert "Timeline alfa, Spring of 1903 (adjustments)" in waiting
    assert "Board alfa:Spring03 (Timeline alfa, Spring of 1903; active, builds and" in waiting
    built = reports["W1902M"]
    assert "Adjustment results for Timeline alfa, Spring of 1903." in built
    assert "Germany: Builds an army in Kiel." in built
    last = _world(judge)
    assert not any(b["phase"].startswith("W") for b in last["boards"])
    assert _heads(last) == {(1, "S1903M"), (2, "S1903M")}  # bravo played its Fall 1902
    alfa = next(b for b in last["boards"] if (b["timeline"], b["phase"]) == (1, "S1903M"))
    assert {"power": "germany", "type": "A", "province": "kie"} in alfa["units"]
    assert "adjusting" not in alfa and alfa["built"] == ["kie"]
    bravo = next(b for b in last["boards"] if (b["timeline"], b["phase"]) == (2, "S1902M"))
    assert {"power": "germany", "type": "A", "province": "boh"} in bravo["units"]
