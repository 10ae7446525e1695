"""Official passive-tree orbit math: where a node sits on its group's orbit.

Angle 0 points up and angles grow clockwise, so a node at angle a on an orbit
of radius r around (gx, gy) sits at (gx + r*sin(a), gy - r*cos(a)).
"""

from __future__ import annotations

import math

# The game does not space 16- and 40-node orbits evenly; these are its fixed angles.
ANGLES_16 = (0, 30, 45, 60, 90, 120, 135, 150, 180, 210, 225, 240, 270, 300, 315, 330)
ANGLES_40 = tuple(sorted({*range(0, 360, 10), 45, 135, 225, 315}))


def orbit_angles_deg(skills_on_orbit: int) -> tuple[float, ...]:
    if skills_on_orbit == 16:
        return tuple(float(a) for a in ANGLES_16)
    if skills_on_orbit == 40:
        return tuple(float(a) for a in ANGLES_40)
    return tuple(360.0 * i / skills_on_orbit for i in range(skills_on_orbit))


def node_angle(skills_per_orbit: list[int], orbit: int, orbit_index: int) -> float:
    """Angle in radians (0 up, clockwise) of slot `orbit_index` on `orbit`."""
    angles = orbit_angles_deg(skills_per_orbit[orbit])
    return math.radians(angles[orbit_index % len(angles)])


def orbit_position(gx: float, gy: float, radius: float, angle: float) -> tuple[float, float]:
    return gx + radius * math.sin(angle), gy - radius * math.cos(angle)
