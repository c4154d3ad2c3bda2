"""The multiverse picture: a grid of boards, rows are timelines and columns turns.

Columns holding an active board or a board changed this turn are drawn at a legible
size; the other columns as thumbnails, the latest :data:`MAX_THUMB_COLUMNS` of them
(older ones are left out and counted in the caption).  At most :data:`MAX_ROWS`
timelines are shown: those with a legible board first, then the lowest numbers.
Orders are drawn on the whole canvas, so moves and supports that cross boards are
curved arrows from one board to the other.  Boards are labelled, and the turn
titled, as the game names them (:class:`Naming`, from its ruleset).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from judge.engine.phase import Turn
from judge.maps.draw import (
    BLACK,
    BOARD_SCALE,
    BoardState,
    Canvas,
    Frame,
    draw_board,
    draw_marks,
    rgb,
)
from judge.maps.geometry import Geometry, Point
from judge.maps.labels import text_size
from judge.maps.marks import BoardKey, Mark, Place

BIG_WIDTH = 600  # pixels of a legible board (with the province codes), at least
LEGIBLE_SCALE = 1.0  # pixels per map unit of a legible board, at least (codes 7.5 px high)
THUMB_WIDTH = 130
MAX_BIG_COLUMNS = 4
MAX_THUMB_COLUMNS = 3
MAX_ROWS = 8
GAP = 10
LABEL = 18
HEADER = 26
FOOTER = 20
ACTIVE: tuple[int, int, int] = (0, 110, 200)
CHANGED: tuple[int, int, int] = (230, 120, 0)


class Names(Protocol):
    """What names a game's turns and timelines: its ruleset's hooks."""

    def turn_label(self, phase: str) -> str: ...

    def timeline_label(self, timeline: Any) -> str: ...


@dataclass(frozen=True)
class Naming:
    """How a game names its turns and timelines, as its mails do: its ruleset's
    ``turn_label`` (of a phase code, ``F1901M``, or a board's turn, ``S1901``) and
    ``timeline_label``.  By default the codes and numbers themselves."""

    turn: Callable[[str], str] = str
    timeline: Callable[[Any], str] = str

    @classmethod
    def of(cls, rules: Names) -> Naming:
        """Turns and timelines named as ``rules`` (a game's ruleset) names them."""
        return cls(rules.turn_label, rules.timeline_label)

    def board(self, key: BoardKey) -> str:
        """A board's label: ``1:S1901``, or as the game names it (``alfa:Spring01``)."""
        return f"{self.timeline(key[0])}:{self.turn(key[1])}"


CODES = Naming()  # turns and timelines named by their codes (the reference 5D game's)


@dataclass(frozen=True)
class Layout:
    """Which boards go where: the columns (turns) and rows (timelines) shown."""

    columns: list[str]
    big: set[str]
    rows: list[int]
    left_out_columns: int
    left_out_rows: int


def _turn_key(turn: str) -> tuple:
    return Turn.parse(turn).phase().time


def layout(boards: Sequence[BoardState], legible: set[BoardKey]) -> Layout:
    """Choose the columns and rows of the grid (see the module's docstring)."""
    turns = sorted({b.key[1] for b in boards if b.key}, key=_turn_key)
    big = [t for t in turns if any(k and k[1] == t for k in legible)][-MAX_BIG_COLUMNS:]
    small = [t for t in turns if t not in big][-MAX_THUMB_COLUMNS:]
    columns = sorted(big + small, key=_turn_key)
    timelines = sorted({b.key[0] for b in boards if b.key})
    first = [t for t in timelines if any(k and k[0] == t for k in legible)]
    rest = [t for t in timelines if t not in first]
    rows = sorted((first + rest)[:MAX_ROWS])
    return Layout(columns, set(big), rows, len(turns) - len(columns), len(timelines) - len(rows))


def _fitting(text: str, size: float, width: float) -> float:
    """``size``, or as much smaller as ``text`` needs to fit in ``width`` pixels."""
    wide = text_size(text, size)[0]
    return size if wide <= width else size * width / wide


def draw_grid(
    geo: Geometry,
    boards: Sequence[BoardState],
    marks: Iterable[Mark],
    *,
    active: set[BoardKey],
    changed: set[BoardKey],
    title: str,
    naming: Naming = CODES,
) -> Canvas:
    """The grid picture of a multiverse world (see the module's docstring), its
    boards labelled as ``naming`` names them."""
    plan = layout(boards, active | changed)
    by_key = {b.key: b for b in boards}
    gw, gh = geo.size
    if len(plan.columns) == len(plan.rows) == 1:  # one board: as a standard game's
        big_width = gw * BOARD_SCALE
    else:
        big_width = max(BIG_WIDTH, gw * LEGIBLE_SCALE)
    widths = [big_width if t in plan.big else THUMB_WIDTH for t in plan.columns]
    heights = []
    for t in plan.rows:
        big_row = any((t, c) in by_key for c in plan.columns if c in plan.big)
        heights.append((big_width if big_row else THUMB_WIDTH) * gh / gw)
    width = int(sum(widths) + GAP * (len(widths) + 1))
    height = int(HEADER + sum(h + LABEL + GAP for h in heights) + FOOTER + GAP)
    canvas = Canvas(max(width, 420), height)
    canvas.text((GAP, 6), title, 13, anchor="la")
    frames: dict[BoardKey, Frame] = {}
    y = HEADER
    for timeline, row_h in zip(plan.rows, heights, strict=True):
        x = GAP
        for turn, col_w in zip(plan.columns, widths, strict=True):
            board = by_key.get((timeline, turn))
            w = min(col_w, row_h * gw / gh)
            if board is not None:
                legible = w > THUMB_WIDTH
                frame = Frame(x, y + LABEL, w / gw, 1.0 if legible else 1.9)
                frames[board.key] = frame
                draw_board(canvas, geo, board, frame, labels=legible)
                key = board.key
                canvas.note(
                    "board",
                    f"{timeline}:{turn}",
                    (x, y + LABEL),
                    width=w,
                    legible=legible,
                    highlighted=key in active or key in changed,
                )
                colour = ACTIVE if key in active else CHANGED if key in changed else None
                label = naming.board(key) + (" active" if key in active else "")
                size = _fitting(label, 12 if legible else 10, w)
                canvas.note("heading", label, (x, y + 2), size=size, width=w)
                canvas.text((x, y + 2), label, size, colour or BLACK, "la")
                edge = 3 if colour else 1
                box = [
                    (x, y + LABEL),
                    (x + w, y + LABEL),
                    (x + w, y + LABEL + w * gh / gw),
                    (x, y + LABEL + w * gh / gw),
                ]
                canvas.line([*box, box[0]], colour or (120, 120, 120), edge)
            x += col_w + GAP
        y += row_h + LABEL + GAP
    dislodged = {(b.key, d["province"]) for b in boards for d in b.dislodged}

    def locate(place: Place) -> tuple[Point, Frame] | None:
        frame = frames.get(place[0])
        point = geo.point(place[1])
        if frame is None or point is None:
            return None
        return frame.at(point), frame

    draw_marks(canvas, geo, marks, locate, lambda p: p in dislodged)
    notes = []
    if plan.left_out_columns:
        notes.append(f"{plan.left_out_columns} earlier turn(s) not shown")
    if plan.left_out_rows:
        notes.append(f"{plan.left_out_rows} timeline(s) not shown")
    notes.append(geo.credit)
    canvas.text(
        (GAP, height - FOOTER + 4), " · ".join(n for n in notes if n), 10, rgb("#404040"), "la"
    )
    return canvas
