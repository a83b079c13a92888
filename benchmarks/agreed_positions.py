"""Write ``tests/data/agreed_positions.txt``: real positions whose best plays both engines prove.

Plays seeded greedy self-play under each preset (four players, each laying the best play found
within the bots' budget, or drawing: the positions bots meet, where ``benchmarks/solver.py``
plays at the default limit) and keeps the positions with one to four jokers on the table, where
the solver's joker rules do their work. ``--per-preset`` of them per preset, spread
over the games, are solved under both objectives by the fast engine (``engine="auto"``) and by
the general one (``engine="general"``), each to its proof within ``--limit`` units. A position
is written with its best plays' (tiles, points) where both engines prove the same answers; where
they disagree, the script says so and stops (a wrong answer of one of them: never written as
the truth). ``tests/test_agreed_positions.py`` then checks the solver against the file.

The general engine decides jokers inside one search (:mod:`._joker_search`), the fast one by
relaxations, fates and host searches: two ways to the same answer that share the referee and
little else. Small random positions rarely hold what real games do (a kept run joker whose
relaxation needs it, several readings of a table); these are real ones. ``expert`` is left out:
its coloured jokers make the general engine's proofs take minutes on real positions.

With several ``--seed``, each seed's games give ``--per-preset`` positions of each preset:
``tests/data/agreed_positions_deep.txt``, the larger file CI's deep run reads, is written so.

Run: ``python benchmarks/agreed_positions.py [--per-preset N] [--games N] [--seed S [S ...]]
[--limit UNITS] [--write FILE]``.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Literal

from rummikub_rules import EDITIONS, Draw, GameState, Pass, Table, Tile
from rummikub_rules.solver import Objective, Solution, solve

#: The bots' per-turn budget, as the games are played (``rummikub_rules._bot_solver``).
BOT_BUDGET = 20_000
#: The presets sampled: every one but ``expert`` (see the module docstring).
PRESETS = tuple(name for name in EDITIONS if name != "expert")
OBJECTIVES: tuple[Objective, ...] = ("tiles", "points")
Position = tuple[Table, tuple[Tile, ...], bool]
#: The two engines compared: the fast one where it applies, and the general one everywhere.
ENGINES: tuple[Literal["auto", "general"], ...] = ("auto", "general")


def table_jokers(table: Table) -> int:
    return sum(meld.jokers for meld in table.melds)


def positions(name: str, games: int, count: int, seed: int) -> list[Position]:
    """``count`` positions of ``games`` seeded games with one to four jokers on the table."""
    rules = EDITIONS[name]
    first = random.Random(f"{seed}-{name}-agreed").randrange(1 << 32)
    seen: list[Position] = []
    for game_seed in range(games):
        game = GameState.new(4, edition=rules, seed=first + game_seed)
        while not game.is_over and len(game.history) < 400:
            seat = game.current
            opened = game.opened[seat]
            if 1 <= table_jokers(game.table) <= 4:
                seen.append((game.table, game.rack, opened))
            found = solve(game.table, game.rack, opened=opened, edition=rules, limit=BOT_BUDGET)
            game = game.apply(found.play or (Draw() if game.pool else Pass()))
    rng = random.Random(f"{seed}-{name}-sample")
    return rng.sample(seen, min(count, len(seen)))


def answer(found: Solution) -> str:
    return f"{found.tiles} tiles, {found.points} points"


def agreed(name: str, position: Position, limit: int) -> dict[str, str] | None:
    """Per objective, the best play's score both engines prove (``None``: one did not prove)."""
    table, rack, opened = position
    rules = EDITIONS[name]
    answers: dict[str, str] = {}
    for objective in OBJECTIVES:
        found = {
            engine: solve(
                table, rack, opened=opened, edition=rules, objective=objective,
                limit=limit, engine=engine,
            )
            for engine in ENGINES
        }  # fmt: skip
        if not all(f.proven_optimal for f in found.values()):
            return None
        fast, general = (answer(f) for f in found.values())
        if fast != general:
            raise SystemExit(
                f"the engines disagree under {name} ({objective}): fast {fast}, general "
                f"{general}\ntable: {table}\nrack: {' '.join(map(str, rack))}\nopened: {opened}"
            )
        answers[objective] = fast
    return answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-preset", type=int, default=40, help="positions per preset")
    parser.add_argument("--games", type=int, default=4, help="self-play games per preset")
    parser.add_argument("--seed", type=int, nargs="+", default=[1], help="one or more seeds")
    parser.add_argument("--limit", type=int, default=2_000_000, help="units per proof")
    parser.add_argument("--write", default="tests/data/agreed_positions.txt")
    args = parser.parse_args()
    blocks: list[str] = []
    left_out: list[str] = []
    for name in PRESETS:
        start, dropped = time.process_time(), 0
        sampled = [
            position
            for seed in args.seed
            for position in positions(name, args.games, args.per_preset, seed)
        ]
        for table, rack, opened in sampled:
            answers = agreed(name, (table, rack, opened), args.limit)
            if answers is None:
                dropped += 1
                continue
            blocks.append(
                f"edition: {name}\nopened: {'yes' if opened else 'no'}\n"
                f"table: {table}\nrack: {' '.join(map(str, rack))}\n"
                + "".join(f"{objective}: {answers[objective]}\n" for objective in OBJECTIVES)
            )
        seconds = time.process_time() - start
        left_out += [f"{name} {dropped}"] if dropped else []
        print(f"{name}: {dropped} not proven by both within the limit; {seconds:.1f} s CPU")
    header = (
        "# Positions of seeded self-play with one to four jokers on the table, and their best\n"
        "# plays' scores per objective, proven alike by the fast and the general engine. Written\n"
        f"# by `python benchmarks/agreed_positions.py --per-preset {args.per_preset} --games "
        f"{args.games} --seed {' '.join(map(str, args.seed))} --limit {args.limit}`; read by\n"
        "# tests/test_agreed_positions.py. Left out, not proven by both within the limit: "
        f"{', '.join(left_out) or 'none'}.\n\n"
    )
    with open(args.write, "w", encoding="utf-8") as out:
        out.write(header + "\n".join(blocks))
    print(f"wrote {len(blocks)} positions to {args.write}")


if __name__ == "__main__":
    main()
