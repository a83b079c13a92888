"""Benchmark: self-play games per second with GreedyBot, on one core and in a process pool.

Plays ``--games`` deals with a ``GreedyBot`` at every seat through ``simulate``: four players
under ``classic`` and six under ``xp``, once with ``jobs=1`` and once with ``jobs=2``, in the same
run, and prints games per second and the speed-up of two jobs over one (the machine may be
shared: compare the ratios, and repeat with ``--repeat``). ``--profile`` runs the classic games
on one core under cProfile and prints the entries that take the most time, by own time and by
cumulative time. Beside the wall-clock rate it prints the CPU seconds each game took (this
process and its workers): when two jobs spend the same CPU per game but do not halve the wall
time, the machine had no second core free (the load average is printed first). The games run
without a time limit per turn (``turn_seconds=None``): no clock thread, so the profile sees the
bots' work. Run:
``python benchmarks/selfplay.py [--games N] [--repeat R] [--profile]``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import resource
import time

from rummikub_rules import GreedyBot, simulate

#: (edition, players) pairs measured.
TABLES = (("classic", 4), ("xp", 6))


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's workers)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def games_per_second(
    edition: str, players: int, games: int, jobs: int, seed: int
) -> tuple[float, float]:
    """Games per second of wall time by ``simulate`` with greedy bots, and CPU seconds a game."""
    start, cpu = time.perf_counter(), cpu_seconds()
    result = simulate(
        [edition], games=games, players=players, seed=seed, jobs=jobs, turn_seconds=None
    )
    elapsed = time.perf_counter() - start
    assert len(result.played) == games
    return games / elapsed, (cpu_seconds() - cpu) / games


def profile(games: int, seed: int, top: int) -> str:
    """The top entries of a cProfile of classic games on one core."""
    profiler = cProfile.Profile()
    profiler.enable()
    simulate(
        ["classic"], games=games, players=4, seed=seed, bots=[GreedyBot()] * 4, turn_seconds=None
    )
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs()
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="deals per measurement")
    parser.add_argument("--repeat", type=int, default=1, help="measure this many times")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--profile", action="store_true", help="also profile classic games")
    parser.add_argument("--top", type=int, default=15, help="profile entries to print")
    args = parser.parse_args()
    load = ", ".join(f"{n:.2f}" for n in os.getloadavg())
    print(f"{args.games} games per measurement, GreedyBot at every seat; load average {load}")
    print(
        "| edition | players | run | jobs=1 games/s | jobs=2 games/s | speed-up "
        "| CPU s/game, jobs=1 | CPU s/game, jobs=2 |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for run in range(1, args.repeat + 1):
        for edition, players in TABLES:
            one, cpu_one = games_per_second(edition, players, args.games, 1, args.seed)
            two, cpu_two = games_per_second(edition, players, args.games, 2, args.seed)
            print(
                f"| {edition} | {players} | {run} | {one:.1f} | {two:.1f} | {two / one:.2f}x "
                f"| {cpu_one:.3f} | {cpu_two:.3f} |"
            )
    if args.profile:
        print()
        print(profile(args.games, args.seed, args.top))


if __name__ == "__main__":
    main()
