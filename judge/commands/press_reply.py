"""A reply to a press mail is press back to its sender (beyond njudge: Diplicity
forwards mail replies into the conversation).  The press mail is found by the
reply's In-Reply-To among the Message-IDs of delivered press (``press_mail``).  The
reply goes under the game's press rules (a grey press's sender stays unknown to the
replier); the game master may always reply, and always be replied to.  A reply
of orders alone (every line with an order's shape) is not press: it is refused, so
that orders meant for the judge never reach another power."""

from __future__ import annotations

import json

from sqlmodel import select

from judge.commands.base import OTHER, Context, Statement
from judge.commands.gm_common import judge_sender
from judge.commands.paired import signon_line
from judge.commands.parser import ParsedMail
from judge.commands.press import (
    MASTER_MARK,
    keep_press,
    line_count,
    minor_press_refusal,
    press_colour,
    press_mail,
    press_title,
)
from judge.commands.trailing import order_shaped
from judge.game.games import phase_label, player_address, power_name
from judge.game.recipients import game_mail_subject
from judge.store.models import FINISHED, PLAYING, Account, Game, Player, Press, PressMail

ECHO = "(your reply to a press mail)"


def _replier(ctx: Context, game: Game) -> str | None:
    """The power the sender plays in the game, MASTER_MARK for its master, or None."""
    if game.master_address and game.master_address.lower() == ctx.sender.lower():
        return MASTER_MARK
    row = ctx.session.exec(
        select(Player.power).where(
            Player.game_id == game.id,
            Player.status == PLAYING,
            Player.account_id == Account.id,
            Account.address == ctx.sender.lower(),
        )
    ).first()
    return row


def _addressee(ctx: Context, game: Game, press: Press) -> str | None:
    """Where the answer goes: the master, or the current player of the press's power."""
    if press.from_power == MASTER_MARK:
        return game.master_address or None
    seat = ctx.session.exec(
        select(Player).where(
            Player.game_id == game.id, Player.power == press.from_power, Player.status == PLAYING
        )
    ).first()
    return player_address(ctx.session, seat) if seat is not None else None


def reply_to_press(ctx: Context, in_reply_to: str | None, parsed: ParsedMail) -> bool:
    """Deliver a mail that answers a press mail as press back to its sender, and say so
    in the transcript; False (nothing done) when the mail is no such reply: it does not
    answer a press mail, or it holds commands (then it is read as any mail)."""
    if not in_reply_to or not all(_a_message_line(stmt) for stmt in parsed.statements):
        return False
    link = ctx.session.get(PressMail, in_reply_to.strip())
    press = ctx.session.get(Press, link.press_id) if link is not None else None
    game = ctx.session.get(Game, press.game_id) if press is not None else None
    if press is None or game is None:
        return False
    lines = [line for stmt in parsed.statements for line in _message_lines(stmt)]
    me = _replier(ctx, game)
    to = _addressee(ctx, game, press)
    them = "its sender"  # grey press, the master's too (judge.commands.press)
    if not press.grey:
        master = press.from_power == MASTER_MARK
        them = "the Master" if master else power_name(game, press.from_power)
    refusal = (
        _refusal(game, me, press, to, lines)
        or _only_orders(ctx, game, me, lines)
        or _repeated(ctx, game, me, press, them, lines)
    )
    if refusal is not None:
        ctx.transcript.refused(ECHO, f"{refusal}; nothing was sent")
        return True
    assert me is not None and to is not None
    grey = False if MASTER_MARK in (me, press.from_power) else press_colour(game, None)[0]
    name = "the Master" if me == MASTER_MARK else power_name(game, me)
    shown = "someone (grey press)" if grey else name
    ctx.game = game  # for the mail's subject and the stored press (not a SIGNON)
    # Grey: njudge's "Press to <power>", the addressee's own power (ml_press.c).
    to_them = power_name(game, press.from_power)
    title = press_title("Press", None, to_them) if grey else press_title("Press", name, None)
    subject = game_mail_subject(judge_sender(ctx), game, f"{phase_label(game)} {title}")
    intro = (
        f"Message from {shown} in game {game.name} ({phase_label(game)}), in reply to your press:"
    )
    sent = press_mail(ctx, to, subject, intro, lines)
    ctx.send(sent)
    keep_press(ctx, me, [press.from_power], lines, [sent], grey=grey)
    colour = "grey" if grey else "white"
    ctx.transcript.ok(
        ECHO,
        f"Your mail answers a press mail of game {game.name}: it was sent as press "
        f"({colour}, {line_count(len(lines))}) to {them}.",
    )
    return True


