"""Time ``best_play`` against the integer-programming package ``rummikub-solver``.

Two kinds of positions, both solved by both solvers in this one run (the other only when
installed: ``pip install -e '.[bench]'``):

- ``random``: a table of 0, 20, 40, 60 or 80 tiles built from random valid melds of the
  standard set and a 14-tile rack drawn from the rest, for a player who has opened. With
  ``--jokers`` each instance holds 0-2 jokers, each in a table meld (in place of one of its
  tiles) or on the rack.
- ``games``: positions met in seeded greedy self-play (four players, each laying the solver's
  best play or drawing) under every preset, each with one to four jokers on the table (the
  positions issue 15 sets its targets on), taken from the whole game (openings included):
  ``--positions`` per preset, from ``--games`` games or more until that many were met. Each
  preset deals its own games (:func:`preset_seed`): presets whose rules play alike would
  otherwise meet the same positions, and a position timed again finds its colour tables kept.
  Each version of the solver plays its own self-play, so two versions meet different positions
  (plays of equal score may come in another order): ``--save-positions FILE`` writes the
  positions met, and ``--load-positions FILE`` times those instead of playing, so that two
  versions are timed on one set.
- ``hardest``: the same self-play, every position timed (CPU time of ``solve``): writes the
  ``--slowest`` slowest positions per preset with one to four jokers on the table, and as many
  without, to ``--write`` in the format of ``tests/data/hard_positions.txt`` (compares nothing).

Per group the script prints our median, 99th percentile and maximum, the other solver's median
and the ratio of the medians, and whether both laid the same number of tiles. The other package
knows no edition: it lets a freed joker go anywhere, and its sets are a subset of ours (no joker
at the end of a run of 4 or 5, no group of 4 with a joker). So tile counts are compared under
``classic`` with ``freed_joker_rack_tiles = 0`` and ``freed_joker_new_meld = False`` (its rule),
where we may lay more tiles, never fewer; times are compared under each edition as it is. For
game positions the script also times ``can_play`` against ``best_play`` on the same positions.
All of our timings run before the other package is imported: a full garbage collection walks
every object of the process, and its models (about 70,000 objects, a 50 ms collection) would
otherwise land on our solves; for the same reason the script keeps its positions in notation and
reads each one just before timing it, so a collection walks our objects and that position's,
not every position of the sample. Before any timing, each solver solves ``--warmup`` positions per
preset from other games, untimed, so that what a process works out once (our colour tables'
cells, the other package's models) is not paid by the preset timed first alone.

Run: ``python benchmarks/solver.py [--mode random|games|both|hardest] [--instances N]
[--games N] [--seed S] [--warmup N] [--jokers] [--markdown] [--slowest N --write FILE]
[--save-positions FILE | --load-positions FILE]``.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    JOKER,
    Color,
    Draw,
    Edition,
    GameState,
    Meld,
    Pass,
    Table,
    Tile,
    parse_table,
    parse_tiles,
)
from rummikub_rules.solver import can_play, solve
from rummikub_rules.tiles import shared_tile

SIZES = (0, 20, 40, 60, 80)
#: Every search runs to its proof here, so the times are those of exact answers.
NO_LIMIT = 10**9
RACK = 14
#: The edition under which tile counts are compared: a freed joker may go anywhere, as in the
#: other package.
PEER_RULES = CLASSIC.evolve(freed_joker_rack_tiles=0, freed_joker_new_meld=False)
#: A position: table, rack, opened, edition name.
Position = tuple[Table, tuple[Tile, ...], bool, str]
#: A position as the script keeps it between timings: table and rack in notation.
Stored = tuple[str, str, bool, str]


def stored(position: Position) -> Stored:
    """A position in notation, as kept until it is timed (see :func:`timed`)."""
    table, rack, opened, name = position
    return str(table), " ".join(map(str, rack)), opened, name


def position(case: Stored) -> Position:
    """A kept position read back, as a caller would hand it to the solver."""
    table, rack, opened, name = case
    return parse_table(table), parse_tiles(rack), opened, name


# -- random positions ---------------------------------------------------------------------------


def random_meld(rng: random.Random, pool: Counter[Tile], length: int) -> Meld | None:
    """A random run or group of ``length`` tiles taken from ``pool``, or ``None``."""
    colors = list(Color)
    if rng.random() < 0.5 and length <= len(colors):
        number = rng.randint(1, 13)
        options = [c for c in colors if pool[shared_tile(c, number)]]
        if len(options) < length:
            return None
        return Meld([shared_tile(c, number) for c in rng.sample(options, length)])
    color = rng.choice(colors)
    start = rng.randint(1, 14 - length)
    tiles = [shared_tile(color, n) for n in range(start, start + length)]
    return Meld(tiles) if all(pool[t] for t in tiles) else None


def random_table(rng: random.Random, pool: Counter[Tile], size: int) -> list[Meld]:
    """Random valid melds with ``size`` tiles in all, removed from ``pool``."""
    while True:
        left, taken = size, Counter[Tile]()
        melds: list[Meld] = []
        for _ in range(1000):
            if left == 0:
                pool.subtract(taken)
                return melds
            lengths = [n for n in range(3, min(left, 6) + 1) if left - n not in (1, 2)]
            meld = random_meld(rng, pool - taken, rng.choice(lengths))
            if meld is not None:
                melds.append(meld)
                taken.update(meld.tiles)
                left -= len(meld)


def instances(seed: int, size: int, count: int, *, jokers: bool = False) -> list[Position]:
    """``count`` random positions with a table of ``size`` tiles, reproducible from ``seed``."""
    rng = random.Random(f"{seed}-{size}" + ("-jokers" if jokers else ""))
    found: list[Position] = []
    for _ in range(count):
        pool = Counter(shared_tile(c, n) for c in Color for n in range(1, 14) for _ in range(2))
        melds = random_table(rng, pool, size)
        on_rack = add_jokers(rng, pool, melds, rng.randint(0, 2)) if jokers else 0
        rack = rng.sample(sorted(pool.elements()), RACK - on_rack) + [JOKER] * on_rack
        found.append((Table(melds), tuple(rack), True, "classic"))
    return found


def add_jokers(rng: random.Random, pool: Counter[Tile], melds: list[Meld], count: int) -> int:
    """Put ``count`` jokers in place of tiles of distinct melds, or on the rack; return how
    many go to the rack. A replaced tile goes back to ``pool``."""
    free = list(range(len(melds)))
    on_rack = 0
    for _ in range(count):
        if not free or rng.random() < 0.5:
            on_rack += 1
            continue
        index = free.pop(rng.randrange(len(free)))
        tiles = list(melds[index].tiles)
        at = rng.randrange(len(tiles))
        pool[tiles[at]] += 1
        tiles[at] = JOKER
        melds[index] = Meld(tiles)
    return on_rack


# -- game positions -----------------------------------------------------------------------------


#: Games played at most per preset to find the positions asked for.
MAX_GAMES = 60


def game_positions(edition: str, games: int, per_edition: int, seed: int) -> list[Position]:
    """``per_edition`` positions of seeded greedy self-play with one to four jokers on the table
    (issue 15 item 3), taken from the whole game (openings included), spread over the games.

    At least ``games`` games are played, and more (up to :data:`MAX_GAMES`) until that many
    positions were met. The players play the best play found within the default limit, as the
    bots do (the positions are then timed without a limit).
    """
    rules = EDITIONS[edition]
    first = preset_seed(seed, edition)
    seen: list[Position] = []
    for game_seed in range(MAX_GAMES):
        if game_seed >= games and len(seen) >= per_edition:
            break
        game = GameState.new(4, edition=rules, seed=first + game_seed)
        while not game.is_over and len(game.history) < 400:
            seat = game.current
            if 1 <= table_jokers(game.table) <= 4:
                seen.append((game.table, game.rack, game.opened[seat], edition))
            play = solve(game.table, game.rack, opened=game.opened[seat], edition=rules).play
            game = game.apply(play or (Draw() if game.pool else Pass()))
    rng = random.Random(f"{seed}-{edition}")
    return rng.sample(seen, min(per_edition, len(seen)))


def preset_seed(seed: int, edition: str) -> int:
    """The seed of a preset's first game: its own for each preset and ``--seed``.

    Presets whose rules play alike would otherwise deal the same games and meet the same
    positions, and the solver keeps a position's colour tables for the process: a preset timed
    after another would time second solves.
    """
    return random.Random(f"{seed}-{edition}-games").randrange(1 << 32)


def save_positions(path: str, positions: Sequence[Stored]) -> None:
    """Write game positions in notation, one JSON object each (``--save-positions``)."""
    rows = [
        {"edition": name, "opened": opened, "table": table, "rack": rack}
        for table, rack, opened, name in positions
    ]
    with open(path, "w", encoding="utf-8") as out:
        json.dump(rows, out, indent=0)


def load_positions(path: str) -> dict[str, list[Stored]]:
    """The game positions of a file of :func:`save_positions`, per preset, in its order."""
    with open(path, encoding="utf-8") as source:
        rows = json.load(source)
    found: dict[str, list[Stored]] = {}
    for row in rows:
        case = (row["table"], row["rack"], bool(row["opened"]), row["edition"])
        found.setdefault(row["edition"], []).append(stored(position(case)))  # checked as read
    return found


def table_jokers(table: Table) -> int:
    return sum(m.jokers for m in table.melds)


def timed_self_play(edition: str, games: int, seed: int) -> list[tuple[float, int, Position]]:
    """Every position of seeded greedy self-play, with the CPU seconds and work units of its
    exact solve."""
    rules = EDITIONS[edition]
    seen: list[tuple[float, int, Position]] = []
    for game_seed in range(games):
        game = GameState.new(4, edition=rules, seed=seed * 1000 + game_seed)
        while not game.is_over and len(game.history) < 400:
            seat = game.current
            start = time.process_time()
            found = solve(
                game.table, game.rack, opened=game.opened[seat], edition=rules, limit=NO_LIMIT
            )
            seconds = time.process_time() - start
            seen.append(
                (seconds, found.states, (game.table, game.rack, game.opened[seat], edition))
            )
            game = game.apply(found.play or (Draw() if game.pool else Pass()))
    return seen


def write_hardest(path: str, games: int, slowest: int, seed: int) -> None:
    """The ``slowest`` slowest positions per preset with 1-4 table jokers and as many without,
    written as ``tests/data/hard_positions.txt`` blocks."""
    blocks: list[str] = []
    for name in EDITIONS:
        seen = timed_self_play(name, games, seed)
        seen.sort(key=lambda s: -s[0])
        with_jokers = [s for s in seen if 1 <= table_jokers(s[2][0]) <= 4][:slowest]
        without = [s for s in seen if not table_jokers(s[2][0])][:slowest]
        print(f"{name}: {len(seen)} positions, slowest {ms(seen[0][0])}")
        for index, (seconds, units, (table, rack, opened, _)) in enumerate(
            itertools.chain(with_jokers, without), 1
        ):
            blocks.append(
                f"position: {name}-{index}\n"
                f"source: self-play seed {seed}, {games} games; {ms(seconds)} CPU, {units} units\n"
                f"edition: {name}\nopened: {'yes' if opened else 'no'}\n"
                f"table: {table}\nrack: {' '.join(map(str, rack))}\n"
            )
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(blocks))
    print(f"wrote {len(blocks)} positions to {path}")


# -- the solvers --------------------------------------------------------------------------------


def laid(table: Table, after: Table | None) -> int:
    return 0 if after is None else sum((Counter(after.tiles) - Counter(table.tiles)).values())


def ours(position: Position, edition: Edition | None = None) -> int:
    table, rack, opened, name = position
    rules = edition or EDITIONS[name]
    play = solve(table, rack, opened=opened, edition=rules, limit=NO_LIMIT).play
    return laid(table, None if play is None else play.after)


def ours_can_play(position: Position) -> int:
    table, rack, opened, name = position
    return int(can_play(table, rack, opened=opened, edition=EDITIONS[name], limit=NO_LIMIT))


def peer() -> Callable[[Position], int] | None:
    """The other package's solver, for the standard and the XP sets, if it is installed."""
    try:
        import rummikub_solver as rs  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    rule_sets: dict[tuple[int, int, int], Any] = {}
    order = {Color.BLACK: 0, Color.BLUE: 1, Color.ORANGE: 2, Color.RED: 3}

    def solve(position: Position) -> int:
        table, rack, opened, name = position
        edition = EDITIONS[name]
        tile_set = edition.tile_set
        key = (tile_set.copies, tile_set.jokers, max(1, min(50, edition.initial_meld_points)))
        rules = rule_sets.get(key)
        if rules is None:
            rules = rule_sets[key] = rs.RuleSet(
                repeats=key[0], jokers=key[1], min_initial_value=key[2]
            )

        def index(tile: Tile) -> Any:
            if tile == JOKER:
                return rules.tiles[-1]
            assert tile.color is not None
            assert tile.number is not None
            return rules.tiles[order[tile.color] * 13 + tile.number - 1]

        state = rules.new_game()
        if opened:
            state.add_table(*(index(t) for t in table.tiles))
        state.add_rack(*(index(t) for t in rack))
        state.initial = not opened
        found = rules.solve(state, rs.SolverMode.TILE_COUNT)
        return 0 if found is None else len(found.tiles)

    return solve


