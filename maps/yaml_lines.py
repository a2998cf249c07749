"""YAML whose mappings and sequences remember their lines, for errors that name the line.

`LineLoader` is PyYAML's safe loader (libyaml's when present) building `YamlMap` and
`YamlList` values that carry the line of each key and item; a repeated key and a scalar
Python cannot hold (a 5,000-digit number, 2021-13-45) become located exceptions.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator
from typing import Any

import yaml

from engine.words import N_, Words
from maps.errors import Text

MAX_NUMBER = 10**15
"""Whole numbers beyond this are refused: no map needs them, and float() would overflow."""


class YamlMap(dict):
    """A YAML mapping that remembers its line and the line of each key."""

    line: int
    key_lines: dict[Any, int]


class YamlList(list):
    """A YAML sequence that remembers its line and the line of each item."""

    line: int
    item_lines: list[int]


class DuplicateKey(Exception):
    """A key written twice in one mapping (YAML would keep the last silently)."""

    def __init__(self, key: Any, line: int) -> None:
        super().__init__(key, line)
        self.key = key
        self.line = line


class BadValue(Exception):
    """A scalar YAML accepts but Python cannot hold (a 5,000-digit number, 2021-13-45)."""

    def __init__(self, line: int, problem: Text) -> None:
        super().__init__(line, problem)
        self.line = line
        self.problem = problem


# libyaml's parser when PyYAML has it (4x faster on Rokugan); marks are the same.
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class LineLoader(_SafeLoader):  # type: ignore[misc, valid-type]
    """SafeLoader whose mappings and sequences carry their source lines."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        """Python's own errors on odd scalars become located `BadValue`s."""
        line = node.start_mark.line + 1
        raw = node.value if isinstance(node, yaml.ScalarNode) else ""
        shown = raw if len(raw) <= 30 else f"{raw[:20]}… ({len(raw)} characters)"
        try:
            value = super().construct_object(node, deep=deep)
        except (ValueError, OverflowError) as exc:  # int digit limit, impossible dates
            reason = Words.of(N_("too long a number")) if "digits" in str(exc) else str(exc)
            raise BadValue(
                line,
                Words.of(
                    N_("the value {value} cannot be read ({reason})"), value=shown, reason=reason
                ),
            ) from None
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
            raise BadValue(
                line, Words.of(N_("the number {value} is larger than any a map needs"), value=shown)
            )
        if isinstance(value, float) and not math.isfinite(value):
            raise BadValue(
                line, Words.of(N_("the value {value} is not a finite number"), value=shown)
            )
        return value


def _construct_map(loader: LineLoader, node: yaml.MappingNode) -> Iterator[YamlMap]:
    data = YamlMap()
    data.line = node.start_mark.line + 1
    data.key_lines = {}
    yield data
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        if not isinstance(key, Hashable):
            raise BadValue(
                line, Words.of(N_("a list or mapping is used as a key (keys are names)"))
            )
        if key in data:
            raise DuplicateKey(key, line)
        data[key] = loader.construct_object(value_node, deep=True)
        data.key_lines[key] = line


def _construct_seq(loader: LineLoader, node: yaml.SequenceNode) -> Iterator[YamlList]:
    data = YamlList()
    data.line = node.start_mark.line + 1
    data.item_lines = [child.start_mark.line + 1 for child in node.value]
    yield data
    data.extend(loader.construct_object(child, deep=True) for child in node.value)


LineLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)
LineLoader.add_constructor("tag:yaml.org,2002:seq", _construct_seq)


def plain(value: Any) -> Any:
    """The value without line annotations (plain dicts and lists)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value
