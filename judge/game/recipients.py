"""Who receives a game's mail, and queueing mail to them.

Every announcement, report, reminder and notice of a game goes through here, so
that "everyone in the game" means the same thing everywhere: the players still
playing, the observers, and the game master.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from sqlmodel import Session, select

from judge.mail.outgoing import Author, judge_mail
from judge.store.mail import enqueue
from judge.store.models import PLAYING, Account, Game, Observer, Player

if TYPE_CHECKING:
    from judge.mail.outgoing import MailPicture

PLAYER = "player"
OBSERVER = "observer"
MASTER = "master"
ROLES = (PLAYER, OBSERVER, MASTER)


def game_mail_subject(author: Author, game: Game, what: str) -> str:
    """``USIN:alpha - <what>``: the subject of a mail about a game, begun by the
    judge's code as reports begin theirs (judge.reports.game_subject)."""
    from judge.reports import ReportSettings, game_subject

    return game_subject(ReportSettings(game=game.name, judge_code=author.code), what)


@dataclass(frozen=True)
class Recipient:
    """One person to mail about a game, with the zone their times are shown in."""

    address: str
    role: str  # PLAYER, OBSERVER or MASTER
    zone: str = "UTC"
    power: str | None = None  # the power code, for players
    # Every power the address plays in the game (two for a Root Z player), in power
    # code order: ``power`` is the first.
    powers: tuple[str, ...] = ()


def _account_zone(session: Session, address: str) -> str:
    account = session.exec(select(Account).where(Account.address == address.lower())).first()
    return account.time_zone if account is not None and account.time_zone else "UTC"


def game_recipients(session: Session, game: Game, roles: Iterable[str] = ROLES) -> list[Recipient]:
    """The game's players (still playing), observers and master, in that order,
    restricted to ``roles``; an address appears once, with its first role."""
    wanted = set(roles)
    found: list[Recipient] = []
    seen: dict[str, int] = {}

    def add(address: str, role: str, zone: str, power: str | None = None) -> None:
        key = address.lower()
        if address and key not in seen:
            seen[key] = len(found)
            powers = (power,) if power else ()
            found.append(Recipient(address, role, zone or "UTC", power, powers))
        elif address and power and found[seen[key]].role == PLAYER:
            # One mail to a player holding several powers: note the others.
            first = found[seen[key]]
            found[seen[key]] = replace(first, powers=(*first.powers, power))

    if PLAYER in wanted:
        rows = session.exec(
            select(Player, Account)
            .where(Player.game_id == game.id, Player.status == PLAYING)
            .where(Player.account_id == Account.id)
            .order_by(Player.power)
        )
        for player, account in rows:
            add(account.address, PLAYER, account.time_zone, player.power)
    if OBSERVER in wanted:
        rows = session.exec(
            select(Observer, Account)
            .where(Observer.game_id == game.id)
            .where(Observer.account_id == Account.id)
            .order_by(Account.address)
        )
        for _observer, account in rows:
            add(account.address, OBSERVER, account.time_zone)
    if MASTER in wanted and game.master_address:
        add(game.master_address, MASTER, _account_zone(session, game.master_address))
    return found


def send(
    session: Session,
    author: Author,
    to: str,
    subject: str,
    body: str,
    html: str | None = None,
    picture: MailPicture | None = None,
) -> None:
    """Queue one mail in the outbox, in the caller's transaction; with ``picture``, the
    map goes inline in the HTML part and as an attachment (judge.mail.outgoing)."""
    enqueue(session, judge_mail(author, to, subject, body, html=html, picture=picture))


def announce(
    session: Session,
    author: Author,
    game: Game,
    subject: str,
    body: str,
    *,
    roles: Iterable[str] = ROLES,
    exclude: Iterable[str] = (),
) -> list[Recipient]:
    """Queue the same text mail to everyone in the game (one mail each); returns them."""
    skip = {address.lower() for address in exclude}
    sent = []
    for recipient in game_recipients(session, game, roles):
        if recipient.address.lower() in skip:
            continue
        send(session, author, recipient.address, subject, body)
        sent.append(recipient)
    return sent
