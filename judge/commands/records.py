"""A player's record by mail: WHOIS, njudge's INFO PLAYER, GET DEDICATION and WHO GAME.

``WHOIS <address or name>`` (also ``WHO IS``; njudge's start of an address, when one
address alone begins so) gives the registration (name, address, time zone), the
record (:mod:`judge.game.records`) and the games the player plays now that the
asker may know of: never a running anonymous game, nor a private game
the asker is a stranger to.  ``INFO PLAYER <address>`` (also ``INFOPLAYER``) gives
the record of any address, ``GET DEDICATION`` the sender's own (njudge ``data/index``,
``data/dedsystems``).  A record counts games and phases, and names the finished
games played to their end with their results (won, drawn, survived, eliminated),
but private games the asker is a stranger to.  ``WHO GAME
<game> [FULL]`` gives the registration and record of each player of a game (of each
who joined it while it forms; of its observers too with ``FULL``); while an
anonymous game runs or forms, only to its master.
"""

from __future__ import annotations

from sqlmodel import col, func, select

from judge.commands.base import Command, Context, Statement
from judge.commands.gm_common import master_of
from judge.commands.player_state import game_named, mail_game
from judge.commands.registry import register
from judge.game.games import power_name
from judge.game.privacy import hidden_from
from judge.game.records import finished_results, player_record, record_lines
from judge.game.start import applicants_of, places_taken
from judge.store.models import (
    ACTIVE,
    FINISHED,
    FORMING,
    PAUSED,
    PLAYING,
    Account,
    Game,
    Observer,
    Player,
)


def _addresses(who: str) -> list[str] | None:
    """The addresses ``who`` lists (njudge's ``WHO IS user [user ...]``; commas and
    ``<a@b>`` too), or None when a word is not an address."""
    words = who.replace(",", " ").split()
    if words and all("@" in word for word in words):
        return [word.strip("<>").lower() for word in words]
    return None


def _accounts(ctx: Context, who: str) -> list[Account]:
    """The accounts ``who`` names: by address, else by name (letter case ignored),
    else the one account whose address begins with the word (njudge's ``WHO IS p``:
    none when several do)."""
    wanted = _addresses(who)
    if wanted is not None:
        where = func.lower(Account.address).in_(wanted)
    else:
        where = func.lower(Account.name) == who.strip().lower()
    query = select(Account).where(where).order_by(col(Account.id))
    found = list(ctx.session.exec(query).all())[:5]
    return found or (_begun(ctx, who) if wanted is None else [])


def _begun(ctx: Context, start: str) -> list[Account]:
    """The account whose address alone begins with the one word ``start``, as
    njudge's whois finds one (users.c: several are no match); else none."""
    if len(start.split()) != 1:
        return []
    begins = func.lower(Account.address).startswith(start.strip().lower(), autoescape=True)
    found = list(ctx.session.exec(select(Account).where(begins).limit(2)).all())
    return found if len(found) == 1 else []


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
    """The account's record, and the results of its finished games the sender may know of."""
    assert account.id is not None
    lines = record_lines(player_record(ctx.session, account.id))
    shown = _games_finished(ctx, account.id)
    return [*lines, f"Finished: {', '.join(shown)}."] if shown else lines


def _games_finished(ctx: Context, account_id: int) -> list[str]:
    """Each finished game the account played to its end, by name, with the powers
    it held and its result (``won1 (France, won)``), but private games the sender
    is a stranger to (an anonymous game names its players once it is over)."""
    results = finished_results(ctx.session, account_id)
    rows = ctx.session.exec(
        select(Game, Player)
        .join(Player, col(Player.game_id) == col(Game.id))
        .where(col(Game.id).in_(results), Player.account_id == account_id)
        .where(Player.status == PLAYING)
        .order_by(col(Game.name), col(Player.id))
    )
    held: dict[str, tuple[Game, list[str]]] = {}
    for game, player in rows:
        held.setdefault(game.name, (game, []))[1].append(power_name(game, player.power))
    return [
        f"{game.name} ({' + '.join(powers)}, {results[game.id or 0] or 'result not known'})"
        for game, powers in held.values()
        if not hidden_from(ctx.session, game, ctx.sender)
    ]


