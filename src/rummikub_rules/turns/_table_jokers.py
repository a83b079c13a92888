"""Jokers already on the table (rules section 4.5): a reading-dependent check of the referee.

All of section 4.5 lives here, in its order:

- a joker's *role* (what it stands for) and the pairing of the jokers of the table before with
  those of the table after that retrieves the fewest (:meth:`TableJokers.check`);
- no retrieval before the opening (:func:`retrieval_before_opening`);
- ``joker_retrieval = replace``: the tiles that must take a freed joker's place, from the rack or
  the table, one or both missing colours (:meth:`TableJokers.replacement`);
- where a freed joker lands: in a meld with ``freed_joker_rack_tiles`` rack tiles and, under
  ``freed_joker_new_meld``, in a *new* meld (:meth:`TableJokers.landing` and
  :meth:`TableJokers.is_new`);
- ``joker_melds_extend_only``: a meld that held a joker may only be extended
  (:meth:`TableJokers.locked_melds`).

Jokers of one kind are identical and so are the copies of a tile, so wherever the table before
and after allow several stories of what went where, the one most favourable to the player
counts. Each such question is a small matching or flow (:mod:`~rummikub_rules.turns._flow`),
never an enumeration of stories; the few enumerations left range over the jokers of one turn,
at most :data:`~rummikub_rules.tiles.MAX_JOKERS` (8), and are named where they happen.

A coloured joker (``jr``) is a kind of joker of its own: it pairs only with a coloured joker of its
colour, a freed ``jr`` can only land where a ``jr`` stands on the table after, and the tile that
frees it is the one tile it stands for (its colour's, at its group's number or its run's place).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence

from rummikub_rules.editions import GroupJokerReplacement, JokerRetrieval, ReplacementFrom
from rummikub_rules.melds import Meld, MeldKind, Reading
from rummikub_rules.tiles import Tile, shared_tile
from rummikub_rules.turns._facts import TileCounts, TurnFacts, is_joker_index, tiles_of
from rummikub_rules.turns._flow import always_matched, can_assign
from rummikub_rules.turns._landing import Landing, Role
from rummikub_rules.turns._verdict import Code, Violation, meld_list, meld_name, plural

__all__ = ["TableJokers", "extends", "retrieval_before_opening"]

#: What a joker's role (:data:`~rummikub_rules.turns._landing.Role`) says it stands for: for a
#: run joker the index of the tile (0-51), for a group joker ``GROUP_ROLE`` plus its number,
#: ``NO_ROLE`` in a meld with no valid reading.
GROUP_ROLE = 100
NO_ROLE = -1


def role_of(reading: Reading | None, position: int, kind: int) -> Role:
    """What the joker of ``kind`` at ``position`` stands for under ``reading`` (rules 4.5).

    A run joker stands for one tile (its colour and number); a group joker for its number and
    its being in a group, whichever missing colour it takes (a coloured joker's is always its
    own). Jokers of different kinds never share a role: they are different tiles.
    """
    if reading is None:
        return kind, NO_ROLE
    if reading.kind is MeldKind.RUN:
        return kind, reading.stands_for[position][0].index
    number = reading.number
    assert number is not None
    return kind, GROUP_ROLE + number


class _Joker:
    """A joker of the table before (with its meld's reading) or after."""

    __slots__ = ("kind", "meld", "position", "reading", "role")

    def __init__(self, meld: int, position: int, kind: int, reading: Reading | None) -> None:
        self.meld, self.position, self.kind, self.reading = meld, position, kind, reading
        self.role = role_of(reading, position, kind)

    @property
    def tile(self) -> Tile:
        """The joker itself: the plain joker or a coloured one."""
        return Tile.from_index(self.kind)


class TableJokers:
    """Rules section 4.5 for one turn, prepared once for every reading to be judged."""

    def __init__(self, facts: TurnFacts) -> None:
        self.facts = facts
        self.old_places = _joker_places(facts.before.melds)
        self.new_places = _joker_places(facts.after.melds)
        self._meld_counts: dict[int, TileCounts] = {}
        self._old: frozenset[int] | None = None

    def check(
        self,
        before_choice: Sequence[Reading | None],
        after_choice: Sequence[Reading | None],
        *,
        opened: bool,
    ) -> tuple[list[Violation], int]:
        """Section 4.5 under one reading: the violations, and how many jokers were retrieved.

        ``opened``: whether the player has opened, before this turn or (under
        ``opening_may_use_table``) by the rack tiles laid in it (rules 4.4, revised).

        Jokers of one role (one kind, standing for one thing) are interchangeable, so old and new
        jokers are paired role by role:
        ``min(old, new)`` pairs, the old jokers left over were *retrieved*, the new ones left over
        are where the retrieved jokers and the jokers laid from the rack landed. A joker that
        stood in a meld with no valid reading stood for nothing: it is never retrieved and pairs
        with any joker left over.
        """
        found: list[Violation] = []
        if not self.old_places:
            return found, 0
        old = [_Joker(m, p, k, before_choice[m]) for m, p, k in self.old_places]
        new = [_Joker(m, p, k, after_choice[m]) for m, p, k in self.new_places]
        old_by_role = _by_role(j for j in old if j.role[1] != NO_ROLE)
        new_by_role = _by_role(new)
        freed = {
            role: jokers
            for role, jokers in old_by_role.items()
            if len(jokers) > len(new_by_role.get(role, ()))
        }
        retrieved = sum(len(j) - len(new_by_role.get(r, ())) for r, j in freed.items())
        if retrieved:
            if not opened:
                found.extend(retrieval_before_opening(freed, new_by_role, self.facts))
            else:
                if self.facts.edition.joker_retrieval is JokerRetrieval.REPLACE:
                    found.extend(self.replacement(freed, new_by_role, after_choice))
                roleless = _kinds(j.kind for j in old if j.role[1] == NO_ROLE)
                found.extend(self.landing(freed, old_by_role, new_by_role, roleless))
        if self.facts.edition.joker_melds_extend_only:
            found.extend(self.locked_melds(before_choice, after_choice))
        return found, retrieved

    # -- joker_retrieval = replace ---------------------------------------------------------------

    def replacement(
        self,
        freed: dict[Role, list[_Joker]],
        new_by_role: dict[Role, list[_Joker]],
        after_choice: Sequence[Reading | None],
    ) -> list[Violation]:
        """``replace``: a real tile took each freed joker's place (rules 4.5, with a ruling).

        The tile a run joker stood for, or a missing colour of a group joker's group (every
        missing colour but those its meld's other jokers stand for, under ``both``), stands on
        the table after in more copies than before: laid from the rack under ``rack``; under
        ``rack_or_table`` it may instead have come from another meld, when the joker's own meld
        stands on the table after with that tile in the joker's place. Which jokers of one role
        were the retrieved ones is chosen in the player's favour: the choices range over the
        jokers of the turn (at most eight), each answered by a matching.
        """
        edition = self.facts.edition
        from_table = edition.replacement_from is ReplacementFrom.RACK_OR_TABLE
        supply = self.facts.added if from_table else self.facts.played
        supply = {i: n for i, n in supply.items() if not is_joker_index(i)}
        choices = []
        for role, jokers in freed.items():
            count = len(jokers) - len(new_by_role.get(role, ()))
            claims = [self._claim(j, from_table, after_choice) for j in jokers]
            choices.append(_selections(claims, count))
        for selection in itertools.product(*choices):
            if can_assign([c for part in selection for c in part], supply):
                return []
        jokers = _first_freed(freed, new_by_role)
        source = "laid from the rack" if not from_table else "from the rack or the table"
        both = (
            ""
            if edition.group_joker_replacement is GroupJokerReplacement.EITHER
            else (
                ", and a joker in a group only when the missing colours take its place (both "
                "of them in a group of three)"
            )
        )
        return [
            Violation(
                Code.JOKER_RETRIEVAL_FORBIDDEN,
                "In this edition a joker is freed only when a tile it stands for takes its "
                f"place ({source}){both}; {self._replacement_missing(jokers)}.",
                tiles=tuple(j.tile for j in jokers),
                melds=_melds_of(jokers, self.facts.before.melds),
            )
        ]

    def _claim(
        self, joker: _Joker, from_table: bool, after_choice: Sequence[Reading | None]
    ) -> tuple[int, tuple[int, ...]]:
        """What must take ``joker``'s place: (how many distinct tiles, which tiles may)."""
        count, options = self._demand(joker)
        if from_table and self._stands_in_place(joker, count, options, after_choice):
            return 0, ()
        return count, options

    def _demand(self, joker: _Joker) -> tuple[int, tuple[int, ...]]:
        reading = joker.reading
        assert reading is not None
        options = tuple(t.index for t in reading.stands_for[joker.position])
        if reading.kind is MeldKind.RUN:
            return 1, options
        if self.facts.edition.group_joker_replacement is GroupJokerReplacement.EITHER:
            return 1, options
        if len(options) == 1:
            return 1, options  # a coloured joker stands for one tile: that tile alone frees it
        meld = self.facts.before.melds[joker.meld]
        present = _numbered(meld)
        missing = sum(1 for i in options if i not in present)
        others = sum(1 for t in meld.tiles if t.index == joker.kind) - 1
        return max(1, missing - others), options

    def _stands_in_place(
        self,
        joker: _Joker,
        count: int,
        options: tuple[int, ...],
        after_choice: Sequence[Reading | None],
    ) -> bool:
        """Whether a meld after holds the joker's old meld with ``count`` of ``options`` added."""
        assert joker.reading is not None
        kind = joker.reading.kind
        numbered = _numbered(self.facts.before.melds[joker.meld])
        for index, reading in enumerate(after_choice):
            if reading is None or reading.kind is not kind:
                continue
            counts = self._counts(index)
            if all(counts.get(i, 0) >= n for i, n in numbered.items()):
                extra = sum(1 for i in options if counts.get(i, 0) > numbered.get(i, 0))
                if extra >= count:
                    return True
        return False

    def _replacement_missing(self, jokers: list[_Joker]) -> str:
        parts = []
        for joker in jokers:
            count, options = self._demand(joker)
            tiles = [str(Tile.from_index(i)) for i in options]
            if len(tiles) == 1:
                need = tiles[0]
            elif count == 1:
                need = " or ".join(tiles)
            elif count == len(tiles) == 2:
                need = f"both {tiles[0]} and {tiles[1]}"
            else:
                need = f"{count} of {', '.join(tiles)}"
            parts.append(f"{_joker_name(joker, self.facts.before.melds)} needed {need}")
        return "; ".join(parts)

    # -- where the freed jokers landed --------------------------------------------------------

    def landing(
        self,
        freed: dict[Role, list[_Joker]],
        old_by_role: dict[Role, list[_Joker]],
        new_by_role: dict[Role, list[_Joker]],
        roleless: Mapping[int, int],
    ) -> list[Violation]:
        """Where the freed jokers landed: with enough rack tiles, and in new melds (rules 4.5).

        A freed joker stays on the table in a meld with ``freed_joker_rack_tiles`` rack tiles
        (jokers from the rack count) and, under ``freed_joker_new_meld``, in a new meld. The
        freed jokers are any of the new jokers of their kind left over by the pairing (jokers of
        one kind are identical); which ones, which copies of a tile came from the rack, and which
        jokers left over came from the rack are chosen in the player's favour (``Landing``).
        Several freed jokers may share a meld and its rack tiles. A freed joker missing from the
        table after breaks the first rule (and ``table_tile_removed``), not the second.
        """
        edition = self.facts.edition
        need, fresh = edition.freed_joker_rack_tiles, edition.freed_joker_new_meld
        if not need and not fresh:
            return []
        spare = {
            role: len(jokers) - len(old_by_role.get(role, ()))
            for role, jokers in new_by_role.items()
            if len(jokers) > len(old_by_role.get(role, ()))
        }
        retrieved: dict[int, int] = {}
        for role, jokers in freed.items():
            lost = len(jokers) - len(new_by_role.get(role, ()))
            retrieved[role[0]] = retrieved.get(role[0], 0) + lost
        left_over: dict[int, int] = {}
        for role, count in spare.items():
            left_over[role[0]] = left_over.get(role[0], 0) + count
        on_table, rack_jokers = {}, {}
        for kind in {*retrieved, *left_over}:
            room = left_over.get(kind, 0) - roleless.get(kind, 0)
            on_table[kind] = min(retrieved.get(kind, 0), max(0, room))
            rack_jokers[kind] = max(0, min(self.facts.played.get(kind, 0), room - on_table[kind]))
        per_meld: dict[int, dict[Role, int]] = {}
        for role in spare:
            for joker in new_by_role[role]:
                roles = per_meld.setdefault(joker.meld, {})
                roles[role] = roles.get(role, 0) + 1
        melds = sorted(per_meld)
        rack = {i: n for i, n in self.facts.played.items() if not is_joker_index(i)}
        landing = Landing(spare, per_meld, self._counts, rack, on_table, rack_jokers)
        new_melds = [m for m in melds if self.is_new(m)] if fresh else melds
        missing = any(on_table[kind] < n for kind, n in retrieved.items())
        few = bool(need) and (missing or not landing.possible(melds, need))
        old = fresh and not landing.possible(new_melds, 0)
        if fresh and need and not few and not old and not landing.possible(new_melds, need):
            few = old = True
        found = []
        if few:
            found.append(
                Violation(
                    Code.FREED_JOKER_NEEDS_RACK_TILES,
                    "A joker taken from the table must be used this turn in a meld with at least "
                    f"{need} {plural(need, 'tile', 'tiles')} laid from the rack.",
                    tiles=tiles_of(retrieved),
                    melds=tuple(self.facts.after.melds[m] for m in melds),
                )
            )
        if old:
            olds = tuple(self.facts.after.melds[m] for m in melds if not self.is_new(m))
            found.append(
                Violation(
                    Code.FREED_JOKER_NOT_IN_NEW_MELD,
                    "A joker taken from the table must go this turn into a new meld, not into a "
                    "meld that was already on the table, extended or rearranged"
                    + (
                        f"; {meld_list(olds)} {plural(len(olds), 'holds', 'hold')} every "
                        "numbered tile of a meld that was on the table before."
                        if olds
                        else "."
                    ),
                    tiles=tiles_of(retrieved),
                    melds=olds or tuple(self.facts.after.melds[m] for m in melds),
                )
            )
        return found

    def is_new(self, index: int) -> bool:
        """Whether meld ``index`` of the table after is *new* (rules 4.5, with a ruling).

        Old and new are judged by value, never by which copy of a tile went where: a meld of the
        table before *continues* as a meld after that holds all its numbered tiles, each meld
        before continuing as at most one meld after and each meld after continuing at most one
        meld before, as many as can (a maximum matching). A meld after is old when every such
        matching uses it, and new otherwise.
        """
        if self._old is None:
            after = range(len(self.facts.after.melds))
            # Only a meld holding a tile of a meld before can hold them all: each meld before
            # looks at the melds after holding its first numbered tile.
            holding: dict[int, list[int]] = {}
            for m in after:
                for tile in self._counts(m):
                    holding.setdefault(tile, []).append(m)
            options = [
                [
                    m
                    for m in holding.get(next(iter(numbered)), ())
                    if _holds(self._counts(m), numbered)
                ]
                for numbered in map(_numbered, self.facts.before.melds)
                if numbered
            ]
            self._old = always_matched(options, len(after))
        return index not in self._old

    # -- joker_melds_extend_only ----------------------------------------------------------------

    def locked_melds(
        self, before_choice: Sequence[Reading | None], after_choice: Sequence[Reading | None]
    ) -> list[Violation]:
        """``joker_melds_extend_only``: a meld that held a joker may only be extended.

        Each such meld stands on the table after (rules section 4.5) with all its numbered tiles, as
        the same kind, each joker in place or replaced by its tile, each in a meld of its own
        (a matching, not a search).
        """
        before, after = self.facts.before.melds, self.facts.after.melds
        locked = [i for i, meld in enumerate(before) if meld.jokers and before_choice[i]]
        claims = []
        for i in locked:
            reading = before_choice[i]
            assert reading is not None
            claims.append(
                (
                    1,
                    tuple(
                        j
                        for j, (meld, other) in enumerate(zip(after, after_choice, strict=True))
                        if other is not None and extends(before[i], reading, meld, other)
                    ),
                )
            )
        if can_assign(claims, dict.fromkeys(range(len(after)), 1)):
            return []
        melds = tuple(before[i] for i in locked)
        return [
            Violation(
                Code.JOKER_MELD_LOCKED,
                "In this edition a meld holding a joker may be extended but never split or "
                f"shortened; {meld_list(melds)} must stand on the table with all "
                f"{plural(len(melds), 'its', 'their')} tiles, the joker in place or replaced by "
                "its tile.",
                melds=melds,
            )
        ]

    def _counts(self, index: int) -> TileCounts:
        counts = self._meld_counts.get(index)
        if counts is None:
            counts = {}
            for tile in self.facts.after.melds[index].tiles:
                counts[tile.index] = counts.get(tile.index, 0) + 1
            self._meld_counts[index] = counts
        return counts


def retrieval_before_opening(
    freed: dict[Role, list[_Joker]], new_by_role: dict[Role, list[_Joker]], facts: TurnFacts
) -> list[Violation]:
    """A player who has not opened may not retrieve a joker (rules section 4.5)."""
    jokers = _first_freed(freed, new_by_role)
    names = "; ".join(f"{_joker_name(j, facts.before.melds)} was taken" for j in jokers)
    return [
        Violation(
            Code.JOKER_RETRIEVAL_FORBIDDEN,
            "A player who has not made the initial meld may not take a joker from the "
            f"table; {names}.",
            tiles=tuple(j.tile for j in jokers),
            melds=_melds_of(jokers, facts.before.melds),
        )
    ]


def extends(old: Meld, old_reading: Reading, new: Meld, new_reading: Reading) -> bool:
    """Whether ``new`` is ``old`` extended, its jokers kept in place or replaced by their tile.

    The test of ``joker_melds_extend_only`` (rules section 4.5) for one pair of melds.
    """
    if old_reading.kind is not new_reading.kind:
        return False
    if old_reading.kind is MeldKind.GROUP:
        numbered = _numbered(old)
        here = _numbered(new)
        return (
            old_reading.number == new_reading.number
            and all(here.get(i, 0) >= n for i, n in numbered.items())
            and len(new.tiles) >= len(old.tiles)
            and _colored_jokers_kept(old, new, old_reading.number, numbered, here)
        )
    size = len(old.tiles)
    for offset in range(len(new.tiles) - size + 1):
        window = new_reading.stands_for[offset : offset + size]
        if window != old_reading.stands_for:
            continue
        if all(
            o == n or (o.is_joker and n.number is not None)
            for o, n in zip(old.tiles, new.tiles[offset : offset + size], strict=True)
        ):
            return True
    return False


def _colored_jokers_kept(
    old: Meld, new: Meld, number: int | None, numbered: TileCounts, here: TileCounts
) -> bool:
    """Whether each coloured joker of group ``old`` stands in ``new`` or its tile took its place.

    A coloured joker stands for one tile, so under ``joker_melds_extend_only`` only that tile
    may replace it (``k5 b5 jr`` may become ``k5 b5 r5``, never ``k5 b5 o5``).
    """
    assert number is not None
    for joker in {t for t in old.tiles if t.is_colored_joker}:
        assert joker.color is not None
        tile = shared_tile(joker.color, number).index
        kept = new.tiles.count(joker) + max(0, here.get(tile, 0) - numbered.get(tile, 0))
        if kept < old.tiles.count(joker):
            return False
    return True


def _joker_places(melds: Sequence[Meld]) -> list[tuple[int, int, int]]:
    """(meld, position, kind) of every joker of a table, in table order."""
    return [
        (m, p, tile.index)
        for m, meld in enumerate(melds)
        if meld.jokers
        for p, tile in enumerate(meld.tiles)
        if tile.is_joker
    ]


def _kinds(kinds: Iterable[int]) -> dict[int, int]:
    """How many jokers of each kind."""
    found: dict[int, int] = {}
    for kind in kinds:
        found[kind] = found.get(kind, 0) + 1
    return found


def _by_role(jokers: Iterable[_Joker]) -> dict[Role, list[_Joker]]:
    found: dict[Role, list[_Joker]] = {}
    for joker in jokers:
        found.setdefault(joker.role, []).append(joker)
    return found


def _selections(
    claims: list[tuple[int, tuple[int, ...]]], count: int
) -> list[list[tuple[int, tuple[int, ...]]]]:
    """The ways to pick ``count`` claims to meet (the jokers of one role that were retrieved).

    Claims already met (in place) are taken first; among the rest only different claims make
    a different choice, so identical run jokers give one way and the ways are at most
    ``C(8, 4)``.
    """
    met = [c for c in claims if c[0] == 0]
    rest = [c for c in claims if c[0] > 0]
    if len(met) >= count:
        return [[]]
    wanted = count - len(met)
    ways = {tuple(sorted(chosen)) for chosen in itertools.combinations(rest, wanted)}
    return [list(way) for way in sorted(ways)]


def _first_freed(
    freed: dict[Role, list[_Joker]], new_by_role: dict[Role, list[_Joker]]
) -> list[_Joker]:
    """The retrieved jokers as messages name them: the first of each role, in table order."""
    chosen = []
    for role, jokers in freed.items():
        chosen.extend(jokers[: len(jokers) - len(new_by_role.get(role, ()))])
    return sorted(chosen, key=lambda j: (j.meld, j.position))


def _numbered(meld: Meld) -> TileCounts:
    counts: TileCounts = {}
    for tile in meld.tiles:
        if not tile.is_joker:
            counts[tile.index] = counts.get(tile.index, 0) + 1
    return counts


def _holds(counts: TileCounts, numbered: TileCounts) -> bool:
    return all(counts.get(i, 0) >= n for i, n in numbered.items())


def _melds_of(jokers: list[_Joker], melds: Sequence[Meld]) -> tuple[Meld, ...]:
    return tuple(melds[i] for i in sorted({j.meld for j in jokers}))


def _joker_name(joker: _Joker, melds: Sequence[Meld]) -> str:
    role = joker.role[1]
    assert role != NO_ROLE
    if role < GROUP_ROLE:
        what = str(Tile.from_index(role))
    elif joker.tile.is_colored_joker:
        assert joker.tile.color is not None
        what = f"{Tile(joker.tile.color, role - GROUP_ROLE)} in a group"
    else:
        what = f"a {role - GROUP_ROLE} in a group"
    name = f"the coloured joker {joker.tile}" if joker.tile.is_colored_joker else "the joker"
    return f"{name} standing for {what} in {meld_name(melds[joker.meld])}"
