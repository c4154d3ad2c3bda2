"""Mutated signed mails never raise and never yield text other than what was signed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from gpg_helpers import Signer, inline_mail, pgp_mime_mail
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.masters.signatures import Keyring, Status, verify_mail
from judge.masters.signatures.packets import dearmor_signature, is_detached_signature, packet_tags

TEXT = "PROCESS alpha S1901M\nSET DEADLINE alpha 2026-12-01 18:00"

mutation = st.tuples(
    st.sampled_from(["flip", "delete", "insert"]),
    st.floats(min_value=0, max_value=1, exclude_max=True),
    st.integers(min_value=0, max_value=255),
)


def mutate(raw: bytes, how: str, where: float, value: int) -> bytes:
    at = int(where * len(raw))
    if how == "flip":
        return raw[:at] + bytes([raw[at] ^ (value or 1)]) + raw[at + 1 :]
    if how == "delete":
        return raw[:at] + raw[at + 1 :]
    return raw[:at] + bytes([value]) + raw[at:]


@pytest.fixture(scope="module")
def signed_mails(gm: Signer) -> list[bytes]:
    return [pgp_mime_mail(gm, TEXT), inline_mail(gm, TEXT)]


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(which=st.integers(min_value=0, max_value=1), changes=st.lists(mutation, max_size=3))
def test_mutations_never_yield_other_text(
    keyring: Keyring, signed_mails: list[bytes], which: int, changes: list
) -> None:
    raw = signed_mails[which]
    for how, where, value in changes:
        raw = mutate(raw, how, where, value)
    result = verify_mail(raw, keyring, datetime.now(UTC), timedelta(days=1))
    assert isinstance(result.status, Status)
    if result.status is Status.GOOD:
        assert result.text == TEXT
    else:
        assert result.text is None or result.status is Status.EXPIRED


@given(st.binary(max_size=300))
def test_packet_parsing_never_raises(data: bytes) -> None:
    tags = packet_tags(data)
    assert tags is None or all(0 <= tag < 64 for tag in tags)
    assert isinstance(is_detached_signature(data), bool)
    dearmor_signature(data)


def test_packet_tags_of_a_real_signature(gm: Signer) -> None:
    signature = gm.detach_sign(b"hello")
    binary = dearmor_signature(signature)
    assert binary is not None
    assert packet_tags(binary) == [2]
    assert is_detached_signature(signature)
    assert is_detached_signature(binary)
    opaque = gm.gpg.sign(b"hello", keyid=gm.fingerprint, clearsign=False).data
    assert opaque.startswith(b"-----BEGIN PGP MESSAGE-----")
    assert not is_detached_signature(opaque)
    assert not is_detached_signature(gm.clearsign(b"hello"))
    assert not is_detached_signature(signature + signature)
    assert packet_tags(binary[:-1]) is None
