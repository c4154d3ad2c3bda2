"""Text sent as ``format=flowed`` (RFC 3676): mail programs such as Thunderbird and
Apple Mail break long lines softly (a space at the end of a line), and the lines
are joined again before the text is read."""

from __future__ import annotations

from email.message import Message


def is_flowed(part: Message) -> tuple[bool, bool]:
    """(whether the text part is ``format=flowed``, whether its ``delsp`` is yes)."""
    try:
        flowed = str(part.get_param("format") or "").lower() == "flowed"
        delsp = str(part.get_param("delsp") or "").lower() == "yes"
    except Exception:  # noqa: BLE001 - a broken Content-Type reads as not flowed
        return False, False
    return flowed, delsp


def unflow(text: str, delsp: bool = False) -> str:
    """Join the soft-broken lines of ``format=flowed`` text (RFC 3676).

    A line ending in a space continues on the next line of the same quote
    depth; a leading space added for stuffing is removed; ``-- `` stays a line.
    """
    joined: list[str] = []
    pending: list[str] = []  # the pieces of a line soft-broken so far
    pending_depth = 0
    for line in text.split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        body = line[depth:]
        if body.startswith(" "):
            body = body[1:]
        if pending and depth != pending_depth:
            joined.append(">" * pending_depth + "".join(pending))
            pending = []
        soft = body.endswith(" ") and body != "-- "
        if soft and delsp:
            body = body[:-1]
        if soft:
            pending_depth = depth
            pending.append(body)
        else:
            joined.append(">" * depth + "".join(pending) + body)
            pending = []
    if pending:
        joined.append(">" * pending_depth + "".join(pending))
    return "\n".join(joined)
