"""Shared helpers of the Shinobi tests: positions from text, exact state keys."""

from __future__ import annotations

import textwrap

from engine.shinobi import SPEC, ShinobiState, format_position, parse_position


def position(text: str) -> ShinobiState:
    """The state of a (dedented) position text."""
    return parse_position(textwrap.dedent(text))


def play(state: ShinobiState, *texts: str) -> ShinobiState:
    """Apply the actions, each checked, and return the state."""
    for text in texts:
        state.apply_checked(SPEC.parse_action(text))
    return state


def legal(state: ShinobiState) -> set[str]:
    """The text forms of the legal actions."""
    return {str(a) for a in state.legal_actions()}


def key(state: ShinobiState) -> tuple:
    """Everything that makes a position: its full text, the history, the legal actions."""
    return (
        format_position(state),
        tuple(map(str, state.history)),
        tuple(state.actors),
        tuple(state.legal_actions()),
    )
