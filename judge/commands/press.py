"""PRESS and BROADCAST: messages between the powers of a game."""

from __future__ import annotations

import json
from dataclasses import replace
from email.message import EmailMessage

from sqlmodel import select

from judge.commands.base import Command, Context, Statement
from judge.commands.gm_common import judge_sender, steered_game
from judge.commands.paired import seats_name
from judge.commands.press_options import PressOptions, opens_options, parse_press_options
from judge.commands.registry import register
from judge.commands.trailing import order_shaped
from judge.engine.phase import Phase
from judge.game.games import game_powers, phase_label, player_address, players_of
from judge.game.recipients import game_mail_subject
from judge.mail.outgoing import judge_mail
from judge.store.models import PLAYING, Account, Game, Observer, Press, PressMail

PRESS_ENDS = ("ENDPRESS", "ENDBROADCAST", "END PRESS", "END BROADCAST")
# Marks among a stored press's recipients for the master and the observers.
MASTER_MARK, OBSERVERS_MARK = "M", "O"


def press_colour(game: Game, asked: bool | None) -> tuple[bool, str | None]:
    """(grey?, refusal) for the colour asked for, under the game's press rules."""
    allowed = game.press_mode.split("/")
    default_grey = allowed[0] == "grey"
    grey = default_grey if asked is None else asked
    wanted = "grey" if grey else "white"
    if wanted not in allowed:
        return grey, f"{wanted} press is not allowed in game {game.name}"
    return grey, None


def press_mail(ctx: Context, to: str, subject: str, intro: str, body: list[str]) -> EmailMessage:
    text = intro + "\n\n" + "\n".join(body).rstrip() + "\n"
    return judge_mail(judge_sender(ctx), to, subject, text)


# A press line of no njudge option, with no ENDPRESS below it ("Press on to Munich").
NO_MESSAGE_TAKEN = (
    "no message was taken, and nothing was sent: write PRESS TO <powers> (or BROADCAST), "
    "the message on the lines below, then ENDPRESS (the lines below were read as usual)"
)


