"""Taking over an abandoned power (njudge's ``SIGNON <initial><game> <password>``,
ml_signon.c): a registered player who holds no power in the game becomes its player;
the password given becomes the power's password (the old one no longer signs on).
The new player is signed on for the rest of the mail and gets the position, the
deadline and the map; everyone in the game is told."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import select

from judge.commands.base import Context
from judge.commands.gm_common import judge_sender
from judge.commands.listing import game_status
from judge.commands.player_state import registered_account
from judge.game.games import PowerInfo, phase_label, power_name
from judge.game.history import announce_and_keep
from judge.game.processing import position_picture_now
from judge.game.recipients import game_mail_subject, send
from judge.game.records import entry_refusal, note_handover
from judge.game.votes import drop_votes
from judge.store.models import ACTIVE, PAUSED, PLAYING, Account, Game, Player
from judge.store.passwords import hash_password, password_problem


def give_seat(player: Player, account_id: int, password: str, now: datetime) -> None:
    """Make ``account_id`` the power's player with this password, its flags cleared."""
    player.account_id = account_id
    player.password_hash = hash_password(password)
    player.status = PLAYING
    player.wait = False
    drop_votes(player)
    player.absent_from = player.absent_until = None
    player.missed = 0
    player.draw_powers = ""
    player.joined_at = now


def takeover_refusal(ctx: Context, game: Game, account: Account | None) -> str | None:
    """Why the sender may not take over a power of ``game``, or None."""
    if game.status not in (ACTIVE, PAUSED):
        return f"game {game.name} is {game.status}: no power can be taken over"
    if account is None or account.id is None:
        # njudge's words (ml_signon.c)
        return (
            f"your address {ctx.sender} is not registered with the judge: send REGISTER "
            "first (HELP REGISTER)"
        )
    refusal = entry_refusal(ctx.session, game, account)  # allow/deny lists, entry limits
    if refusal is not None:
        return refusal
    held = ctx.session.exec(
        select(Player).where(
            Player.game_id == game.id, Player.account_id == account.id, Player.status == PLAYING
        )
    ).first()
    if held is not None:
        return f"you already play {power_name(game, held.power)} in game {game.name}"
    return None


def take_over(
    ctx: Context, echo: str, game: Game, power: PowerInfo, player: Player, password: str
) -> None:
    """Carry out the takeover of the abandoned ``power`` by the sender, or refuse it."""
    account = registered_account(ctx)
    problem = takeover_refusal(ctx, game, account) or password_problem(password)
    if problem is not None:
        ctx.transcript.refused(echo, problem)
        return
    assert account is not None and account.id is not None
    note_handover(ctx.session, player, account.id, ctx.now, game.phase)  # the records
    give_seat(player, account.id, password, ctx.now)
    ctx.session.add(player)
    ctx.session.flush()
    ctx.game, ctx.player, ctx.owner_address = game, player, ctx.sender
    entry = ctx.transcript.ok(
        echo,
        f"Take over of abandoned {power.name} allowed. You now play {power.name} in game "
        f"{game.name} ({phase_label(game)}, {game.status}); the password on this line is its "
        "password. The map follows in a separate mail.",
    )
    entry.extra.extend(game_status(ctx, game))
    sender = judge_sender(ctx)
    picture = position_picture_now(game)
    subject = game_mail_subject(sender, game, f"{phase_label(game)} Map")
    send(
        ctx.session,
        sender,
        ctx.sender,
        subject,
        f"Map of game {game.name}: position, {phase_label(game)}.\n",
        picture=picture,
    )
    who = "A new player" if game.anonymous else ctx.sender
    announce_and_keep(
        ctx.session,
        sender,
        game,
        game_mail_subject(sender, game, f"{phase_label(game)} New Player Signon: {power.initial}"),
        f"{who} has taken over the abandoned {power.name} in game '{game.name}'.\n",
        ctx.now,
        exclude=[ctx.sender],  # told by the reply, as njudge tells its sender
    )
