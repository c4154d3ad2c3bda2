"""A short account of a game from the database: phases, timelines, centres."""

from __future__ import annotations

from sqlmodel import Session, col, select

from judge.game.games import find_game, power_name
from judge.rules.registry import ruleset_for_game
from judge.store.models import GameReport


def game_summary(session: Session, name: str) -> str:
    """Some lines about game ``name``: status, phases processed, boards, centres."""
    game = find_game(session, name)
    if game is None:
        return f"There is no game {name}."
    doc = game.position_doc()
    reports = session.exec(
        select(GameReport).where(GameReport.game_id == game.id).order_by(col(GameReport.id))
    ).all()
    processed = [r.phase for r in reports if r.kind == "results"]
    lines = [
        f"Game {game.name}: {game.rules} rules, {game.status}, now in {game.phase}.",
        f"Phases processed ({game.number}): {', '.join(processed) or 'none'}.",
    ]
    rules = ruleset_for_game(game)
    lines.extend(rules.timeline_lines(doc))
    counts = rules.centre_counts(doc)
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    lines.append(
        "Supply centres: " + ", ".join(f"{power_name(game, p)} {n}" for p, n in ranked) + "."
    )
    return "\n".join(lines)
