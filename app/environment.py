"""Can Qt open a window here? Checked before Qt is started, so a machine that lacks what
Qt needs gets a message naming the packages to install, never Qt's own abort
("could not load the Qt platform plugin "xcb"... Aborted (core dumped)").

On Linux, Qt draws through its xcb platform plugin, which needs X11 libraries a fresh
Debian or Ubuntu machine may not have (libxcb-cursor0 and friends). `qt_display_problem`
asks the system's `ldd` which libraries the plugin cannot find and maps them to Debian
package names; it also notices when there is no display at all. `daimyo` (and so
`make run`) and `daimyo edit` call it first.
"""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

# The libraries Qt's xcb plugin and its Qt libraries load, by Debian/Ubuntu package.
PACKAGES: dict[str, str] = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxcb-xinput.so.0": "libxcb-xinput0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-glx.so.0": "libxcb-glx0",
    "libxcb.so.1": "libxcb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libSM.so.6": "libsm6",
    "libICE.so.6": "libice6",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libOpenGL.so.0": "libopengl0",
    "libGLX.so.0": "libglx0",
}
NOT_FOUND = re.compile(r"^\s*(\S+)\s*=>\s*not found", re.MULTILINE)


def xcb_plugin() -> Path | None:
    """The file of Qt's xcb platform plugin in the installed PySide6, if it has one."""
    try:
        import PySide6
    except ImportError:
        return None
    for base in PySide6.__path__:
        plugin = Path(base) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
        if plugin.is_file():
            return plugin
    return None


def missing_libraries(plugin: Path) -> list[str]:
    """Shared libraries `plugin` needs that the system cannot find (by soname)."""
    ldd = shutil.which("ldd")
    if ldd is not None:
        try:
            result = subprocess.run(
                [ldd, str(plugin)], capture_output=True, text=True, timeout=30, check=False
            )
        except (OSError, subprocess.SubprocessError):
            result = None
        if result is not None and result.returncode == 0:
            return sorted(set(NOT_FOUND.findall(result.stdout)))
    missing = []  # no ldd: try to load each library Qt's xcb plugin is known to need
    for soname in PACKAGES:
        try:
            ctypes.CDLL(soname)
        except OSError:
            missing.append(soname)
    return missing


def install_advice(missing: list[str]) -> str:
    """What to install for the missing libraries, with the one-line apt command."""
    packages = sorted({PACKAGES[name] for name in missing if name in PACKAGES})
    unknown = [name for name in missing if name not in PACKAGES]
    lines = [
        "Daimyo cannot open its window: Qt's X11 (xcb) platform needs libraries this system lacks:",
        *(f"  {name}" for name in missing),
    ]
    if packages:
        lines += [
            "On Debian or Ubuntu, install them with:",
            f"  sudo apt-get install {' '.join(packages)}",
        ]
    if unknown:
        lines.append(
            "Find the package of the others with your system's package search "
            "(on Debian/Ubuntu: apt-file search NAME)."
        )
    lines.append("Then run `make run` (or `daimyo`) again.")
    return "\n".join(lines)


def qt_display_problem(
    env: Mapping[str, str] | None = None, platform: str | None = None
) -> str | None:
    """Why Qt could not open a window here (a message for people), or None when it can.

    Only Linux's xcb platform is checked: other systems, `QT_QPA_PLATFORM=offscreen`
    (tests) and Wayland sessions do not need the X11 libraries.
    """
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if not platform.startswith("linux"):
        return None
    requested = [p.split(":")[0].strip() for p in env.get("QT_QPA_PLATFORM", "").split(";")]
    requested = [p for p in requested if p]
    if requested and requested[0] != "xcb":
        return None  # offscreen, wayland, vnc...: Qt will not try xcb first
    if not requested and env.get("WAYLAND_DISPLAY"):
        return None  # a Wayland session: Qt uses its wayland platform
    plugin = xcb_plugin()
    if plugin is not None:
        missing = missing_libraries(plugin)
        if missing:
            return install_advice(missing)
    if not env.get("DISPLAY"):
        return (
            "Daimyo cannot open its window: there is no display (DISPLAY is not set). Start it "
            "from a desktop session; on a machine without a screen, `xvfb-run daimyo` gives it "
            "a virtual one."
        )
    return None
