"""A 7-player Root Z game by mail from CREATE through JOIN with preference lists to
the first Fall: every player holds an allowed pair, orders for both powers, and
receives one report with the players' combined counts and rule 2.1's unit labels
(golden file); each start mail names the player's two powers."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import select

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent
from judge.demo.rig import JUDGE_CODE, DemoJudge
from judge.demo.scenario import Cast, expect, process, register
from judge.game.games import find_game
from judge.store.models import Account, Player
from judge.variant.data import load_variant
from judge.variant.rootz_pairs import allowed_pairs

from .conftest import MASTER
from .test_standard_game import masked

pytestmark = pytest.mark.timeout(180)

GOLDEN = Path(__file__).parent / "golden"
GAME = "spiral"
PEOPLE = [
    Cast(name, name.title(), "UTC")
    for name in ("anna", "bruno", "carla", "dmitri", "elif", "femke", "goran")
]
# Rule 3.0's sample lists (I1 and I2 in their zones); everyone asks the same.
LISTS = "E1,G1,F1,T2,A2,R1,I2; T1,A1,G2,F2,E2,I1,R2"
# Spring moves by power (the others hold): rule 4.3's cross-cut move and a bounce.
SPRING = {"france1": "A Mar1 - Pie2", "italy2": "A Ven2 - Pie2", "england1": "F Lon1 - Nth1"}


def held_powers(judge: DemoJudge) -> dict[str, list[str]]:
    """Each player's powers, by address, in the variant's order."""
    order = list(load_variant("rootz").powers)
    with judge.session() as session:
        rows = session.exec(select(Player, Account).where(Player.account_id == Account.id)).all()
        held: dict[str, list[str]] = {}
        for player, account in rows:
            held.setdefault(account.address, []).append(player.power)
    return {address: sorted(powers, key=order.index) for address, powers in held.items()}


def test_a_rootz_game_by_mail_to_the_first_fall(judge: DemoJudge, master_key: DemoSigner) -> None:
    judge.add_game_master(MASTER, master_key.public_key())
    master = Correspondent(judge, MASTER, "Demo Master", master_key)
    created = master.send(
        f"CREATE {GAME} VARIANT rootz PRESS none\nSET DEADLINE MOVE 48h\nSET TIMING ZONE UTC\n"
    )
    expect(created, f"Game {GAME} created", "7 players")

    players = {cast.power: register(judge, cast) for cast in PEOPLE}
    for cast in PEOPLE:
        joined = players[cast.power].send(f"JOIN {GAME} {cast.password} {LISTS}\n", "joining")
        expect(joined, f"You have joined game {GAME}")
    start_mails = {m.recipients[0]: m.text() for m in joined.others}
    assert {c.address for c in PEOPLE} <= set(start_mails)
    assert all("You play " in m.text() for m in joined.others if m.recipients[0] != MASTER)

    held = held_powers(judge)
    allowed = {frozenset(pair) for pair in allowed_pairs(load_variant("rootz"))}
    assert len(held) == 7 and all(frozenset(p) in allowed for p in held.values())
    variant = load_variant("rootz")
    for address, powers in held.items():
        first, second = sorted(powers, key=list(variant.powers).index)
        both = f"{variant.powers[first].name} and {variant.powers[second].name}"
        assert f"You have been selected as {both} in game '{GAME}'" in start_mails[address]
        assert f"  SIGNON {GAME} <password>\r\n" in start_mails[address]

    for cast in PEOPLE:  # one SIGNON and one mail for both powers
        lines = "\n".join(SPRING[p] for p in held[cast.address] if p in SPRING)
        sent = players[cast.power].send(
            f"SIGNON {GAME} {cast.password}\nPHASE S1901M\n{lines}\n", "orders"
        )
        first, second = sorted(held[cast.address], key=list(variant.powers).index)
        both = f"{variant.powers[first].name} and {variant.powers[second].name}"
        expect(sent, f"Signed on as {both}")
        for power in (first, second):
            assert f"Orders for {variant.powers[power].name} in game {GAME}" in sent.reply_text
    spring = process(master, "S1901M", GAME).others
    assert sorted(m.recipients[0] for m in spring) == sorted(
        [c.address for c in PEOPLE] + [MASTER]
    )  # one report to each player, though they hold two powers
    report = next(m for m in spring if m.recipients == (PEOPLE[0].address,))
    assert report.subject == f"{JUDGE_CODE}:{GAME} - S1901M Results"
    expected = (GOLDEN / "spiral-s1901m.txt").read_text(encoding="utf-8")
    assert masked(report.text()) == expected
    with judge.session() as session:
        game = find_game(session, GAME)
        assert game is not None and game.phase == "F1901M"
        assert len(game.position_doc()["players"]) == 7
