"""Strategies for tiles, tile sets, melds, tables and editions (see the package docstring)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, Final, TypeAlias, TypeVar

import attrs
from hypothesis import assume
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from rummikub_rules.editions import CLASSIC, EDITIONS, Edition
from rummikub_rules.melds import Meld, MeldKind, MeldRules, Reading, RunWrap, Table
from rummikub_rules.tiles import (
    EXPERT_SET,
    JOKER,
    MAX_NUMBER,
    MIN_NUMBER,
    STANDARD_SET,
    XP_SET,
    Color,
    Tile,
    TileSet,
)

__all__ = [
    "MeldAndReading",
    "editions",
    "groups",
    "groups_with_readings",
    "melds",
    "melds_with_readings",
    "runs",
    "runs_with_readings",
    "tables",
    "tile_sets",
    "tiles",
]

T = TypeVar("T")

#: A meld with the reading it was built from.
MeldAndReading: TypeAlias = tuple[Meld, Reading]


# --- Tiles ---------------------------------------------------------------------------------------


def _named(edition: MeldRules | str) -> MeldRules:
    """An edition given by a preset's name, or the rules given."""
    return EDITIONS[edition] if isinstance(edition, str) else edition


def tiles(edition: MeldRules | str = CLASSIC, jokers: bool = True) -> st.SearchStrategy[Tile]:
    """Tiles of ``edition``'s tile set; its jokers too (plain and coloured) if ``jokers``.

    Every numbered tile is equally likely; each kind of joker the set has is one more choice, not
    weighted by copies.
    """
    edition = _named(edition)
    tile_set = edition.tile_set
    choices = [t for t in tile_set.distinct_tiles() if jokers or not t.is_joker]
    return st.sampled_from(choices)


def tile_sets(*, min_colors: int = 3, min_numbers: int = 3) -> st.SearchStrategy[TileSet]:
    """Custom tile sets: some colours, a range of numbers, 1-3 copies, 0-4 jokers, 0-1 coloured.

    The coloured jokers, when drawn, are one of each of the set's colours (``colored_jokers=1``).

    With the defaults (at least 3 colours and 3 numbers) every set allows both runs and groups,
    so :func:`melds` works under any edition using it.
    """
    if not 1 <= min_colors <= len(Color):
        raise InvalidArgument(f"min_colors must be 1..{len(Color)}, got {min_colors!r}")
    span = MAX_NUMBER - MIN_NUMBER + 1
    if not 1 <= min_numbers <= span:
        raise InvalidArgument(f"min_numbers must be 1..{span}, got {min_numbers!r}")
    return _tile_set(min_colors, min_numbers)


@st.composite
def _tile_set(draw: st.DrawFn, min_colors: int, min_numbers: int) -> TileSet:
    colors = draw(st.permutations(list(Color)))[: draw(st.integers(min_colors, len(Color)))]
    length = draw(st.integers(min_numbers, MAX_NUMBER - MIN_NUMBER + 1))
    low = draw(st.integers(MIN_NUMBER, MAX_NUMBER - length + 1))
    return TileSet(
        colors=colors,
        numbers=range(low, low + length),
        copies=draw(st.integers(1, 3)),
        jokers=draw(st.integers(0, 4)),
        colored_jokers=draw(st.integers(0, 1)),
    )


# --- Melds ---------------------------------------------------------------------------------------


@attrs.frozen
class _Spec:
    """What the caller asked for: size bounds, a joker cap and whether to declare the kind."""

    min_size: int
    max_size: int | None
    jokers: int | None
    declare: bool | None

    def joker_cap(self, rules: MeldRules, size: int, fitting: int) -> int:
        """The most jokers a meld of ``size`` tiles may hold (it keeps one numbered tile).

        ``fitting`` is how many jokers there are that could stand in the meld (plain ones, and
        coloured ones of a colour it can take).
        """
        cap = min(size - 1, fitting)
        for limit in (rules.max_jokers_per_meld, self.jokers):
            if limit is not None:
                cap = min(cap, limit)
        return max(cap, 0)

    def sizes(self, largest: int) -> tuple[int, int] | None:
        """The size range for a kind of meld whose longest possible meld is ``largest``."""
        high = largest if self.max_size is None else min(largest, self.max_size)
        return (self.min_size, high) if self.min_size <= high else None


