"""CREATE and GAME: the game master makes a new game, or picks the game the
following lines of the mail steer."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from sqlmodel import Session

from judge.clock.timing import TimingError, TimingRules, parse_timing
from judge.commands.base import Command, Context, Statement
from judge.commands.gm_common import end_become, master_of
from judge.commands.registry import register
from judge.game.clock import set_game_timing
from judge.game.empires import EMPIRE_SYNTAX
from judge.game.games import find_game, phase_label
from judge.game.processing import set_game_position, starting_document
from judge.game.start import seats_of
from judge.rules.registry import game_rules, rules_settings, ruleset_for, ruleset_for_game
from judge.store.models import FORMING, PRESS_MODES, STANDARD_RULES, Game
from judge.variant.data import available_variants, load_variant

NAME = re.compile(r"^[a-z0-9]{1,20}$")
_OPTION_WORDS = ("VARIANT", "RULES", "PLAYERS", "PRESS", "ANONYMOUS", "DEADLINE", "TIMING")


@dataclass
class GameOptions:
    """The settings a CREATE line asks for."""

    name: str
    variant: str = "standard"
    rules: str = STANDARD_RULES
    adjacency: str = ""
    seats: int = 0
    press_mode: str = "white/grey"
    anonymous: bool = False
    timing: TimingRules | None = None  # None: the defaults of judge.clock.timing


def parse_press_mode(text: str) -> str | None:
    """A press mode of :data:`PRESS_MODES` from what the master typed (gray = grey)."""
    mode = text.strip().lower().replace("gray", "grey")
    return mode if mode in PRESS_MODES else None


def njudge_create(words: list[str]) -> str:
    """The refusal of njudge's ``CREATE ?<name> <password> [<variant>]`` (its data/master),
    with this judge's form: no password, the variant after VARIANT."""
    variant = f" VARIANT {words[2].lower()}" if len(words) > 2 else ""
    return (
        f"njudge's CREATE ?<name> <password> [<variant>] is written here "
        f"CREATE {words[0][1:].lower() or '<name>'}{variant} (no password: your signature says who "
        "you are, and you are the game's master)"
    )


def parse_create(args: str) -> GameOptions:
    """Read ``<name> [VARIANT v] [RULES ...] [PLAYERS n] [PRESS mode] [ANONYMOUS]
    [DEADLINE <timing rule to the end of the line>]``; ValueError with a message for
    the master on anything else."""
    words = args.split()
    if len(words) >= 2 and words[0].upper() == "GAME" and words[1].upper() not in _OPTION_WORDS:
        words = words[1:]  # CREATE GAME alpha ... reads as CREATE alpha ...
    if not words:
        raise ValueError("give the new game's name: CREATE <name>")
    name = words[0].lower()
    if name.startswith("?"):
        raise ValueError(njudge_create(words))
    if not NAME.match(name):
        raise ValueError(f"{words[0]!r} cannot be a game name: use 1 to 20 letters and digits")
    options = GameOptions(name)
    rest = [w.upper() for w in words[1:]]
    i = 0

    def value(keyword: str) -> str:
        nonlocal i
        if i + 1 >= len(rest):
            raise ValueError(f"{keyword} needs a value")
        i += 2
        return words[i]  # the word as typed (words is one longer than rest)

    while i < len(rest):
        word = rest[i]
        if word == "VARIANT":
            options.variant = value(word).lower()
        elif word == "RULES":
            kind = value(word).lower()
            names = game_rules()
            if kind not in names:
                raise ValueError(f"RULES is {' or '.join(n.upper() for n in names)}")
            options.rules = kind
            settings = rules_settings(kind)
            if settings:  # RULES MULTIVERSE [STRICT|LOOSE|5DPLOMACY]
                options.adjacency = settings[0]
                if i < len(rest) and rest[i].lower() in settings:
                    options.adjacency = rest[i].lower()
                    i += 1
        elif word == "PLAYERS":
            typed = value(word)
            if not typed.isdigit() or int(typed) < 1:
                raise ValueError(f"PLAYERS needs a number of players, not {typed!r}")
            options.seats = int(typed)
        elif word == "PRESS":
            typed = value(word)
            mode = parse_press_mode(typed)
            if mode is None:
                raise ValueError(f"press {typed!r} is not one of {', '.join(PRESS_MODES)}")
            options.press_mode = mode
        elif word == "ANONYMOUS":
            options.anonymous = True
            i += 1
        elif word in ("DEADLINE", "TIMING"):
            # The rest of the line is a timing rule, as after SET DEADLINE.
            try:
                options.timing = parse_timing(" ".join(words[i + 2 :]))
            except TimingError as exc:
                raise ValueError(str(exc)) from exc
            break
        else:
            raise ValueError(f"{words[i + 1]!r} is not understood (see HELP CREATE)")
    return options


