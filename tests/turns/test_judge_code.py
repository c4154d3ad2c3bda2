"""The judge's code (judge.game.recipients.Author.code) in the subject and ``::`` header of
results, previews, rollback notices, the start mail and the end of a game."""

from __future__ import annotations

from sqlmodel import Session, col, select

from judge.game.end import end_game
from judge.game.processing import preview_phase, process_phase, rollback_to
from judge.mail.outgoing import Author
from judge.store.models import GameReport
from tests.turns.conftest import MASTER, NOW, new_game, outbox, text_of

USIN = Author("Test Judge", "judge@judge.test", "USIN")


def test_results_preview_rollback_and_end_carry_the_code(session: Session) -> None:
    game = new_game(session)
    preview_phase(session, USIN, game, NOW, MASTER)
    [preview] = outbox(session)
    assert preview["Subject"] == "PREVIEW USIN:turns - S1901M Results"
    assert text_of(preview).startswith(":: Judge: USIN  Game: Turns")

    outcome = process_phase(session, USIN, game, NOW)
    assert outcome.report is not None
    assert outcome.report.subject == "USIN:turns - S1901M Results"
    assert outcome.report.text.startswith(":: Judge: USIN  Game: Turns")
    results = outbox(session)[1:]
    assert {m["Subject"] for m in results} == {"USIN:turns - S1901M Results"}

    rollback_to(session, USIN, game, "S1901M", NOW)
    end_game(session, USIN, game, "Draw declared.", NOW)
    stored = session.exec(select(GameReport.subject).order_by(col(GameReport.id))).all()
    assert stored[-2:] == ["USIN:turns - S1901M Rollback", "USIN:turns - S1901M Game Over"]
