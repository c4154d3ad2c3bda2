"""The pieces every command shares: the parsed statement, the run context and the
command base class.

A command is a small class with a keyword, a syntax line, a help text and a
``run`` method.  Commands never send their own reply: they write what happened into
the context's :class:`~judge.commands.transcript.Transcript`, from which the one reply
to the mail is built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from email.message import EmailMessage
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from judge.commands.transcript import Transcript
from judge.config import LimitsSection
from judge.rules.registry import ruleset_for_game

if TYPE_CHECKING:
    from sqlmodel import Session

    from judge.orders.keys import OrderKey
    from judge.rules.base import Ruleset
    from judge.store.models import Account, Game, Player


# Shown in replies instead of a password.
HIDDEN = "********"


def masked(keyword: str, args: str, before: int, *, keep_after: bool = False) -> str:
    """A command line as quoted back with its password hidden: ``keyword``, the first
    ``before`` words of ``args``, then HIDDEN for the password (when one was given),
    then the words after it only with ``keep_after`` (so a password with spaces in it
    is never quoted)."""
    words = args.split()
    hidden = [HIDDEN] if len(words) > before else []
    after = words[before + 1 :] if keep_after else []
    return " ".join([keyword, *words[:before], *hidden, *after])


def game_password_masked(keyword: str, args: str, *, keep_after: bool = False) -> str:
    """A ``<keyword> <game> <password> ...`` line (SIGNON, RESIGN, JOIN) quoted back
    with its password hidden.  A lone word is hidden too: it may be the password
    alone (a second SIGNON in a mail, RESIGN after a SIGNON, JOIN without the game)."""
    lone = len(args.split()) == 1
    return masked(keyword, args, 0 if lone else 1, keep_after=keep_after)


# Statement kinds.
COMMAND = "command"  # a line starting with a known keyword
OTHER = "other"  # any other line: an order once signed on
UNKNOWN = "unknown"  # looks like a command (e.g. "SET WAIT") but is not one we know


@dataclass
class Statement:
    """One command or order line of a mail, with the lines of its block if it has one."""

    line_no: int
    text: str
    kind: str = OTHER
    command: type[Command] | None = None
    args: str = ""
    block: list[str] = field(default_factory=list)
    closed: bool = True  # False when a block ran to the end of the mail unclosed
    # The line as written when its command was read without a list mark or a final
    # full stop ("- Help me", "Clear."), else "": in a reply to press, a message's line.
    loosely: str = ""
    cut: int = 0  # characters of the line past the judge's limit of a line, not read


class OrderRules(Protocol):
    """What the judge needs from the order parser (judge.orders.text)."""

    def check(self, position: dict[str, Any], power: str, lines: list[str]) -> list[Any]:
        """One OrderCheck per order in ``lines``; an accepted one carries its engine
        order (``order``), from which its key and its stored data are made."""
        ...

    def unordered(
        self, position: dict[str, Any], power: str, keys: Iterable[OrderKey]
    ) -> list[str]:
        """The power's units (or owed adjustments) not covered by the orders' ``keys``."""
        ...

    def written(self, position: dict[str, Any], text: str) -> str:
        """An order's canonical wording as the game writes it to its players."""
        ...


@dataclass(frozen=True)
class RulesetOrders:
    """:class:`OrderRules` of one game: its ruleset reads and writes its orders."""

    ruleset: Ruleset

    def check(self, position: dict[str, Any], power: str, lines: list[str]) -> list[Any]:
        """The ruleset's checks of the order lines."""
        return self.ruleset.check_orders(position, power, lines)

    def unordered(
        self, position: dict[str, Any], power: str, keys: Iterable[OrderKey]
    ) -> list[str]:
        """What the power owes that no order answers, as the ruleset writes it."""
        return self.ruleset.unordered(position, power, keys)

    def written(self, position: dict[str, Any], text: str) -> str:
        """An order as the ruleset writes it to its players."""
        return self.ruleset.written(text)


@dataclass
class Acting:
    """A game master acting as a power (BECOME): the game and seat, the address of its
    player when the BECOME was read (None: nobody to tell), and the transcript entries
    of the lines that followed, from ``start`` to ``end`` (None: the end of the mail).
    The player gets a copy of them (judge.commands.inbound), even if one of them
    resigned the power."""

    game: Game
    player: Player
    address: str | None
    start: int
    end: int | None = None


