"""What a map file may not contain, checked on YAML's events before anything is built.

A map is plain data: text, numbers, lists and mappings, about six levels deep. Anchors and
aliases (a few lines of them expand to gigabytes when the map is copied or hashed: the
"billion laughs"), tags other than plain YAML's (`!!python/...`), deeper nesting and lone
surrogates are refused here with the line, before `maps.io` constructs or hashes anything.
"""

from __future__ import annotations

import re

import yaml

from engine.words import N_, Words
from maps.errors import THE_FILE, MapError

MAX_DEPTH = 32
"""YAML nested deeper than this is refused before it is built (maps use 6 levels)."""
_CORE_TAGS = {
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "seq", "map")
}
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when present
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def check_events(text: str, file: str) -> None:
    """Refuse what a map never needs, before anything is built from the text.

    Anchors and aliases (`&a`, `*a`): a few lines of them expand to gigabytes when the map
    is copied or hashed (the "billion laughs"). Tags other than plain YAML's (`!!python/...`,
    `!custom`): a map is plain data. Nesting deeper than `MAX_DEPTH`, and text with lone
    surrogates, which cannot be written back.
    """
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_LOADER):
            line = event.start_mark.line + 1 if event.start_mark is not None else None
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise MapError(
                    Words.of(N_("uses a YAML anchor or alias (& or *)")),
                    file=file,
                    line=line,
                    field=THE_FILE,
                    fix=Words.of(
                        N_("write each value out in full; a map file needs no anchors or aliases")
                    ),
                )
            tag = getattr(event, "tag", None)
            if tag and tag != "!" and tag not in _CORE_TAGS:
                raise MapError(
                    Words.of(N_("uses the tag {tag}"), tag=tag.replace("tag:yaml.org,2002:", "!!")),
                    file=file,
                    line=line,
                    field=THE_FILE,
                    fix=Words.of(
                        N_("remove the tag: a map file holds plain values (text, numbers, lists)")
                    ),
                )
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise MapError(
                        Words.of(
                            N_("nests lists and mappings more than {depth} levels deep"),
                            depth=MAX_DEPTH,
                        ),
                        file=file,
                        line=line,
                        field=THE_FILE,
                        fix=Words.of(N_("a map file needs about 6 levels; check the indentation")),
                    )
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
            elif isinstance(event, yaml.ScalarEvent) and _SURROGATE.search(event.value):
                raise MapError(
                    Words.of(N_("holds an invalid character (a lone UTF-16 surrogate)")),
                    file=file,
                    line=line,
                    field=Words.of(N_("a text")),
                    fix=Words.of(N_("remove the \\uD800-\\uDFFF escape from that line")),
                )
    except yaml.YAMLError:
        return  # parse_map reports syntax errors with their line
