"""Private games and access lists: who may see a game and who may enter it.

njudge's forms (``data/index``, ``data/master``; research notes njudge-forms.md §7):

* ``SET NOLIST`` (also ``SET PRIVATE``) makes a game **private**: it is left out of
  ``LIST`` and of the web pages, and to a stranger the game does not exist (``LIST
  <game>``, ``HISTORY``, ``SUMMARY``, ``MAP``, ``OBSERVE`` answer "there is no game
  called ..."). The game's people are no strangers: its master, its players (also
  those who left), its applicants and observers, and the addresses on its allow list.
  ``JOIN`` still finds it by name: a master invites players by telling them the name
  (njudge's unlisted games are joined the same way), and the lists below decide.
* ``SET ALLOW PLAYER <address>``: once the allow list holds an address, only the
  addresses on it may join, observe or take over a power.
* ``SET DENY PLAYER <address>``: those addresses may not; the deny list is not read
  when an allow list exists (njudge ``users.c``).
"""

from __future__ import annotations

import json

from sqlmodel import Session, select

from judge.store.models import Account, Applicant, Game, Observer, Player

ALLOW = "allow"
DENY = "deny"

# njudge's refusal (ml_signon.c), word for word.
RESTRICTED = "The master has restricted access to this game.  You are not allowed to sign on."


def access_list(game: Game, which: str) -> list[str]:
    """The game's allow or deny list: lower-case addresses, in the order added."""
    text = game.allow_players if which == ALLOW else game.deny_players
    return [str(a) for a in json.loads(text or "[]")]


def set_access_list(game: Game, which: str, addresses: list[str]) -> None:
    """Store the game's allow or deny list."""
    text = json.dumps(addresses)
    if which == ALLOW:
        game.allow_players = text
    else:
        game.deny_players = text


def access_refusal(game: Game, address: str) -> str | None:
    """Why ``address`` may not join, observe or take over a power of the game (the
    allow list, else the deny list), or None when it may."""
    address = address.strip().lower()
    allowed = access_list(game, ALLOW)
    if allowed:
        return None if address in allowed else RESTRICTED
    return RESTRICTED if address in access_list(game, DENY) else None


def is_insider(session: Session, game: Game, address: str) -> bool:
    """Whether ``address`` belongs to the game: its master, a player (present or
    past), an applicant, an observer, or an address on its allow list."""
    address = address.strip().lower()
    if game.master_address.lower() == address or address in access_list(game, ALLOW):
        return True
    for table in (Player, Applicant, Observer):
        query = (
            select(table.id)
            .join(Account, Account.id == table.account_id)  # type: ignore[arg-type]
            .where(table.game_id == game.id, Account.address == address)
        )
        if session.exec(query).first() is not None:
            return True
    return False


def hidden_from(session: Session, game: Game, address: str) -> bool:
    """Whether the game is private and ``address`` a stranger to it: the game must
    then look, to that address, as if it did not exist."""
    return game.unlisted and not is_insider(session, game, address)
