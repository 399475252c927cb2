"""The error raised for bad tower input (counts, colours, CSV files, parameter files)."""

from __future__ import annotations


class TowerInputError(ValueError):
    """Input to the tower tools is invalid; the message says what and where."""
