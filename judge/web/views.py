"""What the web pages show, read from the database into plain values.

Each function reads one page's facts; the templates (``templates/web/``) only lay
them out.  What a page may show is decided here and in :mod:`judge.web.visibility`:
processed phases only (their stored results reports), broadcast press only (a grey
sender never named), no addresses, players' names only where the game's anonymity
allows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, func, select

from judge.clock.timing import describe_rules
from judge.commands.broadcasts import broadcasts_of, press_sender, public_sender, sender_name
from judge.commands.press import MASTER_MARK, OBSERVERS_MARK
from judge.game.clock import game_timing
from judge.game.clock_votes import votes_line
from judge.game.end import ended_at
from judge.game.games import (
    current_order_texts,
    game_powers,
    phase_label,
    power_name,
    press_line,
    shown_phase,
    variant_label,
)
from judge.game.history import centres_by_year
from judge.game.processing import late_powers
from judge.game.stints import Stint, stint_parts, stints_of
from judge.game.votes import draw_rule_line
from judge.reports.centres import centres_listed
from judge.reports.phases import describe_phase
from judge.rules.base import BoardView, Ruleset
from judge.rules.registry import ruleset_for_game
from judge.store.models import (
    ACTIVE,
    FINISHED,
    FORMING,
    PAUSED,
    PLAYING,
    REPORT_RESULTS,
    Account,
    Applicant,
    Game,
    GameReport,
    Player,
    Press,
    as_utc,
)
from judge.web.visibility import listed, shows_players


@dataclass(frozen=True)
class GameLine:
    """One game in the index."""

    name: str
    variant: str
    phase: str
    status: str
    deadline: datetime | None
    open_seats: int = 0
    outcome: str = ""


@dataclass(frozen=True)
class Index:
    """The index page: games that are forming, running, and finished."""

    forming: list[GameLine]
    running: list[GameLine]
    finished: list[GameLine]


@dataclass(frozen=True)
class PowerRow:
    """One power's line in a game's standings."""

    name: str
    player: str  # the player's name, "" when hidden or nobody plays it
    state: str  # "playing", "resigned", "nobody plays it", ...
    centres: int
    units: list[str]
    # Who played it, one after another, when it changed hands (SUMMARY's stints:
    # ``France Player (resigned)``, ``from F1901M: Nora``), each as the text before
    # the player's name, the name, and the text after it; empty otherwise.
    stints: tuple[tuple[str, str, str], ...] = ()
    # What LIST adds to a power's units: its dislodged units (in a retreat phase)
    # and its ruleset's status lines (an Outer Space empire's colonies).
    notes: tuple[str, ...] = ()
    late: bool = False  # the deadline has passed and its orders are missing
    # How it came out of the finished game (won, drawn, survived, eliminated; "not
    # known" for a game ended before results were kept); "" while the game runs.
    result: str = ""


@dataclass(frozen=True)
class BoardBlock:
    """One board's units and centres as the game's status shows them."""

    heading: str
    lines: list[str]


@dataclass(frozen=True)
class PhaseLink:
    """One processed phase in a game's history: its code, and its label and title
    as the game's players read them (the ruleset's ``turn_label``, ``turn_title``)."""

    number: int
    phase: str
    title: str
    label: str = ""


@dataclass(frozen=True)
class PressItem:
    """One broadcast press message."""

    phase: str
    sender: str
    body: str
    sent: datetime | None


@dataclass(frozen=True)
class BoardCell:
    """One board of a multiverse world, for the grid of links: its timeline and
    phase (for the address), and both as the game's players name them."""

    timeline: int
    phase: str
    active: bool
    forks: tuple[str, ...] = ()  # the names of the timelines forking from it
    label: str = ""
    line: str = ""


@dataclass(frozen=True)
class GamePage:
    """A game's page."""

    name: str
    variant: str
    status: str
    phase: str
    phase_title: str
    deadline: datetime | None
    outcome: str
    settings: list[str]
    powers: list[PowerRow]
    boards: list[BoardBlock]
    totals: list[tuple[str, int]]
    phases: list[PhaseLink]
    press: list[PressItem]
    timelines: dict[str, list[BoardCell]] = field(default_factory=dict)
    version: int = 0
    ended: datetime | None = None  # when a finished game ended, as LIST gives it
    # An anonymous game's late powers are not named: only that some are late.
    some_late: bool = False
    # SUMMARY's table: each power's centres at the start, each year's end and now.
    years: list[tuple[str, list[int]]] = field(default_factory=list)
    # Whether the map is the position after the phase shown: a game won in it stores
    # the next phase's position; one drawn or conceded stays in its phase, unplayed.
    after_phase: bool = False