@register
class WhoIs(Command):
    """A player's registration and record."""

    rank = 55
    keyword = "WHOIS"
    aliases = ("WHO IS",)
    syntax = "WHOIS <address or name>"
    help = (
        "The registration of a player (name, address, time zone), their record\n"
        "(games played, finished, resigned; results won, drawn, survived,\n"
        "eliminated; phases on time, late, missed; njudge's\n"
        "dedication and ratios) and the games they play now, except anonymous and\n"
        "private ones. A word that begins one address alone (njudge's WHO IS fran)\n"
        "finds it."
    )

    @classmethod
    def claims(cls, args: str) -> bool:
        """Addresses, or a name or the start of an address (at most three words, no
        question mark): "Who is attacking Munich?" is prose."""
        return _addresses(args) is not None or (len(args.split()) <= 3 and "?" not in args)

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
        if missing := [w for w in _addresses(who) or [] if w not in found]:
            entry.extra.append(f"Not registered on this judge: {', '.join(missing)}.")


@register
class WhoAddress(WhoIs):
    """njudge's ``WHO <user> ...``, the same as WHOIS (data/index)."""

    keyword = "WHO"
    aliases = ()
    syntax = "WHO <address> [<address> ...]"
    help = "njudge's form of WHOIS <address>: the registration and record of each."

    @classmethod
    def claims(cls, args: str) -> bool:
        """Addresses only, or nothing ("Who attacks Munich?" is prose)."""
        return not args.split() or _addresses(args) is not None


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
    help = (
        "Your own record: games and their results, phases on time, late and missed,\n"
        "dedication and ratios."
    )

    def run(self, ctx: Context, stmt: Statement) -> None:
        _give_record(ctx, stmt, ctx.sender)


@register
class WhoGame(Command):
    """njudge's WHO GAME: who plays a game, each with their registration and record."""

    rank = 56
    keyword = "WHO GAME"
    aliases = ("WHOGAME",)
    syntax = "WHO GAME <game> [FULL]"
    help = (
        "The registration and record of every player of <game> (as WHOIS gives\n"
        "them), its observers too with FULL. After a SIGNON (or a master's GAME) the\n"
        "game may be left out. While an anonymous game runs, only its master may ask."
    )

    def run(self, ctx: Context, stmt: Statement) -> None:
        words = stmt.args.split()
        full = bool(words) and words[-1].upper() == "FULL"
        words = (words[:-1] if full else words) or mail_game(ctx)
        if len(words) != 1:
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        game = game_named(ctx, stmt.text, words[0])
        if game is None:
            return
        if game.anonymous and game.status != FINISHED and not master_of(game, ctx.sender):
            ctx.transcript.refused(
                stmt.text, f"game {game.name} is anonymous: only its master may see who plays it"
            )
            return
        entry = ctx.transcript.ok(stmt.text, f"The players of game {game.name}:")
        entry.extra.append(f"Master: {game.master_address or 'none'}")
        if game.status == FORMING:
            entry.extra.append(f"Forming: {places_taken(ctx.session, game)}")
        for label, account in _game_people(ctx, game, full):
            entry.extra.extend(
                [
                    f"{label}: {account.name or '(no name)'} <{account.address}>, "
                    f"time zone {account.time_zone}",
                    *("  " + line for line in _record(ctx, account)),
                ]
            )


def _game_people(ctx: Context, game: Game, full: bool) -> list[tuple[str, Account]]:
    """Each player of ``game`` (by power, with the status of one who left), or of a
    forming game each who joined it, and, when ``full``, each observer."""
    players = ctx.session.exec(
        select(Player, Account)
        .join(Account, Account.id == Player.account_id)  # type: ignore[arg-type]
        .where(Player.game_id == game.id)
        .order_by(col(Player.power))
    )
    people = [
        (power_name(game, p.power) + ("" if p.status == PLAYING else f" ({p.status})"), a)
        for p, a in players
    ]
    if game.status == FORMING:  # who has joined so far (njudge lists them too)
        ids = [applicant.account_id for applicant in applicants_of(ctx.session, game)]
        accounts = {
            a.id: a for a in ctx.session.exec(select(Account).where(col(Account.id).in_(ids)))
        }
        people.extend(("Joined", accounts[i]) for i in ids)
    if full:
        watchers = ctx.session.exec(
            select(Account)
            .join(Observer, Observer.account_id == Account.id)  # type: ignore[arg-type]
            .where(Observer.game_id == game.id)
            .order_by(col(Account.address))
        )
        people.extend(("Observer", account) for account in watchers)
    return people
