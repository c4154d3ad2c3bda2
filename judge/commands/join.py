"""JOIN: apply for a place in a game that has not started.

JOIN needs an account made with REGISTER (the judge shows deadlines in its time
zone and mails the player at its address).  The password becomes the power's
password for SIGNON.  Powers listed after it are preferences, best first.  When
the game has as many applicants as seats, it starts at once (judge.game.start).
"""

from __future__ import annotations

from sqlmodel import func, select

from judge.commands.base import Command, Context, Statement, game_password_masked
from judge.commands.gm_common import judge_sender
from judge.commands.gm_create import NAME
from judge.commands.player_state import game_named, registered_account
from judge.commands.registry import register
from judge.game.empires import (
    EMPIRE_KEYWORD,
    EMPIRE_SYNTAX,
    empire_problems,
    game_empires,
    parse_empire,
    set_game_empires,
)
from judge.game.games import PowerInfo, find_game, find_power, game_powers, game_variant
from judge.game.records import entry_refusal
from judge.game.start import seats_of, start_game
from judge.rules.registry import ruleset_for_game
from judge.store.models import FORMING, Applicant, Game, Player
from judge.store.passwords import hash_password, password_problem
from judge.variant.empires import Empire


def _count(ctx: Context, game: Game) -> int:
    query = select(func.count()).select_from(Applicant).where(Applicant.game_id == game.id)
    return int(ctx.session.exec(query).one())


def _member(ctx: Context, game: Game, account_id: int) -> bool:
    for table in (Applicant, Player):
        query = select(table).where(table.game_id == game.id, table.account_id == account_id)
        if ctx.session.exec(query).first() is not None:
            return True
    return False


def _power_named(game: Game, powers: list[PowerInfo], word: str) -> PowerInfo | None:
    """The power a word names: by code, name, adjective or initial, else by one of
    the variant's aliases (Root Z's ``E1``)."""
    found = find_power(powers, word)
    if found is not None:
        return found
    code = game_variant(game).lookup_power(word)
    return next((p for p in powers if p.code == code), None)


def _powers_written(
    game: Game, powers: list[PowerInfo], words: list[str]
) -> list[tuple[PowerInfo | None, str]]:
    """The powers a preference list's words name, each with its words; a name of two
    words is read whole (Root Z's ``England 1``, as a player writes it)."""
    found: list[tuple[PowerInfo | None, str]] = []
    index = 0
    while index < len(words):
        pair = " ".join(words[index : index + 2])
        power = _power_named(game, powers, pair) if index + 1 < len(words) else None
        if power is not None:
            found.append((power, pair))
            index += 2
            continue
        found.append((_power_named(game, powers, words[index]), words[index]))
        index += 1
    return found