#: Pauses of Python's full garbage collection (its oldest generation), in seconds, as they end.
_FULL_COLLECTIONS: list[float] = []
#: The timed calls of ours during which a full collection ran: (call, its pauses).
PAUSED: list[tuple[float, float]] = []


_COLLECTION_STARTED: list[float] = []


def _collected(phase: str, info: dict[str, int]) -> None:
    """Time each full collection (a ``gc.callbacks`` hook)."""
    if info["generation"] != 2:
        return
    if phase == "start":
        _COLLECTION_STARTED[:] = [time.perf_counter()]
    else:
        _FULL_COLLECTIONS.append(time.perf_counter() - _COLLECTION_STARTED[0])


gc.callbacks.append(_collected)


def timed(
    solve: Callable[[Position], int], cases: Sequence[Stored]
) -> tuple[list[float], list[int]]:
    """Each case read from notation, then timed: the script keeps its positions as text, so a
    full garbage collection during a solve walks the objects of the solver and of that one
    position, not the whole sample's (thousands of melds)."""
    times, counts = [], []
    for case in cases:
        read = position(case)
        before = len(_FULL_COLLECTIONS)
        start = time.perf_counter()
        counts.append(solve(read))
        times.append(time.perf_counter() - start)
        if solve is ours and len(_FULL_COLLECTIONS) > before:
            PAUSED.append((times[-1], sum(_FULL_COLLECTIONS[before:])))
    return times, counts


