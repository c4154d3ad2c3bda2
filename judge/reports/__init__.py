"""Turn reports: the results of a processed phase as a text part and an HTML part.

The text part follows the classic judges' results mail closely enough for the
mapping tools that read it: the ``::`` header lines, ``Movement results for
Spring of 1901.  (game.001)``, one line per order grouped by power
(``France:  Army Paris -> Burgundy.  (*bounce*)``), the dislodged units with
their retreats, centre ownership with build and removal counts, and the next
phase with its deadline.  Order lines are never wrapped (a parser reads them
line by line); prose lines are wrapped at 75 columns as the classic judges do.

Input is the output document of ``judge adjudicate`` for one phase (see
docs/reports.md), the position that was adjudicated (optional, for unordered
units, unit types and foreign adjectives) and a :class:`ReportSettings`.
Layout lives in the Jinja templates under ``templates/``; this package turns the
documents into a plain model for them.  Multiverse reports: :func:`render_multiverse_report`.

Modules: ``settings`` (what a report is given), ``phases`` and ``names`` (words for
phase codes, powers, places), ``sentences`` and ``orders`` (the result lines),
``centres`` (ownership), ``render`` (templates, header, subject), ``classic`` (one
phase of a standard game), ``multiverse`` and ``multiverse_input`` (multiverse
turns), ``notices`` (start mail, reminder, late notice); the mail around them is
built by :mod:`judge.mail.outgoing`.
"""

from judge.reports.centres import CentreLine
from judge.reports.classic import render_report, report_model
from judge.reports.multiverse import multiverse_model, render_multiverse_report
from judge.reports.multiverse_input import multiverse_report_input
from judge.reports.notices import (
    DEFAULTS,
    render_late_notice,
    render_reminder,
    render_start,
    start_model,
)
from judge.reports.orders import REPLACED, OrderLine, PowerGroup
from judge.reports.phases import describe_phase, phase_kind, phase_phrase, phase_season
from judge.reports.render import (
    TEMPLATES_DIR,
    WRAP,
    environments,
    game_subject,
    mapper_lines,
    report_subject,
)
from judge.reports.settings import ReportSettings, VariantLike

__all__ = [
    "DEFAULTS",
    "REPLACED",
    "TEMPLATES_DIR",
    "WRAP",
    "CentreLine",
    "OrderLine",
    "PowerGroup",
    "ReportSettings",
    "VariantLike",
    "describe_phase",
    "environments",
    "game_subject",
    "mapper_lines",
    "multiverse_model",
    "multiverse_report_input",
    "phase_kind",
    "phase_phrase",
    "phase_season",
    "render_late_notice",
    "render_multiverse_report",
    "render_reminder",
    "render_report",
    "render_start",
    "report_model",
    "report_subject",
    "start_model",
]
