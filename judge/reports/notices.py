"""The mail of a game's life besides results: the game-start mail, the reminder
before a deadline and the late notice after it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from judge.reports.names import Names, powers_in_order
from judge.reports.phases import NEXT_WORDS, phase_kind, phase_phrase, phase_season
from judge.reports.render import (
    TEMPLATES_DIR,
    deadline_fields,
    game_subject,
    header,
    render_text_mail,
)
from judge.reports.settings import ReportSettings, VariantLike
from judge.timing import format_classic, format_for, time_left


def _role_name(role: str, names: Names) -> str:
    if role.lower() in ("master", "observer"):
        return role.capitalize()
    return names.power(role)


def start_model(
    position: Mapping[str, Any],
    variant: VariantLike,
    settings: ReportSettings,
    *,
    role: str | None = None,
    players: Sequence[tuple[str, str | None]] = (),
) -> dict[str, Any]:
    """The model of the game-start mail (see :func:`render_start`)."""
    names = Names(variant)
    phase = position.get("phase") or getattr(variant, "start_phase", "S1901M")
    by_power: dict[str, list[str]] = {}
    for u in position.get("units", []):
        by_power.setdefault(u["power"], []).append(
            f"{names.unit(u['type'])} {names.place(u['province'])}."
        )
    powers = [p for p in powers_in_order(variant, by_power) if p in by_power]
    width = max((len(names.power(p)) + 1 for p in powers), default=0)
    deadline = settings.next_deadline
    return {
        "header": header(settings, variant, phase),
        "game": settings.game.lower(),
        "role": _role_name(role, names) if role else None,
        "players": [
            {"label": f"{_role_name(r, names) + ':':<13}", "address": a or "(anonymous)"}
            for r, a in players
        ],
        "season": phase_season(phase),
        "start": [
            {"label": f"{names.power(p) + ':':<{width}}", "units": by_power[p]} for p in powers
        ],
        "kind": NEXT_WORDS[phase_kind(phase)].lower(),
        **deadline_fields(deadline, settings),
        "notices": list(settings.notices),
    }


def render_start(
    position: Mapping[str, Any],
    variant: VariantLike,
    settings: ReportSettings,
    *,
    role: str | None = None,
    players: Sequence[tuple[str, str | None]] = (),
    templates: Path = TEMPLATES_DIR,
) -> tuple[str, str, str]:
    """The game-start mail: ``(subject, text, html)``.

    ``position`` is the first phase document; ``role`` the recipient's power code
    (or ``master`` / ``observer``); ``players`` pairs of role and address, the
    address None in anonymous games; ``settings.next_deadline`` the first deadline.
    """
    model = start_model(position, variant, settings, role=role, players=players)
    subject = game_subject(settings, f"{model['header']['phase']} Game Starting")
    return render_text_mail(templates, "start.txt.j2", model, subject)


def render_reminder(
    settings: ReportSettings,
    variant: VariantLike,
    phase: str,
    power: str,
    missing: Sequence[str],
    now: datetime,
    *,
    templates: Path = TEMPLATES_DIR,
) -> tuple[str, str, str]:
    """A reminder before the deadline to a power still owing orders.

    ``missing`` lists the units without orders as the order checker writes them
    (``["A Par", "F Bre"]``); ``settings.next_deadline`` is the deadline.
    """
    names = Names(variant)
    deadline = settings.next_deadline
    if deadline is None:
        raise ValueError("a reminder needs settings.next_deadline")
    model = {
        "header": header(settings, variant, phase),
        "game": settings.game.lower(),
        "power": names.power(power),
        "phase_text": phase_phrase(phase),
        "deadline_classic": format_classic(deadline, settings.game_zone),
        "deadline_reader": format_for(deadline, settings.reader_zone or "UTC"),
        "left": time_left(now, deadline),
        "missing": list(missing),
        "notices": list(settings.notices),
    }
    subject = game_subject(settings, f"{phase} Reminder")
    return render_text_mail(templates, "reminder.txt.j2", model, subject)


def render_late_notice(
    settings: ReportSettings,
    variant: VariantLike,
    phase: str,
    late: Sequence[str],
    now: datetime,
    *,
    recipient: str | None = None,
    grace_end: datetime | None = None,
    reveal: bool = True,
    at_grace: str = "missing orders default: units hold, retreats disband, builds are waived",
    templates: Path = TEMPLATES_DIR,
) -> tuple[str, str, str]:
    """A late notice after the deadline.

    ``late`` are the power codes still owing orders; ``recipient`` the power the
    notice goes to (a late power gets ``[You are late!]`` and is told what
    happens at ``grace_end``); with ``reveal`` False others are not told who is
    late.  ``at_grace`` says what happens when grace ends, in the game's terms.
    """
    names = Names(variant)
    is_late = recipient in late
    model = {
        "header": header(settings, variant, phase),
        "game": settings.game.lower(),
        "phase_text": phase_phrase(phase),
        "is_late": is_late,
        "power": names.power(recipient) if recipient else None,
        "late": [names.power(p) for p in late] if reveal or recipient == "master" else [],
        "grace_classic": format_classic(grace_end, settings.game_zone) if grace_end else None,
        "grace_reader": format_for(grace_end, settings.reader_zone or "UTC") if grace_end else None,
        "left": time_left(now, grace_end) if grace_end else None,
        "at_grace": at_grace,
        "notices": list(settings.notices),
    }
    subject = game_subject(settings, f"{phase} Late Notice")
    if is_late:
        subject = f"[You are late!] {subject}"
    return render_text_mail(templates, "late.txt.j2", model, subject)
