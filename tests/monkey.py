"""A monkey for Daimyo's windows: random *enabled* things a person can do, with a fixed seed.

`Monkey.run(steps)` clicks enabled buttons and any visible widget, triggers enabled menu
actions, clicks, drags, hovers and wheels over board items and random board points, turns
spin and combo boxes, presses keys (the app's shortcuts among them) and resizes the window
between 1280 × 720 and 2560 × 1440; a test adds steps of its own (a legal decision). The
window is painted every PAINT_EVERY steps (all that changed meanwhile), not after each. Modal
dialogs that open meanwhile are answered at random by a timer: a message box's buttons, a
dialog the test lets accept filled at random and OK'd, any other cancelled, pop-ups closed.

`Recorder` turns every exception that reaches the event loop (sys.excepthook) or ends a
Python thread (threading.excepthook) and every Qt warning (qInstallMessageHandler) into a
`Failure` with the step and the last steps that led to it: the same seed shows it again.
"""

from __future__ import annotations

import random
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt, QTimer, QtMsgType, qInstallMessageHandler
from PySide6.QtGui import QAction, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QGraphicsView,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QWidget,
)

SMALLEST = (1280, 720)
LARGEST = (2560, 1440)
TRAIL = 12  # steps shown before a failure
# the window is painted every PAINT_EVERY steps, not after each: painting a 1280 × 720 window
# offscreen took most of a step's time, and a paint shows every change since the last one
PAINT_EVERY = 10
# the offscreen platform's own notices: what a desktop window manager would do, not a bug
PLATFORM_NOTICES = ("This plugin does not support",)

KEYS: tuple[tuple[Qt.Key, Qt.KeyboardModifier], ...] = (
    (Qt.Key.Key_H, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Space, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Tab, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Delete, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Backspace, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_1, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_2, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_G, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_S, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_P, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_V, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_O, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_L, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_K, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_M, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_I, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_X, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_T, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Left, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Right, Qt.KeyboardModifier.NoModifier),
)


@dataclass(slots=True)
class Failure:
    """An exception or a Qt warning, with the steps that led to it."""

    step: int
    trail: list[str]
    text: str

    def __str__(self) -> str:
        steps = "\n".join(f"    {line}" for line in self.trail)
        return f"at step {self.step}, after:\n{steps}\n  {self.text}"


@dataclass
class Recorder:
    """Records exceptions and Qt warnings while it is entered (it chains the previous
    excepthook and message handler, so pytest-qt still sees them)."""

    ignore: tuple[str, ...] = PLATFORM_NOTICES
    failures: list[Failure] = field(default_factory=list)
    trail: deque[str] = field(default_factory=lambda: deque(maxlen=TRAIL))
    step: int = 0
    _hook: Any = None
    _thread_hook: Any = None
    _handler: Any = None

    def __enter__(self) -> Recorder:
        self._hook = sys.excepthook
        self._thread_hook = threading.excepthook
        sys.excepthook = self._on_exception
        threading.excepthook = self._on_thread_exception
        self._handler = qInstallMessageHandler(self._on_message)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.excepthook = self._hook
        threading.excepthook = self._thread_hook
        qInstallMessageHandler(self._handler)

    def record(self, text: str) -> None:
        """Keep one failure at the current step."""
        self.failures.append(Failure(self.step, list(self.trail), text))

    def _on_exception(self, kind: type, value: BaseException, tb: Any) -> None:
        self.record("".join(traceback.format_exception(kind, value, tb)).rstrip())
        if self._hook is not None:
            self._hook(kind, value, tb)

    def _on_thread_exception(self, args: threading.ExceptHookArgs) -> None:
        name = args.thread.name if args.thread is not None else "?"
        trace = traceback.format_exception(args.exc_type, args.exc_value, args.exc_traceback)
        self.record(f"in thread {name}: " + "".join(trace).rstrip())
        self._thread_hook(args)

    def _on_message(self, mode: QtMsgType, context: Any, message: str) -> None:
        serious = mode in (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg)
        if serious and not any(part in message for part in self.ignore):
            self.record(f"Qt {mode.name}: {message}")
        if self._handler is not None:
            self._handler(mode, context, message)

    def report(self, seed: int) -> str:
        """Every failure, for an assertion message."""
        head = f"{len(self.failures)} failure(s) with seed {seed}:"
        return "\n".join([head, *(str(f) for f in self.failures[:5])])


def log_told_whole(window: Any) -> bool:
    """The play screen's log shows what the game's story tells its viewer now, told afresh
    (True too when no game is on): the app adds only new lines to it and asks only the
    entries it has not yet told whole for theirs (app.game_controller, `_refresh_log`)."""
    controller = getattr(window, "controller", None)
    if controller is None or not controller._active:
        return True
    viewer = controller._viewer_key()
    told = [line.text for entry in controller._log for line in entry.lines(viewer) if line.text]
    log = window.game_screen.log
    shown = [log.item(i).text() for i in range(log.count())]
    return shown == told and controller.log_texts() == told


