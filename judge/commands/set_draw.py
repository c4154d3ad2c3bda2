"""SET DRAW and SET NODRAW: vote for a draw of all surviving powers."""

from __future__ import annotations

from judge.commands.player_state import PlayerFlag
from judge.commands.registry import register


@register
class SetDraw(PlayerFlag):
    """Vote for a draw."""

    rank = 74
    keyword = "SET DRAW"
    syntax = "SET DRAW"
    help = (
        "Votes for a draw of all surviving powers. When every player of a surviving\n"
        "power has voted for it in the same phase, the game ends in that draw.\n"
        "Votes are secret and hold for the current phase (or until SET NODRAW)."
    )
    flag = "draw"
    value = True
    done = "Draw vote recorded (votes are secret)."
    settles = True


@register
class SetNoDraw(PlayerFlag):
    """Take back a draw vote."""

    rank = 75
    keyword = "SET NODRAW"
    syntax = "SET NODRAW"
    help = "Takes back your vote for a draw."
    flag = "draw"
    value = False
    done = "Draw vote withdrawn."
