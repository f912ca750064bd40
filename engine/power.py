"""The seven Great Powers."""

from __future__ import annotations

from enum import StrEnum


class Power(StrEnum):
    """A Great Power. The value is the upper-case English name used in the JSON contract."""

    AUSTRIA = "AUSTRIA"
    ENGLAND = "ENGLAND"
    FRANCE = "FRANCE"
    GERMANY = "GERMANY"
    ITALY = "ITALY"
    RUSSIA = "RUSSIA"
    TURKEY = "TURKEY"

    @classmethod
    def parse(cls, text: str) -> Power:
        """Read a power from its name or three-letter abbreviation (any case)."""
        key = text.strip().upper()
        for power in cls:
            if key == power.value or key == power.value[:3]:
                return power
        raise ValueError(f"unknown power {text!r}")
