"""The mail of a game's life besides results: the game-start mail, the reminder
before a deadline and the late notice after it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from judge.clock.timing import format_classic, format_for, time_left
from judge.engine.boards import BoardText
from judge.reports.names import Names, powers_in_order
from judge.reports.phases import NEXT_WORDS, phase_kind, phase_season
from judge.reports.render import (
    TEMPLATES_DIR,
    deadline_fields,
    game_subject,
    header,
    render_text_mail,
)
from judge.reports.settings import ReportSettings, VariantLike

DEFAULTS = "units hold, retreats disband, builds are waived and removals are made by civil disorder"
"""What missing orders become when a phase is processed without them: one phrase for
the late notice, the start mail, a resignation and the master's word at grace end."""


def names_of(settings: ReportSettings, variant: VariantLike) -> Names:
    """The names a game's mail writes places, powers and units with: its ruleset's
    (``settings.names``), else the variant's own."""
    return Names(variant) if settings.names is None else settings.names(variant)


def _role_name(role: str, names: Names) -> str:
    if role.lower() in ("master", "observer"):
        return role.capitalize()
    return names.power(role)


def signon_line(role: str | None, game: str, variant: VariantLike) -> str | None:
    """``SIGNON Ffoo <password>``: the line a player signs on with (the power's
    initial when no other power shares it, else ``france@foo``)."""
    if not role or role not in variant.powers:
        return None
    initial = getattr(variant.powers[role], "initial", "") or ""
    initials = [getattr(p, "initial", "") for p in variant.powers.values()]
    target = f"{initial.upper()}{game}" if initial and initials.count(initial) == 1 else ""
    return f"SIGNON {target or role + '@' + game} <password>"


def start_model(
    position: Mapping[str, Any],
    variant: VariantLike,
    settings: ReportSettings,
    *,
    role: str | None = None,
    players: Sequence[tuple[str, str | None]] = (),
    role_label: str | None = None,
    signon: str | None = None,
    examples: Sequence[tuple[str, str]] = (),
) -> dict[str, Any]:
    """The model of the game-start mail (see :func:`render_start`)."""
    names = names_of(settings, variant)
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
        "role": (role_label or _role_name(role, names)) if role else None,
        "signon": signon or signon_line(role, settings.game.lower(), variant),
        "examples": [
            {"order": f"{order:<{max(len(o) for o, _ in examples)}}", "what": what}
            for order, what in examples
        ],
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
    role_label: str | None = None,
    signon: str | None = None,
    examples: Sequence[tuple[str, str]] = (),
    templates: Path = TEMPLATES_DIR,
) -> tuple[str, str, str]:
    """The game-start mail: ``(subject, text, html)``.

    ``position`` is the first phase document; ``role`` the recipient's power code
    (or ``master`` / ``observer``); ``role_label`` how the first line names what the
    recipient plays when the rules name it otherwise than by ``role``'s power (a
    Root Z player's two powers); ``signon`` the SIGNON line when the rules give
    one other than the power's own; ``examples`` the "how to order" block, pairs of
    an order written with the reader's units and the form's name; ``players`` pairs
    of role and address, the address
    None in anonymous games; ``settings.next_deadline`` the first deadline.
    """
    model = start_model(
        position,
        variant,
        settings,
        role=role,
        players=players,
        role_label=role_label,
        signon=signon,
        examples=examples,
    )
    subject = game_subject(settings, f"{settings.turn(model['header']['phase'])} Game Starting")
    return render_text_mail(templates, "start.txt.j2", model, subject)


def render_reminder(
    settings: ReportSettings,
    variant: VariantLike,
    phase: str,
    power: str,
    missing: Sequence[str],
    now: datetime,
    *,
    power_label: str | None = None,
    templates: Path = TEMPLATES_DIR,
) -> tuple[str, str, str]:
    """A reminder before the deadline to a power still owing orders.

    ``missing`` lists the units without orders as the order checker writes them
    (``["A Par", "F Bre"]``); ``settings.next_deadline`` is the deadline;
    ``power_label`` names the reader's powers when one reminder is for several (a
    Root Z player's two powers).
    """
    names = names_of(settings, variant)
    deadline = settings.next_deadline
    if deadline is None:
        raise ValueError("a reminder needs settings.next_deadline")
    model = {
        "header": header(settings, variant, phase),
        "game": settings.game.lower(),
        "power": power_label or names.power(power),
        "phase_text": settings.phase_text(phase),
        "deadline_classic": format_classic(deadline, settings.game_zone),
        "deadline_reader": format_for(deadline, settings.reader_zone or "UTC"),
        "left": time_left(now, deadline),
        "missing": list(missing),
        "notices": list(settings.notices),
    }
    subject = game_subject(settings, f"{settings.turn(phase)} Reminder")
    return render_text_mail(templates, "reminder.txt.j2", model, subject)


