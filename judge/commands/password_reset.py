"""FORGOT PASSWORD: a one-time sign-on code, mailed to the address that plays the power.

The judge keeps passwords in a form it cannot read back, so a lost one cannot be sent.
Instead, each power the sender's address plays (in one game, or in every game in
play) gets a code of its own, mailed to that address and never put in the reply: a
forged From gets the code to the real player only.  The code signs on as the power,
beside its password (which still works), until its hours run out or SET PASSWORD
chooses a new password.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from sqlmodel import col, select

from judge.commands.base import Command, Context, Statement
from judge.commands.gm_common import judge_sender
from judge.commands.player_state import split_target
from judge.commands.registry import register
from judge.game.games import find_game, game_variant, power_name
from judge.game.recipients import send
from judge.reports.notices import signon_line as signon_for
from judge.store.models import ACTIVE, PAUSED, PLAYING, Account, Game, Player, as_utc
from judge.store.passwords import hash_password, verify_password

CODE_HOURS = 24
# Letters and digits that cannot be taken for one another in any font.
_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
_CODE_LENGTH = 10


def new_code() -> str:
    """A fresh one-time code."""
    return "".join(secrets.choice(_CODE_ALPHABET) for _ in range(_CODE_LENGTH))


def code_signs_on(player: Player, word: str, now: datetime) -> bool:
    """Whether ``word`` is the power's one-time code, still valid at ``now``."""
    until = as_utc(player.reset_until)
    if not player.reset_hash or until is None or until < now:
        return False
    return verify_password(player.reset_hash, word)


def forget_code(player: Player) -> None:
    """The power's one-time code no longer signs on (a new password was chosen)."""
    player.reset_hash = None
    player.reset_until = None


def _seats_played(ctx: Context, game: Game | None) -> list[tuple[Game, Player]]:
    """The powers the sender's address plays in games in play (in ``game`` only, when
    given), by game and power."""
    query = (
        select(Game, Player)
        .join(Player, col(Player.game_id) == col(Game.id))
        .join(Account, col(Account.id) == col(Player.account_id))
        .where(
            Account.address == ctx.sender,
            Player.status == PLAYING,
            col(Game.status).in_((ACTIVE, PAUSED)),
        )
        .order_by(col(Game.name), col(Player.power))
    )
    if game is not None:
        query = query.where(Game.id == game.id)
    return [(found, player) for found, player in ctx.session.exec(query)]


def _game_of(ctx: Context, word: str) -> Game | None:
    """The game a word names: the game itself, or a SIGNON target (``Fgame1``)."""
    game = find_game(ctx.session, word)
    target = split_target(word) if game is None else None
    return find_game(ctx.session, target[1]) if target is not None else game


def _code_mail(ctx: Context, game: Game, player: Player, code: str) -> str:
    variant = game_variant(game)
    line = (
        signon_for(player.power, game.name, variant)
        or f"SIGNON {player.power}@{game.name} <password>"
    )
    signon = line.replace("<password>", code)
    name = power_name(game, player.power)
    return (
        f"Someone (you, we hope) wrote to this judge from {ctx.sender} that the\n"
        f"password of {name} in game {game.name} is lost.  A one-time code signs on\n"
        f"as {name} for the next {CODE_HOURS} hours:\n\n"
        f"  {signon}\n"
        "  SET PASSWORD <your new password>\n\n"
        "Put those two lines in a mail to the judge (your orders may follow them).\n"
        "Your old password still works, and the code stops working once SET PASSWORD\n"
        "has chosen a new one.  If you did not ask for this, ignore this mail: nothing\n"
        "has changed.\n"
    )


@register
class ForgotPassword(Command):
    """``FORGOT PASSWORD [<game>]``: a one-time code for each power the sender plays."""

    rank = 99
    keyword = "FORGOT PASSWORD"
    aliases = ("FORGOT MY PASSWORD", "LOST PASSWORD", "LOST MY PASSWORD", "SEND PASSWORD")
    aliases += ("FORGOTTEN PASSWORD", "FORGOT PASSWORD?", "FORGOT MY PASSWORD?")
    syntax = "FORGOT PASSWORD [<game>]"
    help = (
        "Passwords are kept in a form that cannot be read back, so the judge cannot\n"
        "send yours. Instead it mails, to the address that plays the power, a one-time\n"
        f"code that signs on as it for {CODE_HOURS} hours: sign on with the code, then SET\n"
        "PASSWORD. Name a game to ask for its power only; else every power your\n"
        "address plays gets a code."
    )

    @classmethod
    def claims(cls, args: str) -> bool:
        """Nothing after the words, or a game (``for game1``): other words are prose."""
        words = _words(args)
        return len(words) <= 1

    def run(self, ctx: Context, stmt: Statement) -> None:
        words = _words(stmt.args)
        game = None
        if words:
            game = _game_of(ctx, words[0])
            if game is None:
                ctx.transcript.refused(stmt.text, f"no game {words[0]} on this judge")
                return
        seats = _seats_played(ctx, game)
        if not seats:
            where = f"in game {game.name}" if game is not None else "in a game in play"
            ctx.transcript.ok(
                stmt.text,
                f"{ctx.sender} plays no power {where}, so no code was sent: a code goes only "
                "to the address that plays the power. Write from that address, or ask the "
                "game's master (SUMMARY <game> names the master) for a new password (the "
                "master's REPLACE <power> <address> <password>).",
            )
            return
        sender = judge_sender(ctx)
        until = ctx.now + timedelta(hours=CODE_HOURS)
        for found, player in seats:
            code = new_code()
            player.reset_hash, player.reset_until = hash_password(code), until
            ctx.session.add(player)
            name = power_name(found, player.power)
            subject = f"{sender.code}:{found.name} - a one-time code for {name}"
            send(ctx.session, sender, ctx.sender, subject, _code_mail(ctx, found, player, code))
        names = ", ".join(f"{power_name(g, p.power)} in game {g.name}" for g, p in seats)
        ctx.transcript.ok(
            stmt.text,
            f"A one-time code to sign on as {names} is mailed to {ctx.sender} in a mail of "
            f"its own (never in this reply); it works for {CODE_HOURS} hours, beside your "
            "password.",
        )


def _words(args: str) -> list[str]:
    """The words after FORGOT PASSWORD, without a leading FOR and end punctuation."""
    words = args.strip().rstrip("?.!").split()
    if words and words[0].upper() in ("FOR", "IN"):
        words = words[1:]
    return words
