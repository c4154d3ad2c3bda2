"""Abandoned powers: a power whose player resigned (RESIGN, njudge's WITHDRAW), was
ejected (EJECT) or missed the game's number of deadlines in a row (SET ABANDON <n>),
and that still survives.  Any registered player not in the game may take one over
with njudge's ``SIGNON <initial><game> <password>`` (judge.commands.takeover)."""

from __future__ import annotations

import json
from collections.abc import Iterable

from sqlmodel import Session, col, select

from judge.game.games import game_powers, game_variant, names_listed
from judge.reports.notices import signon_line
from judge.rules.registry import ruleset_for_game
from judge.store.models import ABANDONED, EJECTED, PLAYING, RESIGNED, Game, Player

GONE = (RESIGNED, EJECTED, ABANDONED)


def is_abandoned(game: Game, player: Player) -> bool:
    """Whether the power of ``player`` is open for takeover: its player is gone and
    it survives (an eliminated power cannot be taken over)."""
    if player.status not in GONE:
        return False
    return player.power in ruleset_for_game(game).survivors(game.position_view())


def abandoned_powers(session: Session, game: Game) -> list[str]:
    """The codes of the game's abandoned powers, in the variant's order."""
    rows = session.exec(select(Player).where(Player.game_id == game.id)).all()
    gone = {p.power for p in rows if is_abandoned(game, p)}
    return [p.code for p in game_powers(game) if p.code in gone]


def takeover_notice(game: Game, codes: Iterable[str]) -> str | None:
    """The paragraph a report ends with while powers are abandoned, or None."""
    powers = [p for p in game_powers(game) if p.code in set(codes)]
    if not powers:
        return None
    names = ", ".join(p.name for p in powers)
    line = takeover_line(game, powers[0].code).replace("<password>", "<new password>")
    return (
        f"Abandoned: {names}. A registered player not in the game may take "
        f"{'it' if len(powers) == 1 else 'one'} over by mail: {line}."
    )


def takeover_line(game: Game, code: str) -> str:
    """The SIGNON line that takes the power over: ``SIGNON Fgame1 <password>``, or
    ``SIGNON england2@game1 <password>`` where its initial is shared (Root Z), since
    a shared initial signs on for no power."""
    return signon_line(code, game.name, game_variant(game)) or f"SIGNON ?{game.name} <password>"


def count_missed(
    session: Session, game: Game, owing: set[str], ordered: set[str], passed: bool = True
) -> list[str]:
    """At the processing of a phase: count a missed deadline for each playing power
    that owed orders and gave none (orders reset the count), unless the deadline had
    not ``passed`` (a master's PROCESS before it: nobody missed it); with SET ABANDON
    <n>, a player who has now missed n in a row abandons the power.  The powers
    abandoned now."""
    rows = session.exec(select(Player).where(Player.game_id == game.id)).all()
    now_abandoned = []
    for player in rows:
        if player.status != PLAYING or player.power not in owing:
            continue
        if player.power in ordered:
            player.missed = 0
        elif passed:
            player.missed += 1
        if game.abandon_after and player.missed >= game.abandon_after:
            player.status = ABANDONED
            now_abandoned.append(player.power)
        session.add(player)
    return now_abandoned


def missed_counts(session: Session, game: Game) -> str:
    """The counts of missed deadlines to keep with a phase's snapshot, as JSON: for
    each power played now, its player's account and the count."""
    rows = session.exec(
        select(Player).where(Player.game_id == game.id, Player.status == PLAYING)
    ).all()
    return json.dumps({p.power: [p.account_id, p.missed] for p in rows}, sort_keys=True)


def restore_missed(session: Session, game: Game, kept: str | None) -> list[str]:
    """At a ROLLBACK to a snapshot: give each power its count of missed deadlines as
    ``kept`` (:func:`missed_counts`) holds it, and its player back to a power that
    player lost to SET ABANDON since (a phase now undone).  A power that changed hands
    since keeps its count.  A snapshot kept without counts (``None``, from before
    they were kept) sets the count of every power still played to 0: the undone
    phases cannot be told from the others, and no player should be abandoned for a
    phase that no longer exists.  The powers whose players are back."""
    saved = json.loads(kept) if kept else None
    back = []
    for player in session.exec(select(Player).where(Player.game_id == game.id)):
        if saved is None:
            if player.status == PLAYING:
                player.missed = 0
                session.add(player)
            continue
        account, count = saved.get(player.power, (None, 0))
        if account != player.account_id:
            continue
        player.missed = count
        if player.status == ABANDONED:
            player.status = PLAYING
            back.append(player.power)
        session.add(player)
    return back


def left_since(session: Session, game: Game, kept: str | None) -> list[Player]:
    """At a ROLLBACK to a snapshot: the seats whose player played them when ``kept``
    (:func:`missed_counts`) was taken and has resigned or been ejected since.  Those
    stay out: a person's decision is no result of the phases undone."""
    saved = json.loads(kept) if kept else {}
    gone = select(Player).where(
        Player.game_id == game.id, col(Player.status).in_((RESIGNED, EJECTED))
    )
    return [p for p in session.exec(gone) if saved.get(p.power, (None, 0))[0] == p.account_id]


def changed_hands(session: Session, game: Game, kept: str | None) -> list[str]:
    """At a ROLLBACK to a snapshot: the powers played when ``kept`` was taken that
    another player plays now (a takeover or a REPLACE since), in the variant's order."""
    saved = json.loads(kept) if kept else {}
    rows = session.exec(select(Player).where(Player.game_id == game.id, Player.status == PLAYING))
    moved = {p.power for p in rows if p.power in saved and saved[p.power][0] != p.account_id}
    return [p.name for p in game_powers(game) if p.code in moved]


def not_undone_sentence(game: Game, seats: list[Player]) -> str | None:
    """What a ROLLBACK left as it was (:func:`left_since`), for its mail and the
    master's reply; None when nobody left."""
    parts = []
    left = ((RESIGNED, "resigned", "resigned"), (EJECTED, "was ejected", "were ejected"))
    for status, verb, verbs in left:
        mine = [p for p in seats if p.status == status]
        if not mine:
            continue
        names = [p.name for p in game_powers(game) if p.code in {s.power for s in mine}]
        one = len({p.account_id for p in mine}) == 1
        parts.append(
            f"the player{'' if one else 's'} of {names_listed(names)} {verb if one else verbs}"
        )
    if not parts:
        return None
    powers = "it stays" if len(seats) == 1 else "those powers stay"
    return (
        f"Not undone: {' and '.join(parts)} in a phase now undone; they stay out of the "
        f"game, and {powers} in civil disorder until the master's REPLACE or a takeover "
        f"by a registered player not in the game."
    )