def check_options(options: GameOptions) -> None:
    """Refuse (ValueError) a variant that does not exist or too many players."""
    variants = available_variants()
    if options.variant not in variants:
        raise ValueError(
            f"there is no variant {options.variant!r} (this judge has {', '.join(variants)})"
        )
    rules = ruleset_for(options.variant)  # the map's rules, which say what they allow
    problem = rules.game_problem(options.variant, options.rules, options.seats)
    if problem is not None:
        raise ValueError(problem)


def new_game(session: Session, options: GameOptions, master: str, seed: int) -> Game:
    """Store a forming game with those settings, mastered by ``master``; flushes."""
    doc = starting_document(options.variant, options.rules, options.adjacency, seed)
    game = Game(
        name=options.name,
        variant=options.variant,
        phase="",
        position="{}",
        status=FORMING,
        press_mode=options.press_mode,
        rules=options.rules,
        adjacency=options.adjacency,
        anonymous=options.anonymous,
        seats=options.seats,
        master_address=master.strip().lower(),
        seed=seed,
    )
    set_game_position(game, doc)
    if options.timing is not None:
        set_game_timing(game, options.timing)
    session.add(game)
    session.flush()
    return game


def describe_game(game: Game) -> str:
    """One sentence with a game's settings, for replies."""
    rules = ruleset_for_game(game).rules_title(load_variant(game.variant), game.adjacency)
    seats = seats_of(game)
    extra = ", anonymous" if game.anonymous else ""
    return f"variant {game.variant}, {rules} rules, {seats} players, press {game.press_mode}{extra}"


@register
class CreateCommand(Command):
    """Create a forming game mastered by the sender."""

    rank = 200
    needs_signature = True
    keyword = "CREATE"
    syntax = (
        "CREATE <name> [VARIANT <variant>] [RULES STANDARD | RULES MULTIVERSE"
        " [STRICT|LOOSE|5DPLOMACY]]"
        " [PLAYERS <n>] [PRESS <mode>] [ANONYMOUS] [DEADLINE <rules>]"
    )
    help = (
        "Game masters: create a new game, which waits for players to JOIN it. You\n"
        "are its master. Names are 1 to 20 letters and digits. Defaults: variant\n"
        "standard, standard rules, one player per power, press white/grey (modes:\n"
        "none, white, grey, white/grey, grey/white). DEADLINE, last on the line,\n"
        "takes the deadline rules of SET DEADLINE. RULES MULTIVERSE plays the\n"
        "reference 5D rules with LOOSE (default) or STRICT adjacency, or the\n"
        "5dplomacy rule set with 5DPLOMACY (5dplomacy has no builds yet: this\n"
        "judge adds its own, ordered on the Spring board after each Fall).\n"
        "The following lines of the mail act on the new game, e.g. SET TIMING\n"
        "... or START.\n"
        "Outer Space (VARIANT outerspace) has no fixed powers: give PLAYERS <n>\n"
        "(2 to 26); each player names an empire at JOIN (HELP JOIN)."
    )

    def run(self, ctx: Context, stmt: Statement) -> None:
        end_become(ctx)
        ctx.master_game = None  # a failed CREATE must not leave an older game selected
        try:
            options = parse_create(stmt.args)
            check_options(options)
        except ValueError as exc:
            ctx.transcript.refused(stmt.text, f"{exc}; no game was created")
            return
        if find_game(ctx.session, options.name) is not None:
            ctx.transcript.refused(stmt.text, f"there is already a game called {options.name}")
            return
        game = new_game(ctx.session, options, ctx.sender, secrets.randbelow(2**31))
        ctx.master_game = game
        joining = f"JOIN {game.name} <password>"
        if ruleset_for_game(game).players_name_powers:
            joining += f" {EMPIRE_SYNTAX}, naming their empire"
        ctx.transcript.ok(
            stmt.text,
            f"Game {game.name} created ({describe_game(game)}); it is forming, and the "
            f"following lines of your mail act on it. Players join it with {joining}; "
            "START starts it with whoever has joined.",
        )


@register
class GameCommand(Command):
    """Select the game the following game-master lines steer."""

    rank = 201
    needs_signature = True
    keyword = "GAME"
    syntax = "GAME <name>"
    help = (
        "Game masters: the following lines of the mail act on this game (you must\nbe its master)."
    )

    def run(self, ctx: Context, stmt: Statement) -> None:
        end_become(ctx)
        ctx.master_game = None  # a failed GAME must not leave an older game selected
        words = stmt.args.split()
        if len(words) != 1:
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        game = find_game(ctx.session, words[0])
        if game is None:
            ctx.transcript.refused(stmt.text, f"there is no game called {words[0]!r}")
            return
        if not master_of(game, ctx.sender):
            ctx.transcript.refused(stmt.text, f"you are not the master of game {game.name}")
            return
        ctx.master_game = game
        state = f"{game.status}, {phase_label(game)}"
        ctx.transcript.ok(stmt.text, f"Game {game.name} selected ({state}).")
