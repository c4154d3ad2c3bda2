"""SIGNON: act for one power in one game for the rest of the mail."""

from __future__ import annotations

import re

from sqlalchemy import bindparam
from sqlmodel import select

from judge.commands.base import (
    COMMAND,
    HIDDEN,
    Command,
    Context,
    Statement,
    game_password_masked,
    masked,
)
from judge.commands.join import Join
from judge.commands.observe import Observe, observes, start_observing
from judge.commands.paired import (
    held_seats,
    names_players,
    partners_of,
    playing_seats,
    seats_name,
)
from judge.commands.password_guard import (
    Counter,
    address_counter,
    count_failure,
    locked_reason,
    tell_owner,
)
from judge.commands.password_reset import code_signs_on
from judge.commands.player_state import closest_game, split_target, target_word
from judge.commands.registry import register
from judge.commands.slips import command_inside
from judge.commands.takeover import take_over
from judge.commands.trailing import IGNORED_SIGN_OFF
from judge.game.abandoned import abandoned_powers, is_abandoned
from judge.game.games import (
    PowerInfo,
    find_game,
    find_power,
    game_powers,
    game_variant,
    player_address,
    power_name,
    shown_phase,
)
from judge.reports.notices import signon_line
from judge.rules.registry import ruleset_for_game
from judge.store.limits import failure_key
from judge.store.models import FORMING, PLAYING, Account, Game, Player
from judge.store.passwords import PLACEHOLDER_ADVICE, bracketed, verify_password

# The seat a SIGNON names (built once, with the key of its compiled form).
_PLAYER = select(Player).where(
    Player.game_id == bindparam("game_id"), Player.power == bindparam("power")
)


# One word that glues the password to the power and game with a separator.
_GLUED = re.compile(r"^([^:,;/=]+[:,;/=])(.+)$")


@register
class SignOn(Command):
    """Sign on to a power in a game with its password."""

    rank = 20

    keyword = "SIGNON"
    colon_after = True
    misspelt_too = True
    syntax = "SIGNON <power initial><game> <password>   or   SIGNON <power>@<game> <password>"
    help = (
        "Sign on as a power in a game: e.g. SIGNON Fgame1 secret, or\n"
        "SIGNON france@game1 secret. Only one SIGNON per mail succeeds (a mistyped\n"
        "one may be tried again on a later line; after a second one, for another\n"
        "game or power, nothing is read). After it, every line that is not\n"
        "a command is an order for that power. The password is never shown in\n"
        "replies; passwords are case-sensitive. Where you hold two powers (Root Z's\n"
        "seven-player game), one SIGNON with either power (SIGNON france1@game1\n"
        "secret) or with the game alone (SIGNON game1 secret) signs you on for both,\n"
        "and each order goes to the power whose unit it names.\n"
        "njudge's forms: SIGNON ?<game> <password> joins a game that has not\n"
        "started (as JOIN), SIGNON O<game> <password> observes it (as OBSERVE)."
    )

    def echo(self, stmt: Statement) -> str:
        words = stmt.args.split()
        glued = _GLUED.match(words[0]) if len(words) == 1 else None
        if glued:  # SIGNON Fgame1:secret, one word: the password after the separator
            return f"SIGNON {glued.group(1)}{HIDDEN}"
        return game_password_masked("SIGNON", stmt.args)

    def run(self, ctx: Context, stmt: Statement) -> None:
        echo = self.echo(stmt)
        if ctx.signed_on:
            _second_signon(ctx, stmt, echo)
            return
        if _njudge_entry(ctx, stmt, echo):
            return
        ctx.signon_attempted = True
        words = _spaced_target(ctx, stmt.args.split())
        if len(words) != 2:
            ctx.transcript.refused(echo, f"expected: {self.syntax}")
            return
        found = _named_seat(ctx, words[0])
        if isinstance(found, str):
            ctx.transcript.refused(echo, found)
            return
        game, power = found
        if game.status == FORMING:
            ctx.transcript.refused(
                echo,
                f"game {game.name} has not started yet: powers are given out when it starts, "
                "and orders are taken from then on",
            )
            return
        params = {"game_id": game.id, "power": power.code}
        player = ctx.session.exec(_PLAYER, params=params).first()  # type: ignore[call-overload]
        owner = player_address(ctx.session, player) if player is not None else ""
        if (
            player is not None
            and is_abandoned(game, player)
            and owner.lower() != ctx.sender.lower()
        ):
            take_over(ctx, echo, game, power, player, words[1])  # njudge: a takeover
            return
        what = f"for {power.name} in game {game.name}"
        counters = [address_counter(ctx)]
        power_count = Counter(failure_key("power", game.id, power.code), what)
        if owner.lower() != ctx.sender.lower():  # its owner is not held back by others
            counters.append(power_count)
        locked = locked_reason(ctx, counters)
        if locked is not None:
            ctx.transcript.refused(echo, locked)
            return
        signed = player is not None and verify_password(player.password_hash, words[1])
        by_code = player is not None and not signed and code_signs_on(player, words[1], ctx.now)
        if not (signed or by_code):
            if power_count in count_failure(ctx, counters):
                subject = f"{ctx.judge_code}:{game.name} - wrong passwords for {power.name}"
                tell_owner(ctx, owner, power_count, subject)
            # One answer for both, so passwords cannot be probed power by power.
            ctx.transcript.refused(echo, f"wrong password {what}{password_hint(words[1])}")
            return
        if player.status != PLAYING:
            back = (
                f"only its game master can give it back to you (REPLACE; SUMMARY {game.name} "
                "names the master)"
                if game.master_address
                else "the game has no master who could give it back to you"
            )
            ctx.transcript.refused(
                echo,
                f"you no longer play {power.name} in game {game.name} ({player.status}): {back}",
            )
            return
        ctx.game, ctx.player = game, player
        ctx.partners = partners_of(ctx.session, game, player)
        ctx.owner_address = player_address(ctx.session, player)
        held = seats_name(game, ctx.seats) if ctx.partners else power.name
        phase = ruleset_for_game(game).turn_label(shown_phase(game))
        by_code_note = (
            " You signed on with the one-time code mailed to you: write SET PASSWORD "
            "<new password> now (the code stops working then, or when its hours run out)."
            if by_code
            else ""
        )
        ctx.transcript.ok(
            echo,
            f"Signed on as {held} in game {game.name} ({phase}, {game.status}).{by_code_note}",
        )


