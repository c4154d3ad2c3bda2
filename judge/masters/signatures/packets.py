"""Just enough OpenPGP packet handling to check what a detached signature holds.

A ``multipart/signed`` mail must carry a *detached* signature: a stream of
signature packets and nothing else. ``gpg --verify SIG DATA`` given an opaque
signed message instead would verify the data embedded in it, not ``DATA``, so
the judge refuses any signature part holding other packet types.
"""

from __future__ import annotations

import base64
import binascii

SIGNATURE_TAG = 2
_ARMOR_BEGIN = b"-----BEGIN PGP SIGNATURE-----"
_ARMOR_END = b"-----END PGP SIGNATURE-----"


def dearmor_signature(data: bytes) -> bytes | None:
    """Return the binary packets of an ASCII-armored signature, or None if malformed.

    Data that does not start with an armor header line is taken to be binary already.
    """
    stripped = data.strip()
    if not stripped.startswith(b"-----"):
        return data or None  # binary: whitespace bytes are data too
    lines = [line.strip() for line in stripped.splitlines()]
    # The whole part must be one signature block: a clear-signed message or an
    # opaque "PGP MESSAGE" also holds signature packets but signs other data.
    if lines[0] != _ARMOR_BEGIN or lines[-1] != _ARMOR_END or lines.count(_ARMOR_END) != 1:
        return None
    begin, end = 0, len(lines) - 1
    block = lines[begin + 1 : end]
    # Armor headers ("Version: ...", "Comment: ...") end at the first blank line.
    if b"" in block:
        block = block[block.index(b"") + 1 :]
    body = [line for line in block if line and not line.startswith(b"=")]
    try:
        return base64.b64decode(b"".join(body), validate=True) or None
    except (binascii.Error, ValueError):
        return None


def packet_tags(binary: bytes) -> list[int] | None:
    """List the tags of the packets in ``binary``, or None if the framing is broken.

    Indeterminate and partial body lengths are reported as broken: they never
    occur in signature packets.
    """
    tags: list[int] = []
    pos = 0
    size = len(binary)
    while pos < size:
        first = binary[pos]
        pos += 1
        if not first & 0x80:
            return None
        if first & 0x40:  # new packet format
            tag = first & 0x3F
            if pos >= size:
                return None
            octet = binary[pos]
            pos += 1
            if octet < 192:
                length = octet
            elif octet < 224:
                if pos >= size:
                    return None
                length = ((octet - 192) << 8) + binary[pos] + 192
                pos += 1
            elif octet == 255:
                if pos + 4 > size:
                    return None
                length = int.from_bytes(binary[pos : pos + 4], "big")
                pos += 4
            else:
                return None
        else:  # old packet format
            tag = (first >> 2) & 0x0F
            width = {0: 1, 1: 2, 2: 4}.get(first & 0x03)
            if width is None or pos + width > size:
                return None
            length = int.from_bytes(binary[pos : pos + width], "big")
            pos += width
        if pos + length > size:
            return None
        pos += length
        tags.append(tag)
    return tags


def is_detached_signature(data: bytes) -> bool:
    """True when ``data`` (armored or binary) holds only signature packets, at least one."""
    binary = dearmor_signature(data)
    if binary is None:
        return False
    tags = packet_tags(binary)
    return bool(tags) and all(tag == SIGNATURE_TAG for tag in tags)
