"""The one font the maps are written in."""

from __future__ import annotations

import functools

from PIL import ImageFont


@functools.lru_cache(maxsize=32)
def font(size: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    """Pillow's bundled scalable font at ``size`` pixels."""
    return ImageFont.load_default(size=max(6, size))
