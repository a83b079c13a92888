"""The suite's cap on each test process's memory (:data:`tests.conftest.MEMORY_CAP`)."""

from __future__ import annotations

import sys

import pytest

from tests.conftest import MEMORY_CAP


@pytest.mark.skipif(
    not MEMORY_CAP or not sys.platform.startswith("linux"), reason="the cap is set on Linux"
)
def test_a_test_process_that_outgrows_the_cap_gets_a_memory_error() -> None:
    """The cap is in force in this process: asking for more than it fails at once."""
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    assert soft != resource.RLIM_INFINITY
    assert soft <= MEMORY_CAP
    with pytest.raises(MemoryError):
        bytearray(MEMORY_CAP)
