"""PRESS and BROADCAST: messages between the powers of a game."""

from __future__ import annotations

import json
from email.message import EmailMessage

from judge.commands.base import Command, Context, Statement
from judge.commands.gm_common import judge_sender
from judge.commands.paired import seats_name
from judge.commands.press_options import PressOptions, parse_press_options
from judge.commands.registry import register
from judge.game.games import game_powers, player_address, players_of
from judge.game.recipients import game_mail_subject
from judge.mail.outgoing import judge_mail
from judge.store.models import PLAYING, Game, Press

PRESS_ENDS = ("ENDPRESS", "ENDBROADCAST", "END PRESS", "END BROADCAST")


def _colour(game: Game, asked: bool | None) -> tuple[bool, str | None]:
    """(grey?, refusal) for the colour asked for, under the game's press rules."""
    allowed = game.press_mode.split("/")
    default_grey = allowed[0] == "grey"
    grey = default_grey if asked is None else asked
    wanted = "grey" if grey else "white"
    if wanted not in allowed:
        return grey, f"{wanted} press is not allowed in game {game.name}"
    return grey, None


def _press_mail(ctx: Context, to: str, subject: str, intro: str, body: list[str]) -> EmailMessage:
    text = intro + "\n\n" + "\n".join(body).rstrip() + "\n"
    return judge_mail(judge_sender(ctx), to, subject, text)


class _PressBase(Command):
    needs_signon = True
    block_ends = PRESS_ENDS
    broadcast_default = False

    def echo(self, stmt: Statement) -> str:
        return stmt.text

    def run(self, ctx: Context, stmt: Statement) -> None:
        assert ctx.game is not None and ctx.player is not None
        game = ctx.game
        mine = {seat.power for seat in ctx.seats}  # two powers in a paired game
        powers = game_powers(game)
        opts = parse_press_options(stmt.args, powers)
        refusal = self._check(game, opts, stmt)
        grey, colour_refusal = _colour(game, opts.grey)
        refusal = refusal or colour_refusal
        others = [p.code for p in powers if p.code not in mine]
        if opts.everyone or (self.broadcast_default and not opts.to):
            receivers = others
        elif opts.all_but:
            receivers = [c for c in others if c not in opts.to]
        else:
            receivers = [c for c in opts.to if c not in mine]
        broadcast = set(receivers) >= set(others)
        if refusal is None and not receivers:
            refusal = "nobody to send it to"
        if refusal is None and not broadcast and not game.press_partial:
            refusal = f"game {game.name} allows only broadcasts (press to everyone)"
        if refusal is None and not any(line.strip() for line in stmt.block):
            refusal = "the message is empty"
        if refusal is not None:
            ctx.transcript.refused(stmt.text, f"{refusal}; nothing was sent")
            return
        self._deliver(ctx, stmt, receivers, broadcast, grey)

    def _check(self, game: Game, opts: PressOptions, stmt: Statement) -> str | None:
        if opts.error:
            return opts.error
        if game.press_mode == "none":
            return f"game {game.name} has no press"
        if not self.broadcast_default and not opts.to and not opts.everyone:
            return "PRESS needs TO <powers> (use BROADCAST to write to everyone)"
        return None

    def _deliver(
        self, ctx: Context, stmt: Statement, receivers: list[str], broadcast: bool, grey: bool
    ) -> None:
        assert ctx.game is not None and ctx.player is not None
        game = ctx.game
        names = {p.code: p.name for p in game_powers(game)}
        sender = "someone (grey press)" if grey else seats_name(game, ctx.seats)
        audience = "everyone" if broadcast else ", ".join(names.get(c, c) for c in receivers)
        kind = "Broadcast" if broadcast else "Press"
        subject = game_mail_subject(judge_sender(ctx), game, f"{game.phase} {kind} from {sender}")
        intro = f"Message from {sender} to {audience} in game {game.name} ({game.phase}):"
        # Only players still playing receive press: not those who resigned or were ejected.
        seats = {p.power: p for p in players_of(ctx.session, game) if p.status == PLAYING}
        addresses = {code: player_address(ctx.session, seats[code]) for code in seats}
        unplayed = [names.get(c, c) for c in receivers if not addresses.get(c)]
        if not broadcast and len(unplayed) == len(receivers):
            ctx.transcript.refused(
                stmt.text, f"nobody plays {', '.join(unplayed)}; nothing was sent"
            )
            return
        delivered = [c for c in receivers if addresses.get(c)]
        mailed: set[str] = set()
        for code in delivered:  # a player holding two of the powers gets one mail
            if addresses[code].lower() not in mailed:
                mailed.add(addresses[code].lower())
                ctx.send(_press_mail(ctx, addresses[code], subject, intro, stmt.block))
        reached = "everyone" if broadcast else ", ".join(names.get(c, c) for c in delivered)
        ctx.session.add(
            Press(
                game_id=game.id,
                phase=game.phase,
                from_power=ctx.player.power,
                from_address=ctx.sender,
                recipients=json.dumps(receivers),
                broadcast=broadcast,
                grey=grey,
                body="\n".join(stmt.block),
                created_at=ctx.now,
            )
        )
        colour = "grey" if grey else "white"
        entry = ctx.transcript.ok(
            stmt.text, f"{kind} ({colour}, {line_count(len(stmt.block))}) sent to {reached}."
        )
        if unplayed:
            entry.extra.append("Not delivered (nobody plays them): " + ", ".join(unplayed))
        if not stmt.closed:
            entry.extra.append("(No ENDPRESS line: the message ran to the end of your mail.)")


@register
class PressCommand(_PressBase):
    """Press to some powers."""

    rank = 40

    keyword = "PRESS"
    syntax = "PRESS TO <powers> [GREY|WHITE]  ...message lines...  ENDPRESS"
    help = (
        "Send a message to the named powers: PRESS TO Germany Italy, or run-together\n"
        "initials PRESS TO GI, or PRESS TO ALL BUT Russia. GREY sends it without\n"
        "your name where the game allows grey press. The message is every line\n"
        "up to ENDPRESS (or SIGNOFF)."
    )


@register
class BroadcastCommand(_PressBase):
    """Press to every power."""

    rank = 45

    keyword = "BROADCAST"
    syntax = "BROADCAST [GREY|WHITE]  ...message lines...  ENDPRESS"
    help = (
        "Send a message to every other power in the game. GREY hides your name\n"
        "where the game allows grey press. The message is every line up to\n"
        "ENDPRESS (ENDBROADCAST and SIGNOFF work too)."
    )
    broadcast_default = True


def line_count(count: int) -> str:
    """``1 line``, ``3 lines``."""
    return f"{count} line" if count == 1 else f"{count} lines"
