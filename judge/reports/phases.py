"""Phase codes in words: ``S1901M`` is the movement phase of ``Spring of 1901``.

The codes are read by :class:`judge.engine.phase.Phase`: the classic ``F1901B`` for
winter adjustments too, and the step codes of multiverse games (``W1901M``)."""

from __future__ import annotations

from judge.engine.phase import SEASON_NAMES, Phase

RESULT_TITLES = {
    "movement": "Movement results",
    "retreats": "Retreat results",
    "adjustments": "Adjustment results",
}
NEXT_WORDS = {"movement": "Movement", "retreats": "Retreats", "adjustments": "Adjustments"}


def _read(phase: str) -> Phase:
    return Phase.parse(phase, classic=True, mixed=True)


def phase_kind(phase: str) -> str:
    """``movement``, ``retreats`` or ``adjustments`` for a code like ``S1901M``."""
    return _read(phase).kind_word


def phase_season(phase: str) -> str:
    """``Spring of 1901`` for ``S1901M``."""
    found = _read(phase)
    return f"{SEASON_NAMES[found.season]} of {found.year}"


def phase_phrase(phase: str) -> str:
    """``the Spring 1901 movement phase`` for ``S1901M``, for running text."""
    found = _read(phase)
    kind = {"M": "movement", "R": "retreat", "A": "adjustment"}[found.kind]
    return f"the {SEASON_NAMES[found.season]} {found.year} {kind} phase"


def describe_phase(phase: str) -> str:
    """``Retreats for Fall of 1901`` for ``F1901R``."""
    return f"{NEXT_WORDS[phase_kind(phase)]} for {phase_season(phase)}"
