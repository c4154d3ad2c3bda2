"""A multiverse game played by mail through a fork: every results mail ends with the
position of every active board (and every board changed that turn), LIST shows every
active board, and both agree with the world stored in the database.

Real SMTP in and out, GnuPG-signed master mail and SQLite, through the demo's rig.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from judge.demo.mailer import Correspondent
from judge.demo.rig import DemoJudge
from judge.demo.scenario import (
    CAST,
    CREATE,
    GAME,
    MASTER_ADDRESS,
    TURNS,
    expect,
    join,
    orders,
    process,
    register,
)
from judge.game.games import find_game
from judge.game.processing import orders_missing
from judge.rules.multiverse.ruleset import world_heads as active_boards

pytestmark = pytest.mark.timeout(240)


def _world(judge: DemoJudge) -> dict[str, Any]:
    with judge.session() as session:
        game = find_game(session, GAME)
        assert game is not None
        return game.position_doc()


def _missing(judge: DemoJudge) -> dict[str, list[str]]:
    with judge.session() as session:
        game = find_game(session, GAME)
        assert game is not None
        return orders_missing(session, game)


def _code(board: dict[str, Any]) -> tuple[str, str]:
    return str(board["timeline"]), str(board["phase"]).upper()[:5]


def _units_of(block: str) -> set[str]:
    """The units a position block lists (``A 2:mun:F1901``)."""
    return set(re.findall(r"\b[AF] \d+:[a-z]{3}(?:/[nsew]c)?:[SFW]\d{4}\b", block))


def _board_blocks(report: str) -> dict[str, str]:
    """Each ``Board t:turn (...)`` position block of a report, by its code."""
    parts = re.split(r"^ *Board (\d+:[SFW]\d{4}) \(", report, flags=re.MULTILINE)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def _check_against_world(text: str, world: dict[str, Any], *, list_form: bool) -> None:
    blocks = _board_blocks(text)
    for board in active_boards(world):
        timeline, turn = _code(board)
        code = f"{timeline}:{turn}"
        assert code in blocks, f"board {code} missing from:\n{text}"
        expected = {f"{u['type']} {timeline}:{u['province']}:{turn}" for u in board["units"]}
        listed = _units_of(blocks[code])
        dislodged = {
            f"{d['type']} {timeline}:{d['province']}:{turn}" for d in board.get("dislodged", [])
        }
        assert expected <= listed, (code, expected - listed)
        assert listed - expected <= dislodged, (code, listed - expected)
        if not list_form:
            for power, centres in (board.get("supply_centers") or {}).items():
                name = power.capitalize()
                assert re.search(rf"^{name}: +{len(centres)}  ", blocks[code], re.MULTILINE), (
                    code,
                    power,
                )


def test_a_fork_by_mail_shows_every_board_in_reports_and_list(judge: DemoJudge, master_key) -> None:
    judge.add_game_master(MASTER_ADDRESS, master_key.public_key())
    master = Correspondent(judge, MASTER_ADDRESS, "Demo Master", master_key)
    expect(master.send(CREATE, "a new game"), f"Game {GAME} created")
    players = {cast.power: register(judge, cast) for cast in CAST}
    for cast in CAST:
        started = join(players[cast.power], cast)

    # the start mail gives the exact SIGNON line; with the password it signs on
    germany = next(c for c in CAST if c.power == "germany")
    start = next(m for m in started.others if m.recipients == (germany.address,))
    found = re.search(r"^  (SIGNON \S+) <password>\r?$", start.text(), re.MULTILINE)
    assert found, start.text()
    signed = players["germany"].send(f"{found.group(1)} {germany.password}\n", "sign on")
    expect(signed, "Signed on as Germany in game demo")

    for phase, given in TURNS:
        for cast in CAST:
            orders(players[cast.power], cast, phase, given[cast.power])
        missing = _missing(judge)
        if phase != "W1901M":
            assert missing == {}  # every unit ordered: nobody is late
        else:  # the demo leaves some units of timeline 2 unordered, Germany's fleet among them
            assert missing["germany"] == ["F 2:den:F1901"]
        reports = process(master, phase).others
        world = _world(judge)
        mine = next(m for m in reports if m.recipients == (germany.address,))
        report = mine.text()
        _check_against_world(report, world, list_form=False)

        listed = players["germany"].send(f"LIST {GAME}\n", "list")
        answer = players["germany"].expect_reply(listed)
        assert "0 centres (-)" not in answer
        _check_against_world(answer, world, list_form=True)

    # after the fork: two timelines, both shown in the last report and in LIST
    heads = active_boards(_world(judge))
    assert len({b["timeline"] for b in heads}) == 2
    assert len(_board_blocks(report)) >= 2