@register
class Join(Command):
    """Join a game that is forming."""

    rank = 44
    keyword = "JOIN"
    aliases = ("SIGNUP", "SIGN UP")
    syntax = (
        "JOIN <game> <password> [<power> ...] [; <power> ...]"
        f" | JOIN <game> <password> {EMPIRE_SYNTAX}"
    )
    help = (
        "Asks for a place in a game that has not started. Register first (REGISTER).\n"
        "The password is the one you will SIGNON with. Powers after it are your\n"
        "preferences, best first (e.g. JOIN game2 secret France Italy). When the\n"
        "game is full it starts: each player in turn of joining gets their best\n"
        "preference still free, the others get the remaining powers at random.\n"
        "Root Z (two powers a player): give one list per sea zone, separated by ';'\n"
        "(JOIN game2 secret E1,G1,F1,T2,A2,R1,I2; T1,A1,G2,F2,E2,I1,R2); at the\n"
        "start the players are taken in an order drawn at random, each getting the\n"
        "free allowed pair their lists rank best.\n"
        "Outer Space: name your galactic empire, its adjective and its initial\n"
        "(JOIN space1 secret EMPIRE Alpha Alphan A; EMPIRE may be left out).\n"
        "Each is one word; none may be another empire's name, adjective or\n"
        "initial, a province's name or a word of orders. Orders and reports use them."
    )

    # "JION beta secret" was passed over as a greeting, its password quoted back
    misspelt_too = True
    not_slips = frozenset({"JOINT", "JOINS", "JON"})

    @classmethod
    def claims_misspelt(cls, args: str) -> bool:
        """A slip in JOIN before a game's name and a password (and preferences)."""
        words = args.split()
        return len(words) >= 2 and NAME.match(words[0].lower()) is not None

    def echo(self, stmt: Statement) -> str:
        return game_password_masked("JOIN", stmt.args, keep_after=True)

    def run(self, ctx: Context, stmt: Statement) -> None:
        echo = self.echo(stmt)
        head, *more = stmt.args.split(";")
        words = head.replace(",", " ").split()
        later = [part.replace(",", " ").split() for part in more]
        if len(words) < 2:
            if len(words) == 1 and find_game(ctx.session, words[0]) is not None:
                echo = f"JOIN {words[0]}"  # a game of this judge: no password
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
        game = game_named(ctx, echo, words[0], private_too=True)
        if game is None:
            return
        if game.status != FORMING:
            ctx.transcript.refused(
                echo,
                f"game {game.name} is {game.status}: only games that have not started take "
                "JOINs (LIST shows the games, those still forming among them)",
            )
            return
        if _member(ctx, game, account.id):
            ctx.transcript.refused(echo, f"{account.address} has already joined game {game.name}")
            return
        refusal = entry_refusal(ctx.session, game, account)
        if refusal is not None:
            ctx.transcript.refused(echo, refusal)
            return
        problem = password_problem(words[1])
        if problem is not None:
            ctx.transcript.refused(echo, problem)
            return
        rules = ruleset_for_game(game)
        empire: Empire | None = None
        if rules.players_name_powers:
            empire = self._empire(ctx, echo, game, words[2:], later)
            if empire is None:
                return
        powers = [] if empire is not None else game_powers(game)
        lists: list[list[PowerInfo]] = []
        for part in [] if empire is not None else [words[2:], *later]:
            mine = []
            for power, word in _powers_written(game, powers, part):
                if power is None:
                    names = ", ".join(p.name for p in powers)
                    ctx.transcript.refused(
                        echo, f"game {game.name} has no power {word!r} (it has {names})"
                    )
                    return
                if power not in mine:
                    mine.append(power)
            lists.append(mine)
        problem = rules.preference_problem(game.variant, [[p.code for p in m] for m in lists])
        if problem is not None:
            ctx.transcript.refused(echo, problem)
            return
        wanted = [p for mine in lists for p in mine]
        seats = seats_of(game)
        taken = _count(ctx, game)
        if taken >= seats:
            ctx.transcript.refused(echo, f"game {game.name} is full")
            return
        preferences = ";".join(",".join(p.code for p in mine) for mine in lists)
        if empire is not None:
            preferences = empire.code  # the start gives each player their own empire
            set_game_empires(game, [*game_empires(game), empire])
            ctx.session.add(game)
        ctx.session.add(
            Applicant(
                game_id=game.id,
                account_id=account.id,
                password_hash=hash_password(words[1]),
                preferences=preferences,
                joined_at=ctx.now,
            )
        )
        ctx.session.flush()
        said = "; ".join(", ".join(p.name for p in mine) for mine in lists if mine)
        liking = f" (preferences: {said})" if wanted else ""
        if empire is not None:
            liking = f" as the empire {empire.name} ({empire.adjective}, {empire.initial})"
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

    def _empire(
        self, ctx: Context, echo: str, game: Game, words: list[str], later: list[list[str]]
    ) -> Empire | None:
        """The empire a JOIN of an Outer Space game names, checked against the
        game's other empires and the map; None (and the refusal said) when it cannot.
        The word EMPIRE may be left out before the three words."""
        if words and words[0].upper() == EMPIRE_KEYWORD:
            words = words[1:]
        elif len(words) != 3:
            words = []
        if later or not words:
            ctx.transcript.refused(
                echo,
                f"in game {game.name} each player names an empire: "
                f"JOIN {game.name} <password> {EMPIRE_SYNTAX} (e.g. EMPIRE Alpha Alphan A)",
            )
            return None
        try:
            empire = parse_empire(words)
        except ValueError as exc:
            ctx.transcript.refused(echo, str(exc))
            return None
        problems = empire_problems(empire, game_empires(game), game_variant(game).lookup_province)
        if problems:
            ctx.transcript.refused(
                echo, f"choose another empire: {'; '.join(problems)} (game {game.name})"
            )
            return None
        return empire
