"""Short texts for locations and boards, used in canonical orders and messages."""

from __future__ import annotations

from judge.rules.multiverse.keys import BoardKey, MLoc, turn_text


def loc_text(loc: MLoc) -> str:
    """The canonical triple ``timeline:location:turn``, e.g. ``2:spa/nc:F1902``."""
    return f"{loc.timeline}:{loc.loc}:{turn_text(loc.year, loc.season)}"


def board_text(key: BoardKey) -> str:
    """A board as players see it, e.g. ``timeline 2, F1902``."""
    return f"timeline {key.timeline}, {turn_text(key.year, key.season)}"
