"""Pictures of report inputs and stored positions, as PNG.

* :func:`results_picture`: one phase of a standard game, from the adjudicator's
  answer (the position after the phase, the dislodged units offset and ringed in
  red, the phase's orders drawn from where the units stood);
* :func:`world_picture`: one step of a multiverse game, as a grid of boards;
* :func:`position_picture`: a stored position without orders (start mail, ``MAP``).

An Outer Space position is drawn on its map's board with the extras of
:mod:`judge.maps.orbit` (the armies in orbit in a panel, the colonies ringed).

Which picture a position gets is the game's ruleset's answer
(:attr:`judge.rules.base.Ruleset.picture`: ``BOARD_PICTURE``, ``GRID_PICTURE`` or
``ORBIT_PICTURE``), given by the caller as ``picture``; nothing here looks at a
document to guess its kind.

A multiverse picture names its turn and boards as the game does (a
:class:`~judge.maps.grid.Naming`, from the game's ruleset: ``Spring02`` and
``alfa:Spring02`` in a 5dplomacy game, ``S1902M`` and ``1:S1902`` by default).

A picture is drawn once per game and phase and shared by every recipient.  Every
function returns None when the variant has no geometry file.  :func:`results_scene`
and :func:`position_scene` give the drawn canvas itself, whose ``scene`` lists what
was drawn where (for tests).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from PIL import Image, PngImagePlugin

from judge.engine.phase import Phase, Turn
from judge.maps.draw import (
    BOARD_SCALE,
    BoardState,
    Canvas,
    Frame,
    draw_board,
    draw_marks,
    rgb,
)
from judge.maps.geometry import Geometry, Point, geometry_for
from judge.maps.grid import CODES, Naming, draw_grid
from judge.maps.marks import BoardKey, Mark, Place, ReadLocation, marks_of
from judge.maps.orbit import (
    PANEL,
    Space,
    draw_colonies,
    draw_panel,
    on_the_map,
    orbit_marks,
    space_of,
    with_empire_colours,
)
from judge.reports.phases import describe_phase
from judge.reports.sentences import STANDARD_WORDS, OrderWords
from judge.rules.base import GRID_PICTURE, ORBIT_PICTURE

log = logging.getLogger(__name__)

TITLE = 24
FOOTER = 16


class HasDirectory(Protocol):
    directory: Path


@dataclass(frozen=True)
class Picture:
    """A PNG ready for a mail, with what the mail says about it."""

    png: bytes
    filename: str
    alt: str
    credit: str

    @property
    def cid(self) -> str:
        """The Content-ID the HTML part refers to (without angle brackets)."""
        return f"{self.filename.removesuffix('.png')}@map.judge"


def encode(image: Image.Image, credit: str) -> bytes:
    """PNG bytes: 256 colours, the credit in a ``Copyright`` text chunk."""
    info = PngImagePlugin.PngInfo()
    info.add_text("Copyright", credit)
    info.add_text("Software", "judge (map pictures)")
    small = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, "PNG", pnginfo=info, compress_level=6)
    return out.getvalue()


def _shown_orders(orders: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The orders worth drawing: all but the holds the judge made for unordered units."""
    return [
        o
        for o in orders
        if not (o.get("judged") == "automatic" and " H" in f" {o.get('order') or ''}".upper())
    ]


def draw_single(
    geo: Geometry,
    board: BoardState,
    marks: Iterable[Mark],
    title: str,
    dislodged_before: Iterable[str] = (),
) -> Image.Image:
    """One board with a title strip and the credit line, at :data:`BOARD_SCALE`."""
    return single_canvas(geo, board, marks, title, dislodged_before).finish()


