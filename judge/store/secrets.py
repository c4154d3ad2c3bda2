"""The judge's own secrets, kept in the database so that every process of one judge
(the daemon, ``judge web``, several daemons on one PostgreSQL) shares them.

Today there is one: ``links``, the key of the private links to a player's web page
(:mod:`judge.game.links`).  A secret is made once, at random, the first time it is
asked for; two processes asking at once agree on the first one stored.
"""

from __future__ import annotations

import secrets

from sqlalchemy.exc import IntegrityError
from sqlmodel import Field, Session, SQLModel, select

LINKS = "links"


class SiteSecret(SQLModel, table=True):
    """One named secret of this judge (random bytes as hex)."""

    __tablename__ = "site_secret"

    name: str = Field(primary_key=True, max_length=32)
    value: str = Field(max_length=128)


def site_secret(session: Session, name: str = LINKS) -> bytes:
    """The secret called ``name``, made and stored (in a savepoint) when missing."""
    row = session.get(SiteSecret, name)
    if row is None:
        try:
            with session.begin_nested():
                session.add(SiteSecret(name=name, value=secrets.token_hex(32)))
        except IntegrityError:
            pass  # another process stored it first: read theirs
        row = session.exec(select(SiteSecret).where(SiteSecret.name == name)).one()
    return bytes.fromhex(row.value)
