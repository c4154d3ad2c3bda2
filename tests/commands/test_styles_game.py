"""Whole games by mail, every order in a style a player may write it: each phase every
power mails random legal orders (holds, moves, supports of holds and moves, retreats
and disbands, builds, removals, waives), each line written with codes or full names in
any case, coasts in several spellings, a unit word or none, one of many move signs,
and list marks or punctuation around it; every line must be answered "Accepted" with
the order it means, and the phase is then processed.  The probes that found the
dash between names of several words (``Irish Sea-English Channel``), Root Z's
``Moscow 2-Sevastopol 2`` and njudge's ``R Par`` removal, kept as a test."""

from __future__ import annotations

import random
import re
from datetime import timedelta
from typing import Any

import pytest
from sqlmodel import Session

from judge.game.games import Seat, create_game, find_game
from judge.game.processing import process_phase
from judge.mail.outgoing import Author
from judge.variant.data import Variant, load_variant
from tests.commands.helpers import (
    NOW,
    body_of,
    deliver,
    judge_config,
    last_outbox_id,
    make_mail,
    migrated_engine,
    outbox,
)

pytestmark = pytest.mark.timeout(600)

MOVE = ["-", " - ", "->", " -> ", " to ", " moves to ", "\u2013", " => ", " m "]
HOLD = [" H", " h", " hold", " holds", " stands"]
SUPPORT = [" S ", " s ", " supports ", " support "]
MARKS = ["", "", "", "1. ", "- ", "* "]
ENDS = ["", "", "", ".", " ;", "  "]
UNIT_WORDS = {"A": ["A", "a", "Army", "army", ""], "F": ["F", "f", "Fleet", "fleet", ""]}


class Writer:
    """Random ways to write places and units on a variant's map."""

    def __init__(self, variant: Variant, rng: random.Random) -> None:
        self.variant, self.rng = variant, rng

    def place(self, loc: str) -> str:
        province, _, coast = loc.partition("/")
        name = self.variant.location_name(province)
        forms = [province, province.upper(), province.title(), name, name.lower(), name.upper()]
        written = self.rng.choice(forms)
        if coast:
            written += self.rng.choice(
                [f"/{coast}", f" ({coast})", f"({coast})", f"/{coast.upper()}"]
            )
        return written

    def unit(self, unit_type: str, loc: str) -> str:
        word = self.rng.choice(UNIT_WORDS[unit_type])
        return f"{word} {self.place(loc)}" if word else self.place(loc)


def _neighbours(variant: Variant, unit_type: str, loc: str) -> list[str]:
    found = variant.army_neighbours(loc) if unit_type == "A" else variant.fleet_neighbours(loc)
    return sorted(found)


def movement_orders(
    variant: Variant, doc: dict[str, Any], power: str, rng: random.Random
) -> list[tuple[str, str]]:
    """(line, the order it means as the judge writes it) for each unit of the power."""
    write = Writer(variant, rng)
    units = doc["units"]
    lines = []
    for unit in (u for u in units if u["power"] == power):
        kind, loc = unit["type"], unit["province"]
        near = _neighbours(variant, kind, loc)
        reach = {n.split("/")[0] for n in near}
        roll = rng.random()
        supported = [
            (other, dest.split("/")[0])
            for other in units
            if other["province"] != loc
            for dest in _neighbours(variant, other["type"], other["province"])
            if dest.split("/")[0] in reach and dest.split("/")[0] != loc.split("/")[0]
        ]
        if roll < 0.55 and near:
            dest = rng.choice(near)
            line = write.unit(kind, loc) + rng.choice(MOVE) + write.place(dest)
            meant = f"{kind} {loc} - {dest}"
        elif roll < 0.8 and supported:
            other, dest = rng.choice(supported)
            line = (
                write.unit(kind, loc)
                + rng.choice(SUPPORT)
                + write.unit(other["type"], other["province"])
                + rng.choice(MOVE)
                + write.place(dest)
            )
            meant = f"{kind} {loc} S {other['type']} {other['province']} - {dest}"
        else:
            line, meant = write.unit(kind, loc) + rng.choice(HOLD), f"{kind} {loc} H"
        lines.append((line, meant))
    return lines


def retreat_orders(
    variant: Variant, doc: dict[str, Any], power: str, rng: random.Random
) -> list[tuple[str, str]]:
    write = Writer(variant, rng)
    lines = []
    for unit in (d for d in doc.get("dislodged") or [] if d["power"] == power):
        kind, loc = unit["type"], unit["province"]
        options = unit.get("retreat_options") or []
        if options and rng.random() < 0.8:
            dest = rng.choice(options)
            sign = rng.choice([" - ", "-", " R ", " retreats to ", " -> "])
            lines.append(
                (write.unit(kind, loc) + sign + write.place(dest), f"{kind} {loc} R {dest}")
            )
        else:
            form = rng.choice(["{u} D", "{u} disband", "Disband {u}", "{u} disbands"])
            lines.append((form.format(u=write.unit(kind, loc)), f"{kind} {loc} D"))
    return lines


