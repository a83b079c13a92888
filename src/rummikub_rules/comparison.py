"""One turn judged under many editions: where the rule books agree and where they part.

:func:`compare` asks the referee about one turn under every preset (or the editions given) and
returns a :class:`Comparison`: a read-only mapping from edition name to
:class:`~rummikub_rules.turns.Verdict`, in the order asked, that prints as a table. Editions
whose turn rules are equal (:attr:`~rummikub_rules.editions.Edition.turn_rules`) judge every turn
alike, so each distinct set of turn rules is judged once.

>>> c = compare("r8 j r10", "r9 b5 b6", "r8 r9 r10 | b5 b6 j", opened=True)
>>> c.agree, len(c)
(True, 10)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

import attrs

from rummikub_rules._convert import as_flag
from rummikub_rules.editions import EDITIONS, Edition
from rummikub_rules.inputs import (
    EditionLike,
    TableLike,
    TilesLike,
    as_editions,
    as_table,
    as_tiles,
)
from rummikub_rules.melds import Table
from rummikub_rules.tiles import Tile
from rummikub_rules.turns import Verdict, check_turn

__all__ = ["Comparison", "compare"]


@attrs.frozen
class Comparison(Mapping[str, Verdict]):
    """The verdicts of one turn under several editions, by edition name, in the order asked.

    ``str()`` (or :meth:`format`) prints one line per edition: its name, whether the turn is
    legal, and the codes of the rules broken.
    """

    before: Table
    rack: tuple[Tile, ...]
    after: Table
    opened: bool
    editions: tuple[Edition, ...]
    verdicts: tuple[Verdict, ...]

    def __getitem__(self, name: str) -> Verdict:
        for edition, verdict in zip(self.editions, self.verdicts, strict=True):
            if edition.name == name:
                return verdict
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (edition.name for edition in self.editions)

    def __len__(self) -> int:
        return len(self.editions)

    @property
    def agree(self) -> bool:
        """Whether every edition gives the same verdict (legal, with the same codes)."""
        return len({_outcome(verdict) for verdict in self.verdicts}) <= 1

    def format(self) -> str:
        """The comparison as a text table: edition, legal (yes/no), codes."""
        width = max([len("edition"), *(len(name) for name in self)])
        lines = [f"{'edition':<{width}}  legal  codes"]
        for name, verdict in self.items():
            codes = ", ".join(code.value for code in verdict.codes)
            lines.append(f"{name:<{width}}  {'yes' if verdict.ok else 'no':<5}  {codes}".rstrip())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format()


def compare(
    before: TableLike,
    rack: TilesLike,
    after: TableLike,
    *,
    opened: bool,
    editions: Iterable[EditionLike] | None = None,
) -> Comparison:
    """Judge one turn under every preset, or under ``editions`` (objects or names), in order.

    Editions are keyed by name, so two different editions given here need different names
    (``CLASSIC.evolve(joker_penalty=50, name="joker-50")``).

    >>> print(compare("r2 r3 j r5 r6", "r1 r7 b8 b10", "r1 r2 r3 | r5 r6 r7 | b8 j b10",
    ...               opened=True, editions=["classic", "pl-2026"]))
    edition  legal  codes
    classic  yes
    pl-2026  no     joker_retrieval_forbidden
    """
    table_before = as_table(before, "before")
    tiles = as_tiles(rack, "rack")
    table_after = as_table(after, "after")
    opened = as_flag(opened, "opened")
    chosen = tuple(EDITIONS.values()) if editions is None else as_editions(editions, "editions")
    judged: dict[tuple[tuple[str, object], ...], Verdict] = {}
    verdicts = []
    for edition in chosen:
        key = edition.turn_rules
        if key not in judged:
            judged[key] = check_turn(
                table_before, tiles, table_after, opened=opened, edition=edition
            )
        verdicts.append(judged[key])
    return Comparison(table_before, tiles, table_after, opened, chosen, tuple(verdicts))


def _outcome(verdict: Verdict) -> tuple[bool, frozenset[str]]:
    return verdict.ok, frozenset(code.value for code in verdict.codes)