def _spec(jokers: int | None, min_size: int, max_size: int | None, declare: bool | None) -> _Spec:
    if jokers is not None and (type(jokers) is not int or jokers < 0):
        raise InvalidArgument(f"jokers must be None or an int >= 0, got {jokers!r}")
    if type(min_size) is not int or min_size < 3:
        raise InvalidArgument(f"a meld has at least 3 tiles; min_size={min_size!r}")
    if max_size is not None and (type(max_size) is not int or max_size < min_size):
        raise InvalidArgument(f"max_size={max_size!r} must be None or at least min_size")
    if declare not in (None, True, False):
        raise InvalidArgument(f"declare must be True, False or None, got {declare!r}")
    return _Spec(min_size, max_size, jokers, declare)


def _run_span(rules: MeldRules) -> int:
    return len(rules.tile_set.numbers)


def _kind(draw: st.DrawFn, spec: _Spec, kind: MeldKind) -> MeldKind | None:
    if spec.declare is None:
        return kind if draw(st.booleans()) else None
    return kind if spec.declare else None


def _joker_count(draw: st.DrawFn, cap: int) -> int:
    """No joker half the time (melds without jokers are the common case), else 1..cap."""
    if cap == 0 or not draw(st.booleans()):
        return 0
    return draw(st.integers(1, cap))


def _joker_positions(draw: st.DrawFn, size: int, count: int) -> frozenset[int]:
    if count == 0:
        return frozenset()
    return frozenset(draw(st.permutations(range(size)))[:count])


def _draw_run(
    draw: st.DrawFn, rules: MeldRules, spec: _Spec, available: Counter[Tile] | None = None
) -> MeldAndReading | None:
    """A valid run under ``rules`` and its reading; ``None`` if ``available`` lacks a tile."""
    tile_set = rules.tile_set
    low, high = tile_set.numbers[0], tile_set.numbers[-1]
    span = high - low + 1
    sizes = spec.sizes(span)
    assert sizes is not None
    size = draw(st.integers(*sizes))
    wrap = RunWrap(rules.run_wrap)
    if wrap is RunWrap.FULL:
        start = draw(st.integers(low, high))
    elif wrap is RunWrap.ONE_HIGH:
        start = draw(st.integers(low, high - size + 2))  # the last may be the high 1
    else:
        start = draw(st.integers(low, high - size + 1))
    numbers = [(start - low + i) % span + low for i in range(size)]
    color = draw(st.sampled_from(tile_set.colors))
    left = _jokers_left(tile_set, available)
    kinds = [t for t in (JOKER, Tile.joker(color)) if left.get(t, 0)]
    jokers = _joker_count(draw, spec.joker_cap(rules, size, sum(left[t] for t in kinds)))
    where = sorted(_joker_positions(draw, size, jokers))
    wild = _joker_kinds(draw, kinds, left, jokers, distinct=False)
    assert wild is not None  # the cap counted the jokers that fit
    chosen = dict(zip(where, wild, strict=True))
    laid = tuple(chosen.get(i, Tile(color, n)) for i, n in enumerate(numbers))
    if available is not None and not _fits(laid, available):
        return None
    reading = Reading(MeldKind.RUN, tuple((Tile(color, n),) for n in numbers), sum(numbers))
    return Meld(laid, _kind(draw, spec, MeldKind.RUN)), reading


def _draw_group(
    draw: st.DrawFn, rules: MeldRules, spec: _Spec, available: Counter[Tile] | None = None
) -> MeldAndReading | None:
    """A valid group under ``rules`` and its reading; ``None`` if ``available`` lacks tiles."""
    tile_set = rules.tile_set
    sizes = spec.sizes(len(tile_set.colors))
    assert sizes is not None
    size = draw(st.integers(*sizes))
    number = draw(st.sampled_from(tile_set.numbers))
    distinct = rules.group_colors_distinct
    left = _jokers_left(tile_set, available)
    kinds = [t for t in left if left[t]]
    fitting = sum(1 if distinct and t.is_colored_joker else left[t] for t in kinds)
    jokers = _joker_count(draw, spec.joker_cap(rules, size, fitting))
    copies = 1 if distinct else tile_set.copies
    if available is not None:
        pool = [c for c in tile_set.colors for _ in range(min(copies, available[Tile(c, number)]))]
    else:
        pool = [c for c in tile_set.colors for _ in range(copies)]
    if len(pool) < size - jokers:
        return None
    colors = draw(st.permutations(pool))[: size - jokers]
    if distinct:  # a coloured joker only of a colour the group lacks
        kinds = [t for t in kinds if t.color is None or t.color not in colors]
    wild = _joker_kinds(draw, kinds, left, jokers, distinct=distinct)
    if wild is None:
        return None
    laid = tuple(draw(st.permutations([*(Tile(c, number) for c in colors), *wild])))
    painted = [t.color for t in laid if t.color is not None]
    if distinct:
        options = tuple(Tile(c, number) for c in tile_set.colors if c not in painted)
    else:
        options = tuple(Tile(c, number) for c in tile_set.colors)
    stands_for = tuple(
        (t,) if not t.is_joker else options if t.color is None else (Tile(t.color, number),)
        for t in laid
    )
    reading = Reading(MeldKind.GROUP, stands_for, number * size)
    return Meld(laid, _kind(draw, spec, MeldKind.GROUP)), reading


