"""The reference data beside the project (``../shared``: the DATC files, other engines'
regression cases, real games) run through the engine by ``tools/check_shared.py``.
Skipped when the folder is absent (a checkout on its own); CI has it. Set
``DIPLOMACY_SHARED`` to run it against another copy."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("DIPLOMACY_SHARED", ROOT.parent / "shared"))

pytestmark = pytest.mark.skipif(not (SHARED / "datc").is_dir(), reason=f"{SHARED} is absent")


def test_the_engine_agrees_with_the_shared_reference_data(capsys):
    spec = importlib.util.spec_from_file_location("check_shared", ROOT / "tools" / "check_shared.py")
    assert spec is not None and spec.loader is not None
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    failures = check.main(["check_shared.py", str(SHARED)])
    assert failures == 0, capsys.readouterr().out
