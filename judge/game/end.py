"""Ending a game: a draw, a concession, a victory or the master's TERMINATE.

:func:`end_game` finishes the game, tells everyone in it (players, observers and
the master) and keeps the announcement in the game's history.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from judge.game.games import phase_label, power_name
from judge.game.history import announce_and_keep, reports_of
from judge.game.recipients import game_mail_subject
from judge.mail.outgoing import Author
from judge.rules.registry import ruleset_for_game
from judge.store.models import FINISHED, REPORT_ANNOUNCEMENT, REPORT_RESULTS, Game, as_utc

# The start of the announcement of a game's end, by which its report is found (the
# phase follows, as the game's players read it).
_ENDED = "Game {name} has ended in "


def final_standing(game: Game) -> list[str]:
    """One line per power holding centres, most first: ``France     12 centres``."""
    held = ruleset_for_game(game).centre_counts(game.position_view())
    counts = sorted(held.items(), key=lambda item: (-item[1], item[0]))
    names = [(power_name(game, power), count) for power, count in counts]
    width = max((len(name) for name, _ in names), default=0)
    return [
        f"  {name:<{width}}  {count:>2} centre{'s' if count != 1 else ''}" for name, count in names
    ]


def player_standing(game: Game) -> list[str]:
    """The players' combined counts, for a game whose players hold several powers
    (Root Z): a heading and one line a player; empty otherwise."""
    lines = ruleset_for_game(game).player_lines(
        game.position_view(), lambda code: power_name(game, code)
    )
    return ["", "Players' totals:", *lines] if lines else []


def end_game(
    session: Session,
    sender: Author,
    game: Game,
    outcome: str,
    now: datetime,
    *,
    what: str = "Game Over",
) -> None:
    """Finish ``game`` with ``outcome`` (a sentence for the players), tell everyone
    (the subject ends with ``what``: njudge's ``Draw Declared: EFR`` for a draw) and
    store the announcement as a GameReport.  The caller commits."""
    if game.status == FINISHED:
        raise ValueError(f"game {game.name} is already finished")
    game.status = FINISHED
    game.outcome = outcome
    game.ended_in = game.phase
    game.deadline = None
    game.grace_until = None
    game.waiting_for_master = False
    session.add(game)
    subject = game_mail_subject(sender, game, f"{phase_label(game)} {what}")
    lines = [
        _ENDED.format(name=game.name) + f"{phase_label(game)}.",
        "",
        outcome,
        "",
        "Supply centres at the end:",
        *(final_standing(game) or ["  (none)"]),
        *player_standing(game),
        "",
        f"Send HISTORY {game.name} or SUMMARY {game.name} to the judge for the whole game.",
    ]
    text = "\n".join(lines) + "\n"
    announce_and_keep(session, sender, game, subject, text, now)


def ended_at(session: Session, game: Game) -> datetime | None:
    """When a finished game ended: its end announcement (a vote, TERMINATE) or the
    results of the phase that ended it (a victory) was kept then; None if neither."""
    if game.status != FINISHED:
        return None
    last = game.ended_in or game.phase
    first = _ENDED.format(name=game.name)
    for report in reversed(reports_of(session, game)):
        if (report.kind == REPORT_ANNOUNCEMENT and report.text.startswith(first)) or (
            report.kind == REPORT_RESULTS and report.phase == last
        ):
            return as_utc(report.created_at)
    return None
