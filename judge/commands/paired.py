"""A player who holds several powers of one game (Root Z's seven-player game, two
powers a player): one SIGNON signs them on for all of them, and each order line is
given to the power whose unit (or build site) it names.

A player's powers are those the game's position groups together (its ``players``,
written at the start by a ruleset that seats several powers a player) that the same
account still plays; in every other game a player holds one power, and nothing here
changes what a mail does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlmodel import Session, select

from judge.game.games import game_powers, game_variant, power_name
from judge.orders.reader import OrderSyntaxError
from judge.orders.text import parse_order
from judge.reports.notices import signon_line as signon_for
from judge.store.models import PLAYING, Game, Player
from judge.variant.data import load_variant


def in_power_order(game: Game, seats: Sequence[Player]) -> list[Player]:
    """``seats`` in the variant's order of powers."""
    order = [p.code for p in game_powers(game)]
    return sorted(seats, key=lambda s: order.index(s.power) if s.power in order else len(order))


def _groups(game: Game) -> list[set[str]]:
    """The groups of powers one player holds, as the game's position names them."""
    players = game.position_view().get("players")
    if not isinstance(players, dict):
        return []
    return [{str(p) for p in powers} for powers in players.values() if isinstance(powers, list)]


def names_players(game: Game) -> bool:
    """Whether the game's position groups its powers by player (a game started
    with several powers a seat): its players sign on with the game's name alone."""
    return bool(_groups(game))


def playing_seats(session: Session, game: Game, account_id: int | None) -> list[Player]:
    """The seats of ``game`` the account still plays, in the variant's order."""
    if account_id is None:
        return []
    rows = session.exec(
        select(Player).where(
            Player.game_id == game.id, Player.account_id == account_id, Player.status == PLAYING
        )
    )
    return in_power_order(game, list(rows))


def signon_line(session: Session, game: Game, account_id: int | None, power: str) -> str:
    """The SIGNON line that signs the account on for ``power`` (and the powers it
    holds with it): the game's name alone where the position names its players
    and the account plays a whole group or a single power there, else the power's
    own target (``Fgame1``, or ``england2@game1`` when its initial is shared)."""
    seats = playing_seats(session, game, account_id)
    if names_players(game) and (held_seats(session, game, account_id) or len(seats) == 1):
        return f"SIGNON {game.name} <password>"
    return signon_for(power, game.name, game_variant(game)) or f"SIGNON {game.name} <password>"


def held_seats(session: Session, game: Game, account_id: int | None) -> list[Player]:
    """The seats of one group of ``game`` that the account plays in full (several
    powers, all still played by it), in the variant's order; empty otherwise."""
    groups = [group for group in _groups(game) if len(group) > 1]
    if account_id is None or not groups:
        return []
    seats = {seat.power: seat for seat in playing_seats(session, game, account_id)}
    for group in groups:
        if group <= set(seats):
            return in_power_order(game, [seats[power] for power in group])
    return []


def partners_of(session: Session, game: Game, player: Player) -> list[Player]:
    """The other powers of the group of ``player`` that its player still plays."""
    if player.status != PLAYING:
        return []
    seats = held_seats(session, game, player.account_id)
    if player.power not in {seat.power for seat in seats}:
        return []
    return [seat for seat in seats if seat.power != player.power]


def seats_name(game: Game, seats: Sequence[Player]) -> str:
    """``France 1 and England 2`` (one power: its name)."""
    return " and ".join(power_name(game, s.power) for s in in_power_order(game, seats))


def named_owner(position: dict[str, Any], text: str, powers: Sequence[str]) -> str | None:
    """The power among ``powers`` whose unit (or, in an adjustment phase, home centre)
    the order ``text`` names first; None when it names none of theirs or cannot be read."""
    variant = load_variant(position.get("variant", "standard"))
    try:
        parsed = parse_order(variant, text)
    except OrderSyntaxError:
        return None
    if parsed.place is None:
        return None
    province = str(parsed.place.province).split("/")[0].lower()
    pool = position.get("dislodged") if position.get("phase", "")[-1:] == "R" else None
    for unit in pool or position.get("units") or []:
        if str(unit.get("province", "")).split("/")[0].lower() == province:
            owner = str(unit.get("power", ""))
            return owner if owner in powers else None
    for power in powers:
        homes = getattr(variant.powers.get(power), "home_centers", None) or ()
        if province in {str(h).lower() for h in homes}:
            return power
    return None
