"""Recognise mail that was sent by a machine and must never be answered, and mail that
may be a machine's: read, but answered only when it holds a command or an order.

A robot's mail (RFC 3834's marks, a bounce, a list's own robot, the judge's own mail)
is never read: an auto-reply quoting a results mail must not be taken for orders.  A
list's copy of a person's mail, or a mail whose subject is an away message's, may still
be a player's orders: it is read, and answered only when it holds a command or an order
line (so a list's talk, or an away message sent without its headers, starts no loop).
"""

from __future__ import annotations

from collections.abc import Callable

from judge.mail.headers import split_mailbox

Header = Callable[[str], str | None]

# Subjects with which away messages and other responders begin theirs, lower-cased
AUTO_REPLY_SUBJECTS = (
    "out of office",
    "out of the office",
    "automatic reply",
    "auto-reply",
    "autoreply",
    "auto reply",
    "auto response",
    "auto-response",
    "autoresponse",
    "away from",
    "abwesenheitsnotiz",
    "automatische antwort",
    "réponse automatique",
    "respuesta automática",
    "risposta automatica",
    "automatisch antwoord",
)


def automatic_reason(
    header: Header,
    sender: str,
    judge_address: str,
    content_type: str,
) -> str | None:
    """Why a mail is automatic (and so neither read nor answered), or None.

    ``header(name)`` returns a decoded header value or None; ``sender`` is the parsed
    From address; ``content_type`` the top-level MIME type.
    """
    auto = (header("Auto-Submitted") or "").split(";")[0].strip().lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto}"
    precedence = (header("Precedence") or "").strip().lower()
    if precedence in ("junk", "auto_reply") or (precedence == "bulk" and not _listed(header)):
        return f"Precedence: {precedence}"
    if header("X-Autoreply") is not None or header("X-Autorespond") is not None:
        return "X-Autoreply present"
    return_path = header("Return-Path")
    if return_path is not None and return_path.strip() in ("<>", ""):
        return "empty return path (bounce)"
    if content_type == "multipart/report":
        return "multipart/report (delivery or read report)"
    return _robot_sender(header, sender, judge_address)


def _robot_sender(header: Header, sender: str, judge_address: str) -> str | None:
    """Why the From address is a robot's (a mail system's, a list's, the judge's)."""
    local = sender.rpartition("@")[0].lower() if "@" in sender else sender.lower()
    if local in ("mailer-daemon", "postmaster"):
        return f"sender is {local}"
    if not sender:
        return "no sender address"
    if judge_address and sender.lower() == judge_address.strip().lower():
        return "sent from the judge's own address"
    if local.startswith("owner-") or local.endswith(("-request", "-owner", "-bounces")):
        return f"sender is a list's robot ({local})"
    post = split_mailbox((header("List-Post") or "").replace("mailto:", ""))[1]
    if post and post.lower() == sender.lower():
        return "sent from a list's own address (its author unknown)"
    return None


def _listed(header: Header) -> bool:
    """Whether the mail is a mailing list's copy (RFC 2919, RFC 2369)."""
    return any(header(name) is not None for name in ("List-Id", "List-Post", "List-Unsubscribe"))


def unsolicited_reason(header: Header, subject: str) -> str | None:
    """Why a mail that is not automatic may still be a machine's (it is then answered
    only when it holds a command or an order), or None."""
    precedence = (header("Precedence") or "").strip().lower()
    if _listed(header) or precedence == "list":
        return "a mailing list's copy"
    if subject.strip().lower().startswith(AUTO_REPLY_SUBJECTS):
        return "an away message's subject"
    return None
