"""SET CONCEDE and SET NOCONCEDE: concede the game to the largest power."""

from __future__ import annotations

from judge.commands.player_state import PlayerFlag
from judge.commands.registry import register


@register
class SetConcede(PlayerFlag):
    """Concede the game to the largest power."""

    rank = 76
    keyword = "SET CONCEDE"
    syntax = "SET CONCEDE"
    help = (
        "Concedes the game to the largest power (the one with the most supply\n"
        "centres, alone). When every other surviving player has conceded, that\n"
        "power wins. A tie for the most centres, or a largest power nobody plays,\n"
        "blocks a concession. Holds for the current phase (or until SET NOCONCEDE)."
    )
    flag = "concede"
    value = True
    done = "Concession recorded (it is secret)."
    settles = True


@register
class SetNoConcede(PlayerFlag):
    """Take back a concession."""

    rank = 77
    keyword = "SET NOCONCEDE"
    syntax = "SET NOCONCEDE"
    help = "Takes back your concession."
    flag = "concede"
    value = False
    done = "Concession withdrawn."
