"""`make test` rewrites the test modules' assertions once (tests.rewrite_cache): pytest must
take those files as its own, and they must hold what pytest would have made."""

import marshal
import os
import subprocess
import sys
from pathlib import Path

import pytest
from _pytest.assertion import rewrite

from tests import rewrite_cache

pytestmark = pytest.mark.skipif(
    not all(
        hasattr(rewrite, name)
        for name in ("get_cache_dir", "PYC_TAIL", "_read_pyc", "_rewrite_test", "_write_pyc_fp")
    ),
    reason="this pytest lacks the private functions tests.rewrite_cache uses: it writes "
    "nothing then, and pytest rewrites the modules itself",
)

SAMPLE = """\
def test_sum():
    values = [1, 2]
    assert sum(values) == 3, values
"""


def _pytest(folder: Path) -> subprocess.CompletedProcess:
    """pytest in a process of its own, free to write bytecode, without the plugins."""
    env = dict(os.environ, PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(folder)]
    return subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True)


def _code(pyc: Path):
    data = pyc.read_bytes()
    return data[:16], marshal.loads(data[16:])


def test_the_test_modules_and_conftests_are_found(tmp_path: Path) -> None:
    for name in ("test_a.py", "sub/b_test.py", "sub/conftest.py", "helper.py", "sub/data.py"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("")
    found = [path.relative_to(tmp_path.resolve()) for path in rewrite_cache.modules(tmp_path)]
    assert found == [Path("sub/b_test.py"), Path("sub/conftest.py"), Path("test_a.py")]


def test_pytest_takes_the_rewritten_module_as_its_own(tmp_path: Path) -> None:
    module = tmp_path / "test_sample.py"
    module.write_text(SAMPLE)
    rewrite_cache.main([str(tmp_path)])
    pyc = rewrite.get_cache_dir(module.resolve()) / ("test_sample" + rewrite.PYC_TAIL)
    ours = _code(pyc)
    written = pyc.stat()

    run = _pytest(tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    # pytest read it: a module it rewrites itself is written anew (a new file, renamed in)
    assert pyc.stat().st_ino == written.st_ino
    assert pyc.stat().st_mtime_ns == written.st_mtime_ns
    assert rewrite_cache.write(module.resolve()) is False  # and a second pass leaves it

    pyc.unlink()
    run = _pytest(tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert _code(pyc) == ours  # the same header (source hash) and the same rewritten code


def test_a_changed_test_is_rewritten_again(tmp_path: Path) -> None:
    module = tmp_path / "test_sample.py"
    module.write_text(SAMPLE)
    assert rewrite_cache.write(module.resolve()) is True
    module.write_text(SAMPLE.replace("== 3", "== 4"))
    assert rewrite_cache.write(module.resolve()) is True
    run = _pytest(tmp_path)
    assert run.returncode == 1
    assert "assert 3 == 4" in run.stdout  # the rewritten explanation of the new source
