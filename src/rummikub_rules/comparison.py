"""One turn judged under many editions, and a legal turn suggested for an illegal one.

:func:`compare` asks the referee about one turn under every preset (or the editions given) and
returns a :class:`Comparison`: a read-only mapping from edition name to
:class:`~rummikub_rules.turns.Verdict`, in the order asked, that prints as a table. Editions
whose turn rules are equal (:attr:`~rummikub_rules.editions.Edition.turn_rules`) judge every turn
alike, so each distinct set of turn rules is judged once.

:func:`suggest` answers an illegal turn as a game's interface would: here is a legal way to lay
the same tiles, or else the best play from the rack (a :class:`Suggestion`).

Every preset allows this turn but ``expert``, whose box has coloured jokers only:

>>> c = compare("r8 j r10", "r9 b5 b6", "r8 r9 r10 | b5 b6 j", opened=True)
>>> len(c), [name for name, verdict in c.items() if not verdict.ok]
(11, ['expert'])
>>> [str(code) for code in c["expert"].codes]
['unknown_tile']
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping

import attrs

from rummikub_rules._choices import Choice
from rummikub_rules._convert import as_flag, as_limit, as_seconds
from rummikub_rules.actions import Play
from rummikub_rules.editions import CLASSIC, EDITIONS, Edition
from rummikub_rules.inputs import (
    EditionLike,
    TableLike,
    TilesLike,
    as_edition,
    as_editions,
    as_table,
    as_tiles,
)
from rummikub_rules.melds import Table
from rummikub_rules.notation import format_tiles
from rummikub_rules.tiles import Tile
from rummikub_rules.turns import Verdict, check_turn

__all__ = ["Comparison", "Suggestion", "SuggestionKind", "compare", "suggest"]

#: The time a search is given once the whole call's time is spent: the solver needs a positive
#: one, and answers at once that it ran out.
_LEAST_SECONDS = 1e-9


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


class SuggestionKind(Choice):
    """What a :class:`Suggestion` offers."""

    #: The turn is legal as proposed; the suggestion is the turn itself.
    LEGAL = "legal"
    #: A legal table that lays the same rack tiles as the turn proposed.
    SAME_TILES = "same_tiles"
    #: No legal table lays those tiles; the best play from the rack (most tiles, then points).
    BEST_PLAY = "best_play"
    #: No legal play exists: the player draws (or passes with the pool empty).
    NO_PLAY = "no_play"


@attrs.frozen
class Suggestion:
    """The referee's answer to a proposed turn, with a legal turn to offer when it is illegal.

    ``turn`` is the verdict on the turn proposed. ``play`` is the legal play suggested (the turn
    itself when it is legal; ``None`` when no legal play exists) and ``verdict`` the referee's
    verdict on it, always legal: ``verdict.played`` is what it lays and ``verdict.table`` the
    table to show. ``str()`` says it in a line or two.
    """

    kind: SuggestionKind
    turn: Verdict
    play: Play | None = None
    verdict: Verdict | None = None

    def __str__(self) -> str:
        if self.play is None or self.verdict is None:
            return "illegal; no legal play: draw a tile (or pass when the pool is empty)"
        laid, table = format_tiles(self.verdict.played), self.verdict.table
        if self.kind is SuggestionKind.LEGAL:
            return f"legal: lays {laid}"
        if self.kind is SuggestionKind.SAME_TILES:
            return f"illegal; the same tiles laid legally: {table}"
        return f"illegal; the best play lays {laid}: {table}"


def suggest(
    before: TableLike,
    rack: TilesLike,
    after: TableLike,
    *,
    opened: bool,
    edition: EditionLike = CLASSIC,
    limit: int | None = None,
    seconds: float | None = None,
) -> Suggestion:
    """Judge a turn and, if it is illegal, suggest a legal one: what a game's interface shows.

    The arguments are :func:`~rummikub_rules.check_turn`'s. When the turn is illegal and the
    tiles it laid (``after`` less ``before``) are on the rack, the suggestion is a legal table
    laying exactly those tiles, if one exists: the table's and those tiles arranged anew
    (:func:`~rummikub_rules.arrange`) for a player who has opened, those tiles arranged as new
    melds beside the table for one who has not (an opening; also over the table under
    ``opening_may_use_table``), and otherwise the best play laying them all. Failing that, it is
    the best play from the whole rack (:func:`~rummikub_rules.best_play`), or none when no legal
    play exists. Every play suggested has passed :func:`~rummikub_rules.check_turn`.

    ``limit`` bounds each of the searches made (at most four), as it bounds a solver call, and
    ``seconds`` the whole call; past either, :class:`~rummikub_rules.SearchLimitExceeded` is
    raised. Input larger than a game is refused with
    :class:`~rummikub_rules.InputTooLargeError`, as :func:`~rummikub_rules.check_turn` and the
    solver refuse it.

    In the first example below the freed joker went back into its own run; the same tiles laid
    with the joker in a new meld are legal. In the second, no legal table lays the r9 alone (the
    joker has nowhere to go), so the best play from the rack is offered.

    >>> print(suggest("r8 j r10", "r9 b5 b6", "r8 r9 r10 j | b5 b6", opened=True))
    illegal; the same tiles laid legally: j b5 b6 | r8 r9 r10
    >>> print(suggest("r8 j r10", "r9 k2 k3 k4", "r8 r9 r10 j", opened=True))
    illegal; the best play lays k2 k3 k4 r9: j k2 k3 k4 | r8 r9 r10
    >>> suggest("k1 k2 k3", "k4", "k1 k2 k3 k4", opened=True).kind
    <SuggestionKind.LEGAL: 'legal'>
    """
    table_before, tiles, table_after = (
        as_table(before, "before"), as_tiles(rack, "rack"), as_table(after, "after")
    )  # fmt: skip
    chosen = as_edition(edition, "edition")
    search = _Searches(limit, seconds)
    turn = check_turn(table_before, tiles, table_after, opened=opened, edition=chosen)
    if turn.ok:
        return Suggestion(SuggestionKind.LEGAL, turn, Play(table_after), turn)

    def legal(table: Table) -> Verdict | None:
        verdict = check_turn(table_before, tiles, table, opened=opened, edition=chosen)
        return verdict if verdict.ok else None

    laid = Counter(table_after.tiles) - Counter(table_before.tiles)
    if laid and not laid - Counter(tiles):
        for table in _same_tiles_tables(table_before, laid, opened, chosen, search):
            verdict = legal(table)
            if verdict is not None:
                return Suggestion(SuggestionKind.SAME_TILES, turn, Play(table), verdict)
        play = search.best_play(table_before, tuple(laid.elements()), opened, chosen)
        verdict = None if play is None else legal(play.after)
        if play is not None and verdict is not None and Counter(verdict.played) == laid:
            return Suggestion(SuggestionKind.SAME_TILES, turn, play, verdict)
    play = search.best_play(table_before, tiles, opened, chosen)
    verdict = None if play is None else legal(play.after)
    if play is None or verdict is None:
        return Suggestion(SuggestionKind.NO_PLAY, turn)
    return Suggestion(SuggestionKind.BEST_PLAY, turn, play, verdict)


def _same_tiles_tables(
    before: Table, laid: Counter[Tile], opened: bool, edition: Edition, search: _Searches
) -> Iterator[Table]:
    """Tables laying exactly ``laid``: new melds beside the table, or arranged with its tiles.

    A player who has not opened keeps the table as it is (an opening), except under
    ``opening_may_use_table``.
    """
    if not opened:
        beside = search.arrange(tuple(laid.elements()), edition)
        if beside is not None:
            yield Table([*before.melds, *beside.melds])
        if not edition.opening_may_use_table:
            return
    whole = search.arrange((*before.tiles, *laid.elements()), edition)
    if whole is not None:
        yield whole


class _Searches:
    """The solver's searches for one :func:`suggest`: ``limit`` bounds each, ``seconds`` all.

    The solver is imported here, on first use, so importing this module does not load it.
    """

    def __init__(self, limit: object, seconds: object) -> None:
        self.limit = as_limit(limit)
        checked = as_seconds(seconds)
        self.deadline = None if checked is None else time.monotonic() + checked

    def arrange(self, tiles: tuple[Tile, ...], edition: Edition) -> Table | None:
        from rummikub_rules.solver import arrange

        return arrange(tiles, edition=edition, limit=self.limit, seconds=self._seconds())

    def best_play(
        self, table: Table, rack: tuple[Tile, ...], opened: bool, edition: Edition
    ) -> Play | None:
        from rummikub_rules.solver import best_play

        return best_play(
            table, rack, opened=opened, edition=edition, limit=self.limit, seconds=self._seconds()
        )

    def _seconds(self) -> float | None:
        """The time left to the whole call, if it has a time.

        A spent deadline still goes to the solver as the least time it takes, so that the
        solver's own :class:`~rummikub_rules.SearchLimitExceeded` says so.
        """
        if self.deadline is None:
            return None
        return max(_LEAST_SECONDS, self.deadline - time.monotonic())


def _outcome(verdict: Verdict) -> tuple[bool, frozenset[str]]:
    return verdict.ok, frozenset(code.value for code in verdict.codes)
