"""SET PAUSE, SET RESUME and SET EXTEND (and SET NOPAUSE, SET NORESUME, SET
NOEXTEND): the players' votes on the game's clock, kept and counted as the draw
votes are (judge.game.clock_votes); SET [NO] PLAYER VOTES (the game master): whether
the players may give them."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import ClassVar

from judge.commands.base import Context, Statement
from judge.commands.gm_common import MasterCommand, change_setting, judge_sender
from judge.commands.player_state import PlayerFlag
from judge.commands.registry import register
from judge.game.clock import game_timing
from judge.game.clock_votes import (
    EXTEND,
    PAUSE,
    RESUME,
    VOTES_OFF,
    ClockVote,
    clear_clock_votes,
    settle_clock_votes,
    vote_refusal,
    votes_missing,
)
from judge.store.models import Game

KEPT = "Everyone in the game was mailed."
# The refusal of a players' clock vote in a master's signed mail.
MASTERS_INSTEAD = (
    "a players' vote, and a game master has no vote: write PAUSE to stop the "
    "clock, RESUME to restart it, SET DEADLINE <date> <time> to move the deadline, "
    "or SET NO PLAYER VOTES to stop the players' votes"
)
# DPjudge's master's SET [NO] RESUME: whether players may resume a terminated game.
NO_REOPENING = (
    "; players never reopen a finished game here (DPjudge's SET [NO] RESUME): "
    "only your ROLLBACK <phase> does"
)
# A length written after SET EXTEND: "2 days", "48 hours", "a week".
_A_LENGTH = re.compile(r"\d|\b(?:days?|hours?|hrs?|weeks?|minutes?|mins?)\b", re.IGNORECASE)
# One such length as a number of a unit ("by 48 hours", "2d", "a week").
_ONE_LENGTH = re.compile(
    r"^(?:by\s+)?(\d{1,4}|an?|one)\s*(d|days?|h|hrs?|hours?|w|weeks?|m|mins?|minutes?)\.?$",
    re.IGNORECASE,
)
_UNIT_SECONDS = {"d": 86400, "h": 3600, "w": 7 * 86400, "m": 60}


def written_seconds(args: str) -> int | None:
    """The length a player wrote after SET EXTEND, in seconds (a day as 24 hours), or
    None when it is not one length."""
    found = _ONE_LENGTH.match(args.strip())
    if found is None:
        return None
    number, unit = found.groups()
    count = int(number) if number.isdigit() else 1
    return count * _UNIT_SECONDS[unit[0].lower()]


class ClockFlag(PlayerFlag):
    """A vote on the clock, given (``value``) or taken back."""

    clock: ClassVar[ClockVote]
    masters_instead = MASTERS_INSTEAD

    def refusal(self, ctx: Context) -> str | None:
        assert ctx.game is not None
        if not self.value:
            return None if ctx.game.player_votes else VOTES_OFF
        return vote_refusal(ctx.game, self.clock)

    def settle(self, ctx: Context, extra: list[str]) -> None:
        game = ctx.game
        assert game is not None
        done = settle_clock_votes(ctx.session, judge_sender(ctx), game, ctx.now)
        if done is not None:
            extra.append(f"Every player of a surviving power has voted so. {done} {KEPT}")
            return
        missing = votes_missing(ctx.session, game, self.clock)
        players = "player" if missing == 1 else "players"
        extra.append(
            f"{missing} more {players} must vote {self.clock.command} for game {game.name} "
            f"to {self.clock.goal}."
        )


@register
class SetPause(ClockFlag):
    """Vote to pause the game."""

    rank = 80
    keyword = "SET PAUSE"
    aliases = ("VOTE PAUSE", "VOTE TO PAUSE")
    syntax = "SET PAUSE   (or VOTE PAUSE)"
    help = (
        "Votes to pause the game: when every player of a surviving power has voted\n"
        "so in the same phase, the game stops as at the master's PAUSE (no deadline,\n"
        "orders may still be sent) and everyone is mailed. Votes are secret; the\n"
        "reply says how many more are needed. Until SET NOPAUSE or the phase ends."
    )
    flag = "pause"
    done = "Pause vote recorded (votes are secret)."
    settles = True
    vote = "pause"
    clock = PAUSE


@register
class SetNoPause(ClockFlag):
    """Take back a pause vote."""

    rank = 81
    keyword = "SET NOPAUSE"
    aliases = ("VOTE NOPAUSE", "NOPAUSE")
    syntax = "SET NOPAUSE"
    help = "Takes back your vote to pause the game."
    flag = "pause"
    value = False
    done = "Pause vote withdrawn."
    clock = PAUSE


@register
class SetResume(ClockFlag):
    """Vote to resume a paused game."""

    rank = 82
    keyword = "SET RESUME"
    aliases = (
        "SET UNPAUSE",
        "VOTE RESUME",
        "VOTE UNPAUSE",
        "VOTE TO RESUME",
        "VOTE TO UNPAUSE",
        "UNPAUSE",
    )
    syntax = "SET RESUME   (or SET UNPAUSE, VOTE RESUME, UNPAUSE)"
    help = (
        "Votes to resume a paused game (paused by vote or by its master): when\n"
        "every player of a surviving power has voted so, the game runs again as at\n"
        "the master's RESUME, with a new deadline, and everyone is mailed. Until\n"
        "SET NORESUME or the game resumes."
    )
    flag = "unpause"
    masters_instead = MASTERS_INSTEAD + NO_REOPENING
    done = "Resume vote recorded (votes are secret)."
    settles = True
    vote = "resumption"
    clock = RESUME


@register
class SetNoResume(ClockFlag):
    """Take back a resume vote."""

    rank = 83
    keyword = "SET NORESUME"
    aliases = ("SET NOUNPAUSE", "VOTE NORESUME", "VOTE NOUNPAUSE", "NORESUME", "NOUNPAUSE")
    syntax = "SET NORESUME"
    help = "Takes back your vote to resume the game."
    flag = "unpause"
    masters_instead = MASTERS_INSTEAD + NO_REOPENING
    value = False
    done = "Resume vote withdrawn."
    clock = RESUME


@register
class SetExtend(ClockFlag):
    """Vote to move the deadline later."""

    rank = 84
    keyword = "SET EXTEND"
    aliases = ("VOTE EXTEND", "VOTE TO EXTEND", "VOTE EXTENSION", "SET EXTENSION", "EXTEND")
    syntax = "SET EXTEND   (or VOTE EXTEND, EXTEND)"
    help = (
        "Votes to extend the current phase: when every player of a surviving power\n"
        "has voted so, its deadline moves later by the phase's length (48 hours for\n"
        "a movement phase by default; from now if the deadline has passed), once a\n"
        "phase, and everyone is mailed. Until SET NOEXTEND or the phase ends.\n"
        "SET EXTEND 48 hours is the same vote when the phase is 48 hours long."
    )
    flag = "extend"
    done = "Extend vote recorded (votes are secret)."
    settles = True
    vote = "longer deadline"
    clock = EXTEND

    def run(self, ctx: Context, stmt: Statement) -> None:
        """A length equal to the phase's own (``SET EXTEND 48 hours`` in a phase 48
        hours long) asks for what the vote does: it is the vote."""
        if stmt.args.strip() and ctx.game is not None:
            length = game_timing(ctx.game).for_phase(ctx.game.phase).after
            if written_seconds(stmt.args) == length.total_seconds() and not length.is_zero():
                stmt = replace(stmt, args="")
        super().run(ctx, stmt)

    def args_refusal(self, ctx: Context, args: str) -> str:
        """A length written after it (``SET EXTEND 2 days``): the vote extends by one
        phase length, no other amount (njudge has no player extend vote)."""
        if _A_LENGTH.search(args) is None:
            return super().args_refusal(ctx, args)
        assert ctx.game is not None
        length = game_timing(ctx.game).for_phase(ctx.game.phase).after
        return (
            f"the vote extends the deadline by one phase length ({length.describe()} "
            f"for {ctx.game.phase}) and by no other amount: write SET EXTEND alone "
            "(nothing was recorded)"
        )


@register
class SetNoExtend(ClockFlag):
    """Take back an extend vote."""

    rank = 85
    keyword = "SET NOEXTEND"
    aliases = ("VOTE NOEXTEND", "NOEXTEND", "SET NOEXTENSION", "VOTE NOEXTENSION")
    syntax = "SET NOEXTEND"
    help = "Takes back your vote to extend the current phase."
    flag = "extend"
    value = False
    done = "Extend vote withdrawn."
    clock = EXTEND


@register
class SetPlayerVotes(MasterCommand):
    """Whether the players may vote to pause, resume or extend the game."""

    rank = 217
    keyword = "SET PLAYER VOTES"
    aliases = ("SET NOPLAYER VOTES", "SET NO PLAYER")
    syntax = "SET PLAYER VOTES   or   SET NO PLAYER VOTES"
    help = (
        "Game masters: whether the players may vote to pause, resume or extend the\n"
        "game (SET PAUSE, SET RESUME, SET EXTEND; allowed by default). Turning them\n"
        "off clears the votes given. Draws and concessions are always voted."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        words = stmt.text.upper().split()
        if "".join(stmt.args.split()).upper() not in ("", "VOTES") or words[-1] != "VOTES":
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        on = "".join(words[:2]) != "SETNO" and "NOPLAYER" not in "".join(words)
        if on:
            said = f"The players of game {game.name} may vote to pause, resume or extend it."
        else:
            said = f"The players of game {game.name} may no longer vote to pause, resume or "
            said += "extend it."
            clear_clock_votes(ctx.session, game)
        change_setting(ctx, stmt, game, "player_votes", on, said)
