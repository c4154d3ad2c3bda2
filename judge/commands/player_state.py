"""What the player commands share: checks on the signed-on player's game, and
finding the account a command acts for."""

from __future__ import annotations

from difflib import get_close_matches
from typing import ClassVar

from sqlmodel import col, select

from judge.commands.base import Command, Context, Statement
from judge.commands.gm_common import judge_sender
from judge.game.games import find_game, power_name
from judge.game.privacy import hidden_from
from judge.game.votes import settle_votes
from judge.rules.registry import ruleset_for_game
from judge.store.models import FINISHED, FORMING, PLAYING, Account, Game


def in_play_refusal(ctx: Context) -> str | None:
    """Why the signed-on player cannot change their settings now, or None."""
    game, player = ctx.game, ctx.player
    assert game is not None and player is not None
    if game.status == FINISHED:
        return f"game {game.name} is finished"
    if game.status == FORMING:
        return f"game {game.name} has not started yet"
    if player.status != PLAYING:
        return f"you no longer play {power_name(game, player.power)} in game {game.name}"
    return None


def target_word(token: str) -> str:
    """A SIGNON target as written before its password, without the comma or colon
    some put after it (``SIGNON Fgame1, secret``)."""
    return token.rstrip(",;:")


def split_target(token: str) -> tuple[str, str] | None:
    """(power text, game name) from a SIGNON target, ``power@game`` or
    ``<initial><game>`` (a comma or colon after it left out)."""
    token = target_word(token)
    if "@" in token:
        power, _, game = token.partition("@")
        return (power, game) if power and game else None
    if len(token) < 2:
        return None
    return token[0], token[1:]


def sender_account(ctx: Context) -> Account | None:
    """The account of the sending address, if it has one."""
    if ctx.account is None:
        ctx.account = ctx.session.exec(select(Account).where(Account.address == ctx.sender)).first()
    return ctx.account


def registered_account(ctx: Context) -> Account | None:
    """The sender's account when it was made by REGISTER: it has a password, or a
    name (njudge's form has no password; an observer's account has neither)."""
    account = sender_account(ctx)
    registered = account is not None and (account.password_hash or account.name)
    return account if registered else None


class PlayerFlag(Command):
    """A SET command that turns one of the signed-on player's flags on or off."""

    needs_signon = True
    flag: ClassVar[str] = ""  # the Player attribute
    value: ClassVar[bool] = True
    done: ClassVar[str] = ""  # the reply when it is set
    settles: ClassVar[bool] = False  # True for votes that may end the game
    vote: ClassVar[str] = ""  # what the vote is on ("draw"), for a refusal
    said: str = ""  # the reply of this run, when it differs from ``done``

    def run(self, ctx: Context, stmt: Statement) -> None:
        assert ctx.game is not None and ctx.player is not None
        if stmt.args.strip():
            ctx.transcript.refused(stmt.text, self.args_refusal(ctx, stmt.args))
            return
        reason = in_play_refusal(ctx)
        if reason is None and self.settles and self.value and not has_a_say(ctx):
            reason = f"you have no units or centres and cannot vote on a {self.vote}"
        reason = reason or self.refusal(ctx)
        if reason is not None:
            ctx.transcript.refused(stmt.text, reason)
            return
        for seat in ctx.seats:  # a player holding two powers (Root Z) sets both
            setattr(seat, self.flag, self.value)
            ctx.session.add(seat)
        entry = ctx.transcript.ok(stmt.text, self.said or self.done)
        if self.settles and self.value:
            self.settle(ctx, entry.extra)

    def refusal(self, ctx: Context) -> str | None:
        """Why this flag cannot be set in the game now (beyond the checks every flag
        has), or None."""
        return None

    def args_refusal(self, ctx: Context, args: str) -> str:
        """Why the words written after the command are refused (it takes none)."""
        return f"expected: {self.syntax}"

    def settle(self, ctx: Context, extra: list[str]) -> None:
        """After a vote: carry out what the votes agree on, adding to the reply."""
        assert ctx.game is not None
        outcome = settle_votes(ctx.session, judge_sender(ctx), ctx.game, ctx.now)
        if outcome is not None:
            extra.append(f"The game is over: {outcome}")


def has_a_say(ctx: Context) -> bool:
    """Whether a power of the signed-on player survives (owns a unit or a centre):
    only those vote on a draw or a concession (judge.game.votes; njudge's draw.c)."""
    assert ctx.game is not None
    alive = ruleset_for_game(ctx.game).survivors(ctx.game.position_view())
    return any(seat.power in alive for seat in ctx.seats)


def game_named(ctx: Context, echo: str, name: str, *, private_too: bool = False) -> Game | None:
    """The game called ``name``; else refuse the line and return None.  A private game
    is not found for a stranger to it, unless ``private_too`` (JOIN)."""
    game = find_game(ctx.session, name)
    if game is not None and not private_too and hidden_from(ctx.session, game, ctx.sender):
        game = None
    if game is None:
        ctx.transcript.refused(echo, f"there is no game called {name!r}{closest_game(ctx, name)}")
    return game


def closest_game(ctx: Context, name: str) -> str:
    """Which listed game a mistyped name may mean, or where to find the games."""
    names = ctx.session.exec(select(Game.name)).all()
    close = get_close_matches(name.lower(), names, n=3, cutoff=0.75)
    games = ctx.session.exec(select(Game).where(col(Game.name).in_(close))).all()
    shown = sorted(g.name for g in games if not hidden_from(ctx.session, g, ctx.sender))
    if shown:
        return f" (did you mean {' or '.join(shown)}?)"
    return " (send LIST for the games on this judge)"


def game_and_words(ctx: Context, stmt: Statement, syntax: str) -> tuple[Game, list[str]] | None:
    """The game a command's line names and the line's words, the game's name first:
    the game of its first word, else the mail's (:func:`mail_game`, put in front).
    Else refuse the line (the ``syntax`` expected, or no such game) and return None."""
    words = stmt.args.split()
    if not words or find_game(ctx.session, words[0]) is None:
        words = mail_game(ctx) + words  # njudge: the game signed on to or selected
    if not words:
        ctx.transcript.refused(stmt.text, f"expected: {syntax}")
        return None
    game = game_named(ctx, stmt.text, words[0])
    return None if game is None else (game, words)


def mail_game(ctx: Context) -> list[str]:
    """The name of the game this mail speaks of, as the one word a command that names
    a game takes when it is left out (njudge's HISTORY and SUMMARY after a SIGNON):
    the game signed on to earlier in the mail, else the one its master selected with
    GAME or CREATE; empty before either."""
    if ctx.signed_on and ctx.game is not None:
        return [ctx.game.name]
    return [ctx.master_game.name] if ctx.master_game is not None else []