class _PressBase(Command):
    needs_signon = True
    masters_too = True
    block_ends = PRESS_ENDS
    broadcast_default = False

    def echo(self, stmt: Statement) -> str:
        return stmt.text

    @classmethod
    def block_to_the_end(cls, args: str) -> bool:
        """Without ENDPRESS below it, a line whose first word after the keyword is
        none of njudge's options (``Press on to Munich``, ``PRESS Germany``) takes no
        message: it is refused, and the lines below it are read as usual."""
        words = args.split()
        return not words or opens_options(words[0])

    def run(self, ctx: Context, stmt: Statement) -> None:
        if not stmt.closed and not self.block_to_the_end(stmt.args):
            ctx.transcript.refused(stmt.text, NO_MESSAGE_TAKEN)
            return
        if not ctx.signed_on:
            self._from_outside(ctx, stmt)
            return
        assert ctx.game is not None and ctx.player is not None
        game = ctx.game
        mine = {seat.power for seat in ctx.seats}  # two powers in a paired game
        powers = game_powers(game)
        opts = parse_press_options(stmt.args, powers)
        alone = not (opts.to or opts.everyone or opts.observers or opts.all_but)
        if opts.master and alone and not opts.error and not self.broadcast_default:
            self._to_master(ctx, stmt)  # njudge: press to the master is always allowed
            return
        refusal = self._check(game, opts, stmt) or minor_press_refusal(game)
        grey, colour_refusal = press_colour(game, opts.grey)
        refusal = refusal or colour_refusal
        others = [p.code for p in powers if p.code not in mine]
        if opts.everyone or (self.broadcast_default and not opts.to):
            receivers = others
        elif opts.all_but:
            receivers = [c for c in others if c not in opts.to]
        else:
            receivers = [c for c in opts.to if c not in mine]
        broadcast = set(receivers) >= set(others)
        if refusal is None and not (receivers or opts.observers or opts.master):
            refusal = "nobody to send it to"
        if refusal is None and not broadcast and not game.press_partial:
            refusal = f"game {game.name} allows only broadcasts (press to everyone)"
        if refusal is None and not any(line.strip() for line in stmt.block):
            refusal = "the message is empty"
        if refusal is not None:
            ctx.transcript.refused(stmt.text, f"{refusal}; nothing was sent")
            return
        self._deliver(ctx, stmt, receivers, broadcast, grey, opts)

    def _from_outside(self, ctx: Context, stmt: Statement) -> None:
        """Press from the master (signed mail after GAME <game>: always allowed; white
        unless it says GREY, as njudge's ml_press.c) or from an observer (after SIGNON
        O<game>: when the master allows it, under the game's press rules; white)."""
        observer = ctx.observer_game is not None and not ctx.signature_verified
        game = ctx.observer_game if observer else steered_game(ctx, stmt.text)
        if game is None:
            return
        who, mark = ("an observer", OBSERVERS_MARK) if observer else ("the Master", MASTER_MARK)
        refusal = _observer_refusal(game) if observer else None
        if refusal is not None:
            ctx.transcript.refused(stmt.text, f"{refusal}; nothing was sent")
            return
        powers = game_powers(game)
        opts = parse_press_options(stmt.args, powers)
        if observer and opts.grey:
            refusal = f"game {game.name} does not allow grey press from observers (theirs is white)"
            ctx.transcript.refused(stmt.text, f"{refusal}; nothing was sent")
            return
        grey = bool(opts.grey) and not observer
        if grey:
            who = "someone (grey press)"
        everyone = [p.code for p in powers]
        if opts.everyone or (self.broadcast_default and not opts.to):
            receivers = everyone
        elif opts.all_but:
            receivers = [c for c in everyone if c not in opts.to]
        else:
            receivers = list(opts.to)
        broadcast = set(receivers) == set(everyone)  # public on the web, as a player's
        seats = {p.power: p for p in players_of(ctx.session, game) if p.status == PLAYING}
        targets = [player_address(ctx.session, seats[c]) for c in receivers if c in seats]
        targets += extra_addresses(ctx, game, replace(opts, master=False))
        if broadcast:
            targets += _broadcast_audience(ctx, game, master=observer)
        # As njudge's send_press, the sender gets no copy (an observer's PRESS TO O).
        targets = [a for a in targets if a.lower() != ctx.sender.lower()]
        refusal = opts.error or ("nobody to send it to" if not targets else None)
        if refusal is None and not any(line.strip() for line in stmt.block):
            refusal = "the message is empty"
        if refusal is not None:
            ctx.transcript.refused(stmt.text, f"{refusal}; nothing was sent")
            return
        names = [p.name for p in powers if p.code in receivers]
        audience = _audience(["everyone"] if broadcast else names, opts)
        kind = "Broadcast" if broadcast else "Press"
        subject = game_mail_subject(
            judge_sender(ctx),
            game,
            f"{phase_label(game)} {press_title(kind, None if grey else who, audience)}",
        )
        intro = f"Message from {who} to {audience} in game {game.name} ({phase_label(game)}):"
        sent = [press_mail(ctx, to, subject, intro, stmt.block) for to in dict.fromkeys(targets)]
        for mail in sent:
            ctx.send(mail)
        marks = [OBSERVERS_MARK] * opts.observers
        keep_press(
            ctx,
            mark,
            receivers + marks,
            stmt.block,
            sent,
            broadcast=broadcast,
            grey=grey,
            game=game,
        )
        colour = "grey" if grey else "white"
        ctx.transcript.ok(
            stmt.text, f"{kind} ({colour}, {line_count(len(stmt.block))}) sent to {audience}."
        )

    def _to_master(self, ctx: Context, stmt: Statement) -> None:
        """Press to the game master alone: allowed whatever the press rules."""
        game = ctx.game
        assert game is not None and ctx.player is not None
        if not any(line.strip() for line in stmt.block):
            ctx.transcript.refused(stmt.text, "the message is empty; nothing was sent")
            return
        if not game.master_address:
            ctx.transcript.refused(stmt.text, f"game {game.name} has no master; nothing was sent")
            return
        sender = seats_name(game, ctx.seats)
        title = press_title("Press", sender, "the Master")
        subject = game_mail_subject(judge_sender(ctx), game, f"{phase_label(game)} {title}")
        intro = f"Message from {sender} to the Master in game {game.name} ({phase_label(game)}):"
        sent = press_mail(ctx, game.master_address, subject, intro, stmt.block)
        ctx.send(sent)
        keep_press(ctx, ctx.player.power, [MASTER_MARK], stmt.block, [sent])
        ctx.transcript.ok(
            stmt.text, f"Press (white, {line_count(len(stmt.block))}) sent to the Master."
        )

    def _check(self, game: Game, opts: PressOptions, stmt: Statement) -> str | None:
        if opts.error:
            return opts.error
        if game.press_mode == "none":
            return f"game {game.name} has no press"
        if not (self.broadcast_default or opts.to or opts.everyone or opts.observers):
            return "PRESS needs TO <powers> (use BROADCAST to write to everyone)"
        return None

    def _deliver(
        self,
        ctx: Context,
        stmt: Statement,
        receivers: list[str],
        broadcast: bool,
        grey: bool,
        opts: PressOptions,
    ) -> None:
        assert ctx.game is not None and ctx.player is not None
        game = ctx.game
        names = {p.code: p.name for p in game_powers(game)}
        sender = "someone (grey press)" if grey else seats_name(game, ctx.seats)
        audience = _audience(["everyone"] if broadcast else [names[c] for c in receivers], opts)
        kind = "Broadcast" if broadcast else "Press"
        title = press_title(kind, None if grey else sender, None if broadcast else audience)
        subject = game_mail_subject(judge_sender(ctx), game, f"{phase_label(game)} {title}")
        intro = f"Message from {sender} to {audience} in game {game.name} ({phase_label(game)}):"
        # Only players still playing receive press: not those who resigned or were ejected.
        seats = {p.power: p for p in players_of(ctx.session, game) if p.status == PLAYING}
        addresses = {code: player_address(ctx.session, seats[code]) for code in seats}
        unplayed = [names.get(c, c) for c in receivers if not addresses.get(c)]
        if receivers and not broadcast and len(unplayed) == len(receivers):
            ctx.transcript.refused(
                stmt.text, f"nobody plays {', '.join(unplayed)}; nothing was sent"
            )
            return
        delivered = [c for c in receivers if addresses.get(c)]
        targets = [addresses[c] for c in delivered] + extra_addresses(ctx, game, opts)
        if broadcast:  # njudge mails a broadcast to the observers too (mail.c send_press)
            targets += _broadcast_audience(ctx, game, master=False)
        if not targets:
            none = f" (game {game.name} has no observers)" if opts.observers else ""
            ctx.transcript.refused(stmt.text, f"nobody to send it to{none}; nothing was sent")
            return
        mailed: set[str] = set()
        sent = []
        for address in targets:  # a player holding two of the powers gets one mail
            if address.lower() not in mailed:
                mailed.add(address.lower())
                sent.append(press_mail(ctx, address, subject, intro, stmt.block))
                ctx.send(sent[-1])
        master = game.master_address
        mailed.add(ctx.sender.lower())  # the master acting as a power (BECOME) wrote it
        if broadcast and master and master.lower() not in mailed:
            # njudge (ml_press.c) mails the master every broadcast, telling the truth
            # about grey press: "Broadcast message [from <address> as <power>]".
            real = seats_name(game, ctx.seats)
            told = f"someone (grey press from {real})" if grey else sender
            truth = f"Message from {told} to {audience} in game {game.name} ({phase_label(game)}):"
            sent.append(press_mail(ctx, master, subject, truth, stmt.block))
            ctx.send(sent[-1])
        reached = _audience(["everyone"] if broadcast else [names[c] for c in delivered], opts)
        marks = [MASTER_MARK] * opts.master + [OBSERVERS_MARK] * opts.observers
        keep_press(
            ctx,
            ctx.player.power,
            receivers + marks,
            stmt.block,
            sent,
            broadcast=broadcast,
            grey=grey,
        )
        colour = "grey" if grey else "white"
        entry = ctx.transcript.ok(
            stmt.text, f"{kind} ({colour}, {line_count(len(stmt.block))}) sent to {reached}."
        )
        if ctx.became:  # the master wrote it in the power's name: its player reads it
            entry.extra.extend(["The message:", *(f"| {line}" for line in stmt.block)])
        if unplayed:
            entry.extra.append("Not delivered (nobody plays them): " + ", ".join(unplayed))
        if not stmt.closed:
            entry.extra.append("(No ENDPRESS line: the message ran to the end of your mail.)")
            entry.extra.extend(_orders_in_message(game, stmt.block))


