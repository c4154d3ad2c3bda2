"""The judge's own tags in a subject a player replies to, taken out before the reply's
tags are added, so a reply subject never repeats them: ``Re:``/``Aw:``/``Fwd:``
prefixes, ``[Error Flag]``, ``[You are late!]``, ``PREVIEW``, ``CODE:game - S1901M``
and ``game - S1901M`` (a 5dplomacy game's ``game - Spring02``), wherever they stand."""

from __future__ import annotations

import re

_REPLY_PREFIX = re.compile(r"^\s*(?:(?:re|aw|sv|fw|fwd|wg)\s*(?:\[\d+\])?\s*:\s*)+", re.IGNORECASE)
_TAGS = re.compile(
    r"\[(?:error flag|you are late!?)\]"  # the judge's bracketed flags
    r"|(?:\bPREVIEW\s+)?\b[\w.-]+:[\w.-]+ - [A-Z]\d{3,4}[A-Z]\b"  # CODE:game - S1901M
    r"|\b[\w.-]+ - [A-Z]\d{3,4}[A-Z]\b"  # game - S1901M
    # a 5dplomacy game's turn: CODE:game - Spring02-builds
    r"|(?:\bPREVIEW\s+)?\b(?:[\w.-]+:)?[\w.-]+ - (?:Spring|Fall)\d{2,4}(?:-[a-z]+)?(?!\w)",
    re.IGNORECASE,
)


def strip_judge_tags(subject: str) -> str:
    """``subject`` without reply prefixes and without the tags the judge puts in its
    own subjects; spaces collapsed."""
    text = " ".join(subject.split())
    previous = None
    while previous != text:
        previous = text
        text = _REPLY_PREFIX.sub("", text)
        text = " ".join(_TAGS.sub(" ", text).split())
    return text.strip(" -:")
