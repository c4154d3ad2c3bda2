"""Map pictures: PNGs of positions with the phase's orders drawn on them.

Everything map-specific comes from the variant's geometry file
(``variants/<name>/map/geometry.json``, see docs/maps.md); nothing here knows the
standard map.  Modules: ``geometry`` (loading that file), ``marks`` (orders as
drawable marks), ``draw`` (one board with Pillow), ``grid`` (the multiverse grid of
boards), ``pictures`` (pictures of report inputs and stored positions, as PNG); a
picture goes into a mail through :mod:`judge.mail.outgoing`.
"""

from judge.maps.geometry import Geometry, geometry_for
from judge.maps.grid import Naming
from judge.maps.pictures import (
    Picture,
    position_picture,
    results_picture,
    safe_position_picture,
    turn_picture,
    world_picture,
)

__all__ = [
    "Geometry",
    "Naming",
    "Picture",
    "geometry_for",
    "position_picture",
    "results_picture",
    "safe_position_picture",
    "turn_picture",
    "world_picture",
]
