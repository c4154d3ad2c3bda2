"""The multiverse rules, layered over a map's ruleset (docs/multiverse.md).

The stored position is a world document (boards, rules, history, iteration; no
orders).  Every board is played on the map of the base ruleset; the base ruleset
is kept as ``base`` and its engine hooks are the ones each board runs with.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from judge.engine.boards import BoardKey, BoardText, Location, MLoc
from judge.engine.phase import Turn, board_time
from judge.orders.data import OrderDecoding, decoding_of
from judge.orders.forms import OrderForm
from judge.orders.keys import OrderKey
from judge.rules.base import (
    GRID_PICTURE,
    VICTORY_WORDS,
    BoardView,
    Document,
    Group,
    Owed,
    Ruleset,
    Step,
    StoredOrder,
    with_notes,
)
from judge.rules.multiverse.fived import fived_board_name, fived_turn
from judge.rules.multiverse.fived_ruleset import (
    BUILDS_NOTE,
    fived_turn_label,
    fived_view,
    timeline_name_of,
)
from judge.rules.multiverse.locations import (
    locations_in,
    read_location,
    rewritten,
    write_fived_location,
    write_location,
)
from judge.rules.multiverse.world import FIVED
from judge.store.positions import Position, changed, derived, kept

if TYPE_CHECKING:
    from judge.reports.names import Names
    from judge.reports.sentences import OrderWords
    from judge.reports.settings import ReportSettings, VariantLike

# The keys of an answer that make up the next stored world.
_JSON_PARTS = "multiverse json parts"  # what a stored world's position keeps (JsonParts)
_WORLD_KEYS = ("iteration", "boards", "history", "pending_boards", "winner", "eliminated")


def world_heads(doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The latest board of every timeline of a world, by timeline number."""
    heads: dict[Any, tuple[tuple[int, int, int], Mapping[str, Any]]] = {}
    for board in doc.get("boards") or []:
        line = board.get("timeline")
        time = board_time(board.get("phase", ""))  # read once per board
        best = heads.get(line)
        if best is None or time > best[0]:
            heads[line] = (time, board)
    return [heads[line][1] for line in sorted(heads, key=_timeline_order)]


def _timeline_order(line: Any) -> tuple[int, str]:
    """Timelines by number (2 before 10); anything else after them, by name."""
    text = str(line)
    return (int(text), "") if text.isdigit() else (1 << 30, text)


def is_fived(doc: Mapping[str, Any]) -> bool:
    """Whether a world document is played by the 5dplomacy rule set."""
    rules = doc.get("rules")
    return isinstance(rules, Mapping) and rules.get("ruleset") == FIVED


def _models(step: Step) -> dict[str, Any]:
    """Kept with a step's position: what its reports in every reader's zone share."""
    return derived(step.before, "multiverse report models", dict)


def world_retreats_pending(world: Mapping[str, Any]) -> bool:
    """Whether the world waits for retreats (some board has dislodged units)."""
    return any(board.get("dislodged") for board in world.get("boards", []))


def world_phase(world: Mapping[str, Any]) -> str:
    """``Game.phase`` of a multiverse game: the turn of the latest active board and
    the kind of the next step: R while units must retreat, A when every active board
    is a winter board, M otherwise (``F1902M``, ``F1902R``, ``W1902A``).

    Every processed step moves the latest board on (or pauses for retreats, R), so
    the code is unique per processed turn."""
    phases = [_head_phase(board) for board in world_heads(world)]
    latest = max(phases, key=board_time)
    turn = Turn.parse(latest)
    if world_retreats_pending(world):
        return turn.phase("R").code
    if all(Turn.parse(code).is_winter for code in phases):
        return turn.phase("A").code
    return turn.phase("M").code


def _head_phase(board: Mapping[str, Any]) -> str:
    """A head's phase code; a 5dplomacy Spring board waiting for the adjustments
    after the Fall counts as the winter between them (``S1902M`` -> ``W1901A``), so
    the game's phase is ``W1901A`` while every head waits, as in a standard game."""
    if board.get("adjusting"):
        return f"W{Turn.parse(board['phase']).year - 1}A"
    return board["phase"]


