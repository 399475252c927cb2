"""The tables, in SQLAlchemy Core. The same schema on SQLite and PostgreSQL; Alembic creates and
upgrades it (migrations/versions), and a test checks the migrations produce exactly this.

JSON is stored as text (portable, and the server only reads it back whole). The seed is text too:
records allow seeds up to 2^64-1, beyond a signed 64-bit integer.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, ForeignKey, Integer, MetaData, String, Table, Text

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", String(24), nullable=False),
    Column("engine", Integer, nullable=False),
    Column("version", Integer, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("public", Boolean, nullable=False),
    Column("outcome", Text, nullable=True),
    Column("rematch_of", String(32), nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("position", Text, nullable=True),  # the position a game started from (JSON; None: a new game)
    Column("undos", Integer, nullable=False, server_default="0"),  # moves taken back (0003)
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("bot", String(64), nullable=True),
    Column("name", String(64), nullable=False),
    Column("token", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False),
    Column("last_seen", Float, nullable=False),
)

moves = Table(
    "moves",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("move", Text, nullable=False),
    Column("at", Float, nullable=False),
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("data", Text, nullable=False),
)