@register
class Hello(Command):
    """njudge's other words for SIGNON (``HELLO``, ``LOGIN``: ``mail.c``) and a web
    site's (``SIGN IN``, ``LOG ON``: refused as no command, the password quoted
    back), a sign-on only when the words after it name a game here: "Hello", "Hello
    all" and "Hello Bob" open many mails, and as sign-ons they were refused with an
    error flag."""

    rank = 21
    keyword = "HELLO"
    aliases = ("LOGIN", "SIGN IN", "LOG ON")
    syntax = "HELLO <power initial><game> <password>   (as SIGNON)"
    help = "njudge's other words for SIGNON; a greeting when no game of this judge follows."

    def echo(self, stmt: Statement) -> str:
        return masked(stmt.text.split()[0], stmt.args, 1)  # "Hello all" as written

    def greets(self, ctx: Context, stmt: Statement) -> bool:
        return ctx.signed_on or not _names_a_game(ctx, stmt.args.split())

    def run(self, ctx: Context, stmt: Statement) -> None:
        if not self.greets(ctx, stmt):
            SignOn().run(ctx, stmt)
        elif inside := command_inside(stmt.text):
            ctx.transcript.refused(*inside)  # "Hello judge! SIGNON Fgame1 secret"
        else:
            ctx.transcript.info(self.echo(stmt), IGNORED_SIGN_OFF)


@register
class TakeOver(Hello):
    """DPjudge's ``TAKEOVER <initial><game> <password>`` (also ``<power>@<game>``):
    a SIGNON, which takes over an abandoned power.  It was passed over as a greeting
    and its password quoted back; unlike HELLO it is never a greeting."""

    rank = 22
    keyword = "TAKEOVER"
    aliases = ()
    syntax = "TAKEOVER <power initial><game> <password>   (as SIGNON)"
    help = "DPjudge's word for SIGNON: takes over an abandoned power (or signs on)."

    def greets(self, ctx: Context, stmt: Statement) -> bool:
        return False


