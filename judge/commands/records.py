"""A player's record by mail: WHOIS, njudge's INFO PLAYER and GET DEDICATION.

``WHOIS <address or name>`` (also ``WHO IS``) gives the registration (name, address,
time zone), the record (:mod:`judge.game.records`) and the games the player plays
now that the asker may know of: never a running anonymous game, nor a private game
the asker is a stranger to.  ``INFO PLAYER <address>`` (also ``INFOPLAYER``) gives
the record of any address, ``GET DEDICATION`` the sender's own (njudge ``data/index``,
``data/dedsystems``).  A record holds counts only: it names no game.
"""

from __future__ import annotations

from sqlmodel import col, func, select

from judge.commands.base import Command, Context, Statement
from judge.commands.registry import register
from judge.game.games import power_name
from judge.game.privacy import hidden_from
from judge.game.records import player_record, record_lines
from judge.store.models import ACTIVE, FORMING, PAUSED, PLAYING, Account, Game, Player


def _accounts(ctx: Context, who: str) -> list[Account]:
    """The accounts ``who`` names: by address (one or several, as njudge's ``WHO IS
    user [user ...]``; ``<a@b>`` too), else by name (letter case ignored)."""
    words = who.replace(",", " ").split()
    if words and all("@" in word for word in words):
        wanted = [word.strip("<>").lower() for word in words]
        where = func.lower(Account.address).in_(wanted)
    else:
        where = func.lower(Account.name) == who.strip().lower()
    query = select(Account).where(where).order_by(col(Account.id))
    return list(ctx.session.exec(query).all())[:5]


def _found(ctx: Context, stmt: Statement, who: str) -> list[Account]:
    """The accounts ``who`` names; the line is refused when there are none."""
    accounts = _accounts(ctx, who)
    if not accounts:
        ctx.transcript.refused(stmt.text, f"nobody is registered as {who!r} on this judge")
    return accounts


def _give_record(ctx: Context, stmt: Statement, who: str) -> None:
    """Answer the line with the record of the account ``who`` names."""
    accounts = _found(ctx, stmt, who)
    if accounts:
        entry = ctx.transcript.ok(stmt.text, f"The record of {accounts[0].address}:")
        entry.extra.extend(_record(ctx, accounts[0]))


def _games_now(ctx: Context, account: Account) -> list[str]:
    """The games ``account`` plays now that the sender may know of."""
    rows = ctx.session.exec(
        select(Player, Game)
        .join(Game, Game.id == Player.game_id)  # type: ignore[arg-type]
        .where(Player.account_id == account.id, Player.status == PLAYING)
        .where(col(Game.status).in_((FORMING, ACTIVE, PAUSED)))
        .order_by(col(Game.name))
    )
    shown = []
    for player, game in rows:
        if game.anonymous or hidden_from(ctx.session, game, ctx.sender):
            continue
        shown.append(f"{game.name} ({power_name(game, player.power)})")
    return shown


def _record(ctx: Context, account: Account) -> list[str]:
    assert account.id is not None
    return record_lines(player_record(ctx.session, account.id))


@register
class WhoIs(Command):
    """A player's registration and record."""

    rank = 55
    keyword = "WHOIS"
    aliases = ("WHO IS",)
    syntax = "WHOIS <address or name>"
    help = (
        "The registration of a player (name, address, time zone), their record\n"
        "(games played, finished, resigned; phases on time, late, missed; njudge's\n"
        "dedication and ratios) and the games they play now, except anonymous and\n"
        "private ones."
    )

    def run(self, ctx: Context, stmt: Statement) -> None:
        who = stmt.args.strip()
        if not who:
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        accounts = _found(ctx, stmt, who)
        if not accounts:
            return
        entry = ctx.transcript.ok(stmt.text, f"Registered as {who}:")
        for account in accounts:
            games = _games_now(ctx, account)
            entry.extra.extend(
                [
                    f"{account.name or '(no name)'} <{account.address}>, "
                    f"time zone {account.time_zone}",
                    *("  " + line for line in _record(ctx, account)),
                    f"  Playing now: {', '.join(games) or 'no game shown'}.",
                ]
            )
        found = {account.address.lower() for account in accounts}
        asked = [w.strip("<>") for w in who.replace(",", " ").split() if "@" in w]
        if missing := [w for w in asked if w.lower() not in found]:
            entry.extra.append(f"Not registered on this judge: {', '.join(missing)}.")


@register
class InfoPlayer(Command):
    """Any player's record."""

    rank = 56
    keyword = "INFO PLAYER"
    aliases = ("INFOPLAYER",)
    syntax = "INFO PLAYER <address>"
    help = "The record of the player registered with <address> (as GET DEDICATION gives yours)."

    def run(self, ctx: Context, stmt: Statement) -> None:
        who = stmt.args.strip()
        if "@" not in who or len(who.split()) != 1:
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        _give_record(ctx, stmt, who)


@register
class GetDedication(Command):
    """The sender's own record."""

    rank = 57
    keyword = "GET DEDICATION"
    syntax = "GET DEDICATION"
    help = "Your own record: games, phases on time, late and missed, dedication and ratios."

    def run(self, ctx: Context, stmt: Statement) -> None:
        _give_record(ctx, stmt, ctx.sender)
