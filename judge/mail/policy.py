"""The ``email`` policy of every mail the judge writes: the standard one
(``email.policy.default``) with a header factory that does less work twice.

The standard factory builds a new class (``type(...)``) for every header it makes and
parses every value again, even the judge's own From line, which is the same in every
mail.  ``HeaderFactory`` makes each header class once and keeps the header objects of
values it has parsed lately (header objects are immutable strings with their parse
tree, so one can stand in several mails); a mail written with it has the same bytes.

Writing a mail out folds every header again, and most of a reply's headers (From, the
player's To, Auto-Submitted, the content headers) are the same header objects mail
after mail.  ``SMTP_OUT`` and ``SMTPUTF8_OUT`` are ``email.policy.SMTP`` and
``SMTPUTF8`` that keep the folded text of a header object on the object (folding
depends only on the object's parse tree and the policy's line settings).

The Message-ID headers (Message-ID, In-Reply-To, References) are new in every mail,
and the judge only writes plain ones (``judge.mail.headers.msg_ids``).  A value that is
plain Message-IDs, one space apart, is kept as written (``PlainIds``): it is not parsed,
and it is folded only between IDs, never encoded.  The standard classes parse it each
time, and fold an ID longer than a line into RFC 2047 encoded-words, which no mail
program reads as a Message-ID.  Any other value goes to the standard classes.
"""

from __future__ import annotations

import re
from email.headerregistry import Address, BaseHeader, HeaderRegistry
from email.policy import EmailPolicy, Policy, default

# header objects kept per generation: when the newer generation has this many, the
# older one is dropped and the newer one becomes the older (a value used in either is
# kept: the judge's From and the players' addresses outlive the one-off values, such
# as Message-IDs, that fill the generations); swapping is safe from any thread
CACHED_HEADERS = 2048
# values longer than this are parsed each time (they are rarely the same twice)
_MAX_CACHED_VALUE = 998


class HeaderFactory(HeaderRegistry):
    """``HeaderRegistry`` with its header classes made once and recent values kept."""

    def __init__(self) -> None:
        super().__init__()
        self._classes: dict[str, type[BaseHeader]] = {}
        self._headers: dict[tuple[object, ...], BaseHeader] = {}
        self._older: dict[tuple[object, ...], BaseHeader] = {}

    def map_to_type(self, name: str, cls: type) -> None:
        """Register ``cls`` for ``name`` (forgetting what was made before)."""
        super().map_to_type(name, cls)
        self._classes.clear()
        self._headers, self._older = {}, {}

    def __getitem__(self, name: str) -> type[BaseHeader]:
        key = name.lower()
        made = self._classes.get(key)
        if made is None:
            made = self._classes[key] = super().__getitem__(name)
        return made

    def __call__(self, name: str, value: object) -> BaseHeader:
        if isinstance(value, str) and name.lower() in _ID_NAMES and _PLAIN_IDS.fullmatch(value):
            return self._plain(name)(name, value)
        key = _value_key(name, value)
        if key is None:
            return self[name](name, value)
        header = self._headers.get(key)
        if header is None:
            header = self._older.get(key)
            if header is None:
                header = self[name](name, value)
            if len(self._headers) >= CACHED_HEADERS:
                self._older, self._headers = self._headers, {}
            self._headers[key] = header
        return header

    def _plain(self, name: str) -> type[BaseHeader]:
        """The class of plain Message-IDs under ``name`` (made once): ``PlainIds``
        before the class the registry gives, whose other traits it keeps."""
        key = "plain:" + name.lower()
        made = self._classes.get(key)
        if made is None:
            made = self._classes[key] = type("_Plain" + name.replace("-", ""),
                                             (PlainIds, self[name]), {})  # fmt: skip
        return made


class PlainIds:
    """Header text that is plain Message-IDs one space apart, kept as written."""

    @classmethod
    def parse(cls, value: str, kwds: dict[str, object]) -> None:
        kwds["decoded"] = value
        kwds["parse_tree"] = None  # never read: fold is below

    def fold(self, *, policy: Policy) -> str:
        """``Name: <id> <id>`` folded before each ID that would pass the policy's
        line length and fits a line of its own (a longer one stays where it is)."""
        name: str = self.name  # type: ignore[attr-defined]
        limit = policy.max_line_length or 0
        lines = [f"{name}:"]
        for word in str(self).split(" "):
            fits = len(word) < limit  # on a line of its own
            if limit and lines[-1] and fits and len(lines[-1]) + 1 + len(word) > limit:
                lines.append("")  # a continuation line: it starts with the space below
            lines[-1] += " " + word
        return policy.linesep.join(lines) + policy.linesep


_ID_NAMES = frozenset({"message-id", "in-reply-to", "references"})
# plain Message-IDs (printable ASCII, no <, > or space inside), one space apart
_PLAIN_IDS = re.compile(r"<[!-;=?-~]{1,248}>(?: <[!-;=?-~]{1,248}>){0,49}")


def _value_key(name: str, value: object) -> tuple[object, ...] | None:
    """What a header's object depends on: its name as given and its value (text, or
    the fields of each address in a list of addresses); None when it is not kept."""
    if isinstance(value, str):
        return (name, value) if len(value) <= _MAX_CACHED_VALUE else None
    if isinstance(value, list | tuple) and all(type(a) is Address for a in value):
        return (name, tuple((a.display_name, a.username, a.domain) for a in value))
    return None


POLICY = default.clone(header_factory=HeaderFactory())


class FoldingPolicy(EmailPolicy):
    """``EmailPolicy`` that folds each header object once per set of line settings."""

    def _fold(self, name: str, value: object, refold_binary: bool = False) -> str:
        if not isinstance(value, BaseHeader):
            return super()._fold(name, value, refold_binary)  # type: ignore[misc]
        key = (self.max_line_length, self.linesep, self.utf8, self.cte_type)
        folds: dict[tuple[object, ...], str] = value.__dict__.setdefault("_judge_folds", {})
        folded = folds.get(key)
        if folded is None:
            folded = folds[key] = value.fold(policy=self)
        return folded


# email.policy.SMTP and SMTPUTF8, folding each header object once
SMTP_OUT = FoldingPolicy(linesep="\r\n")
SMTPUTF8_OUT = SMTP_OUT.clone(utf8=True)
