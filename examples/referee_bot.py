"""Referee a bot move by move: a player who knows only the classic rules, at a 1980 table.

Run it from the repository root::

    python examples/referee_bot.py [seed]

The bot below plays the solver's best play under the *classic* rules whatever the table plays,
so at a ``us-1980`` table (50 points to open; a joker freed only by the tile it stands for, and
used again with two tiles from the rack) some of its plays are refused. Each turn the
referee judges its answer once (``GameState.step``); a refused play becomes a failed turn (the
table is restored and the player draws the edition's three tiles), and the reason is printed.
The other seats are the library's ``GreedyBot``, which reads the edition from its view.
"""

from __future__ import annotations

import sys

import attrs

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    Action,
    Bot,
    Draw,
    FailedTurn,
    GameState,
    GreedyBot,
    IllegalMove,
    Pass,
    PlayerView,
    best_play,
    format_tiles,
)


@attrs.frozen
class ClassicMindedBot:
    """Plays the best play under the classic rules, whatever the edition of the table."""

    def play(self, view: PlayerView) -> Action:
        play = best_play(view.table, view.rack, opened=view.opened[view.seat], edition=CLASSIC)
        return play or (Draw() if view.pool_size else Pass())


def main(argv: list[str]) -> int:
    seed = int(argv[0]) if argv else 2
    edition = EDITIONS["us-1980"]
    bots: list[Bot] = [ClassicMindedBot(), GreedyBot(), GreedyBot()]
    game = GameState.new(len(bots), edition=edition, seed=seed)
    print(f"a {edition.name} table; seat 0 plays by the classic rules")
    while not game.is_over:
        seat = game.current
        action = bots[seat].play(game.view(seat))
        try:
            outcome = game.step(action)
        except IllegalMove as refused:
            codes = ", ".join(v.code.value for v in refused.verdict.violations)
            print(f"turn {len(game.history) + 1:>3} seat {seat}: refused ({codes}); failed turn")
            print(f"             {refused.verdict.violations[0].message}")
            outcome = game.step(FailedTurn())
        else:
            played = outcome.verdict.played
            if played:
                laid = format_tiles(played)
                print(f"turn {len(game.history) + 1:>3} seat {seat}: lays {laid}")
        game = outcome.state
    print(f"\n{len(game.history)} turns; winners {game.winners}; scores {game.scores()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
