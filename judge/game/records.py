"""Players' records (njudge's dedication, on-time and CD ratios) and the master's
entry limits.

What is kept, per account:

* each phase it had to order for (a power it played owed orders when the phase was
  processed): **on time** (complete orders by the deadline, or by an earlier
  processing), **late** (complete only after the deadline, in the grace period, or
  still missing when the master processed the phase before the grace ran out) or
  **missed** (orders still missing when the phase was processed at or after the end
  of its grace): one :class:`PlayerPhaseRecord` per power and phase, written by
  :func:`record_phase`.  A phase the master processed before its deadline is not due
  from a power whose orders were still missing: as on njudge, whose PROCESS counts
  nobody late, a player whose deadline had not come did not miss it;
* the seats it left or took over in a running game (:class:`SeatChange`, written by
  :func:`note_handover` when a power gets a new player); a resigned, ejected or
  abandoned seat not yet handed over is read from its Player row.

The figures, as njudge's ``data/dedsystems`` defines them: dedication +3 per phase on
time, -1 per late phase, -50 per power abandoned (resigned, ejected, or left after
SET ABANDON's count of missed deadlines), -100 per missed phase (civil disorder);
on-time ratio = phases on time / phases due (none due: perfect); CD ratio = (missed
phases + powers abandoned) / games played (none: perfect).

How each game it played to the end came out: won, drawn, survived or eliminated
(:mod:`judge.game.results`, kept when the game ends; not known for a game that
ended before results were kept, unless the votes that ended it tell).

A player holding several powers of one game (Root Z's pairs) is counted by game:
one game played, one resignation, one phase due a phase (the worst outcome of the
powers), one result (the best of the powers').
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, col, delete, select

from judge.game.games import order_key_times, standing_keys
from judge.game.privacy import access_refusal
from judge.orders.keys import OrderKey
from judge.rules.base import unanswered
from judge.rules.registry import ruleset_for_game
from judge.store.models import (
    ABANDONED,
    DRAWN,
    EJECTED,
    ELIMINATED,
    FINISHED,
    GAME_RESULTS,
    LATE,
    MISSED,
    ON_TIME,
    PLAYING,
    RESIGNED,
    SEAT_ABANDONED,
    SEAT_EJECTED,
    SEAT_REPLACED,
    SEAT_RESIGNED,
    SEAT_TOOK_OVER,
    SURVIVED,
    WON,
    Account,
    Game,
    Player,
    PlayerPhaseRecord,
    SeatChange,
    as_utc,
)

# njudge's points (data/dedsystems).
POINTS_ON_TIME = 3
POINTS_LATE = -1
POINTS_ABANDONED = -50
POINTS_MISSED = -100


# ------------------------------------------------------------------ phases


def _keys_at(rows: Iterable[tuple[str, datetime | None]], until: datetime | None) -> set[OrderKey]:
    """The keys of a power's orders as they stood at ``until`` (None: all of them),
    from its rows' unit keys and times stored, in the order given."""
    return standing_keys(
        unit_key for unit_key, at in rows if until is None or (as_utc(at) or until) <= until
    )


def deadline_passed(deadline: datetime | None, now: datetime) -> bool:
    """Whether a phase processed at ``now`` had reached its deadline (a game without
    one never does)."""
    return deadline is not None and now >= deadline


def phase_outcome(
    owed: list,
    rows: list[tuple[str, datetime | None]],
    deadline: datetime | None,
    now: datetime,
    grace_until: datetime | None = None,
) -> str | None:
    """ON_TIME, LATE or MISSED for a power owing ``owed`` with its order rows (unit key
    and time stored, in the order given) when the phase is processed at ``now``; None
    when its orders are missing but the deadline had not come (nothing was due)."""
    if unanswered(owed, _keys_at(rows, None)):
        if not deadline_passed(deadline, now):
            return None
        return LATE if grace_until is not None and now < grace_until else MISSED
    if deadline is None or now <= deadline or not unanswered(owed, _keys_at(rows, deadline)):
        return ON_TIME
    return LATE


def forget_phases(session: Session, game_id: int, number: int) -> None:
    """Delete the records of the game's phases from turn ``number`` on (a ROLLBACK
    forgets them; processing such a phase again records it anew)."""
    session.exec(
        delete(PlayerPhaseRecord).where(
            col(PlayerPhaseRecord.game_id) == game_id, col(PlayerPhaseRecord.number) >= number
        )
    )


def record_phase(session: Session, game: Game, now: datetime) -> None:
    """Record how each played power that owes orders in the game's current phase met
    its deadline; called as the phase is processed, before the position changes.  Any
    record of this phase or a later one is replaced."""
    assert game.id is not None
    forget_phases(session, game.id, game.number)
    owed = ruleset_for_game(game).owed(game.position_view())
    players = session.exec(
        select(Player).where(Player.game_id == game.id, Player.status == PLAYING)
    )
    deadline, grace_until = as_utc(game.deadline), as_utc(game.grace_until)
    for player in players:
        items = owed.get(player.power) or []
        if not items:
            continue
        rows = order_key_times(session, game.id, game.phase, player.power)
        outcome = phase_outcome(items, rows, deadline, now, grace_until)
        if outcome is None:
            continue
        session.add(
            PlayerPhaseRecord(
                account_id=player.account_id,
                game_id=game.id,
                number=game.number,
                phase=game.phase,
                power=player.power,
                outcome=outcome,
                created_at=now,
            )
        )


