"""The demo: play the sample standard game of ``variants/standard/`` and print its reports."""

from __future__ import annotations

import json
from typing import Any

from judge.game.games import starting_position
from judge.reports import ReportSettings, render_report
from judge.rules.documents import adjudicate_document
from judge.variant.data import load_variant

SAMPLE = "sample_game.json"


def play_sample(variant_name: str = "standard") -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Adjudicate every phase of the sample game: (phase document, result) pairs."""
    variant = load_variant(variant_name)
    script = json.loads((variant.directory / SAMPLE).read_text(encoding="utf-8"))
    doc = starting_position(variant_name)
    played = []
    for phase in script["phases"]:
        if phase["phase"] != doc["phase"]:
            raise ValueError(f"sample game expects {phase['phase']}, position is at {doc['phase']}")
        doc["orders"] = phase["orders"]
        result = adjudicate_document(doc)
        played.append((doc, result))
        doc = {
            "variant": variant.name,
            "phase": result["next_phase"],
            "units": result["units"],
            "dislodged": result["dislodged"],
            "contested": result["contested"],
            "supply_centers": result["supply_centers"],
        }
    return played


def print_sample_reports() -> int:
    """Print the classic text report of each phase of the sample game."""
    variant = load_variant("standard")
    for number, (before, result) in enumerate(play_sample(), start=1):
        settings = ReportSettings(game="sample", number=number)
        subject, text, _html = render_report(result, variant, settings, before)
        print(f"Subject: {subject}\n")
        print(text)
        print("=" * 72)
    return 0
