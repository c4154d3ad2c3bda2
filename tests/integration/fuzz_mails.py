"""A corpus of malformed mails, made deterministically from a seed: broken MIME, bad
transfer encodings, huge headers, NULs, unknown charsets, missing or odd From lines,
deeply nested multiparts, 8-bit garbage, and command lines mixed into all of it.

Every mail has a different Message-ID (or, without one, different bytes), so none is
taken for another; no line is longer than 998 bytes (SMTP's limit), so SMTP and IMAP
intake see the same bytes.
"""

from __future__ import annotations

import base64
import random

JUDGE = "judge@example.org"
MAX_LINE = 900

COMMANDS = [
    "SIGNON Fbench0 wrongpw",
    "SIGNON",
    "SIGNON F@ x",
    "REGISTER\nName: \x00nul\nPassword: abcd1234",  # a block left open
    "REGISTER\nName: Ünïcødé\nTimezone: Mars/Olympus\nPassword: pw\nEND",
    "JOIN nosuchgame secret France",
    "LIST",
    "HELP",
    "SET PASSWORD x",
    "RESIGN bench0 pw",
    "PRESS TO ALL\nhello",
    "A Par - Bur",
    "GAME bench0",
    "CREATE ?",
    "\u202eSIGNON Fbench0 pw",
    "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\nPROCESS\n"
    "-----BEGIN PGP SIGNATURE-----\nxx",
]

ODD_FROMS = [
    None,  # no From at all
    "",
    "<>",
    "undisclosed-recipients:;",
    "just text without address",
    "=?utf-8?B?////?= <odd{n}@fuzz.test>",
    "=?x-unknown?Q?abc?= <odd{n}@fuzz.test>",
    '"quoted@fake.test" <odd{n}@fuzz.test>',
    "odd{n}@fuzz.test, second{n}@fuzz.test",
    "odd{n}@FUZZ.TEST (comment (nested))",
    "<odd{n}@fuzz.test",
    "odd{n}@[127.0.0.1]",
    "\xff\xfe odd{n}@fuzz.test",
    "Group: odd{n}@fuzz.test;",
    "odd{n}@@fuzz.test",
    "MAILER-DAEMON@fuzz.test",
    # Issue 9 items 4, 5 and 9: an empty last domain label, an internationalised address,
    # an encoded display name that looks like an address, a NUL in the address.
    "x{n}@y.",
    "j\u00fcrgen{n}@fuzz.test",
    "=?utf-8?Q?victim{n}@evil.test?= <odd{n}@fuzz.test>",
    "odd{n}\x00@fuzz.test",
]

CHARSETS = ["utf-8", "us-ascii", "iso-8859-1", "x-unknown", "utf-7", "utf-16", "", '"', "gb2312"]
ENCODINGS = ["7bit", "8bit", "base64", "quoted-printable", "x-uuencode", "binary", "bogus"]


def _fold(line: bytes) -> list[bytes]:
    """Cut a line into pieces of at most MAX_LINE bytes (continuations start with a
    space, so a header stays one header)."""
    if len(line) <= MAX_LINE:
        return [line]
    parts = [line[i : i + MAX_LINE] for i in range(0, len(line), MAX_LINE)]
    return [parts[0]] + [b" " + p for p in parts[1:]]


def _lines(text: bytes) -> bytes:
    out: list[bytes] = []
    for line in text.replace(b"\r\n", b"\n").split(b"\n"):
        out.extend(_fold(line))
    return b"\r\n".join(out)


