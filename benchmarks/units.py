"""What one work unit of the solver costs, part by part, on positions of seeded self-play.

The solver's ``limit`` counts work units (``Solution.states``), charged by each part of the
solver as it works. A unit is meant to cost about the same time everywhere (issue 15 item 5),
so that the default limit bounds a call's time. This script runs ``solve``, ``can_play``,
``top_plays(3)`` and ``arrange`` on the positions of ``benchmarks/solver.py --mode games`` with
every part's entry wrapped: each part's own CPU time and the units charged while it runs (the
parts it calls counted apart) give its cost per unit. Parts: the fast engine, the general
search, the fates of table jokers, the host search, the opening, the referee's checks of
proposed plays, the rest of the plan, ``top_plays``' regions, ``arrange``, ``can_play``'s
witness; the host search's listing of hosts is a part of its own. Before that, without the
instruments (they cost time of their own), the solves doing at least 1% of the default limit
(each timed twice, the lower kept) give what a unit of a whole solve costs, and so what the
default limit costs at most; and ``top_plays(3)`` is timed against ``solve`` on each position.
``--hard`` takes the positions of ``tests/data/hard_positions.txt`` instead, and runs only
``solve`` on them (to the proof): the parts' costs where the work is largest.
Run: ``python benchmarks/units.py [--games N] [--positions N] [--seed S] [--hard]``.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

from solver import game_positions

from rummikub_rules import EDITIONS
from rummikub_rules import solver as api
from rummikub_rules.solver import (
    DEFAULT_LIMIT,
    _host_search,
    _incumbent,
    _opened,
    _opening,
    _plan,
    _witness,
)
from rummikub_rules.solver._budget import CHECK, Budget
from rummikub_rules.solver._fast import FastSearch
from rummikub_rules.solver._search import Search

#: Generous: the parts are measured on exact answers.
LIMIT = 10**8

#: The solves whose cost per unit says what the default limit costs: those doing at least 1% of
#: it (a solve of a few dozen units is mostly the warm-up of tables kept for the process).
LONG = DEFAULT_LIMIT // 100

#: The part that checks proposed plays: charged by the count of ``CHECK`` units made just
#: before each check, by whichever part proposes the play.
REFEREE = "referee checks"


class Ledger:
    """Per part: CPU seconds and units charged while it was the innermost part running."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.units: dict[str, int] = {}
        self.calls: dict[str, int] = {}
        self.stack: list[str] = []
        self.units_now = 0
        self.mark = (time.process_time(), 0)

    def flush(self) -> None:
        now = (time.process_time(), self.units_now)
        if self.stack:
            part = self.stack[-1]
            self.seconds[part] = self.seconds.get(part, 0.0) + now[0] - self.mark[0]
            self.units[part] = self.units.get(part, 0) + now[1] - self.mark[1]
        self.mark = now

    def wrap(self, part: str, function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def call(*args: Any, **kwargs: Any) -> Any:
            self.flush()
            self.calls[part] = self.calls.get(part, 0) + 1
            self.stack.append(part)
            try:
                return function(*args, **kwargs)
            finally:
                self.flush()
                self.stack.pop()

        return call


@contextmanager
def measured(ledger: Ledger) -> Iterator[None]:
    """Every part's entry wrapped, and every charge counted."""
    charge, count = Budget.charge, Budget.count

    def charged(budget: Budget, states: int = 1) -> None:
        ledger.units_now += states
        charge(budget, states)

    def counted(budget: Budget, states: int) -> None:
        if states == CHECK:  # counted just before the referee's check it pays for
            ledger.units[REFEREE] = ledger.units.get(REFEREE, 0) + states
        else:
            ledger.units_now += states
        count(budget, states)

    patches: list[tuple[Any, str, str]] = [
        (FastSearch, "solve", "fast engine"),
        (FastSearch, "bound", "fast engine"),
        (Search, "solve", "general search"),
        (Search, "bound", "general search"),
        (_opened, "_exact", "fates"),
        (_host_search.HostSearch, "search", "host search"),
        (_host_search.HostSearch, "_listed", "host listing"),
        (_opening, "play_opening", "opening"),
        (_incumbent, "refusals", REFEREE),
        (_witness, "legal", REFEREE),
        (_plan, "solve", "plan (the rest)"),
        (api, "top_outcomes", "top_plays regions"),
        (api, "arrange_tiles", "arrange"),
    ]
    patches += [(api, n, "can_play witness") for n in ("witness", "hopeless") if hasattr(api, n)]
    with ExitStack() as stack:
        stack.enter_context(mock.patch.object(Budget, "charge", charged))
        stack.enter_context(mock.patch.object(Budget, "count", counted))
        for owner, name, part in patches:
            stack.enter_context(
                mock.patch.object(owner, name, ledger.wrap(part, getattr(owner, name)))
            )
        yield


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="self-play games per edition")
    parser.add_argument("--positions", type=int, default=40, help="positions per edition")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hard", action="store_true", help="the hard positions' file, solve only")
    args = parser.parse_args()
    positions = (
        hard_positions()
        if args.hard
        else [
            p
            for name in EDITIONS
            for p in game_positions(name, args.games, args.positions, args.seed)
        ]
    )
    # Without the instruments first: what a unit of a whole solve costs, and top_plays(3)
    # against solve.
    per_unit: list[float] = []
    top_over_solve: list[float] = []
    for table, rack, opened, name in positions:
        edition = EDITIONS[name]
        start = time.process_time()
        found = api.solve(table, rack, opened=opened, edition=edition, limit=LIMIT)
        middle = time.process_time()
        if not args.hard:
            api.top_plays(table, rack, 3, opened=opened, edition=edition, limit=LIMIT)
        end = time.process_time()
        if found.states >= LONG:
            # Timed again, the lower kept: a collection of garbage or a busy moment of the
            # machine can double a solve of a few milliseconds.
            again = time.process_time()
            api.solve(table, rack, opened=opened, edition=edition, limit=LIMIT)
            seconds = min(middle - start, time.process_time() - again)
            per_unit.append(seconds / found.states)
        top_over_solve.append((end - middle) / max(middle - start, 1e-6))
    ledger = Ledger()
    with measured(ledger):
        for table, rack, opened, name in positions:
            edition = EDITIONS[name]
            api.solve(table, rack, opened=opened, edition=edition, limit=LIMIT)
            if args.hard:
                continue
            api.can_play(table, rack, opened=opened, edition=edition, limit=LIMIT)
            api.top_plays(table, rack, 3, opened=opened, edition=edition, limit=LIMIT)
            if len(table.tiles) + len(rack) <= 60:
                api.arrange((*table.tiles, *rack), edition=edition, limit=LIMIT)
    done = "solve" if args.hard else "solve, can_play, top_plays(3) and arrange"
    print(f"{len(positions)} positions; {done} on each\n")
    print(f"{'part':>20} {'calls':>8} {'units':>12} {'CPU s':>9} {'us/unit':>9}")
    for part in sorted(ledger.seconds, key=lambda p: -ledger.seconds[p]):
        units, seconds = ledger.units.get(part, 0), ledger.seconds[part]
        cost = f"{seconds / units * 1e6:.2f}" if units else "uncharged"
        calls = ledger.calls.get(part, 0)
        print(f"{part:>20} {calls:>8} {units:>12} {seconds:>9.3f} {cost:>9}")
    total_units, total = sum(ledger.units.values()), sum(ledger.seconds.values())
    print(f"{'all':>20} {'':>8} {total_units:>12} {total:>9.3f} {total / total_units * 1e6:>9.2f}")
    per_unit.sort()
    top_over_solve.sort()
    if not per_unit:
        print(f"\nno solve of {LONG} units or more: take more positions (--positions)")
        return
    print(
        f"\n{len(per_unit)} solves of {LONG} units or more, without the instruments: median "
        f"{per_unit[len(per_unit) // 2] * 1e6:.2f} us a unit, worst {per_unit[-1] * 1e6:.2f}; "
        f"the default limit ({DEFAULT_LIMIT}) is then {DEFAULT_LIMIT * per_unit[-1]:.2f} s at "
        f"most"
    )
    if not args.hard:
        print(
            f"top_plays(3) over solve, per position: median "
            f"{top_over_solve[len(top_over_solve) // 2]:.2f}x, p90 "
            f"{top_over_solve[len(top_over_solve) * 9 // 10]:.2f}x, worst {top_over_solve[-1]:.2f}x"
        )


def hard_positions() -> list[tuple[Any, Any, bool, str]]:
    """The positions of ``tests/data/hard_positions.txt`` (read by its test's own reader)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.test_hard_positions import load

    names = {edition: name for name, edition in EDITIONS.items()}
    return [(p.table, p.rack, p.opened, names[p.edition]) for p in load()]


if __name__ == "__main__":
    main()