@dataclass
class Context:
    """Everything a command may read or change while one mail is processed."""

    session: Session
    sender: str
    now: datetime
    judge_name: str
    judge_address: str
    send: Callable[[EmailMessage], None]
    # What reads the orders in place of the game's ruleset (a unit test's fake order
    # checker); None: the signed-on game's ruleset (see :attr:`order_rules`).
    rules: OrderRules | None = None
    account: Account | None = None
    # The judge's short code that begins the subjects of game mail (judge.toml).
    judge_code: str = "JUDGE"
    # The public address of the judge's web pages ("" = none; judge.toml [web]).
    judge_web: str = ""
    transcript: Transcript = field(default_factory=Transcript)
    game: Game | None = None
    player: Player | None = None
    # The other powers the same player holds in the game, signed on by the same
    # SIGNON (Root Z's seven-player game: two powers a player); empty otherwise.
    partners: list[Player] = field(default_factory=list)
    order_phase: str | None = None
    # The power's address of record when the SIGNON succeeded (copies go there).
    owner_address: str | None = None
    signature_verified: bool = False
    # Why a signature on this mail was not accepted as a game master's (or None).
    signature_refusal: str | None = None
    # The game the game master steers (CREATE or GAME earlier in the mail).
    master_game: Game | None = None
    # The game whose observer signed on (njudge's SIGNON O<game>): PRESS and
    # BROADCAST are then an observer's press, when the master allows it.
    observer_game: Game | None = None
    # Changes to announce to each game's people once the mail is read: game id ->
    # (game, [(line, address already told it or None)]); see judge.commands.gm_common.
    announcements: dict[int, tuple[Game, list[tuple[str, str | None]]]] = field(
        default_factory=dict
    )
    # The phase an earlier PROCESS line of this mail processed, by game id.
    processed: dict[int, str] = field(default_factory=dict)
    signon_attempted: bool = False
    orders_attempted: bool = False
    # True after a game master's BECOME: the power takes orders even when its player
    # resigned or was ejected (the master speaks for a power in civil disorder).
    became: bool = False
    # Each BECOME of this mail, in order: what the master did as each power.
    acting: list[Acting] = field(default_factory=list)
    # Waives accepted in this mail, per power: each is its own order (OrderKey.waive(1),
    # (2), ...).
    waives: dict[str, int] = field(default_factory=dict)
    # Orders of this mail for interchangeable units (an Outer Space empire's armies
    # in orbit), by power and place (the ruleset's Slots.group): each is its own
    # order (the place's slots 1, 2, ...), and a later mail's replace these one for
    # one.
    off_map: dict[tuple[str, str], int] = field(default_factory=dict)
    # The keys of the orders this mail stored: a build or removal beyond the allowance
    # says how to replace the ones an earlier mail gave (CLEAR).
    stored_keys: set[Any] = field(default_factory=set)
    # The order each unit (each key, by power) was given earlier in this mail, as the
    # reply wrote it: a later order for it says which one it replaced.
    given: dict[tuple[str, Any], str] = field(default_factory=dict)
    # When the judge received the mail (None when not known): a mail belongs to the
    # phase current at its arrival (see judge.commands.phase.moved_on_since).
    received_at: datetime | None = None
    # The judge's [limits] (registrations and wrong passwords per hour).
    limits: LimitsSection = field(default_factory=LimitsSection)
    # Why the rest of the mail is not read (a second SIGNON, for another game: what
    # follows it was meant for that game, never for the one signed on), or None.
    unread_reason: str | None = None

    @property
    def signed_on(self) -> bool:
        """True once a SIGNON in this mail succeeded."""
        return self.player is not None and self.game is not None

    @property
    def ruleset(self) -> Ruleset:
        """The signed-on game's ruleset: everything about the game's kind is asked of it."""
        assert self.game is not None
        return ruleset_for_game(self.game)

    @property
    def order_rules(self) -> OrderRules:
        """What reads and writes the signed-on game's orders: its ruleset (or the
        checker given as ``rules``)."""
        return self.rules if self.rules is not None else RulesetOrders(self.ruleset)

    @property
    def seats(self) -> list[Player]:
        """The signed-on power first, then the player's other powers in the game."""
        return [] if self.player is None else [self.player, *self.partners]


