"""Phase codes in words: ``S1901M`` is the movement phase of ``Spring of 1901``."""

from __future__ import annotations

SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter", "U": "Summer", "A": "Autumn"}
PHASE_KINDS = {"M": "movement", "R": "retreats", "A": "adjustments", "B": "adjustments"}
RESULT_TITLES = {
    "movement": "Movement results",
    "retreats": "Retreat results",
    "adjustments": "Adjustment results",
}
NEXT_WORDS = {"movement": "Movement", "retreats": "Retreats", "adjustments": "Adjustments"}
SEASON_ORDER = {"S": 0, "F": 1, "W": 2}


def phase_kind(phase: str) -> str:
    """``movement``, ``retreats`` or ``adjustments`` for a code like ``S1901M``."""
    return PHASE_KINDS[phase.strip().upper()[-1]]


def phase_season(phase: str) -> str:
    """``Spring of 1901`` for ``S1901M``."""
    code = phase.strip().upper()
    return f"{SEASONS.get(code[0], code[0])} of {code[1:-1]}"


def phase_phrase(phase: str) -> str:
    """``the Spring 1901 movement phase`` for ``S1901M``, for running text."""
    code = phase.strip().upper()
    kind = {"movement": "movement", "retreats": "retreat", "adjustments": "adjustment"}
    return f"the {SEASONS.get(code[0], code[0])} {code[1:-1]} {kind[phase_kind(code)]} phase"


def describe_phase(phase: str) -> str:
    """``Retreats for Fall of 1901`` for ``F1901R``."""
    return f"{NEXT_WORDS[phase_kind(phase)]} for {phase_season(phase)}"
