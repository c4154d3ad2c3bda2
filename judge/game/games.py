"""Games in the database: creating them, finding them and their powers, and the
orders stored for them.

Creating games by mail (CREATE, JOIN) is a later issue; :func:`create_game` is what
tests and the demo use meanwhile.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import bindparam, event, inspect, orm
from sqlmodel import Session, col, select

from judge.engine.rules import DISORDER_TEXT
from judge.orders import data as order_data
from judge.orders.keys import CLEAR_KEY_TEXT, OrderKey
from judge.rules.registry import ruleset_for, ruleset_for_game
from judge.store.models import (
    ACTIVE,
    FINISHED,
    GAME_STATUSES,
    PRESS_MODES,
    REPLAN,
    Account,
    Game,
    Order,
    Player,
    as_utc,
    utcnow,
)
from judge.store.positions import position_text
from judge.variant.data import Variant, load_variant
from judge.variant.empires import EmpireError, empire_variant, empires_of


@dataclass(frozen=True)
class PowerInfo:
    """A power as players name it."""

    code: str  # "france"
    name: str  # "France"
    adjective: str  # "French"
    initial: str  # "F"
    aliases: tuple[str, ...] = ()  # other names ("fra"; Root Z's "G1", "ger 1")


@dataclass(frozen=True)
class Seat:
    """Who plays a power in a new game."""

    power: str
    address: str
    password: str
    name: str = ""


def variant_powers(variant: str) -> list[PowerInfo]:
    """The powers of a variant, in the variant's order."""
    return [
        PowerInfo(p.code, p.name, p.adjective, p.initial.upper())
        for p in load_variant(variant).powers.values()
    ]


def game_variant(game: Game) -> Variant:
    """The variant a game is played on: the variant's data, and for a variant whose
    empires are named per game, that map with the empires its stored position names
    (none yet while nobody has joined)."""
    loaded = load_variant(game.variant)
    if not ruleset_for_game(game).players_name_powers:
        return loaded
    doc = game.position_doc()
    if not doc.get("powers"):
        return loaded.with_powers({})
    try:
        return empire_variant(empires_of(doc), game.variant)
    except EmpireError as exc:  # stored by JOIN's checks: never expected
        raise ValueError(f"game {game.name}: {exc}") from exc


def game_powers(game: Game) -> list[PowerInfo]:
    """The powers of a game (for Outer Space: the empires named so far)."""
    return [
        PowerInfo(p.code, p.name, p.adjective, p.initial.upper(), p.aliases)
        for p in game_variant(game).powers.values()
    ]


def find_power(powers: Iterable[PowerInfo], text: str, *, aliases: bool = True) -> PowerInfo | None:
    """The power named by code, name, adjective, alias (spaces count for nothing:
    ``Germany 1``, ``germany1``) or (one letter) initial; an initial several powers
    share (Root Z's France 1 and France 2) names none of them.  ``aliases=False``
    leaves out the aliases (``fr`` is also France and Russia by their initials)."""
    wanted = "".join(text.lower().split())
    if not wanted:
        return None
    powers = list(powers)
    for p in powers:
        names = (p.code, p.name, p.adjective, *(p.aliases if aliases else ()))
        if wanted in {"".join(name.lower().split()) for name in names}:
            return p
    if len(wanted) == 1:
        found = [p for p in powers if p.initial.lower() == wanted]
        if len(found) == 1:
            return found[0]
    return None


def power_name(game: Game, code: str) -> str:
    """The display name of a power code in a game."""
    for p in game_powers(game):
        if p.code == code:
            return p.name
    return code.title()


def names_listed(names: Sequence[str]) -> str:
    """Names as a sentence lists them: ``England, France and Russia``."""
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)


def variant_label(game: Game) -> str:
    """The variant as every game mail names it: ``Standard``, ``Standard (multiverse)``."""
    return ruleset_for_game(game).variant_label(game.variant.capitalize())


def disorder_rule_line(game: Game) -> str | None:
    """The game's rule of removals in civil disorder, for its settings (None where its
    rules offer no choice, and for a finished game: no power can fall into disorder,
    as njudge's LIST of a finished game no longer says who would)."""
    if game.status == FINISHED or not ruleset_for_game(game).disorder_rules:
        return None
    return f"Civil disorder removals: {DISORDER_TEXT[game.cd_rule]} (SET CD RULE)"


