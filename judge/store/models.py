"""The judge's database tables (SQLModel).

Times are stored in UTC.  SQLite forgets the zone of a stored datetime, so code that
reads a time back should pass it through :func:`as_utc`.  The mail tables
(``InboundMessage``, ``OutboxMessage``) live in :mod:`judge.store.mail`; all tables
share ``SQLModel.metadata``.
"""

from __future__ import annotations

import json
import secrets
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    ForeignKey,
    Index,
    Integer,
    Text,
    UniqueConstraint,
    event,
    inspect,
)
from sqlalchemy import false as sa_false
from sqlalchemy import true as sa_true
from sqlalchemy.orm import Session, object_session, relationship
from sqlalchemy.orm.util import identity_key
from sqlmodel import Field, Relationship, SQLModel

from judge.orders import data as order_data
from judge.orders.keys import OrderKey
from judge.store.positions import Position, json_value, memo_of, position_text

# Game statuses.
FORMING = "forming"
ACTIVE = "active"
PAUSED = "paused"
FINISHED = "finished"
GAME_STATUSES = (FORMING, ACTIVE, PAUSED, FINISHED)

# Press modes of a game, in the classic judges' spelling: which colours are allowed,
# the first one being the default.
PRESS_MODES = ("none", "white", "grey", "white/grey", "grey/white")

# Rules of a game: a classic game, or multiverse Diplomacy (docs/multiverse.md); the
# names a game may choose and their settings are the rule registry's
# (judge.rules.registry.game_rules, rules_settings).
STANDARD_RULES = "standard"
MULTIVERSE_RULES = "multiverse"

# What happens when the grace period of a deadline runs out with orders missing.
AT_GRACE_PROCESS = "process"  # missing orders default and the phase is processed
AT_GRACE_WAIT = "wait"  # the game waits for its master (PROCESS)
AT_GRACE_CHOICES = (AT_GRACE_PROCESS, AT_GRACE_WAIT)
DISORDER_DEFAULT = "2023"  # the civil disorder rule of a new game (SET CD RULE)

# Player statuses: playing, or gone (resigned or ejected; the power is in civil
# disorder until the master REPLACEs the player).
PLAYING = "playing"
RESIGNED = "resigned"
EJECTED = "ejected"
# The player missed the game's number of deadlines in a row (Game.abandon_after).
ABANDONED = "abandoned"
PLAYER_STATUSES = (PLAYING, RESIGNED, EJECTED, ABANDONED)

# Kinds of stored report (GameReport.kind).
REPORT_START = "start"
REPORT_RESULTS = "results"
REPORT_ANNOUNCEMENT = "announcement"


# A game's ``due_at`` after a change: earlier than any moment, so the deadline runner's
# next pass plans the game again (judge.game.deadlines).
REPLAN = datetime(1970, 1, 1, tzinfo=UTC)


def utcnow() -> datetime:
    """The current time in UTC (timezone-aware)."""
    return datetime.now(UTC)


