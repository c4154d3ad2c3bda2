"""Sign-offs after the last order: "Thanks!", "Cheers, Alice", "Sent from my iPhone",
a bare name.  Mail programs and people add them without a ``--`` line; they are
listed as ignored instead of refused, so a clean order mail raises no error flag.

Only lines after the last command or order-like line count, and only those with no
word an order could be made of (a unit type, a place, an order keyword or sign, a
multiverse location); anything that looks like an order is still read, and refused
with its reason when it is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from judge.commands.base import OTHER, Statement
from judge.variant.data import Variant, load_variant

IGNORED_SIGN_OFF = "ignored: not an order (a greeting or signature?)"

_ORDER_WORDS = {
    "army",
    "fleet",
    "hold",
    "holds",
    "move",
    "moves",
    "support",
    "supports",
    "convoy",
    "convoys",
    "retreat",
    "retreats",
    "disband",
    "disbands",
    "build",
    "builds",
    "remove",
    "removes",
    "waive",
    "waives",
}
_SIGNS = re.compile(r"->|=>|\s-\s|^-|-$|\b\d+:[a-z]")
# Words, with their digits (Root Z's ``Mar1``, ``Marseilles 1``), and numbers.
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'-]*|\d+")
_DIGITS = re.compile(r"\d")


def looks_like_order(text: str, variant: Variant) -> bool:
    """Whether a line holds anything an order is made of."""
    if _SIGNS.search(text):
        return True
    words = _WORD.findall(text)
    for i, word in enumerate(words):
        if word.lower() in _ORDER_WORDS:
            return True
        for size in (1, 2, 3):  # "North Sea", "Gulf of Lyon", "Mar 1"
            if i + size <= len(words) and _names_province(words[i : i + size], variant):
                return True
    return False


def _names_province(words: Sequence[str], variant: Variant) -> bool:
    """Whether the words name a province, as written or without their digits."""
    phrase = " ".join(words)
    bare = " ".join(_DIGITS.sub("", phrase).split())
    return bool(variant.lookup_province(phrase) or (bare and variant.lookup_province(bare)))


def sign_off_start(statements: Sequence[Statement], variant_name: str) -> int:
    """The index from which every statement is a sign-off line (``len`` when none)."""
    variant = load_variant(variant_name)
    start = len(statements)
    while start > 0:
        stmt = statements[start - 1]
        if stmt.kind != OTHER or looks_like_order(stmt.text, variant):
            break
        start -= 1
    return start