def p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


# -- reports ------------------------------------------------------------------------------------


class Report:
    """Rows of a table, printed as text or as a Markdown table for the README."""

    def __init__(self, title: str, columns: Sequence[str], markdown: bool) -> None:
        self.columns, self.markdown = columns, markdown
        print(f"\n{title}")
        if markdown:
            print("| " + " | ".join(columns) + " |")
            print("|" + "|".join("---:" if i else "---" for i in range(len(columns))) + "|")
        else:
            print("  ".join(f"{c:>12}" for c in columns))

    def row(self, *cells: object) -> None:
        if self.markdown:
            print("| " + " | ".join(str(c) for c in cells) + " |")
        else:
            print("  ".join(f"{c!s:>12}" for c in cells))


@attrs.define
class Group:
    """One row of a report: its positions, our times and (once the peer ran) the peer's."""

    label: str
    cases: Sequence[Stored]
    same_rules: Edition | None = None
    ours: list[float] = attrs.Factory(list)
    cells: list[object] = attrs.Factory(list)


def time_ours(group: Group) -> None:
    group.ours, _ = timed(ours, group.cases)


def time_peer(group: Group, other: Callable[[Position], int] | None) -> None:
    """The peer's cells of a row (none for sets with coloured jokers, which it does not know)."""
    if other is None:
        return
    if any(EDITIONS[c[3]].tile_set.colored_jokers for c in group.cases):
        group.cells = ["(no coloured jokers)", "", ""]
        return
    their_times, theirs = timed(other, group.cases)
    ratio = statistics.median(their_times) / statistics.median(group.ours)
    group.cells = [ms(statistics.median(their_times)), f"{ratio:.1f}x"]
    if group.same_rules is not None:
        pairs = [
            (ours(position(c), group.same_rules), t)
            for c, t in zip(group.cases, theirs, strict=True)
        ]
        pairs = [pair for pair, c in zip(pairs, group.cases, strict=True) if c[2]]
        differ = sum(1 for a, b in pairs if a != b)
        fewer = sum(1 for a, b in pairs if a < b)
        group.cells.append("yes" if not differ else f"{differ} differ ({fewer} fewer)")