def as_utc(moment: datetime | None) -> datetime | None:
    """Give a datetime read from the database its UTC zone back (SQLite drops it)."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


class Account(SQLModel, table=True):
    """A registered person, found by the address their mail comes from."""

    __tablename__ = "account"

    id: int | None = Field(default=None, primary_key=True)
    address: str = Field(max_length=320, unique=True, index=True)
    name: str = Field(default="", max_length=200)
    time_zone: str = Field(default="UTC", max_length=64)
    password_hash: str | None = Field(default=None, max_length=200)
    created_at: datetime = Field(default_factory=utcnow)


class GamePosition(SQLModel, table=True):
    """A game's current position, the JSON phase document (docs/adjudicate.md), read
    and written as ``Game.position``.

    A row of its own (migration 0015), written only when the position changes: a long
    multiverse game's position is megabytes, and SQLite rewrites a whole row at every
    update, so in the game's row every lock of the game (its version bumped) and every
    change of a setting would write it again (issue 27)."""

    __tablename__ = "game_position"

    game_id: int | None = Field(
        default=None,
        sa_column=Column(Integer, ForeignKey("game.id", ondelete="CASCADE"), primary_key=True),
    )
    position: str = Field(sa_column=Column(Text, nullable=False))


class Game(SQLModel, table=True):
    """A game: its variant, its current phase and position, status and settings."""

    __tablename__ = "game"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=64, unique=True, index=True)
    variant: str = Field(default="standard", max_length=64)
    phase: str = Field(max_length=16)
    status: str = Field(default=FORMING, max_length=16, index=True)
    press_mode: str = Field(default="white", max_length=16)
    press_partial: bool = True
    deadline: datetime | None = None
    created_at: datetime = Field(default_factory=utcnow)
    # --- games by mail (migration 0003) ---
    # "standard" or "multiverse"; for multiverse games ``adjacency`` is "loose" or "strict".
    rules: str = Field(default=STANDARD_RULES, max_length=16)
    adjacency: str = Field(default="", max_length=16)
    anonymous: bool = False
    # Number of players the game waits for before it starts (0 = one per power).
    seats: int = 0
    # TimingRules.to_dict() as JSON ("{}" = the defaults of judge.clock.timing).
    timing: str = Field(default="{}", sa_column=Column(Text, nullable=False, server_default="{}"))
    # The game master's address (lower-case); only they may steer the game.
    master_address: str = Field(default="", max_length=320)
    # Phases processed so far (the report number, "game.001").
    number: int = 0
    processed_at: datetime | None = None
    # End of the grace period of the current deadline, once the deadline has passed.
    grace_until: datetime | None = None
    at_grace: str = Field(default=AT_GRACE_PROCESS, max_length=16)
    # SET CD RULE: how the units of a power that does not order its removals are
    # chosen (judge.engine.rules.DISORDER_RULES: "2023" or "classic").
    cd_rule: str = Field(
        default=DISORDER_DEFAULT,
        max_length=16,
        sa_column_kwargs={"server_default": DISORDER_DEFAULT},
    )
    # True when grace ran out and the game waits for its master (at_grace == "wait").
    waiting_for_master: bool = False
    # Seed of the game's random choices (power assignment, multiverse removals).
    seed: int = 0
    # How the game ended, for the players ("Draw declared: ...", "Victory of France", ...).
    outcome: str = Field(default="", sa_column=Column(Text, nullable=False, server_default=""))
    # --- privacy and entry limits (migration 0010; docs/game-masters.md) ---
    # SET NOLIST: a private game, left out of LIST and the web, hidden from strangers.
    unlisted: bool = False
    # SET ALLOW PLAYER / SET DENY PLAYER: JSON lists of lower-case addresses.
    allow_players: str = Field(
        default="[]", sa_column=Column(Text, nullable=False, server_default="[]")
    )
    deny_players: str = Field(
        default="[]", sa_column=Column(Text, nullable=False, server_default="[]")
    )
    # SET DEDICATION / SET ONTIMERAT / SET RESRAT: the entry limits (None = none).
    min_dedication: int | None = None
    min_ontime: float | None = None
    max_resrat: float | None = None
    # --- migration 0006 ---
    # Bumped by every transaction that takes the game's lock (judge.game.games.lock_game).
    version: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    # --- migration 0011_game_due_at ---
    # When the deadline runner looks at the game next (judge.game.deadlines): the
    # planner's wake-up, REPLAN once the game changed, None when nothing can fall due
    # until it changes.  Kept by the runner and by :func:`_mark_changed_games`.
    due_at: datetime | None = Field(default=REPLAN, index=True)
    # --- migration 0012_takeover ---
    # SET ABANDON <n>: a player who misses n deadlines in a row abandons the power
    # (0: never; resigning and EJECT always do).
    abandon_after: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    # SET DIAS (True, the default): a draw includes every survivor; SET NODIAS:
    # players vote for draws of the powers they name (njudge's data/draws).
    dias: bool = Field(default=True, sa_column_kwargs={"server_default": sa_true()})
    # SET MINOR PRESS (True, the default) / SET NO MINOR PRESS: press between players
    # in retreat and adjustment phases (press to the master is always allowed).
    press_minor: bool = Field(default=True, sa_column_kwargs={"server_default": sa_true()})
    # SET OBSERVER PRESS: observers may send press (after SIGNON O<game>).
    observer_press: bool = Field(default=False, sa_column_kwargs={"server_default": sa_false()})
    # --- migration 0014_position_version ---
    # A fresh random number at every write of ``position`` (never reused, not even by
    # a write rolled back): the key of the parsed position kept for the game's
    # readers (position_view), so that they need not load the position's text.
    position_version: int = Field(
        default_factory=lambda: new_position_version(),
        sa_column=Column(BigInteger, nullable=False, server_default="0"),
    )
    # --- migration 0018_game_ended_in ---
    # The phase a finished game ended in: the phase processed for a victory (the
    # position stored is the next phase's), else the phase it stood in; None while it
    # runs, or when not known (a game finished before the migration: read game.phase).
    ended_in: str | None = Field(default=None, max_length=16)
    # --- migration 0021_player_votes ---
    # SET PLAYER VOTES (True, the default) / SET NO PLAYER VOTES: the players may vote
    # to pause, resume or extend the game (judge.game.votes).
    player_votes: bool = Field(default=True, sa_column_kwargs={"server_default": sa_true()})
    # The current phase's deadline was moved by a SET EXTEND vote (once per phase).
    extended: bool = Field(default=False, sa_column_kwargs={"server_default": sa_false()})
    # --- migration 0023_game_results ---
    # When a finished game ended (its end was announced, or the results that ended it
    # were out); None while it runs, or when not known.
    ended_at: datetime | None = None
    # --- migration 0015_game_position ---
    # The row holding the position (loaded when the position is read; deleted with
    # the game): read and written through ``position``.
    stored_position: GamePosition | None = Relationship(
        sa_relationship=relationship(
            GamePosition, uselist=False, cascade="all, delete-orphan", passive_deletes=True
        )
    )

    def __init__(self, *, position: str | None = None, **values: Any) -> None:
        """A game of these column values; ``position``, its text, is given as they are."""
        super().__init__(**values)
        if position is not None:
            self.position = position

    @property
    def position(self) -> str:
        """The current position as the JSON phase document (docs/adjudicate.md)."""
        if self.stored_position is None:
            raise ValueError(f"game {self.name!r} has no position")
        return self.stored_position.position

    @position.setter
    def position(self, text: str) -> None:
        """Store a new position text; every write, whoever makes it, gives the
        position a new version (``position_version``), even of the same text."""
        if self.stored_position is None:
            self.stored_position = GamePosition(position=text)
        else:
            self.stored_position.position = text
        self.position_version = new_position_version()

    def position_doc(self) -> dict[str, Any]:
        """The current position as a dict (the phase document), a copy of its own."""
        return dict(json_value(self.position))

    def position_view(self) -> Position:
        """The current position parsed once per text and shared by its readers (the
        lines of a mail, the next mails): read only (judge.store.positions)."""
        session = object_session(self)
        if session is None or self.id is None:
            return Position(json_value(self.position))
        # The text (its row, game_position) is loaded only when the memo does not
        # hold this version of the position.
        return memo_of(session.get_bind()).read(
            self.id, self.position_version, lambda: self.position
        )

    def set_position(self, doc: dict[str, Any]) -> None:
        """Store a new position; the phase column follows the document."""
        self.position = position_text(doc)
        self.phase = str(doc.get("phase", self.phase))


@event.listens_for(Game, "refresh")
def _position_read_anew(game: Game, _context: object, _attrs: object) -> None:
    """A game read again from the database (its lock reads it so) reads its position
    row again too, when the position is next read: the copy the session kept may be
    of an older position (another transaction may have written one since)."""
    session = object_session(game)
    if session is None:
        return
    kept = session.identity_map.get(identity_key(GamePosition, game.id))
    if kept is not None and not session.is_modified(kept):
        session.expire(kept)


def new_position_version() -> int:
    """A fresh ``Game.position_version``: random, so never one a write rolled back
    (or another process) gave already."""
    return secrets.randbits(62)


class Player(SQLModel, table=True):
    """One power in one game, played by one account, with its own password."""

    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("game_id", "power", name="uq_player_game_power"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    account_id: int = Field(foreign_key="account.id", index=True)
    power: str = Field(max_length=32)
    password_hash: str = Field(max_length=200)
    joined_at: datetime = Field(default_factory=utcnow)
    # --- games by mail (migration 0003) ---
    status: str = Field(default=PLAYING, max_length=16)
    # SET WAIT: do not process early before the deadline.
    wait: bool = False
    # SET DRAW: votes for a draw of all surviving powers.
    draw: bool = False
    # SET CONCEDE: concedes the game to the largest power.
    concede: bool = False
    # SET ABSENCE: the player is away on these days (inclusive), in the game's zone.
    absent_from: date | None = None
    absent_until: date | None = None
    # --- migration 0012_takeover ---
    # Deadlines missed in a row (no order while the power owed some); 0 after orders.
    missed: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    # SET DRAW <powers> in a NoDIAS game: the codes of the draw voted for, by commas.
    draw_powers: str = Field(default="", max_length=400, sa_column_kwargs={"server_default": ""})
    # --- migration 0017_password_reset ---
    # FORGOT PASSWORD: a one-time code (hashed) that signs on beside the password until
    # ``reset_until`` or the next SET PASSWORD.
    reset_hash: str | None = Field(default=None, max_length=200)
    reset_until: datetime | None = None
    # --- migration 0021_player_votes ---
    # SET PAUSE, SET RESUME, SET EXTEND: votes on the game's clock (judge.game.votes).
    pause: bool = Field(default=False, sa_column_kwargs={"server_default": sa_false()})
    unpause: bool = Field(default=False, sa_column_kwargs={"server_default": sa_false()})
    extend: bool = Field(default=False, sa_column_kwargs={"server_default": sa_false()})
    # --- migration 0023_game_results ---
    # How the power came out of its finished game (GAME_RESULTS: won, drawn, survived,
    # eliminated); None while the game runs, or when not known (an older game).
    result: str | None = Field(default=None, max_length=16)


class Applicant(SQLModel, table=True):
    """Someone who JOINed a forming game; becomes a Player when the game starts."""

    __tablename__ = "applicant"
    __table_args__ = (UniqueConstraint("game_id", "account_id", name="uq_applicant"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    account_id: int = Field(foreign_key="account.id", index=True)
    password_hash: str = Field(max_length=200)
    # Power codes in order of preference, comma-separated ("" = no preference).
    preferences: str = Field(default="", max_length=400)
    joined_at: datetime = Field(default_factory=utcnow)


class Observer(SQLModel, table=True):
    """An account that receives a game's reports without playing (OBSERVE)."""

    __tablename__ = "observer"
    __table_args__ = (UniqueConstraint("game_id", "account_id", name="uq_observer"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    account_id: int = Field(foreign_key="account.id", index=True)
    created_at: datetime = Field(default_factory=utcnow)


class GameReport(SQLModel, table=True):
    """A report mailed to a game's players, kept as the game's history (HISTORY)."""

    __tablename__ = "game_report"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    number: int = 0  # Game.number after the report's phase
    phase: str = Field(max_length=16)  # the phase the report is about
    kind: str = Field(max_length=16)  # REPORT_START, REPORT_RESULTS, REPORT_ANNOUNCEMENT
    subject: str = Field(max_length=400)
    text: str = Field(sa_column=Column(Text, nullable=False))
    html: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    created_at: datetime = Field(default_factory=utcnow)


class PhaseSnapshot(SQLModel, table=True):
    """A game's position before one of its phases was processed (for ROLLBACK)."""

    __tablename__ = "phase_snapshot"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    number: int = 0  # Game.number before processing
    phase: str = Field(max_length=16)
    position: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)
    # --- migration 0019_snapshot_missed ---
    # SET ABANDON's counts before the phase was processed, as JSON: each power then
    # played, with its player's account and deadlines missed in a row
    # (judge.game.abandoned.missed_counts); NULL in snapshots written before.
    missed: str | None = Field(default=None, sa_column=Column(Text, nullable=True))


class NoticeSent(SQLModel, table=True):
    """A reminder or late notice already sent, so a restart never sends it twice."""

    __tablename__ = "notice_sent"

    game_id: int = Field(foreign_key="game.id", primary_key=True)
    number: int = Field(primary_key=True)  # Game.number of the phase it was about
    kind: str = Field(max_length=16, primary_key=True)  # "reminder", "late", ...
    label: str = Field(max_length=64, primary_key=True)  # e.g. the reminder's lead time
    sent_at: datetime = Field(default_factory=utcnow)


class Order(SQLModel, table=True):
    """One accepted order for one phase: the player's words and the order as data.

    ``unit_key`` is what the order is for (:class:`judge.orders.keys.OrderKey`, as its
    column text); ``data`` the engine order as JSON (:mod:`judge.orders.data`; NULL on
    a CLEAR row); ``canonical`` the judge's wording of it, written when the order was
    accepted by the one writer of order text.  Orders are never updated: a later order
    with the same key for the same game, phase and power replaces an earlier one (the
    highest id wins), and a CLEAR row withdraws every earlier one.
    """

    __tablename__ = "game_order"
    __table_args__ = (
        Index("ix_game_order_lookup", "game_id", "phase", "power"),
        # A phase's orders in the order given, for its turn (not every earlier one's).
        Index("ix_game_order_phase_rows", "game_id", "phase", "id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    phase: str = Field(max_length=16)
    power: str = Field(max_length=32)
    unit_key: str = Field(max_length=64)
    text: str = Field(sa_column=Column(Text, nullable=False))
    canonical: str = Field(sa_column=Column(Text, nullable=False))
    account_id: int | None = Field(default=None, foreign_key="account.id")
    from_address: str = Field(max_length=320)
    created_at: datetime = Field(default_factory=utcnow)
    # --- migration 0007 ---
    data: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    # --- migration 0025 ---
    # The version of the position (``Game.position_version``) that the check of the
    # mail which stored the order read; None when no mail's check stored it.
    checked_on: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))

    @property
    def key(self) -> OrderKey:
        """What the order is for."""
        return OrderKey.parse(self.unit_key)

    def order(self, decoding: order_data.OrderDecoding = order_data.STANDARD_DECODING) -> Any:
        """The engine order stored in the row (None on a CLEAR row), read with what the
        game's ruleset states (:meth:`~judge.rules.base.Ruleset.order_decoding`)."""
        return None if self.data is None else order_data.loads(self.data, decoding)


class Press(SQLModel, table=True):
    """A press message sent in a game."""

    __tablename__ = "press"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    phase: str = Field(max_length=16)
    from_power: str = Field(max_length=32)
    from_address: str = Field(max_length=320)
    # JSON list of the receiving power codes.
    recipients: str = Field(sa_column=Column(Text, nullable=False))
    broadcast: bool = False
    grey: bool = False
    body: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)

    def recipient_list(self) -> list[str]:
        """The receiving powers as a list."""
        return list(json.loads(self.recipients))