def _orders_in_message(game: Game, block: list[str]) -> list[str]:
    """The note on lines of a message with no end line that have an order's shape
    (a forgotten ENDPRESS above the orders): none when no line has."""
    shaped = [line.strip() for line in block if order_shaped(game, line)]
    if not shaped:
        return []
    return [
        f"({line_count(len(shaped))} of the message have an order's shape "
        f"({'; '.join(shaped)}): they were sent in it, not read as orders. To give "
        "them, send them again; end a message with ENDPRESS above your orders.)"
    ]


@register
class PressCommand(_PressBase):
    """Press to some powers."""

    rank = 40
    misspelt_too = True

    keyword = "PRESS"
    syntax = "PRESS TO <powers> [GREY|WHITE]  ...message lines...  ENDPRESS"
    help = (
        "Send a message to the named powers: PRESS TO Germany Italy, or run-together\n"
        "initials PRESS TO GI, or PRESS TO ALL BUT Russia. GREY sends it without\n"
        "your name where the game allows grey press. The message is every line\n"
        "up to ENDPRESS (or SIGNOFF). As on njudge, M is the game master (PRESS TO M\n"
        "is always allowed) and O the observers. A game master sends press (and\n"
        "BROADCAST) in a signed mail after GAME <game>, whatever the press rules;\n"
        "white, or grey with GREY."
    )

    @classmethod
    def claims_misspelt(cls, args: str) -> bool:
        """``PRES TO G``: a slip in PRESS before TO is press, whose message lines
        must not be read as orders."""
        return [word.upper() for word in args.split()[:1]] == ["TO"]


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


