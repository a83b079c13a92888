"""Play a whole game between solver bots, turn by turn, and print the scores.

Run it from the repository root::

    python examples/play_game.py [players] [seed] [edition]

Every seat plays the exact solver's best play (the most tiles) and draws when it has none; once
the pool is empty a seat with no play passes. The game is an immutable ``GameState``: each turn
makes a new state, and the record of the game is its history of actions.
"""

from __future__ import annotations

import sys

from rummikub_rules import EDITIONS, Draw, GameState, Pass, best_play


def main(argv: list[str]) -> int:
    players = int(argv[0]) if argv else 3
    seed = int(argv[1]) if len(argv) > 1 else 7
    edition = EDITIONS[argv[2] if len(argv) > 2 else "classic"]
    game = GameState.new(players, edition=edition, seed=seed)
    while not game.is_over:
        seat = game.current
        play = best_play(game.table, game.rack, opened=game.opened[seat], edition=edition)
        game = game.apply(play or (Draw() if game.pool else Pass()))
        if play is not None:
            print(f"turn {len(game.history):>3}, seat {seat} plays; table: {game.table}")
    print(f"\n{len(game.history)} turns; winners {game.winners}; scores {game.scores()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
