"""The results of an Outer Space phase: the classic report, with the spacecraft
named ``Orbit`` (``Army Orbit -> Paris.``, ``Army Munich SUPPORT Army Orbit (Vega)
-> Berlin.``), colonize orders worded ``Army Kiel COLONIZE Holland.`` (the words the
ruleset gives: :meth:`judge.rules.base.Ruleset.order_words`), and after
the position three blocks: each empire's armies in orbit (``Zorg: 1 army in
orbit.``), its colonies, and the colonies jammed for the other empires' beam-downs.

The position document (docs/variants.md, "It Came From Outer Space") writes an
army in orbit as a unit in province ``orb``, a spacecraft named in an order as
``orb(<empire>)``, and colonies as ``"colonies": {"<empire>": ["par"]}``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from judge.reports.classic import render_model, report_model
from judge.reports.names import Names
from judge.reports.positions import standard_position
from judge.reports.sentences import STANDARD_WORDS, OrderWords
from judge.reports.settings import ReportSettings, VariantLike

ORBIT = "orb"
ORBIT_NAME = "Orbit"


def space_names(variant: VariantLike) -> Names:
    """The variant's names, with each spacecraft named."""
    off_map = {ORBIT: ORBIT_NAME}
    for code, power in variant.powers.items():
        off_map[f"{ORBIT}({code})"] = f"{ORBIT_NAME} ({power.name})"
    return Names(variant, off_map)


def _label(text: str, width: int) -> str:
    return f"{text + ':':<{width}}"


def orbit_rows(units: Sequence[Mapping[str, Any]], names: Names, powers: Sequence[str]) -> list:
    """``Zorg: 1 army in orbit.`` for every empire."""
    width = max((len(names.power(p)) for p in powers), default=0) + 2
    rows = []
    for power in powers:
        count = sum(1 for u in units if u.get("province") == ORBIT and u.get("power") == power)
        armies = "army" if count == 1 else "armies"
        rows.append(
            {"label": _label(names.power(power), width), "text": f"{count} {armies} in orbit."}
        )
    return rows


def colony_rows(colonies: Mapping[str, Sequence[str]], names: Names, powers: Sequence[str]) -> list:
    """``Zorg: Paris.`` for every empire (``none.`` without a colony)."""
    width = max((len(names.power(p)) for p in powers), default=0) + 2
    rows = []
    for power in powers:
        places = sorted(names.place(c) for c in colonies.get(power, []))
        text = ", ".join(places) + "." if places else "none."
        rows.append({"label": _label(names.power(power), width), "text": text})
    return rows


def jammed_rows(colonies: Mapping[str, Sequence[str]], names: Names, powers: Sequence[str]) -> list:
    """``Paris: jammed for Vega and Altair.``: each colony, for the empires that may
    not beam down there (all but its own)."""
    found = sorted(
        (names.place(place), power) for power in powers for place in colonies.get(power, [])
    )
    width = max((len(place) for place, _ in found), default=0) + 2
    rows = []
    for place, owner in found:
        others = [names.power(p) for p in powers if p != owner]
        if not others:
            continue
        listed = ", ".join(others[:-1]) + " and " + others[-1] if len(others) > 1 else others[0]
        rows.append({"label": _label(place, width), "text": f"jammed for {listed}."})
    return rows


def space_blocks(
    after: Mapping[str, Any], names: Names, playing: Collection[str] | None = None
) -> list[dict[str, Any]]:
    """The blocks the position of an Outer Space report adds (from the position
    after the phase: its units and its colonies), for the empires ``playing`` (those
    not eliminated; None: every empire)."""
    powers = [
        p
        for p in after.get("powers", [])
        if isinstance(p, str) and (playing is None or p in playing)
    ]
    colonies = after.get("colonies") or {}
    blocks = [
        {"heading": "Armies in orbit:", "rows": orbit_rows(after.get("units", []), names, powers)},
        {"heading": "Colonies:", "rows": colony_rows(colonies, names, powers)},
    ]
    jammed = jammed_rows(colonies, names, powers)
    if jammed:
        blocks.append(
            {"heading": "Jammed (only the colony's empire may beam down):", "rows": jammed}
        )
    return blocks


def render_space_report(
    result: Mapping[str, Any],
    after: Mapping[str, Any],
    variant: VariantLike,
    settings: ReportSettings,
    before: Mapping[str, Any] | None = None,
    *,
    preview: bool = False,
    owed_builds: Mapping[str, int] | None = None,
    words: OrderWords = STANDARD_WORDS,
    playing: Collection[str] | None = None,
) -> tuple[str, str, str]:
    """Render one Outer Space phase's results: ``(subject, text, html)``.

    ``result`` is the adjudicator's answer, ``after`` the position stored after the
    phase (its empires, units and colonies), ``before`` the position adjudicated;
    ``words`` how the ruleset words its orders (``COLONIZE``); ``playing`` the
    empires still in the game (an eliminated one has no orbit or colony line)."""
    names = space_names(variant)
    model = report_model(
        result, variant, settings, before, names=names, owed_builds=owed_builds, words=words
    )
    on_map = [u for u in result.get("units", []) if u.get("province") != ORBIT]
    position = standard_position({**result, "units": on_map}, names)
    position["extra"] = space_blocks(after, names, playing)
    model["positions"] = [position]
    return render_model(model, settings, preview=preview)
