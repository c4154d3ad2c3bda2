"""Multiverse reports: every changed board's results, the new timelines with the
board each forked from, the active boards and each power's unique centres
(``multiverse.txt.j2``, ``multiverse.html.j2``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge.engine.boards import Location, MLoc
from judge.engine.phase import Turn, board_time
from judge.reports.centres import CentreLine
from judge.reports.names import Names, board_location, powers_in_order
from judge.reports.orders import dislodged_sentences, order_groups
from judge.reports.phases import (
    NEXT_WORDS,
    RESULT_TITLES,
    describe_phase,
    phase_kind,
    phase_season,
)
from judge.reports.positions import multiverse_position
from judge.reports.render import (
    TEMPLATES_DIR,
    deadline_fields,
    environments,
    header,
    report_subject,
)
from judge.reports.settings import ReportSettings, VariantLike


def _next_description(world: Mapping[str, Any], active: list[Mapping[str, Any]]) -> str:
    if world.get("next_description"):
        return world["next_description"]
    if world.get("next_phase"):
        return describe_phase(world["next_phase"])
    if world.get("retreats_pending"):
        return RETREAT_PAUSE
    kinds = {_kind(b) for b in active}
    if len(kinds) == 1:
        return f"{NEXT_WORDS[kinds.pop()]} on every active board"
    return "the next turn on every active board"


# The next step while some unit must retreat: no board advances until then.
RETREAT_PAUSE = "Retreats of the dislodged units (every board waits for them)"
WAITING = "waits for the retreats"


# How a rule set writes a location on a board (its ruleset's ``write_location``).
BoardPlace = Callable[[MLoc], str]


@dataclass(frozen=True)
class BoardWriting:
    """How a rule set writes boards to its players, at the source of every report
    line: a timeline's name, a turn (``S1901``), and a location on a board in the
    position blocks (the reference game: ``1``, ``S1901``, ``1:mun:S1901``).
    ``in_orders``: order lines write the locations on other boards so too (else in
    words: ``Munich (timeline 1, Spring 1901)``)."""

    timeline: Callable[[Any], str] = str
    turn: Callable[[str], str] = str
    place: BoardPlace = board_location
    in_orders: bool = False


REFERENCE_WRITING = BoardWriting()


class _BoardNames(Names):
    """Names that write locations on other boards in a rule set's own notation
    (5dplomacy: ``alfa:MUN:Spring01`` for ``Munich (timeline 1, Spring 1901)``)."""

    def __init__(self, variant: VariantLike, write: BoardPlace) -> None:
        super().__init__(variant)
        self._write = write

    def place(self, loc: Location) -> str:
        return self._write(loc) if isinstance(loc, MLoc) else super().place(loc)

    def in_place(self, loc: Location) -> str:
        return f"in {self.place(loc)}" if isinstance(loc, MLoc) else super().in_place(loc)


def _kind(board: Mapping[str, Any]) -> str:
    """What a board's step is: its phase's kind; adjustments for a 5dplomacy Spring
    board that waits (``adjusting``) or waited (``kind``) for the builds and removals
    after the Fall."""
    if board.get("adjusting"):
        return "adjustments"
    return board.get("kind") or phase_kind(board["phase"])


def board_label(board: Mapping[str, Any], writing: BoardWriting = REFERENCE_WRITING) -> str:
    return f"Timeline {writing.timeline(board['timeline'])}, {phase_season(board['phase'])}"


def _position_note(board: Mapping[str, Any], pause: bool = False) -> str:
    """``active``, ``active, new timeline``, ``retreats to order``, ``waits for the
    retreats`` (an active board while the retreats of others hold the world back:
    ``pause``) or ``changed this turn``."""
    parts = []
    if board.get("dislodged"):
        parts.append("retreats to order")
    elif board.get("active"):
        parts.append(WAITING if pause else "active")
    if board.get("adjusting"):
        parts.append("builds and removals to order")
    if board.get("new_timeline") and board.get("active"):
        parts.append("new timeline")
    if not board.get("active") and not board.get("dislodged"):
        parts.append("changed this turn")
    return ", ".join(parts)


def _board_ref(key: tuple[int, str]) -> dict[str, Any]:
    """A board reference (timeline, phase code) from ``(1, "W1901")``."""
    timeline, turn = key
    return {"timeline": timeline, "phase": Turn.parse(turn).phase().code}


def _adjustment_lines(rows: Mapping[str, tuple[int, int, int]], names: Names) -> list[CentreLine]:
    """A standard winter table of one board: ``Germany:  5 Supply centers,  3 Units:
    Builds   2 units.`` per power, in the variant's order."""
    powers = powers_in_order(names.variant, rows)
    width = max((len(names.power(p)) + 1 for p in powers), default=8) + 2
    return [
        CentreLine(p, names.power(p), f"{names.power(p) + ':':<{width}}", [], *rows[p])
        for p in powers
        if p in rows
    ]


