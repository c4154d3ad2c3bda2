"""SET DRAW and SET NODRAW: vote for a draw; SET DIAS and SET NODIAS (the game
master): whether a draw includes all survivors (njudge's DIAS, the default) or the
players name the powers of their draw (njudge's data/draws, ml_set.c)."""

from __future__ import annotations

from dataclasses import replace

from judge.commands.base import Context, Statement
from judge.commands.gm_common import MasterCommand, change_setting
from judge.commands.player_state import PlayerFlag
from judge.commands.press_options import list_words, powers_named
from judge.commands.registry import register
from judge.game.games import game_powers
from judge.game.votes import END_VOTES_CLEARED, clear_end_votes
from judge.store.models import Game

# What a game master's signed SET DRAW or SET CONCEDE (or their NO) is told: the players'
# vote, which a master has not, and what the master writes instead.
MASTERS_END_VOTE = (
    "a players' vote, and a game master has no vote: write TERMINATE <reason> to end "
    "the game yourself, or SET DIAS / SET NODIAS to say which draws the players may vote for"
)


@register
class SetDraw(PlayerFlag):
    """Vote for a draw."""

    rank = 74
    masters_instead = MASTERS_END_VOTE
    keyword = "SET DRAW"
    syntax = "SET DRAW [<powers>]   (the powers only in a NoDIAS game: SET DRAW EFR)"
    help = (
        "Votes for a draw. In a DIAS game (the default) the draw includes every\n"
        "surviving power; when every player of a surviving power has voted for it\n"
        "in the same phase, the game ends in that draw. In a NoDIAS game (SET\n"
        "NODIAS) name the powers of the draw you accept (SET DRAW England France, or\n"
        "initials run together: SET DRAW EF): if you are in your list you accept any\n"
        "part of it that includes you, if not any part of it with or without you;\n"
        "the largest draw every voter accepts ends the game (njudge's rule).\n"
        "Votes are secret and hold for the current phase (or until SET NODRAW)."
    )
    flag = "draw"
    value = True
    done = "Draw vote recorded (votes are secret)."
    settles = True
    vote = "draw"

    def run(self, ctx: Context, stmt: Statement) -> None:
        game = ctx.game
        assert game is not None
        named, problem = powers_named(list_words(stmt.args), game_powers(game))
        if problem is not None and not game.dias:  # a DIAS vote reads no list (njudge)
            ctx.transcript.refused(stmt.text, problem)
            return
        if not game.dias and not named:
            ctx.transcript.refused(
                stmt.text, f"game {game.name} is NoDIAS: you must specify a power list"
            )
            return
        for seat in ctx.seats:
            seat.draw_powers = "" if game.dias else ",".join(named)
        done = self.done
        if game.dias:
            done = "You will now accept a DIAS draw (votes are secret)."
            if named and problem is None:
                done = f"Game {game.name} is DIAS: the power list is ignored. {done}"
            elif stmt.args.strip():
                done = f"Game {game.name} is DIAS: {stmt.args.strip()!r} is ignored. {done}"
        else:
            names = ", ".join(p.name for p in game_powers(game) if p.code in named)
            done = f"You will now accept a draw among {names} (votes are secret)."
        self.said = done
        super().run(ctx, replace(stmt, args=""))


@register
class SetNoDraw(PlayerFlag):
    """Take back a draw vote."""

    rank = 75
    masters_instead = MASTERS_END_VOTE
    keyword = "SET NODRAW"
    syntax = "SET NODRAW"
    help = "Takes back your vote for a draw."
    flag = "draw"
    value = False
    done = "Draw vote withdrawn."


@register
class SetDias(MasterCommand):
    """Whether a draw includes every survivor (DIAS) or the powers voted for."""

    rank = 217
    keyword = "SET DIAS"
    aliases = ("SET NODIAS",)
    syntax = "SET DIAS   or   SET NODIAS"
    help = (
        "Game masters: SET DIAS (the default): a draw includes every surviving power.\n"
        "SET NODIAS: players vote for draws of the powers they name (SET DRAW EFR)."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        if stmt.args.strip():
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        dias = "NODIAS" not in "".join(stmt.text.upper().split())
        said = (
            f"Game {game.name} is DIAS: a draw includes every surviving power."
            if dias
            else f"Game {game.name} is NoDIAS: players vote for draws of the powers they name."
        )
        if game.dias != dias:  # a DIAS vote names no powers: NoDIAS would read it as any
            clear_end_votes(ctx.session, game)
            said += f" {END_VOTES_CLEARED}"
        change_setting(ctx, stmt, game, "dias", dias, said)
