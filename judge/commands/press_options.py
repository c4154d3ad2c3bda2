"""Reading the options of a PRESS or BROADCAST line.

``TO <powers>`` (or ``+<powers>``) names the receivers: full names, adjectives or
codes separated by spaces or commas, or power initials run together (``TO FGR``).
``TO ALL BUT <powers>`` (or ``-<powers>``) sends to everyone else.  ``GREY`` (also
``GRAY``, ``ANONYMOUS``) hides the sender; ``WHITE`` shows it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.game.games import PowerInfo, find_power

GREY_WORDS = {"GREY", "GRAY", "ANONYMOUS", "ANONYMOUSLY"}
WHITE_WORDS = {"WHITE", "UNANONYMOUS", "UNANONYMOUSLY"}


@dataclass
class PressOptions:
    """What a PRESS or BROADCAST line asks for."""

    to: list[str] = field(default_factory=list)  # power codes
    all_but: bool = False
    everyone: bool = False
    grey: bool | None = None  # None: the game's default colour
    error: str | None = None


def _powers_from(words: list[str], powers: list[PowerInfo]) -> tuple[list[str], str | None]:
    """Power codes named by ``words``; run-together initials are allowed."""
    found: list[str] = []
    for word in words:
        power = find_power(powers, word)
        if power is not None:
            found.append(power.code)
            continue
        letters = [find_power(powers, ch) for ch in word]
        if word.isalpha() and all(letters):
            found.extend(p.code for p in letters if p is not None)
            continue
        return found, f"no power called {word!r}"
    unique = list(dict.fromkeys(found))
    return unique, None


def parse_press_options(args: str, powers: list[PowerInfo]) -> PressOptions:
    """Read the options after PRESS or BROADCAST."""
    opts = PressOptions()
    words = args.replace(",", " ").split()
    names: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        upper = word.upper()
        if upper in GREY_WORDS:
            opts.grey = True
        elif upper in WHITE_WORDS:
            opts.grey = False
        elif upper == "TO":
            if words[i + 1 : i + 3] and [w.upper() for w in words[i + 1 : i + 3]] == ["ALL", "BUT"]:
                opts.all_but = True
                i += 2
            elif i + 1 < len(words) and words[i + 1].upper() == "ALL":
                opts.everyone = True
                i += 1
        elif word.startswith("+") and len(word) > 1:
            names.append(word[1:])
        elif word.startswith("-") and len(word) > 1:
            opts.all_but = True
            names.append(word[1:])
        else:
            names.append(word)
        i += 1
    if names:
        opts.to, opts.error = _powers_from(names, powers)
    return opts
