"""The error raised for bad tower input (counts, colours, CSV files, parameter files)."""

from __future__ import annotations


class TowerInputError(ValueError):
    """Input to the tower tools is invalid; the message says what and where, in English (``str``)
    and, where the raiser gives it, in German (``de``; :meth:`text`)."""

    def __init__(self, message: str, de: str | None = None) -> None:
        super().__init__(message)
        self.de = de

    def text(self, lang: str) -> str:
        """The message in ``lang`` (English where there is no German)."""
        return self.de if lang == "de" and self.de else str(self)
