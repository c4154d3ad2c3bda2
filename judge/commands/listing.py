"""LIST: the games on this judge, or the state of one game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, func, select

from judge.clock.timing import format_for
from judge.commands.base import Command, Context, Statement
from judge.commands.gm_common import master_of
from judge.commands.player_state import mail_game
from judge.commands.registry import register
from judge.commands.summary import games_with_players, player_lines
from judge.game.abandoned import abandoned_powers, takeover_line
from judge.game.clock_votes import votes_line
from judge.game.end import ended_at, ended_dates
from judge.game.games import (
    disorder_rule_line,
    find_game,
    game_powers,
    players_of,
    press_line,
    state_text,
)
from judge.game.privacy import hidden_from
from judge.game.processing import late_powers, orders_missing, past_deadline
from judge.game.records import limits_line
from judge.game.start import places_taken
from judge.game.votes import draw_rule_line
from judge.reports.centres import centres_listed
from judge.rules.base import Ruleset
from judge.rules.registry import ruleset_for, ruleset_for_game
from judge.store.models import ACTIVE, FINISHED, FORMING, PLAYING, Account, Game, as_utc


def _deadline(moment: datetime | None) -> str:
    moment = as_utc(moment)
    return moment.strftime("%a %d %b %Y %H:%M UTC") if moment else "none"


def _when_cell(status: str, deadline: datetime | None, ended: datetime | None) -> str:
    """LIST's last column: a game's deadline, or when a finished game ended."""
    if status != FINISHED:
        return _deadline(deadline)
    return f"ended {_deadline(ended)}" if ended else "ended"


# LIST alone: one line per game, read by one query of the columns it needs (no
# game's position is loaded: a judge may hold thousands of games).
_GAME_LINES = select(
    Game.name,
    Game.variant,
    Game.rules,
    Game.adjacency,
    func.coalesce(col(Game.ended_in), col(Game.phase)),  # judge.game.games.shown_phase
    Game.status,
    Game.deadline,
    Game.id,
).order_by(col(Game.name))


_WIDTHS = (16, 12, 8, 9)  # LIST's columns before the deadline


def game_list(ctx: Context) -> list[str]:
    """One line per game."""
    query = _GAME_LINES.where(col(Game.unlisted).is_(False))  # never a private game
    rows = ctx.session.exec(query).all()
    if not rows:
        return ["There are no games on this judge yet."]
    rulesets: dict[tuple[str, str, str], Ruleset] = {}
    ended = ended_dates(ctx.session) if any(row[5] == FINISHED for row in rows) else {}
    table = [("Game", "Variant", "Phase", "Status", "Deadline")]
    for name, variant, rules, adjacency, phase, status, deadline, game_id in rows:
        key = (variant, rules, adjacency)
        if key not in rulesets:
            rulesets[key] = ruleset_for(variant, rules).played_as(adjacency)
        label, turn = rulesets[key].variant_label(variant), rulesets[key].turn_label(phase)
        table.append((name, label, turn, status, _when_cell(status, deadline, ended.get(game_id))))
    # Each column as wide as its longest entry (at least the usual widths), so that a
    # long label (``standard (multiverse)``) does not push its row out of line.
    widths = [max(least, *(len(row[i]) for row in table)) for i, least in enumerate(_WIDTHS)]
    return [
        " ".join(f"{cell:<{width}}" for cell, width in zip(row[:-1], widths, strict=True))
        + f" {row[-1]}"
        for row in table
    ]


def _power_lines(
    game: Game,
    rules: Ruleset,
    board: Mapping[str, Any],
    played: set[str],
    write: Callable[[Mapping[str, Any]], str],
    abandoned: set[str],
    late: set[str],
    alive: set[str],
) -> list[str]:
    """Each power's centres and units on one board (or a standard position), and
    the lines the ruleset adds for it; ``late`` powers are marked (njudge's LIST), a
    power out of the game (not ``alive``: no unit, no centre) is said eliminated."""
    centers = board.get("supply_centers") or {}
    lines = []
    for power in game_powers(game):
        if power.code not in alive:
            lines.append(f"{power.name}: eliminated")
            continue
        units = [write(u) for u in board.get("units", []) if u.get("power") == power.code]
        owned = sorted(centers.get(power.code, []))
        seat = "" if power.code in played else " (nobody plays it)"
        if power.code in abandoned:
            seat = _abandoned_mark(game, power.code)
        seat += " (late)" if power.code in late else ""
        lines.append(f"{power.name}{seat}: {centres_listed(owned)}")
        lines.append(f"  units: {', '.join(units) or '-'}")
        lines.extend(f"  {line}" for line in rules.status_lines(board, power.code))
    for unit in board.get("dislodged", []):
        options = ", ".join(unit.get("retreat_options") or []) or "none"
        lines.append(f"Dislodged: {unit.get('power')} {write(unit)} (retreats: {options})")
    return lines


def _abandoned_mark(game: Game, code: str) -> str:
    """An abandoned power's mark: how to take it over while the game runs (a
    finished game's power can no longer be taken over)."""
    if game.status == FINISHED:
        return " (abandoned)"
    return f" (abandoned: {takeover_line(game, code)} takes it over)"


def _board_lines(
    game: Game, doc: Mapping[str, Any], played: set[str], abandoned: set[str], late: set[str]
) -> list[str]:
    """Every board the game's ruleset shows (one for a standard game; each active
    board of a multiverse game, headed by its timeline:turn, with units in the order
    notation), then each power's total of centres when the ruleset counts them apart."""
    rules = ruleset_for_game(game)
    lines: list[str] = []
    alive = rules.survivors(doc)
    for view in rules.board_views(doc):
        write = view.unit_text
        power_lines = _power_lines(game, rules, view.board, played, write, abandoned, late, alive)
        if not view.heading:
            lines.extend(power_lines)
            continue
        lines.append(view.heading)
        lines.extend("  " + line for line in power_lines)
        lines.append("")
    if rules.centre_totals_heading:
        counts = rules.centre_counts(doc)
        lines.append(rules.centre_totals_heading)
        for power in game_powers(game):
            lines.append(f"  {power.name}: {counts.get(power.code, 0)}")
    return lines


def _reader_time(ctx: Context, moment: datetime | None) -> str:
    """A moment in the reader's registered time zone (with UTC), or in UTC."""
    moment = as_utc(moment)
    if moment is None:
        return "none"
    account = (
        ctx.account
        or ctx.session.exec(select(Account).where(Account.address == ctx.sender.lower())).first()
    )
    return format_for(moment, account.time_zone if account is not None else None)


def _when_line(ctx: Context, game: Game) -> str:
    """The deadline of a game in play; when a finished game ended."""
    if game.status == FINISHED:
        ended = ended_at(ctx.session, game)
        return f"Ended: {_reader_time(ctx, ended) if ended else 'date not kept'}"
    deadline = as_utc(game.deadline)
    grace = as_utc(game.grace_until)
    if deadline is not None and grace is not None and deadline < ctx.now < grace:
        passed = f"passed; grace until {_reader_time(ctx, grace)}"
        return f"Deadline: {_reader_time(ctx, deadline)} ({passed})"
    return f"Deadline: {_reader_time(ctx, game.deadline)}"


def _orders_lines(ctx: Context, game: Game) -> list[str]:
    """Before a running game's deadline: whether orders are still missing and whether
    a player asked the phase to wait for it (njudge's LIST), naming nobody.  Once
    the deadline has passed (:func:`past_deadline`, as LIST's late powers ask) the
    late marks say it instead."""
    if game.status != ACTIVE or game.deadline is None or past_deadline(game, ctx.now):
        return []
    missing = orders_missing(ctx.session, game)
    lines = [
        "Orders: some powers have not given all their orders yet."
        if missing
        else "Orders: every power has given its orders."
    ]
    players = players_of(ctx.session, game)
    if any(p.wait for p in players if p.status == PLAYING):
        lines.append("A player asked that the phase wait for its deadline (SET WAIT).")
    return lines


def game_status(ctx: Context, game: Game) -> list[str]:
    """The state of one game: phase, deadline, press, and each power's units and centres
    (on every active board of a multiverse game).  A forming game says how many
    places are taken: its powers are given out when it starts (a game whose players
    name their empires lists those joined)."""
    doc = game.position_doc()
    rules = ruleset_for_game(game)
    lines = [
        f"Game {game.name}: {rules.variant_label(game.variant)}, {state_text(game)}",
        *([f"Outcome: {game.outcome}"] if game.status == FINISHED and game.outcome else []),
        _when_line(ctx, game),
        *_orders_lines(ctx, game),
        press_line(game),
        *filter(
            None,
            [draw_rule_line(game), votes_line(game), disorder_rule_line(game), limits_line(game)],
        ),
        *(["Private: not listed (SET NOLIST)"] if game.unlisted else []),
        "",
    ]
    if game.status == FORMING:
        played = {p.code for p in game_powers(game)}  # nobody is "missing" yet
        lines[-1:-1] = [f"Forming: {places_taken(ctx.session, game)}"]
    else:
        played = {p.power for p in players_of(ctx.session, game) if p.status == PLAYING}
    abandoned = set(abandoned_powers(ctx.session, game))
    late = late_powers(ctx.session, game, ctx.now)
    # As the late notices of an anonymous game, who is late is not told (but to its
    # master, as njudge's LIST of a quiet game).
    hidden = game.anonymous and not master_of(game, ctx.sender)
    if late and hidden:
        lines[-1:-1] = ["Late: the deadline has passed and orders are missing"]
    # njudge's LIST <game> names the players; by name here (SUMMARY gives addresses).
    players = ["", "Players:", *player_lines(ctx, game, addresses=False)]
    board = _board_lines(game, doc, played, abandoned, set() if hidden else late)
    return lines + board + players


def position_lines(session: Session, game: Game) -> list[str]:
    """Each power's centres and units now (every active board), who plays none, and
    the dislodged units, as ``LIST <game>`` shows a started game (who is late aside)."""
    played = {p.power for p in players_of(session, game) if p.status == PLAYING}
    abandoned = set(abandoned_powers(session, game))
    return _board_lines(game, game.position_doc(), played, abandoned, set())


@register
class ListCommand(Command):
    """List games, or show one game."""

    rank = 50

    keyword = "LIST"
    syntax = "LIST [<game> | FULL]"
    help = (
        "LIST alone lists the games on this judge; LIST <game> shows one game's\n"
        "phase, deadline, press rules, and each power's units and supply centres.\n"
        "LIST FULL (njudge) lists the games with their players. After a SIGNON,\n"
        "LIST alone shows the game signed on to, as on njudge (after a master's\n"
        "GAME, the game selected)."
    )

    def run(self, ctx: Context, stmt: Statement) -> None:
        name = stmt.args.strip() or " ".join(mail_game(ctx))  # njudge's ply/ LIST
        if not name:
            entry = ctx.transcript.ok(stmt.text, "The games on this judge:")
            entry.extra.extend(game_list(ctx))
            return
        game = find_game(ctx.session, name.split()[0])
        if game is not None and hidden_from(ctx.session, game, ctx.sender):
            game = None  # a private game, to a stranger
        if game is None and name.upper() == "FULL":
            entry = ctx.transcript.ok(stmt.text, "The games on this judge, with their players:")
            entry.extra.extend(games_with_players(ctx))
            return
        if game is None:
            ctx.transcript.refused(stmt.text, f"there is no game called {name.split()[0]!r}")
            return
        entry = ctx.transcript.ok(stmt.text, f"Status of game {game.name}:")
        entry.extra.extend(game_status(ctx, game))
