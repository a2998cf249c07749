"""Edit → Settings… (Preferences on macOS): language, AI pace, step-by-step resolution,
animations. Each choice applies at once and is remembered (`AppSettings`, QSettings); the
window hears of it through the dialog's signals.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QLocale, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

import app.qt_compat  # noqa: F401 - guards PySide6's refcount bugs first
from app.i18n import LANGUAGES, N_, _, system_language
from app.settings import AI_PACES, AppSettings

AI_PACE_NAMES = {
    "instant": N_("Instant"),
    "fast": N_("Fast"),
    "normal": N_("Normal"),
    "slow": N_("Slow"),
}
"""The AI paces (`app.settings.AI_PACES`) as a person reads them."""


class SettingsDialog(QDialog):
    """The program's options in one place; every change takes effect at once."""

    language_chosen = Signal(str)
    """A language code, or "" to follow the system's."""
    pace_chosen = Signal(str)
    step_by_step_chosen = Signal(bool)
    animations_chosen = Signal(bool)

    def __init__(self, settings: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.settings = settings
        self.language = QComboBox()
        self.language.setObjectName("language")
        self.pace = QComboBox()
        self.pace.setObjectName("aiPace")
        self.steps = QCheckBox()
        self.steps.setChecked(settings.step_by_step())
        self.animations = QCheckBox()
        self.animations.setChecked(settings.animations())
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.form = QFormLayout()
        # a row's label is a QLabel of its own: addRow("", field) would make none at all
        self.labels = tuple(QLabel() for _row in range(4))
        for label, field in zip(
            self.labels, (self.language, self.pace, self.steps, self.animations), strict=True
        ):
            label.setBuddy(field)
            self.form.addRow(label, field)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Close)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.note)
        layout.addWidget(self.buttons)
        self.retranslate()
        self.language.currentIndexChanged.connect(self._on_language)
        self.pace.currentIndexChanged.connect(self._on_pace)
        self.steps.toggled.connect(self._on_steps)
        self.animations.toggled.connect(self._on_animations)

    def retranslate(self) -> None:
        """Say every word again in the current language (the choices stay)."""
        self.setWindowTitle(_("Settings"))
        self.language.blockSignals(True)
        self.language.clear()
        system = LANGUAGES[system_language()]
        self.language.addItem(_("As the system ({language})").format(language=system), "")
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)  # each language named in itself
        self.language.setCurrentIndex(max(0, self.language.findData(self.settings.language())))
        self.language.blockSignals(False)
        self.pace.blockSignals(True)
        self.pace.clear()
        for pace, delay in AI_PACES.items():
            name = _(AI_PACE_NAMES[pace])
            self.pace.addItem(
                _("{pace} ({seconds} s after each move)").format(
                    pace=name, seconds=QLocale().toString(delay / 1000, "g", 3)
                )
                if delay
                else name,
                pace,
            )
        self.pace.setCurrentIndex(max(0, self.pace.findData(self.settings.ai_pace())))
        self.pace.blockSignals(False)
        texts = (_("Language"), _("AI pace"), _("Resolution"), _("Board"))
        for label, text in zip(self.labels, texts, strict=True):
            label.setText(text)
        self.steps.setText(_("Show resolution step by step"))
        self.animations.setText(_("Animate what happens on the board"))
        self.note.setText(_("Changes apply at once and are remembered."))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A new language: the words again."""
        super().changeEvent(event)
        if event.type() == QEvent.LanguageChange:
            self.retranslate()

    @Slot()
    def _on_language(self) -> None:
        code = self.language.currentData() or ""
        self.settings.set_language(code)
        self.language_chosen.emit(code)

    @Slot()
    def _on_pace(self) -> None:
        pace = self.pace.currentData()
        self.settings.set_ai_pace(pace)
        self.pace_chosen.emit(pace)

    @Slot(bool)
    def _on_steps(self, on: bool) -> None:
        self.settings.set_step_by_step(on)
        self.step_by_step_chosen.emit(on)

    @Slot(bool)
    def _on_animations(self, on: bool) -> None:
        self.settings.set_animations(on)
        self.animations_chosen.emit(on)