# Outcomes of a phase for a power that owed orders (PlayerPhaseRecord.outcome).
ON_TIME = "on time"  # complete orders by the deadline (or by an early processing)
LATE = "late"  # complete orders only after the deadline, in the grace period
MISSED = "missed"  # orders still missing when the phase was processed
PHASE_OUTCOMES = (ON_TIME, LATE, MISSED)

# How a power came out of a finished game (Player.result), best first.
WON = "won"  # a victory, or the concession of every other player
DRAWN = "drawn"  # one of the powers of the draw
SURVIVED = "survived"  # still held a unit or a centre, neither winner nor drawn
ELIMINATED = "eliminated"  # held neither a unit nor a centre at the end
GAME_RESULTS = (WON, DRAWN, SURVIVED, ELIMINATED)

# Changes of a seat kept in a player's record (SeatChange.kind).
SEAT_RESIGNED = "resigned"
SEAT_EJECTED = "ejected"
SEAT_ABANDONED = "abandoned"  # SET ABANDON <n>: n deadlines missed in a row
SEAT_TOOK_OVER = "took over"
SEAT_REPLACED = "replaced"  # the master's REPLACE gave the power to another player


class PlayerPhaseRecord(SQLModel, table=True):
    """How a player met one phase's deadline with a power that owed orders."""

    __tablename__ = "player_phase_record"
    __table_args__ = (
        UniqueConstraint("game_id", "number", "power", name="uq_player_phase_record"),
    )

    id: int | None = Field(default=None, primary_key=True)
    account_id: int = Field(foreign_key="account.id", index=True)
    game_id: int = Field(foreign_key="game.id")
    number: int  # Game.number before the phase was processed
    phase: str = Field(max_length=16)
    power: str = Field(max_length=32)
    outcome: str = Field(max_length=16)  # ON_TIME, LATE or MISSED
    created_at: datetime = Field(default_factory=utcnow)