@dataclass(frozen=True)
class PhasePage:
    """One processed phase: its results report and its neighbours."""

    game: str
    number: int
    phase: str  # as the game's players read it (a 5dplomacy game's Spring03-builds)
    title: str
    report: str
    previous: int | None
    next: int | None
    phases: tuple[PhaseLink, ...]
    stamp: str = ""  # the report's (report_stamp): the map's address changes with it


@dataclass(frozen=True)
class BoardPage:
    """One board of a multiverse world at full size, with its timeline around it."""

    game: str
    timeline: int
    line: str  # the timeline as the game's players name it (a 5dplomacy game's bravo)
    phase: str
    title: str
    lines: list[str]
    previous: BoardCell | None
    next: BoardCell | None
    parent: BoardCell | None
    forks: tuple[str, ...]


@dataclass(frozen=True)
class PrivatePage:
    """A player's own page: their press, sent and received, and their orders now."""

    game: str
    powers: list[str]
    phase: str
    orders: dict[str, list[str]]
    press: list[tuple[PressItem, str, bool]]  # (item, recipients, sent by the player)


# ------------------------------------------------------------------ the index


def index(session: Session) -> Index:
    """Every listed game, by status."""
    games = [g for g in session.exec(select(Game).order_by(col(Game.name))) if listed(g)]
    joined = dict(
        session.exec(  # type: ignore[call-overload]
            select(Applicant.game_id, func.count()).group_by(col(Applicant.game_id))
        ).all()
    )
    forming, running, finished = [], [], []
    for g in games:
        line = GameLine(g.name, variant_label(g), phase_label(g), g.status, as_utc(g.deadline))
        if g.status == FORMING:
            seats = g.seats or len(game_powers(g))
            open_seats = max(0, seats - int(joined.get(g.id, 0)))
            forming.append(GameLine(g.name, line.variant, g.phase, g.status, None, open_seats))
        elif g.status in (ACTIVE, PAUSED):
            running.append(line)
        elif g.status == FINISHED:
            finished.append(
                GameLine(g.name, line.variant, g.phase, g.status, None, outcome=g.outcome)
            )
    return Index(forming, running, finished)


def index_version(session: Session) -> tuple[int, int, int]:
    """What changes whenever the index may change (games added, any game's lock)."""
    row = session.exec(  # type: ignore[call-overload]
        select(func.count(), func.coalesce(func.max(Game.id), 0), func.sum(Game.version))
    ).one()
    joined = session.exec(select(func.count()).select_from(Applicant)).one()  # type: ignore[call-overload]
    return int(row[0]), int(row[1]) * 1_000_003 + int(row[2] or 0), int(joined)


# ------------------------------------------------------------------ a game


def find_listed(session: Session, name: str) -> Game | None:
    """The listed game of that name (any case), or None."""
    game = session.exec(select(Game).where(func.lower(Game.name) == name.lower())).first()
    return game if game is not None and listed(game) else None


def game_version(session: Session, game: Game) -> tuple[int, int, int, tuple[str, ...]]:
    """What changes whenever the game's page may change: the game's lock count, its
    number of processed phases, its latest broadcast press, and its players' names
    (a player renamed by REGISTER changes no game)."""
    last_press = session.exec(
        select(func.coalesce(func.max(Press.id), 0)).where(
            Press.game_id == game.id, col(Press.broadcast)
        )
    ).one()
    names = session.exec(
        select(Account.name)
        .where(Player.game_id == game.id, Player.account_id == Account.id)
        .order_by(col(Player.id))
    ).all()
    return game.version, game.number, int(last_press), tuple(names)


def _players(session: Session, game: Game) -> dict[str, tuple[Player, Account]]:
    rows = session.exec(
        select(Player, Account)
        .where(Player.game_id == game.id, Player.account_id == Account.id)
        .order_by(col(Player.id))
    )
    found: dict[str, tuple[Player, Account]] = {}
    for player, account in rows:
        if player.power not in found or player.status == PLAYING:
            found[player.power] = (player, account)
    return found


