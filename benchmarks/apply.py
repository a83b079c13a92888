"""Benchmark: what ``GameState.apply`` costs beyond the referee, and that it does not grow.

Plays a few four-player classic games with the exact solver as every seat (a draw when it finds
nothing), then times, in the same run, judging each action (``state.check``) and applying it
(``state.apply``, which judges it again and builds the next state without checking it). It prints
the medians per action over several passes, their difference (the cost of building the state)
and their ratio, and the cost of ``apply(Timeout())`` at the start of a game and after 20,000
actions, which must be about equal: the history grows in constant time and a state built by
``apply`` is not validated again. Run: ``python benchmarks/apply.py [--games N] [--passes P]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from rummikub_rules import CLASSIC, Draw, GameRecord, GameState, Pass, Timeout, best_play
from rummikub_rules.actions import Action
from rummikub_rules.solver import SearchLimitExceeded


def natural_game(seed: int) -> tuple[GameState, list[Action]]:
    """A game dealt from ``seed`` and the actions the solver takes in it (400 at most)."""
    start = state = GameState.new(4, seed=seed)
    actions: list[Action] = []
    while not state.is_over and len(actions) < 400:
        play = None
        if len(state.rack) <= 16:
            try:
                play = best_play(
                    state.table,
                    state.rack,
                    opened=state.opened[state.current],
                    edition=state.edition,
                    limit=5_000,
                )
            except SearchLimitExceeded:
                play = None
        action: Action = play or (Draw() if state.pool else Pass())
        actions.append(action)
        state = state.apply(action)
    return start, actions


def per_action(games: list[tuple[GameState, list[Action]]], passes: int) -> tuple[float, float]:
    """Median microseconds per action over ``passes``: checking, and applying."""
    checks, applies = [], []
    for _ in range(passes):
        checked = applied = 0.0
        count = 0
        for start, actions in games:
            state = start
            for action in actions:
                t0 = time.perf_counter()
                state.check(action)
                t1 = time.perf_counter()
                state = state.apply(action)
                checked += t1 - t0
                applied += time.perf_counter() - t1
                count += 1
        checks.append(checked / count * 1e6)
        applies.append(applied / count * 1e6)
    return statistics.median(checks), statistics.median(applies)


def timeout_cost(state: GameState, repeats: int = 2_000) -> float:
    """Median microseconds of ``state.apply(Timeout())``."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        state.apply(Timeout())
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--passes", type=int, default=5)
    args = parser.parse_args()
    games = [natural_game(seed) for seed in range(args.games)]
    actions = sum(len(a) for _, a in games)
    check, apply = per_action(games, args.passes)
    print(f"{args.games} games, {actions} actions; per action, median of {args.passes} passes:")
    print(f"  check {check:.1f} us, apply {apply:.1f} us")
    built = apply - check
    print(f"  apply - check {built:.1f} us (building the state), apply/check {apply / check:.2f}")
    state = GameRecord(2, edition=CLASSIC.evolve(timeout_draw=0), seed=1).initial_state()
    fresh = timeout_cost(state)
    for _ in range(20_000):
        state = state.apply(Timeout())
    print(
        f"apply(Timeout()): {fresh:.1f} us at turn 1, {timeout_cost(state):.1f} us at turn 20,001"
    )


if __name__ == "__main__":
    main()