class SeatChange(SQLModel, table=True):
    """A player leaving a power or taking one over in a running game, kept for the
    player's record (the Player row itself goes to the next player)."""

    __tablename__ = "seat_change"

    id: int | None = Field(default=None, primary_key=True)
    account_id: int = Field(foreign_key="account.id", index=True)
    game_id: int = Field(foreign_key="game.id")
    power: str = Field(max_length=32)
    kind: str = Field(max_length=16)  # one of the SEAT_ kinds above
    created_at: datetime = Field(default_factory=utcnow)
    # The game's phase when the power changed hands ("" in rows kept before 0022).
    phase: str = Field(default="", max_length=16, sa_column_kwargs={"server_default": ""})


class PressMail(SQLModel, table=True):
    """The Message-ID of one mail that delivered a press (migration 0012_takeover):
    a reply to it (In-Reply-To) is press back to the press's sender."""

    __tablename__ = "press_mail"

    message_id: str = Field(primary_key=True, max_length=998)
    press_id: int = Field(foreign_key="press.id", index=True)


class ReplyCount(SQLModel, table=True):
    """How many replies went to one address in one clock hour (for the rate limit)."""

    __tablename__ = "reply_count"

    address: str = Field(max_length=320, primary_key=True)
    hour: datetime = Field(primary_key=True)
    count: int = 0