class Corpus:
    """Makes mail number ``n`` of the corpus of ``seed``."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def garbage(self, rng: random.Random, size: int) -> bytes:
        return bytes(rng.randrange(256) for _ in range(size))

    def body_text(self, rng: random.Random) -> bytes:
        lines = [rng.choice(COMMANDS) for _ in range(rng.randrange(1, 5))]
        text = "\n".join(lines).encode("utf-8", "surrogatepass")
        if rng.random() < 0.3:
            text += b"\n" + self.garbage(rng, rng.randrange(1, 200))
        if rng.random() < 0.2:
            text = text.replace(b"\n", b"\x00\n", 1)
        return text

    def headers(self, rng: random.Random, n: int) -> list[bytes]:
        heads: list[bytes] = []
        if rng.random() < 0.25:
            odd = rng.choice(ODD_FROMS)
            if odd is not None:
                heads.append(b"From: " + odd.format(n=n).encode("utf-8", "surrogateescape"))
        else:
            heads.append(f"From: Fuzz {n} <fuzz{n}@fuzz.test>".encode())
        heads.append(f"To: {JUDGE}".encode())
        if rng.random() < 0.95:
            heads.append(f"Message-ID: <fuzz-{self.seed}-{n}@fuzz.test>".encode())
        subject = rng.choice(
            [
                f"fuzz {n}",
                "=?utf-8?B?" + base64.b64encode(f"=?utf-8?Q?x?= {n}".encode()).decode() + "?=",
                f"=?bogus?X?{n}?=",
                "x" * rng.randrange(1000, 200_000),
                f"fuzz {n}\x00nul",
            ]
        )
        heads.append(b"Subject: " + subject.encode())
        if rng.random() < 0.1:  # thousands of header fields
            heads.extend(f"X-Pad-{i}: {'y' * 50}".encode() for i in range(rng.randrange(100, 3000)))
        if rng.random() < 0.1:
            heads.append(b"X-Garbage: " + self.garbage(rng, 300).replace(b"\n", b" "))
        if rng.random() < 0.05:
            heads.append(b"Broken header line without a colon")
        return heads

    def part(self, rng: random.Random, depth: int) -> bytes:
        """A MIME entity (headers and body), maybe multipart, maybe broken."""
        kind = rng.random()
        if depth < 60 and kind < 0.3:
            boundary = f"b{depth}x{rng.randrange(10**6)}"
            declared = boundary if rng.random() < 0.8 else "not-the-" + boundary
            subtype = rng.choice(["mixed", "alternative", "signed", "related", "weird"])
            parts = [self.part(rng, depth + 1) for _ in range(rng.randrange(1, 3))]
            head = f'Content-Type: multipart/{subtype}; boundary="{declared}"\n\n'.encode()
            body = b"".join(b"--" + boundary.encode() + b"\n" + p + b"\n" for p in parts)
            if rng.random() < 0.7:
                body += b"--" + boundary.encode() + b"--\n"
            return head + body
        charset = rng.choice(CHARSETS)
        cte = rng.choice(ENCODINGS)
        ctype = rng.choice(["text/plain", "text/html", "application/octet-stream", "text/",
                            "message/rfc822", "text/plain; format=flowed"])  # fmt: skip
        text = self.body_text(rng)
        if ctype == "text/html":
            text = b"<html><body><p>" + text.replace(b"\n", b"<br>") + b"</p><script>x"
        if cte == "base64":
            encoded = base64.encodebytes(text)
            if rng.random() < 0.5:
                encoded = encoded[: len(encoded) // 2] + b"!!**==\n" + encoded[len(encoded) // 2 :]
            text = encoded
        elif cte == "quoted-printable":
            text = text.replace(b"=", b"=3D").replace(b"\n", b"=\n", 1) + b"=ZZ=\n=0"
        head = f"Content-Type: {ctype}; charset={charset}\nContent-Transfer-Encoding: {cte}\n\n"
        return head.encode() + text

    def mail(self, n: int) -> bytes:
        """Mail number ``n`` (always the same bytes for the same seed and ``n``)."""
        rng = random.Random(self.seed * 1_000_003 + n)
        heads = self.headers(rng, n)
        if rng.random() < 0.08:  # pure 8-bit garbage after the headers, no MIME at all
            body = self.garbage(rng, rng.randrange(10, 3000))
            entity = b"\n" + body
        else:
            entity = self.part(rng, 0)
        if rng.random() < 0.05:  # no blank line between header and body
            entity = entity.replace(b"\n\n", b"\n", 1)
        raw = b"\n".join(heads) + b"\n" + entity + f"\n-- n{n}\n".encode()
        return _lines(raw) + b"\r\n"

    def mails(self, count: int) -> list[bytes]:
        return [self.mail(n) for n in range(count)]
