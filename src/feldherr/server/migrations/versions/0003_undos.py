"""Moves taken back: ``games.undos`` counts them, so a process that holds a game in memory sees
that its copy is no longer the stored one (a move taken back and another made in its place leave
the version where it was).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("undos", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("undos")
