"""The rules of Ernst von Mansfeld, acting on the state's data: the dice arithmetic (``dice``), the
flow of rounds and provinces (``flow``), the decisions and their checks (``moves``) and the fast
random playout (``playout``, with its optional C loop)."""