def _adjusting_board(doc: Mapping[str, Any], where: tuple[int, Turn]) -> bool:
    """Whether the board at ``where`` (timeline, turn) waits for its adjustments."""
    timeline, turn = where
    return (timeline, turn.phase().code) in derived(
        doc,
        "multiverse adjusting boards",
        lambda: {
            (b.get("timeline"), b.get("phase"))
            for b in doc.get("boards") or []
            if b.get("adjusting")
        },
    )


_WAIVES: Group = ("waive", "")
"""The allowance of waives: they name no board, and answer the builds owed on all."""

TIMELINE_FORM = OrderForm(
    "timeline notation",
    "<unit> <timeline>:<province>:<turn> - <timeline>:<province>:<turn>",
    "Where several boards could be meant, a place is written timeline:province:turn: "
    "the timeline as a number or a NATO word (1 or alfa, 2 or bravo), the turn as "
    "S1902, F02 or Fall 1902. A move to an earlier turn travels back in time and "
    "forks a new timeline; with one timeline the plain forms (A Mun - Tyr) do.",
    "A 1:mun:F1901 - 1:tyr:S1901",
    ("timeline", "timelines", "notation", "multiverse", "time travel", "5d"),
)


# The multiverse rules in words for players (docs/multiverse.md, "Victory", "Winter").
MULTIVERSE_VICTORY = {
    "name": "Victory",
    "title": "multiverse",
    "aliases": list(VICTORY_WORDS),
    "summary": "A power that alone owns the most unique supply centres (each province "
    "counted once, across the active boards of every timeline) and at least 18 wins.",
}
MULTIVERSE_BUILDS = {
    "name": "Builds",
    "title": "multiverse",
    "aliases": ["builds", "removals", "adjustments", "winter"],
    "summary": "Builds and removals are counted board by board, on each winter board: "
    "its centres minus its units, a build only in a free home centre you own on that "
    "board. Write them with the board: build A 1:kie:W1901.",
}
FIVED_VICTORY = {
    **MULTIVERSE_VICTORY,
    "title": "5dplomacy",
    "summary": "A power eliminated in one timeline (no unit and no supply centre on its "
    "active board) is eliminated in all: its orders are refused and it cannot win. The "
    "last power left wins; otherwise a power that alone owns the most unique supply "
    "centres (each province counted once, across the active boards) and at least 18 "
    "wins.",
}


def _on_board(move: str, board: Mapping[str, Any]) -> str | None:
    """A plain move example (``F Bre - Eng``) with each place written as
    timeline:province:turn of ``board``; None for any other example."""
    words = move.split()
    if len(words) != 4 or words[2] != "-":
        return None
    unit, origin, _, target = words
    where = f"{board['timeline']}:{{}}:{Turn.parse(board['phase']).code}"
    return f"{unit} {where.format(origin.lower())} - {where.format(target.lower())}"


def _wordings(given: list[tuple[str, str, Any]]) -> dict[str, list[str]]:
    """The orders of a step per power, as worded (the ``orders`` of a world document)."""
    found: dict[str, list[str]] = {}
    for power, text, *_ in given:
        found.setdefault(power, []).append(text)
    return found


