"""Alembic migrations of the server's schema (run by :meth:`feldherr.server.store.Store.migrate`)."""
