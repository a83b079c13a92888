"""Shared test configuration: Hypothesis settings profiles.

Choose one with the environment variable ``HYPOTHESIS_PROFILE``:

- ``default``: fast, for every run (25 examples per property test), so that the whole suite takes
  about a minute on two cores;
- ``dev``: quicker still while editing (10 examples);
- ``ci-long``: the deep run that CI makes after the default one, of every Hypothesis test and
  every test marked ``deep`` (``HYPOTHESIS_PROFILE=ci-long python -m pytest -m 'hypothesis or
  deep'``): 20 times the default's examples.

Tests whose examples are costly ask for a share of the profile's examples (``tests.depth``), so
every profile scales them too: what the default runs less of, ``ci-long`` runs deeper. Some run
fewer in the everyday profiles only, and all of ``ci-long``'s examples there. Tests that are not
Hypothesis tests but read the profile to go deeper are marked ``deep`` here (:data:`DEEP_MODULES`).

Each test process runs under a cap on its memory (:data:`MEMORY_CAP`; on Linux), so that a
search whose tables grow without bound fails its test with a ``MemoryError`` that Hypothesis
shrinks, instead of the kernel killing the process, and the machine with it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.depth import DEEP_EXAMPLES

#: No profile has a wall-clock limit (a deadline, or the health check on slow generation): the
#: suite must pass on a busy machine, and the hostile tests bound the work itself (issue 18).
NO_CLOCK = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

settings.register_profile("default", NO_CLOCK, max_examples=25)
settings.register_profile("dev", NO_CLOCK, max_examples=10)
settings.register_profile("ci-long", NO_CLOCK, max_examples=DEEP_EXAMPLES, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

#: Modules whose tests take more cases under ``ci-long`` without being Hypothesis tests: the hard
#: positions take every position of their file there, and only there; the agreed positions have
#: the general engine prove their answers again there.
DEEP_MODULES = frozenset(
    Path(__file__).parent / name for name in ("test_hard_positions.py", "test_agreed_positions.py")
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests of :data:`DEEP_MODULES` ``deep``, so that CI's deep run takes them."""
    for item in items:
        if item.path in DEEP_MODULES:
            item.add_marker(pytest.mark.deep)


#: Bytes of address space each test process may take (``RUMMIKUB_TEST_MEMORY_GB``, 4 by
#: default; 0 for none). A test process of the README's run peaks near 1.2 GB of address space
#: (330 MB resident); a CI worker once took 24 GB, a search's tables grown past any bound, and
#: the kernel killed it.
MEMORY_CAP = int(float(os.environ.get("RUMMIKUB_TEST_MEMORY_GB", "4")) * 2**30)


def pytest_configure(config: pytest.Config) -> None:
    """Cap this process's memory at :data:`MEMORY_CAP` (each xdist worker runs this too)."""
    if MEMORY_CAP and sys.platform.startswith("linux"):
        import resource

        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = MEMORY_CAP if hard == resource.RLIM_INFINITY else min(MEMORY_CAP, hard)
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
