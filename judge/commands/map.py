"""MAP: mail the picture of a game's position, or of a processed phase's results.

``MAP <game>`` draws the position now (and the boards of a multiverse game);
``MAP <game> <phase>`` draws that processed phase again with its orders and their
results.  Who may ask: as for HISTORY (anyone, except while an anonymous game runs).
"""

from __future__ import annotations

from judge.commands.base import Command, Context, Statement
from judge.commands.gm_common import judge_sender
from judge.commands.history import reading_refusal
from judge.commands.phase import game_phase_named, same_phase
from judge.commands.player_state import game_and_words
from judge.commands.registry import register
from judge.game.games import phase_label
from judge.game.processing import past_phase_picture, position_picture_now
from judge.game.recipients import send
from judge.store.models import Game


@register
class Map(Command):
    """Mail a picture of a game's map."""

    rank = 53
    keyword = "MAP"
    syntax = "MAP <game> [<phase>]"
    help = (
        "Mails you a picture of the game's map: the position now, or a processed\n"
        "phase (e.g. MAP mygame F1901M) with its orders and their results.  A\n"
        "multiverse game's picture is a grid of its boards. After a SIGNON (or a\n"
        "master's GAME) the game may be left out (MAP, MAP F1901M)."
    )

    def run(self, ctx: Context, stmt: Statement) -> None:
        found = game_and_words(ctx, stmt, self.syntax)
        if found is None:
            return
        game, words = found
        # the phase as the game writes it too (5dplomacy's Fall01), as PHASE reads it
        phase = game_phase_named(game, " ".join(words[1:])) if words[1:] else game.phase
        problem = reading_refusal(ctx, game)
        if phase is None:
            problem = _not_a_phase(game, " ".join(words[1:]))
        if problem is not None:
            ctx.transcript.refused(stmt.text, problem)
            return
        if same_phase(phase, game.phase):
            what = f"position, {phase_label(game, game.phase)}"
            picture = position_picture_now(game)
        else:
            what = f"results of {phase_label(game, phase)}"
            picture = past_phase_picture(ctx.session, game, phase)
        if picture is None:
            shown = phase_label(game, phase)
            ctx.transcript.refused(stmt.text, f"game {game.name} has no map of {shown}")
            return
        sender = judge_sender(ctx)
        subject = f"{sender.code}:{game.name.lower()} - {phase_label(game, phase)} Map"
        body = f"Map of game {game.name}: {what}.\n"
        send(ctx.session, sender, ctx.sender, subject, body, picture=picture)
        ctx.transcript.ok(stmt.text, f"The map of game {game.name} ({what}) is mailed to you.")


def _not_a_phase(game: Game, typed: str) -> str:
    """Why ``typed`` after ``MAP <game>`` is refused, naming what MAP takes: a phase
    as the game writes it, or none; njudge's map number (``MAP name [n]``) so named."""
    forms = (
        f"MAP takes a phase, MAP {game.name} {phase_label(game)}, or none, "
        f"MAP {game.name} for the position now"
    )
    if typed.isdigit():
        return f"njudge's MAP <game> <n> (a map number) is not taken here: {forms}"
    return f"{typed!r} is not a phase: {forms}"
