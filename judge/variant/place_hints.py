"""The closest province names to a mistyped word, for refusals: ``'Srb' is not a
province (did you mean Serbia (Ser)?)``."""

from __future__ import annotations

import difflib
from collections.abc import Mapping


def _in_order(word: str, text: str) -> bool:
    """Whether the letters of ``word`` appear in ``text`` in the same order (srb, serbia)."""
    rest = iter(text)
    return all(letter in rest for letter in word)


def neighbours_swapped(word: str, text: str) -> bool:
    """Whether ``text`` is ``word`` with two neighbouring letters swapped (mra, mar):
    the commonest slip of the fingers."""
    if len(word) != len(text) or word == text:
        return False
    differ = [i for i, (a, b) in enumerate(zip(word, text, strict=True)) if a != b]
    return (
        len(differ) == 2
        and differ[1] == differ[0] + 1
        and word[differ[0]] == text[differ[1]]
        and word[differ[1]] == text[differ[0]]
    )


def closest_names(names: Mapping[str, str], word: str, limit: int = 3) -> str:
    """`` (did you mean Serbia (Ser)?)`` for a mistyped province, from ``names``
    (province code -> name); empty when nothing is close.  A name or code the word
    is with two neighbouring letters swapped ranks first, then names whose letters
    hold the word's in order; only names about as close as the closest show."""
    word = word.lower()
    scores: dict[str, float] = {}
    for code, name in names.items():
        for text in (code, name.lower()):
            score = difflib.SequenceMatcher(None, word, text).ratio()
            score += 0.3 * _in_order(word, text) + 0.1 * (text[:1] == word[:1])
            score += 0.5 * neighbours_swapped(word, text)
            scores[code] = max(scores.get(code, 0.0), score)
    top = max(scores.values(), default=0.0)
    floor = max(0.6, top - 0.15)
    best = sorted((c for c in scores if scores[c] >= floor), key=lambda c: -scores[c])[:limit]
    if not best:
        return ""
    shown = [f"{names[c]} ({c.capitalize()})" for c in best]
    return f" (did you mean {' or '.join(shown)}?)"
