"""What the game-master commands share: the game the master steers, the check that
the sender is that game's master, and the announcements of their changes.

A game master selects a game with CREATE or GAME; the following lines of the mail
act on it.  Changes are collected per game while the mail is read and announced to
the game's people in one mail each when it ends (:func:`send_announcements`), or
earlier when a command mails the game itself (a report, say), so that the order of
the mails follows the order of the commands.
"""

from __future__ import annotations

from typing import ClassVar

from judge.commands.base import Command, Context, Statement
from judge.game.games import PowerInfo, find_power, game_powers, phase_label, player_address
from judge.game.history import announce_and_keep
from judge.game.recipients import game_mail_subject
from judge.mail.outgoing import Author
from judge.store.models import FINISHED, PLAYING, Game, Player


def master_of(game: Game, address: str) -> bool:
    """True when ``address`` is the game's master (addresses compare in lower case)."""
    return bool(game.master_address) and game.master_address.lower() == address.strip().lower()


def judge_sender(ctx: Context) -> Author:
    """The judge as the author of the mails a command sends."""
    return Author(ctx.judge_name, ctx.judge_address, ctx.judge_code, ctx.judge_web)


def steered_game(ctx: Context, echo: str) -> Game | None:
    """The game selected earlier in the mail, if its master sent the mail; else refuse."""
    game = ctx.master_game
    if game is None:
        ctx.transcript.refused(echo, "no game selected: put GAME <name> (or CREATE) before it")
        return None
    if not master_of(game, ctx.sender):
        ctx.transcript.refused(echo, f"you are not the master of game {game.name}")
        return None
    return game


def end_become(ctx: Context) -> None:
    """End the master's BECOME, if one runs: the lines from here are the master's own
    (another BECOME, or another game selected), and no order line is read as the
    power's until a BECOME or SIGNON again."""
    if not ctx.acting or ctx.acting[-1].end is not None:
        return
    ctx.acting[-1].end = len(ctx.transcript.entries)
    ctx.game = ctx.player = ctx.owner_address = None
    ctx.became = ctx.signon_attempted = False
    ctx.partners = []


def acting_copy_address(ctx: Context, player: Player) -> str | None:
    """Where the copy of what the master did as ``player``'s power goes: the address
    of its player, while they play it and are not the master; else None."""
    if not player.account_id or player.status != PLAYING:
        return None
    address = player_address(ctx.session, player)
    return address if address and address.lower() != ctx.sender.lower() else None


def power_of(ctx: Context, game: Game, text: str, echo: str) -> PowerInfo | None:
    """The power of the game named by ``text``; else refuse the line and return None."""
    power = find_power(game_powers(game), text) if text.strip() else None
    if power is None:
        names = ", ".join(p.name for p in game_powers(game))
        ctx.transcript.refused(echo, f"game {game.name} has no power {text!r} (it has {names})")
    return power


def note_change(ctx: Context, game: Game, line: str, told: str | None = None) -> None:
    """Remember a change to announce to the game's people when the mail is read;
    ``told`` is someone already mailed it (a new player), not mailed it again."""
    assert game.id is not None
    _, lines = ctx.announcements.setdefault(game.id, (game, []))
    lines.append((line, told))


def send_announcements(ctx: Context, game: Game | None = None) -> None:
    """Mail the noted changes (of ``game`` only, if given) to everyone in the game
    except the master, who reads them in the reply, and keep them for HISTORY (as
    njudge's history keeps "informational notices (deadline adjustments ...)")."""
    ids = [game.id] if game is not None else list(ctx.announcements)
    for game_id in ids:
        if game_id not in ctx.announcements:
            continue
        target, lines = ctx.announcements.pop(game_id)
        sender = judge_sender(ctx)
        subject = game_mail_subject(
            sender, target, f"{phase_label(target)} changes by the game master"
        )
        body = (
            f"The game master of game {target.name} made these changes:\n\n"
            + "\n".join("  - " + line.replace("\n", "\n    ") for line, _ in lines)
            + "\n"
        )
        exclude = [target.master_address] if target.master_address else []
        exclude += told_everything(lines)
        announce_and_keep(ctx.session, sender, target, subject, body, ctx.now, exclude=exclude)


def told_everything(lines: list[tuple[str, str | None]]) -> list[str]:
    """The addresses already told every one of these changes."""
    told = {address for _, address in lines}
    return [a for a in told if a is not None and all(t == a for _, t in lines)]


def change_setting(
    ctx: Context, stmt: Statement, game: Game, attr: str, value: object, said: str
) -> None:
    """Set ``game.<attr>`` to ``value``, reply ``said`` and announce it to the game
    once (note_change); only reply that nothing changed when it already was so."""
    if getattr(game, attr) == value:
        ctx.transcript.ok(stmt.text, f"Unchanged: game {game.name} already has that setting.")
        return
    setattr(game, attr, value)
    ctx.session.add(game)
    ctx.transcript.ok(stmt.text, said)
    note_change(ctx, game, said)


def settings_closed(game: Game) -> str:
    """Why no SET changes a finished game: its settings stay as the game ended, and
    nobody is told of a change that counts for nothing (a ROLLBACK reopens it)."""
    return (
        f"game {game.name} is over: its settings no longer change, nothing was changed "
        f"(ROLLBACK <phase> reopens it; SET lines after the ROLLBACK then count)"
    )


class MasterCommand(Command):
    """Base class of the commands that steer the selected game."""

    needs_signature = True
    rank = 200
    # A SET a finished game still takes (whether LIST shows it: no rule of play).
    after_the_end: ClassVar[bool] = False

    def run(self, ctx: Context, stmt: Statement) -> None:
        game = steered_game(ctx, self.echo(stmt))
        if game is None:
            return
        closed = self.keyword.startswith("SET ") and not self.after_the_end
        if closed and game.status == FINISHED:
            ctx.transcript.refused(self.echo(stmt), settings_closed(game))
            return
        self.steer(ctx, stmt, game)

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        """Carry out the command on the game its master selected."""
        raise NotImplementedError
