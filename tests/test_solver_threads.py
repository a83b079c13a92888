"""The solver from many threads at once: its shared tables stay sound (issue 9: thread safety).

Each check runs in a fresh interpreter, where the solver's tables are still empty, so the
threads race to fill them, with the interpreter switching threads as often as it can.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap


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


def test_run_states_are_numbered_once_when_threads_race() -> None:
    # Fifty races, the tables emptied before each (one race alone often goes the right way).
    printed = run_fresh(
        """
        import sys, threading
        sys.setswitchinterval(1e-6)
        from rummikub_rules.solver import _run_states

        def race():
            del _run_states._STATES[1:], _run_states._SIZES[1:]
            _run_states._IDS.clear()
            _run_states._IDS[()] = 0
            start = threading.Barrier(8)
            def number():
                start.wait()
                _run_states.state_count(12)
            threads = [threading.Thread(target=number) for _ in range(8)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            states = _run_states._STATES
            return (
                len(states) == len(set(states))
                and all(_run_states._IDS[s] == i for i, s in enumerate(states))
                and _run_states._SIZES[12] == len(states)
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
