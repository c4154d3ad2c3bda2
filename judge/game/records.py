"""Player records and entry limits, after njudge's dedication system (data/dedsystems,
users.c): per account, games joined, finished, resigned, abandoned and taken over,
and phases ordered on time, late and missed (judge.store.models.PlayerRecord).

* dedication: +3 a phase on time, -1 a phase late, -100 a phase missed (the power in
  civil disorder), -50 a power resigned or abandoned; a new player has 0;
* on-time ratio: phases on time / phases due (0/0 counts as perfect, 1.0);
* resignation (CD) ratio: powers resigned or abandoned / (games joined + powers
  taken over) (0 for a new player).

The game master's limits (SET DEDICATION, SET ONTIMERAT, SET RESRAT) make JOIN and
takeovers refuse a player below them, with the figures and the limit.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from sqlmodel import Session, select

from judge.store.models import PLAYING, Game, Player, PlayerRecord, as_utc


def record_of(session: Session, account_id: int) -> PlayerRecord:
    """The account's record (all zero when it has none yet; not added)."""
    found = session.get(PlayerRecord, account_id)
    if found is not None:
        return found
    return PlayerRecord(account_id=account_id, joined=0, finished=0, resigned=0, abandoned=0,
                        taken_over=0, on_time=0, late=0, missed=0)  # fmt: skip


def count(session: Session, account_id: int, what: str, by: int = 1) -> None:
    """Add ``by`` to one count of the account's record."""
    record = record_of(session, account_id)
    setattr(record, what, getattr(record, what) + by)
    session.add(record)


def dedication(record: PlayerRecord) -> int:
    """njudge's dedication points."""
    gone = record.resigned + record.abandoned
    return 3 * record.on_time - record.late - 100 * record.missed - 50 * gone


def ontime_ratio(record: PlayerRecord) -> float:
    due = record.on_time + record.late + record.missed
    return record.on_time / due if due else 1.0


def resignation_ratio(record: PlayerRecord) -> float:
    games = record.joined + record.taken_over
    return (record.resigned + record.abandoned) / games if games else 0.0


def record_lines(record: PlayerRecord) -> list[str]:
    """The record as WHOIS, INFO PLAYER and GET DEDICATION show it."""
    return [
        f"Dedication: {dedication(record)}",
        f"Games joined: {record.joined}, finished: {record.finished}, resigned: "
        f"{record.resigned}, abandoned: {record.abandoned}, taken over: {record.taken_over}",
        f"Phases ordered on time: {record.on_time}, late: {record.late}, missed: {record.missed}",
        f"On-time ratio: {ontime_ratio(record):.2f}   Resignation ratio: "
        f"{resignation_ratio(record):.2f}",
    ]


def limit_refusal(session: Session, game: Game, account_id: int) -> str | None:
    """Why the game's entry limits refuse this player (njudge's words, ml_signon.c),
    or None."""
    record = record_of(session, account_id)
    name = f"Sorry, game '{game.name}' requires"
    if game.min_dedication is not None and dedication(record) < game.min_dedication:
        return (
            f"{name} a dedication of at least {game.min_dedication} and you are currently "
            f"rated at {dedication(record)}"
        )
    if game.min_ontime is not None and ontime_ratio(record) < game.min_ontime:
        return (
            f"{name} an ontime ratio of at least {game.min_ontime:.2f} and yours is "
            f"{ontime_ratio(record):.2f}"
        )
    if game.max_resrat is not None and resignation_ratio(record) > game.max_resrat:
        return (
            f"{name} a resignation ratio of at most {game.max_resrat:.2f} and yours is "
            f"{resignation_ratio(record):.2f}"
        )
    return None


def count_phase(
    session: Session,
    game: Game,
    owing: set[str],
    ordered_at: Mapping[str, datetime],
    deadline: datetime | None,
) -> None:
    """At the processing of a phase: each playing power that owed orders counts a
    phase on time, late (its last order came after the deadline) or missed."""
    rows = session.exec(
        select(Player).where(Player.game_id == game.id, Player.status == PLAYING)
    ).all()
    for player in rows:
        if player.power not in owing or not player.account_id:
            continue
        when = ordered_at.get(player.power)
        if when is None:
            count(session, player.account_id, "missed")
        elif deadline is not None and as_utc(when) > deadline:  # type: ignore[operator]
            count(session, player.account_id, "late")
        else:
            count(session, player.account_id, "on_time")


def count_finished(session: Session, game: Game) -> None:
    """At the end of a game: each player still playing counts a finished game."""
    rows = session.exec(
        select(Player).where(Player.game_id == game.id, Player.status == PLAYING)
    ).all()
    for account_id in {p.account_id for p in rows if p.account_id}:
        count(session, account_id, "finished")