class Command:
    """Base class of every command; subclasses set the class attributes and ``run``."""

    keyword: ClassVar[str] = ""  # e.g. "SIGNON", "SET PASSWORD"; "" = not typed by keyword
    aliases: ClassVar[tuple[str, ...]] = ()
    syntax: ClassVar[str] = ""
    help: ClassVar[str] = ""
    rank: ClassVar[int] = 100  # place in the HELP listing
    needs_signon: ClassVar[bool] = False
    # Game-master commands set this: they run only when the mail carries a verified
    # OpenPGP signature of a registered key (ctx.signature_verified).
    needs_signature: ClassVar[bool] = False
    # Keywords that close the block of lines this command takes (empty: no block).
    block_ends: ClassVar[tuple[str, ...]] = ()
    # True when the line is this command only if one of ``block_ends`` follows it in
    # the mail (``IF`` ... ``ENDIF``); else it is prose ("If you go to Munich ...").
    block_needs_end: ClassVar[bool] = False
    # True for SIGNOFF: nothing after it is read.
    stops: ClassVar[bool] = False
    # True when the keyword may be written with a colon after it ("SIGNON: ..."); most
    # may not, as prose begins so ("Summary: we agreed ...").
    colon_after: ClassVar[bool] = False
    # True when a line whose keyword has one slip and one to three words after it
    # ("SINGON Fgame1 secret", "SET PASWORD x") is this command: SIGNON and SET
    # PASSWORD and JOIN, whose passwords must not be quoted back as a line not
    # understood, and PRESS TO, whose message lines must not be read as orders.
    misspelt_too: ClassVar[bool] = False
    # Words one slip from the keyword that are words of their own, never its typo
    # ("Joint attack on Munich" is no JOIN).
    not_slips: ClassVar[frozenset[str]] = frozenset()
    # A command that needs a SIGNON which a game's master may also give, without one,
    # in a signed mail after GAME <game>, and an observer after SIGNON O<game>
    # (PRESS, BROADCAST: njudge's master and observer press).
    masters_too: ClassVar[bool] = False
    # What a player writes instead of this master's command, for the refusal of an
    # unsigned mail ("players vote with SET PAUSE" for PAUSE); "" = nothing.
    players_instead: ClassVar[str] = ""
    # Why a game master may not give this player's command and what they write
    # instead, for the refusal of their signed mail ("a game master has no vote:
    # ..." for SET PAUSE); "" = the refusal of any mail without a SIGNON.
    masters_instead: ClassVar[str] = ""
    # True when the command's words may hold commas (timing rules "REMIND 24h,1h", a
    # password): a SET line with commas is then never split into several settings
    # (judge.commands.parser: njudge's "SET GREY, PARTIAL FAKES BROADCAST").
    commas_in_args: ClassVar[bool] = False

    @classmethod
    def claims(cls, args: str) -> bool:
        """Whether a line starting with this command's keyword and going on with
        ``args`` is this command; a command whose keyword is also an everyday word
        (GET, as in a phone's "Get Outlook for Android") answers False for prose."""
        return True

    @classmethod
    def claims_misspelt(cls, args: str) -> bool:
        """Whether a line whose keyword has one slip (``misspelt_too``) and goes on
        with ``args`` is this command: by default one to three words it claims."""
        return 1 <= len(args.split()) <= 3 and cls.claims(args)

    @classmethod
    def block_to_the_end(cls, args: str) -> bool:
        """Whether the command, written with ``args`` and no end line below it, takes
        the rest of the mail as its block (njudge's ``PRESS TO G`` ... to the end);
        else it takes no block, and the lines below it are read as usual."""
        return True

    def greets(self, ctx: Context, stmt: Statement) -> bool:
        """Whether this line is, in this mail, a greeting rather than the command
        (HELLO with no game after it: "Hello all")."""
        return False

    def echo(self, stmt: Statement) -> str:
        """The line as quoted back in the reply (subclasses hide passwords)."""
        return stmt.text

    def run(self, ctx: Context, stmt: Statement) -> None:
        """Carry out the command, recording the outcome in ``ctx.transcript``."""
        raise NotImplementedError
