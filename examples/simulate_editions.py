"""Compare editions by self-play: the same deals under each, and what changes.

Run it from the repository root::

    python examples/simulate_editions.py [--editions classic,house-50,pl-2026] [--games 3]
        [--players 4] [--seed 0] [--jobs 1] [--out DIRECTORY]

Greedy bots (the most tiles each turn) play ``--games`` deals under every edition named. The
summary is printed as Markdown; with ``--out`` it is also written there as ``summary.md``,
``summary.json`` and ``report.html`` (one page with charts, when matplotlib is installed), with
every game as a CSV row in ``games.csv`` and its record in ``games.jsonl`` (one JSON document a
line). The README's comparison was made by the same simulation from the command line
(``rummikub-rules simulate ... --games 100 --jobs 1 --report ...``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from rummikub_rules import simulate


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--editions", default="classic,house-50,pl-2026")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--out", type=Path, help="directory for summary.md/.json, report.html, games.csv/.jsonl"
    )
    args = parser.parse_args(argv)
    records = None
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        records = args.out / "games.jsonl"
    start = time.perf_counter()
    result = simulate(
        args.editions.split(","),
        games=args.games,
        players=args.players,
        seed=args.seed,
        jobs=args.jobs,
        records=records,
    )
    seconds = time.perf_counter() - start
    summary = result.to_markdown()
    print(summary)
    played = len(result.played)
    print(f"{played} games in {seconds:.1f} s ({played / seconds:.1f} games/s, jobs={args.jobs})")
    if args.out is not None:
        (args.out / "summary.md").write_text(summary, encoding="utf-8")
        text = json.dumps(result.to_json(), indent=2, ensure_ascii=False)
        (args.out / "summary.json").write_text(text + "\n", encoding="utf-8")
        (args.out / "report.html").write_text(result.to_html(), encoding="utf-8")
        result.to_csv(args.out / "games.csv")
        print(f"wrote {args.out / 'summary.md'}, summary.json, report.html, games.csv, games.jsonl")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