def _jokers_left(tile_set: TileSet, available: Counter[Tile] | None) -> dict[Tile, int]:
    """How many of each kind of joker the set has, or ``available`` still holds."""
    kinds = [t for t in tile_set.distinct_tiles() if t.is_joker]
    if available is None:
        return {t: tile_set.count(t) for t in kinds}
    return {t: available[t] for t in kinds}


def _joker_kinds(
    draw: st.DrawFn, kinds: list[Tile], left: dict[Tile, int], count: int, *, distinct: bool
) -> list[Tile] | None:
    """``count`` jokers of the given kinds, as many of each as are ``left``; ``None`` if short.

    With ``distinct`` (a group of different colours) each coloured joker's colour is taken once.
    """
    stock = {t: left[t] for t in kinds}
    chosen: list[Tile] = []
    for _ in range(count):
        options = [t for t, n in stock.items() if n]
        if not options:
            return None
        joker = draw(st.sampled_from(options))
        chosen.append(joker)
        stock[joker] = 0 if distinct and joker.is_colored_joker else stock[joker] - 1
    return chosen


_Builder: TypeAlias = Callable[
    [st.DrawFn, MeldRules, _Spec, Counter[Tile] | None], MeldAndReading | None
]


def _builders(rules: MeldRules, spec: _Spec) -> list[_Builder]:
    """The kinds of meld that can be built under ``rules`` with ``spec``'s sizes."""
    found: list[_Builder] = []
    if spec.sizes(_run_span(rules)) is not None:
        found.append(_draw_run)
    if spec.sizes(len(rules.tile_set.colors)) is not None:
        found.append(_draw_group)
    return found


@st.composite
def _built(draw: st.DrawFn, rules: MeldRules, spec: _Spec, builder: _Builder) -> MeldAndReading:
    result = builder(draw, rules, spec, None)
    assert result is not None  # without an inventory to respect, building never fails
    return result


def runs_with_readings(
    edition: MeldRules | str = CLASSIC,
    *,
    jokers: int | None = None,
    min_size: int = 3,
    max_size: int | None = None,
    declare: bool | None = False,
) -> st.SearchStrategy[MeldAndReading]:
    """Valid runs under ``edition`` with their readings: ``(meld, reading)``.

    ``reading.stands_for[i]`` is ``(tile,)``, the tile position ``i`` stands for (a joker's is
    decided by its position) and ``reading.value`` the sum of the run's numbers. Runs respect the
    edition's ``run_wrap``, ``max_jokers_per_meld`` and tile set; ``jokers`` caps the jokers
    further (``0`` for none). Jokers go anywhere, but every run keeps a numbered tile.
    ``declare``: ``False`` leaves the kind undeclared, ``True`` declares ``run``, ``None`` draws
    either.
    """
    edition = _named(edition)
    spec = _spec(jokers, min_size, max_size, declare)
    if _draw_run not in _builders(edition, spec):
        raise InvalidArgument(f"no run of {min_size}..{max_size} tiles fits {edition.tile_set}")
    return _built(edition, spec, _draw_run)


def groups_with_readings(
    edition: MeldRules | str = CLASSIC,
    *,
    jokers: int | None = None,
    min_size: int = 3,
    max_size: int | None = None,
    declare: bool | None = False,
) -> st.SearchStrategy[MeldAndReading]:
    """Valid groups under ``edition`` with their readings: ``(meld, reading)``.

    ``reading.stands_for[i]`` is ``(tile,)`` for a numbered tile and, for a joker, every tile it
    may stand for: the colours missing from the group (every colour if the edition allows
    repeated colours), in the tile set's order. Groups respect ``group_colors_distinct``,
    ``max_jokers_per_meld`` and the tile set (never more copies of a tile than it holds).
    ``jokers``, ``min_size``, ``max_size`` and ``declare`` are as for :func:`runs_with_readings`.
    """
    edition = _named(edition)
    spec = _spec(jokers, min_size, max_size, declare)
    if _draw_group not in _builders(edition, spec):
        raise InvalidArgument(f"no group of {min_size}..{max_size} tiles fits {edition.tile_set}")
    return _built(edition, spec, _draw_group)