class MultiverseRuleset(Ruleset):
    """Multiverse Diplomacy over the map of ``base``: timelines, time travel, forks."""

    name = "multiverse"
    # LOOSE (the default) or STRICT adjacency of the reference rules, or the
    # 5dplomacy rule set (which brings its own adjacency).
    settings = ("loose", "strict", FIVED)
    centre_totals_heading = "Unique supply centres on the active boards:"
    picture = GRID_PICTURE

    @property
    def board_picture(self) -> str:  # type: ignore[override]
        """One board is drawn as the map's rules draw their position."""
        return self.base.board_picture

    @property
    def players_name_powers(self) -> bool:  # type: ignore[override]
        return self.base.players_name_powers

    def timeline_boards(self, doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        return list(doc.get("boards", []))

    def __init__(self, base: Ruleset) -> None:
        self.base = base

    @property
    def engine(self) -> Any:  # type: ignore[override]
        """The base ruleset's engine hooks: every board is played by the map's rules."""
        return self.base.engine

    def order_decoding(self) -> OrderDecoding:
        """The map's order kinds, on the boards of the world (:class:`MLoc`)."""
        return decoding_of(self.base.engine, MLoc)

    def order_words(self) -> OrderWords:
        """The map's rules word the orders on every board."""
        return self.base.order_words()

    # -------------------------------------------------------------- positions

    def counted_centres(self, centers: Mapping[str, str]) -> Mapping[str, str]:
        return self.base.counted_centres(centers)

    def starting_position(self, variant: str, *, adjacency: str = "", seed: int = 0) -> Document:
        from judge.rules.multiverse.basemap import base_map_for
        from judge.rules.multiverse.json_io import write_world
        from judge.rules.multiverse.setup import starting_world

        base = base_map_for(variant)
        if adjacency == FIVED:  # CREATE ... RULES MULTIVERSE 5DPLOMACY
            world = starting_world(base, seed=seed, rules=FIVED)
            rules: dict[str, Any] = {"ruleset": FIVED, "seed": seed}
        else:
            strict = adjacency == "strict"
            world = starting_world(base, strict=strict, seed=seed)
            rules = {"adjacency": "strict" if strict else "loose", "seed": seed}
        return {"variant": variant, "rules": rules, **write_world(base, world)}

    def phase_code(self, doc: Mapping[str, Any]) -> str:
        return world_phase(doc)

    def retreats_pending(self, doc: Mapping[str, Any]) -> bool:
        return world_retreats_pending(doc)

    def active_boards(self, doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        return list(derived(doc, "multiverse heads", lambda: world_heads(doc)))

    # ----------------------------------------------------------- mail orders

    def check_orders(self, doc: Document, power: str, lines: list[str]) -> list[Any]:
        from judge.rules.multiverse.mail_orders import check_world_orders

        return check_world_orders(doc, power, lines, self.base)

    def order_attempt(self, variant: str, text: str) -> bool:
        """An order of the board rules, or a line that writes a multiverse location
        (``1:mun:S1901``, ``alfa:MUN:Spring01``, ``2:par``)."""
        from judge.rules.multiverse.basemap import base_map_for
        from judge.rules.multiverse.notation import board_heading, writes_location

        return (
            self.base.order_attempt(variant, text)
            or writes_location(variant, text)
            or board_heading(base_map_for(variant), text)
        )

    def order_shaped(self, variant: str, text: str) -> bool:
        """An order's shape on the board rules, alone or after a timeline in front
        (``bravo: A mnu - tyr``), or a multiverse location written."""
        from judge.rules.multiverse.notation import order_after_front, writes_location

        after = order_after_front(text)
        return (
            self.base.order_shaped(variant, text)
            or writes_location(variant, text)
            or (after is not None and self.base.order_shaped(variant, after))
        )

    def order_near(self, variant: str, text: str, where: str = "among") -> bool:
        """Near an order of the board rules, alone or after a timeline in front."""
        from judge.rules.multiverse.notation import order_after_front

        after = order_after_front(text)
        return any(
            self.base.order_near(variant, line, where) for line in (text, after) if line is not None
        )

    def owed(self, doc: Document) -> dict[str, list[Owed]]:
        from judge.rules.multiverse.mail_orders import world_owed

        return world_owed(doc, self.base)

    def builds_unusable(self, doc: Document, power: str) -> bool:
        from judge.rules.multiverse.mail_orders import world_builds_unusable

        return world_builds_unusable(doc, power, self.base)

    def allowance_group(self, doc: Document, key: OrderKey) -> Group | None:
        if key.is_waive:
            return _WAIVES  # no effect on any board: as many as builds owed
        if key.board is None:
            return None
        if not (key.is_build or key.turn.is_winter or _adjusting_board(doc, key.board)):
            return None  # a unit on a movement board
        return ("build" if key.is_build else "remove", f"{key.timeline}:{key.turn.code}")

    def allowances(self, doc: Document, power: str) -> dict[Group, int]:
        """Per board the builds it may place or the removals it owes; the waives (and
        builds) all together: the builds its centres give, those with nowhere to be
        made too."""
        from judge.rules.multiverse.mail_orders import board_adjustments, world_builds_by_centres

        found: dict[Group, int] = {_WAIVES: 0}
        for (owner, board), change in board_adjustments(doc, self.base).items():
            if owner == power:
                found["build" if change > 0 else "remove", board] = abs(change)
                found[_WAIVES] += max(change, 0)
        if found[_WAIVES]:
            by_centres = world_builds_by_centres(doc, power, self.base)
            found[_WAIVES] = max(found[_WAIVES], by_centres)
        return found

    def uses_allowance(self, doc: Document, key: OrderKey, group: Group) -> bool:
        """A waive names no board: it declines one of the builds owed on every board
        together, so the builds made and the waives given use up its allowance (as a
        standard game counts builds and waives)."""
        if group == _WAIVES:
            return key.is_waive or key.is_build
        return super().uses_allowance(doc, key, group)

    def allowance_place(self, group: Group) -> str:
        board = group[1]
        if not board:
            return ""
        timeline, turn = board.split(":")
        return f" on timeline {timeline}, {turn}"

    # ---------------------------------------------------------- adjudication

    def adjudicate(self, doc: Document) -> Document:
        from judge.rules.documents import DocumentError
        from judge.rules.multiverse.json_io import WorldDocumentError, adjudicate_world_document

        try:
            return adjudicate_world_document(doc, self.base)
        except WorldDocumentError as error:
            raise DocumentError(str(error)) from None

    def step(self, doc: Document) -> Step:
        return self._step(doc, None)

    steps_read_only = True  # judge_world reads the world and writes a new one

    def step_stored(self, doc: Document, orders: Mapping[str, list[StoredOrder]]) -> Step:
        """Adjudicate the orders as the game stored them: as data, read again from
        their wording only when a row has none (stored before orders were data)."""
        given = [
            (power, o.canonical, o.order, o.checked, o.data)
            for power, mine in orders.items()
            for o in mine
        ]
        return self._step(doc, given)

    def _step(self, doc: Document, given: list | None) -> Step:
        """One step of a stored game: the answer (for the report) and the next world
        keep the history as data (docs/multiverse.md); ``judge adjudicate``
        (:meth:`adjudicate`) answers with text."""
        from judge.rules.multiverse.json_io import WORLD_KEPT, JsonParts, history_shown, judge_world

        # The boards and history entries written for the position before are written
        # again only where they changed (their JSON texts kept with the next position).
        parts = JsonParts(kept(doc, _JSON_PARTS))
        judged = judge_world(doc, self.base, given, as_data=True, parts=parts)
        answer = judged.answer
        after: dict[str, Any] = {"variant": doc.get("variant", "standard")}
        if "rules" in doc:
            after["rules"] = doc["rules"]
        for key in _WORLD_KEYS:
            if answer.get(key) is not None:
                after[key] = answer[key]
        shown: dict[str, Any] = {} if given is None else {"orders": _wordings(given)}
        if any(isinstance(h.get("order"), dict) for h in doc.get("history") or ()):
            # The report lists the past orders of re-judged boards (as data, each
            # matched with its new result by its canonical text).
            shown["history"] = history_shown(judged.before, judged.rejudged, judged.rejudged_units)
        # Shared by the report of every recipient's zone: their boards are read once
        # (those of the position before, already read for the turn, are kept).
        before = changed(doc, shown)
        after = Position(after)
        # The next turn and mails take the world this one made, and its written parts.
        after.derived[WORLD_KEPT] = judged.after
        after.derived[_JSON_PARTS] = parts
        after.texts.update(parts.texts)
        return Step(before, answer, after, world_phase(after), answer.get("winner"))

    # --------------------------------------------------------------- reports

    def processed_phase(self, step: Step) -> str:
        # Named by the game's code for the step (W1901M after a fork), as PROCESS and
        # HISTORY name it, not by the latest board that happened to receive orders.
        return world_phase(step.before)

    def render_results(
        self, step: Step, variant: VariantLike, settings: ReportSettings, *, preview: bool = False
    ) -> tuple[str, str, str]:
        from judge.reports import render_multiverse_report

        settings = with_notes(settings, self.report_notes(step, variant))
        return render_multiverse_report(
            self.report_world(step), variant, settings, preview=preview, kept=_models(step)
        )

    def report_notes(self, step: Step, variant: Any) -> list[str]:
        """The map's rules' notes on each board the step judged, as a standard game
        of those rules has them (Colonial's train stops, Hong Kong, the canal), each
        said of its board (``Timeline 1, Spring of 1870: ...``); made once per step."""
        from judge.reports import phase_season
        from judge.rules.multiverse.board_notes import board_notes

        def title(timeline: int, phase: str) -> str:
            return f"Timeline {self.timeline_label(timeline)}, {phase_season(phase)}"

        def notes() -> list[str]:
            if not self.base.writes_notes:
                return []  # none to ask for: no board's step is made
            return board_notes(self.base, step, self.report_world(step)["boards"], variant, title)

        return list(derived(step.before, "multiverse notes", notes))

    def report_world(self, step: Step) -> dict[str, Any]:
        """The input of a step's multiverse report (:func:`judge.reports.multiverse_model`):
        the boards' results, each adjusted board with what was owed on it, and the
        tables of the adjusting boards the step leaves to order (made once per step,
        for the reports of every zone)."""
        return dict(derived(step.before, "multiverse report", lambda: self._report_world(step)))

    def _report_world(self, step: Step) -> dict[str, Any]:
        from judge.reports import multiverse_report_input
        from judge.rules.multiverse.mail_orders import board_tables, positions_after_moves

        adjusted = board_tables(step.before, self.base)
        world = multiverse_report_input(
            step.before,
            step.answer,
            adjusted,
            locations=self,
            words=self.order_words(),
            counted=self.counted_centres,
        )
        world["turn"] = self.turn_label(self.processed_phase(step))
        world["adjustments"] = board_tables(step.after, self.base)
        world["positions"] = positions_after_moves(step.after, world["positions"], self.base)
        return world

    def start_notes(self, board: Mapping[str, Any], variant: Any, power: str | None) -> list[str]:
        from judge.rules.multiverse.describe import notation_note

        write, label = self.write_location, self.timeline_label
        return [notation_note(board, variant, power, write=write, timeline_label=label)]

    def board_views(self, doc: Mapping[str, Any]) -> list[BoardView]:
        from judge.rules.multiverse.mail_orders import positions_after_moves

        views = []
        # a board waiting for retreats is shown with its units after its moves
        boards = positions_after_moves(doc, list(self.active_boards(doc)), self.base)
        for board in boards:
            timeline = str(board["timeline"])
            turn = Turn.parse(board["phase"]).code

            def write(u: Mapping[str, Any], timeline: str = timeline, turn: str = turn) -> str:
                return f"{u.get('type', '?')} {timeline}:{u.get('province', '?')}:{turn}"

            heading = f"Board {timeline}:{turn} (timeline {timeline}, {board.get('phase')}):"
            views.append(BoardView(board, write, heading))
        return views

    def timeline_lines(self, doc: Mapping[str, Any]) -> list[str]:
        boards = doc["boards"]
        timelines = sorted({b["timeline"] for b in boards})
        name = self.timeline_label
        active = self.active_boards(doc)
        lines = [
            f"Timelines: {len(timelines)}; boards: {len(boards)}; active boards: "
            + ", ".join(f"timeline {name(b['timeline'])} {b['phase']}" for b in active)
            + "."
        ]
        for board in boards:
            for child in board.get("child_timelines") or []:
                lines.append(
                    f"Timeline {name(child)} forked from timeline {name(board['timeline'])} "
                    f"at {board['phase']}."
                )
        return lines

    def turn_title(self, phase: str, number: int) -> str:
        """A turn runs every active board (one may adjust while another moves): it is
        named by its number, as its results report names it."""
        return f"turn {number}"

    def variant_label(self, label: str) -> str:
        return f"{label} (multiverse)"

    def read_location(self, text: str) -> Location:
        return read_location(text) or text

    def locations_in(self, text: str) -> Iterator[tuple[int, int, Location]]:
        return locations_in(text)

    def write_location(self, loc: Location) -> str:
        return write_location(loc)

    def rules_title(self, variant: Any, setting: str) -> str:
        return f"{self.name} ({setting} adjacency)"

    def report_names(self, variant: VariantLike) -> Names:
        return self.base.report_names(variant)

    def rules_setting(self, setting: str) -> str:
        return f"{self.name} ({setting} adjacency)"

    def order_forms(self) -> tuple[OrderForm, ...]:
        """The map's forms, each place written as timeline:province:turn where
        several boards could be meant."""
        return (TIMELINE_FORM, *self.base.order_forms())

    def order_examples(
        self, doc: Mapping[str, Any], variant: Any, power: str | None = None, *, start: bool = False
    ) -> list[tuple[OrderForm, str]]:
        """The map's examples, and the timeline notation's: the move example written
        with its board (``F 1:bre:S1901 - 1:eng:S1901``)."""
        found = super().order_examples(doc, variant, power, start=start)
        move = next((text for form, text in found if form.name == "move"), "")
        boards = self.active_boards(doc)
        noted = _on_board(move, boards[0]) if boards and not start else None
        return [(TIMELINE_FORM, noted), *found] if noted else found

    def rules_in_words(self) -> list[dict[str, Any]]:
        return [MULTIVERSE_VICTORY, MULTIVERSE_BUILDS]

    def played_as(self, setting: str) -> Ruleset:
        if setting == FIVED:
            return FivedRuleset(self.base)
        return self

    def for_document(self, doc: Mapping[str, Any]) -> Ruleset:
        return self.played_as(FIVED if is_fived(doc) else "")


class FivedRuleset(MultiverseRuleset):
    """Multiverse Diplomacy by the 5dplomacy rule set (``RULES MULTIVERSE 5DPLOMACY``)."""

    def rules_in_words(self) -> list[dict[str, Any]]:
        return [FIVED_VICTORY, {**MULTIVERSE_BUILDS, "title": "5dplomacy", "summary": BUILDS_NOTE}]

    def variant_label(self, label: str) -> str:
        return f"{label} (5dplomacy)"

    def rules_title(self, variant: Any, setting: str) -> str:
        return f"{self.name} (5dplomacy rule set)"

    def played_as(self, setting: str) -> MultiverseRuleset:
        return self

    def written(self, text: str) -> str:
        return rewritten(text, self.write_location)

    def timeline_label(self, timeline: Any) -> str:
        return timeline_name_of(timeline)

    def unordered(self, doc: Document, power: str, keys: Iterable[OrderKey]) -> list[str]:
        return [
            BoardText(self.written(item), item.board, fived_board_name(item.board))
            if isinstance(item, BoardText)
            else self.written(item)
            for item in super().unordered(doc, power, keys)
        ]

    def turn_label(self, phase: str) -> str:
        return fived_turn_label(phase)

    def allowance_place(self, group: Group) -> str:
        """The board of an allowance as the game names it: `` on board alfa:Spring02``."""
        if not group[1]:
            return ""
        timeline, turn = group[1].split(":")
        return f" on board {fived_board_name(BoardKey.of(int(timeline), Turn.parse(turn)))}"

    def write_location(self, loc: Location) -> str:
        return write_fived_location(loc)

    def render_results(
        self, step: Step, variant: VariantLike, settings: ReportSettings, *, preview: bool = False
    ) -> tuple[str, str, str]:
        from judge.reports import render_multiverse_report
        from judge.reports.multiverse import BoardWriting

        settings = with_notes(settings, self.report_notes(step, variant))
        world = self.report_world(step)
        world["adjustments_note"] = BUILDS_NOTE
        writing = BoardWriting(timeline_name_of, fived_turn, self.write_location, in_orders=True)
        return render_multiverse_report(
            world, variant, settings, preview=preview, writing=writing, kept=_models(step)
        )

    def start_notes(self, board: Mapping[str, Any], variant: Any, power: str | None) -> list[str]:
        return [*super().start_notes(board, variant, power), BUILDS_NOTE]

    def board_views(self, doc: Mapping[str, Any]) -> list[BoardView]:
        return [BoardView(board, *fived_view(board)) for board in self.active_boards(doc)]
