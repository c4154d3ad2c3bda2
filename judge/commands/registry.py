"""The table of known commands, and matching a line against it.

Keywords are matched case-insensitively on the first one to five words of a line,
with the spaces between them optional: ``SIGNON``, ``Sign on`` and ``SIGN  ON`` are the
same keyword.  Later issues add commands with :func:`register`.
"""

from __future__ import annotations

from judge.commands.base import Command
from judge.variant.place_hints import neighbours_swapped

_BY_KEY: dict[str, type[Command]] = {}
_ORDERED: list[type[Command]] = []
# First words that only ever start commands: a line starting with one of them that
# matches nothing is an unknown command, not an order.
COMMAND_FAMILIES = ("SET",)
# The most words a keyword has (njudge's SET NO WATCH ALL PRESS); no longer one is
# registered (tests/commands/test_registry_keywords.py).
_MAX_WORDS = 5


def squash(words: list[str] | tuple[str, ...]) -> str:
    """The matching key of a keyword: words joined without spaces, upper-cased."""
    return "".join(words).upper()


def register(cls: type[Command]) -> type[Command]:
    """Add a command class to the registry (usable as a class decorator)."""
    for name in (cls.keyword, *cls.aliases):
        if not name:
            continue
        key = squash(name.split())
        other = _BY_KEY.get(key)
        if other is not None and other is not cls:
            raise ValueError(f"keyword {name!r} is already taken by {other.__name__}")
        _BY_KEY[key] = cls
    if cls not in _ORDERED:
        _ORDERED.append(cls)
    return cls


def all_commands() -> list[type[Command]]:
    """Every registered command class, in HELP order."""
    return sorted(_ORDERED, key=lambda cls: cls.rank)


def find(name: str) -> type[Command] | None:
    """The command with this keyword or alias, if any."""
    return _BY_KEY.get(squash(name.split()))


def match(line: str) -> tuple[type[Command], str] | None:
    """The command a line starts with and the rest of the line, or None."""
    words = line.split()
    for count in range(min(_MAX_WORDS, len(words)), 0, -1):
        key = squash(words[:count])
        cls = _BY_KEY.get(key)
        if cls is None and key.endswith(":"):
            cls = _BY_KEY.get(key[:-1])  # "SIGNON: Fgame1 secret"
            cls = cls if cls is not None and cls.colon_after else None
        if cls is not None and cls.claims(" ".join(words[count:])):
            return cls, " ".join(words[count:])
    # a misspelt keyword with its words: "SINGON Fgame1 secret", or one with a colon
    # that takes none: "JOIN: beta secret" (few commands allow it)
    for cls in (cls for cls in _ORDERED if cls.misspelt_too):
        size = len(cls.keyword.split())
        written = squash(words[:size])
        typed, rest = written.rstrip(":"), " ".join(words[size:])
        keyword = squash(cls.keyword.split())
        slip = _one_slip(typed, keyword) or (typed == keyword and written != typed)
        if slip and typed not in cls.not_slips and cls.claims_misspelt(rest):
            return cls, rest
    return None


def near_miss(line: str) -> tuple[type[Command], str] | None:
    """The command whose one-word keyword (four letters or more) the line's first
    word is with one slip (``PAUES``, ``OBSERV``), and the rest of the line; else
    None.  For the reply to such a line: a master's typo is refused, not passed
    over, and a password after it is never quoted back."""
    first, _, rest = line.strip().partition(" ")
    typed = first.upper().rstrip(":")
    for cls in _ORDERED:
        if typed in cls.not_slips or cls.greets is not Command.greets:
            continue  # a word of its own, or a keyword that is also a greeting (HELLO)
        for name in (cls.keyword, *cls.aliases):
            key = name.upper()
            inflected = typed in (key + "S", key + "D")  # "Paused for the holidays"
            near = _one_slip(typed, key) and not inflected
            if " " not in name and len(name) >= 4 and (near or key + ":" == first.upper()):
                return cls, rest.strip()
    return None


def _one_slip(word: str, keyword: str) -> bool:
    """Whether ``word`` is ``keyword`` with one letter missing or added, or two
    neighbours swapped (``SIGON``, ``SIGNNON``, ``SINGON``); not with one letter
    changed, as other words are (``SIGNOR``)."""
    if len(word) == len(keyword):
        return neighbours_swapped(word, keyword)
    if abs(len(word) - len(keyword)) != 1:
        return False
    short, long = sorted((word, keyword), key=len)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def colon_keyword(line: str) -> str | None:
    """The keyword of a command written alone with a colon after it (``CLEAR:``,
    ``RESIGN:``), which is that command's word, not prose; else None (a keyword that
    is also a greeting, ``Hello:``, is prose)."""
    words = line.rstrip().removesuffix(":").split()
    if not line.rstrip().endswith(":") or not words:
        return None
    found = find(" ".join(words))
    if found is None or not found.keyword or found.greets is not Command.greets:
        return None
    return found.keyword


def end_key(line: str) -> str:
    """The squashed form of a whole line, for comparing with block-end keywords."""
    return squash(line.split())


def is_stop_line(line: str) -> bool:
    """True when the whole line is the keyword of a stopping command (SIGNOFF)."""
    cls = _BY_KEY.get(end_key(line))
    return cls is not None and cls.stops


def unregister(cls: type[Command]) -> None:
    """Remove a command class (for tests and experiments)."""
    for key in [k for k, v in _BY_KEY.items() if v is cls]:
        del _BY_KEY[key]
    if cls in _ORDERED:
        _ORDERED.remove(cls)
