"""Chases: a pursuer that heads at its quarry's current position at every moment (pure pursuit).

The rule (d12): "a mover that follows another moves toward the quarry's position at each moment,
so a faster pursuer catches a slower runner at the right time and place, and a slower one never
does". Pure pursuit has no closed form in general, so it is integrated with a fixed time step:

- each step the pursuer runs straight at its full rate, aimed by the midpoint rule (at where the
  quarry is half a step on, from where the pursuer would be half a step on): second order, so
  with the default step of 1/32 unit the catch time of the classic perpendicular chase is within
  1e-3 unit of the closed form (tests/geometry/test_pursuit.py measures it);
- the pursuer's trajectory is those straight steps, returned as (time, x, y) knots, so the
  engine and the window interpolate it like any other movement;
- "caught" is the first moment the distance between centres is at most `catch_distance`
  (Euclidean, squares). Within a step both move linearly (the step is split at the quarry's
  knots), so that moment is solved exactly, a quadratic, not left at the step's end;
- a quarry running straight away along the line of sight is a straight chase: the pursuer's
  heading never changes and the catch time is gap / (v_pursuer - v_quarry) to float precision.

The step divides the duration exactly when both are binary fractions (1/32 and whole units), so
the knots fall on whole units where they should.
"""

from __future__ import annotations

import itertools
import math
from bisect import bisect_right

from battlemap.core.clock import clean_time
from battlemap.core.encounter import Point
from battlemap.core.motion import Knots, position_on
from battlemap.geometry.path import Pace


def pursue(
    start: Point,
    pace: Pace,
    start_time: float,
    duration: float,
    quarry: Knots,
    catch_distance: float,
    step: float = 1 / 32,
) -> tuple[list[tuple[float, float, float]], float | None]:
    """The pursuer's knots from `start_time` for `duration` units and the catch time (or None).

    The knots stop at the catch, where the pursuer is exactly `catch_distance` from the quarry.
    """
    if step <= 0:
        raise ValueError(f"the time step must be positive, not {step}")
    speed = pace.rate
    end = start_time + duration
    x, y = start
    t = start_time
    knots = [(t, x, y)]
    quarry_times = [k[0] for k in quarry]
    qx, qy = position_on(quarry, t)
    if math.hypot(qx - x, qy - y) <= catch_distance:
        return knots, clean_time(t)
    number = 0
    while t < end:
        number += 1
        # The n-th step ends at start + n * step (not t + step) so no float error accumulates.
        t_next = min(start_time + number * step, end)
        h = t_next - t
        hx, hy = _closing_heading(quarry, (x, y), t, h, speed, catch_distance) or _heading(
            quarry, (x, y), t, h, speed
        )
        nx, ny = x + hx * speed * h, y + hy * speed * h
        caught = _catch_in_step(
            quarry, quarry_times, (x, y), (hx * speed, hy * speed), t, t_next, catch_distance
        )
        if caught is not None:
            time = clean_time(caught)
            # The knot is placed at the cleaned time; if that is the step's start (a catch
            # within float dust of it), it replaces the knot there.
            moved = max(time - t, 0.0) * speed
            if time <= knots[-1][0]:
                knots.pop()
            knots.append((time, x + hx * moved, y + hy * moved))
            return knots, time
        x, y, t = nx, ny, t_next
        knots.append((clean_time(t), x, y))
    return knots, None


def _heading(quarry: Knots, here: Point, t: float, h: float, speed: float) -> Point:
    """The unit direction for the step [t, t + h]: the midpoint rule, falling back to aiming at
    the quarry now when the midpoint sits on it."""
    qx, qy = position_on(quarry, t)
    ux, uy = _unit(qx - here[0], qy - here[1])
    mx, my = here[0] + ux * speed * h / 2, here[1] + uy * speed * h / 2
    qmx, qmy = position_on(quarry, t + h / 2)
    vx, vy = _unit(qmx - mx, qmy - my)
    return (vx, vy) if (vx, vy) != (0.0, 0.0) else (ux, uy)


