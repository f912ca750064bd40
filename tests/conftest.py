"""Settings for the whole suite.

Property tests (hypothesis) are deterministic in CI: each test draws the same examples on
every run (``derandomize``), and no example has a time limit (``deadline=None``: a busy
machine must never fail a test by being slow). ``HYPOTHESIS_RANDOM=1`` draws new examples
each run, for exploring by hand.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

RANDOM = bool(os.environ.get("HYPOTHESIS_RANDOM"))

settings.register_profile(
    "project",
    derandomize=not RANDOM,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("project")
