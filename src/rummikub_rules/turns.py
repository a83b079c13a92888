"""The turn referee: is a proposed table rearrangement a legal play? (RULES.md section 4).

:func:`check_turn` takes the table before the turn, the player's rack and the whole table the
player proposes to leave, and returns a :class:`Verdict` listing every rule broken. The checks are
layered like the rules: tiles that exist (section 1), conservation (4.2-4.3), meld validity (4.1),
the initial meld (4.4) and jokers already on the table (4.5). Rule breaches are data, never
exceptions.
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence

import attrs

from rummikub_rules._table_jokers import (
    Joker,
    assign_rack_tiles,
    can_supply,
    demands,
    jokers_of,
    match_extensions,
    pair,
)
from rummikub_rules.editions import (
    CLASSIC,
    Edition,
    GroupJokerReplacement,
    JokerInInitialMeld,
    JokerRetrieval,
    ReplacementFrom,
)
from rummikub_rules.melds import Meld, Reading, Table
from rummikub_rules.notation import format_tiles
from rummikub_rules.tiles import JOKER, JOKER_INDEX, Tile, TileSet

__all__ = ["Code", "Verdict", "Violation", "check_turn"]


class Code(str, enum.Enum):
    """Why a turn or an action is illegal (RULES.md section 8). Compares equal to its string."""

    UNKNOWN_TILE = "unknown_tile"
    INVALID_MELD = "invalid_meld"
    TABLE_TILE_REMOVED = "table_tile_removed"
    TILE_NOT_IN_RACK = "tile_not_in_rack"
    NO_TILE_PLAYED = "no_tile_played"
    INITIAL_MELD_USES_TABLE = "initial_meld_uses_table"
    INITIAL_MELD_TOO_LOW = "initial_meld_too_low"
    JOKER_IN_INITIAL_MELD = "joker_in_initial_meld"
    JOKER_RETRIEVAL_FORBIDDEN = "joker_retrieval_forbidden"
    FREED_JOKER_NEEDS_RACK_TILES = "freed_joker_needs_rack_tiles"
    JOKER_MELD_LOCKED = "joker_meld_locked"
    GAME_OVER = "game_over"
    POOL_EMPTY = "pool_empty"
    POOL_NOT_EMPTY = "pool_not_empty"

    def __str__(self) -> str:
        return self.value


@attrs.frozen
class Violation:
    """One rule broken: its code, a sentence for the player, and the tiles or melds concerned."""

    code: Code = attrs.field(converter=Code)
    message: str
    tiles: tuple[Tile, ...] = ()
    melds: tuple[Meld, ...] = ()

    def __str__(self) -> str:
        return f"{self.code.value}: {self.message}"


@attrs.frozen
class Verdict:
    """The referee's answer: legal (``ok``, also its truth value) or every rule broken.

    ``played`` is the rack tiles the turn lays, in rack order; ``retrieved_jokers`` how many jokers
    already on the table now stand for something else. ``table`` is the table after the turn with
    the kind of every ambiguous meld (one numbered tile and jokers) declared as the referee read it,
    so that it keeps that reading from then on.
    """

    violations: tuple[Violation, ...] = ()
    played: tuple[Tile, ...] = ()
    retrieved_jokers: int = 0
    table: Table = attrs.field(factory=Table)

    @property
    def ok(self) -> bool:
        """Whether the turn is legal."""
        return not self.violations

    @property
    def codes(self) -> tuple[Code, ...]:
        """The codes of the violations, in the order found."""
        return tuple(v.code for v in self.violations)

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        if self.ok:
            return f"legal: lays {format_tiles(self.played) or 'nothing'}"
        return "illegal: " + " ".join(v.message for v in self.violations)


def check_turn(
    before: Table,
    rack: Iterable[Tile],
    after: Table,
    *,
    opened: bool,
    edition: Edition = CLASSIC,
) -> Verdict:
    """Judge one turn under ``edition`` and list every rule it breaks.

    ``before`` is the table at the start of the turn, ``rack`` the player's rack at its start,
    ``after`` the whole table the player leaves, ``opened`` whether the player made the initial
    meld on an earlier turn. Never raises on well-typed input, however wrong the turn.

    >>> from rummikub_rules import parse_table, parse_tiles
    >>> check_turn(parse_table("r4 r5 r6 r7 r8"), parse_tiles("r6 k2"),
    ...            parse_table("r4 r5 r6 | r6 r7 r8"), opened=True).ok
    True
    >>> v = check_turn(parse_table("b3 b4 b5 b6"), parse_tiles("k6 r6"),
    ...                parse_table("b3 | b5 b6 k6 r6 | b4"), opened=True)
    >>> [c.value for c in v.codes]
    ['invalid_meld', 'invalid_meld', 'invalid_meld']
    """
    turn = _Turn(before, tuple(rack), after, opened, edition)
    violations = [*turn.unknown_tiles(), *turn.conservation(), *turn.invalid_melds()]
    best: tuple[list[Violation], int, tuple[Reading | None, ...]] | None = None
    for choice in turn.reading_choices():
        found, retrieved = turn.jokers_and_opening(choice)
        if best is None or (len(found), retrieved) < (len(best[0]), best[1]):
            best = (found, retrieved, choice)
        if not found and not retrieved:
            break
    assert best is not None
    found, retrieved, choice = best
    return Verdict(
        violations=(*violations, *found),
        played=tuple(sorted(turn.played.elements())),
        retrieved_jokers=retrieved,
        table=turn.declared_table(choice),
    )


class _Turn:
    """The facts of one turn, computed once and shared by the rule checks."""

    def __init__(
        self, before: Table, rack: tuple[Tile, ...], after: Table, opened: bool, edition: Edition
    ) -> None:
        self.before = before
        self.after = after
        self.rack = rack
        self.opened = opened
        self.edition = edition
        before_count = Counter([t.index for meld in before.melds for t in meld.tiles])
        after_count = Counter([t.index for meld in after.melds for t in meld.tiles])
        rack_count = Counter([t.index for t in rack])
        self.table_has_jokers = JOKER_INDEX in before_count
        self.unknown = _beyond_set(before_count, rack_count, after_count, edition.tile_set)
        self.removed = _tiles_of(_excess(before_count, after_count))
        added = _excess(after_count, before_count)
        self.added = bool(added)
        self.not_in_rack = _tiles_of(_excess(added, rack_count))
        self.played = _tiles_of(
            {i: min(n, rack_count[i]) for i, n in added.items() if i in rack_count}
        )
        self.after_readings = [meld.readings(edition) for meld in after.melds]
        self.before_readings = [
            meld.readings(edition) if meld.jokers else () for meld in before.melds
        ]

    # -- RULES.md section 1: tiles the set has ------------------------------------------------

    def unknown_tiles(self) -> Iterator[Violation]:
        """Tiles, or copies of a tile, that the edition's tile set does not have."""
        tile_set = self.edition.tile_set
        for tile, count in sorted(self.unknown.items()):
            have = tile_set.count(tile)
            if have == 0:
                message = f"This set has no {tile} tile."
            else:
                message = (
                    f"This set has {have} {_plural(have, 'copy', 'copies')} of {tile}, "
                    f"but {count} are on the table and rack."
                )
            yield Violation(Code.UNKNOWN_TILE, message, tiles=(tile,))

    # -- RULES.md 4.2 and 4.3: conservation ---------------------------------------------------

    def conservation(self) -> Iterator[Violation]:
        """Table tiles stay on the table; added tiles come from the rack; at least one is added."""
        if self.removed:
            tiles = tuple(sorted(self.removed.elements()))
            yield Violation(
                Code.TABLE_TILE_REMOVED,
                f"{format_tiles(tiles)} {_verb(tiles, 'was', 'were')} on the table and must stay "
                "there; tiles on the table never go back to a rack.",
                tiles=tiles,
            )
        if self.not_in_rack:
            tiles = tuple(sorted(self.not_in_rack.elements()))
            yield Violation(
                Code.TILE_NOT_IN_RACK,
                f"{format_tiles(tiles)} {_verb(tiles, 'is', 'are')} laid but not on the "
                "player's rack.",
                tiles=tiles,
            )
        if not self.added:
            yield Violation(
                Code.NO_TILE_PLAYED,
                "No tile from the rack was laid; a player who does not play draws a tile.",
            )

    # -- RULES.md 4.1: every meld valid --------------------------------------------------------

    def invalid_melds(self) -> Iterator[Violation]:
        """Melds of the table after that read as neither a run nor a group."""
        for meld, readings in zip(self.after.melds, self.after_readings, strict=True):
            if not readings:
                problem = meld.problem(self.edition) or f"{meld} is not a valid meld."
                yield Violation(Code.INVALID_MELD, problem, tiles=meld.tiles, melds=(meld,))

    # -- Ambiguous melds: try each reading (RULES.md section 2, rulings) ----------------------

    def reading_choices(self) -> Iterator[tuple[Reading | None, ...]]:
        """Every combination of readings for the melds of before and after (most have one)."""
        options = [r or (None,) for r in (*self.before_readings, *self.after_readings)]
        return itertools.product(*options)

    def declared_table(self, choice: tuple[Reading | None, ...]) -> Table:
        """The table after with each ambiguous meld's kind declared as read."""
        if all(len(readings) < 2 for readings in self.after_readings):
            return self.after
        chosen = choice[len(self.before_readings) :]
        melds = [
            meld.with_kind(reading.kind)
            if meld.kind is None and reading is not None and len(readings) > 1
            else meld
            for meld, readings, reading in zip(
                self.after.melds, self.after_readings, chosen, strict=True
            )
        ]
        return Table(melds)

    def jokers_and_opening(self, choice: tuple[Reading | None, ...]) -> tuple[list[Violation], int]:
        """Sections 4.4 and 4.5 under one choice of readings: violations and jokers retrieved."""
        split = len(self.before_readings)
        before_choice, after_choice = choice[:split], choice[split:]
        found: list[Violation] = []
        if not self.opened:
            found.extend(self.initial_meld(after_choice))
        retrieved = 0
        if self.table_has_jokers:
            old = jokers_of(self.before.melds, before_choice)
            new = jokers_of(self.after.melds, after_choice)
            freed_options, landings = pair(old, new)
            retrieved = len(freed_options[0])
            found.extend(self.joker_retrieval(freed_options, landings, after_choice))
            if self.edition.joker_melds_extend_only:
                found.extend(self.locked_melds(before_choice, after_choice))
        return found, retrieved

    # -- RULES.md 4.4: the initial meld --------------------------------------------------------

    def initial_meld(self, after_choice: Sequence[Reading | None]) -> Iterator[Violation]:
        """The opening: table untouched, new melds from the rack only, worth the threshold."""
        edition = self.edition
        changed, new = _unchanged_melds(self.before.melds, self.after.melds)
        value = self.opening_value(after_choice, new) if self.added else 0
        threshold = edition.initial_meld_points
        if changed and not (edition.opening_may_use_table and value >= threshold):
            yield Violation(
                Code.INITIAL_MELD_USES_TABLE,
                "Before the initial meld is made, the melds on the table must stay as they "
                f"are; {_meld_list(changed)} {_verb(changed, 'was', 'were')} changed.",
                melds=tuple(changed),
            )
        if self.played[JOKER] and edition.joker_in_initial_meld is JokerInInitialMeld.FORBIDDEN:
            yield Violation(
                Code.JOKER_IN_INITIAL_MELD,
                "This edition does not allow a joker in the initial meld.",
                tiles=(JOKER,),
            )
        if self.added and value < threshold:
            yield Violation(
                Code.INITIAL_MELD_TOO_LOW,
                f"The initial meld is worth {value} points from the rack; it needs at least "
                f"{threshold}, laid in this one turn.",
                tiles=tuple(sorted(self.played.elements())),
            )

    def opening_value(self, after_choice: Sequence[Reading | None], new: list[int]) -> int:
        """The most points that new melds made only of rack tiles can be worth together.

        A joker counts as the tile it stands for under ``joker_in_initial_meld = counts``, and
        for nothing otherwise.
        """
        candidates: list[tuple[Counter[Tile], int]] = []
        for index in new:
            meld, reading = self.after.melds[index], after_choice[index]
            tiles = Counter(meld.tiles)
            if reading is None or tiles - self.played:
                continue
            if self.edition.joker_in_initial_meld is JokerInInitialMeld.COUNTS:
                candidates.append((tiles, reading.value))
            else:
                candidates.append((tiles, sum(t.value for t in meld.tiles)))
        return _best_subset_value(candidates, self.played)

    # -- RULES.md 4.5: jokers already on the table ---------------------------------------------

    def joker_retrieval(
        self,
        freed_options: list[list[Joker]],
        landings: list[list[Joker]],
        after_choice: Sequence[Reading | None],
    ) -> Iterator[Violation]:
        """Whether the jokers whose role changed could be retrieved, and where they ended.

        ``freed_options`` are the ways to say which jokers were retrieved (identical jokers of
        one role may be told apart either way); the player gets the most favourable.
        """
        freed = freed_options[0]
        if not freed:
            return
        if not self.opened:
            yield Violation(
                Code.JOKER_RETRIEVAL_FORBIDDEN,
                "A player who has not made the initial meld may not take a joker from the "
                f"table; {_joker_list(freed, self.before.melds)}.",
                tiles=(JOKER,) * len(freed),
                melds=_melds_of(freed, self.before.melds),
            )
            return
        if self.edition.joker_retrieval is JokerRetrieval.REPLACE and not any(
            self.replaced(option, after_choice) for option in freed_options
        ):
            tile_from = (
                "from the rack"
                if self.edition.replacement_from is ReplacementFrom.RACK
                else "from the rack or the table"
            )
            yield Violation(
                Code.JOKER_RETRIEVAL_FORBIDDEN,
                "In this edition a joker is freed only when a tile it stands for takes its "
                f"place ({tile_from}); {_joker_list(freed, self.before.melds)} without that.",
                tiles=(JOKER,) * len(freed),
                melds=_melds_of(freed, self.before.melds),
            )
        need = self.edition.freed_joker_rack_tiles
        if need and not self.freed_jokers_accompanied(len(freed), landings, need):
            yield Violation(
                Code.FREED_JOKER_NEEDS_RACK_TILES,
                "A joker taken from the table must be used this turn in a meld with at least "
                f"{need} {_plural(need, 'tile', 'tiles')} laid from the rack.",
                tiles=(JOKER,) * len(freed),
                melds=tuple(self.after.melds[j.meld] for j in landings[0]),
            )

    def replaced(self, freed: list[Joker], after_choice: Sequence[Reading | None]) -> bool:
        """Under ``replace``: whether a natural tile of each freed joker's role took its place.

        The tile must stand on the table after in addition to the copies that stood there
        before, laid from the rack this turn (RULES.md 4.5). With ``rack_or_table`` the tile may
        instead come from another meld: then the joker's own meld stands on the table after
        with that tile where the joker was.
        """
        from_table = self.edition.replacement_from is ReplacementFrom.RACK_OR_TABLE
        both = self.edition.group_joker_replacement is GroupJokerReplacement.BOTH
        needed: list[tuple[Tile, ...]] = []
        for joker in freed:
            wanted = demands(joker, self.before.melds[joker.meld], both)
            if not (from_table and self.stands_in_place(joker, wanted, after_choice)):
                needed.extend(wanted)
        supply = Counter({t: n for t, n in self.played.items() if t != JOKER})
        return can_supply(needed, supply)

    def stands_in_place(
        self,
        joker: Joker,
        wanted: list[tuple[Tile, ...]],
        after_choice: Sequence[Reading | None],
    ) -> bool:
        """Whether a meld of the table after holds the joker's old meld with ``wanted`` in place."""
        assert joker.reading is not None
        kind = joker.reading.kind
        numbered = Counter(t for t in self.before.melds[joker.meld].tiles if t != JOKER)
        for meld, reading in zip(self.after.melds, after_choice, strict=True):
            if reading is None or reading.kind is not kind:
                continue
            tiles = Counter(meld.tiles)
            if not numbered - tiles and can_supply(wanted, tiles - numbered):
                return True
        return False

    def freed_jokers_accompanied(self, freed: int, landings: list[list[Joker]], need: int) -> bool:
        """Whether each freed joker can share a meld with ``need`` rack tiles.

        Jokers are identical, so the freed ones may be any ``freed`` of the jokers that landed in
        a new role, under any of the ``landings`` (the others came from the rack, and count as
        rack tiles of their meld).
        """
        played_numbered = Counter({t: n for t, n in self.played.items() if t != JOKER})
        if freed == 1 and any(
            sum(min(n, played_numbered[t]) for t, n in Counter(self.after.melds[j.meld]).items())
            + sum(1 for other in landed if other.meld == j.meld and other is not j)
            >= need
            for landed in landings
            for j in landed
        ):
            return True  # one freed joker: its meld alone must hold the rack tiles
        for landed in landings:
            for chosen in itertools.combinations(range(len(landed)), freed):
                targets = sorted({landed[i].meld for i in chosen})
                rack_jokers = Counter(landed[i].meld for i in range(len(landed)) if i not in chosen)
                wanted = [
                    (Counter(self.after.melds[m].tiles), need - rack_jokers[m]) for m in targets
                ]
                if assign_rack_tiles(wanted, played_numbered):
                    return True
        return False

    def locked_melds(
        self, before_choice: Sequence[Reading | None], after_choice: Sequence[Reading | None]
    ) -> Iterator[Violation]:
        """``joker_melds_extend_only``: a meld holding a joker may only be extended."""
        locked = [i for i, meld in enumerate(self.before.melds) if meld.jokers and before_choice[i]]
        if match_extensions(locked, self.before.melds, before_choice, self.after, after_choice):
            return
        melds = tuple(self.before.melds[i] for i in locked)
        yield Violation(
            Code.JOKER_MELD_LOCKED,
            "In this edition a meld holding a joker may be extended but never split or "
            f"shortened; {_meld_list(melds)} must stand on the table with all "
            f"{_plural(len(melds), 'its', 'their')} tiles, the joker in place or replaced by "
            "its tile.",
            melds=melds,
        )


