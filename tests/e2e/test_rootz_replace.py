"""Issue 26: a 7-player Root Z game by mail in which the game master REPLACEs the
second power of a player's pair after Spring 1901; both people then sign on with
the SIGNON line their mails taught, order, read the split pair as two players in
the results, and build in Winter 1901."""

from __future__ import annotations

import pytest

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent
from judge.demo.rig import DemoJudge
from judge.demo.scenario import Cast, expect, process, register
from judge.game.games import find_game
from judge.variant.data import load_variant

from .conftest import MASTER
from .test_rootz_game import LISTS, PEOPLE, held_powers

pytestmark = pytest.mark.timeout(300)

GAME = "spiral"
NEWBIE = Cast("newbie", "New Player", "UTC")
NEW_PASSWORD = "fresh42pw"
# Each power takes a neutral centre by Fall on its own board (digit added per board)
# and builds on the home centre it left.
SPRING = {
    "austria": "A Bud - Ser",
    "england": "F Lon - Nth",
    "france": "A Mar - Spa",
    "germany": "F Kie - Den",
    "italy": "F Nap - Ion",
    "russia": "F Sev - Rum",
    "turkey": "A Con - Bul",
}
FALL = {"england": "F Nth - Nwy", "italy": "F Ion - Tun"}
BUILD = {
    "austria": "Build A Bud",
    "england": "Build F Lon",
    "france": "Build A Mar",
    "germany": "Build F Kie",
    "italy": "Build F Nap",
    "russia": "Build F Sev",
    "turkey": "Build A Con",
}


def on_board(table: dict[str, str], power: str) -> str:
    """The order of ``table`` for a Root Z power, its provinces on the power's board."""
    base, digit = power[:-1], power[-1]
    words = table.get(base, "").split()
    return " ".join(w + digit if len(w) == 3 and w[0].isupper() else w for w in words)


def lines_for(table: dict[str, str], powers: list[str]) -> str:
    return "\n".join(o for o in (on_board(table, p) for p in powers) if o)


def test_a_rootz_replace_then_both_players_sign_on_and_build(
    judge: DemoJudge, master_key: DemoSigner
) -> None:
    judge.add_game_master(MASTER, master_key.public_key())
    master = Correspondent(judge, MASTER, "Demo Master", master_key)
    master.send(f"CREATE {GAME} VARIANT rootz PRESS none\nSET TIMING ZONE UTC\n")
    players = {cast.address: register(judge, cast) for cast in PEOPLE}
    for cast in PEOPLE:
        expect(players[cast.address].send(f"JOIN {GAME} {cast.password} {LISTS}\n", "joining"))
    held = held_powers(judge)
    password = {cast.address: cast.password for cast in PEOPLE}
    keeper = next(address for address, powers in held.items() if "england1" in powers)
    [given] = [p for p in held[keeper] if p != "england1"]
    variant = load_variant("rootz")
    given_name = variant.powers[given].name

    for address, powers in held.items():
        sent = f"SIGNON {GAME} {password[address]}\nPHASE S1901M\n{lines_for(SPRING, powers)}\n"
        expect(players[address].send(sent, "orders"), "Signed on as")
    process(master, "S1901M", GAME)

    replaced = master.send(f"GAME {GAME}\nREPLACE {given} {NEWBIE.address} {NEW_PASSWORD}\n")
    expect(replaced, f"{NEWBIE.address} now plays {given_name}")
    mails = {m.recipients[0]: m.text() for m in replaced.others if "play" in (m.subject or "")}
    assert f"  SIGNON {GAME} <password>" in mails[NEWBIE.address]
    assert f"You still play England 1 in game {GAME}" in mails[keeper]
    assert f"  SIGNON {GAME} <password>" in mails[keeper]

    newbie = Correspondent(judge, NEWBIE.address, NEWBIE.name)
    held[keeper] = ["england1"]
    held[NEWBIE.address] = [given]
    password[NEWBIE.address] = NEW_PASSWORD
    players[NEWBIE.address] = newbie
    for address, powers in held.items():
        sent = f"SIGNON {GAME} {password[address]}\nPHASE F1901M\n{lines_for(FALL, powers)}\n"
        who = " and ".join(variant.powers[p].name for p in powers)
        expect(players[address].send(sent, "orders"), f"Signed on as {who} in game {GAME}")
    kind, *_, place = on_board(SPRING, given).split()  # the given power's unit now
    refused = players[keeper].send(f"SIGNON {GAME} {password[keeper]}\n{kind} {place} H\n")
    assert "Signed on as England 1 in game" in refused.reply_text
    assert f"*** Refused: {kind} {place} H" in refused.reply_text
    fall = process(master, "F1901M", GAME).others
    [report] = [m for m in fall if m.recipients == (NEWBIE.address,)]
    text = report.text().replace("\r\n", "\n")
    assert "Players (centres summed over the powers each holds):" in text
    assert f"\n  {given_name} " in text and "England 1 + " not in text

    for address, powers in held.items():
        sent = f"SIGNON {GAME} {password[address]}\nPHASE W1901A\n{lines_for(BUILD, powers)}\n"
        expect(players[address].send(sent, "builds"), "Signed on as")
    winter = process(master, "W1901A", GAME).others
    [report] = [m for m in winter if m.recipients == (NEWBIE.address,)]
    text = " ".join(report.text().split())
    assert f"{given_name}: Builds" in text and "England 1: Builds a fleet in London 1." in text
    with judge.session() as session:
        game = find_game(session, GAME)
        assert game is not None and game.phase == "S1902M"
        units = game.position_doc()["units"]
    for power in (given, "england1"):
        assert sum(u["power"] == power for u in units) == 4 + (power.startswith("russia"))
