"""RESIGN: leave a game.

``RESIGN`` after a SIGNON gives up the power: the player's status becomes
"resigned", the power is in civil disorder until the master REPLACEs the player,
and everyone in the game is told (without the address in an anonymous game).
``RESIGN <game> <password>`` withdraws a JOIN from a game that has not started;
the password is the one given with JOIN.
"""

from __future__ import annotations

from textwrap import fill

from sqlmodel import select

from judge.commands.base import Command, Context, Statement, game_password_masked
from judge.commands.gm_common import judge_sender
from judge.commands.paired import seats_name
from judge.commands.password_guard import Counter, address_counter, count_failure, locked_reason
from judge.commands.player_state import game_named, in_play_refusal, sender_account
from judge.commands.registry import register
from judge.game.abandoned import takeover_line
from judge.game.clock_votes import settle_clock_votes
from judge.game.empires import game_empires, set_game_empires
from judge.game.games import phase_label, player_address
from judge.game.history import announce_and_keep
from judge.game.recipients import game_mail_subject
from judge.game.votes import drop_votes, settle_votes
from judge.reports import DEFAULTS
from judge.rules.registry import ruleset_for_game
from judge.store.limits import failure_key
from judge.store.models import FORMING, RESIGNED, Applicant
from judge.store.passwords import verify_password


@register
class Resign(Command):
    """Resign from a game, or withdraw a JOIN."""

    rank = 46
    keyword = "RESIGN"
    aliases = ("WITHDRAW",)  # njudge's synonym (mail.c)
    masters_instead = (
        "a player's command: a game master takes a power from its player with EJECT "
        "<power> (REPLACE <power> <address> <password> gives it to another), or ends "
        "the game with TERMINATE"
    )
    syntax = "RESIGN   (after SIGNON)   or   RESIGN <game> <password>   (before the game starts)"
    help = (
        "After a SIGNON, RESIGN (or WITHDRAW) gives up your power for good: it goes\n"
        "into civil disorder (its units hold) until another registered player takes\n"
        "it over (SIGNON <initial><game> <password>) or the game master finds a\n"
        "replacement, and everyone in the game is told. Before a game starts,\n"
        "RESIGN <game> <password> (the password you gave with JOIN) withdraws your JOIN."
    )

    not_slips = frozenset({"RESIGNS", "WITHDRAWN", "WITHDRAWS"})

    def echo(self, stmt: Statement) -> str:
        keyword = stmt.text.split()[0].upper()  # RESIGN or WITHDRAW
        return game_password_masked(keyword, stmt.args)

    def run(self, ctx: Context, stmt: Statement) -> None:
        if stmt.args.strip():
            self._withdraw(ctx, stmt)
        elif ctx.signed_on:
            self._resign(ctx, stmt)
        elif ctx.signature_verified and ctx.master_game is not None:
            ctx.transcript.refused(self.echo(stmt), self.masters_instead)
        else:
            reason = "the SIGNON failed" if ctx.signon_attempted else "this needs a SIGNON first"
            ctx.transcript.refused(
                self.echo(stmt), f"{reason} (or write RESIGN <game> <password> to withdraw a JOIN)"
            )

    def _resign(self, ctx: Context, stmt: Statement) -> None:
        game, player = ctx.game, ctx.player
        assert game is not None and player is not None
        reason = in_play_refusal(ctx)
        if reason is not None:
            ctx.transcript.refused(self.echo(stmt), reason)
            return
        seats = ctx.seats  # a player holding two powers (Root Z) resigns both
        for seat in seats:
            seat.status = RESIGNED
            seat.wait = False
            drop_votes(seat)
            ctx.session.add(seat)
        name = seats_name(game, seats)
        address = player_address(ctx.session, seats[0])
        who = "The player" if game.anonymous else f"The player ({address})"
        # After BECOME the master resigns the power: never name the master as its player.
        resigned = "was resigned by the game master from" if ctx.became else "has resigned from"
        subject = game_mail_subject(judge_sender(ctx), game, f"{phase_label(game)} {name} resigned")
        lines = ", ".join(takeover_line(game, seat.power) for seat in seats)
        if len(seats) == 1:
            disorder = (
                f"{name} is in civil disorder until a registered player takes it over "
                f"({lines}) or the game master finds a replacement: {DEFAULTS}."
            )
        else:
            disorder = (
                f"{name} are in civil disorder until registered players not in the game "
                f"take them over, one each ({lines}), or the game master finds "
                f"replacements: {DEFAULTS}."
            )
        text = f"{who} of {name} {resigned} game {game.name}.\n{fill(disorder, 75)}\n"
        announce_and_keep(ctx.session, judge_sender(ctx), game, subject, text, ctx.now)
        entry = ctx.transcript.ok(
            self.echo(stmt),
            f"You have resigned from game {game.name}; {name} "
            f"{'is' if len(seats) == 1 else 'are'} in civil disorder.",
        )
        outcome = settle_votes(ctx.session, judge_sender(ctx), game, ctx.now)
        if outcome is not None:
            entry.extra.append(f"The game is over: {outcome}")
        clock = settle_clock_votes(ctx.session, judge_sender(ctx), game, ctx.now)
        if clock is not None:  # the last vote missing was theirs
            entry.extra.append(clock)

    def _withdraw(self, ctx: Context, stmt: Statement) -> None:
        echo = self.echo(stmt)
        words = stmt.args.split()
        if len(words) != 2:
            ctx.transcript.refused(echo, f"expected: {self.syntax}")
            return
        game = game_named(ctx, echo, words[0])
        if game is None:
            return
        if game.status != FORMING:
            ctx.transcript.refused(
                echo,
                f"game {game.name} has started: SIGNON to your power and send RESIGN alone",
            )
            return
        account = sender_account(ctx)
        applicant = (
            ctx.session.exec(
                select(Applicant).where(
                    Applicant.game_id == game.id, Applicant.account_id == account.id
                )
            ).first()
            if account is not None
            else None
        )
        if applicant is None:
            ctx.transcript.refused(echo, f"{ctx.sender} has not joined game {game.name}")
            return
        counters = [
            Counter(failure_key("join", game.id), f"for the JOINs of game {game.name}"),
            address_counter(ctx),
        ]
        locked = locked_reason(ctx, counters)
        if locked is not None:
            ctx.transcript.refused(echo, locked)
            return
        if not verify_password(applicant.password_hash, words[1]):
            count_failure(ctx, counters)
            ctx.transcript.refused(echo, f"wrong password for your JOIN of game {game.name}")
            return
        ctx.session.delete(applicant)
        if ruleset_for_game(game).players_name_powers:  # the empire it named leaves
            kept = [e for e in game_empires(game) if e.code != applicant.preferences]
            set_game_empires(game, kept)
            ctx.session.add(game)
        ctx.transcript.ok(echo, f"Your JOIN of game {game.name} is withdrawn.")
