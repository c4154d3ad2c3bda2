"""The game master's privacy and entry settings, in njudge's forms (data/index,
data/master, data/dedsystems): SET NOLIST / SET LIST, SET ALLOW PLAYER, SET DENY
PLAYER, SET DEDICATION, SET ONTIMERAT and SET RESRAT.

What they mean is in :mod:`judge.game.privacy` and :mod:`judge.game.records`; each
change is announced once to the game's people (:func:`note_change`).
"""

from __future__ import annotations

from typing import ClassVar

from judge.commands.base import Context, Statement
from judge.commands.gm_common import MasterCommand, note_change
from judge.commands.registry import register
from judge.game.privacy import ALLOW, DENY, access_list, set_access_list
from judge.masters.authority import GameMasterError, normalise_address
from judge.store.models import Game

# Words that take an entry limit away (beyond njudge, whose masters set -10000 or 0).
NO_LIMIT = ("NONE", "OFF")


def _unchanged(ctx: Context, stmt: Statement, what: str) -> None:
    ctx.transcript.ok(stmt.text, f"{what}: nothing changed, and nobody was told.")


class _Listing(MasterCommand):
    """SET NOLIST or SET LIST."""

    unlisted: ClassVar[bool] = True
    after_the_end = True  # a master tidying a finished game may hide it (njudge too)

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        if stmt.args.strip():
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        state = "private (not listed)" if self.unlisted else "listed"
        if game.unlisted == self.unlisted:
            _unchanged(ctx, stmt, f"Game {game.name} is already {state}")
            return
        game.unlisted = self.unlisted
        ctx.session.add(game)
        if self.unlisted:
            text = (
                f"Game {game.name} is now private: it is not listed, and only its players, "
                "observers and invited addresses can see it."
            )
        else:
            text = f"Game {game.name} is now listed: anyone can see it in LIST and on the web."
        ctx.transcript.ok(stmt.text, text)
        note_change(ctx, game, text)


@register
class SetNoList(_Listing):
    """Make the game private."""

    rank = 240
    keyword = "SET NOLIST"
    # SET NO LIST squashes to SET NOLIST; njudge's how2gm writes SET UNLISTED
    aliases = ("SET UNLIST", "SET UNLISTED", "SET PRIVATE")
    syntax = "SET NOLIST"
    help = (
        "Game masters: the game becomes private: LIST and the web pages leave it out,\n"
        "and to anyone outside it (not a player, applicant, observer or address on\n"
        "its allow list) LIST, HISTORY, SUMMARY, MAP and OBSERVE answer as if it did\n"
        "not exist. JOIN still finds it by name. SET LIST undoes it. Also SET NO LIST,\n"
        "SET UNLIST, SET UNLISTED, SET PRIVATE."
    )


@register
class SetList(_Listing):
    """Make the game public again."""

    rank = 241
    keyword = "SET LIST"
    aliases = ("SET PUBLIC", "SET LISTED")
    syntax = "SET LIST"
    help = (
        "Game masters: the game is listed again (LIST, the web pages); also SET PUBLIC, SET LISTED."
    )
    unlisted = False


class _AccessList(MasterCommand):
    """SET ALLOW PLAYER or SET DENY PLAYER: add addresses, or take them off with '-'."""

    which: ClassVar[str] = ALLOW

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        words = stmt.args.replace(",", " ").split()
        if not words:
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        current = access_list(game, self.which)
        wanted = list(current)
        for word in words:
            removing = word.startswith("-")
            try:
                address = normalise_address(word[1:] if removing else word)
            except GameMasterError:
                ctx.transcript.refused(stmt.text, f"{word!r} is not a mail address")
                return
            if removing and address in wanted:
                wanted.remove(address)
            elif not removing and address not in wanted:
                wanted.append(address)
        name = "allow list" if self.which == ALLOW else "deny list"
        if wanted == current:
            _unchanged(ctx, stmt, f"The {name} of game {game.name} already reads so")
            return
        set_access_list(game, self.which, wanted)
        ctx.session.add(game)
        shown = ", ".join(wanted) or "empty"
        entry = ctx.transcript.ok(stmt.text, f"The {name} of game {game.name}: {shown}.")
        if self.which == DENY and access_list(game, ALLOW):
            entry.extra.append("The game has an allow list: the deny list counts only without one.")
        if self.which == ALLOW:
            text = (
                "Only invited players may join, observe or take over a power."
                if wanted
                else "The game is open to every registered player again (no allow list)."
            )
        else:
            text = "The master changed the list of players barred from the game."
        note_change(ctx, game, text)


