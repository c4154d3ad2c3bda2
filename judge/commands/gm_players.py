"""The game master and the game's players: EJECT, REPLACE and BECOME."""

from __future__ import annotations

from dataclasses import replace

from sqlmodel import func, select

from judge.commands.base import HIDDEN, Acting, Context, Statement
from judge.commands.gm_common import (
    MasterCommand,
    acting_copy_address,
    end_become,
    judge_sender,
    note_change,
    power_of,
    send_announcements,
)
from judge.commands.listing import position_lines
from judge.commands.orders import seat_report
from judge.commands.paired import playing_seats, seats_name, signon_line
from judge.commands.registry import register
from judge.commands.reply import order_lines
from judge.commands.takeover import give_seat
from judge.game.clock import deadline_text
from judge.game.clock_votes import due_vote, settle_clock_votes
from judge.game.games import (
    PowerInfo,
    account_for,
    phase_label,
    player_address,
    players_of,
)
from judge.game.recipients import game_mail_subject, send
from judge.game.records import note_handover
from judge.game.seats import reseat
from judge.game.votes import agreed_outcome, settle_votes
from judge.masters.authority import GameMasterError, normalise_address
from judge.store.models import (
    ACTIVE,
    EJECTED,
    FINISHED,
    FORMING,
    PAUSED,
    PLAYING,
    Account,
    Game,
    Observer,
    Player,
)
from judge.store.passwords import MAX_LENGTH, MIN_LENGTH


def seat_of(ctx: Context, game: Game, power: str) -> Player | None:
    """The Player row of a power in a game, if anyone ever played it."""
    return ctx.session.exec(
        select(Player).where(Player.game_id == game.id, Player.power == power)
    ).first()


def _started(ctx: Context, echo: str, game: Game) -> bool:
    """Refuse on a game that has not started or is over; True to go on."""
    if game.status in (ACTIVE, PAUSED):
        return True
    why = "has not started yet" if game.status == FORMING else "is over"
    ctx.transcript.refused(echo, f"game {game.name} {why}")
    return False


def farewell(
    ctx: Context, game: Game, name: str, address: str, account_id: int, why: str, powers: int = 1
) -> None:
    """Tell a player they no longer play the power or ``powers`` powers ``name`` (the
    master ``why``: "has removed you from it"), and, when they still play other
    powers of the game, which and how they sign on for them now."""
    them = "it" if powers == 1 else "them"
    text = (
        f"The game master of game {game.name} {why}: you no longer play {name}, "
        f"and your password for {them} no longer counts.\n"
    )
    kept = playing_seats(ctx.session, game, account_id)
    if kept:
        signon = signon_line(ctx.session, game, account_id, kept[0].power)
        text += (
            f"\nYou still play {seats_name(game, kept)} in game {game.name}, with your "
            f"password unchanged. Sign on for it with:\n\n  {signon}\n"
        )
    subject = game_mail_subject(judge_sender(ctx), game, f"you no longer play {name}")
    send(ctx.session, judge_sender(ctx), address, subject, text)


