"""Private games by the game master's signed mail, in njudge's words (data/index,
data/master): ``SET ALLOW PLAYER <address>`` / ``-<address>`` (an invitation list),
``SET DENY PLAYER <address>`` / ``-<address>``, ``SET NOLIST`` (also ``SET NO
LIST``, ``SET UNLIST``, ``SET PRIVATE``) and back with ``SET LIST`` / ``SET PUBLIC``.
What they mean is judge.game.access."""

from __future__ import annotations

from typing import ClassVar

from judge.commands.base import Context, Statement
from judge.commands.gm_common import MasterCommand, change_setting, note_change
from judge.commands.registry import register
from judge.game.access import addresses
from judge.masters.authority import GameMasterError, normalise_address
from judge.store.models import Game


class _AddressList(MasterCommand):
    """SET ALLOW PLAYER and SET DENY PLAYER: add or (``-address``) remove an address."""

    column: ClassVar[str] = ""  # the Game attribute holding the list
    meaning: ClassVar[str] = ""

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        words = stmt.args.split()
        if len(words) != 1 or words[0] == "-":
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        removing = words[0].startswith("-")
        try:
            address = normalise_address(words[0].lstrip("-"))
        except GameMasterError:
            ctx.transcript.refused(stmt.text, f"{words[0]!r} is not a mail address")
            return
        listed = addresses(getattr(game, self.column))
        if (address in listed) != removing:
            ctx.transcript.ok(stmt.text, f"Unchanged: game {game.name} already has that setting.")
            return
        listed = [a for a in listed if a != address] if removing else [*listed, address]
        setattr(game, self.column, "\n".join(listed))
        ctx.session.add(game)
        done = "removed from" if removing else "added to"
        ctx.transcript.ok(
            stmt.text, f"{address} {done} the {self.meaning} of game {game.name} ({len(listed)})."
        )
        # The players are told that the list changed, not whose address it holds.
        note_change(ctx, game, f"The {self.meaning} of game {game.name} changed.")


@register
class SetAllowPlayer(_AddressList):
    """Invite an address (only invited addresses may enter once the list has one)."""

    rank = 221
    keyword = "SET ALLOW PLAYER"
    syntax = "SET ALLOW PLAYER <address>   or   SET ALLOW PLAYER -<address>"
    help = (
        "Game masters: an invitation list. Once it holds an address, only its\n"
        "addresses may join, observe or take over a power; -<address> removes one."
    )
    column = "allowed"
    meaning = "allow list"


@register
class SetDenyPlayer(_AddressList):
    """Keep an address out of the game."""

    rank = 222
    keyword = "SET DENY PLAYER"
    syntax = "SET DENY PLAYER <address>   or   SET DENY PLAYER -<address>"
    help = (
        "Game masters: the address may not join, observe or take over a power\n"
        "(not read while an allow list exists); -<address> removes it."
    )
    column = "denied"
    meaning = "deny list"


@register
class SetNoList(MasterCommand):
    """Make the game private (unlisted), or public again."""

    rank = 223
    keyword = "SET NOLIST"
    aliases = ("SET UNLIST", "SET PRIVATE", "SET LIST", "SET PUBLIC")
    syntax = "SET NOLIST   or   SET LIST"
    help = (
        "Game masters: SET NOLIST (also SET NO LIST, SET UNLIST, SET PRIVATE) makes\n"
        "the game private: LIST leaves it out, and its state, history, summary and\n"
        "map are shown only to its players, applicants, observers and you.\n"
        "SET LIST (or SET PUBLIC) makes it public again."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        if stmt.args.strip():
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        word = "".join(stmt.text.split()).upper()
        unlisted = word in ("SETNOLIST", "SETUNLIST", "SETPRIVATE")
        said = (
            f"Game {game.name} is private: LIST leaves it out, and only the people in it see it."
            if unlisted
            else f"Game {game.name} is public: LIST shows it."
        )
        change_setting(ctx, stmt, game, "unlisted", unlisted, said)