# ------------------------------------------------------------------ seats

# How a player left a power (Player.status), as a SeatChange kind.
LEFT = {RESIGNED: SEAT_RESIGNED, EJECTED: SEAT_EJECTED, ABANDONED: SEAT_ABANDONED}


def note_handover(
    session: Session, player: Player, account_id: int, now: datetime, phase: str
) -> None:
    """Keep in the records that ``player``'s power (of a running game, in ``phase``)
    goes to the account ``account_id``: the old player's resignation, ejection or
    replacement (the master's REPLACE), and the new player's taking over.  Call it
    before the Player row changes hands."""
    left = LEFT.get(player.status) or (SEAT_REPLACED if account_id != player.account_id else None)
    if left is not None and player.account_id:
        session.add(
            SeatChange(
                account_id=player.account_id,
                game_id=player.game_id,
                power=player.power,
                kind=left,
                created_at=now,
                phase=phase,
            )
        )
    if account_id != player.account_id or player.status != PLAYING:
        session.add(
            SeatChange(
                account_id=account_id,
                game_id=player.game_id,
                power=player.power,
                kind=SEAT_TOOK_OVER,
                created_at=now,
                phase=phase,
            )
        )


# ------------------------------------------------------------------ figures


@dataclass(frozen=True)
class PlayerRecord:
    """One account's record."""

    joined: int = 0  # games played, started or taken over
    finished: int = 0  # games that ended with the player still playing
    resigned: int = 0
    ejected: int = 0
    dropped: int = 0  # powers abandoned after SET ABANDON's count of missed deadlines
    took_over: int = 0
    on_time: int = 0
    late: int = 0
    missed: int = 0
    # How the games it finished came out (judge.game.results); the rest not known.
    won: int = 0
    drawn: int = 0
    survived: int = 0
    eliminated: int = 0

    @property
    def unknown(self) -> int:
        """Games finished whose result is not known (ended before results were kept)."""
        return self.finished - self.won - self.drawn - self.survived - self.eliminated

    @property
    def due(self) -> int:
        """Phases the player had to order for."""
        return self.on_time + self.late + self.missed

    @property
    def abandoned(self) -> int:
        """Powers the player left (resigned, ejected or dropped after missed deadlines)."""
        return self.resigned + self.ejected + self.dropped

    @property
    def dedication(self) -> int:
        """njudge's dedication points."""
        return (
            POINTS_ON_TIME * self.on_time
            + POINTS_LATE * self.late
            + POINTS_ABANDONED * self.abandoned
            + POINTS_MISSED * self.missed
        )

    @property
    def on_time_ratio(self) -> float:
        """Phases on time / phases due (1.0 with none due)."""
        return self.on_time / self.due if self.due else 1.0

    @property
    def cd_ratio(self) -> float:
        """(Missed phases + powers abandoned) / games played (0.0 with none)."""
        return (self.missed + self.abandoned) / self.joined if self.joined else 0.0


# Which of a player's outcomes in one phase counts, should they hold several powers.
_WORSE = {ON_TIME: 0, LATE: 1, MISSED: 2}


def _phase_outcomes(rows: Iterable[tuple[int, int, str]]) -> list[str]:
    """One outcome per game and phase from rows of (game, phase number, outcome):
    the worst of a player's powers (Root Z's pairs order for two at once)."""
    worst: dict[tuple[int, int], str] = {}
    for game_id, number, outcome in rows:
        known = worst.get((game_id, number))
        if known is None or _WORSE[outcome] > _WORSE[known]:
            worst[(game_id, number)] = outcome
    return list(worst.values())


def finished_results(session: Session, account_id: int) -> dict[int, str | None]:
    """The result of each finished game the account played to its end, by game id
    (None: not known): its best power's where it held several (Root Z), not known
    when one of them is not."""
    rows = session.exec(
        select(Player.game_id, Player.result)
        .join(Game, col(Game.id) == col(Player.game_id))
        .where(Player.account_id == account_id, Player.status == PLAYING)
        .where(Game.status == FINISHED)
    )
    held: dict[int, list[str | None]] = {}
    for game_id, result in rows:
        held.setdefault(game_id, []).append(result)
    return {game_id: _best(results) for game_id, results in held.items()}


def _best(results: list[str | None]) -> str | None:
    """The best of one player's powers' results (GAME_RESULTS' order), or None when
    one of them is not known."""
    known = [r for r in results if r is not None]
    if len(known) < len(results):
        return None
    return min(known, key=GAME_RESULTS.index)