def shown_phase(game: Game) -> str:
    """The phase a game is shown in: the one a finished game ended in (a victory
    stores the next phase's position), else its current phase.  ``ended_in`` is set
    only while the game is finished (LIST's table reads it the same way in SQL)."""
    return game.ended_in or game.phase


def phase_label(game: Game, code: str | None = None) -> str:
    """A phase of a game (by default the one it is shown in) as its players read it,
    in every reply and mail alike (a 5dplomacy game's ``Spring02-builds`` for W1901M:
    the ruleset's ``turn_label``)."""
    return ruleset_for_game(game).turn_label(shown_phase(game) if code is None else code)


def state_text(game: Game) -> str:
    """A game's status and phase as LIST, SUMMARY and the web page give them:
    ``active, phase F1901M``, or ``finished in F1905R``."""
    phase = phase_label(game)
    if game.status == FINISHED:
        return f"finished in {phase}"
    return f"{game.status}, phase {phase}"


# How LIST, SUMMARY and a game's web page word each press mode.
PRESS_WORDS = {
    "white": "white press (the sender is named)",
    "grey": "grey press (the sender is not named)",
}


def press_line(game: Game) -> str:
    """The game's press rules in one line, for LIST, SUMMARY and its web page: the
    kinds of press, and whether only broadcasts, only in movement phases, and from
    observers too; a game without press has none to limit (press to the master is
    always allowed)."""
    if game.press_mode == "none":
        return "Press: none (players may write to the game master only)"
    modes = " or ".join(PRESS_WORDS.get(m, m) for m in game.press_mode.split("/"))
    limits = [
        *([] if game.press_partial else ["broadcasts only"]),
        *([] if game.press_minor else ["in movement phases only (SET NO MINOR PRESS)"]),
        *(["observers may send press too"] if game.observer_press else []),
    ]
    return ", ".join([f"Press: {modes}", *limits])


def starting_position(variant: str) -> dict[str, Any]:
    """The phase document of a variant's starting position (one board), as the
    variant's ruleset gives it."""
    return ruleset_for(variant).starting_position(variant)


def account_for(session: Session, address: str, name: str = "") -> Account:
    """The account of an address, created (without a password) when missing; addresses
    are kept in lower case (judge.mail.headers.usable_address)."""
    address = address.strip().lower()
    account = session.exec(select(Account).where(Account.address == address)).first()
    if account is None:
        account = Account(address=address, name=name)
        session.add(account)
        session.flush()
    return account


def create_game(
    session: Session,
    name: str,
    seats: Iterable[Seat],
    *,
    variant: str = "standard",
    position: Mapping[str, Any] | None = None,
    status: str = ACTIVE,
    deadline: datetime | None = None,
    press_mode: str = "white/grey",
    press_partial: bool = True,
) -> Game:
    """Create a game with its players, at the variant's start unless ``position`` is
    given.  Flushes but does not commit."""
    from judge.store.passwords import hash_password  # here: judge.commands imports us

    if status not in GAME_STATUSES:
        raise ValueError(f"unknown game status {status!r}")
    if press_mode not in PRESS_MODES:
        raise ValueError(f"unknown press mode {press_mode!r}")
    doc = dict(position) if position is not None else starting_position(variant)
    game = Game(
        name=name.lower(),
        variant=variant,
        phase=str(doc["phase"]),
        position=position_text(doc),
        status=status,
        deadline=deadline,
        press_mode=press_mode,
        press_partial=press_partial,
    )
    session.add(game)
    session.flush()
    for seat in seats:
        account = account_for(session, seat.address, seat.name)
        session.add(
            Player(
                game_id=game.id,
                account_id=account.id,
                power=seat.power.lower(),
                password_hash=hash_password(seat.password),
            )
        )
    session.flush()
    return game


def find_game(session: Session, name: str) -> Game | None:
    """The game with this name (names are case-insensitive), locked for the rest of the
    caller's transaction (:func:`lock_game`)."""
    # Taken by name: one statement fewer than finding the id first.
    return _lock(session, "name", name.strip().lower())


