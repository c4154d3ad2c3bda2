"""A game's history: the reports and announcements mailed to its people, kept as
GameReport rows so that HISTORY can mail them again."""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime

from sqlmodel import Session, col, select

from judge.engine.phase import Phase
from judge.game.recipients import announce
from judge.mail.outgoing import Author
from judge.rules.registry import ruleset_for_game
from judge.store.models import (
    REPORT_ANNOUNCEMENT,
    REPORT_RESULTS,
    Game,
    GameReport,
    PhaseSnapshot,
)


def keep_report(
    session: Session,
    game: Game,
    kind: str,
    subject: str,
    text: str,
    now: datetime,
    html: str | None = None,
    *,
    phase: str | None = None,
) -> GameReport:
    """Store one report in the game's history, under its current number and its
    current phase (or ``phase``: a results report is about the phase just processed)."""
    report = GameReport(
        game_id=game.id,
        number=game.number,
        phase=phase or game.phase,
        kind=kind,
        subject=subject,
        text=text,
        html=html,
        created_at=now,
    )
    session.add(report)
    return report


def announce_and_keep(
    session: Session,
    sender: Author,
    game: Game,
    subject: str,
    text: str,
    now: datetime,
    exclude: Iterable[str] = (),
) -> GameReport:
    """Mail an announcement to everyone in the game but the addresses ``exclude``
    (whom the caller tells otherwise) and keep it in the history."""
    announce(session, sender, game, subject, text, exclude=exclude)
    return keep_report(session, game, REPORT_ANNOUNCEMENT, subject, text, now)


def reports_of(session: Session, game: Game) -> list[GameReport]:
    """The game's stored reports in the order they were made."""
    rows = session.exec(
        select(GameReport).where(GameReport.game_id == game.id).order_by(col(GameReport.id))
    )
    return list(rows)


def last_results(session: Session, game: Game) -> GameReport | None:
    """The results report of the phase processed last (its ``created_at``: when the
    results were out), or None before the first."""
    stmt = select(GameReport).where(
        GameReport.game_id == game.id,
        GameReport.kind == REPORT_RESULTS,
        GameReport.number == game.number,
    )
    return session.exec(stmt.order_by(col(GameReport.id).desc())).first()


def centres_by_year(session: Session, game: Game) -> dict[str, dict[str, int]]:
    """Each power's supply centres at the start (``start``), at the end of each year
    (``1901``) and now (``now``), for SUMMARY and the game's page.

    A year's row is read from the position its next Spring began with (the centres
    after that year's Fall and Winter)."""
    snapshots = session.exec(
        select(PhaseSnapshot)
        .where(PhaseSnapshot.game_id == game.id)
        .order_by(col(PhaseSnapshot.number))
    ).all()
    rules = ruleset_for_game(game)
    rows: dict[str, dict[str, int]] = {}
    for snap in snapshots:
        phase = Phase.read(snap.phase, mixed=True)
        if phase is not None and phase.season == "S" and phase.is_movement:
            label = str(phase.year - 1) if rows else "start"
            rows.setdefault(label, rules.centre_counts(json.loads(snap.position)))
    rows["now"] = rules.centre_counts(game.position_doc())
    return rows