def paint_once(window: QWidget, keep: bool = False) -> None:
    """Paint the whole window now, all that changed since its last paint included; then
    painting stays off unless `keep` (tests that play long paint a sample of moments: a
    paint of a 1280 × 720 window offscreen costs more than most steps of a game)."""
    window.setUpdatesEnabled(True)  # (this asks for a repaint of everything)
    QApplication.processEvents()
    window.setUpdatesEnabled(keep)


def _widget_name(widget: QWidget) -> str:
    text = widget.text() if hasattr(widget, "text") else ""
    name = text or widget.toolTip() or widget.objectName()
    return f"{type(widget).__name__} {name!r}"[:90]


class DialogAnswerer:
    """Answers dialogs at random while the monkey runs (modal dialogs run their own event
    loop, so a timer is the only way in)."""

    def __init__(self, rng: random.Random, recorder: Recorder, accept: Callable[[QDialog], bool]):
        self.rng = rng
        self.recorder = recorder
        self.accept = accept
        self.timer = QTimer()
        self.timer.setInterval(15)
        self.timer.timeout.connect(self._on_tick)

    def start(self) -> None:
        """Begin answering."""
        self.timer.start()

    def stop(self) -> None:
        """Stop answering."""
        self.timer.stop()

    def _on_tick(self) -> None:
        popup = QApplication.activePopupWidget()
        if popup is not None:
            self.recorder.trail.append(f"  (closed pop-up {type(popup).__name__})")
            popup.close()
            return
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QDialog) or not dialog.isVisible():
            return
        if isinstance(dialog, QMessageBox):
            buttons = dialog.buttons()
            button = self.rng.choice(buttons) if buttons else None
            self.recorder.trail.append(
                f"  (message {dialog.text()[:50]!r} → {button.text() if button else 'closed'})"
            )
            if button is None:
                dialog.reject()
            else:
                button.click()
            return
        if self.accept(dialog):
            box = dialog.findChild(QDialogButtonBox)
            ok = box.button(QDialogButtonBox.StandardButton.Ok) if box is not None else None
            if ok is not None and ok.isEnabled():
                filled = self._fill(dialog) if self.rng.random() < 0.5 else []
                self.recorder.trail.append(f"  (OK in {type(dialog).__name__} {filled})")
                ok.click()  # a dialog that refuses stays open: answered again next time
                return
        self.recorder.trail.append(f"  (cancelled {type(dialog).__name__})")
        dialog.reject()

    def _fill(self, dialog: QDialog) -> list[str]:
        """Random choices in a dialog's visible combo and spin boxes; what was chosen."""
        chosen = []
        for widget in dialog.findChildren(QWidget):
            if not (widget.isVisible() and widget.isEnabled()):
                continue
            if isinstance(widget, QComboBox) and widget.count():
                widget.setCurrentIndex(self.rng.randrange(widget.count()))
                chosen.append(widget.currentText())
            elif isinstance(widget, QSpinBox):
                top = min(widget.maximum(), widget.minimum() + 12)
                widget.setValue(self.rng.randint(widget.minimum(), top))
                chosen.append(str(widget.value()))
            elif isinstance(widget, QDoubleSpinBox):
                top = min(widget.maximum(), widget.minimum() + 12)
                widget.setValue(self.rng.uniform(widget.minimum(), top))
                chosen.append(f"{widget.value():g}")
        return chosen


