"""Each game master's registration keeps the armored public key
(``game_master.public_key``).

``judge gm add`` put the key only in the keyring under the state directory of the
configuration it was run with; other daemons on the same PostgreSQL database (other
machines, other state directories) answered the master's signed mail "signed by a key
the judge does not know".  The key is now kept with the registration, and each daemon
imports the registered keys into its own keyring before it checks a signature.  Rows
written before keep NULL: run ``judge gm add`` once more for those keys.

Revision ID: 0020_game_master_key
Revises: 0019_snapshot_missed
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020_game_master_key"
down_revision = "0019_snapshot_missed"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_master", sa.Column("public_key", sa.Text(), nullable=True))


def downgrade() -> None:
    # SQLite (3.35 and later) and PostgreSQL drop a column in place.
    op.drop_column("game_master", "public_key")
