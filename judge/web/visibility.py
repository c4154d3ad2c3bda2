"""What the public may see of a game on the web: one place for every such rule.

* a game is on the web unless it is private or unlisted (:func:`listed`);
* players' names only where the game's anonymity allows (:func:`shows_players`):
  never while an anonymous game runs; addresses never;
* press: broadcasts only, and a grey sender never named (:func:`press_sender`,
  the rule HISTORY follows too: judge.commands.broadcasts);
* orders: only those of processed phases, as their results reports give them (the
  pages read nothing else of the orders, except a player's own on their private page).
"""

from __future__ import annotations

from judge.commands.broadcasts import ANONYMOUS_SENDER, press_sender
from judge.store.models import FINISHED, Game

__all__ = ["ANONYMOUS_SENDER", "listed", "press_sender", "shows_players"]


def listed(game: Game) -> bool:
    """Whether the game appears on the web at all (index, pages, pictures, feed).

    A private game (its master's SET NOLIST, judge.game.privacy) is not."""
    return not game.unlisted


def shows_players(game: Game) -> bool:
    """Whether players' names may be shown: not while an anonymous game runs."""
    return not game.anonymous or game.status == FINISHED