def _a_message_line(stmt: Statement) -> bool:
    """Whether a statement of a reply to press is a line of the message: no command,
    or a command read only from a list item or a sentence ("- Help me", "Clear."),
    unless it holds a password ("1. SIGNON Fgame1 <password>" is never sent as press)."""
    if stmt.kind == OTHER:
        return True
    if not stmt.loosely or stmt.command is None:
        return False
    return stmt.command().echo(stmt) == stmt.text


def _message_lines(stmt: Statement) -> list[str]:
    """A statement's lines as the message's: a command read loosely is the line as
    written, with the lines its block took ("- Press on to Munich", then prose)."""
    if not stmt.loosely:
        return [stmt.text]
    return [stmt.loosely, *stmt.block]


def _only_orders(ctx: Context, game: Game, me: str | None, lines: list[str]) -> str | None:
    """Why a reply whose every line has an order's shape is not sent as press (the
    player meant orders, and forgot the SIGNON), or None."""
    said = [line for line in lines if line.strip()]
    if me in (None, MASTER_MARK) or not all(order_shaped(game, line) for line in said):
        return None
    account = ctx.account.id if ctx.account is not None else None
    signon = signon_line(ctx.session, game, account, me)
    return (
        "your reply to a press mail holds only orders, and orders are never sent as "
        f"press: to give them, write {signon} above them; to send them as press, "
        "write PRESS TO <powers> above them and ENDPRESS below, after the SIGNON"
    )


def _repeated(
    ctx: Context, game: Game, me: str | None, press: Press, them: str, lines: list[str]
) -> str | None:
    """Why a reply that repeats, word for word, press its sender already sent to that
    power in this phase is not sent again, or None: two mail robots that answer every
    mail (an away message without RFC 3834's marks) would otherwise relay press to each
    other without end, each answer a reply to the other's."""
    stmt = select(Press.id).where(
        Press.game_id == game.id,
        Press.phase == game.phase,
        Press.from_power == me,
        Press.recipients == json.dumps([press.from_power]),
        Press.body == "\n".join(lines),
    )
    if ctx.session.exec(stmt).first() is None:
        return None
    return (
        f"your reply repeats word for word press you already sent to {them} in this "
        "phase (an automatic answer?), so it was not sent again: to send it anyway, "
        "write it between PRESS TO <powers> and ENDPRESS, after a SIGNON"
    )


def _refusal(
    game: Game, me: str | None, press: Press, to: str | None, lines: list[str]
) -> str | None:
    """Why the reply cannot be delivered, or None."""
    if game.status == FINISHED:
        return f"your mail answers a press mail of game {game.name}, which is over"
    if me is None:
        return f"your mail answers a press mail of game {game.name}, where you play no power"
    if to is None:
        return f"nobody plays the power that sent that press in game {game.name} now"
    if not any(line.strip() for line in lines):
        return "your reply to a press mail is empty"
    if MASTER_MARK in (me, press.from_power):
        return None  # press to and from the master is always allowed
    if game.press_mode == "none":
        return f"game {game.name} has no press"
    if not game.press_partial:
        return f"game {game.name} allows only broadcasts: send BROADCAST after a SIGNON"
    return minor_press_refusal(game)