def adjustment_orders(
    variant: Variant, doc: dict[str, Any], power: str, rng: random.Random
) -> list[tuple[str, str]]:
    write = Writer(variant, rng)
    mine = [u for u in doc["units"] if u["power"] == power]
    centres = doc["supply_centers"].get(power, [])
    change = len(centres) - len(mine)
    lines = []
    if change > 0:
        taken = {u["province"].split("/")[0] for u in doc["units"]}
        free = [h for h in variant.powers[power].home_centers if h in centres and h not in taken]
        rng.shuffle(free)
        for home in free[:change]:
            if rng.random() < 0.2:
                lines.append((rng.choice(["Waive", "waive", "WAIVE"]), "Waive"))
                continue
            fleet = variant.is_coastal(home) and rng.random() < 0.5
            coasts = [f"{home}/{c}" for c in variant.coasts_of(home)] if fleet else []
            loc = rng.choice(coasts) if coasts else home
            kind = "F" if fleet else "A"
            word = {"A": "army", "F": "fleet"}[kind]
            form = rng.choice(["Build {t} {l}", "build {w} {l}", "B {t} {l}", "{t} {l} B"])
            lines.append((form.format(t=kind, w=word, l=write.place(loc)), f"Build {kind} {loc}"))
    elif change < 0:
        rng.shuffle(mine)
        for unit in mine[:-change]:
            kind, loc = unit["type"], unit["province"]
            form = rng.choice(["Remove {u}", "remove {u}", "Disband {u}", "{u} D", "R {u}"])
            lines.append((form.format(u=write.unit(kind, loc)), f"Remove {kind} {loc}"))
    return lines


ORDERS = {"M": movement_orders, "R": retreat_orders, "A": adjustment_orders}


def _reading(reply: str, line: str) -> str:
    """What the reply says of one line of the mail ("Accepted: ...", a refusal)."""
    found = re.search(r"^> " + re.escape(line.strip()) + r"\n  (.*)$", reply, re.MULTILINE)
    return found.group(1) if found else "not in the reply"


def _same(accepted: str, meant: str) -> bool:
    return " ".join(accepted.lower().split()) == " ".join(meant.lower().split())


@pytest.mark.parametrize(("variant_name", "seed"), [("standard", 1), ("standard", 4), ("rootz", 2)])
def test_a_game_written_in_every_style_is_read_line_by_line(tmp_path, variant_name, seed) -> None:
    variant = load_variant(variant_name)
    rng = random.Random(seed)
    engine = migrated_engine(tmp_path)
    passwords = {power: f"pw{power}99" for power in variant.powers}
    with Session(engine) as session:
        seats = [Seat(p, f"{p}@players.test", passwords[p], p.title()) for p in variant.powers]
        deadline = NOW + timedelta(hours=48)
        create_game(session, "game1", seats, deadline=deadline, variant=variant_name)
        session.commit()
    config = judge_config(replies_per_hour=10**6)
    wrong, read = [], 0
    for _ in range(12):
        with Session(engine) as session:
            game = find_game(session, "game1")
            assert game is not None and game.status == "active"
            doc, phase = game.position_doc(), game.phase
        for power in variant.powers:
            lines = ORDERS[phase[-1]](variant, doc, power, rng)
            if not lines:
                continue
            mail = [rng.choice(MARKS) + line + rng.choice(ENDS) for line, _ in lines]
            body = f"SIGNON {power}@game1 {passwords[power]}\n" + "\n".join(mail) + "\n"
            before = last_outbox_id(engine)
            deliver(engine, make_mail(f"{power}@players.test", body), config=config)
            reply = "\n".join(body_of(m).replace("\r\n", "\n") for m in outbox(engine, before))
            for written, (_, meant) in zip(mail, lines, strict=True):
                got = _reading(reply, written)
                read += 1
                if not (got.startswith("Accepted: ") and _same(got[10:], meant)):
                    wrong.append((phase, power, written, meant, got))
        with Session(engine) as session:
            game = find_game(session, "game1")
            assert game is not None
            process_phase(session, Author("Judge", "judge@judge.test", "JUDGE"), game, NOW)
            session.commit()
    assert not wrong, wrong[:10]
    assert read > 150
