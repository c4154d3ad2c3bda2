"""Private games (njudge's SET NOLIST, SET ALLOW PLAYER, SET DENY PLAYER): who may
enter a game, and who may see it.

* Entry (JOIN, OBSERVE, takeover): once the game's allow list has an address, only
  its addresses; else anyone but the deny list's (njudge's users.c, ml_signon.c).
* Sight: an unlisted game (``Game.unlisted``) is left out of LIST, and its state,
  history, summary and map are shown only to the people in it (players, applicants,
  observers, its master); to others it is as if it did not exist.
"""

from __future__ import annotations

from sqlmodel import Session, select

from judge.store.models import Account, Applicant, Game, Observer, Player

# njudge's words (ml_signon.c)
RESTRICTED = "the master has restricted access to this game: you are not allowed to sign on"


def addresses(text: str) -> list[str]:
    """The addresses of an allow or deny list."""
    return [line.strip().lower() for line in text.splitlines() if line.strip()]


def entry_refusal(game: Game, address: str) -> str | None:
    """Why ``address`` may not join, observe or take over a power of ``game``, or None."""
    allowed = addresses(game.allowed)
    if allowed:
        return None if address.lower() in allowed else RESTRICTED
    return RESTRICTED if address.lower() in addresses(game.denied) else None


def is_insider(session: Session, game: Game, address: str) -> bool:
    """Whether ``address`` is in the game: its master, a player, applicant or observer."""
    if game.master_address and game.master_address.lower() == address.lower():
        return True
    for table in (Player, Applicant, Observer):
        row = session.exec(
            select(table.id).where(
                table.game_id == game.id,
                table.account_id == Account.id,
                Account.address == address.lower(),
            )
        ).first()
        if row is not None:
            return True
    return False


def hidden_from(session: Session, game: Game, address: str) -> bool:
    """Whether the game is private and ``address`` is not in it."""
    return game.unlisted and not is_insider(session, game, address)