def lock_game(session: Session, game_id: int) -> Game | None:
    """Take the game's lock for the rest of the caller's transaction and return the game
    as it is now.

    The lock serialises everything that reads or changes a game's phase and orders: order
    mail, a master's commands, phase processing.  It is a write to the game's row (its
    version is bumped, and it is marked for the deadline runner's next pass), which
    waits for any other transaction holding it: a row lock on PostgreSQL, the
    database's write lock on SQLite.  The game is read again after it,
    so its phase is the one current when the lock was taken and stays so until commit.

    A game locked earlier in the same transaction (and no savepoint ended since) is
    held still: no other transaction can have changed it, so the session's copy is
    returned as it is (a batch of mails to one game locks and reads it once).
    """
    return _lock(session, "id", game_id)


def try_lock_game(session: Session, game_id: int) -> Game | None:
    """:func:`lock_game`, but None at once, without waiting, when another transaction
    holds the game's lock on PostgreSQL (``FOR UPDATE SKIP LOCKED``): what a deadline
    runner asks, so that several daemons on one database share the due games instead
    of queueing behind each other.  (SQLite has no row locks: there it waits as
    :func:`lock_game` does.)  None also when there is no such game."""
    return _lock(session, "id", game_id, skip_locked=True)


def _lock(session: Session, column: str, value: object, skip_locked: bool = False) -> Game | None:
    """Lock the game whose ``column`` is ``value`` and read it as it is now; None when
    there is no such game (the lock then changes nothing) or, with ``skip_locked``,
    when another transaction holds it."""
    held: dict[tuple[str, object], Game] = session.info.setdefault(_HELD, {})
    game = held.get((column, value))
    if game is not None and inspect(game).persistent and getattr(game, column) == value:
        return game
    lock, read = _LOCKS[column, skip_locked]
    # A Core statement on the session's connection: the ORM's bulk UPDATE would build
    # its statement, and the key of its compiled form, again each time.
    if not session.connection().execute(lock, {"key": value}).rowcount:
        return None
    game = session.exec(read, params={"key": value}).first()  # type: ignore[call-overload]
    if game is not None:
        held[("id", game.id)] = held[("name", game.name)] = game
    return game


# session.info key: the games locked in the session's open transaction, by id and name
_HELD = "judge.held_games"


@event.listens_for(orm.Session, "after_transaction_end")  # every session class
def _locks_released(session: orm.Session, _transaction: object) -> None:
    """Forget the games held when a transaction or savepoint ends (a savepoint rolled
    back may have released the locks taken in it)."""
    session.info.pop(_HELD, None)


def _lock_statements(column: str, skip_locked: bool) -> tuple[Any, Any]:
    """The lock (the version bumped) and the read of a game found by ``column``, built
    once: statements of every mail.  With ``skip_locked`` the row is chosen by a
    ``SELECT ... FOR UPDATE SKIP LOCKED`` (PostgreSQL; SQLite ignores the clause)."""
    games = Game.__table__  # type: ignore[attr-defined]
    found = games.c[column] == bindparam("key")
    if skip_locked:
        free = select(games.c.id).where(found).with_for_update(skip_locked=True)
        found = games.c.id == free.scalar_subquery()
    lock = games.update().where(found)
    # The position (megabytes in a long multiverse game: a table of its own, so that
    # this update leaves it alone) is loaded when it is read: most holders of the lock
    # read it through the memo of its version (Game.position_view), or not at all.
    read = select(Game).where(getattr(Game, column) == bindparam("key"))
    return (
        # whatever the holder changes, the deadline runner plans the game again
        lock.values(version=games.c.version + 1, due_at=REPLAN),
        read.execution_options(populate_existing=True),  # the session's copy made current
    )


_LOCKS = {
    (column, skip): _lock_statements(column, skip)
    for column in ("id", "name")
    for skip in (False, True)
}


def players_of(session: Session, game: Game) -> list[Player]:
    """The players of a game."""
    return list(session.exec(select(Player).where(Player.game_id == game.id)))


def player_address(session: Session, player: Player) -> str:
    """The address of record of a player."""
    account = session.get(Account, player.account_id)
    return account.address if account is not None else ""


def check_key(check: Any) -> OrderKey:
    """The key of an accepted order check: its own typed key, else the key read from
    the column text the standard order reader gives (``par``, ``build:par``,
    ``waive:1``)."""
    if isinstance(check.key, OrderKey):
        return check.key
    return OrderKey.parse(str(check.key))