# Game columns that change nothing the deadline planner reads.
_SCHEDULE_ONLY = frozenset({"due_at", "version"})


def _game_changed(game: Game) -> bool:
    """True when a game's pending changes touch what the planner reads (and leave its
    ``due_at`` alone: a value set in the same flush is kept)."""
    changed = {attr.key for attr in inspect(game).attrs if attr.history.has_changes()}
    return bool(changed - _SCHEDULE_ONLY) and "due_at" not in changed


@event.listens_for(Session, "before_flush")
def _mark_changed_games(session: Session, _context: object, _instances: object) -> None:
    """Mark the games changed through the ORM (their columns, players or orders) for
    the deadline runner's next pass: its pass looks only at the games whose ``due_at``
    has come.  Changes made under the game's lock are marked by the lock itself
    (judge.game.games.lock_game), and so are orders written by one INSERT."""
    marked: set[int] = set()
    for obj in (*session.new, *session.dirty, *session.deleted):
        if isinstance(obj, Game):
            if obj not in session.new and _game_changed(obj):
                obj.due_at = REPLAN
        elif isinstance(obj, Player | Order) and obj.game_id is not None:
            marked.add(obj.game_id)
    for game_id in marked:
        game = session.get(Game, game_id)
        if game is not None and as_utc(game.due_at) != REPLAN:
            game.due_at = REPLAN
