"""JOIN: apply for a place in a game that has not started.

JOIN needs an account made with REGISTER (the judge shows deadlines in its time
zone and mails the player at its address).  The password becomes the power's
password for SIGNON.  Powers listed after it are preferences, best first.  When
the game has as many applicants as seats, it starts at once (judge.game.start).
"""

from __future__ import annotations

from sqlmodel import func, select

from judge.commands.base import Command, Context, Statement, masked
from judge.commands.gm_common import judge_sender
from judge.commands.player_state import game_named, registered_account
from judge.commands.registry import register
from judge.game.games import find_power, game_powers
from judge.game.start import seats_of, start_game
from judge.store.models import FORMING, Applicant, Game, Player
from judge.store.passwords import hash_password, password_problem


def _count(ctx: Context, game: Game) -> int:
    query = select(func.count()).select_from(Applicant).where(Applicant.game_id == game.id)
    return int(ctx.session.exec(query).one())


def _member(ctx: Context, game: Game, account_id: int) -> bool:
    for table in (Applicant, Player):
        query = select(table).where(table.game_id == game.id, table.account_id == account_id)
        if ctx.session.exec(query).first() is not None:
            return True
    return False


@register
class Join(Command):
    """Join a game that is forming."""

    rank = 44
    keyword = "JOIN"
    aliases = ("SIGNUP", "SIGN UP")
    syntax = "JOIN <game> <password> [<power> ...]"
    help = (
        "Asks for a place in a game that has not started. Register first (REGISTER).\n"
        "The password is the one you will SIGNON with. Powers after it are your\n"
        "preferences, best first (e.g. JOIN game2 secret France Italy). When the\n"
        "game is full it starts: each player in turn of joining gets their best\n"
        "preference still free, the others get the remaining powers at random."
    )

    def echo(self, stmt: Statement) -> str:
        return masked("JOIN", stmt.args, 1, keep_after=True)

    def run(self, ctx: Context, stmt: Statement) -> None:
        echo = self.echo(stmt)
        words = stmt.args.replace(",", " ").split()
        if len(words) < 2:
            ctx.transcript.refused(echo, f"expected: {self.syntax}")
            return
        account = registered_account(ctx)
        if account is None or account.id is None:
            ctx.transcript.refused(
                echo,
                "JOIN needs a registered account: send REGISTER with your Name, Timezone "
                "and Password lines and END first (HELP REGISTER)",
            )
            return
        game = game_named(ctx, echo, words[0])
        if game is None:
            return
        if game.status != FORMING:
            ctx.transcript.refused(
                echo,
                f"game {game.name} is {game.status}: only games that have not started take JOINs",
            )
            return
        if _member(ctx, game, account.id):
            ctx.transcript.refused(echo, f"{account.address} has already joined game {game.name}")
            return
        problem = password_problem(words[1])
        if problem is not None:
            ctx.transcript.refused(echo, problem)
            return
        powers = game_powers(game)
        wanted = []
        for word in words[2:]:
            power = find_power(powers, word)
            if power is None:
                names = ", ".join(p.name for p in powers)
                ctx.transcript.refused(
                    echo, f"game {game.name} has no power {word!r} (it has {names})"
                )
                return
            if power not in wanted:
                wanted.append(power)
        seats = seats_of(game)
        taken = _count(ctx, game)
        if taken >= seats:
            ctx.transcript.refused(echo, f"game {game.name} is full")
            return
        ctx.session.add(
            Applicant(
                game_id=game.id,
                account_id=account.id,
                password_hash=hash_password(words[1]),
                preferences=",".join(p.code for p in wanted),
                joined_at=ctx.now,
            )
        )
        ctx.session.flush()
        liking = f" (preferences: {', '.join(p.name for p in wanted)})" if wanted else ""
        free = seats - taken - 1
        if free > 0:
            places = "1 place is" if free == 1 else f"{free} places are"
            ctx.transcript.ok(
                echo,
                f"You have joined game {game.name}{liking}. {places.capitalize()} still free; "
                "the game starts when it is full.",
            )
            return
        start_game(ctx.session, judge_sender(ctx), game, ctx.now)
        ctx.transcript.ok(
            echo,
            f"You have joined game {game.name}{liking}. The game is full and starts now: "
            "your power, the players and the first deadline come in a separate mail.",
        )
