"""Build test mails."""

from __future__ import annotations

from email.message import EmailMessage
from email.policy import SMTP

JUDGE = "judge@example.org"


def order_mail(n: int, sender: str | None = None, body: str | None = None, **headers: str) -> bytes:
    """Order mail number ``n`` as bytes."""
    msg = EmailMessage()
    msg["From"] = sender or f"Player {n % 7} <player{n % 7}@example.com>"
    msg["To"] = JUDGE
    msg["Subject"] = f"orders {n}"
    msg["Message-ID"] = f"<order-{n}@example.com>"
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content(body if body is not None else f"SIGNON Fgame{n % 20} pw\nA Par - Bur\n")
    return msg.as_bytes(policy=SMTP)
