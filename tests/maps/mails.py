"""Start and results pictures and results mails of every kind of game, built as the
judge builds them (the ruleset's own report, :func:`judge.maps.turn_picture`,
:func:`judge.mail.outgoing.judge_mail`), for the picture-size and browser tests."""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

from judge.mail.outgoing import Author, judge_mail
from judge.maps import Naming, Picture, position_picture, turn_picture
from judge.maps.draw import Canvas
from judge.maps.pictures import position_scene, results_scene, world_scene
from judge.reports import ReportSettings
from judge.rules.base import GRID_PICTURE, Ruleset, Step, StoredOrder
from judge.rules.registry import MULTIVERSE, ruleset_for
from judge.variant.data import load_variant
from judge.variant.empires import Empire

EMPIRES = [
    Empire("zorg", "Zorg", "Zorgish", "Z"),
    Empire("vega", "Vega", "Vegan", "V"),
    Empire("tral", "Tral", "Tralian", "T"),
    Empire("mogo", "Mogo", "Mogoan", "M"),
]
FIVED = "5dplomacy"  # multiverse rules with the 5dplomacy setting
# (variant, rules, the first phase's orders of two powers)
GAMES: dict[str, tuple[str, str, dict[str, list[str]]]] = {
    "standard": ("standard", "standard", {"france": ["A Par - Bur", "F Bre - Mao"]}),
    "rootz": ("rootz", "standard", {"france1": ["A Par1 - Bur1", "A Mar1 - Pie2"]}),
    "colonial": ("colonial", "standard", {"russia": ["A Mos - Prm"], "britain": ["F Bom - Aras"]}),
    "outerspace": ("outerspace", "standard", {"zorg": ["A orb - par"]}),
    "multiverse": ("standard", "multiverse", {"france": ["A 1:par:S1901 - 1:bur:S1901"]}),
    "colonial-multiverse": ("colonial", "multiverse", {"russia": ["A Mos - Prm"]}),
    "5dplomacy": ("standard", FIVED, {"france": ["A Par - Bur"]}),
}


@dataclass(frozen=True)
class Played:
    """A game's start picture, its first results mail and that mail's picture."""

    start: Picture
    results: Picture
    mail: EmailMessage
    start_canvas: Canvas
    results_canvas: Canvas


def _ruleset(name: str) -> Ruleset:
    variant, rules, _ = GAMES[name]
    if rules == FIVED:
        return ruleset_for(variant, MULTIVERSE).played_as(FIVED)
    return ruleset_for(variant, rules)


def _start(name: str) -> dict[str, Any]:
    variant, rules, _ = GAMES[name]
    ruleset = _ruleset(name)
    doc = ruleset.starting_position(variant, adjacency=FIVED if rules == FIVED else "")
    if name == "outerspace":
        doc = ruleset.empire_position(doc, EMPIRES)  # type: ignore[attr-defined]
    return doc


def stepped(ruleset: Ruleset, doc: dict[str, Any], written: dict[str, list[str]]) -> Step:
    """The phase (or step) of ``doc`` adjudicated with the orders ``written``."""
    orders = {}
    for power, lines in written.items():
        checks = ruleset.check_orders(doc, power, lines)
        assert all(c.ok for c in checks), [c.message for c in checks]
        orders[power] = [StoredOrder(c.canonical, c.order) for c in checks]
    return ruleset.step_stored(doc, orders)


def play(name: str) -> Played:
    """The start picture and the first phase's results mail of game kind ``name``."""
    variant_name, _rules, written = GAMES[name]
    variant = load_variant(variant_name)
    ruleset = _ruleset(name)
    naming = Naming.of(ruleset)
    doc = _start(name)
    phase = str(doc.get("phase") or "S1901M")
    start = position_picture(
        doc, variant, "g", phase, "start", picture=ruleset.picture, naming=naming
    )
    step = stepped(ruleset, doc, written)
    code = ruleset.processed_phase(step)
    read = ruleset.read_location
    words = ruleset.order_words()
    results = turn_picture(
        variant,
        step.before,
        step.answer,
        "g",
        code,
        picture=ruleset.picture,
        read_location=read,
        naming=naming,
        words=words,
    )
    if ruleset.picture == GRID_PICTURE:
        drawn = world_scene(step.answer, variant, "g", code, read_location=read, naming=naming)
    else:
        drawn = results_scene(
            variant, step.before, step.answer, "g", picture=ruleset.picture, words=words
        )
    start_canvas = position_scene(
        doc, variant, "g", phase, "start", picture=ruleset.picture, naming=naming
    )
    assert drawn is not None and start_canvas is not None
    settings = ReportSettings(game="g", judge_code="TEST", number=1)
    subject, text, html = ruleset.render_results(step, variant, settings)
    author = Author("Judge", "judge@judge.test")
    assert start is not None and results is not None
    mail = judge_mail(author, "ada@players.test", subject, text, html=html, picture=results)
    return Played(start, results, mail, start_canvas, drawn[0])
