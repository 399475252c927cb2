"""The command line's progress bars: tqdm with the rate in the reader's words and numbers.

tqdm writes a slow rate as ``92.49s/ Partien`` (its unit with the space that keeps a fast rate's
``111.15 Partien/s`` apart, the plural after "per", an English decimal point). :func:`progress_bar`
writes ``92,49 s/Partie`` and ``111,15 Partien/s`` instead: the unit counted (``many``) and one of
it (``one``), from the caller's catalogue in ``lang``, the numbers in that language's format.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from tqdm import tqdm

from feldherr.core.i18n import fixed

BAR_FORMAT = "{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}, {rate_words}]"
"""tqdm's own layout, with the rate in words (:class:`WordBar`)."""


class WordBar(tqdm):  # type: ignore[type-arg]
    """A tqdm bar whose rate is ``{rate_words}``: "N <many>/s", or "N s/<one>" where one takes more
    than a second (as tqdm switches), N in ``lang``'s number format."""

    def __init__(self, *, many: str, one: str, lang: str, **kwargs: Any) -> None:
        self.words = (many, one, lang)
        super().__init__(unit=many, bar_format=BAR_FORMAT, **kwargs)

    @property
    def format_dict(self) -> MutableMapping[str, Any]:
        data = super().format_dict
        data["rate_words"] = rate_words(
            data.get("rate"), data["n"] - data.get("initial", 0), data["elapsed"], *self.words
        )
        return data


def rate_words(rate: float | None, done: float, elapsed: float, many: str, one: str, lang: str) -> str:
    """How fast the work goes, in words: ``12,50 Partien/s``, ``92,49 s/Partie``, ``? Partien/s``
    before anything is done."""
    if rate is None and elapsed:
        rate = done / elapsed
    if not rate:
        return f"? {many}/s"
    if rate < 1:
        return f"{fixed(1 / rate, 2, lang)} s/{one}"
    return f"{fixed(rate, 2, lang)} {many}/s"


def progress_bar(*, many: str, one: str, lang: str, **kwargs: Any) -> WordBar:
    """A progress bar (tqdm's arguments in ``kwargs``: total, desc, file, disable) counting
    ``many`` (plural, without a leading space) of which ``one`` is the singular, in ``lang``."""
    return WordBar(many=many, one=one, lang=lang, **kwargs)