def _power_rows(
    session: Session, game: Game, doc: Mapping[str, Any], late: set[str]
) -> list[PowerRow]:
    rules = ruleset_for_game(game)
    counts = rules.centre_counts(doc)
    seated = _players(session, game)
    named = shows_players(game)
    stints = stints_of(session, game)
    ids = {st.account_id for held in stints.values() for st in held}
    names = {a.id: a.name for a in session.exec(select(Account).where(col(Account.id).in_(ids)))}
    views = rules.board_views(doc)  # once, not once per power
    rows = []
    for power in game_powers(game):
        units = [
            view.unit_text(u)
            for view in views
            for u in view.board.get("units", [])
            if u.get("power") == power.code
        ]
        notes = tuple(
            [
                f"dislodged: {_dislodged(view, u)}"
                for view in views
                for u in view.board.get("dislodged", [])
                if u.get("power") == power.code
            ]
            + [line for view in views for line in rules.status_lines(view.board, power.code)]
        )
        seat = seated.get(power.code)
        if seat is None:
            state, player = ("waiting" if game.status == FORMING else "nobody plays it"), ""
        else:
            state = seat[0].status
            player = (seat[1].name or "(no name)") if named else ""
        held = stints.get(power.code, [])
        shown = tuple(stint_parts(st, _stint_name(names, st, named)) for st in held)
        row = PowerRow(power.name, player, state, counts.get(power.code, 0), units, notes=notes)
        row = replace(row, late=power.code in late, result=_result(game, seat))
        rows.append(replace(row, stints=shown) if len(held) > 1 else row)
    return rows


def _result(game: Game, seat: tuple[Player, Account] | None) -> str:
    """A power's result in its finished game, as the page gives it ("" before the end)."""
    if game.status != FINISHED:
        return ""
    return (seat[0].result if seat else None) or "not known"


def _stint_name(names: Mapping[int | None, str], stint: Stint, named: bool) -> str:
    """A player of a stint as the page names them: by name, never by address."""
    return (names.get(stint.account_id) or "(no name)") if named else "(anonymous)"


def _board_blocks(game: Game, doc: Mapping[str, Any]) -> list[BoardBlock]:
    rules = ruleset_for_game(game)
    blocks = []
    for view in rules.board_views(doc):
        centres = view.board.get("supply_centers") or {}
        lines = []
        for power in game_powers(game):
            mine = [
                view.unit_text(u)
                for u in view.board.get("units", [])
                if u.get("power") == power.code
            ]
            owned = sorted(centres.get(power.code, []))
            if mine or owned:
                lines.append(
                    f"{power.name}: {centres_listed(owned)}; units: {', '.join(mine) or '-'}"
                )
        for unit in view.board.get("dislodged", []):
            owner = power_name(game, str(unit.get("power")))
            lines.append(f"Dislodged: {owner} {_dislodged(view, unit)}")
        blocks.append(BoardBlock(view.heading, lines))
    return blocks


def _dislodged(view: BoardView, unit: Mapping[str, Any]) -> str:
    """A dislodged unit and where it may retreat: ``A Ven (retreats: apu, pie)``."""
    options = ", ".join(unit.get("retreat_options") or []) or "none"
    return f"{view.unit_text(unit)} (retreats: {options})"


def _settings(game: Game) -> list[str]:
    """The game's settings as its page lists them: press, votes, anonymity, timing."""
    anonymous = (
        "Anonymous: yes, players' names are not shown until the game ends."
        if game.anonymous
        else "Anonymous: no, players' names are shown."
    )
    return [
        press_line(game),
        *filter(None, [draw_rule_line(game), votes_line(game)]),
        anonymous,
        *describe_rules(game_timing(game)).splitlines(),
    ]


def phases_of(session: Session, game: Game) -> list[PhaseLink]:
    """The game's processed phases, oldest first (one per stored results report)."""
    rows = session.exec(
        select(GameReport.number, GameReport.phase)
        .where(GameReport.game_id == game.id, GameReport.kind == REPORT_RESULTS)
        .order_by(col(GameReport.number), col(GameReport.id))
    )
    rules = ruleset_for_game(game)
    seen: dict[int, PhaseLink] = {}
    for number, phase in rows:
        title = _title(rules, phase, int(number))
        seen[int(number)] = PhaseLink(int(number), phase, title, rules.turn_label(phase))
    return list(seen.values())


def _title(rules: Ruleset, phase: str, number: int) -> str:
    """A game phase's title as its ruleset words it (the code, should it not read)."""
    try:
        return rules.turn_title(phase, number)
    except (KeyError, ValueError, AttributeError):
        return phase