def melds_with_readings(
    edition: MeldRules | str = CLASSIC,
    *,
    jokers: int | None = None,
    min_size: int = 3,
    max_size: int | None = None,
    declare: bool | None = False,
) -> st.SearchStrategy[MeldAndReading]:
    """Valid runs and groups under ``edition`` with the readings they were built from.

    A meld of one numbered tile and jokers (``r5 j j``) also has the other kind's reading unless
    its kind is declared; the reading given is the one it was built as. Arguments are as for
    :func:`runs_with_readings`.
    """
    edition = _named(edition)
    spec = _spec(jokers, min_size, max_size, declare)
    builders = _builders(edition, spec)
    if not builders:
        raise InvalidArgument(f"no meld of {min_size}..{max_size} tiles fits {edition.tile_set}")
    return st.one_of([_built(edition, spec, b) for b in builders])


def runs(
    edition: MeldRules | str = CLASSIC,
    *,
    jokers: int | None = None,
    min_size: int = 3,
    max_size: int | None = None,
    declare: bool | None = False,
) -> st.SearchStrategy[Meld]:
    """Valid runs under ``edition``; see :func:`runs_with_readings` for the arguments."""
    return runs_with_readings(
        edition, jokers=jokers, min_size=min_size, max_size=max_size, declare=declare
    ).map(_first)


def groups(
    edition: MeldRules | str = CLASSIC,
    *,
    jokers: int | None = None,
    min_size: int = 3,
    max_size: int | None = None,
    declare: bool | None = False,
) -> st.SearchStrategy[Meld]:
    """Valid groups under ``edition``; see :func:`groups_with_readings` for the arguments."""
    return groups_with_readings(
        edition, jokers=jokers, min_size=min_size, max_size=max_size, declare=declare
    ).map(_first)


def melds(
    edition: MeldRules | str = CLASSIC,
    valid: bool = True,
    *,
    jokers: int | None = None,
    min_size: int = 3,
    max_size: int | None = None,
    declare: bool | None = False,
) -> st.SearchStrategy[Meld]:
    """Melds under ``edition``: valid runs and groups, or with ``valid=False`` invalid melds.

    Valid melds take the arguments of :func:`runs_with_readings`. Invalid melds (the other
    arguments are ignored) hold 1 or more tiles of the edition's set, never more copies than it
    has, and read as neither a run nor a group: valid melds with a tile recoloured, renumbered,
    replaced, added or removed, melds cut to one or two tiles, only jokers, too many jokers for
    ``max_jokers_per_meld``, or random tiles.
    """
    edition = _named(edition)
    if valid:
        return melds_with_readings(
            edition, jokers=jokers, min_size=min_size, max_size=max_size, declare=declare
        ).map(_first)
    if not _builders(edition, _spec(None, 3, None, False)):
        raise InvalidArgument(f"no meld fits {edition.tile_set}, so none can be spoilt")
    return _invalid_meld(edition).filter(lambda m: not m.is_valid(edition))


@st.composite
def _invalid_meld(draw: st.DrawFn, rules: MeldRules) -> Meld:
    tile_set = rules.tile_set
    distinct = tile_set.distinct_tiles()
    numbered = [t for t in distinct if not t.is_joker]
    base = draw(melds(rules, declare=None))
    laid = list(base.tiles)
    spoils = ["recolour", "renumber", "replace", "add", "cut", "random"]
    wild = [t for t in tile_set.all_tiles() if t.is_joker]
    if wild:
        spoils.append("jokers")
    cap = rules.max_jokers_per_meld
    if cap is not None and len(wild) > cap:
        spoils.append("cap")
    spoil = draw(st.sampled_from(spoils))
    real = [i for i, t in enumerate(laid) if not t.is_joker]
    if spoil == "recolour":
        i = draw(st.sampled_from(real))
        laid[i] = Tile(draw(st.sampled_from(tile_set.colors)), laid[i].value)
    elif spoil == "renumber":
        i = draw(st.sampled_from(real))
        color = laid[i].color
        assert color is not None
        laid[i] = Tile(color, draw(st.sampled_from(tile_set.numbers)))
    elif spoil == "replace":
        laid[draw(st.integers(0, len(laid) - 1))] = draw(st.sampled_from(distinct))
    elif spoil == "add":
        laid.insert(draw(st.integers(0, len(laid))), draw(st.sampled_from(distinct)))
    elif spoil == "cut":
        laid = draw(st.permutations(laid))[: draw(st.integers(1, 2))]
    elif spoil == "jokers":
        laid = draw(st.permutations(wild))[: draw(st.integers(1, len(wild)))]
    elif spoil == "cap":
        assert cap is not None
        real_tiles = draw(st.lists(st.sampled_from(numbered), min_size=1, max_size=3))
        laid = draw(st.permutations([*real_tiles, *draw(st.permutations(wild))[: cap + 1]]))
    else:
        laid = draw(st.lists(st.sampled_from(distinct), min_size=1, max_size=6))
    assume(all(tile_set.count(t) >= n for t, n in Counter(laid).items()))
    return Meld(laid, base.kind if draw(st.booleans()) else None)