def _names_a_game(ctx: Context, words: list[str]) -> bool:
    """Whether a sign-on's words (a target and a password) name a game of this judge."""
    words = _spaced_target(ctx, words)
    if len(words) != 2 or len(words[0]) < 2:
        return False
    target = split_target(words[0])
    names = {words[0], words[0][1:], target[1] if target else ""}
    return any(name and find_game(ctx.session, name) is not None for name in names)


def _spaced_target(ctx: Context, words: list[str]) -> list[str]:
    """``F game1 secret`` and ``France game1 secret`` (the power and the game apart)
    as ``F@game1 secret``, when that game has that power; ``Fgame1, secret`` as
    ``Fgame1 secret``; other words as they are (and so refused, without naming any of
    them: one may be a password)."""
    if words:
        words = [target_word(words[0]), *words[1:]]
    if len(words) == 3:
        name = target_word(words[1])
        game = find_game(ctx.session, name)
        if game is not None and find_power(game_powers(game), words[0]) is not None:
            return [f"{words[0]}@{name}", words[2]]
    return words


def _second_signon(ctx: Context, stmt: Statement, echo: str) -> None:
    """A SIGNON after the mail's signed-on one: the same again is passed over; one for
    another game or power is refused, and the lines after it, which were written for
    that game or power, are not read (one mail signs on once)."""
    assert ctx.game is not None and ctx.player is not None
    words = _spaced_target(ctx, stmt.args.split())
    found = _named_seat(ctx, words[0]) if words else ""
    game, power = (None, None) if isinstance(found, str) else found
    if game == ctx.game and power is not None and power.code in {s.power for s in ctx.seats}:
        # the same again, or a Root Z player's other power, for which the first counts
        ctx.transcript.info(echo, "already signed on: the orders below are read as before")
        return
    ctx.unread_reason = (
        "not read: it follows a second SIGNON, and one mail signs on once; send the "
        "orders of each game or power in a mail of its own"
    )
    ctx.transcript.refused(
        echo,
        f"only one SIGNON is read in a mail (you are signed on as "
        f"{power_name(ctx.game, ctx.player.power)} in game {ctx.game.name}): the rest of "
        "the mail is not read",
    )


def _named_seat(ctx: Context, token: str) -> tuple[Game, PowerInfo] | str:
    """The game and power a SIGNON's target names (a Root Z player's game alone, a
    power and a game), or the refusal saying why it names none."""
    found = _whole_player(ctx, token)
    if found is not None:
        return found
    target = split_target(token)
    if target is None:
        return f"expected: {SignOn.syntax}"
    power_text, game_name = target
    game = find_game(ctx.session, game_name)
    if game is None:
        return _no_game(ctx, token, game_name)
    power = find_power(game_powers(game), power_text)
    return (game, power) if power is not None else _no_power(game, power_text)


def _whole_player(ctx: Context, token: str) -> tuple[Game, PowerInfo] | None:
    """``SIGNON <game> <password>`` in a started game whose position names its
    players (Root Z's seven-player game), from one of them: the game and the first
    of the sender's powers, which signs them on for all of them (a player left with
    one power by a REPLACE signs on for that one); None otherwise (the token is
    read as a power and a game)."""
    game = find_game(ctx.session, token)
    if game is None or game.status == FORMING or not names_players(game):
        return None
    account = (
        ctx.account
        or ctx.session.exec(select(Account).where(Account.address == ctx.sender.lower())).first()
    )
    account_id = account.id if account is not None else None
    seats = held_seats(ctx.session, game, account_id)
    if not seats:
        alone = playing_seats(ctx.session, game, account_id)
        seats = alone if len(alone) == 1 else []
    if not seats:
        return None
    power = find_power(game_powers(game), seats[0].power)
    return None if power is None else (game, power)


def _no_game(ctx: Context, token: str, game_name: str) -> str:
    """The refusal of a target naming no game, with the forms a game of that whole
    name is signed on with."""
    why = f"there is no game called {game_name!r}"
    game = find_game(ctx.session, token)
    if game is None:
        return why + closest_game(ctx, game_name)  # "SIGNON Fgam1": did you mean game1?
    powers = game_powers(game)
    if not powers:
        return why
    example = f"{signon_line(powers[0].code, game.name, game_variant(game))} for {powers[0].name}"
    if names_players(game):
        return (
            f"{why}; to sign on in game {game.name}, write SIGNON {game.name} <password> "
            f"from the address you play it from, or name your power (as {example})"
        )
    return f"{why}; to sign on in game {game.name}, name your power, as {example}"


