"""Small statistics for self-play, on the standard library alone: Student's t and its intervals.

:func:`t_quantile` inverts the t distribution's exact CDF for whole degrees of freedom
(Abramowitz and Stegun 26.7.3-4: a finite sum in the angle ``atan(t / sqrt(df))``) by
bisection, so a 95% interval is right for small samples too; past 200 degrees of freedom, where
that sum grows long, the Cornish-Fisher expansion around the normal quantile is exact to
about 1e-9.
:func:`mean_interval` is the t interval for a mean; on per-deal differences it is the paired t
interval.
:func:`share_interval` is the Wilson score interval for a share of yes-or-no outcomes, which
stays inside 0 to 1 and is not empty when every outcome is the same.
"""

from __future__ import annotations

import functools
import math
import statistics
from collections.abc import Sequence

__all__ = ["mean_interval", "share_interval", "t_quantile"]


def t_cdf(t: float, df: int) -> float:
    """P(T <= t) for Student's t with ``df`` (a whole number, at least 1) degrees of freedom.

    >>> round(t_cdf(2.228, 10), 4), t_cdf(0.0, 3)
    (0.975, 0.5)
    """
    theta = math.atan(abs(t) / math.sqrt(df))
    cos2, sin = math.cos(theta) ** 2, math.sin(theta)
    if df % 2:  # odd: (2/pi) (theta + sin cos (1 + 2/3 cos^2 + 2*4/(3*5) cos^4 + ...))
        term, total = 1.0, 1.0 if df > 1 else 0.0
        for k in range(1, (df - 1) // 2):
            term *= cos2 * (2 * k) / (2 * k + 1)
            total += term
        inside = 2 / math.pi * (theta + sin * math.cos(theta) * total)
    else:  # even: sin (1 + 1/2 cos^2 + 1*3/(2*4) cos^4 + ...)
        term = total = 1.0
        for k in range(1, df // 2):
            term *= cos2 * (2 * k - 1) / (2 * k)
            total += term
        inside = sin * total
    return 0.5 + math.copysign(inside / 2, t)


@functools.lru_cache(maxsize=256)
def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (``0.5 < p < 1``).

    >>> round(t_quantile(0.975, 1), 3), round(t_quantile(0.975, 10), 3)
    (12.706, 2.228)
    """
    if df > _EXPANSION_FROM:
        return _cornish_fisher(p, df)
    low, high = 0.0, 1.0
    while t_cdf(high, df) < p:
        high *= 2
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if t_cdf(middle, df) < p:
            low = middle
        else:
            high = middle
    return high


_EXPANSION_FROM = 200


def _cornish_fisher(p: float, df: int) -> float:
    """The t quantile from the normal one by the Cornish-Fisher expansion, to 1/df^4."""
    z = statistics.NormalDist().inv_cdf(p)
    z2 = z * z
    terms = (
        z * (z2 + 1) / 4,
        z * ((5 * z2 + 16) * z2 + 3) / 96,
        z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / 384,
        z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) / 92160,
    )
    return z + sum(term / float(df) ** power for power, term in enumerate(terms, 1))


def mean_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float] | None:
    """The ``level`` t interval for the mean of ``values``; ``None`` for fewer than two.

    >>> mean_interval([1.0, 2.0, 3.0])
    (-0.484..., 4.484...)
    """
    if len(values) < 2:
        return None
    mean = statistics.fmean(values)
    half = t_quantile(0.5 + level / 2, len(values) - 1) * statistics.stdev(values)
    half /= math.sqrt(len(values))
    return mean - half, mean + half


def share_interval(hits: int, total: int, level: float = 0.95) -> tuple[float, float] | None:
    """The ``level`` Wilson score interval for the share ``hits / total``; ``None`` when empty.

    >>> low, high = share_interval(0, 100)
    >>> low, round(high, 4)
    (0.0, 0.037)
    """
    if total < 1:
        return None
    z = statistics.NormalDist().inv_cdf(0.5 + level / 2)
    share, z2 = hits / total, z * z
    scale = 1 + z2 / total
    centre = (share + z2 / (2 * total)) / scale
    half = z * math.sqrt(share * (1 - share) / total + z2 / (4 * total * total)) / scale
    low = 0.0 if hits == 0 else max(0.0, centre - half)  # exactly 0 and 1, not rounded near
    return low, 1.0 if hits == total else min(1.0, centre + half)