def _unchanged_melds(before: Sequence[Meld], after: Sequence[Meld]) -> tuple[list[Meld], list[int]]:
    """Pair each meld of ``before`` with an equal meld of ``after``.

    Returns the melds of ``before`` left without a partner (changed) and the indices of the
    melds of ``after`` left without one (new). A meld whose kind is declared on one side only
    still pairs when its tiles read that way: ``group: r5 j j`` stands unchanged as ``r5 j j``.
    """
    waiting: dict[Meld, list[int]] = {}
    for index, meld in enumerate(after):
        waiting.setdefault(meld, []).append(index)
    changed = []
    for meld in before:
        same = waiting.get(meld)
        if same:
            same.pop()
        else:
            changed.append(meld)
    new = sorted(i for indices in waiting.values() for i in indices)
    for meld in list(changed):
        for index in new:
            other = after[index]
            if _same_but_declared(meld, other):
                changed.remove(meld)
                new.remove(index)
                break
    return changed, new


def _same_but_declared(one: Meld, other: Meld) -> bool:
    """Whether two melds differ only in that one declares a kind its tiles allow."""
    if one.kind is None and other.kind is not None:
        return one.with_kind(other.kind) == other
    if other.kind is None and one.kind is not None:
        return other.with_kind(one.kind) == one
    return False