def keep_press(
    ctx: Context,
    from_power: str,
    receivers: list[str],
    body: list[str],
    sent: list[EmailMessage],
    *,
    broadcast: bool = False,
    grey: bool = False,
    game: Game | None = None,
) -> None:
    """Store a press of ``game`` (by default ``ctx.game``) and the Message-IDs of the
    mails that delivered it (a reply to one of them is press back to its sender:
    judge.commands.press_reply)."""
    game = game or ctx.game
    assert game is not None
    press = Press(
        game_id=game.id,
        phase=game.phase,
        from_power=from_power,
        from_address=ctx.sender,
        recipients=json.dumps(receivers),
        broadcast=broadcast,
        grey=grey,
        body="\n".join(body),
        created_at=ctx.now,
    )
    ctx.session.add(press)
    ctx.session.flush()
    for mail in sent:
        if mail["Message-ID"]:
            ctx.session.add(
                PressMail(message_id=str(mail["Message-ID"]).strip(), press_id=press.id)
            )


def _observer_refusal(game: Game) -> str | None:
    """Why an observer's press is refused in ``game`` now, or None."""
    if not game.observer_press:
        return f"the master of game {game.name} does not allow observers' press"
    if game.press_mode == "none":
        return f"game {game.name} has no press"
    return minor_press_refusal(game)


def minor_press_refusal(game: Game) -> str | None:
    """Why press between players is refused in this phase (SET NO MINOR PRESS: none
    in retreat and adjustment phases), or None."""
    phase = Phase.read(game.phase, mixed=True)
    if game.press_minor or phase is None or phase.is_movement:
        return None
    return f"game {game.name} has no press in retreat and adjustment phases (press to M is)"


def _broadcast_audience(ctx: Context, game: Game, *, master: bool) -> list[str]:
    """Who besides the powers reads a broadcast, as on njudge ("broadcast to all
    players and observers", its help ``press``; mail.c's send_press mails it to every
    player and observer but its sender, and a copy to the master): the observers but
    its sender, and the master when ``master`` (an observer's or the master's
    broadcast; a player's copy to the master is written apart)."""
    everyone = extra_addresses(ctx, game, PressOptions(master=master, observers=True))
    return [a for a in everyone if a.lower() != ctx.sender.lower()]


def extra_addresses(ctx: Context, game: Game, opts: PressOptions) -> list[str]:
    """The master's address (``M``) and the observers' (``O``) a press also goes to."""
    found = [game.master_address] if opts.master and game.master_address else []
    if opts.observers:
        rows = ctx.session.exec(
            select(Account.address).where(
                Observer.game_id == game.id, Observer.account_id == Account.id
            )
        )
        found.extend(rows)
    return found


def press_title(kind: str, sender: str | None, audience: str | None) -> str:
    """A press mail's subject after the phase: ``Press from France to Germany, Italy``
    (njudge's ``Press from F to GI``), ``Broadcast from France``; no audience, or
    everyone, for a broadcast.  Grey press (no ``sender``) names nobody, as njudge's
    ``Press to GI`` and ``Broadcast`` (ml_press.c)."""
    shown = f" to {audience}" if audience and audience != "everyone" else ""
    return f"{kind} from {sender}{shown}" if sender else f"{kind}{shown}"


def _audience(powers: list[str], opts: PressOptions) -> str:
    """Who a press is for, as the reply and the mail name them: ``Germany, the
    observers``, ``the Master, the observers``."""
    marks = ["the Master"] * opts.master + ["the observers"] * opts.observers
    return ", ".join(powers + marks)


def line_count(count: int) -> str:
    """``1 line``, ``3 lines``."""
    return f"{count} line" if count == 1 else f"{count} lines"


@register
class StrayPressEnd(Command):
    """An end line of press (ENDPRESS, ENDBROADCAST) with no PRESS or BROADCAST open
    above it: refused, so that nobody takes it that a message went out (it was passed
    over as a greeting)."""

    rank = 99
    keyword = PRESS_ENDS[0]
    aliases = PRESS_ENDS[1:]
    syntax = " | ".join(PRESS_ENDS)
    help = "Ends the message of PRESS or BROADCAST; alone, it ends nothing."

    @classmethod
    def claims(cls, args: str) -> bool:
        """The end line alone ("End press for today, we talk tomorrow" is prose)."""
        return not args.strip()

    def run(self, ctx: Context, stmt: Statement) -> None:
        ctx.transcript.refused(
            stmt.text,
            "an end of press with no PRESS or BROADCAST above it: nothing was sent "
            "(write PRESS TO <powers> or BROADCAST, the message, then this line)",
        )
