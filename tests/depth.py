"""How many examples a costly Hypothesis test runs: a share of the profile in force.

The profiles (``tests/conftest.py``) set ``max_examples`` for every property test. A test whose
examples cost a game or a solver search asks for fewer, written as the number it runs per 100 of
the profile's examples, so that the ``ci-long`` profile runs it as much deeper as every other test
and the fast default profile as much shallower, never below ``minimum``.
"""

from __future__ import annotations

from hypothesis import settings


def examples(per_hundred: int, *, minimum: int = 1) -> int:
    """``per_hundred`` examples per 100 of the profile's ``max_examples``, at least ``minimum``."""
    profile = settings.default
    assert profile is not None, "tests/conftest.py loads a profile"
    return max(minimum, per_hundred * profile.max_examples // 100)
