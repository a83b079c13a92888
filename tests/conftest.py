"""Shared test configuration: Hypothesis settings profiles.

Choose one with the environment variable ``HYPOTHESIS_PROFILE``:

- ``default``: fast, for every run (25 examples per property test), so that the whole suite takes
  about a minute on two cores;
- ``dev``: quicker still while editing (10 examples);
- ``ci-long``: the deep run that CI makes after the default one, of every Hypothesis test
  (``HYPOTHESIS_PROFILE=ci-long python -m pytest -m hypothesis``): 20 times the default's examples.

Tests whose examples are costly ask for a share of the profile's examples (``tests.depth``), so
every profile scales them too: what the default runs less of, ``ci-long`` runs deeper. Some run
fewer in the everyday profiles only, and all of ``ci-long``'s examples there.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

from tests.depth import DEEP_EXAMPLES

#: No profile has a wall-clock limit (a deadline, or the health check on slow generation): the
#: suite must pass on a busy machine, and the hostile tests bound the work itself (issue 18).
NO_CLOCK = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

settings.register_profile("default", NO_CLOCK, max_examples=25)
settings.register_profile("dev", NO_CLOCK, max_examples=10)
settings.register_profile("ci-long", NO_CLOCK, max_examples=DEEP_EXAMPLES, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