def store_order(
    session: Session,
    game: Game,
    power: str,
    check: Any,
    *,
    account_id: int | None,
    from_address: str,
    now: datetime | None = None,
    key: OrderKey | None = None,
    checked_on: int | None = None,
) -> None:
    """Store an accepted order (an OrderCheck with ok set: its text, its engine order
    and the canonical wording) for the game's phase, under ``key`` if given instead of
    the check's own; ``checked_on``, the version of the position the check read
    (``Game.position_version``), when a mail's check accepted it.

    Written at once by one INSERT (no ORM object to flush later: this runs for every
    order of every mail), so rows keep the order in which orders were given.  The game
    is marked for the deadline runner (already so when it was locked).  The order's
    data is read back once as the turn reads it (:func:`judge.orders.data.loads`
    keeps it), so that a turn of thousands of orders need not read them again."""
    if check.order is None:
        raise ValueError(f"an accepted order comes with its engine order: {check.text!r}")
    data = order_data.dumps(check.order)
    order_data.loads(data, ruleset_for_game(game).order_decoding())
    params = {
        "game_id": game.id,
        "phase": game.phase,
        "power": power,
        "unit_key": (key or check_key(check)).text(),
        "text": str(check.text),
        "canonical": str(check.canonical),
        "data": data,
        "account_id": account_id,
        "from_address": from_address,
        "created_at": now or utcnow(),
        "checked_on": checked_on,
    }
    session.connection().execute(_INSERT_ORDER, params)
    if as_utc(game.due_at) != REPLAN:
        game.due_at = REPLAN
        session.add(game)


_INSERT_ORDER = Order.__table__.insert()  # type: ignore[attr-defined]


def current_orders(session: Session, game_id: int, phase: str, power: str) -> dict[OrderKey, Order]:
    """A power's orders for a phase, one per key: the last one given wins, and a
    CLEAR row withdraws every order given before it."""
    rows = session.exec(
        select(Order)
        .where(Order.game_id == game_id, Order.phase == phase, Order.power == power)
        .order_by(col(Order.id))
    )
    return _by_key(_latest((row.unit_key, row) for row in rows))


class PhaseOrder(NamedTuple):
    """A power's current order for a phase as a turn reads it: the columns it needs,
    without an ORM object (a long multiverse game has thousands a turn)."""

    id: int
    power: str
    canonical: str
    data: str | None
    checked_on: int | None = None  # the position version its mail's check read (Order.checked_on)

    def order(self, decoding: order_data.OrderDecoding = order_data.STANDARD_DECODING) -> Any:
        """The engine order stored in the row (None when it has none), read with what
        the game's ruleset states (:meth:`~judge.rules.base.Ruleset.order_decoding`)."""
        return None if self.data is None else order_data.loads(self.data, decoding)

    def order_and_data(self, decoding: order_data.OrderDecoding) -> tuple[Any, Any]:
        """The engine order stored in the row and its object as stored (see
        :func:`judge.orders.data.loads_with_data`); (None, None) when it has none."""
        if self.data is None:
            return None, None
        return order_data.loads_with_data(self.data, decoding)


def phase_orders(session: Session, game_id: int, phase: str) -> dict[str, list[PhaseOrder]]:
    """Every power's current orders for a phase, in the order given (as
    :func:`current_orders` finds them), read in one statement as plain rows (a long
    multiverse game has ten thousand: the ORM's handling of each would cost more
    than reading it; what the session holds unwritten is written first)."""
    session.flush()
    result = session.connection().execute(_PHASE_ORDERS, {"game_id": game_id, "phase": phase})
    by_power: dict[str, list[tuple[str, PhaseOrder]]] = {}
    for row_id, power, unit_key, canonical, data, checked_on in result.fetchall():  # one batch
        by_power.setdefault(power, []).append(
            (unit_key, PhaseOrder(row_id, power, canonical, data, checked_on))
        )
    return {power: list(_latest(by_power[power]).values()) for power in sorted(by_power)}


_V = TypeVar("_V")


def _latest(rows: Iterable[tuple[str, _V]]) -> dict[str, _V]:
    """The rule of a power's orders, over ``(unit key, value)`` rows in the order they
    were given: the last one for a key wins, and a CLEAR row withdraws all before it.
    By key as the column holds it (``OrderKey.text``: one text per key), in the order
    the winning rows were given."""
    latest: dict[str, _V] = {}
    for unit_key, value in rows:
        if unit_key == CLEAR_KEY_TEXT:
            latest.clear()
        else:
            latest.pop(unit_key, None)  # a key given again goes to the end
            latest[unit_key] = value
    return latest


