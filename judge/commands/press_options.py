"""Reading the options of a PRESS or BROADCAST line.

``TO <powers>`` (or ``+<powers>``) names the receivers: full names, adjectives or
codes separated by spaces or commas, or power initials run together (``TO FGR``);
``TO:`` is ``TO``.  ``TO ALL BUT <powers>`` (or ``-<powers>``) sends to everyone
else.  ``GREY`` (also ``GRAY``, ``ANONYMOUS``) hides the sender; ``WHITE`` shows
it.  As on njudge
(data/press), ``M`` is the game master and ``O`` the observers, in every variant,
also among run-together initials (``TO FM``), where no power has that initial.
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
    master: bool = False  # M: the game master
    observers: bool = False  # O: the game's observers


_MASTER_WORDS = {"M", "MASTER", "GM"}
_ANDS = {"and", "&"}
_OBSERVER_WORDS = {"O", "OBSERVER", "OBSERVERS"}


def _take_extras(opts: PressOptions, word: str, powers: list[PowerInfo]) -> str:
    """Note the master (M) and the observers (O) a receiver word names, where no
    power has that name or initial; the rest of the word (empty when nothing is left)."""
    upper = word.upper()
    if find_power(powers, word) is not None:
        return word
    if upper in _MASTER_WORDS or upper in _OBSERVER_WORDS:
        opts.master = opts.master or upper in _MASTER_WORDS
        opts.observers = opts.observers or upper in _OBSERVER_WORDS
        return ""
    if not word.isalpha():
        return word
    kept = []
    for letter in word:
        if letter.upper() in "MO" and find_power(powers, letter) is None:
            opts.master = opts.master or letter.upper() == "M"
            opts.observers = opts.observers or letter.upper() == "O"
        else:
            kept.append(letter)
    return "".join(kept)


def joined_names(words: list[str], powers: list[PowerInfo]) -> list[str]:
    """``words`` with each run of two that names a power as one (Root Z's
    ``Germany 1``), by its code or name: not by an alias, so that initials apart
    (``E & F & R``) are not read as one (``fr``, an alias of France)."""
    joined: list[str] = []
    index = 0
    while index < len(words):
        pair = " ".join(words[index : index + 2])
        if index + 1 < len(words) and find_power(powers, pair, aliases=False) is not None:
            joined.append(pair)
            index += 2
        else:
            joined.append(words[index])
            index += 1
    return joined


def list_words(text: str) -> list[str]:
    """The words of a list of powers as players write it: "Germany and Italy:",
    "England, France & Russia." ("and", "&", commas and a colon or full stop at the
    end separate nothing more than a space)."""
    return [
        w for w in text.replace(",", " ").rstrip().rstrip(":.").split() if w.lower() not in _ANDS
    ]


def powers_named(words: list[str], powers: list[PowerInfo]) -> tuple[list[str], str | None]:
    """Power codes named by ``words``; run-together initials are allowed, and come
    before a power's alias (njudge's ``TO FR`` is France and Russia)."""
    found: list[str] = []
    for word in joined_names(words, powers):
        power = find_power(powers, word, aliases=False)
        letters = [find_power(powers, ch) for ch in word]
        if power is None and word.isalpha() and all(letters):
            found.extend(p.code for p in letters if p is not None)
            continue
        power = power or find_power(powers, word)
        if power is None:
            return found, f"no power called {word!r}"
        found.append(power.code)
    unique = list(dict.fromkeys(found))
    return unique, None


def _split_to_colon(words: list[str]) -> list[str]:
    """``TO:`` as a mail's header is written (``TO: England``, ``TO:England``) is
    ``TO`` and the name after it."""
    split: list[str] = []
    for word in words:
        if word[:3].upper() == "TO:":
            split.extend(w for w in ("TO", word[3:]) if w)
        else:
            split.append(word)
    return split


def opens_options(word: str) -> bool:
    """Whether ``word`` may begin the options of PRESS or BROADCAST as njudge writes
    them (data/press): ``TO``, ``+list``, ``-list``, GREY or WHITE words, ``FAKE``."""
    upper = word.upper()
    return (
        upper in ("TO", "FAKE", "NOFAKE")
        or upper.startswith("TO:")
        or upper in GREY_WORDS
        or upper in WHITE_WORDS
        or (upper[:1] in "+-" and len(upper) > 1)
    )


def parse_press_options(args: str, powers: list[PowerInfo]) -> PressOptions:
    """Read the options after PRESS or BROADCAST."""
    opts = PressOptions()
    words = _split_to_colon(list_words(args))  # "TO Germany and Italy:", "TO: Italy"
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
        elif upper in ("FAKE", "NOFAKE"):  # njudge's fake press (data/press)
            opts.error = "fake press (FAKE) is not offered on this judge"
            return opts
        elif word.startswith("+") and len(word) > 1:
            names.append(word[1:])
        elif word.startswith("-") and len(word) > 1:
            opts.all_but = True
            names.append(word[1:])
        else:
            names.append(word)
        i += 1
    names = joined_names(names, powers)
    names = [rest for name in names if (rest := _take_extras(opts, name, powers))]
    if opts.all_but:  # "TO ALL BUT RO" leaves the observers (and M the master) out
        opts.master = opts.observers = False
    if names:
        opts.to, opts.error = powers_named(names, powers)
    return opts
