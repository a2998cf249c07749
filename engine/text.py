"""Action text shared by the games: one line of words, a verb then its arguments.

Every game's `parse_action` splits its text with `ActionGrammar.split` and, when no action
matches, raises `ActionGrammar.unknown(text)`: the error names the text and shows example
actions of that game, so a person typing or a save file with a wrong line learns the fix.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import ActionParseError


@dataclass(frozen=True, slots=True)
class ActionGrammar:
    """One game's action text: the game's name and a few example actions for errors."""

    game: str
    examples: tuple[str, ...]

    def split(self, text: str) -> tuple[str, list[str]]:
        """The verb and the arguments of `text`, split on white space (raises
        `ActionParseError` for a text without words)."""
        words = text.split()
        if not words:
            raise self.unknown(text)
        return words[0], words[1:]

    def unknown(self, text: str) -> ActionParseError:
        """The error for a `text` that is no action of this game (to raise)."""
        *first, last = (f"'{e}'" for e in self.examples)
        examples = f"{', '.join(first)} or {last}" if first else last
        return ActionParseError(f"{text!r} is not a {self.game} action (expected e.g. {examples})")
