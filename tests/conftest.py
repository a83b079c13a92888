"""Shared test configuration: Hypothesis settings profiles.

Choose one with the environment variable ``HYPOTHESIS_PROFILE``:

- ``default``: fast, for every run (100 examples per property test, no deadline);
- ``dev``: quicker still while editing (20 examples);
- ``ci-long``: the nightly soak (2000 examples per property test).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("default", max_examples=100, deadline=None)
settings.register_profile("dev", max_examples=20, deadline=None)
settings.register_profile(
    "ci-long",
    max_examples=2000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
