"""Property tests: random games through the real adjudicator always render cleanly."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.reports import REPLACED, ReportSettings, render_report, report_model
from judge.rules.documents import adjudicate_document
from judge.variant.data import load_variant

VARIANT = load_variant("standard")
START = [{"power": p, "type": t, "province": loc} for p, t, loc in VARIANT.starting_units]


@st.composite
def movement_orders(draw) -> dict[str, list[str]]:
    """For each starting unit: hold, a move to a neighbour, or a support of a neighbour's move."""
    orders: dict[str, list[str]] = {}
    for unit in START:
        loc, kind = unit["province"], unit["type"]
        choice = draw(st.sampled_from(["hold", "move", "support", "none"]))
        neighbours = sorted(VARIANT.neighbours(kind, loc))
        line = f"{kind} {loc} H"
        if choice == "move" and neighbours:
            line = f"{kind} {loc} - {draw(st.sampled_from(neighbours))}"
        elif choice == "support":
            other = draw(st.sampled_from(START))
            line = f"{kind} {loc} S {other['type']} {other['province']}"
        elif choice == "none":
            continue
        orders.setdefault(unit["power"], []).append(line)
    return orders


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(movement_orders())
def test_random_openings_render(orders: dict[str, list[str]]) -> None:
    before = {"variant": "standard", "phase": "S1901M", "units": START}
    result = adjudicate_document({**before, "orders": orders})
    _, text, html = render_report(result, VARIANT, ReportSettings(game="prop"), before)
    ElementTree.fromstring(re.sub(r"^<!DOCTYPE html>\s*", "", html))
    model = report_model(result, VARIANT, ReportSettings(game="prop"), before)
    shown = sum(len(g.lines) for g in model["groups"])
    kept = [o for o in result["orders"] if o.get("reason") != REPLACED]
    # one line per kept order, plus one per unit whose only order was unusable or missing
    assert shown >= len(kept)
    assert shown <= len(kept) + len(START)
    # every unit of the opening is accounted for by exactly one non-invalid line
    unit_lines = [line for g in model["groups"] for line in g.lines if line.result != "invalid"]
    assert len(unit_lines) == len(START)
    for line in text.splitlines():
        if line.startswith(("Austria:", "England:", "France:", "Germany:")):
            assert line.endswith((".", "*)"))
