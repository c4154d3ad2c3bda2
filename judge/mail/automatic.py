"""Recognise mail that was sent by a machine and must never be answered."""

from __future__ import annotations

from collections.abc import Callable


def automatic_reason(
    header: Callable[[str], str | None],
    sender: str,
    judge_address: str,
    content_type: str,
) -> str | None:
    """Why a mail is automatic (and so gets no reply), or None for a person's mail.

    ``header(name)`` returns a decoded header value or None; ``sender`` is the parsed
    From address; ``content_type`` the top-level MIME type.
    """
    auto = (header("Auto-Submitted") or "").split(";")[0].strip().lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto}"
    precedence = (header("Precedence") or "").strip().lower()
    if precedence in ("bulk", "junk", "list", "auto_reply"):
        return f"Precedence: {precedence}"
    if header("List-Id") is not None:
        return "List-Id present"
    if header("X-Autoreply") is not None or header("X-Autorespond") is not None:
        return "X-Autoreply present"
    return_path = header("Return-Path")
    if return_path is not None and return_path.strip() in ("<>", ""):
        return "empty return path (bounce)"
    if content_type == "multipart/report":
        return "multipart/report (delivery or read report)"
    local = sender.rpartition("@")[0].lower() if "@" in sender else sender.lower()
    if local in ("mailer-daemon", "postmaster"):
        return f"sender is {local}"
    if not sender:
        return "no sender address"
    if judge_address and sender.lower() == judge_address.strip().lower():
        return "sent from the judge's own address"
    return None
