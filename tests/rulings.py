"""Loader for the golden rulings file, ``tests/data/rulings.txt``.

The file is data a rules lawyer can read and extend without writing Python, like python-chess's
perft files. Cases are separated by blank lines; ``#`` starts a comment line. Each case has::

    case: split-a-run                    a unique name
    source: rules.md 4, worked example 1 where the ruling comes from (the library's docs)
    before: r4 r5 r6 r7 r8               the table at the start (notation; may be empty)
    rack: r6                             the player's rack
    after: r4 r5 r6 | r6 r7 r8           the whole table the player proposes
    opened: yes                          yes / no
    classic: ok                          the verdict under an edition: ok, or codes
    us-1980: joker_retrieval_forbidden   (comma-separated; compared as a set)
    classic{run_wrap=full}: ok           a preset with fields changed
    classic{tile_set=expert}: ok         tile sets: xp, expert, set(jokers=1;colors=krb)
    others: ok                           every preset not named above
    retrieved: 1                         optional: jokers retrieved (under the first edition)

Editions are preset names from ``EDITIONS``; ``others`` expands to the presets not named whose
box has every kind of tile the case shows. A preset whose box lacks one (the plain joker ``j``
under ``expert``, a coloured joker under ``classic``) is listed in ``Ruling.lacking`` instead:
the case says nothing about its rules, only that the turn lays a tile its box does not have.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import attrs

from rummikub_rules import EDITIONS, EXPERT_SET, XP_SET, Edition, Table, Tile, TileSet
from rummikub_rules.notation import parse_table, parse_tiles
from rummikub_rules.tiles import inventory, tile_counts

RULINGS = Path(__file__).parent / "data" / "rulings.txt"
_EDITION = re.compile(r"^([a-z0-9-]+)(?:\{(.*)\})?$")
_KEYS = frozenset({"case", "source", "before", "rack", "after", "opened", "retrieved"})


@attrs.frozen
class Expectation:
    label: str
    edition: Edition
    codes: frozenset[str]  # empty: legal


@attrs.frozen
class Ruling:
    name: str
    source: str
    before: Table
    rack: tuple[Tile, ...]
    after: Table
    opened: bool
    expectations: tuple[Expectation, ...]
    retrieved: int | None
    line: int
    #: Presets not named whose box lacks a kind of tile the case shows: left out of ``others``.
    lacking: tuple[Edition, ...] = ()


def load_rulings(path: Path = RULINGS) -> list[Ruling]:
    rulings = []
    block: list[tuple[int, str]] = []
    for number, raw in enumerate([*path.read_text(encoding="utf-8").splitlines(), ""], 1):
        line = raw.strip()
        if line.startswith("#"):
            continue
        if line:
            block.append((number, line))
        elif block:
            rulings.append(_ruling(block, path))
            block = []
    names = [r.name for r in rulings]
    duplicates = {n for n in names if names.count(n) > 1}
    if duplicates:
        raise ValueError(f"{path}: duplicate case names {sorted(duplicates)}")
    return rulings


def _ruling(block: list[tuple[int, str]], path: Path) -> Ruling:
    fields: dict[str, str] = {}
    verdicts: list[tuple[int, str, str]] = []
    for number, line in block:
        key, sep, value = line.partition(":")
        if not sep:
            raise ValueError(f"{path}:{number}: expected 'key: value', got {line!r}")
        key, value = key.strip(), value.strip()
        if key in _KEYS:
            if key in fields:
                raise ValueError(f"{path}:{number}: {key} given twice")
            fields[key] = value
        else:
            verdicts.append((number, key, value))
    first = block[0][0]
    missing = {"case", "source", "before", "rack", "after", "opened"} - fields.keys()
    if missing:
        raise ValueError(f"{path}:{first}: case lacks {sorted(missing)}")
    if fields["opened"] not in ("yes", "no"):
        raise ValueError(f"{path}:{first}: opened is yes or no")
    if not verdicts:
        raise ValueError(f"{path}:{first}: case names no edition")
    before, rack, after = (
        parse_table(fields["before"]),
        parse_tiles(fields["rack"]),
        parse_table(fields["after"]),
    )
    shown = (*rack, *(t for table in (before, after) for meld in table.melds for t in meld.tiles))
    expectations, lacking = _expectations(verdicts, path, shown)
    return Ruling(
        name=fields["case"],
        source=fields["source"],
        before=before,
        rack=rack,
        after=after,
        opened=fields["opened"] == "yes",
        expectations=expectations,
        retrieved=int(fields["retrieved"]) if "retrieved" in fields else None,
        line=first,
        lacking=lacking,
    )


def _has_every_kind(edition: Edition, tiles: tuple[Tile, ...]) -> bool:
    """Whether ``edition``'s box has at least one of each tile in ``tiles``."""
    box = inventory(edition.tile_set)
    return all(box[kind] for kind, count in enumerate(tile_counts(tiles)) if count)


def _expectations(
    verdicts: list[tuple[int, str, str]], path: Path, shown: tuple[Tile, ...]
) -> tuple[tuple[Expectation, ...], tuple[Edition, ...]]:
    found: list[Expectation] = []
    named: set[str] = set()
    others: frozenset[str] | None = None
    for number, key, value in verdicts:
        codes = _codes(value, path, number)
        if key == "others":
            others = codes
            continue
        match = _EDITION.match(key)
        if match is None or match.group(1) not in EDITIONS:
            raise ValueError(f"{path}:{number}: unknown edition {key!r}")
        edition = EDITIONS[match.group(1)]
        if match.group(2) is None:
            named.add(edition.name)
        else:
            edition = attrs.evolve(edition, **_changes(match.group(2), path, number))
        found.append(Expectation(key, edition, codes))
    lacking: list[Edition] = []
    if others is not None:
        for name in EDITIONS:
            if name in named:
                continue
            if _has_every_kind(EDITIONS[name], shown):
                found.append(Expectation(name, EDITIONS[name], others))
            else:
                lacking.append(EDITIONS[name])
    return tuple(found), tuple(lacking)


def _codes(value: str, path: Path, number: int) -> frozenset[str]:
    if value == "ok":
        return frozenset()
    codes = frozenset(c.strip() for c in value.split(","))
    from rummikub_rules.turns import Code

    known = {c.value for c in Code}
    if not codes <= known:
        raise ValueError(f"{path}:{number}: unknown codes {sorted(codes - known)}")
    return codes


def _changes(text: str, path: Path, number: int) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    for item in text.split(","):
        name, sep, raw = item.partition("=")
        if not sep:
            raise ValueError(f"{path}:{number}: expected field=value, got {item!r}")
        changes[name.strip()] = _value(raw.strip())
    return changes


def _value(raw: str) -> Any:
    if raw in ("none", "None"):
        return None
    if raw in ("true", "yes"):
        return True
    if raw in ("false", "no"):
        return False
    if raw == "xp":
        return XP_SET
    if raw == "expert":
        return EXPERT_SET
    if raw.startswith("set("):
        inner = raw[4:-1]
        fields = dict(p.split("=") for p in inner.split(";"))
        colors = fields.pop("colors", "krbo")
        return TileSet(colors=colors, **{k: int(v) for k, v in fields.items()})
    if raw.isdigit():
        return int(raw)
    return raw
