"""Accounts' addresses in lower case.

The judge now reads every mail address in lower case and compares addresses without
regard to case, as njudge does (judge.mail.headers.usable_address).  Accounts made
before kept the address as the mail program wrote it, so a player registered as
``Jean.Dupont@example.org`` was not found by the lower-case look-ups (a reply to press
was refused as from nobody in the game) and a mail from ``jean.dupont@example.org``
made a second account.  Each such address is put in lower case here, unless another
account already holds that lower-case address: that pair is left as it is for the
keeper to merge (the judge then finds the lower-case one).

Revision ID: 0016_address_case
Revises: 0015_game_position
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016_address_case"
down_revision = "0015_game_position"
branch_labels = None
depends_on = None

_ACCOUNT = sa.table("account", sa.column("id", sa.Integer), sa.column("address", sa.String))


def upgrade() -> None:
    bind = op.get_bind()
    rows = bind.execute(sa.select(_ACCOUNT.c.id, _ACCOUNT.c.address)).all()
    taken = {address for _, address in rows}
    for account_id, address in rows:
        lower = address.lower()
        if lower != address and lower not in taken:
            bind.execute(_ACCOUNT.update().where(_ACCOUNT.c.id == account_id).values(address=lower))
            taken.add(lower)


def downgrade() -> None:
    """Nothing to undo: lower-case addresses are read by the code before as well."""
