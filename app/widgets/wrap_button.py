"""A button's words broken onto more lines where one line is wider than the room: a long
choice ("Rückeroberung der verlorenen Lande behalten (3)") in the narrow controls column
beside a tall map shows whole, where a `QPushButton` cuts one line at both ends. A
`QPushButton` sizes itself to the lines of its text, so the button grows by a line."""

from __future__ import annotations

from PySide6.QtGui import QFontMetrics

PAD = 16  # a push button's frame and padding on both sides together (pixels)


def wrapped(text: str, metrics: QFontMetrics, width: int) -> str:
    """`text` with line breaks between words where a line would be wider than `width`
    pixels less a button's padding (a single word longer than that keeps its line)."""
    room = width - PAD
    if metrics.horizontalAdvance(text) <= room:
        return text
    lines: list[str] = []
    for word in text.split():
        if lines and metrics.horizontalAdvance(f"{lines[-1]} {word}") <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return "\n".join(lines)
