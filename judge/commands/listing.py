"""LIST: the games on this judge, or the state of one game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sqlmodel import col, select

from judge.commands.base import Command, Context, Statement
from judge.commands.registry import register
from judge.commands.summary import games_with_players
from judge.game.abandoned import abandoned_powers
from judge.game.access import hidden_from
from judge.game.games import find_game, game_powers, players_of
from judge.rules.registry import ruleset_for_game
from judge.store.models import PLAYING, Game, as_utc


def _deadline(game: Game) -> str:
    moment = as_utc(game.deadline)
    return moment.strftime("%a %d %b %Y %H:%M UTC") if moment else "none"


def game_list(ctx: Context) -> list[str]:
    """One line per game."""
    games = list(ctx.session.exec(select(Game).where(~col(Game.unlisted)).order_by(col(Game.name))))
    if not games:
        return ["There are no games on this judge yet."]
    lines = [f"{'Game':<16} {'Variant':<12} {'Phase':<8} {'Status':<9} Deadline"]
    for g in games:
        lines.append(f"{g.name:<16} {g.variant:<12} {g.phase:<8} {g.status:<9} {_deadline(g)}")
    return lines


def _power_lines(
    game: Game,
    board: Mapping[str, Any],
    played: set[str],
    write: Callable[[Mapping[str, Any]], str],
    abandoned: set[str],
) -> list[str]:
    """Each power's centres and units on one board (or a standard position)."""
    centers = board.get("supply_centers") or {}
    lines = []
    for power in game_powers(game):
        units = [write(u) for u in board.get("units", []) if u.get("power") == power.code]
        owned = sorted(centers.get(power.code, []))
        seat = "" if power.code in played else " (nobody plays it)"
        if power.code in abandoned:
            seat = f" (abandoned: SIGNON {power.initial}{game.name} <password> takes it over)"
        lines.append(f"{power.name}{seat}: {len(owned)} centres ({', '.join(owned) or '-'})")
        lines.append(f"  units: {', '.join(units) or '-'}")
        if "colonies" in board:  # Outer Space: each empire's colonies
            colonies = sorted((board.get("colonies") or {}).get(power.code, []))
            lines.append(f"  colonies: {', '.join(colonies) or '-'}")
    for unit in board.get("dislodged", []):
        options = ", ".join(unit.get("retreat_options") or []) or "none"
        lines.append(f"Dislodged: {unit.get('power')} {write(unit)} (retreats: {options})")
    return lines


def _board_lines(
    game: Game, doc: Mapping[str, Any], played: set[str], abandoned: set[str]
) -> list[str]:
    """Every board the game's ruleset shows (one for a standard game; each active
    board of a multiverse game, headed by its timeline:turn, with units in the order
    notation), then each power's total of centres when the ruleset counts them apart."""
    rules = ruleset_for_game(game)
    lines: list[str] = []
    for view in rules.board_views(doc):
        power_lines = _power_lines(game, view.board, played, view.unit_text, abandoned)
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


def game_status(ctx: Context, game: Game) -> list[str]:
    """The state of one game: phase, deadline, press, and each power's units and centres
    (on every active board of a multiverse game)."""
    doc = game.position_doc()
    played = {p.power for p in players_of(ctx.session, game) if p.status == PLAYING}
    lines = [
        f"Game {game.name}: {game.variant}, {game.status}, phase {game.phase}",
        f"Deadline: {_deadline(game)}",
        f"Press: {game.press_mode}{'' if game.press_partial else ', broadcasts only'}",
        "",
    ]
    abandoned = set(abandoned_powers(ctx.session, game))
    return lines + _board_lines(game, doc, played, abandoned)


@register
class ListCommand(Command):
    """List games, or show one game."""

    rank = 50

    keyword = "LIST"
    syntax = "LIST [<game> | FULL]"
    help = (
        "LIST alone lists the games on this judge; LIST <game> shows one game's\n"
        "phase, deadline, press rules, and each power's units and supply centres.\n"
        "LIST FULL (njudge) lists the games with their players."
    )

    def run(self, ctx: Context, stmt: Statement) -> None:
        name = stmt.args.strip()
        if not name:
            entry = ctx.transcript.ok(stmt.text, "The games on this judge:")
            entry.extra.extend(game_list(ctx))
            return
        game = find_game(ctx.session, name.split()[0])
        if game is not None and hidden_from(ctx.session, game, ctx.sender):
            game = None  # a private game (SET NOLIST) is not shown outside it
        if game is None and name.upper() == "FULL":
            entry = ctx.transcript.ok(stmt.text, "The games on this judge, with their players:")
            entry.extra.extend(games_with_players(ctx))
            return
        if game is None:
            ctx.transcript.refused(stmt.text, f"there is no game called {name.split()[0]!r}")
            return
        entry = ctx.transcript.ok(stmt.text, f"Status of game {game.name}:")
        entry.extra.extend(game_status(ctx, game))