def _by_key(latest: dict[str, _V]) -> dict[OrderKey, _V]:
    """The values of :func:`_latest` by their keys read back."""
    return {OrderKey.parse(unit_key): value for unit_key, value in latest.items()}


def current_order_texts(
    session: Session, game_id: int, phase: str, power: str
) -> dict[OrderKey, str]:
    """The canonical text of each of a power's orders for a phase, by key, as
    :func:`current_orders` finds them (read as plain columns: no order objects)."""
    params = {"game_id": game_id, "phase": phase, "power": power}
    return _by_key(_latest(session.exec(_ORDER_TEXTS, params=params)))  # type: ignore[call-overload]


def power_order_keys(session: Session, game_id: int, phase: str, power: str) -> list[OrderKey]:
    """The keys of a power's current orders for a phase (as :func:`current_orders`
    finds them), in the order their orders were given: read as one column."""
    params = {"game_id": game_id, "phase": phase, "power": power}
    given = session.exec(_POWER_KEYS, params=params)  # type: ignore[call-overload]
    return list(_by_key(_latest((unit_key, None) for unit_key in given)))


def standing_keys(given: Iterable[str]) -> set[OrderKey]:
    """The keys of a power's orders standing after the rows whose unit keys (as the
    column holds them) are ``given``, in the order given (the rule of
    :func:`current_orders`)."""
    return set(_by_key(_latest((unit_key, None) for unit_key in given)))


def order_key_times(
    session: Session, game_id: int, phase: str, power: str
) -> list[tuple[str, datetime | None]]:
    """The unit key (as the column holds it) and time stored of each of a power's
    order rows for a phase, in the order given: plain columns, no order objects (a
    long multiverse game has thousands)."""
    params = {"game_id": game_id, "phase": phase, "power": power}
    return list(session.exec(_KEY_TIMES, params=params))  # type: ignore[call-overload]


def current_order_keys(session: Session, game_id: int, phase: str) -> dict[str, set[OrderKey]]:
    """The keys of every power's orders for a phase (as :func:`current_orders` finds
    them, power by power), read in one statement; a power without orders is missing."""
    rows = session.exec(  # type: ignore[call-overload]
        _ORDER_KEYS, params={"game_id": game_id, "phase": phase}
    )
    by_power: dict[str, list[tuple[str, None]]] = {}
    for power, unit_key in rows:
        by_power.setdefault(power, []).append((unit_key, None))
    return {power: standing_keys(k for k, _ in given) for power, given in by_power.items()}


_ORDER_KEYS = (
    select(Order.power, Order.unit_key)
    .where(Order.game_id == bindparam("game_id"), Order.phase == bindparam("phase"))
    .order_by(col(Order.id))
)
_PHASE_ORDERS = (
    select(Order.id, Order.power, Order.unit_key, Order.canonical, Order.data, Order.checked_on)
    .where(Order.game_id == bindparam("game_id"), Order.phase == bindparam("phase"))
    .order_by(col(Order.id))
)


def _power_rows(*columns: Any) -> Any:
    """The statement reading ``columns`` of a power's order rows for a phase, in the
    order given."""
    return (
        select(*columns)
        .where(
            Order.game_id == bindparam("game_id"),
            Order.phase == bindparam("phase"),
            Order.power == bindparam("power"),
        )
        .order_by(col(Order.id))
    )


_POWER_KEYS = _power_rows(Order.unit_key)
_KEY_TIMES = _power_rows(Order.unit_key, Order.created_at)
_ORDER_TEXTS = _power_rows(Order.unit_key, Order.canonical)


def clear_orders(
    session: Session,
    game: Game,
    power: str,
    *,
    account_id: int | None,
    from_address: str,
    now: datetime | None = None,
) -> int:
    """Withdraw every order the power has given for the game's phase (orders rows are
    never changed: a CLEAR row is added).  Returns how many were withdrawn."""
    assert game.id is not None
    withdrawn = len(current_orders(session, game.id, game.phase, power))
    session.add(
        Order(
            game_id=game.id,
            phase=game.phase,
            power=power,
            unit_key=OrderKey.clear().text(),
            text="CLEAR",
            canonical="CLEAR",
            data=None,
            account_id=account_id,
            from_address=from_address,
            created_at=now or utcnow(),
        )
    )
    session.flush()
    return withdrawn