@register
class SetAllowPlayer(_AccessList):
    """Invite players: only they may enter the game."""

    rank = 242
    keyword = "SET ALLOW PLAYER"
    # njudge's ml_set.c takes the words either way round, PLAYER or PLAYERS
    aliases = ("SET ALLOW", "SET ALLOW PLAYERS", "SET PLAYER ALLOW", "SET PLAYERS ALLOW")
    syntax = "SET ALLOW PLAYER <address>   or   SET ALLOW PLAYER -<address>"
    help = (
        "Game masters: once the allow list holds an address, only the addresses on it\n"
        "may JOIN, OBSERVE or take over a power in the game (as on njudge). A '-' before\n"
        "an address takes it off; an empty list opens the game again."
    )


@register
class SetDenyPlayer(_AccessList):
    """Bar players from the game."""

    rank = 243
    keyword = "SET DENY PLAYER"
    aliases = ("SET DENY", "SET DENY PLAYERS", "SET PLAYER DENY", "SET PLAYERS DENY")
    syntax = "SET DENY PLAYER <address>   or   SET DENY PLAYER -<address>"
    help = (
        "Game masters: the addresses on the deny list may not JOIN, OBSERVE or take\n"
        "over a power in the game. Not read when the game has an allow list (njudge)."
    )
    which = DENY


class _Limit(MasterCommand):
    """An entry limit: SET DEDICATION, SET ONTIMERAT or SET RESRAT."""

    field: ClassVar[str] = ""  # the Game attribute
    what: ClassVar[str] = ""  # how the reply and the announcement name it
    whole: ClassVar[bool] = False  # an integer (dedication) or a ratio from 0 to 1

    def _value(self, word: str) -> int | float | None:
        """The limit a word gives; ValueError (player-facing) when it is none."""
        if word.upper() in NO_LIMIT:
            return None
        try:
            value: int | float = int(word) if self.whole else float(word)
        except ValueError:
            kind = "a whole number" if self.whole else "a ratio from 0 to 1 (e.g. 0.8)"
            raise ValueError(f"{word!r} is not {kind}, nor NONE") from None
        if not self.whole and not 0.0 <= value <= 1.0:
            raise ValueError(f"{word} is not a ratio from 0 to 1")
        return value

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        words = stmt.args.split()
        if len(words) != 1:
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        try:
            value = self._value(words[0])
        except ValueError as exc:
            ctx.transcript.refused(stmt.text, f"{exc}; nothing was changed")
            return
        if getattr(game, self.field) == value:
            _unchanged(ctx, stmt, f"Game {game.name} already has this {self.what}")
            return
        setattr(game, self.field, value)
        ctx.session.add(game)
        if value is None:
            text = f"Game {game.name} has no {self.what} any more."
        else:
            shown = str(value) if self.whole else f"{value:.2f}"
            text = f"Game {game.name} now has the {self.what} {shown}."
        ctx.transcript.ok(stmt.text, text)
        note_change(ctx, game, text)


@register
class SetDedication(_Limit):
    """Keep out players below a dedication."""

    rank = 244
    keyword = "SET DEDICATION"
    syntax = "SET DEDICATION <n>"
    help = (
        "Game masters: JOIN and takeovers are refused to players whose dedication\n"
        "(njudge's points: +3 a phase on time, -1 late, -100 missed, -50 a power\n"
        "abandoned) is below <n>. A new player has 0: SET DEDICATION 1 keeps them out.\n"
        "NONE takes the limit away (also for SET ONTIMERAT and SET RESRAT)."
    )
    field = "min_dedication"
    what = "minimum dedication"
    whole = True


@register
class SetOnTimeRatio(_Limit):
    """Keep out players who are often late."""

    rank = 245
    keyword = "SET ONTIMERAT"
    aliases = ("SET ONTIME RATIO", "SET ONTIMERATIO")
    syntax = "SET ONTIMERAT <ratio>"
    help = (
        "Game masters: JOIN and takeovers are refused to players whose share of phases\n"
        "ordered on time is below <ratio> (0 to 1). Players with no phase yet pass."
    )
    field = "min_ontime"
    what = "minimum on-time ratio"


@register
class SetResignRatio(_Limit):
    """Keep out players who often leave their powers."""

    rank = 246
    keyword = "SET RESRAT"
    aliases = ("SET CD RATIO", "SET CDRATIO")
    syntax = "SET RESRAT <ratio>"
    help = (
        "Game masters: JOIN and takeovers are refused to players whose CD ratio\n"
        "((phases missed + powers abandoned) / games played) is above <ratio> (0 to 1).\n"
        "Players with no game yet pass."
    )
    field = "max_resrat"
    what = "maximum CD ratio"