@register
class EjectCommand(MasterCommand):
    """Remove a player; the power is in civil disorder until REPLACE."""

    rank = 230
    keyword = "EJECT"
    syntax = "EJECT <power>   or   EJECT <address>"
    help = (
        "Game masters: remove the player of <power> from the game. The power is in\n"
        "civil disorder (its units hold, it builds nothing) until you REPLACE it.\n"
        "As on njudge, EJECT <address> removes that player, or that observer."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        if not _started(ctx, stmt.text, game):
            return
        if "@" in stmt.args:
            self._by_address(ctx, stmt, game, stmt.args.strip().strip("<>").lower())
            return
        power = power_of(ctx, game, stmt.args, stmt.text)
        if power is None:
            return
        player = seat_of(ctx, game, power.code)
        if player is None or player.status != PLAYING:
            ctx.transcript.refused(stmt.text, f"nobody plays {power.name} in game {game.name}")
            return
        _eject(ctx, stmt, game, [player])

    def _by_address(self, ctx: Context, stmt: Statement, game: Game, address: str) -> None:
        """njudge's ``EJECT <email>`` (data/index 123-128): the powers that address
        plays, or its observing."""
        seats = [
            p
            for p in players_of(ctx.session, game)
            if p.status == PLAYING and player_address(ctx.session, p).lower() == address
        ]
        if seats:  # one player (one address): every power they play, in one go
            _eject(ctx, stmt, game, seats)
        watching = ctx.session.exec(
            select(Observer).where(
                Observer.game_id == game.id,
                Observer.account_id == Account.id,
                func.lower(Account.address) == address,
            )
        ).first()
        if watching is not None:
            ctx.session.delete(watching)
            ctx.transcript.ok(stmt.text, f"{address} no longer observes game {game.name}.")
        elif not seats:
            ctx.transcript.refused(
                stmt.text, f"{address} neither plays nor observes game {game.name}"
            )


def _eject(ctx: Context, stmt: Statement, game: Game, seats: list[Player]) -> None:
    """Remove one player from ``seats``, the powers they play (two in Root Z): told in
    one mail, the change noted for everyone."""
    for player in seats:
        player.status = EJECTED
        ctx.session.add(player)
    ctx.session.flush()
    name = seats_name(game, seats)
    address = player_address(ctx.session, seats[0])
    if address:
        why = "has removed you from it"
        farewell(ctx, game, name, address, seats[0].account_id, why, len(seats))
    are = "is in civil disorder: its" if len(seats) == 1 else "are in civil disorder: their"
    text = f"{name} {are} player was removed by the game master."
    entry = ctx.transcript.ok(stmt.text, text)
    note_change(ctx, game, text, told=address or None)  # who plays on (Root Z) knows it
    if agreed_outcome(ctx.session, game) is not None:  # the last vote missing was theirs
        send_announcements(ctx, game)  # the ejection first, then the end (as RESIGN)
        outcome = settle_votes(ctx.session, judge_sender(ctx), game, ctx.now)
        entry.extra.append(f"The game is over: {outcome}")
    elif due_vote(ctx.session, game) is not None:  # a pause, resume or extension
        send_announcements(ctx, game)
        entry.extra.append(str(settle_clock_votes(ctx.session, judge_sender(ctx), game, ctx.now)))


def _address_index(words: list[str]) -> int | None:
    """Where the address is in REPLACE's words (the first with an ``@``, after the
    power's name, which may be several words: Root Z's ``Russia 2``); None if none."""
    return next((i for i, word in enumerate(words) if "@" in word and i > 0), None)


@register
class ReplaceCommand(MasterCommand):
    """Give a power to a new player."""

    rank = 231
    keyword = "REPLACE"
    syntax = "REPLACE <power> <address> <password>"
    help = (
        "Game masters: <address> plays <power> from now on, with <password>. The\n"
        "new player is mailed the game and how to sign on; the old one, if still\n"
        "playing, is told they no longer play it."
    )

    def echo(self, stmt: Statement) -> str:
        words = stmt.text.split()
        shown = (_address_index(words[1:]) or 1) + 2  # up to the address: not the password
        return " ".join(words[:shown] + ([HIDDEN] if len(words) > shown else []))

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        echo = self.echo(stmt)
        words = stmt.args.split()
        at = _address_index(words) or 1
        if len(words) != at + 2:
            ctx.transcript.refused(echo, f"expected: {self.syntax}")
            return
        if not _started(ctx, echo, game):
            return
        power = power_of(ctx, game, " ".join(words[:at]), echo)
        if power is None:
            return
        try:
            address = normalise_address(words[at])
        except GameMasterError:
            ctx.transcript.refused(echo, f"{words[at]!r} is not a mail address")
            return
        password = words[-1]
        if not MIN_LENGTH <= len(password) <= MAX_LENGTH:
            ctx.transcript.refused(echo, f"a password has {MIN_LENGTH} to {MAX_LENGTH} characters")
            return
        seat = seat_of(ctx, game, power.code)
        same = (
            seat is not None
            and seat.status == PLAYING
            and player_address(ctx.session, seat).lower() == address
        )
        self._hand_over(ctx, game, power, address, password)
        if same:  # no new player: nothing to tell the others
            said = f"{address} already plays {power.name}: its password is changed"
            ctx.transcript.ok(echo, f"{said}, and {address} was mailed how to sign on.")
            return
        text = f"{power.name} has a new player."
        ctx.transcript.ok(echo, f"{address} now plays {power.name} and was mailed how to sign on.")
        note_change(ctx, game, text, told=address)

    def _hand_over(
        self, ctx: Context, game: Game, power: PowerInfo, address: str, password: str
    ) -> None:
        account = account_for(ctx.session, address)
        player = seat_of(ctx, game, power.code)
        left: tuple[str, int] | None = None  # the old player told they no longer play it
        if player is None:
            player = Player(game_id=game.id, account_id=account.id, power=power.code)
        else:
            old = player_address(ctx.session, player)
            if player.status == PLAYING and old and old.lower() != address:
                left = (old, player.account_id)
            note_handover(ctx.session, player, account.id or 0, ctx.now, game.phase)  # the records
        give_seat(player, account.id, password, ctx.now)  # type: ignore[arg-type]
        ctx.session.add(player)
        reseat(ctx.session, game)  # standings follow who now holds which power
        if left is not None:
            old, old_account = left
            farewell(
                ctx, game, power.name, old, old_account, f"has given {power.name} to another player"
            )
        signon = signon_line(ctx.session, game, account.id, power.code)
        send(
            ctx.session,
            judge_sender(ctx),
            address,
            game_mail_subject(judge_sender(ctx), game, f"you now play {power.name}"),
            f"The game master of game {game.name} has given you {power.name}.\n\n"
            f"Game: {game.name} (variant {game.variant}), now in {phase_label(game)}.\n"
            f"Deadline: {deadline_text(game)}.\n\n"
            f"Sign on in a mail to this judge with the password the game master chose:\n\n"
            f"  {signon}\n\n"
            "and put your orders on the lines after it. SET PASSWORD changes the password;\n"
            "HELP lists every command.\n\n"
            f"The position now ({phase_label(game)}):\n\n"
            + "\n".join(position_lines(ctx.session, game))
            + "\n\n"
            + "\n".join(_orders_owed(ctx, game, player))
            + "\n",
        )


def _orders_owed(ctx: Context, game: Game, player: Player) -> list[str]:
    """The power's orders standing and what it still owes (units without orders,
    builds or removals per board), as a reply to its orders ends."""
    view = replace(ctx, game=game, player=player, partners=[])  # the power's view
    return order_lines(seat_report(view, game, player.power, None))


@register
class BecomeCommand(MasterCommand):
    """Give orders for a power, as its player would."""

    rank = 232
    keyword = "BECOME"
    syntax = "BECOME <power>"
    help = (
        "Game masters: the following order lines of the mail are orders for <power>\n"
        "in the selected game, as if you had signed on as it (no password needed),\n"
        "also when the power is in civil disorder (nobody plays it, or its player\n"
        "resigned or was ejected). Its player gets a copy of what you did as it.\n"
        "Another BECOME, GAME or CREATE ends it."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        if game.status == FINISHED:
            ctx.transcript.refused(stmt.text, f"game {game.name} is over")
            return
        power = power_of(ctx, game, stmt.args, stmt.text)
        if power is None:
            return
        player = seat_of(ctx, game, power.code)
        if player is None:
            # Nobody ever played it: a seat that is never stored carries the orders.
            player = Player(game_id=game.id, account_id=0, power=power.code, password_hash="")
        end_become(ctx)
        ctx.game, ctx.player = game, player
        # The reply goes to the master; its player gets a copy of what follows, as on
        # njudge (mail.c), from the judge.commands.inbound Acting copy, not this one.
        ctx.owner_address = ctx.sender
        ctx.signon_attempted = True
        ctx.became = True
        address = acting_copy_address(ctx, player)
        copied = "; its player gets a copy of them" if address else ""
        ctx.transcript.ok(
            stmt.text,
            f"You act as {power.name} in game {game.name} ({phase_label(game)}, {game.status}): "
            f"the order lines that follow are its orders{copied}.",
        )
        ctx.acting.append(Acting(game, player, address, len(ctx.transcript.entries)))
