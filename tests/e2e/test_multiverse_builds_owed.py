"""Issue 26, item 1: after a fork, the builds owed on every winter board are
announced per board, a build ordered is made and a build not ordered is reported
"not used", exactly as on a standard board (reference multiverse rules).

The demo's first two turns fork timeline 2 from Spring 1901.  Timeline 1's
Winter 1901 then owes Germany two builds: it orders one.  Timeline 2's Winter 1901
follows a turn later and owes Germany three: it orders one again.  Real SMTP in
and out, GnuPG-signed master mail and SQLite, through the demo's rig.
"""

from __future__ import annotations

import pytest

from judge.demo.mailer import Correspondent
from judge.demo.rig import DemoJudge
from judge.demo.scenario import (
    CAST,
    CREATE,
    MASTER_ADDRESS,
    TURNS,
    expect,
    join,
    orders,
    process,
    register,
)

pytestmark = pytest.mark.timeout(300)

GERMANY = "germany@players.demo"
TIMELINE_2_FALL = "A 2:tyr:F1901 - 2:tri:F1901\nA 2:kie:F1901 - 2:hol:F1901\nF 2:den:F1901 H"


def _report(exchange) -> str:
    text = next(m for m in exchange.others if m.recipients == (GERMANY,)).text()
    return text.replace("\r\n", "\n")


def _section(report: str, title: str) -> str:
    """What a report says under ``title``, up to the list of active boards."""
    assert title in report, report
    return report.split(title)[1].split("Active boards:")[0]


def test_builds_owed_on_two_timelines_are_announced_made_and_reported(
    judge: DemoJudge, master_key
) -> None:
    judge.add_game_master(MASTER_ADDRESS, master_key.public_key())
    master = Correspondent(judge, MASTER_ADDRESS, "Demo Master", master_key)
    expect(master.send(CREATE, "a new game"), "Game demo created")
    players = {cast.power: register(judge, cast) for cast in CAST}
    casts = {cast.power: cast for cast in CAST}
    for cast in CAST:
        join(players[cast.power], cast)
    for phase, given in TURNS[:2]:
        for cast in CAST:
            orders(players[cast.power], cast, phase, given[cast.power])
        fall = _report(process(master, phase))

    # The fall's results announce the winter board of timeline 1, per power.
    table = _section(fall, "Adjustments to order on Timeline 1, Winter of 1901:")
    assert "Germany:   5 Supply centers,  3 Units:  Builds   2 units." in table

    germany = players["germany"]
    reply = orders(germany, casts["germany"], "W1901M", TIMELINE_2_FALL).reply_text
    assert "Adjustments not yet ordered: 2 builds on timeline 1, W1901" in reply
    reply = orders(germany, casts["germany"], "W1901M", "build A 1:ber:W1901").reply_text
    assert "Adjustments not yet ordered: 1 build on timeline 1, W1901" in reply
    winter = _report(process(master, "W1901M"))
    results = _section(winter, "Adjustment results for Timeline 1, Winter of 1901.")
    assert "Germany: Builds an army in Berlin.\nGermany: 1 build not used." in results
    # ... and announces timeline 2's winter, whose fall Germany just played
    table = _section(winter, "Adjustments to order on Timeline 2, Winter of 1901:")
    assert "Germany:   6 Supply centers,  3 Units:  Builds   3 units." in table

    reply = orders(germany, casts["germany"], "S1902M", "build F 2:kie:W1901").reply_text
    assert "Adjustments not yet ordered: 2 builds on timeline 2, W1901" in reply
    spring = _report(process(master, "S1902M"))
    results = _section(spring, "Adjustment results for Timeline 2, Winter of 1901.")
    assert "Germany: Builds a fleet in Kiel.\nGermany: 2 builds not used." in results
