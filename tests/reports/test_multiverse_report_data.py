"""Issue 27, item 1: a multiverse game's report and picture read its judged orders as
data (the order and the letters of its units, as a standard game's answer carries
them), not by reading their canonical text back.  Where both are at hand they must
say the same: on random worlds (forks, re-judged past boards, retreats, winters), the
report and the picture made from the data are those made from the text alone."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from judge.maps import Naming
from judge.maps.pictures import turn_picture
from judge.orders.data import place_of_data
from judge.reports import multiverse_report_input, render_multiverse_report
from judge.reports.settings import ReportSettings
from judge.rules.multiverse.adjudicate import adjudicate
from judge.rules.multiverse.json_io import history_shown, read_world, write_world
from judge.rules.multiverse.mail_orders import board_tables
from judge.rules.multiverse.order_text import format_order, world_types
from judge.rules.multiverse.random_orders import random_orders
from judge.rules.multiverse.setup import starting_world
from judge.rules.registry import ruleset_for
from judge.store.models import MULTIVERSE_RULES
from judge.variant.data import load_variant
from tests.multiverse.helpers import BASE

RULES = ruleset_for("standard", MULTIVERSE_RULES)
DATA_KEYS = ("data", "unit_types")


def _step(seed: int) -> Any:
    """A game's step after some random turns: the world stored with its history as
    data, the next random orders given as text."""
    return RULES.step(_document(seed))


def _document(seed: int) -> dict[str, Any]:
    """The document of :func:`_step`."""
    rng = random.Random(seed)
    world = starting_world(BASE, seed=seed)
    for _ in range(rng.randrange(2, 10)):
        world, _report = adjudicate(world, BASE, random_orders(world, BASE, rng, 0.4))
    types = world_types(world)
    orders: dict[str, list[str]] = {}
    for power, order in random_orders(world, BASE, rng, 0.4):
        orders.setdefault(power, []).append(format_order(order, types))
    doc = {"variant": "standard", "rules": {"adjacency": "loose", "seed": seed}}
    return {**doc, **write_world(BASE, world, as_data=True), "orders": orders}


def _text_only(doc: Any) -> Any:
    """A document's judged orders and history without their data: the text alone."""
    doc = copy.deepcopy(dict(doc))
    for name in ("orders", "history"):
        if isinstance(doc.get(name), list):
            doc[name] = [{k: v for k, v in e.items() if k not in DATA_KEYS} for e in doc[name]]
    return doc


def _report(before: Any, answer: Any, variant: Any) -> tuple[str, str, str]:
    world = multiverse_report_input(
        before,
        answer,
        board_tables(before, RULES.base),
        locations=RULES,
        words=RULES.order_words(),
    )
    return render_multiverse_report(world, variant, ReportSettings(game="data"))


@pytest.mark.parametrize("seed", range(12))
def test_the_report_from_data_is_the_report_from_text(seed: int) -> None:
    variant = load_variant("standard")
    step = _step(seed)
    judged = [o for o in step.answer["orders"] if o.get("order")]
    assert judged and all(isinstance(o.get("data"), dict) for o in judged)
    from_data = _report(step.before, step.answer, variant)
    from_text = _report(_text_only(step.before), _text_only(step.answer), variant)
    assert from_data == from_text


@pytest.mark.parametrize("seed", range(4))
def test_the_picture_from_data_is_the_picture_from_text(seed: int) -> None:
    variant = load_variant("standard")
    step = _step(seed)

    def picture(before: Any, answer: Any) -> bytes:
        drawn = turn_picture(
            variant,
            before,
            answer,
            "data",
            RULES.processed_phase(step),
            picture=RULES.picture,
            read_location=RULES.read_location,
            naming=Naming.of(RULES),
            words=RULES.order_words(),
        )
        assert drawn is not None
        return drawn.png

    assert picture(step.before, step.answer) == picture(
        _text_only(step.before), _text_only(step.answer)
    )


def test_the_report_reads_no_order_text_when_the_orders_are_data(monkeypatch) -> None:
    """With its judged orders as data, the report of a step reads no location of an
    order's text, but to show an invalid order's text as its board sees it."""
    variant = load_variant("standard")
    step = _step(5)
    read: list[str] = []
    rules = type(RULES)
    real_read, real_find = rules.read_location, rules.locations_in

    def counted_read(self: Any, text: str) -> Any:
        read.append(text)
        return real_read(self, text)

    def counted_find(self: Any, text: str) -> Any:
        read.append(text)
        return real_find(self, text)

    monkeypatch.setattr(rules, "read_location", counted_read)
    monkeypatch.setattr(rules, "locations_in", counted_find)
    invalid = {o["order"] for o in step.answer["orders"] if o["result"] == "invalid"}
    invalid |= {h["order"] for h in step.before.get("history", []) if h["result"] == "invalid"}
    _report(step.before, step.answer, variant)
    assert set(read) <= invalid
    read.clear()
    _report(_text_only(step.before), _text_only(step.answer), variant)
    assert set(read) - invalid, "the text alone is read for its locations"


def test_the_report_lists_the_same_past_from_the_boards_whose_results_changed() -> None:
    """A step hands its report the past orders of the boards where a re-judged
    result changed (and the earlier result of every re-judged order), not of every
    re-judged board: the report is the one the past of every re-judged board gives."""
    variant = load_variant("standard")
    fewer = 0
    for seed in range(12):
        doc = _document(seed)
        step = RULES.step(doc)
        rejudged = {
            place_of_data(o["data"]["unit"]).board
            for o in step.answer["orders"]
            if o["judged"] == "rejudged"
        }
        every = history_shown(read_world(BASE, doc), rejudged)
        shown = step.before.get("history", [])
        fewer += len(shown) < len(every)
        whole = {**step.before, "history": every}
        assert _report(step.before, step.answer, variant) == _report(whole, step.answer, variant)
    assert fewer, "no step left a re-judged board out"
