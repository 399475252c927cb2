"""The game server: a lobby, seats with secret tokens, WebSockets pushing each seat its own view,
bots at the table, persistence that survives a crash, and more than one process.

It uses games only through the core contracts (:class:`feldherr.core.match.Match`, views, the
option spec, ``game.info``, ``game.error_text``, the bot table, records); it never imports a game
package, so a new game needs no server change. Layout:

* :mod:`.config` -- settings and the default database location;
* :mod:`.schema` and :mod:`.store` -- the tables (SQLAlchemy Core, Alembic migrations) and the
  synchronous database work;
* :mod:`.tables` -- a live game in this process (its match, bots, connections) and the hub that
  changes games under a row lock, stores each move in the transaction that acknowledges it and
  pushes every connection its update;
* :mod:`.bus` -- fans updates out to other processes (Redis pub/sub) or nowhere (one process);
* :mod:`.protocol` -- the messages, their limits and the error texts;
* :mod:`.app` -- the HTTP and WebSocket endpoints (FastAPI);
* :mod:`.proxy` -- who a request comes from behind trusted reverse proxies (``X-Forwarded-For``);
* :mod:`.loadtest` -- the load benchmark client.

See docs/server.md for the protocol and how to run it.
"""