def report(title: str, groups: Sequence[Group], columns: Sequence[str], markdown: bool) -> None:
    table = Report(title, columns, markdown)
    for group in groups:
        times = group.ours
        table.row(
            group.label,
            len(group.cases),
            ms(statistics.median(times)),
            ms(p99(times)),
            ms(max(times)),
            *group.cells,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["random", "games", "both", "hardest"], default="both")
    parser.add_argument("--instances", type=int, default=50, help="random positions per size")
    parser.add_argument("--games", type=int, default=3, help="self-play games per edition")
    parser.add_argument("--positions", type=int, default=40, help="game positions per edition")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--warmup",
        type=int,
        default=10,
        help="games: positions per preset of other games, solved untimed first by both solvers",
    )
    parser.add_argument("--jokers", action="store_true", help="0-2 jokers per random position")
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")
    parser.add_argument("--slowest", type=int, default=5, help="hardest: positions per preset")
    parser.add_argument("--write", default="hard_positions.txt", help="hardest: the file written")
    parser.add_argument(
        "--editions", nargs="+", default=list(EDITIONS), help="games: the presets (default: all)"
    )
    saving = parser.add_mutually_exclusive_group()
    saving.add_argument("--save-positions", metavar="FILE", help="games: write the positions met")
    saving.add_argument(
        "--load-positions", metavar="FILE", help="games: time the positions of FILE, not self-play"
    )
    args = parser.parse_args()
    if args.mode == "hardest":
        write_hardest(args.write, args.games, args.slowest, args.seed)
        return
    randoms = [
        Group(
            f"table {size}",
            [stored(p) for p in instances(args.seed, size, args.instances, jokers=args.jokers)],
            PEER_RULES,
        )
        for size in (SIZES if args.mode in ("random", "both") else ())
    ]
    loaded = load_positions(args.load_positions) if args.load_positions else None
    games = [
        Group(
            name,
            loaded.get(name, [])
            if loaded is not None
            else [stored(p) for p in game_positions(name, args.games, args.positions, args.seed)],
            PEER_RULES if name == "classic" else None,
        )
        for name in (args.editions if args.mode in ("games", "both") else ())
        if loaded is None or name in loaded
    ]
    if args.save_positions:
        save_positions(args.save_positions, [case for group in games for case in group.cases])
    # Both solvers first solve positions of other games, untimed: a process keeps what it
    # works out once (our colour tables' cells, the other package's models), as a bot's or a
    # server's does, and the preset timed first would pay it alone.
    warmup = [stored(instances(args.seed, 20, 1)[0])]
    for group in games if args.warmup else ():
        warmup += map(stored, game_positions(group.label, 1, args.warmup, args.seed + 1))
    # Ours first, before the other package is imported: a full garbage collection walks every
    # object of the process, and the other package's models would land on our solves.
    for case in warmup:
        ours(position(case))
    for group in (*randoms, *games):
        time_ours(group)
    everything = [case for group in games for case in group.cases]
    if everything:
        best_times, _ = timed(ours, everything)
        can_times, _ = timed(ours_can_play, everything)
    ours_paused = list(PAUSED)
    other = peer()
    if other is None:
        print("rummikub-solver is not installed: timing ours only")
    else:
        for case in warmup:
            if not EDITIONS[case[3]].tile_set.colored_jokers:
                other(position(case))  # the first call of each set of rules compiles its models
        for group in (*randoms, *games):
            time_peer(group, other)
    columns = ["positions", "n", "ours median", "ours p99", "ours max"]
    if other is not None:
        columns += ["ILP median", "ratio", "same tiles"]
    if randoms:
        title = (
            f"random positions (standard set, 14-tile rack{', 0-2 jokers' if args.jokers else ''})"
        )
        report(title, randoms, columns, args.markdown)
    if games:
        report("game positions (greedy self-play, 4 players)", games, columns, args.markdown)
        jokers = sum(1 for c in everything if table_jokers(position(c)[0]))
        ratio = statistics.median(best_times) / statistics.median(can_times)
        print(
            f"\nall {len(everything)} game positions ({jokers} with jokers on the table): "
            f"best_play median {ms(statistics.median(best_times))}, p99 {ms(p99(best_times))}, "
            f"max {ms(max(best_times))}; can_play median {ms(statistics.median(can_times))} "
            f"({ratio:.1f}x faster)"
        )
        slowest = max(
            ((t, c) for group in games for t, c in zip(group.ours, group.cases, strict=True)),
            key=lambda x: x[0],
        )
        seconds, (table, rack, opened, name) = slowest
        print(
            f"slowest: {ms(seconds)} under {name} (opened: {opened}); "
            f"table {table or '(empty)'}; rack {rack}"
        )
    if ours_paused:
        # A full collection walks every object of the process and lands on whichever solve
        # runs then: it belongs to the process more than the position.
        print(
            f"full garbage collections inside our timed solves: {len(ours_paused)}, pausing "
            + ", ".join(f"{ms(pause)} of {ms(call)}" for call, pause in sorted(ours_paused))
        )


if __name__ == "__main__":
    main()
