"""The pytest plugin as a user's test run sees it: a failing test's report carries the snapshot,
the last events and a screenshot; the package installs with its ``pytest11`` entry point."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from uistream.server import Server

PACKAGE = Path(__file__).resolve().parents[1]

FAILING_TESTS = '''
import uistream

def test_expectation_fails(ui):
    ui.expect({"automationId": "editor.position"}, timeout=0.3).to_have_text("Ln 0, Col 0")

def test_plain_assert_fails(ui):
    ui.actions_type(target={"automationId": "editor.text"}, text="x")
    assert ui.windows_list()["windows"] == []

def test_passes(ui, uistream_server):
    assert uistream_server.backend == "attached"
    ui.expect({"automationId": "editor.text"}).to_appear()
'''


def run_inner(pytester: pytest.Pytester, server: Server, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("UISTREAM_URL", server.url)
    monkeypatch.setenv("UISTREAM_TOKEN", server.token or "")
    monkeypatch.setenv("PYTHONPATH", str(PACKAGE / "src"))
    pytester.makepyfile(test_inner=FAILING_TESTS)
    report_dir = pytester.path / "reports"
    plugin = [] if _installed() else ["-p", "uistream.pytest_plugin"]
    result = pytester.runpytest_subprocess(*plugin, f"--uistream-report-dir={report_dir}")
    return result, report_dir


def _installed() -> bool:
    from importlib.metadata import entry_points

    return any(e.name == "uistream" for e in entry_points(group="pytest11"))


def test_failure_reports_attach_snapshot_events_and_screenshot(
    pytester: pytest.Pytester, uistream_server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    result, report_dir = run_inner(pytester, uistream_server, monkeypatch)
    result.assert_outcomes(passed=1, failed=2)
    output = result.stdout.str()
    assert "expected element #editor.position to have text 'Ln 0, Col 0'" in output
    assert output.count("uistream snapshot") == 2
    assert output.count("uistream last events") == 2
    # The plain assert's report lists the events its typing caused.
    assert "text.changed" in output
    shots = sorted(p.name for p in report_dir.glob("*.png"))
    assert len(shots) == 2, shots
    assert all((report_dir / s).read_bytes().startswith(b"\x89PNG") for s in shots)


def test_the_package_installs_with_its_pytest_entry_point(tmp_path: Path) -> None:
    target = tmp_path / "site"
    # Built from a copy: setuptools writes build/ and egg-info beside the sources it builds.
    source = tmp_path / "source"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("__pycache__", ".pytest_cache"))
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index"]
    pip += ["--no-build-isolation", "--target", str(target), str(source)]
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    subprocess.run(pip, check=True, env=env, cwd=tmp_path, capture_output=True, timeout=180)
    probe = (
        "from importlib.metadata import entry_points; import uistream;"
        "print([e.value for e in entry_points(group='pytest11') if e.name == 'uistream'],"
        " uistream.__file__)"
    )
    shown = subprocess.run(
        [sys.executable, "-c", probe],
        env={**env, "PYTHONPATH": str(target)},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "['uistream.pytest_plugin']" in shown
    assert str(target) in shown, "the installed copy, not the checkout, was imported"