def _closing_heading(
    quarry: Knots, here: Point, t: float, h: float, speed: float, catch_distance: float
) -> Point | None:
    """When the quarry can be reached within this step, the heading that reaches it (at the
    first moment possible), else None.

    Aiming at where the quarry is would overshoot it (pure pursuit makes its last approach from
    behind and would pass beside the quarry inside one step); a pursuer does not run past the
    man he is chasing, so in the step that ends the chase it runs to the meeting point.
    """
    qx, qy = position_on(quarry, t)
    ex, ey = position_on(quarry, t + h)
    vx, vy = (ex - qx) / h, (ey - qy) / h
    dx, dy = qx - here[0], qy - here[1]
    # |d + v s| <= catch + speed s, squared: a s^2 + b s + c <= 0 with c > 0 (not caught yet).
    a = vx * vx + vy * vy - speed * speed
    b = 2 * (dx * vx + dy * vy - catch_distance * speed)
    c = dx * dx + dy * dy - catch_distance * catch_distance
    s = _least_nonnegative_root(a, b, c)
    if s is None or s > h:
        return None
    heading = _unit(dx + vx * s, dy + vy * s)
    return heading if heading != (0.0, 0.0) else None


def _least_nonnegative_root(a: float, b: float, c: float) -> float | None:
    if abs(a) <= 1e-12 * (abs(b) + abs(c) + 1.0):
        return -c / b if b < 0.0 else None
    disc = b * b - 4 * a * c
    if disc < 0.0:
        return None
    q = -(b + math.copysign(math.sqrt(disc), b)) / 2
    roots = [r for r in (q / a, c / q if q != 0.0 else math.inf) if r >= 0.0]
    return min(roots, default=None)


def _unit(dx: float, dy: float) -> Point:
    length = math.hypot(dx, dy)
    return (0.0, 0.0) if length == 0.0 else (dx / length, dy / length)


def _catch_in_step(
    quarry: Knots,
    quarry_times: list[float],
    here: Point,
    velocity: Point,
    t0: float,
    t1: float,
    catch_distance: float,
) -> float | None:
    """The first time in (t0, t1] the pursuer (here + velocity (t - t0)) is within reach."""
    # Between the quarry's knots both move linearly: split the step there.
    cuts = [t0, *quarry_times[bisect_right(quarry_times, t0) : bisect_right(quarry_times, t1)]]
    if cuts[-1] < t1:
        cuts.append(t1)
    for a, b in itertools.pairwise(cuts):
        if b <= a:
            continue
        qa, qb = position_on(quarry, a), position_on(quarry, b)
        px, py = here[0] + velocity[0] * (a - t0), here[1] + velocity[1] * (a - t0)
        # Offset d(s) = d0 + w s from pursuer to quarry, s in [0, b - a].
        d0x, d0y = qa[0] - px, qa[1] - py
        wx = (qb[0] - qa[0]) / (b - a) - velocity[0]
        wy = (qb[1] - qa[1]) / (b - a) - velocity[1]
        s = _first_within(d0x, d0y, wx, wy, catch_distance, b - a)
        if s is not None:
            return a + s
    return None


def _first_within(
    d0x: float, d0y: float, wx: float, wy: float, limit: float, span: float
) -> float | None:
    """The least s in [0, span] with |d0 + w s| <= limit, or None."""
    c = d0x * d0x + d0y * d0y - limit * limit
    if c <= 0.0:
        return 0.0
    a = wx * wx + wy * wy
    b = 2 * (d0x * wx + d0y * wy)
    if a == 0.0 or b >= 0.0:
        return None  # not closing in
    disc = b * b - 4 * a * c
    if disc < 0.0:
        # Passing by: a catch at distance 0 is a double root that float dust can push below
        # zero, so the closest approach counts if it is within a hair.
        vertex = -b / (2 * a)
        closest = math.hypot(d0x + wx * vertex, d0y + wy * vertex)
        return vertex if vertex <= span and closest <= limit + 1e-9 else None
    # Stable form of the smaller root (b < 0, so -b + sqrt(disc) has no cancellation).
    s = 2 * c / (-b + math.sqrt(disc))
    return s if s <= span else None
