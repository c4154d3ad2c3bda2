"""The judge: a play-by-email Diplomacy judge with multiverse time travel."""

__version__ = "0.1.0"
