"""SET WAIT and SET NOWAIT: hold the phase until its deadline, or not."""

from __future__ import annotations

from judge.commands.player_state import PlayerFlag
from judge.commands.registry import register

# What a game master's signed SET WAIT (or SET NOWAIT) is told: a player's request for
# the phase, and what the master writes instead.
MASTERS_INSTEAD = (
    "a player's request that the phase wait for its deadline: a game master writes "
    "SET DEADLINE <date> <time> to move the deadline, PAUSE to stop the clock, or "
    "PROCESS to process the phase now"
)


@register
class SetWait(PlayerFlag):
    """Keep the current phase from being processed before its deadline."""

    rank = 72
    masters_instead = MASTERS_INSTEAD
    keyword = "SET WAIT"
    aliases = ("SET W",)  # njudge's short forms (ml_set.c): SET W, SET NOW
    syntax = "SET WAIT"
    help = (
        "The phase is not processed early, before its deadline, even when every\n"
        "power has sent orders. It holds the current phase only: when the phase is\n"
        "processed, every player's wait is cleared (send SET WAIT again to hold the\n"
        "next one)."
    )
    flag = "wait"
    value = True
    done = "Wait set: this phase will not be processed before its deadline."


@register
class SetNoWait(PlayerFlag):
    """Allow early processing again."""

    rank = 73
    masters_instead = MASTERS_INSTEAD
    keyword = "SET NOWAIT"
    aliases = ("SET NOW",)
    syntax = "SET NOWAIT"
    help = "Cancels SET WAIT: the phase may be processed as soon as all orders are in."
    flag = "wait"
    value = False
    done = "Wait cleared: the phase may be processed as soon as all orders are in."
