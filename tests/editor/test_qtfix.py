"""The None reference-count guard keeps Qt sessions with many calls alive."""

import subprocess
import sys

SCRIPT = """
import sys
from editor.qtfix import keep_none_alive
keep_none_alive()
from PySide6.QtCore import QPointF
p = QPointF()
for _ in range(200_000):
    p.setX(1.0)
print("alive")
"""


def test_many_void_qt_calls_do_not_abort_the_process() -> None:
    # Given a fresh interpreter with the guard applied
    # When a Qt method returning None is called 200 000 times
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60
    )
    # Then the process survives
    assert result.returncode == 0, result.stderr
    assert "alive" in result.stdout
