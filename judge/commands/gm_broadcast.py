"""MASTER BROADCAST: a message from the game master to everyone in the game.

The players' BROADCAST (judge/commands/press.py) needs a SIGNON and follows the
game's press rules; the master's message needs a signed mail instead, goes to every
player and observer whatever the press rules, and is marked as the master's.
"""

from __future__ import annotations

import json

from judge.commands.base import Context, Statement
from judge.commands.gm_common import MasterCommand, judge_sender, send_announcements
from judge.commands.press import PRESS_ENDS, line_count
from judge.commands.registry import register
from judge.game.games import phase_label
from judge.game.recipients import OBSERVER, PLAYER, announce, game_mail_subject
from judge.store.models import Game, Press

# Press.from_power of the master's messages.
MASTER_POWER = "master"


@register
class MasterBroadcast(MasterCommand):
    """The master's message to everyone in the game."""

    rank = 240
    keyword = "MASTER BROADCAST"
    syntax = "MASTER BROADCAST  ...message lines...  ENDPRESS"
    help = (
        "Game masters: send the lines up to ENDPRESS to every player and observer\n"
        "of the selected game, marked as from the game master (whatever the game's\n"
        "press rules)."
    )
    block_ends = PRESS_ENDS

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        if not any(line.strip() for line in stmt.block):
            ctx.transcript.refused(stmt.text, "the message is empty; nothing was sent")
            return
        send_announcements(ctx, game)
        subject = game_mail_subject(
            judge_sender(ctx), game, f"{phase_label(game)} Broadcast from the game master"
        )
        text = "\n".join(stmt.block).rstrip()
        body = (
            f"Message from the game master of game {game.name} ({phase_label(game)}):\n\n{text}\n"
        )
        sent = announce(
            ctx.session,
            judge_sender(ctx),
            game,
            subject,
            body,
            roles=(PLAYER, OBSERVER),
            exclude=[game.master_address],
        )
        powers = [r.power for r in sent if r.power]
        ctx.session.add(
            Press(
                game_id=game.id,
                phase=game.phase,
                from_power=MASTER_POWER,
                from_address=ctx.sender,
                recipients=json.dumps(powers),
                broadcast=True,
                grey=False,
                body="\n".join(stmt.block),
                created_at=ctx.now,
            )
        )
        count = len(sent)
        entry = ctx.transcript.ok(
            stmt.text,
            f"Message ({line_count(len(stmt.block))}) sent to {count} "
            f"{'person' if count == 1 else 'people'} in game {game.name}.",
        )
        if not stmt.closed:
            entry.extra.append("(No ENDPRESS line: the message ran to the end of your mail.)")
