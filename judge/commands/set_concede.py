"""SET CONCEDE and SET NOCONCEDE: concede the game to the largest power."""

from __future__ import annotations

from dataclasses import replace

from judge.commands.base import Context, Statement
from judge.commands.player_state import PlayerFlag
from judge.commands.press_options import list_words, powers_named
from judge.commands.registry import register
from judge.commands.set_draw import MASTERS_END_VOTE
from judge.game.games import game_powers, power_name
from judge.rules.registry import ruleset_for_game


@register
class SetConcede(PlayerFlag):
    """Concede the game to the largest power."""

    rank = 76
    masters_instead = MASTERS_END_VOTE
    keyword = "SET CONCEDE"
    aliases = ("SET CONC",)  # njudge's form before 1.4.0 (data/index)
    syntax = "SET CONCEDE [<power>]"
    help = (
        "Concedes the game to the largest power (the one with the most supply\n"
        "centres, alone), which you may name as on njudge (SET CONCEDE France,\n"
        "or SET CONCEDE TO France).\n"
        "When every other surviving player has conceded, that power wins. A tie for\n"
        "the most centres, or a largest power nobody plays, blocks a concession.\n"
        "Holds for the current phase (or until SET NOCONCEDE). In a NoDIAS game a\n"
        "concession is a draw of one power: SET DRAW <its initial>."
    )
    flag = "concede"
    value = True
    done = "Concession recorded (it is secret)."
    settles = True
    vote = "concession"

    def run(self, ctx: Context, stmt: Statement) -> None:
        game = ctx.game
        assert game is not None
        if not game.dias:
            ctx.transcript.refused(
                stmt.text,
                f"game {game.name} is NoDIAS: concede with SET DRAW and the initial of the "
                "power you concede to",
            )
            return
        words = list_words(stmt.args)
        if words[:1] and words[0].lower() == "to":
            words = words[1:]  # "SET CONCEDE to Russia"
        named, problem = powers_named(words, game_powers(game))
        side = ruleset_for_game(game).largest_side(game.position_doc()) or ()
        if problem is None and not set(named) <= set(side):
            names = " or ".join(power_name(game, code) for code in side)
            board = names or "none: several share the most"
            problem = f"you must specify the largest power on the board ({board})"
        if problem is not None:
            ctx.transcript.refused(stmt.text, problem)
            return
        super().run(ctx, replace(stmt, args=""))


@register
class SetNoConcede(PlayerFlag):
    """Take back a concession."""

    rank = 77
    masters_instead = MASTERS_END_VOTE
    keyword = "SET NOCONCEDE"
    aliases = ("SET NOCONC",)
    syntax = "SET NOCONCEDE"
    help = "Takes back your concession."
    flag = "concede"
    value = False
    done = "Concession withdrawn."
