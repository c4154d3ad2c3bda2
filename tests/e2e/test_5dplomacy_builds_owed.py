"""Issue 26, item 1 in a 5dplomacy game: after a fork, the builds owed on every
board that waits for its adjustments are announced per board, a build ordered is
made and a build not ordered is reported "not used", as on a standard board.

The game of ``test_5dplomacy_game``: the Fall 1901 support from the future forks
bravo from alfa's Spring 1901.  Bravo's Fall 1901 (ordered with alfa's Spring
1902) gives Denmark to Germany, so
bravo's Spring 1902 waits for one German build, which Germany does not order; alfa's
Fall 1902 gives it Denmark there too, so alfa's Spring 1903 waits for one, which
it orders.  Real SMTP in and out, GnuPG-signed master mail and SQLite, through
the demo's rig.
"""

from __future__ import annotations

import pytest

from judge.demo.mailer import Correspondent
from judge.demo.rig import DemoJudge
from judge.demo.scenario import CAST, MASTER_ADDRESS, expect, join, orders, process, register

pytestmark = pytest.mark.timeout(300)

GAME = "fived"
CREATE = f"CREATE {GAME} RULES MULTIVERSE 5DPLOMACY PLAYERS 7\n"
GERMANY = "germany@players.demo"

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
            "germany": "A b:Tyr:F01 - b:Boh:F01\nF b:Kie:F01 - b:Den:F01\n"
            "F alfa:Kie:S02 - alfa:Den:S02",
            "austria": "A alfa:Vie:S02 H",
        },
    ),
)


def _mail(exchange):
    return next(m for m in exchange.others if m.recipients == (GERMANY,))


def _report(exchange) -> str:
    return _mail(exchange).text()


def _results(report: str, title: str) -> str:
    """The lines of one board's results in a report."""
    assert title in report, report
    return report.split(title)[1].split("Active boards:")[0]


def test_5dplomacy_builds_owed_on_two_timelines(judge: DemoJudge, master_key) -> None:
    judge.add_game_master(MASTER_ADDRESS, master_key.public_key())
    master = Correspondent(judge, MASTER_ADDRESS, "Demo Master", master_key)
    expect(master.send(CREATE, "a new game"), f"Game {GAME} created")
    players = {cast.power: register(judge, cast) for cast in CAST}
    casts = {cast.power: cast for cast in CAST}
    for cast in CAST:
        started = join(players[cast.power], cast, GAME)
    start = next(m for m in started.others if m.recipients == (GERMANY,)).text()
    assert "Variant: Standard (5dplomacy)" in start
    assert "this judge adds its own step" in " ".join(start.split())
    subjects = []
    for phase, given in TURNS:
        for power, lines in given.items():
            sent = orders(players[power], casts[power], phase, lines, GAME)
            subjects.append(sent.reply.subject)
            if phase == "S1901M" and power == "germany":
                # replies write the orders in 5dplomacy's notation, as the reports do
                assert "Accepted: A alfa:MUN:Spring01 - alfa:TYR:Spring01" in sent.reply_text
        report = _report(process(master, phase, GAME))

    # Bravo's Spring 1902 waits for the builds after its Fall 1901: announced per board.
    table = _results(report, "Adjustments to order on Timeline bravo, Spring of 1902:")
    assert "Germany:   4 Supply centers,  3 Units:  Builds   1 unit." in table

    germany = players["germany"]
    reply = orders(germany, casts["germany"], "F1902M", "", GAME).reply_text
    assert "Adjustments not yet ordered: 1 build on board bravo:Spring02" in reply
    fall = _report(process(master, "F1902M", GAME))
    assert "this judge adds its own step" in " ".join(fall.split())  # not 5dplomacy's
    bravo = _results(fall, "Adjustment results for Timeline bravo, Spring of 1902.")
    assert "Germany: 1 build not used." in bravo
    table = _results(fall, "Adjustments to order on Timeline alfa, Spring of 1903:")
    assert "Germany:   4 Supply centers,  3 Units:  Builds   1 unit." in table

    reply = orders(germany, casts["germany"], "W1902M", "", GAME).reply_text
    assert "Adjustments not yet ordered: 1 build on board alfa:Spring03" in reply
    assert "Orders for Germany in game fived, Spring03-builds:" in reply
    # the turn's 5dplomacy name is a PHASE too
    reply = orders(germany, casts["germany"], "Spring03-builds", "build A alfa:Kie:Spring03", GAME)
    assert "Orders that follow are for Spring03-builds." in reply.reply_text
    assert "Signed on as Germany in game fived (Spring03-builds, active)." in reply.reply_text
    assert ":: Deadline: Spring03-builds " in reply.reply_text
    assert "Adjustments not yet ordered" not in reply.reply_text
    subjects.append(reply.reply.subject)
    processed = process(master, "W1902M", GAME)
    built = _report(processed)
    # 5dplomacy has no winter: subjects name the turn as it does
    assert _mail(processed).subject == "DEMO:fived - Spring03-builds Results"
    assert "Re: DEMO:fived - Spring03-builds orders Spring03-builds" in subjects
    assert not [s for s in subjects if " - W19" in s], subjects
    listed = germany.expect_reply(germany.send(f"LIST {GAME}\n", "list"))
    assert f"Game {GAME}: standard (5dplomacy), active, phase Spring03\r\n" in listed
    assert "Board alfa:Spring03 (timeline alfa)" in listed
    alfa = _results(built, "Adjustment results for Timeline alfa, Spring of 1903.")
    assert "Germany: Builds an army in Kiel." in alfa
    assert "not used" not in alfa
