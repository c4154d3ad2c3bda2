"""LIST: the games on this judge, or the state of one game."""

from __future__ import annotations

from sqlmodel import col, select

from judge.commands.base import Command, Context, Statement
from judge.commands.registry import register
from judge.games import find_game, game_powers, players_of
from judge.models import Game, as_utc


def _deadline(game: Game) -> str:
    moment = as_utc(game.deadline)
    return moment.strftime("%a %d %b %Y %H:%M UTC") if moment else "none"


def game_list(ctx: Context) -> list[str]:
    """One line per game."""
    games = list(ctx.session.exec(select(Game).order_by(col(Game.name))))
    if not games:
        return ["There are no games on this judge yet."]
    lines = [f"{'Game':<16} {'Variant':<12} {'Phase':<8} {'Status':<9} Deadline"]
    for g in games:
        lines.append(f"{g.name:<16} {g.variant:<12} {g.phase:<8} {g.status:<9} {_deadline(g)}")
    return lines


def game_status(ctx: Context, game: Game) -> list[str]:
    """The state of one game: phase, deadline, press, and each power's units and centres."""
    doc = game.position_doc()
    played = {p.power for p in players_of(ctx.session, game)}
    lines = [
        f"Game {game.name}: {game.variant}, {game.status}, phase {game.phase}",
        f"Deadline: {_deadline(game)}",
        f"Press: {game.press_mode}{'' if game.press_partial else ', broadcasts only'}",
        "",
    ]
    centers = doc.get("supply_centers", {})
    for power in game_powers(game):
        units = [
            f"{u.get('type', '?')} {str(u.get('province', '?')).title()}"
            for u in doc.get("units", [])
            if u.get("power") == power.code
        ]
        owned = centers.get(power.code, [])
        seat = "" if power.code in played else " (nobody plays it)"
        lines.append(f"{power.name}{seat}: {len(owned)} centres ({', '.join(owned) or '-'})")
        lines.append(f"  units: {', '.join(units) or '-'}")
    for unit in doc.get("dislodged", []):
        lines.append(f"Dislodged: {unit.get('power')} {unit.get('type')} {unit.get('province')}")
    return lines


@register
class ListCommand(Command):
    """List games, or show one game."""

    rank = 50

    keyword = "LIST"
    syntax = "LIST [<game>]"
    help = (
        "LIST alone lists the games on this judge; LIST <game> shows one game's\n"
        "phase, deadline, press rules, and each power's units and supply centres."
    )

    def run(self, ctx: Context, stmt: Statement) -> None:
        name = stmt.args.strip()
        if not name:
            entry = ctx.transcript.ok(stmt.text, "The games on this judge:")
            entry.extra.extend(game_list(ctx))
            return
        game = find_game(ctx.session, name.split()[0])
        if game is None:
            ctx.transcript.refused(stmt.text, f"there is no game called {name.split()[0]!r}")
            return
        entry = ctx.transcript.ok(stmt.text, f"Status of game {game.name}:")
        entry.extra.extend(game_status(ctx, game))
