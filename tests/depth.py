"""How many examples a costly Hypothesis test runs: a share of the profile in force.

The profiles (``tests/conftest.py``) set ``max_examples`` for every property test. A test whose
examples cost a game or a solver search asks for fewer, written as the number it runs per 100 of
the profile's examples, so that the ``ci-long`` profile runs it as much deeper as every other test
and the fast default profile as much shallower, never below ``minimum``. A test may also ask for a
smaller share in the everyday profiles than in the deep one (``deep``): the suite stays quick
while CI's deep run keeps the full count.
"""

from __future__ import annotations

from hypothesis import settings

#: The examples per property test of the deep profile, ``ci-long``: CI's run after the suite.
DEEP_EXAMPLES = 500


def is_deep() -> bool:
    """Whether the profile in force is the deep one (``ci-long``, or any as deep)."""
    profile = settings.default
    assert profile is not None, "tests/conftest.py loads a profile"
    return profile.max_examples >= DEEP_EXAMPLES


def examples(per_hundred: int, *, minimum: int = 1, deep: int | None = None) -> int:
    """``per_hundred`` examples per 100 of the profile's ``max_examples``, at least ``minimum``;
    ``deep`` per 100 instead under the deep profile, where given."""
    profile = settings.default
    assert profile is not None, "tests/conftest.py loads a profile"
    share = deep if deep is not None and is_deep() else per_hundred
    return max(minimum, share * profile.max_examples // 100)
