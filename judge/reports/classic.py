"""The classic results of one phase of a standard game (``report.txt.j2``,
``report.html.j2``): the model the templates render and the rendering."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from judge.reports.centres import centre_lines, centres_settled, winner_of
from judge.reports.names import Names
from judge.reports.orders import dislodged_sentences, order_groups
from judge.reports.phases import RESULT_TITLES, describe_phase, phase_kind, phase_season
from judge.reports.positions import UnitLabel, standard_position
from judge.reports.render import (
    TEMPLATES_DIR,
    deadline_fields,
    environments,
    header,
    report_subject,
)
from judge.reports.sentences import STANDARD_WORDS, OrderWords
from judge.reports.settings import ReportSettings, VariantLike


def _next(settings: ReportSettings, next_phase: str | None) -> dict[str, Any] | None:
    if not next_phase:
        return None
    deadline = settings.next_deadline
    return {
        "phase": next_phase,
        "description": describe_phase(next_phase),
        **deadline_fields(deadline, settings),
    }


def report_model(
    result: Mapping[str, Any],
    variant: VariantLike,
    settings: ReportSettings,
    before: Mapping[str, Any] | None = None,
    *,
    unit_label: UnitLabel = None,
    names: Names | None = None,
    owed_builds: Mapping[str, int] | None = None,
    words: OrderWords = STANDARD_WORDS,
) -> dict[str, Any]:
    """The plain model the report templates render (also handy for tests and previews).

    ``unit_label`` is the variant's own label of a unit, added after each unit of
    the position (a ruleset supplies it: Root Z's ``1FA(Par)``); none by default.
    ``names`` words places and powers (by default the variant's names);
    ``owed_builds`` the builds each power could make, as its ruleset counts them;
    ``words`` how its ruleset words its own orders (``Army Moscow -> Omsk by rail.``)."""
    names = names or Names(variant)
    phase = result["phase"]
    kind = phase_kind(phase)
    number = f".{settings.number:03d}" if settings.number is not None else ""
    title = f"{RESULT_TITLES[kind]} for {phase_season(phase)}.  ({settings.game.lower()}{number})"
    next_phase = result.get("next_phase")
    show_centres = centres_settled(phase, next_phase)
    centres, unowned, winner = centre_lines(result, names) if show_centres else ([], [], None)
    if winner is None:
        winner = winner_of(result, names)
    return {
        "header": header(settings, variant, phase),
        "title": title,
        "phase": phase,
        "kind": kind,
        "season": phase_season(phase),
        "game": settings.game.lower(),
        "groups": order_groups(result, before, names, kind, owed_builds=owed_builds, words=words),
        "dislodged": dislodged_sentences(result, names) if kind == "movement" else [],
        "show_centres": show_centres,
        "centres": centres,
        "unowned": unowned,
        "unowned_label": f"{'Unowned:':<{max((len(c.label) for c in centres), default=10)}}",
        "winner": names.power(winner) if winner else None,
        "next": None if winner else _next(settings, next_phase),
        "notices": list(settings.notices),
        "positions": [standard_position(result, names, unit_label)],
    }


def render_report(
    result: Mapping[str, Any],
    variant: VariantLike,
    settings: ReportSettings,
    before: Mapping[str, Any] | None = None,
    *,
    preview: bool = False,
    templates: Path = TEMPLATES_DIR,
    unit_label: UnitLabel = None,
    owed_builds: Mapping[str, int] | None = None,
    words: OrderWords = STANDARD_WORDS,
) -> tuple[str, str, str]:
    """Render one phase's results: ``(subject, text, html)``.

    ``result`` is the output document of ``judge adjudicate``; ``before`` the
    position it adjudicated (gives unordered units, unit types and the owners
    of supported units); ``unit_label``, ``owed_builds`` and ``words`` as for
    :func:`report_model`.  Render once
    per recipient when ``reader_zone`` differs.
    """
    model = report_model(
        result,
        variant,
        settings,
        before,
        unit_label=unit_label,
        owed_builds=owed_builds,
        words=words,
    )
    return render_model(model, settings, preview=preview, templates=templates)


def render_model(
    model: Mapping[str, Any],
    settings: ReportSettings,
    *,
    preview: bool = False,
    templates: Path = TEMPLATES_DIR,
) -> tuple[str, str, str]:
    """Render a model of :func:`report_model` (which a ruleset's report may have
    added to): ``(subject, text, html)``."""
    envs = environments(templates)
    text = envs.text.get_template("report.txt.j2").render(**model)
    subject = report_subject(settings, model["phase"], preview=preview)
    html = envs.html.get_template("report.html.j2").render(subject=subject, **model)
    return subject, text, html
