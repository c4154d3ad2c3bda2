"""What the votes to end a game agree on (SET DRAW, SET CONCEDE), from the seats'
votes alone: a draw (every surviving power in a DIAS game; the largest draw every
voter accepts in a NoDIAS game, judge.game.named_draws) or a concession to the
largest side.  Pure: :mod:`judge.game.votes` asks it of a running game, and
:mod:`judge.game.results` of a game finished before its results were kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from judge.game.named_draws import NamedVote, agreed_draw
from judge.rules.base import Ruleset

Voter = TypeVar("Voter")


class Ballot(Protocol):
    """A seat's votes to end the game (a Player, or a stored row of one)."""

    power: str
    status: str
    draw: bool
    concede: bool
    draw_powers: str


def not_voted(voting: Sequence[Voter], flag: str) -> list[Voter]:
    """The voters who have not voted ``flag`` (a Player column: ``draw``, ``pause``):
    a vote passes when this is empty."""
    return [p for p in voting if not getattr(p, flag)]


@dataclass(frozen=True)
class Agreement:
    """The end the votes agree on: a draw of ``powers``, or a concession to them."""

    draw: bool
    powers: frozenset[str]

    @property
    def won(self) -> frozenset[str]:
        """The powers that won (a concession's)."""
        return frozenset() if self.draw else self.powers

    @property
    def drawn(self) -> frozenset[str]:
        """The powers of the draw."""
        return self.powers if self.draw else frozenset()


def _drawn(dias: bool, voting: Sequence[Ballot], alive: set[str]) -> frozenset[str] | None:
    """The powers of the draw the votes agree on, or None."""
    if not_voted(voting, "draw"):
        return None
    if dias:
        return frozenset(alive)
    ballots = [
        NamedVote(p.power, frozenset(filter(None, p.draw_powers.split(",")))) for p in voting
    ]
    return agreed_draw(alive, ballots)


def agreement(
    rules: Ruleset, doc: Mapping[str, Any], dias: bool, voting: Sequence[Ballot]
) -> Agreement | None:
    """The end the ``voting`` seats (still played, their power surviving) agree on
    in a game standing at ``doc``: a draw, else a concession to the largest side
    every other voter conceded to; None when they agree on none."""
    if not voting:
        return None
    drawn = _drawn(dias, voting, rules.survivors(doc))
    if drawn:
        return Agreement(True, frozenset(drawn))
    side = rules.largest_side(doc) or ()
    others = [p for p in voting if p.power not in side]
    played = {p.power for p in voting}
    if played & set(side) and others and not not_voted(others, "concede"):
        return Agreement(False, frozenset(side))
    return None