def single_canvas(
    geo: Geometry,
    board: BoardState,
    marks: Iterable[Mark],
    title: str,
    dislodged_before: Iterable[str] = (),
    space: Space | None = None,
) -> Canvas:
    """:func:`draw_single` before it is shrunk: the canvas and its scene.  With
    ``space`` (an Outer Space position) the empires get their own colours, the
    colonies are ringed and the armies in orbit are counted in a panel under the board,
    from which the orders from orbit start."""
    gw, gh = geo.size
    panel = PANEL if space is not None else 0
    width, height = int(gw * BOARD_SCALE), int(gh * BOARD_SCALE) + TITLE + FOOTER + panel
    canvas = Canvas(width, height)
    frame = Frame(0, TITLE, BOARD_SCALE)
    canvas.text((8, 5), title, 14, anchor="la")
    glyphs: dict[str, Point] = {}
    if space is not None:
        geo = with_empire_colours(geo, space)
        board = BoardState(on_the_map(board.units), board.dislodged, board.centres)
        marks = orbit_marks(marks)
    draw_board(canvas, geo, board, frame)
    canvas.note("board", "", frame.at((0, 0)), width=gw * BOARD_SCALE, legible=True)
    if space is not None:
        draw_colonies(canvas, geo, space, frame)
        glyphs = draw_panel(canvas, geo, space, TITLE + gh * BOARD_SCALE, width)
    ghosts = {(None, loc) for loc in dislodged_before} | {
        (None, d["province"]) for d in board.dislodged
    }

    def locate(place: Place) -> tuple[Point, Frame] | None:
        if place[1] in glyphs:
            return glyphs[place[1]], frame
        point = geo.point(place[1])
        return None if point is None else (frame.at(point), frame)

    draw_marks(canvas, geo, marks, locate, lambda p: p in ghosts)
    canvas.text((8, height - FOOTER + 2), geo.credit, 10, rgb("#404040"), "la")
    return canvas


def _name(game: str, phase: str) -> str:
    return f"{game.lower()}-{phase.upper()}.png"


def results_picture(
    variant: HasDirectory,
    before: Mapping[str, Any],
    answer: Mapping[str, Any],
    game: str,
    *,
    picture: str,
    words: OrderWords = STANDARD_WORDS,
) -> Picture | None:
    """The picture of one processed phase of a standard (or Outer Space) game
    (``words``: how its ruleset words its own order kinds)."""
    geo = geometry_for(variant.directory)
    drawn = results_scene(variant, before, answer, game, picture=picture, words=words)
    if geo is None or drawn is None:
        return None
    canvas, title = drawn
    image = canvas.finish()
    phase = str(answer["phase"])
    return Picture(encode(image, geo.credit), _name(game, phase), f"Map: {title}", geo.credit)


def results_scene(
    variant: HasDirectory,
    before: Mapping[str, Any],
    answer: Mapping[str, Any],
    game: str,
    *,
    picture: str,
    words: OrderWords = STANDARD_WORDS,
) -> tuple[Canvas, str] | None:
    """The canvas (with its scene) and title of :func:`results_picture`."""
    geo = geometry_for(variant.directory)
    if geo is None:
        return None
    phase = str(answer["phase"])
    movement = Phase.parse(phase).is_movement
    board = BoardState(
        units=answer.get("units", []),
        dislodged=answer.get("dislodged", []) if movement else [],
        centres=answer.get("supply_centers", {}),
    )
    marks = marks_of(_shown_orders(answer.get("orders", [])), words=words)
    title = f"{game} · {describe_phase(phase)} · results"
    before_dislodged = [d["province"] for d in before.get("dislodged", [])]
    space = None
    if picture == ORBIT_PICTURE:
        space = space_of(answer, answer.get("powers") or before.get("powers") or ())
    return single_canvas(geo, board, marks, title, before_dislodged, space), title


def _key(board: Mapping[str, Any]) -> BoardKey:
    return int(board["timeline"]), Turn.parse(board["phase"]).code


def _states(boards: Iterable[Mapping[str, Any]]) -> list[BoardState]:
    return [
        BoardState(
            units=b.get("units", []),
            dislodged=b.get("dislodged", []),
            centres=b.get("supply_centers", {}),
            key=_key(b),
        )
        for b in boards
    ]


def world_picture(
    answer: Mapping[str, Any],
    variant: HasDirectory,
    game: str,
    turn: str,
    *,
    read_location: ReadLocation,
    naming: Naming = CODES,
) -> Picture | None:
    """The grid picture of one processed step of a multiverse game: every board, the
    orders of the step, the active boards and the boards changed this step legible
    (``read_location``: how the game's ruleset reads the orders' locations;
    ``naming``: how it names its turns and timelines)."""
    geo = geometry_for(variant.directory)
    drawn = world_scene(answer, variant, game, turn, read_location=read_location, naming=naming)
    if geo is None or drawn is None:
        return None
    canvas, title = drawn
    image = canvas.finish()
    return Picture(encode(image, geo.credit), _name(game, turn), f"Map: {title}", geo.credit)


