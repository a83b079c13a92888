"""The solver from many threads at once: its shared tables stay sound (issue 9: thread safety).

Each check runs in a fresh interpreter, where the solver's tables are still empty, so the
threads race to fill them, with the interpreter switching threads as often as it can.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest


def run_fresh(code: str) -> str:
    """Run ``code`` in a new interpreter and return what it printed."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.strip()


@pytest.mark.parametrize(
    ("numbering", "runs"), [("_run_states.PLAIN", 12), ("_owing_runs.NUMBERED", 4)]
)
def test_run_states_are_numbered_once_when_threads_race(numbering: str, runs: int) -> None:
    # Fifty races, the tables emptied before each (one race alone often goes the right way); the
    # owing states (nine kinds of run) are numbered up to four runs, 715 of them.
    module, name = numbering.split(".")
    printed = run_fresh(
        f"""
        import sys, threading
        sys.setswitchinterval(1e-6)
        from rummikub_rules.solver import {module}
        numbering = {module}.{name}

        def race():
            del numbering.states[1:], numbering.sizes[1:]
            numbering.ids.clear()
            numbering.ids[()] = 0
            start = threading.Barrier(8)
            def number():
                start.wait()
                numbering.count({runs})
            threads = [threading.Thread(target=number) for _ in range(8)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            states = numbering.states
            return (
                len(states) == len(set(states))
                and all(numbering.ids[s] == i for i, s in enumerate(states))
                and numbering.sizes[{runs}] == len(states)
            )

        print(sum(race() for _ in range(50)))
        """
    )
    assert printed == "50"


def test_threads_solving_at_once_get_the_answers_of_one_thread() -> None:
    printed = run_fresh(
        """
        import sys, threading
        sys.setswitchinterval(1e-6)
        from rummikub_rules import GameState
        from rummikub_rules.solver import solve

        def answers():
            out = []
            for seed in range(12):
                game = GameState.new(4, seed=seed)
                found = solve(game.table, game.rack, opened=False, limit=50_000)
                out.append(str(found.play.after) if found.play else None)
            return out

        results = [None] * 6
        start = threading.Barrier(6)
        def work(i):
            start.wait()
            results[i] = answers()
        threads = [threading.Thread(target=work, args=(i,)) for i in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        print(all(r == answers() for r in results))
        """
    )
    assert printed == "True"
