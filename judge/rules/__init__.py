"""Rulesets: the rules a game is played by, over the pure engine (standard, multiverse)."""
