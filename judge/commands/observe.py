"""OBSERVE and UNOBSERVE: receive a game's reports without playing, or stop.

Anyone may observe a game that is not finished, unless its master's allow or deny
list keeps them out (judge.game.privacy); the judge keeps an account for the address
(REGISTER later sets its name and time zone).
"""

from __future__ import annotations

from sqlmodel import select

from judge.commands.base import Command, Context, Statement, masked
from judge.commands.player_state import game_named
from judge.commands.registry import register
from judge.game.games import account_for
from judge.game.privacy import access_refusal
from judge.store.models import FINISHED, Game, Observer


def _game(ctx: Context, stmt: Statement, syntax: str) -> Game | None:
    words = stmt.args.split()
    if not words:
        ctx.transcript.refused(stmt.text, f"expected: {syntax}")
        return None
    return game_named(ctx, stmt.text, words[0])


def _row(ctx: Context, game: Game) -> Observer | None:
    account = account_for(ctx.session, ctx.sender)
    query = select(Observer).where(Observer.game_id == game.id, Observer.account_id == account.id)
    return ctx.session.exec(query).first()


def observes(ctx: Context, game: Game) -> bool:
    """Whether the sender observes the game."""
    return _row(ctx, game) is not None


def stop_observing(ctx: Context, stmt: Statement, game: Game) -> None:
    """Remove the sender from the game's observers, recording the outcome."""
    row = _row(ctx, game)
    if row is None:
        ctx.transcript.refused(stmt.text, f"you do not observe game {game.name}")
        return
    ctx.session.delete(row)
    ctx.transcript.ok(stmt.text, f"You no longer observe game {game.name}.")


@register
class Observe(Command):
    """Observe a game."""

    rank = 47
    keyword = "OBSERVE"
    aliases = ("WATCH",)
    syntax = "OBSERVE <game> [<password>]   or   OBSERVE <game> OFF"
    help = (
        "You receive the game's start mail, reports and announcements without\n"
        "playing. OBSERVE <game> OFF (or UNOBSERVE <game>) stops them. njudge's\n"
        "password (OBSERVE <game> <password>, SIGNON O<game> <password>) is taken\n"
        "and not needed: observing here needs no SIGNON. It is never shown back."
    )

    not_slips = frozenset({"OBSERVER", "OBSERVED", "OBSERVES"})

    def echo(self, stmt: Statement) -> str:
        words = stmt.args.split()
        if len(words) == 2 and words[1].upper() == "OFF":
            return stmt.text
        return masked(stmt.text.split()[0].upper(), stmt.args, 1)

    def run(self, ctx: Context, stmt: Statement) -> None:
        echo = self.echo(stmt)
        words = stmt.args.split()
        if len(words) == 2 and words[1].upper() == "OFF":
            game = _game(ctx, stmt, self.syntax)
            if game is not None:
                stop_observing(ctx, stmt, game)
            return
        if len(words) > 2:
            ctx.transcript.refused(echo, f"expected: {self.syntax}")
            return
        start_observing(ctx, Statement(stmt.line_no, echo, stmt.kind, stmt.command, stmt.args))


def start_observing(ctx: Context, stmt: Statement) -> None:
    """Add the sender to the game named first in ``stmt.args`` as an observer;
    ``stmt.text`` is the line as quoted back (its password hidden)."""
    game = _game(ctx, stmt, Observe.syntax)
    if game is None:
        return
    if game.status == FINISHED:
        ctx.transcript.refused(
            stmt.text, f"game {game.name} is finished: send HISTORY {game.name} for its reports"
        )
        return
    if _row(ctx, game) is not None:
        ctx.transcript.refused(stmt.text, f"you already observe game {game.name}")
        return
    refusal = access_refusal(game, ctx.sender)  # the master's allow and deny lists
    if refusal is not None:
        ctx.transcript.refused(stmt.text, refusal)
        return
    account = account_for(ctx.session, ctx.sender)
    ctx.session.add(Observer(game_id=game.id, account_id=account.id, created_at=ctx.now))
    ctx.transcript.ok(
        stmt.text, f"You now observe game {game.name}: its reports will be mailed to you."
    )


@register
class Unobserve(Command):
    """Stop observing a game."""

    rank = 48
    keyword = "UNOBSERVE"
    syntax = "UNOBSERVE <game>"
    help = "Stops the mail of a game you observe (the same as OBSERVE <game> OFF)."

    def run(self, ctx: Context, stmt: Statement) -> None:
        game = _game(ctx, stmt, self.syntax)
        if game is not None:
            stop_observing(ctx, stmt, game)