def missing_lines(missing: Sequence[str]) -> list[str]:
    """Units still without orders as one line, or one line per board in a multiverse
    game (``Board 2:F1901: F 2:den:F1901, A 2:vie:F1901``): an item that is a
    :class:`~judge.engine.boards.BoardText` carries its board."""
    boards: dict[str, list[str]] = {}
    plain: list[str] = []
    for item in missing:
        if isinstance(item, BoardText):
            code = item.heading or f"{item.board.timeline}:{item.board.turn.code}"
            boards.setdefault(code, []).append(item)
        else:
            plain.append(item)
    lines = [", ".join(plain)] if plain else []
    lines += [f"Board {code}: {', '.join(items)}" for code, items in boards.items()]
    return lines


def _initial(variant: VariantLike, code: str) -> str:
    """A power's initial, as njudge's subjects name powers."""
    power = variant.powers.get(code)
    return getattr(power, "initial", "") or (power.name if power else code)[:1].upper()


def render_late_notice(
    settings: ReportSettings,
    variant: VariantLike,
    phase: str,
    late: Sequence[str] | Mapping[str, Sequence[str]],
    now: datetime,
    *,
    recipient: str | None = None,
    held: Sequence[str] = (),
    grace_end: datetime | None = None,
    reveal: bool = True,
    at_grace: str = f"missing orders default: {DEFAULTS}",
    templates: Path = TEMPLATES_DIR,
) -> tuple[str, str, str]:
    """A late notice after the deadline.

    ``late`` are the power codes still owing orders, or better a mapping of each to
    the units (or adjustments) it has not ordered, as ``orders_missing`` gives them:
    the late power is then told exactly which (per board in a multiverse game), and
    the master sees them for every power.  ``recipient`` is the power the notice goes
    to (a late power gets ``[You are late!]`` and is told what happens at
    ``grace_end``), ``held`` the reader's other late powers (a Root Z player's
    second power), told of in the same notice; with ``reveal`` False others are not
    told who is late.
    ``at_grace`` says what happens when grace ends, in the game's terms.
    """
    names = names_of(settings, variant)
    units: Mapping[str, Sequence[str]] = late if isinstance(late, Mapping) else {}
    is_late = recipient in late
    to_master = recipient == "master"

    def who(power: str) -> str:
        if to_master and units.get(power):
            return f"{names.power(power)} ({'; '.join(missing_lines(units[power]))})"
        return names.power(power)

    mine_powers = [recipient, *held] if recipient else []

    def mine() -> list[str]:
        if len(mine_powers) == 1:
            return missing_lines(units.get(mine_powers[0], []))
        return [
            f"{names.power(p)}: {line}"
            for p in mine_powers
            for line in missing_lines(units.get(p, []))
        ]

    model = {
        "header": header(settings, variant, phase),
        "game": settings.game.lower(),
        "phase_text": settings.phase_text(phase),
        "is_late": is_late,
        "power": " and ".join(names.power(p) for p in mine_powers) or None,
        "several": len(mine_powers) > 1,
        "mine": mine(),
        "late": [who(p) for p in late] if reveal or to_master else [],
        "grace_classic": format_classic(grace_end, settings.game_zone) if grace_end else None,
        "grace_reader": format_for(grace_end, settings.reader_zone or "UTC") if grace_end else None,
        "left": time_left(now, grace_end) if grace_end else None,
        "at_grace": at_grace,
        "notices": list(settings.notices),
    }
    subject = game_subject(settings, f"{settings.turn(phase)} Late Notice")
    if reveal or to_master:  # njudge (dip.c): "Late Notice: <initials of the late powers>"
        subject += ": " + "".join(_initial(variant, power) for power in late)
    if is_late:
        subject = f"[You are late!] {subject}"
    return render_text_mail(templates, "late.txt.j2", model, subject)