def world_scene(
    answer: Mapping[str, Any],
    variant: HasDirectory,
    game: str,
    turn: str,
    *,
    read_location: ReadLocation,
    naming: Naming = CODES,
) -> tuple[Canvas, str] | None:
    """The canvas (with its scene) and title of :func:`world_picture`."""
    geo = geometry_for(variant.directory)
    if geo is None:
        return None
    orders = answer.get("orders", [])
    marks = marks_of(_shown_orders(orders), read_location=read_location)
    active = {_key(b) for b in answer.get("active_boards", [])}
    changed = {m.at[0] for m in marks}
    boards = list(answer.get("boards", []))
    for fork in answer.get("new_timelines", []):
        mine = [b for b in boards if int(b["timeline"]) == int(fork["timeline"])]
        changed |= {_key(b) for b in mine}
    title = f"{game} · turn {naming.turn(turn)} · results"
    canvas = draw_grid(
        geo, _states(boards), marks, active=active, changed=changed, title=title, naming=naming
    )
    return canvas, title


def position_picture(
    doc: Mapping[str, Any],
    variant: HasDirectory,
    game: str,
    phase: str,
    what: str = "position",
    *,
    picture: str,
    naming: Naming = CODES,
) -> Picture | None:
    """A stored position (a standard phase document or a multiverse world) without
    orders, titled with its phase as ``naming`` names it."""
    geo = geometry_for(variant.directory)
    canvas = position_scene(doc, variant, game, phase, what, picture=picture, naming=naming)
    if geo is None or canvas is None:
        return None
    title = _position_title(game, phase, what, naming)
    image = canvas.finish()
    return Picture(encode(image, geo.credit), _name(game, phase), f"Map: {title}", geo.credit)


def _position_title(game: str, phase: str, what: str, naming: Naming) -> str:
    return f"{game} · {naming.turn(phase)} · {what}"


def position_scene(
    doc: Mapping[str, Any],
    variant: HasDirectory,
    game: str,
    phase: str,
    what: str = "position",
    *,
    picture: str,
    naming: Naming = CODES,
) -> Canvas | None:
    """The canvas (with its scene) of :func:`position_picture`."""
    geo = geometry_for(variant.directory)
    if geo is None:
        return None
    title = _position_title(game, phase, what, naming)
    if picture == GRID_PICTURE:
        from judge.rules.multiverse.ruleset import world_heads  # a grid is of a world

        active = {_key(b) for b in world_heads(doc)}
        boards = _states(doc["boards"])
        return draw_grid(geo, boards, [], active=active, changed=set(), title=title, naming=naming)
    board = BoardState(
        units=doc.get("units", []),
        dislodged=doc.get("dislodged", []),
        centres=doc.get("supply_centers", {}),
    )
    space = space_of(doc) if picture == ORBIT_PICTURE else None
    return single_canvas(geo, board, [], title, space=space)


def turn_picture(
    variant: HasDirectory,
    before: Mapping[str, Any],
    answer: Mapping[str, Any],
    game: str,
    turn: str,
    *,
    picture: str,
    read_location: ReadLocation,
    naming: Naming,
    words: OrderWords = STANDARD_WORDS,
) -> Picture | None:
    """The picture of a processed phase (standard) or step (multiverse, named ``turn``),
    the orders' locations read as ``read_location`` (the game's ruleset's) reads them,
    their kinds as its ``words`` word them, its turns and timelines named as
    ``naming`` names them.

    A picture that cannot be drawn is logged and left out: the results go out anyway."""
    try:
        if picture == GRID_PICTURE:
            return world_picture(
                answer, variant, game, turn, read_location=read_location, naming=naming
            )
        return results_picture(variant, before, answer, game, picture=picture, words=words)
    except Exception:  # noqa: BLE001 (a broken picture must not stop the results)
        log.exception("no map picture for %s %s", game, turn)
        return None


def safe_position_picture(
    doc: Mapping[str, Any],
    variant: HasDirectory,
    game: str,
    phase: str,
    what: str = "position",
    *,
    picture: str,
    naming: Naming,
) -> Picture | None:
    """:func:`position_picture`, logged and None when it cannot be drawn."""
    try:
        return position_picture(doc, variant, game, phase, what, picture=picture, naming=naming)
    except Exception:  # noqa: BLE001 (a broken picture must not stop the mail)
        log.exception("no map picture for %s %s", game, phase)
        return None
