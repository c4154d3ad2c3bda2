"""The map pictures of the web pages: the same pictures the mails carry, drawn once
and kept in memory (a processed phase never changes; the position now is drawn again
only when the game changed)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from sqlmodel import Session

from judge.game.processing import board_picture, past_phase_picture, position_picture_now
from judge.store.models import Game
from judge.web.cache import Memo


class Pictures:
    """PNG bytes of a game's maps, remembered by what they show."""

    def __init__(self, size: int = 256) -> None:
        self._memo: Memo[bytes | None] = Memo(size)

    def now(self, game: Game) -> bytes | None:
        """The position now (every board of a multiverse game, as a grid)."""
        key = ("now", game.id, game.version)
        return self._memo.get(key, lambda: _png(position_picture_now(game)))

    def phase(
        self, session: Session, game: Game, number: int, phase: str, stamp: Hashable
    ) -> bytes | None:
        """A processed phase with its orders and their results; ``stamp`` tells this
        processing of the phase from an earlier one undone by a rollback."""
        key = ("phase", game.id, number, phase, stamp)
        return self._memo.get(key, lambda: _png(past_phase_picture(session, game, phase)))

    def board(self, game: Game, board: Mapping[str, Any]) -> bytes | None:
        """One board of a multiverse world, at the size of a standard game's map,
        titled with its own turn and timeline as the game names them."""
        key = ("board", game.id, game.version, board.get("timeline"), board.get("phase"))
        return self._memo.get(key, lambda: _png(board_picture(game, board)))


def _png(picture: Any) -> bytes | None:
    return None if picture is None else bytes(picture.png)