def _first(pair: tuple[T, Any]) -> T:
    return pair[0]


def _fits(laid: tuple[Tile, ...] | list[Tile], available: Counter[Tile]) -> bool:
    return all(available[t] >= n for t, n in Counter(laid).items())


# --- Tables --------------------------------------------------------------------------------------


def tables(
    edition: MeldRules | str = CLASSIC,
    *,
    min_melds: int = 0,
    max_melds: int = 8,
    jokers: int | None = None,
    declare: bool | None = False,
) -> st.SearchStrategy[Table]:
    """Tables of valid melds under ``edition`` that never use more of a tile than the set has.

    Each table has up to ``max_melds`` melds; it has at least ``min_melds`` unless the set runs
    out of tiles first (keep ``min_melds`` small for small sets). ``jokers`` caps the jokers per
    meld and ``declare`` is as for :func:`runs_with_readings`.
    """
    edition = _named(edition)
    if type(min_melds) is not int or type(max_melds) is not int or not 0 <= min_melds <= max_melds:
        raise InvalidArgument(f"need 0 <= min_melds <= max_melds, got {min_melds}, {max_melds}")
    spec = _spec(jokers, 3, None, declare)
    builders = _builders(edition, spec)
    if not builders and max_melds:
        raise InvalidArgument(f"no meld fits {edition.tile_set}")
    return _table(edition, spec, builders, min_melds, max_melds)


@st.composite
def _table(
    draw: st.DrawFn,
    rules: MeldRules,
    spec: _Spec,
    builders: list[_Builder],
    min_melds: int,
    max_melds: int,
) -> Table:
    target = draw(st.integers(min_melds, max_melds))
    available = Counter(rules.tile_set.all_tiles())
    laid: list[Meld] = []
    attempts = 0
    while len(laid) < target and attempts < 2 * target + 4:
        attempts += 1
        builder = draw(st.sampled_from(builders))
        result = builder(draw, rules, spec, available)
        if result is None:
            continue
        meld = result[0]
        available.subtract(meld.tiles)
        laid.append(meld)
    return Table(laid)


# --- Editions ------------------------------------------------------------------------------------

_PRESETS: Final = tuple(EDITIONS.values())
#: The tile sets of custom editions by default: the boxes, and one mixing both kinds of joker.
_SETS: Final = (STANDARD_SET, XP_SET, EXPERT_SET, TileSet(jokers=2, colored_jokers=1))


def editions(
    *,
    presets: bool = True,
    custom: bool = True,
    tile_sets: st.SearchStrategy[TileSet] | None = None,
) -> st.SearchStrategy[Edition]:
    """Editions: the presets of ``EDITIONS`` and custom editions with other meld rules.

    A custom edition is a preset evolved with any ``run_wrap``, ``group_colors_distinct``,
    ``max_jokers_per_meld`` (none or 0-4) and a tile set drawn from ``tile_sets`` (default: the
    standard, XP or Expert set, or the standard set with one coloured joker of each colour
    beside its two plain jokers; try :func:`tile_sets` for small custom sets, which also lowers
    ``deal_size`` so the set can be dealt).
    """
    if not (presets or custom):
        raise InvalidArgument("editions() needs presets=True or custom=True")
    options: list[st.SearchStrategy[Edition]] = []
    if presets:
        options.append(st.sampled_from(_PRESETS))
    if custom:
        sets = tile_sets if tile_sets is not None else st.sampled_from(_SETS)
        options.append(_custom_edition(sets))
    return st.one_of(options)


@st.composite
def _custom_edition(draw: st.DrawFn, sets: st.SearchStrategy[TileSet]) -> Edition:
    base = draw(st.sampled_from(_PRESETS))
    tile_set = draw(sets)
    return base.evolve(
        tile_set=tile_set,
        deal_size=max(1, min(base.deal_size, tile_set.size // base.min_players)),
        run_wrap=draw(st.sampled_from(RunWrap)),
        group_colors_distinct=draw(st.booleans()),
        max_jokers_per_meld=draw(st.none() | st.integers(0, 4)),
    )
