"""The wheel installs no top-level `bench`; `polymem bench` finds the harness only in a checkout."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from setuptools import find_namespace_packages

from polymem.commands.bench import NOT_INSTALLED, harness

ROOT = Path(__file__).resolve().parents[2]


def test_wheel_packages_leave_the_bench_harness_out() -> None:
    find = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    # [tool.setuptools.packages.find] discovers namespace packages too (polymem/api has no __init__)
    packages = find_namespace_packages(where=str(ROOT), include=find["include"], exclude=find.get("exclude", ()))
    assert "polymem" in packages and "polymem.api" in packages
    assert [p for p in packages if p.split(".")[0] != "polymem"] == []


def test_harness_is_found_in_the_checkout_and_not_elsewhere(tmp_path: Path) -> None:
    found = harness(ROOT)
    assert found is not None and Path(found.__file__).parent == ROOT / "bench"
    assert harness(tmp_path) is None  # no bench/ there: as in an installed wheel


def test_bench_command_without_a_checkout_says_where_the_harness_is(tmp_path: Path) -> None:
    # Point the command at a folder with no bench/: the same path an installed wheel takes.
    code = ("import sys; from pathlib import Path; import polymem.commands.bench as b; "
            f"orig = b.harness; b.harness = lambda checkout=None: orig(Path({str(tmp_path)!r})); "
            "from polymem.cli import main; sys.exit(main(['bench', 'all']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 2
    assert NOT_INSTALLED in done.stderr