def _excess(counts: Mapping[int, int], minus: Mapping[int, int]) -> dict[int, int]:
    """The multiset difference ``counts - minus`` of tile indices, keeping positive counts."""
    return {i: n - minus.get(i, 0) for i, n in counts.items() if n > minus.get(i, 0)}


def _tiles_of(counts: Mapping[int, int]) -> Counter[Tile]:
    return Counter({Tile.from_index(i): n for i, n in counts.items()})


def _beyond_set(
    before: Mapping[int, int], rack: Mapping[int, int], after: Mapping[int, int], tiles: TileSet
) -> Counter[Tile]:
    """Tiles present in more copies than the set holds, across table and rack, with the count."""
    inventory = _inventory(tiles)
    found: Counter[Tile] = Counter()
    for i in before.keys() | rack.keys() | after.keys():
        count = max(before.get(i, 0) + rack.get(i, 0), after.get(i, 0))
        if count > inventory[i]:
            found[Tile.from_index(i)] = count
    return found


@functools.lru_cache(maxsize=64)
def _inventory(tiles: TileSet) -> tuple[int, ...]:
    """How many copies of each tile index the set holds."""
    return tuple(tiles.count(Tile.from_index(i)) for i in range(JOKER_INDEX + 1))


def _best_subset_value(candidates: list[tuple[Counter[Tile], int]], budget: Counter[Tile]) -> int:
    """The largest total value of candidate melds whose tiles fit in ``budget`` together."""
    union: Counter[Tile] = Counter()
    for tiles, _ in candidates:
        union += tiles
    if not union - budget:
        return sum(value for _, value in candidates)
    if not candidates:
        return 0
    (tiles, value), rest = candidates[0], candidates[1:]
    skip = _best_subset_value(rest, budget)
    if tiles - budget:
        return skip
    return max(skip, value + _best_subset_value(rest, budget - tiles))


def _melds_of(jokers: list[Joker], melds: Sequence[Meld]) -> tuple[Meld, ...]:
    return tuple(melds[i] for i in sorted({j.meld for j in jokers}))


def _joker_list(jokers: list[Joker], melds: Sequence[Meld]) -> str:
    parts = []
    for joker in jokers:
        role = joker.role
        assert role is not None
        what = f"{role[1]}" if role[0] == "run" else f"a {role[1]} in a group"
        parts.append(f"the joker standing for {what} in {melds[joker.meld]} was taken")
    return "; ".join(parts)


def _meld_list(melds: Sequence[Meld]) -> str:
    return ", ".join(f"[{m}]" for m in melds)


def _plural(count: int, one: str, many: str) -> str:
    return one if count == 1 else many


def _verb(tiles: Sequence[object], one: str, many: str) -> str:
    return one if len(tiles) == 1 else many