class Monkey:
    """Random enabled actions on one main window (see the module docstring).

    `skip_actions` and `skip_buttons` are left alone (quitting, native print dialogs, windows
    of their own); `accept` says whether a dialog is accepted (default: never); `settle`
    runs after each step (tests wait for a computer's move there); `extra` adds kinds of
    step of a test's own: name → (weight, a function of the monkey's rng that does it and
    says what it did, or None when it could not).
    """

    def __init__(
        self,
        qtbot: Any,
        window: QMainWindow,
        seed: int,
        recorder: Recorder,
        skip_actions: Iterable[QAction] = (),
        skip_buttons: Iterable[QWidget] = (),
        accept: Callable[[QDialog], bool] | None = None,
        settle: Callable[[], None] | None = None,
        weights: dict[str, float] | None = None,
        extra: dict[str, tuple[float, Callable[[random.Random], str | None]]] | None = None,
        paint_every: int = PAINT_EVERY,
    ) -> None:
        self.qtbot = qtbot
        self.window = window
        self.seed = seed
        self.rng = random.Random(seed)
        self.recorder = recorder
        self.skip_actions = set(skip_actions)
        self.skip_buttons = set(skip_buttons)
        self.settle = settle or (lambda: None)
        self.paint_every = paint_every
        self.answerer = DialogAnswerer(
            random.Random(seed + 1), recorder, accept or (lambda dialog: False)
        )
        self.weights = {
            "button": 5.0,
            "board": 6.0,
            "widget": 2.0,
            "hover": 2.0,
            "drag": 1.0,
            "wheel": 0.5,
            "action": 1.5,
            "key": 2.0,
            "input": 1.0,
            "resize": 0.3,
            "wait": 1.0,
        } | (weights or {})
        self.extra = extra or {}
        for kind, (weight, _do) in self.extra.items():
            self.weights[kind] = weight
        self.counts: dict[str, int] = dict.fromkeys(self.weights, 0)
        self.seconds: dict[str, float] = dict.fromkeys(self.weights, 0.0)
        """Time spent per kind of step, settling included (to keep the run short)."""
        self.slow: list[str] = []

    # the run ---------------------------------------------------------------------------------
    def run(self, steps: int) -> None:
        """Do `steps` random things, settling after each."""
        self.answerer.start()
        self.window.setUpdatesEnabled(self.paint_every <= 1)
        try:
            kinds = list(self.weights)
            weights = [self.weights[k] for k in kinds]
            for step in range(steps):
                self.recorder.step += 1
                if self.paint_every > 1 and step % self.paint_every == 0:
                    self._paint()
                kind = self.rng.choices(kinds, weights)[0]
                started = time.perf_counter()
                if kind in self.extra:
                    done = self.extra[kind][1](self.rng)
                else:
                    done = getattr(self, f"_do_{kind}")()
                if done:
                    self.counts[kind] += 1
                    self.recorder.trail.append(f"{self.recorder.step}: {done}")
                QApplication.processEvents()
                self.settle()
                spent = time.perf_counter() - started
                self.seconds[kind] += spent
                if spent > 0.3:
                    self.slow.append(f"{spent:.2f} s: {done}")
        finally:
            self.answerer.stop()
            self._paint()
            self.window.setUpdatesEnabled(True)

    def _paint(self) -> None:
        paint_once(self.window, keep=self.paint_every <= 1)

    # what can be done ------------------------------------------------------------------------
    def buttons(self) -> list[QAbstractButton]:
        """Visible, enabled buttons (not those opening a pop-up menu, nor skipped ones)."""
        found = []
        for button in self.window.findChildren(QAbstractButton):
            if button in self.skip_buttons or not (button.isVisible() and button.isEnabled()):
                continue
            if isinstance(button, QPushButton) and button.menu() is not None:
                continue
            found.append(button)
        return found

    def actions(self) -> list[QAction]:
        """Enabled menu actions of the window (menus walked recursively)."""
        found: list[QAction] = []

        def walk(menu: QMenu) -> None:
            for act in menu.actions():
                if act.menu() is not None:
                    if act not in self.skip_actions:  # a skipped sub-menu: all its actions
                        walk(act.menu())
                elif not act.isSeparator() and act.isEnabled() and act not in self.skip_actions:
                    found.append(act)

        for act in self.window.menuBar().actions():
            if act.menu() is not None:
                walk(act.menu())
        return found

    def boards(self) -> list[QGraphicsView]:
        """Visible board views with a scene."""
        return [
            v
            for v in self.window.findChildren(QGraphicsView)
            if v.isVisible() and v.scene() is not None and v.viewport().width() > 10
        ]

    # each kind of step -----------------------------------------------------------------------
    def _do_button(self) -> str | None:
        buttons = self.buttons()
        if not buttons:
            return None
        button = self.rng.choice(buttons)
        name = _widget_name(button)
        self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        return f"click {name}"

    def _do_action(self) -> str | None:
        actions = self.actions()
        if not actions:
            return None
        act = self.rng.choice(actions)
        text = act.text().replace("&", "")
        act.trigger()
        return f"menu {text!r}"

    def _board_point(self) -> tuple[QGraphicsView, QPoint] | None:
        boards = self.boards()
        if not boards:
            return None
        view = self.rng.choice(boards)
        viewport = view.viewport()
        items = [
            item
            for item in view.items()  # the items shown in the viewport now
            if item.isVisible() and (item.acceptedMouseButtons() or item.acceptHoverEvents())
        ]
        if items and self.rng.random() < 0.75:
            item = self.rng.choice(items)
            rect = item.sceneBoundingRect()
            point = view.mapFromScene(rect.center())
            if viewport.rect().contains(point):
                return view, point
        return view, QPoint(
            self.rng.randrange(viewport.width()), self.rng.randrange(viewport.height())
        )

    def _do_board(self) -> str | None:
        found = self._board_point()
        if found is None:
            return None
        view, point = found
        button = (
            Qt.MouseButton.RightButton if self.rng.random() < 0.05 else Qt.MouseButton.LeftButton
        )
        if self.rng.random() < 0.05:
            self.qtbot.mouseDClick(view.viewport(), button, pos=point)
            return f"double-click board ({point.x()}, {point.y()})"
        self.qtbot.mouseClick(view.viewport(), button, pos=point)
        return f"click board ({point.x()}, {point.y()}) {button.name}"

    def _do_widget(self) -> str | None:
        widgets = [
            w
            for w in self.window.findChildren(QWidget)
            if w.isVisible() and w.isEnabled() and not w.findChildren(QWidget)
        ]
        if not widgets:
            return None
        widget = self.rng.choice(widgets)
        point = QPoint(
            self.rng.randrange(max(1, widget.width())), self.rng.randrange(max(1, widget.height()))
        )
        self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=point)
        return f"click {_widget_name(widget)} at ({point.x()}, {point.y()})"

    def _do_hover(self) -> str | None:
        found = self._board_point()
        if found is None:
            return None
        view, point = found
        self._move(view.viewport(), point, Qt.MouseButton.NoButton)
        return f"hover board ({point.x()}, {point.y()})"

    def _do_drag(self) -> str | None:
        found = self._board_point()
        if found is None:
            return None
        view, start = found
        viewport = view.viewport()
        end = start + QPoint(self.rng.randint(-60, 60), self.rng.randint(-60, 60))
        left = Qt.MouseButton.LeftButton
        self.qtbot.mousePress(viewport, left, pos=start)
        for i in range(1, 4):
            self._move(viewport, start + (end - start) * (i / 3), left)
        self.qtbot.mouseRelease(viewport, left, pos=end)
        return f"drag ({start.x()}, {start.y()}) → ({end.x()}, {end.y()})"

    def _move(self, viewport: QWidget, point: QPoint, buttons: Qt.MouseButton) -> None:
        """A real mouse move (QTest's does not reach offscreen widgets)."""
        event = QMouseEvent(
            QEvent.Type.MouseMove,
            QPointF(point),
            QPointF(viewport.mapToGlobal(point)),
            Qt.MouseButton.NoButton,
            buttons,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(viewport, event)

    def _do_wheel(self) -> str | None:
        found = self._board_point()
        if found is None:
            return None
        view, point = found
        viewport = view.viewport()
        delta = self.rng.choice((-120, 120))
        event = QWheelEvent(
            QPointF(point),
            QPointF(viewport.mapToGlobal(point)),
            QPoint(),
            QPoint(0, delta),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(viewport, event)
        return f"wheel {delta} at ({point.x()}, {point.y()})"

    def _do_key(self) -> str | None:
        key, modifier = self.rng.choice(KEYS)
        if QApplication.activeWindow() is not self.window:
            # shortcuts reach only the active window (a rules window may have taken it)
            self.window.activateWindow()
            QApplication.processEvents()  # (a modal dialog may keep it: the key goes anyway)
        target = QApplication.focusWidget()
        if target is None or target.window() is not self.window:
            target = self.window
        self.qtbot.keyClick(target, key, modifier)
        return f"key {modifier.name}+{key.name} to {type(target).__name__}"

    def _do_input(self) -> str | None:
        inputs = [
            w
            for w in self.window.findChildren(QWidget)
            if isinstance(w, (QAbstractSpinBox, QComboBox)) and w.isVisible() and w.isEnabled()
        ]
        if not inputs:
            return None
        widget = self.rng.choice(inputs)
        if isinstance(widget, QComboBox):
            if widget.count() == 0:
                return None
            index = self.rng.randrange(widget.count())
            widget.setCurrentIndex(index)
            return f"combo {widget.itemText(index)!r}"
        if isinstance(widget, QSpinBox):
            value = self.rng.randint(widget.minimum(), min(widget.maximum(), widget.minimum() + 50))
            widget.setValue(value)
            return f"spin {value}"
        if isinstance(widget, QDoubleSpinBox):
            value = self.rng.uniform(widget.minimum(), min(widget.maximum(), widget.minimum() + 50))
            widget.setValue(value)
            return f"spin {value:.2f}"
        return None

    def _do_resize(self) -> str:
        if self.rng.random() < 0.3:
            width, height = self.rng.choice((SMALLEST, LARGEST))
        else:
            width = self.rng.randint(SMALLEST[0], LARGEST[0])
            height = self.rng.randint(SMALLEST[1], LARGEST[1])
        self.window.resize(width, height)
        return f"resize {width}×{height}"

    def _do_wait(self) -> str:
        ms = self.rng.choice((1, 5, 20))
        self.qtbot.wait(ms)
        return f"wait {ms} ms"
