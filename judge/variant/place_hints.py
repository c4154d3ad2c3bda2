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


def numbered_copies(names: Mapping[str, str], word: str) -> dict[str, str]:
    """The provinces ``word`` names but for the number after it, by number: on a map
    of two boards (Root Z) ``vie`` and ``vienna`` -> ``{"1": "vie1", "2": "vie2"}``;
    empty when there are not several."""
    word = word.lower()
    found: dict[str, str] = {}
    for code, name in names.items():
        number = code[len(code.rstrip("0123456789")) :]
        if number and word in (code[: -len(number)], name.lower().removesuffix(number).rstrip()):
            found[number] = code
    return found if len(found) > 1 else {}


def on_several_boards(names: Mapping[str, str], written: str, order: str) -> str:
    """Why a word of ``order`` that names a province on each board (``Vie`` of ``A
    Vie-Gal``) is refused, with the forms to write: ``'Vie' is on both boards (Vie1
    and Vie2): write the board's number, e.g. A Vie1-Gal1 or A Vie2-Gal2``.  Empty
    when the word (or a part of it between hyphens) names no such province."""
    for part in written.split("-"):
        copies = numbered_copies(names, part)
        if copies:
            break
    else:
        return ""
    boards = "both boards" if len(copies) == 2 else f"{len(copies)} boards"
    listed = " and ".join(_numbered(part, number, names) for number in copies)
    forms = " or ".join(_numbered_order(order, number, names) for number in copies)
    return f"'{part}' is on {boards} ({listed}): write the board's number, e.g. {forms}"


def _numbered(word: str, number: str, names: Mapping[str, str]) -> str:
    """``word`` with the board's number, as its province is written: ``Vie1``,
    ``Vienna 1``."""
    return word + number if (word + number).lower() in names else f"{word} {number}"


def _numbered_order(order: str, number: str, names: Mapping[str, str]) -> str:
    """``order`` with every word that names a province on each board given the
    board's ``number`` (``A Vie-Gal`` -> ``A Vie1-Gal1``)."""
    words = []
    for word in order.split(" "):
        parts = [
            _numbered(part, number, names) if numbered_copies(names, part) else part
            for part in word.split("-")
        ]
        words.append("-".join(parts))
    return " ".join(words)
