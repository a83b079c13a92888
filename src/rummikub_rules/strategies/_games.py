"""Strategies for games: legal plays from a given state, and states of games under way."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from rummikub_rules.actions import Action, Draw, Pass, Play
from rummikub_rules.editions import EDITIONS, Edition
from rummikub_rules.melds import Meld, Table
from rummikub_rules.solver import SearchLimitExceeded, best_play
from rummikub_rules.state import GameState
from rummikub_rules.tiles import Tile

__all__ = ["game_states", "plays"]

#: Work allowed to the solver when a strategy asks it for a play (see ``best_play``'s limit),
#: and the largest rack it is asked about: strategies must stay fast.
SOLVER_LIMIT = 5_000
SOLVER_RACK = 16


def plays(state: GameState) -> st.SearchStrategy[Play]:
    """Legal plays for the player to move in ``state`` (nothing, if none is found).

    The candidates are melds found on the rack (all of them at once for an opening), a rack tile
    added at an end of a table meld, and the exact solver's best play by tiles and by points
    (for racks of up to ``SOLVER_RACK`` tiles, within ``SOLVER_LIMIT``); each is checked by the
    referee before it is offered.
    """
    found = [p for p in _candidates(state) if state.check(p).ok]
    unique = list(dict.fromkeys(found))
    return st.sampled_from(unique) if unique else st.nothing()


def game_states(
    edition: Edition | str | st.SearchStrategy[Edition] | None = None,
    *,
    players: int | None = None,
    max_turns: int = 30,
) -> st.SearchStrategy[GameState]:
    """States of games dealt from a drawn seed and played for up to ``max_turns`` turns.

    Each turn is a legal play from :func:`plays` when there is one (and the draw takes it), or
    else a draw (a pass once the pool is empty); some games end before ``max_turns``.
    """
    if edition is None:
        chosen: st.SearchStrategy[Edition] = st.sampled_from(tuple(EDITIONS.values()))
    elif isinstance(edition, Edition | str):
        chosen = st.just(EDITIONS[edition] if isinstance(edition, str) else edition)
    else:
        chosen = edition
    return _game_state(chosen, players, max_turns)


@st.composite
def _game_state(
    draw: st.DrawFn, editions: st.SearchStrategy[Edition], players: int | None, max_turns: int
) -> GameState:
    edition = draw(editions)
    seats = players or draw(st.integers(edition.min_players, edition.max_players))
    state = GameState.new(seats, edition=edition, seed=draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, max_turns))):
        if state.is_over:
            break
        options = [p for p in _candidates(state) if state.check(p).ok]
        action: Action = Draw() if state.pool else Pass()
        play_one: bool = draw(st.booleans())
        if options and play_one:
            action = draw(st.sampled_from(options))
        state = state.apply(action)
    return state


def _candidates(state: GameState) -> list[Play]:
    edition, rack, table = state.edition, state.rack, state.table
    found = []
    melds = _rack_melds(rack, edition)
    if not state.opened[state.current]:
        if melds:
            found.append(Play(Table([*table.melds, *melds])))
    else:
        found.extend(Play(Table([*table.melds, meld])) for meld in melds)
        found.extend(Play(t) for t in _extensions(table, rack, edition))
    for objective in ("tiles", "points") if len(rack) <= SOLVER_RACK else ():
        try:
            play = best_play(
                table,
                rack,
                opened=state.opened[state.current],
                edition=edition,
                objective=objective,
                limit=SOLVER_LIMIT,
            )
        except SearchLimitExceeded:
            continue
        if play is not None:
            found.append(play)
    return found


def _rack_melds(rack: tuple[Tile, ...], edition: Edition) -> list[Meld]:
    """Disjoint three-tile runs and groups of numbered tiles found greedily on the rack."""
    left = Counter(t for t in rack if t.number is not None)
    found = []
    for tile in sorted(left):
        while left[tile]:
            meld = _meld_from(tile, left)
            if meld is None or not meld.is_valid(edition):
                break
            found.append(meld)
            left -= Counter(meld.tiles)
    return found


def _meld_from(tile: Tile, left: Counter[Tile]) -> Meld | None:
    """A run of ``tile`` and the next two numbers, or else a group of three colours."""
    assert tile.number is not None
    if tile.number <= 11:
        run = [Tile(tile.color, tile.number + step) for step in range(3)]
        if all(left[t] > 0 for t in run):
            return Meld(run)
    same = {t.color: t for t in sorted(left) if t.number == tile.number and left[t] > 0}
    return Meld(list(same.values())[:3]) if len(same) >= 3 else None


def _extensions(table: Table, rack: tuple[Tile, ...], edition: Edition) -> list[Table]:
    """Tables with one rack tile added at an end of one table meld."""
    found = []
    for index, meld in enumerate(table.melds):
        for tile in sorted(set(rack)):
            for longer in (Meld([*meld.tiles, tile]), Meld([tile, *meld.tiles])):
                if longer.is_valid(edition):
                    melds = list(table.melds)
                    melds[index] = longer
                    found.append(Table(melds))
                    break
    return found