def _no_power(game: Game, text: str) -> str:
    """The refusal of a power the game does not have, with the targets of the
    powers an initial shared by several of them may mean."""
    why = f"game {game.name} has no power {text!r}"
    powers = game_powers(game)
    shared = [p for p in powers if len(text) == 1 and p.initial.lower() == text.lower()]
    if len(shared) < 2:
        return why
    targets = " or ".join(f"SIGNON {p.code}@{game.name} <password>" for p in shared)
    names = " and ".join(p.name for p in shared)
    hint = f"{why}: {text!r} is the initial of {names}; name the power in full ({targets})"
    if names_players(game):
        hint += f", or sign on for all your powers with SIGNON {game.name} <password>"
    return hint


class _JoinBySignOn(Join):
    """JOIN as njudge's ``SIGNON ?<game> <password>``: quoted as the SIGNON line."""

    def echo(self, stmt: Statement) -> str:
        return stmt.text


def _njudge_entry(ctx: Context, stmt: Statement, echo: str) -> bool:
    """njudge's ``SIGNON ?<game> <password>`` (enter a game that has not started: a
    JOIN), ``SIGNON O<game> <password>`` (observe it, where the game has no power
    of initial O) and the master's ``SIGNON M<game>`` (refused with GAME <game>);
    True when the line was one of them and has been answered."""
    words = stmt.args.split()
    if len(words) == 3 and words[0] == "?":  # SIGNON ? beta secret
        words = ["?" + words[1], words[2]]
    if words[:1] == ["?"]:  # njudge's SIGNON ? <password>: the next forming game
        ctx.transcript.refused(echo, "name the game: SIGNON ?<game> <password>")
        return True
    if len(words) != 2 or len(words[0]) < 2:
        return False
    mark, name = words[0][0], words[0][1:]
    game = find_game(ctx.session, name)
    if mark == "?":
        if game is not None and game.status != FORMING:
            _take_first_abandoned(ctx, echo, game, words[1])
        else:
            args = f"{name} {words[1]}"
            _JoinBySignOn().run(ctx, Statement(stmt.line_no, echo, COMMAND, Join, args))
        return True
    if mark.upper() == "M" and game is not None and find_power(game_powers(game), "M") is None:
        ctx.transcript.refused(echo, _master_signon(game))
        return True
    if mark.upper() == "O" and game is not None and find_power(game_powers(game), "O") is None:
        if observes(ctx, game):  # njudge: an observer signs on (for observers' press)
            ctx.transcript.ok(echo, f"Signed on as an observer of game {game.name}.")
        else:
            start_observing(ctx, Statement(stmt.line_no, echo, COMMAND, Observe, name))
        ctx.observer_game = game if observes(ctx, game) else None
        return True
    return False


def _master_signon(game: Game) -> str:
    """The refusal of njudge's master sign-on, ``SIGNON M<game> <password>``."""
    return (
        f"njudge's master sign-on SIGNON M<game> is not used here: the game's master "
        f"writes GAME {game.name} in a mail signed with their registered key (no password)"
    )


def _take_first_abandoned(ctx: Context, echo: str, game: Game, password: str) -> None:
    """njudge's ``SIGNON ?<game> <password>`` on a started game: take over its first
    abandoned power (ml_signon.c)."""
    codes = abandoned_powers(ctx.session, game)
    if not codes:
        ctx.transcript.refused(echo, f"no abandoned powers in game {game.name} for takeover")
        return
    power = find_power(game_powers(game), codes[0])
    params = {"game_id": game.id, "power": codes[0]}
    player = ctx.session.exec(_PLAYER, params=params).first()  # type: ignore[call-overload]
    assert power is not None and player is not None
    ctx.signon_attempted = True
    take_over(ctx, echo, game, power, player, password)


def password_hint(word: str) -> str:
    """What a newcomer may have got wrong in a refused password, without showing it:
    the start mail's ``<password>`` copied as it stands, brackets kept around one,
    or a full stop after it."""
    if word.lower() == "<password>":
        return f": {PLACEHOLDER_ADVICE}"
    if bracketed(word):
        return ": leave out the < > around your password"
    if word[-1] in ".,;!":
        return f": the '{word[-1]}' at its end is read as part of the password"
    return ""
