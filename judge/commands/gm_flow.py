"""The game master steering a game through time: START, PAUSE, RESUME, PROCESS,
PREVIEW, ROLLBACK and TERMINATE.

The commands that mail the game themselves (a start mail, a report, a rollback or
end notice) first send the changes noted earlier in the mail, so that players read
them in the order the master wrote them.
"""

from __future__ import annotations

from sqlmodel import col, select

from judge.commands.base import Context, Statement
from judge.commands.gm_common import (
    MasterCommand,
    judge_sender,
    note_change,
    send_announcements,
)
from judge.commands.phase import game_phase_named, moved_on_since, parse_phase, same_phase
from judge.commands.registry import register
from judge.game.clock import deadline_text
from judge.game.clock_votes import pause_game, resume_game
from judge.game.end import end_game
from judge.game.games import phase_label
from judge.game.processing import preview_phase, process_phase, rollback_to
from judge.game.start import start_game
from judge.store.models import ACTIVE, PAUSED, Game, PhaseSnapshot


@register
class StartCommand(MasterCommand):
    """Start a forming game with whoever has joined."""

    rank = 220
    keyword = "START"
    aliases = ("FORCE BEGIN",)  # njudge's (data/index): begin with whoever signed on
    syntax = "START   or   FORCE BEGIN"
    help = (
        "Game masters: start the selected game now, even if fewer players joined\n"
        "than it waits for; powers nobody plays are in civil disorder."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        send_announcements(ctx, game)
        try:
            start_game(ctx.session, judge_sender(ctx), game, ctx.now)
        except ValueError as exc:
            ctx.transcript.refused(stmt.text, str(exc))
            return
        ctx.transcript.ok(
            stmt.text,
            f"Game {game.name} has started in {phase_label(game)}; the deadline is "
            f"{deadline_text(game)}. Every player was mailed their power.",
        )


@register
class PauseCommand(MasterCommand):
    """Stop the clock of a running game."""

    rank = 221
    keyword = "PAUSE"
    players_instead = "players vote for a pause with SET PAUSE"
    syntax = "PAUSE"
    help = (
        "Game masters: stop the game's clock: no deadline, no reminders, nothing is\n"
        "processed until RESUME (orders may still be sent). Clears the players'\n"
        "votes to pause, resume or extend."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        if game.status != ACTIVE:
            ctx.transcript.refused(stmt.text, f"game {game.name} is {game.status}, not running")
            return
        text = pause_game(ctx.session, game)
        ctx.transcript.ok(stmt.text, text)
        note_change(ctx, game, text)


@register
class ResumeCommand(MasterCommand):
    """Restart the clock of a paused game."""

    rank = 222
    keyword = "RESUME"
    players_instead = "players vote to resume with SET RESUME"
    syntax = "RESUME"
    help = (
        "Game masters: restart a paused game; the new deadline counts from now.\n"
        "Clears the players' votes to pause, resume or extend, and (as njudge's\n"
        "RESUME) their draw and concession votes."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        if game.status != PAUSED:
            ctx.transcript.refused(stmt.text, f"game {game.name} is {game.status}, not paused")
            return
        text = resume_game(ctx.session, game, ctx.now)
        ctx.transcript.ok(stmt.text, text)
        note_change(ctx, game, text)


def _phase_guard(ctx: Context, stmt: Statement, game: Game, keyword: str) -> bool:
    """Refuse when the line names a phase the game is not in, or names none after a
    PROCESS line of the same mail moved the game on; True to go on."""
    typed = stmt.args.strip()
    just = ctx.processed.get(game.id or 0)
    now = phase_label(game, game.phase)
    if not typed and just is not None:
        ctx.transcript.refused(
            stmt.text,
            f"the PROCESS line above just processed {phase_label(game, just)}: game "
            f"{game.name} is now in {now}; nothing was done (write {keyword} {now} to "
            f"{keyword.lower()} that phase too)",
        )
        return False
    if not typed:
        late = moved_on_since(ctx, game)
        if late is not None:
            ctx.transcript.refused(stmt.text, late)
        return late is None
    phase = game_phase_named(game, typed)
    instead = f"(write {keyword} {now}, or {keyword} alone)"
    if phase is None:
        ctx.transcript.refused(stmt.text, f"{typed!r} is not a phase {instead}")
        return False
    if not same_phase(phase, game.phase):
        meant = phase_label(game, phase)
        ctx.transcript.refused(
            stmt.text, f"game {game.name} is in {now}, not {meant}: nothing was done {instead}"
        )
        return False
    return True


@register
class ProcessCommand(MasterCommand):
    """Process the current phase now."""

    rank = 223
    keyword = "PROCESS"
    syntax = "PROCESS [<phase>]"
    help = (
        "Game masters: adjudicate the current phase now, with the orders in (missing\n"
        "orders default). Name the phase (PROCESS S1901M) to be sure it is the one\n"
        "processed: the line is refused if the game is in another phase."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        if not _phase_guard(ctx, stmt, game, self.keyword):
            return
        if game.status != ACTIVE:
            ctx.transcript.refused(
                stmt.text, f"game {game.name} is {game.status}: only a running game is processed"
            )
            return
        send_announcements(ctx, game)
        outcome = process_phase(ctx.session, judge_sender(ctx), game, ctx.now)
        ctx.processed[game.id or 0] = outcome.phase
        if outcome.winner:
            after = f"the game is over: {game.outcome}."
        else:
            after = f"the game is now in {phase_label(game)}, deadline {deadline_text(game)}."
        ctx.transcript.ok(
            stmt.text,
            f"{phase_label(game, outcome.phase)} processed and the results mailed to "
            f"everyone; {after}",
        )


@register
class PreviewCommand(MasterCommand):
    """Mail the master what processing now would give."""

    rank = 224
    keyword = "PREVIEW"
    syntax = "PREVIEW [<phase>]"
    help = (
        "Game masters: mail you alone the results the current orders would give,\n"
        "marked PREVIEW. Nothing in the game changes."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        if not _phase_guard(ctx, stmt, game, self.keyword):
            return
        if game.status not in (ACTIVE, PAUSED):
            ctx.transcript.refused(stmt.text, f"game {game.name} is {game.status}")
            return
        preview_phase(ctx.session, judge_sender(ctx), game, ctx.now, ctx.sender)
        ctx.transcript.ok(
            stmt.text,
            f"The results {phase_label(game, game.phase)} would have now were mailed to you only; "
            "nothing in the game changed.",
        )


@register
class RollbackCommand(MasterCommand):
    """Put the game back to before a processed phase."""

    rank = 225
    keyword = "ROLLBACK"
    syntax = "ROLLBACK <phase>   or   ROLLBACK [<turn number>]"
    help = (
        "Game masters: put the game back to the position before <phase> was\n"
        "processed; later phases are forgotten, and the orders given for <phase>\n"
        "stand. Everyone is told, and the phase gets a new deadline. As on njudge,\n"
        "ROLLBACK 2 is before turn 2 (the number of the results, game1.002) and\n"
        "ROLLBACK alone before the latest turn."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        args = stmt.args.strip()
        phase = parse_phase(args)
        if phase is None and (args.isdigit() or not args):
            turn = int(args) if args else game.number
            phase = _turn_phase(ctx, game, turn)
            if phase is None:
                ctx.transcript.refused(stmt.text, f"game {game.name} has no processed turn {turn}")
                return
        if phase is None:
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax} (e.g. ROLLBACK F1901M)")
            return
        send_announcements(ctx, game)
        try:
            # The phase begins again when this mail arrived: its later lines (BECOME
            # and orders, PROCESS) are not taken as meant for the phase before.
            began = min(ctx.received_at, ctx.now) if ctx.received_at else ctx.now
            notes = rollback_to(ctx.session, judge_sender(ctx), game, phase, ctx.now, began)
        except ValueError as exc:
            ctx.transcript.refused(stmt.text, str(exc))
            return
        ctx.processed.pop(game.id or 0, None)
        ctx.transcript.ok(
            stmt.text,
            " ".join(
                [
                    f"Game {game.name} is back in {phase_label(game)}; the deadline is "
                    f"{deadline_text(game)}. Everyone was told.",
                    *notes,
                ]
            ),
        )


def _turn_phase(ctx: Context, game: Game, turn: int) -> str | None:
    """The phase processed as njudge's turn ``turn`` (its results numbered
    ``game.00<turn>``), if it can be rolled back to."""
    query = (
        select(PhaseSnapshot.phase)
        .where(PhaseSnapshot.game_id == game.id, PhaseSnapshot.number == turn - 1)
        .order_by(col(PhaseSnapshot.id).desc())
    )
    return ctx.session.exec(query).first() if 0 < turn <= game.number else None


@register
class TerminateCommand(MasterCommand):
    """End the game now."""

    rank = 226
    keyword = "TERMINATE"
    syntax = "TERMINATE [<reason>]"
    help = (
        "Game masters: end the game now; everyone is told, with your reason if you\n"
        "give one, and the supply centres held."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        reason = stmt.args.strip()
        outcome = "The game master ended the game" + (f": {reason}" if reason else ".")
        send_announcements(ctx, game)
        try:
            end_game(ctx.session, judge_sender(ctx), game, outcome, ctx.now)
        except ValueError as exc:
            ctx.transcript.refused(stmt.text, str(exc))
            return
        ctx.transcript.ok(stmt.text, f"Game {game.name} is over; everyone was told.")
