"""A game's stored orders read back, and their report sentences, whatever modules were
imported before (issue 27: "caches are owned by the object whose data they cache";
the order kinds and report words hang on the ruleset, not on tables filled at import).

Each check runs in a fresh interpreter that imports what a runner imports (the
stored order row, the registry of rulesets, the report sentences), never a
ruleset's module itself.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

# A Colonial rail move and an Outer Space beam-down as the game_order table stores them.
RAIL = '{"kind": "rail_move", "unit": "mos", "dest": "oms"}'
BEAM = '{"kind": "beam_down", "unit": "orb", "dest": "par"}'

_STORED_GAME = f"""
import json
from judge.game.games import PhaseOrder
from judge.orders.data import order_data
from judge.reports.sentences import Units, order_sentence, order_view
from judge.rules.registry import ruleset_for
from judge.variant.data import load_variant

out = []
for variant, power, stored in (("colonial", "russia", {RAIL!r}), ("outerspace", "zorg", {BEAM!r})):
    rules = ruleset_for(variant)  # as ruleset_for_game finds it for a stored game
    order = PhaseOrder(1, power, "", stored).order(rules.order_decoding())
    names = rules.report_names(load_variant(variant))
    entry = {{"power": power, "data": order_data(order), "unit_types": {{"unit": "A"}}}}
    view = order_view(entry, words=rules.order_words())
    out.append([type(order).__name__, order_sentence(power, view, "", names, Units(names))])
print(json.dumps(out))
"""

# The standard defaults, asked before and after a ruleset was loaded: the same.
_DEFAULTS = f"""
import json
from judge.orders.data import OrderDataError, loads
from judge.reports.sentences import view_of_data
from judge.rules.registry import ruleset_for

def asked():
    try:
        decoded = type(loads({RAIL!r})).__name__
    except OrderDataError:
        decoded = None
    return [decoded, view_of_data(json.loads({RAIL!r}), {{"unit": "A"}}) is not None]

before = asked()
ruleset_for("colonial")
print(json.dumps([before, asked()]))
"""


def _run(script: str) -> object:
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_stored_orders_of_each_ruleset_read_back_and_reported_in_a_fresh_interpreter() -> None:
    assert _run(_STORED_GAME) == [
        ["RailMove", "Army Moscow -> Omsk by rail."],
        ["BeamDown", "Army Orbit -> Paris from orbit."],
    ]


def test_the_standard_defaults_do_not_change_when_a_ruleset_is_loaded() -> None:
    """Without a ruleset, a Colonial kind is neither read nor worded, before the
    Colonial ruleset is loaded and after (it was, after, while kinds and report words
    were registered by importing the ruleset's module)."""
    before, after = _run(_DEFAULTS)
    assert before == after == [None, False]
