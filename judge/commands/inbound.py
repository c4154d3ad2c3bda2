"""Processing one received mail: read it, run its commands, store their effects and
queue exactly one reply, all inside the caller's transaction.

Automatic mail (bounces, auto-replies, lists' robots, the judge's own mail) is marked
ignored and gets no reply; a list's copy of a mail, or one with an away message's
subject, is read but answered only when it holds a command or an order
(:mod:`judge.mail.automatic`).  Mail over the size bound gets a short reply and nothing else.
Replies per address and clock hour are limited (``[limits]
replies_per_sender_per_hour``): past the limit, the mail is still applied but not
answered; a game master's mail with an accepted signature is answered all the same.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections import OrderedDict
from collections.abc import Iterable
from concurrent.futures import Future
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam
from sqlmodel import Session, select

from judge.commands import registry
from judge.commands.base import COMMAND, OTHER, UNKNOWN, Acting, Command, Context, Statement
from judge.commands.clear import Clear
from judge.commands.gm_common import judge_sender, send_announcements
from judge.commands.help import HelpCommand
from judge.commands.history import History
from judge.commands.listing import ListCommand
from judge.commands.map import Map
from judge.commands.orders import Orders, game_over, order_refusal, seat_report
from judge.commands.paired import seats_name
from judge.commands.parser import MAX_LINE, MAX_STATEMENTS, ParsedMail, forwarded_from, parse_body
from judge.commands.phase import Phase
from judge.commands.player_state import split_target, target_word
from judge.commands.press import BroadcastCommand, PressCommand
from judge.commands.press_reply import reply_to_press
from judge.commands.redact import mask_text
from judge.commands.reply import (
    NEWCOMER_NOTE,
    OrderReport,
    acting_copy_body,
    deadline_lines,
    render_body,
    reply_subject,
)
from judge.commands.set_concede import SetConcede, SetNoConcede
from judge.commands.set_draw import SetDraw, SetNoDraw
from judge.commands.set_wait import SetNoWait, SetWait
from judge.commands.signoff import SignOff
from judge.commands.signon import Hello, SignOn, TakeOver
from judge.commands.slips import command_inside, slip_refusal
from judge.commands.summary import Summary
from judge.commands.trailing import (
    BELOW_SIGNATURE,
    IGNORED_SIGN_OFF,
    is_sign_off,
    may_greet,
    nothing_to_read,
    order_shaped,
    slipped_among_orders,
)
from judge.config import Config
from judge.game.clock import game_timing, grace_deadline
from judge.game.games import (
    find_power,
    game_powers,
    phase_label,
    player_address,
    power_name,
    shown_phase,
    variant_label,
)
from judge.game.recipients import game_mail_subject
from judge.mail.cleanup import masters_own_lines
from judge.mail.outgoing import Author, reply_mail
from judge.mail.parse import IncomingMail, parse_incoming
from judge.masters.authority import (
    authenticate_gm_mail,
    is_game_master_address,
    keyring_home,
)
from judge.masters.signatures import Keyring, Status, Verification, describe
from judge.masters.signatures.mime import smime_signed
from judge.reports import mapper_lines
from judge.rules.registry import ruleset_for_game
from judge.store.limits import failure_key, limited_body, reached
from judge.store.mail import (
    IGNORED,
    PROCESSED,
    InboundMessage,
    answered_mail,
    enqueue,
    mark_done,
)
from judge.store.models import (
    FINISHED,
    FORMING,
    PAUSED,
    PLAYING,
    Account,
    Game,
    Player,
    as_utc,
    utcnow,
)
from judge.store.passwords import verify_ahead


def process_inbound(
    session: Session,
    inbound: InboundMessage,
    config: Config,
    *,
    now: datetime | None = None,
    rules: Any | None = None,
    mail: IncomingMail | None = None,
) -> None:
    """Apply one stored mail and queue its reply; the caller commits.  ``mail`` is the
    stored mail as read already (judge.runners.inbox reads it once), else it is read."""
    now = now or utcnow()
    if mail is None:
        mail = parse_incoming(inbound.raw, config.judge.address, config.limits.max_message_bytes)
    if inbound.original_size is not None:  # intake kept only the header (too large)
        mail.too_large, mail.size = True, inbound.original_size
    if not mail.answerable:
        mark_done(inbound, IGNORED, mail.automatic_reason or "no sender address")
        session.add(inbound)
        return
    account = _account(session, mail.sender)
    # A sender with no account here, nor a game master's key, is a first contact:
    # replies to it count against the judge-wide ``[limits]
    # replies_to_new_addresses_per_hour``.
    first = account is None and not is_game_master_address(session, mail.sender)
    if mail.too_large or mail.unreadable:
        _reply_unread(session, mail, config, now, first)
    else:
        received = as_utc(inbound.received_at)
        _process_commands(session, mail, config, now, rules, account, received, first)
    mark_done(inbound, PROCESSED)
    session.add(inbound)


Checks = list[Future[bool]]  # the password checks started ahead for one mail

# a line that may be a SIGNON (its keyword or an alias), for a quick look at raw mail
_SIGN_ONS = (SignOn, Hello, TakeOver)  # SIGNON, njudge's HELLO and LOGIN, DPjudge's TAKEOVER
_SIGN_ON_WORDS = b"|".join(
    re.escape(w.encode()) for cls in _SIGN_ONS for w in (cls.keyword, *cls.aliases)
)
_MAY_SIGN_ON = re.compile(rb"(?im)^[ \t>]*(?:" + _SIGN_ON_WORDS + rb")\b[^\r\n]*")
_FROM_LINE = re.compile(rb"(?im)^from:[^\r\n]*")


class SeenLately:
    """The From and SIGNON lines of the mails prepared lately, as keyed digests (never
    passwords), the latest 4,096: a player's next mails need no look-up, their answer
    is remembered once checked.  Kept by the inbox runner that prepares the mails."""

    SIZE = 4096

    def __init__(self) -> None:
        self._key = secrets.token_bytes(32)
        self._digests: OrderedDict[bytes, None] = OrderedDict()

    def seen(self, *parts: bytes) -> bool:
        """True when these raw lines were seen lately; remember them if not."""
        digest = hashlib.blake2b(b"\0".join(parts), key=self._key).digest()
        if digest in self._digests:
            self._digests.move_to_end(digest)
            return True
        self._digests[digest] = None
        if len(self._digests) > self.SIZE:
            self._digests.popitem(last=False)
        return False


def prepare_inbound(
    session: Session, raws: Iterable[bytes], config: Config, lately: SeenLately | None = None
) -> list[Checks]:
    """Start, in the background, the password checks that the SIGNON lines of mails
    waiting to be processed will need (judge.store.passwords.verify_ahead), so that
    they run on another core while the mails before them are processed; return, for
    each mail, the checks on their way that its SIGNON lines will wait for.

    Read only, and only a hint: nothing is decided or changed here; each SIGNON is
    still checked in full when its mail is processed.  A password whose power or
    sender address has had its wrong passwords this hour is not checked ahead (the
    SIGNON will not check it either), nor are signed mails and other forms of SIGNON,
    nor the mails whose From and SIGNON lines are those of a mail prepared lately
    (when ``lately`` remembers them: the inbox runner keeps one).
    """
    now = utcnow()
    limit = config.limits.password_failures_per_hour
    started: list[Checks] = []
    for raw in raws:
        checks: Checks = []
        started.append(checks)
        lines = _MAY_SIGN_ON.findall(raw)
        sender = _FROM_LINE.search(raw)
        if not lines or (
            lately is not None and lately.seen(sender.group() if sender else b"", *lines)
        ):
            continue  # no SIGNON, or the same From and SIGNON lines as a mail before
        mail = parse_incoming(raw, config.judge.address, config.limits.max_message_bytes)
        if not mail.answerable or mail.too_large or mail.pgp_mime or mail.signed_text:
            continue
        for stmt in _statements(mail.body_text).every_statement:
            words = stmt.args.split()
            if stmt.command in _SIGN_ONS and len(words) == 2:
                stored = _signon_hash(session, mail.sender, words[0], now, limit)
                check = verify_ahead(stored, words[1]) if stored is not None else None
                if check is not None:
                    checks.append(check)
    return started


Scope = frozenset[str]  # what a mail's processing may read or change (see mail_scope)

# Commands that touch only the sender and the games the mail names: the game signed
# on to (the rest need a SIGNON first), or the game named after the keyword.
_IN_GAME: frozenset[type[Command]] = frozenset(
    {
        SignOn, Hello, TakeOver, SignOff, Clear, Phase, SetWait, SetNoWait, SetDraw, SetNoDraw,
        SetConcede, SetNoConcede, PressCommand, BroadcastCommand, HelpCommand,
        Summary, History, Map, ListCommand,
    }
)  # fmt: skip
# ... of which these read the game named by their first word (LIST alone: every game)
_NAMES_A_GAME: frozenset[type[Command]] = frozenset({Summary, History, Map, ListCommand})


def mail_scope(raw: bytes, config: Config, original_size: int | None = None) -> Scope | None:
    """What processing this stored mail may read or change, as keys: ``from:`` its
    sender's address and ``game:`` each game it names (lower-cased); None when that is
    not known, and the mail must keep its place in the queue (a barrier).

    Two mails whose scopes share no key commute: processed in either order, they give
    the same effects and the same replies (judge.runners.inbox takes a later mail
    first on that ground).  So a mail has a scope only when every command in it is one
    of ``_IN_GAME`` (order lines are for the game signed on to).  It has none when it
    is automatic or without a usable sender, too large (``original_size`` given, as
    intake keeps such mail), signed in any form (the signature check keeps a judge-wide
    record of signatures seen), when a SIGNON's target cannot be read, or when it holds
    a command that touches accounts or the judge as a whole (REGISTER, SET PASSWORD,
    SET ADDRESS, JOIN, OBSERVE, RESIGN, SET ABSENCE, LIST of every game, the game
    master's commands, ...).  Reads the bytes only; never the database.
    """
    if original_size is not None:
        return None
    mail = parse_incoming(raw, config.judge.address, config.limits.max_message_bytes)
    if not mail.answerable or mail.too_large or _carries_signature(mail):
        return None
    keys = {"from:" + mail.sender.lower()}
    statements = _statements(mail.body_text).every_statement
    if mail.in_reply_to and all(stmt.kind == OTHER for stmt in statements):
        return None  # may be a reply to a press mail: press into a game it does not name
    for stmt in statements:
        if stmt.kind != COMMAND:
            continue  # an order, or a line refused as unknown
        if stmt.command not in _IN_GAME:
            return None
        games = _games_named(stmt)
        if games is None:
            return None
        keys.update("game:" + name for name in games)
    return frozenset(keys)


def _games_named(stmt: Statement) -> list[str] | None:
    """The games (lower-cased) an in-game command line names; None when it may touch
    a game it does not name."""
    words = stmt.args.split()
    if stmt.command is Hello and not words:
        return []  # "Hello": a greeting
    if stmt.command in _SIGN_ONS:
        target = split_target(words[0]) if words else None
        if target is None or target[0] in ("?", "O", "o"):
            return None  # may be njudge's JOIN or OBSERVE by SIGNON (accounts, a start)
        # ``SIGNON <game> <password>`` names the whole game (a player of two powers)
        return [target[1].strip().lower(), target_word(words[0]).strip().lower()]
    if stmt.command in _NAMES_A_GAME:
        if stmt.command is ListCommand and (not words or words[0].upper() == "FULL"):
            return None  # LIST alone (or njudge's LIST FULL) reads every game
        return [words[0].strip().lower()] if words else []
    return []


def _signon_hash(
    session: Session, sender: str, token: str, now: datetime, limit: int
) -> str | None:
    """The password hash that ``SIGNON <token> ...`` from ``sender`` would be checked
    against (read only), or None."""
    target = split_target(token)
    if target is None:
        return None
    power_text, name = target
    game = session.exec(select(Game).where(Game.name == name.strip().lower())).first()
    if game is None or game.status == FORMING:
        return None
    power = find_power(game_powers(game), power_text)
    if power is None:
        return None
    keys = [failure_key("address", sender), failure_key("power", game.id, power.code)]
    if any(reached(session, key, now, limit) for key in keys):
        return None
    stmt = select(Player.password_hash).where(Player.game_id == game.id, Player.power == power.code)
    return session.exec(stmt).first()


def _account(session: Session, sender: str) -> Account | None:
    """The account of ``sender``, if it has one here."""
    return session.exec(_ACCOUNT, params={"sender": sender}).first()  # type: ignore[call-overload]


_ACCOUNT = select(Account).where(Account.address == bindparam("sender"))  # built once


def _reply_unread(
    session: Session, mail: IncomingMail, config: Config, now: datetime, first: bool
) -> None:
    """Answer a mail too large to read, or whose structure could not be read."""
    limit = config.limits.max_message_bytes
    why = (
        f"Your mail was {mail.size} bytes long; this judge reads mail of up to {limit} bytes."
        if mail.too_large
        else "Your mail could not be read: its MIME structure is broken or nested too deep."
    )
    body = (
        f"{why}\nNothing in it was read or applied. Please send your commands again "
        "as plain text, without attachments.\n"
    )
    subject = reply_subject(mask_text(mail.subject), None, None, error=True, code=config.judge_code)
    _send_limited(session, config, now, mail.sender, subject, body, mail, first)


UNCHECKED_BLOCK = (
    "Your mail holds a clear-signed block outside its plain text (in an HTML part, say), "
    "and the signed text could not be taken back exactly from it: send it as plain "
    "text, or use PGP/MIME."
)
EARLIER_SIGNED = (
    "not read: a signed mail quoted or forwarded in yours (a signed command runs once, "
    "in its own mail; to repeat one, write it in your mail)"
)
FORWARDED = (
    "not read: the mail below this line is another's, forwarded or quoted in yours, "
    "and runs no command; to give one of its lines, write it in your mail"
)
UNREAD_ATTACHMENT = (
    "not read: the judge reads the text of a mail, not the files attached to it; "
    "write orders and commands in the mail itself"
)


def _new_context(
    session: Session,
    mail: IncomingMail,
    config: Config,
    now: datetime,
    rules: Any,
    account: Account | None,
    received: datetime | None = None,
) -> Context:
    return Context(
        session=session,
        sender=mail.sender,
        now=now,
        judge_name=config.judge.name,
        judge_address=config.from_address,
        judge_code=config.judge_code,
        judge_web=config.web.public_url,
        rules=rules,
        send=lambda msg: enqueue(session, msg),
        account=account,
        received_at=received,
        limits=config.limits,
    )


def _statements(text: str) -> ParsedMail:
    """The statements of a mail's text; NUL characters, which no database text column
    takes (PostgreSQL refuses them) and no command needs, are dropped first."""
    return parse_body(text.replace("\x00", ""))


def run_statements(ctx: Context, parsed: ParsedMail) -> None:
    """Run every statement of a mail in order, recording outcomes in the transcript.
    Greetings and sign-offs ("Hi all", "Thanks!", a name: lines that cannot be an
    attempt at an order in the game's rules) are listed as ignored."""
    _run_parsed(ctx, parsed, may_greet(parsed.every_statement))
    send_announcements(ctx)


def _run_parsed(ctx: Context, parsed: ParsedMail, greets: bool, signed: int | None = None) -> None:
    """Run the statements of ``parsed``, then those below its signature line when
    they hold an order or a command (``--`` written as a separator above them).
    ``signed``: these are below one, and the order lines from this index on (after
    the last order) are a signature's, passed over (looked for again once a SIGNON
    has run)."""
    below = signed is not None
    for index, stmt in enumerate(parsed.statements):
        _run_in_mail(ctx, parsed, index, greets, signed)
        if below and stmt.command in _SIGN_ONS:
            signed = _signature_from(ctx, parsed)
        if stmt.cut:
            ctx.transcript.refused(
                "...",
                f"the rest of the line above ({stmt.cut} characters) was not read: a line is"
                f" read up to {MAX_LINE} characters; put each order on a line of its own",
            )
    if parsed.truncated:
        ctx.transcript.refused(
            "...",
            f"the rest of your mail{_unread_lines(parsed.unread)} was not read: a mail is read"
            f" up to {MAX_STATEMENTS} lines; send the rest in a mail of its own",
        )
    _unread_after_stop(ctx, parsed)
    after = parsed.below_signature
    last = None if after is None else _last_order_below(ctx, after)
    if after is not None and last is not None:  # read once: the child starts from it
        ctx.transcript.info("--", BELOW_SIGNATURE)
        _run_parsed(ctx, after, greets, signed=last + 1)


def _run_in_mail(
    ctx: Context, parsed: ParsedMail, index: int, greets: bool, signed: int | None
) -> None:
    """Run statement ``index`` of ``parsed``, or list it as a greeting or signature
    (see :func:`_run_parsed`)."""
    stmt = parsed.statements[index]
    if stmt.kind == OTHER and signed is not None and index >= signed:
        ctx.transcript.info(stmt.text, IGNORED_SIGN_OFF)
    elif stmt.kind == OTHER and (slip := slip_refusal(ctx, stmt)) is not None:
        ctx.transcript.refused(*slip)
    elif (
        stmt.kind == OTHER
        and greets
        and is_sign_off(ctx.game, stmt.text)
        and not slipped_among_orders(ctx.game, parsed.statements, index)
    ):
        ctx.transcript.info(stmt.text, IGNORED_SIGN_OFF)
    else:
        run_statement(ctx, stmt)


def _signature_from(ctx: Context, below: ParsedMail) -> int | None:
    """Where the signature starts among the lines below a signature line: after
    the last that shows orders or commands (:func:`_last_order_below`)."""
    last = _last_order_below(ctx, below)
    return None if last is None else last + 1


def _last_order_below(ctx: Context, below: ParsedMail) -> int | None:
    """The index of the last of the lines below a signature line (``--``) that shows
    them a player's orders and commands rather than a signature (None when none
    does): a SIGNON, a press block closed by its end line, or an order the
    signed-on player could give now or a line shaped as one (``A Pra - Bru``, to be
    refused with its reason).  A signature's "Help desk: ..." or "Join us at ..."
    does not; the lines after the last are the signature (``Bob - Paris``)."""
    last = None
    for index, stmt in enumerate(below.statements):
        if (
            (stmt.command in _SIGN_ONS and not stmt.command().greets(ctx, stmt))
            or (stmt.command is not None and stmt.command.block_ends and stmt.closed)
            or (stmt.kind == OTHER and _an_order_below(ctx, stmt.text))
        ):
            last = index
    return last


def _an_order_below(ctx: Context, line: str) -> bool:
    """Whether a line below a signature line is an order of the signed-on player: a
    good one that is an attempt at one (not the place of "Paris, France"), or one
    with an order's shape."""
    if ctx.game is not None and ctx.signed_on and order_shaped(ctx.game, line):
        return True
    return _a_good_order(ctx, line) and not is_sign_off(ctx.game, line)


def _unread_after_stop(ctx: Context, parsed: ParsedMail) -> None:
    """SIGNOFF ends the mail: a command or a good order below it is not carried out,
    and the SIGNOFF line is refused saying so (a signature, a footer or a line that
    is no order of the signed-on player below it is not)."""
    late = [shown for line in parsed.after_stop if (shown := _late_line(ctx, line))]
    if late:
        more = len(late) - 1
        what = f"'{late[0]}'"
        if more:
            what += f" and {more} more line{'s' if more > 1 else ''}"
        ctx.transcript.refused(
            parsed.statements[-1].text,
            f"nothing after SIGNOFF is read, so {what} below it {'were' if more else 'was'} "
            "not: put SIGNOFF after your orders and commands, or leave it out",
        )


def _unread_lines(unread: tuple[str, int] | None) -> str:
    """How many lines past the limit were not read, and from which on (a command as
    its echo shows it, its password hidden), for the refusal; empty if none is known."""
    if unread is None:
        return ""
    first, count = unread
    found = registry.match(first)
    if found is not None:
        cls, args = found
        first = cls().echo(Statement(0, first, COMMAND, cls, args))
    return f" ({count} line{'s' if count > 1 else ''}, from '{first}' on)"


def _late_line(ctx: Context, line: str) -> str | None:
    """A line after SIGNOFF as a reply shows it (a password hidden), when it is a
    command or a good order; else None."""
    if line.startswith("//"):
        return None
    found = registry.match(line)
    if found is not None:
        cls, args = found
        command, stmt = cls(), Statement(0, line, COMMAND, cls, args)
        return None if command.greets(ctx, stmt) else command.echo(stmt)
    return line if _a_good_order(ctx, line) else None


def _a_good_order(ctx: Context, line: str) -> bool:
    """Whether ``line`` holds an order the signed-on player could give now."""
    if not ctx.signed_on or ctx.game is None:
        return False
    position = ctx.game.position_view()
    return any(
        check.ok
        for seat in ctx.seats
        for check in ctx.order_rules.check(position, seat.power, [line])
    )


def run_statement(ctx: Context, stmt: Statement) -> None:
    """Run one statement, refusing it when its conditions are not met."""
    if ctx.unread_reason is not None and stmt.command is not SignOff:
        echo = stmt.command().echo(stmt) if stmt.command is not None else stmt.text
        ctx.transcript.refused(echo, ctx.unread_reason)
        return
    if stmt.kind == UNKNOWN:
        word = registry.colon_keyword(stmt.text)
        reason = f"write {word} without the colon after it: nothing was done" if word else ""
        ctx.transcript.refused(stmt.text, reason or "unknown command (send HELP for the list)")
        return
    if stmt.kind == OTHER:
        if ctx.signed_on:
            Orders().run(ctx, stmt)
        elif ctx.signon_attempted:
            ctx.transcript.refused(stmt.text, "not read: the SIGNON failed")
        elif ctx.observer_game is not None:
            ctx.transcript.refused(stmt.text, _observer_cannot(ctx.observer_game, "orders need"))
        elif inside := command_inside(stmt.text):
            ctx.transcript.refused(*inside)
        else:
            ctx.transcript.refused(
                stmt.text, "not a command (orders need a SIGNON line before them)"
            )
        return
    assert stmt.kind == COMMAND and stmt.command is not None
    command: Command = stmt.command()
    if command.needs_signature and not ctx.signature_verified:
        reason = "this command needs a mail signed with your registered key"
        if not is_game_master_address(ctx.session, ctx.sender):  # a player has no key
            reason = "a game master's command: it needs a mail signed with a master's key"
            reason += f" ({command.players_instead})" if command.players_instead else ""
        if ctx.signature_refusal:
            reason += " (the signature of this mail was not accepted; see above)"
        ctx.transcript.refused(command.echo(stmt), reason)
        return
    by_master = command.masters_too and ctx.signature_verified and ctx.master_game is not None
    by_observer = command.masters_too and ctx.observer_game is not None
    if command.needs_signon and not ctx.signed_on and not (by_master or by_observer):
        ctx.transcript.refused(command.echo(stmt), _signon_missing(ctx, command))
        return
    command.run(ctx, stmt)


def _signon_missing(ctx: Context, command: Command) -> str:
    """Why a command that needs a SIGNON was refused: the SIGNON failed or is missing,
    the sender observes, or (a master's signed mail) what the master writes instead."""
    if ctx.signon_attempted:
        return "the SIGNON failed"
    if ctx.observer_game is not None:
        return _observer_cannot(ctx.observer_game, "this needs")
    if command.masters_instead and ctx.signature_verified and ctx.master_game is not None:
        return command.masters_instead
    return "this needs a SIGNON first"


def _observer_cannot(game: Game, what: str) -> str:
    """Why an observer's order (``orders need``) or player's command (``this needs``)
    is refused, after SIGNON O<game>."""
    return f"you observe game {game.name}: {what} a SIGNON as a power"


def order_report(ctx: Context) -> list[OrderReport]:
    """The signed-on power's orders for the current phase, for the reply: one report
    per power the player holds (two in Root Z's seven-player game)."""
    if not ctx.signed_on:
        return []
    game = ctx.game
    assert game is not None and game.id is not None
    if game.status in (FORMING, FINISHED):  # no orders to show (a finished game's end)
        return []
    refused = _no_orders_reason(ctx)
    return [seat_report(ctx, game, seat.power, refused) for seat in ctx.seats]


def _no_orders_reason(ctx: Context) -> str | None:
    """Why the signed-on power takes no orders at all now (the game is finished, the
    player resigned), whatever phase a PHASE line named; None when it takes them."""
    saved, ctx.order_phase = ctx.order_phase, None
    try:
        return order_refusal(ctx)
    finally:
        ctx.order_phase = saved


def _deadline_part(ctx: Context, game: Game, now: datetime) -> list[str]:
    """The end of a reply: the deadline and the time left, what stands for them in a
    paused game, or nothing when the sender's power takes no orders."""
    if game.status == PAUSED:
        return [f"Game {game.name} is paused: no deadline runs until it resumes."]
    if game.status == FINISHED:
        over = game_over(game)
        return [f"{over[0].upper()}{over[1:]}."]
    if _no_orders_reason(ctx) is not None:
        return []
    zone = ctx.account.time_zone if ctx.account else None
    grace = as_utc(game.grace_until) or grace_deadline(game)  # before the runner starts it
    return deadline_lines(as_utc(game.deadline), now, zone, grace)


def _answers_an_idle_mail(session: Session, mail: IncomingMail, config: Config) -> bool:
    """Whether a mail replies to the judge's answer to a mail of its sender's that held
    nothing to read: the second round of two robots answering each other (a person's
    "Thanks!" to an answer to orders is still answered once)."""
    raw = answered_mail(session, mail.in_reply_to, mail.sender)
    if raw is None:
        return False
    answered = parse_incoming(raw, config.judge.address, config.limits.max_message_bytes)
    return nothing_to_read(_statements(answered.body_text).every_statement)


def _process_commands(
    session: Session,
    mail: IncomingMail,
    config: Config,
    now: datetime,
    rules: Any,
    account: Account | None,
    received: datetime | None = None,
    first: bool = False,
) -> None:
    """Run a mail's commands and queue its reply (``first``: the sender is a first
    contact, see :func:`process_inbound`)."""
    signature = _check_signature(session, mail, config, now)
    if signature is not None and signature.status in SUSPECT_SIGNATURES:
        _reply_signature_refused(session, mail, config, now, signature, first)
        return
    ctx = _new_context(session, mail, config, now, rules, account, received)
    notes: tuple[str, ...] = ()
    if signature is None or not signature.ok:
        refused = _signature_not_a_masters(session, mail, signature)
        if refused is not None:
            # A genuine signature by a key that is not a game master's here (a player
            # whose mail program signs everything, say): read the mail as unsigned.
            echo, ctx.signature_refusal = refused
            ctx.transcript.info(
                echo,
                f"{ctx.signature_refusal} Your mail was read as an unsigned mail: "
                "game-master commands in it are refused.",
            )
        parsed = _statements(mail.body_text)
        idle = nothing_to_read(parsed.every_statement)  # no command, nor an order
        if idle and mail.unsolicited_reason is not None:
            return  # a list's talk or an away message: not answered, nor relayed as press
        if not reply_to_press(ctx, mail.in_reply_to, parsed):
            if idle and _answers_an_idle_mail(session, mail, config):
                # Not answered: a responder that answers everything (with RFC 3834's
                # marks or not) would mail back and forth with the judge until the
                # hourly limits, every hour.
                return
            run_statements(ctx, parsed)
            notes = _subject_note(ctx, mail.subject, parsed)
            if not may_greet(parsed.every_statement) and ctx.transcript.refusals:
                notes += NEWCOMER_NOTE  # nothing in it was a command
    else:
        # Only the signed text is read: never the cleaned body, never unsigned parts.
        ctx.signature_verified = True
        ctx.transcript.info(
            SIGNATURE_ECHO, f"{signature.message} Only the signed text of your mail was read."
        )
        # Quoted replies, a mail forwarded in it and an earlier signed mail are not
        # the master's lines: none of them runs.
        signed = signature.text or ""
        own = masters_own_lines(signed, forwarded_from(signed))
        run_statements(ctx, _statements(own.text))
        if own.forwarded is not None:
            ctx.transcript.info(own.forwarded, FORWARDED)
        if own.earlier_signed:
            ctx.transcript.info("(an earlier signed mail)", EARLIER_SIGNED)
    for name in mail.text_attachments:
        ctx.transcript.info(f"(attached file {name})", UNREAD_ATTACHMENT)
    game = ctx.game if ctx.signed_on else None
    header: list[str] = []
    deadline: list[str] = []
    if game is not None:
        when = as_utc(game.deadline)
        zone_of_game = game_timing(game).zone
        phase = ruleset_for_game(game).turn_label(shown_phase(game))
        header = mapper_lines(
            ctx.judge_code, game.name, variant_label(game), phase, when, zone_of_game
        )
        deadline = _deadline_part(ctx, game, now)
    body = render_body(header, ctx.transcript, order_report(ctx), deadline, notes)
    subject = reply_subject(
        mask_text(mail.subject),  # a SIGNON written in the subject: never its password
        game.name if game else None,
        ruleset_for_game(game).turn_label(shown_phase(game)) if game else None,
        error=ctx.transcript.flagged,
        code=config.judge_code,
    )
    # A game master's signed mail is always answered (judge.store.limits).
    proven = ctx.signature_verified
    _send_limited(session, config, now, mail.sender, subject, body, mail, first, proven)
    if ctx.signed_on and ctx.player is not None:
        owner = ctx.owner_address or player_address(session, ctx.player)
        if owner and owner.lower() != mail.sender.lower():
            name = seats_name(game, ctx.seats) if game else ctx.player.power
            preface = (
                f"This is a copy of the judge's reply to {mail.sender}, who signed on as "
                f"{name} in game {game.name if game else ''}.\nYou get it because that "
                "is not your address. If this was not you, change your password with "
                "SET PASSWORD.\n\n"
            )
            _send_limited(session, config, now, owner, subject, preface + body, None)
    for acting in ctx.acting:
        _send_acting_copy(session, config, now, ctx, acting)


def _send_acting_copy(
    session: Session, config: Config, now: datetime, ctx: Context, acting: Acting
) -> None:
    """Mail a power's player what the master did as that power (BECOME), as njudge
    does: the lines after the BECOME with what came of them, and the orders now."""
    address = acting.address
    entries = ctx.transcript.entries[acting.start : acting.end]
    if address is None or not entries:
        return
    game, power = acting.game, acting.player.power
    view = replace(ctx, game=game, player=acting.player, partners=[])  # the power's view
    header = mapper_lines(
        config.judge_code,
        game.name,
        variant_label(game),
        ruleset_for_game(game).turn_label(game.phase),
        as_utc(game.deadline),
        game_timing(game).zone,
    )
    playing = game.status != FORMING and acting.player.status == PLAYING
    reports = [seat_report(view, game, power, None)] if playing else []
    body = acting_copy_body(header, game.name, power_name(game, power), entries, reports)
    subject = game_mail_subject(
        judge_sender(ctx),
        game,
        f"{phase_label(game)} the game master acted as {power_name(game, power)}",
    )
    _send_limited(session, config, now, address, subject, body, None)


def _subject_note(ctx: Context, subject: str, parsed: ParsedMail) -> tuple[str, ...]:
    """A note when the subject holds a command and the text none (``Subject: help``
    over an empty mail): the subject is not read.  A greeting is no command."""
    found = registry.match(subject.strip())
    if found is None or any(stmt.kind == COMMAND for stmt in parsed.every_statement):
        return ()
    cls, args = found
    if cls().greets(ctx, Statement(0, subject.strip(), COMMAND, cls, args)):
        return ()
    shown = mask_text(subject.strip())
    return (f"The subject of a mail is not read: write '{shown}' on a line of its text.",)


SIGNATURE_ECHO = "(OpenPGP signature)"
# Signatures that suggest an altered, old or repeated mail: nothing in it is done.
# Other refusals (a key the judge does not know, or not a game master's key for the
# sender) leave the mail to be read as unsigned.
SUSPECT_SIGNATURES = frozenset({Status.BAD, Status.EXPIRED, Status.REPLAYED})


SMIME_ECHO = "(S/MIME signature)"
SMIME_SIGNED = (
    "Your mail is signed with S/MIME (an X.509 certificate), which the judge does not "
    "check: game-master commands need an OpenPGP signature (PGP/MIME or inline "
    "clear-signed), by the key registered for your address."
)


NEW_SUBKEY = (
    " If it is a new subkey of the key registered for your address, send the public key "
    "with the new subkey to the judge's keeper, who registers it again (judge gm add); "
    "until then, sign with the key as registered."
)


def _signature_not_a_masters(
    session: Session, mail: IncomingMail, signature: Verification | None
) -> tuple[str, str] | None:
    """The reply's echo and the sentence saying why the mail's signature does not make
    it a master's (a key not a master's, a block that could not be checked, S/MIME);
    None when it carries no signature."""
    if signature is not None:
        said = describe(signature, consequence=False)
        if signature.status is Status.UNKNOWN_KEY and is_game_master_address(
            session, mail.sender
        ):  # a master's own key, signing with a subkey the judge has not
            said += NEW_SUBKEY
        return SIGNATURE_ECHO, said
    if mail.signed_text is not None:
        return SIGNATURE_ECHO, UNCHECKED_BLOCK  # found in the text read, not where checked
    if smime_signed(mail.raw):
        return SMIME_ECHO, SMIME_SIGNED
    return None


def _carries_signature(mail: IncomingMail) -> bool:
    """Whether the mail is signed in any form: PGP/MIME, clear-signed text, or a PGP/MIME
    part inside a wrapper."""
    nested = b"application/pgp-signature" in mail.raw.lower()
    return mail.pgp_mime or mail.signed_text is not None or nested


def _check_signature(
    session: Session, mail: IncomingMail, config: Config, now: datetime
) -> Verification | None:
    """The game-master check of a signed mail; None when the mail carries no signature."""
    if not _carries_signature(mail):
        return None
    keyring = Keyring(keyring_home(config.judge.state_dir))
    window = timedelta(hours=config.signatures.window_hours)
    result = authenticate_gm_mail(session, mail.raw, keyring, now, window, sender=mail.sender)
    return None if result.status is Status.UNSIGNED else result


def _reply_signature_refused(
    session: Session,
    mail: IncomingMail,
    config: Config,
    now: datetime,
    signature: Verification,
    first: bool,
) -> None:
    """Answer a signed mail whose signature was not accepted: nothing in it is done."""
    body = (
        "Your mail carries an OpenPGP signature, and the judge did not accept it:\n\n"
        f"  {signature.message}\n\n"
        "Nothing in your mail was carried out, not even the lines that need no "
        "signature.\nSend the mail again, signed with your registered key, or not "
        "signed at all\nif it holds no game-master commands.\n"
    )
    subject = reply_subject(mask_text(mail.subject), None, None, error=True, code=config.judge_code)
    _send_limited(session, config, now, mail.sender, subject, body, mail, first)


def _send_limited(
    session: Session,
    config: Config,
    now: datetime,
    to: str,
    subject: str,
    body: str,
    answering: IncomingMail | None,
    first: bool = False,
    proven: bool = False,
) -> bool:
    """Queue a reply unless ``to`` has had its share this hour, or ``to`` is a first
    contact and first contacts had theirs; a ``proven`` sender (a game master's signed
    mail) is answered whatever the counts (judge.store.limits).  True when queued."""
    limits = config.limits
    new_limit = limits.replies_to_new_addresses_per_hour if first else None
    per_sender = limits.replies_per_sender_per_hour
    limited = limited_body(
        session, to, now, per_sender, body, new_address_limit=new_limit, proven=proven
    )
    if limited is None:
        return False
    body = limited
    msg = reply_mail(
        Author.of(config),
        to,
        subject,
        body,
        in_reply_to=answering.message_id if answering else None,
        references=answering.references if answering else (),
    )
    enqueue(session, msg)
    return True