def player_record(session: Session, account_id: int) -> PlayerRecord:
    """The record of an account, counted from its seats and phase records, by game:
    a player holding several powers of one game (Root Z) played one game, left it
    once and owed orders once a phase."""
    seats = list(session.exec(select(Player).where(Player.account_id == account_id)))
    changes = list(session.exec(select(SeatChange).where(SeatChange.account_id == account_id)))
    phases = list(
        session.exec(
            select(
                PlayerPhaseRecord.game_id, PlayerPhaseRecord.number, PlayerPhaseRecord.outcome
            ).where(PlayerPhaseRecord.account_id == account_id)
        )
    )
    left = {(c.kind, c.game_id) for c in changes}
    left |= {(LEFT[s.status], s.game_id) for s in seats if s.status in LEFT}
    games = {s.game_id for s in seats} | {c.game_id for c in changes} | {g for g, _, _ in phases}
    results = list(finished_results(session, account_id).values())
    outcomes = _phase_outcomes(phases)
    return PlayerRecord(
        joined=len(games),
        finished=len(results),
        won=results.count(WON),
        drawn=results.count(DRAWN),
        survived=results.count(SURVIVED),
        eliminated=results.count(ELIMINATED),
        resigned=sum(1 for kind, _ in left if kind == SEAT_RESIGNED),
        ejected=sum(1 for kind, _ in left if kind == SEAT_EJECTED),
        dropped=sum(1 for kind, _ in left if kind == SEAT_ABANDONED),
        took_over=len({c.game_id for c in changes if c.kind == SEAT_TOOK_OVER}),
        on_time=outcomes.count(ON_TIME),
        late=outcomes.count(LATE),
        missed=outcomes.count(MISSED),
    )


def record_lines(record: PlayerRecord) -> list[str]:
    """The record as the replies show it."""
    return [
        f"Games: {record.joined} played, {record.finished} finished, "
        f"{record.resigned} resigned, {record.ejected} ejected, "
        + (f"{record.dropped} abandoned after missed deadlines, " if record.dropped else "")
        + f"{record.took_over} taken over.",
        f"Results: {record.won} won, {record.drawn} drawn, {record.survived} survived, "
        f"{record.eliminated} eliminated"
        + (f", {record.unknown} not known." if record.unknown else "."),
        f"Phases: {record.due} due: {record.on_time} on time, {record.late} late, "
        f"{record.missed} missed.",
        f"Dedication: {record.dedication}.  On-time ratio: {record.on_time_ratio:.2f}.  "
        f"CD ratio: {record.cd_ratio:.2f}.",
    ]


# ------------------------------------------------------------------ limits


def limits_line(game: Game) -> str | None:
    """The game's entry limits in one line (LIST <game>), or None without any or
    once the game is finished (nobody can join or take over a power any more)."""
    if game.status == FINISHED:
        return None
    parts = []
    if game.min_dedication is not None:
        parts.append(f"dedication at least {game.min_dedication}")
    if game.min_ontime is not None:
        parts.append(f"on-time ratio at least {game.min_ontime:.2f}")
    if game.max_resrat is not None:
        parts.append(f"CD ratio at most {game.max_resrat:.2f}")
    return f"Entry limits: {', '.join(parts)}" if parts else None


def limit_refusal(game: Game, record: PlayerRecord) -> str | None:
    """Why a player with ``record`` may not enter the game (its master's SET
    DEDICATION, SET ONTIMERAT, SET RESRAT), with the figures; None when they may.
    The two ratios spare a new player (nothing due, no game yet), as on njudge."""
    if game.min_dedication is not None and record.dedication < game.min_dedication:
        return (
            f"game {game.name} requires a dedication of at least {game.min_dedication}, "
            f"and you are rated at {record.dedication} ({record.on_time} phases on time, "
            f"{record.late} late, {record.missed} missed, {record.abandoned} powers abandoned)"
        )
    if game.min_ontime is not None and record.due and record.on_time_ratio < game.min_ontime:
        return (
            f"game {game.name} requires an on-time ratio of at least {game.min_ontime:.2f}, "
            f"and yours is {record.on_time_ratio:.2f} ({record.on_time} of {record.due} "
            "phases on time)"
        )
    if game.max_resrat is not None and record.joined and record.cd_ratio > game.max_resrat:
        return (
            f"game {game.name} accepts a CD ratio of at most {game.max_resrat:.2f}, and yours "
            f"is {record.cd_ratio:.2f} ({record.missed} phases missed and {record.abandoned} "
            f"powers abandoned in {record.joined} games)"
        )
    return None


def entry_refusal(session: Session, game: Game, account: Account) -> str | None:
    """Why ``account`` may not join the game or take over one of its powers: the
    master's allow or deny list, or an entry limit (with the figures); None when it may."""
    refusal = access_refusal(game, account.address)
    if refusal is not None or account.id is None:
        return refusal
    return limit_refusal(game, player_record(session, account.id))
