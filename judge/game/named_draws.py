"""njudge's draws by name in a NoDIAS game (data/draws 22-41): each voter names
the powers of the draw he accepts.  A voter in his own list accepts every part of
it that includes him; a voter not in it accepts every part of it, with or without
himself.  A draw passes when every voter accepts it, and of those the largest."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class NamedVote:
    """One voter's ballot: his power and the powers he named (empty: no vote)."""

    power: str
    powers: frozenset[str]


def agreed_draw(survivors: Iterable[str], votes: Iterable[NamedVote]) -> frozenset[str] | None:
    """The largest draw every voter accepts, among the surviving powers; None when
    a voter has not voted or no draw is accepted by all."""
    largest = frozenset(survivors)
    needed: set[str] = set()
    ballots = list(votes)
    if not ballots:
        return None
    for vote in ballots:
        if not vote.powers:
            return None
        if vote.power in vote.powers:
            largest &= vote.powers
            needed.add(vote.power)  # he accepts only draws that include him
        else:
            largest &= vote.powers | {vote.power}
    if not largest or not needed <= largest:
        return None
    return largest
