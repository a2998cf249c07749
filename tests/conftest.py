"""Test-wide setup: Qt runs offscreen everywhere, so no test needs a display."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
