"""How much thinking a search bot may do per decision: iterations, wall-clock seconds, or both.

A budget written as text (the ``@`` part of a bot name such as ``hard@0.5s``) is one or two terms
joined by ``+``: ``400`` or ``400i`` (iterations), ``1s``, ``0.25s`` or ``250ms`` (seconds of wall
time), ``1cpu`` (seconds of this process's CPU time), e.g. ``2000i+1s`` (whichever runs out
first). An iteration budget alone makes a bot deterministic: the same seed gives the same moves on
any machine, which is what reproducible tournaments need. A CPU-time budget measures what one core
does for the bot, however busy the machine (for benchmarks on shared machines); people waiting for
a move want wall time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from feldherr.core.errors import OptionError

MAX_ITERATIONS = 10**9
MAX_SEARCH_SECONDS = 86400.0
"""The largest budget of one search: a day or a billion iterations (more is a typing slip, and a
search that would not end in a lifetime: ``hard@1e9s``)."""


def _number(value: object) -> str:
    """A refused budget's seconds as a person writes them (``1e+09``, not ``1000000000.0``)."""
    if isinstance(value, float | int) and not isinstance(value, bool):
        return f"{value:g}"
    return f"{value!r:.40}"


@dataclass(frozen=True)
class Budget:
    """Stop after ``iterations`` iterations or ``seconds`` of wall time, whichever comes first."""

    iterations: int | None = None
    seconds: float | None = None
    cpu: bool = False
    """Count ``seconds`` in this process's CPU time instead of wall time."""

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise OptionError(
                "a search budget needs iterations, seconds or both",
                typed={"de": "ein Suchbudget braucht Durchläufe, Sekunden oder beides"},
            )
        if self.iterations is not None and (
            type(self.iterations) is not int or not 1 <= self.iterations <= MAX_ITERATIONS
        ):
            raise OptionError(
                f"a search budget needs at least 1 iteration and at most {MAX_ITERATIONS}, "
                f"not {self.iterations!r:.40}",
                typed={
                    "de": f"ein Suchbudget braucht mindestens 1 und höchstens {MAX_ITERATIONS} Durchläufe, "
                    f"nicht {self.iterations!r:.40}"
                },
            )
        if self.seconds is not None and not (
            isinstance(self.seconds, float | int)
            and math.isfinite(self.seconds)
            and 0 < self.seconds <= MAX_SEARCH_SECONDS
        ):
            raise OptionError(
                f"a search budget needs a positive number of seconds, at most {MAX_SEARCH_SECONDS:g} "
                f"(a day), not {_number(self.seconds)}",
                typed={
                    "de": f"ein Suchbudget braucht eine positive Sekundenzahl, höchstens "
                    f"{MAX_SEARCH_SECONDS:g} (ein Tag), nicht {_number(self.seconds)}"
                },
            )

    @property
    def deterministic(self) -> bool:
        """True when only iterations count (no clock involved)."""
        return self.seconds is None

    @classmethod
    def parse(cls, text: str) -> Budget:
        """Read ``400``, ``400i``, ``1s``, ``250ms``, ``1cpu`` or two of them joined by ``+``."""
        iterations: int | None = None
        seconds: float | None = None
        cpu = False
        terms = text.strip().lower().split("+")
        if not 1 <= len(terms) <= 2:
            raise OptionError(
                f"not a search budget: {text[:40]!r} (examples: 400i, 1s, 250ms, 2000i+1s)",
                typed={"de": f"kein Suchbudget: {text[:40]!r} (Beispiele: 400i, 1s, 250ms, 2000i+1s)"},
            )
        for term in terms:
            term = term.strip()
            try:
                if term.endswith("cpu"):
                    value, is_time, cpu = float(term[:-3]), True, True
                elif term.endswith("ms"):
                    value, is_time = float(term[:-2]) / 1000.0, True
                elif term.endswith("s"):
                    value, is_time = float(term[:-1]), True
                else:
                    value, is_time = float(int(term.removesuffix("i"))), False
            except ValueError:
                raise OptionError(
                    f"not a search budget: {text[:40]!r} (examples: 400i, 1s, 250ms, 1cpu, 2000i+1s)",
                    typed={
                        "de": f"kein Suchbudget: {text[:40]!r} (Beispiele: 400i, 1s, 250ms, 1cpu, 2000i+1s)"
                    },
                ) from None
            if is_time:
                if seconds is not None:
                    raise OptionError(
                        f"two time limits in the search budget {text[:40]!r}",
                        typed={"de": f"zwei Zeitgrenzen im Suchbudget {text[:40]!r}"},
                    )
                seconds = value
            else:
                if iterations is not None:
                    raise OptionError(
                        f"two iteration limits in the search budget {text[:40]!r}",
                        typed={"de": f"zwei Grenzen für Durchläufe im Suchbudget {text[:40]!r}"},
                    )
                iterations = int(value)
        return cls(iterations, seconds, cpu)

    def __str__(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"{self.iterations}i")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g}{'cpu' if self.cpu else 's'}")
        return "+".join(parts)