def _board_title(phase: str) -> str:
    """One board's phase in words (a board has a phase of its own, not a turn)."""
    try:
        return describe_phase(phase)
    except (KeyError, ValueError, AttributeError):
        return phase


def _turn_shown(game: Game, phases: list[PhaseLink]) -> int:
    """The turn a game is shown in: the phase it ended in when that was processed
    (a victory), else the turn after the last one processed."""
    last = phases[-1] if phases else None
    if last is not None and game.status == FINISHED and last.phase == shown_phase(game):
        return last.number
    return (last.number if last else 0) + 1


_RECIPIENT_MARKS = {MASTER_MARK: "the Master", OBSERVERS_MARK: "the observers"}


def broadcast_press(session: Session, game: Game) -> list[PressItem]:
    """The game's broadcast press, oldest first; grey press without its sender."""
    return [
        PressItem(p.phase, public_sender(game, p), p.body, p.created_at)
        for p in broadcasts_of(session, game)
    ]


def _timelines(game: Game, doc: Mapping[str, Any]) -> dict[int, list[BoardCell]]:
    """The boards of a multiverse world by timeline, oldest first."""
    rules = ruleset_for_game(game)
    boards = rules.timeline_boards(doc)
    last: dict[int, str] = {}
    for b in boards:
        last[int(b["timeline"])] = str(b["phase"])
    grid: dict[int, list[BoardCell]] = {}
    for b in boards:
        timeline, phase = int(b["timeline"]), str(b["phase"])
        cell = BoardCell(
            timeline,
            phase,
            last[timeline] == phase,
            tuple(rules.timeline_label(t) for t in b.get("child_timelines") or ()),
            rules.turn_label(phase),
            rules.timeline_label(timeline),
        )
        grid.setdefault(timeline, []).append(cell)
    return dict(sorted(grid.items()))


def game_page(session: Session, game: Game, now: datetime) -> GamePage:
    """Everything a game's page shows at ``now`` (the powers late once the deadline
    has passed; in an anonymous game only that some are, as LIST says)."""
    doc = game.position_doc()
    late = late_powers(session, game, now)
    rules = ruleset_for_game(game)
    totals = []
    if rules.centre_totals_heading:
        counts = rules.centre_counts(doc)
        totals = [(p.name, counts.get(p.code, 0)) for p in game_powers(game)]
    phases = phases_of(session, game)
    return GamePage(
        name=game.name,
        variant=variant_label(game),
        status=game.status,
        phase=phase_label(game),
        phase_title=_title(rules, shown_phase(game), _turn_shown(game, phases)),
        deadline=as_utc(game.deadline) if game.status == ACTIVE else None,
        outcome=game.outcome,
        settings=_settings(game),
        powers=_power_rows(session, game, doc, set() if game.anonymous else late),
        boards=_board_blocks(game, doc),
        totals=totals,
        phases=phases,
        press=broadcast_press(session, game),
        timelines={row[0].line: row for row in _timelines(game, doc).values()},
        version=game.version,
        ended=ended_at(session, game),
        years=_years(session, game),
        after_phase=game.status == FINISHED and game.phase != shown_phase(game),
        some_late=bool(late) and game.anonymous,
    )


def _years(session: Session, game: Game) -> list[tuple[str, list[int]]]:
    """Each power's centres by year (in the order of the Powers table), once a year
    has ended or a phase was processed (before, the table is the Powers table)."""
    rows = centres_by_year(session, game)
    if len(rows) < 2:
        return []
    codes = [p.code for p in game_powers(game)]
    return [(label, [counts.get(code, 0) for code in codes]) for label, counts in rows.items()]


def results_report(session: Session, game: Game, number: int) -> GameReport | None:
    """The results report of the processed phase ``number`` (the report number after
    the phase; the latest, should a rollback have left an older one), or None."""
    return session.exec(
        select(GameReport)
        .where(
            GameReport.game_id == game.id,
            GameReport.kind == REPORT_RESULTS,
            GameReport.number == number,
        )
        .order_by(col(GameReport.id).desc())
    ).first()


def report_stamp(report: GameReport) -> str:
    """What tells one processing of a phase from another (after a rollback, the phase
    processed again gets a new report, perhaps under the same row id): for the map's
    address, so that no browser shows a map it kept from before."""
    when = as_utc(report.created_at)
    return f"{report.id}-{int(when.timestamp()) if when else 0}"