def multiverse_model(
    world: Mapping[str, Any],
    variant: VariantLike,
    settings: ReportSettings,
    *,
    writing: BoardWriting = REFERENCE_WRITING,
    kept: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The model of a multiverse report (input format: docs/reports.md), boards
    written as ``writing`` says.  What the world alone decides (all but the header,
    the deadline and the notices) is made once and kept in ``kept`` when given: the
    reports of one turn in several readers' zones share it."""
    part = kept.get("world") if kept is not None else None
    if part is None:
        part = _world_model(world, variant, writing)
        if kept is not None:
            kept["world"] = part
    deadline = settings.next_deadline
    number = f", turn {settings.number}" if settings.number is not None else ""
    model = {key: value for key, value in part.items() if key != "next_description"}
    return {
        **model,
        "header": header(settings, variant, part["turn"]),
        "title": f"Multiverse results of '{settings.game.lower()}'{number}.",
        "game": settings.game.lower(),
        "next": None
        if part["winner"]
        else {"description": part["next_description"], **deadline_fields(deadline, settings)},
        "notices": list(settings.notices),
    }


def _world_model(
    world: Mapping[str, Any], variant: VariantLike, writing: BoardWriting
) -> dict[str, Any]:
    """The parts of a multiverse report's model that the world alone decides."""
    names = _BoardNames(variant, writing.place) if writing.in_orders else Names(variant)
    boards = []
    for board in world.get("boards", []):
        if not board.get("changed", True):
            continue
        result = dict(board.get("result") or {})
        result.setdefault("phase", board["phase"])
        kind = _kind(board)
        groups = order_groups(
            result,
            board.get("before"),
            names,
            kind,
            reference_units=board.get("reference_units"),
            owed_builds=board.get("owed_builds"),
        )
        boards.append(
            {
                "label": board_label(board, writing),
                "timeline": board["timeline"],
                "phase": board["phase"],
                "title": f"{RESULT_TITLES[kind]} for {board_label(board, writing)}.",
                "groups": groups,
                "dislodged": dislodged_sentences(result, names) if kind == "movement" else [],
            }
        )
    adjustments = [
        {
            "title": f"Adjustments to order on {board_label(_board_ref(key), writing)}:",
            "centres": _adjustment_lines(rows, names),
        }
        for key, rows in (world.get("adjustments") or {}).items()
    ]
    new_timelines = [
        {
            "timeline": writing.timeline(fork["timeline"]),
            "forked_from": board_label(fork["forked_from"], writing),
        }
        for fork in world.get("new_timelines", [])
    ]
    active_refs = list(world.get("active_boards", world.get("active", [])))
    pause = world.get("retreats_pending")
    active = [
        f"{board_label(b, writing)} ({WAITING if pause else NEXT_WORDS[_kind(b)].lower()})"
        for b in active_refs
    ]
    unique = []
    owned = world.get("unique_centers", {})
    powers = powers_in_order(variant, owned)
    width = max((len(names.power(p)) + 1 for p in powers), default=8) + 2
    for p in powers:
        if p not in owned:
            continue
        listed = sorted(names.place(c) for c in owned[p])
        unique.append(
            {
                "name": names.power(p),
                "label": f"{names.power(p) + ':':<{width}}",
                "count": len(listed),
                "centres": listed,
            }
        )
    winner = world.get("winner")
    turn = world.get("turn") or max(
        (b["phase"] for b in world.get("boards", [])), key=board_time, default=""
    )
    return {
        "turn": turn,
        "boards": boards,
        "new_timelines": new_timelines,
        "adjustments": adjustments,
        "adjustments_note": world.get("adjustments_note") if adjustments else None,
        "active": active,
        "unique": unique,
        "winner": names.power(winner) if winner else None,
        "next_description": None if winner else _next_description(world, active_refs),
        "positions": [
            multiverse_position(b, names, _position_note(b, bool(pause)), writing)
            for b in world.get("positions", [])
        ],
    }


def render_multiverse_report(
    world: Mapping[str, Any],
    variant: VariantLike,
    settings: ReportSettings,
    *,
    preview: bool = False,
    templates: Path = TEMPLATES_DIR,
    writing: BoardWriting = REFERENCE_WRITING,
    kept: dict[str, Any] | None = None,
) -> tuple[str, str, str]:
    """Render a multiverse turn: ``(subject, text, html)`` covering every changed board
    (``writing``: how the rule set writes boards; ``kept``: see :func:`multiverse_model`)."""
    model = multiverse_model(world, variant, settings, writing=writing, kept=kept)
    envs = environments(templates)
    text = envs.text.get_template("multiverse.txt.j2").render(**model)
    subject = report_subject(settings, model["turn"], preview=preview)
    html = envs.html.get_template("multiverse.html.j2").render(subject=subject, **model)
    return subject, text, html
