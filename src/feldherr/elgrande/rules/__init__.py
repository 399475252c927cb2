"""The rules of El Grande acting on :class:`~feldherr.elgrande.state.ElGrandeData`: setup, the
round structure (flow), decisions (moves), the effect interpreter, scoring."""
