"""Variants as data: provinces, powers, names and the map, loaded from ``variants/``."""
