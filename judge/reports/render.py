"""What every report mail shares: the Jinja environments of ``templates/``, the
``::`` header, deadlines as the templates show them, and the results subject."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import jinja2

from judge.clock.timing import format_classic, format_for
from judge.reports.settings import ReportSettings, VariantLike

TEMPLATES_DIR = Path(__file__).resolve().parent.parent.parent / "templates"
WRAP = 75


def _wrap(text: str, width: int = WRAP, indent: int = 0) -> str:
    """Wrap prose at ``width`` columns; continuation lines indented by ``indent``."""
    return textwrap.fill(
        text,
        width=width,
        subsequent_indent=" " * indent,
        break_long_words=False,
        break_on_hyphens=False,
    )


_KEEP = "\u00a0"  # textwrap does not break at a no-break space


def _wrap_list(items: list[str], head: str, tail: str = ".", width: int = WRAP) -> str:
    """``head`` then ``items`` joined by commas and ended by ``tail``, wrapped at
    ``width`` with continuation lines under the first item; never breaks an item."""
    kept = ", ".join(item.replace(" ", _KEEP) for item in items) + tail
    text = textwrap.fill(
        kept,
        width=width,
        initial_indent=head + " ",
        subsequent_indent=" " * (len(head) + 1),
        break_long_words=False,
        break_on_hyphens=False,
    )
    return text.replace(_KEEP, " ")


@dataclass(frozen=True)
class Environments:
    """The Jinja environment of the text templates and the (autoescaping) HTML one."""

    text: jinja2.Environment
    html: jinja2.Environment


def _make_environments(directory: Path) -> Environments:
    loader = jinja2.FileSystemLoader(str(directory))
    common = {
        "loader": loader,
        "trim_blocks": True,
        "lstrip_blocks": True,
        "keep_trailing_newline": True,
        "undefined": jinja2.StrictUndefined,
    }
    text_env = jinja2.Environment(autoescape=False, **common)  # noqa: S701 (plain text)
    html_env = jinja2.Environment(autoescape=True, **common)
    for env in (text_env, html_env):
        env.filters["wrap"] = _wrap
        env.filters["wrap_list"] = _wrap_list
    return Environments(text_env, html_env)


_ENVIRONMENTS: dict[Path, Environments] = {}


def environments(directory: Path = TEMPLATES_DIR) -> Environments:
    """The text and HTML Jinja environments for a template directory (cached)."""
    if directory not in _ENVIRONMENTS:
        _ENVIRONMENTS[directory] = _make_environments(directory)
    return _ENVIRONMENTS[directory]


def mapper_lines(
    judge_code: str,
    game: str,
    variant_label: str,
    phase: str,
    deadline: datetime | None,
    zone: str,
    url: str | None = None,
) -> list[str]:
    """The ``::`` lines the classic judges begin their mail with, read by mapping
    tools: ``:: Judge: USIN  Game: Alpha  Variant: Standard``, then the phase and its
    deadline in the game's zone (no line without a deadline), then the game's page."""
    lines = [
        f":: Judge: {judge_code}  Game: {game[:1].upper() + game[1:]}  Variant: {variant_label}"
    ]
    if deadline is not None:
        lines.append(f":: Deadline: {phase} {format_classic(deadline, zone)}")
    if url:
        lines.append(f":: URL: {url}")
    return lines


def header(settings: ReportSettings, variant: VariantLike, phase: str) -> dict[str, Any]:
    """The header of a report's templates: its ``::`` lines and their parts."""
    label = settings.variant_label or variant.name.capitalize()
    shown = settings.phase_deadline or settings.next_deadline
    lines = mapper_lines(
        settings.judge_code, settings.game, label, phase, shown, settings.game_zone, settings.url
    )
    return {
        "judge": settings.judge_code,
        "game": settings.game[:1].upper() + settings.game[1:],
        "variant": label,
        "phase": phase,
        "url": settings.url,
        "lines": lines,
    }


def deadline_fields(deadline: datetime | None, settings: ReportSettings) -> dict[str, Any]:
    """A deadline as the templates show it: classic form, the reader's zone, and UTC."""
    return {
        "deadline_classic": format_classic(deadline, settings.game_zone) if deadline else None,
        "deadline_reader": (
            format_for(deadline, settings.reader_zone)
            if deadline and settings.reader_zone
            else None
        ),
        "deadline_utc": format_for(deadline, "UTC") if deadline else None,
    }


def game_subject(settings: ReportSettings, what: str) -> str:
    """``JUDGE:game - <what>``: the subject of a game's mail, after the judge's code."""
    return f"{settings.judge_code}:{settings.game.lower()} - {what}"


def report_subject(settings: ReportSettings, phase: str, *, preview: bool = False) -> str:
    """``JUDGE:game - S1901M Results`` (``PREVIEW`` in front for the game master's preview)."""
    subject = game_subject(settings, f"{settings.turn(phase)} Results")
    return f"PREVIEW {subject}" if preview else subject


def render_text_mail(
    templates: Path, template: str, model: dict[str, Any], subject: str
) -> tuple[str, str, str]:
    """``(subject, text, html)`` of a mail whose text is ``template`` rendered with
    ``model``; the HTML part shows that text as it is."""
    envs = environments(templates)
    text = envs.text.get_template(template).render(**model)
    html = envs.html.get_template("text_mail.html.j2").render(subject=subject, text=text)
    return subject, text, html