def phase_page(session: Session, game: Game, number: int) -> PhasePage | None:
    """A processed phase's page (``number``: the report number after the phase).

    The page is hashable: it is its own cache key, so a phase processed again after a
    rollback is never shown as it was before."""
    report = results_report(session, game, number)
    if report is None:
        return None
    phases = tuple(phases_of(session, game))
    numbers = [p.number for p in phases]
    at = numbers.index(number)
    return PhasePage(
        game=game.name,
        number=number,
        phase=phases[at].label,
        title=phases[at].title,
        report=report.text,
        previous=numbers[at - 1] if at > 0 else None,
        next=numbers[at + 1] if at + 1 < len(numbers) else None,
        phases=phases,
        stamp=report_stamp(report),
    )


def board_page(game: Game, timeline: int, phase: str) -> BoardPage | None:
    """One board of a multiverse game's world now, or None."""
    doc = game.position_doc()
    grid = _timelines(game, doc)
    cells = grid.get(timeline, [])
    at = next((i for i, c in enumerate(cells) if c.phase == phase.upper()), None)
    if at is None:
        return None
    rules = ruleset_for_game(game)
    name = rules.timeline_label(timeline)
    parent = next((c for row in grid.values() for c in row if name in c.forks), None)
    lines: list[str] = []
    for view in rules.board_views(_only_board(rules, doc, timeline, phase.upper())):
        for block in _board_blocks(game, {**doc, "boards": [view.board]}):
            lines.extend(block.lines)
        break
    return BoardPage(
        game=game.name,
        timeline=timeline,
        line=name,
        phase=phase.upper(),
        title=f"Timeline {name}, {_board_title(phase.upper())}",
        lines=lines,
        previous=cells[at - 1] if at > 0 else None,
        next=cells[at + 1] if at + 1 < len(cells) else None,
        parent=parent,
        forks=cells[at].forks,
    )


def _only_board(
    rules: Ruleset, doc: Mapping[str, Any], timeline: int, phase: str
) -> dict[str, Any]:
    """The world with only one board (every board is then the 'active' one)."""
    boards = [
        b
        for b in rules.timeline_boards(doc)
        if int(b["timeline"]) == timeline and b["phase"] == phase
    ]
    return {**doc, "boards": boards}


def board_of(game: Game, timeline: int, phase: str) -> Mapping[str, Any] | None:
    """The board document of one board of the world now, or None."""
    for b in ruleset_for_game(game).timeline_boards(game.position_doc()):
        if int(b["timeline"]) == timeline and str(b["phase"]) == phase.upper():
            return dict(b)
    return None


# ------------------------------------------------------------------ a player's own page


def private_page(session: Session, game: Game, player: Player) -> PrivatePage:
    """The player's press, sent and received, and their orders of the current phase
    as stored, for every power their account plays in the game.  The partial press
    of a power from before the player took it is the earlier player's, not shown."""
    seats = {
        p.power: as_utc(p.joined_at)
        for p in session.exec(
            select(Player).where(
                Player.game_id == game.id,
                Player.account_id == player.account_id,
                Player.status == PLAYING,
            )
        )
    }
    mine = sorted(seats)
    orders = {
        power_name(game, power): sorted(
            current_order_texts(session, game.id or 0, game.phase, power).values()
        )
        for power in mine
    }
    press: list[tuple[PressItem, str, bool]] = []
    for p in session.exec(select(Press).where(Press.game_id == game.id).order_by(col(Press.id))):
        to = p.recipient_list()
        sent = _theirs(p, [p.from_power], seats)
        if not p.broadcast and not sent and not _theirs(p, to, seats):
            continue
        name = sender_name(game, p.from_power)
        sender = name if sent else press_sender(p, name)
        names = "everyone" if p.broadcast else ", ".join(_recipient(game, t) for t in to)
        press.append((PressItem(p.phase, sender, p.body, p.created_at), names, sent))
    return PrivatePage(
        game=game.name,
        powers=[power_name(game, m) for m in mine],
        phase=phase_label(game),
        orders=orders,
        press=press,
    )


def _recipient(game: Game, code: str) -> str:
    """A press recipient's name: a power's, or the master or the observers."""
    return _RECIPIENT_MARKS.get(code) or power_name(game, code)


def _theirs(press: Press, powers: list[str], seats: Mapping[str, datetime | None]) -> bool:
    """Whether a press reached or left one of the player's powers while the player
    held it (``seats``: power -> when the player took it)."""
    sent = as_utc(press.created_at)
    for power in powers:
        if power in seats:
            since = seats[power]
            if since is None or sent is None or sent >= since:
                return True
    return False
