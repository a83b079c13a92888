"""Every game invariant refused at every entry point: construction, evolve, from_deal, JSON."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    Draw,
    FormatError,
    GameResult,
    GameState,
    InvalidStateError,
    InvalidTypeError,
    Meld,
    Pass,
    Play,
    Table,
    arrange,
    loads,
    parse_table,
    parse_tiles,
    to_json,
)
from rummikub_rules.records import Deal


def _base() -> GameState:
    """A classic two-player game a few turns in: seat 0 opened, tiles on the table."""
    racks = [parse_tiles("r10 r11 r12 k1 k2 k3 k4 b7 b8 b9 o1 o2 o3 j"), parse_tiles("b1 b2")]
    rest = list(CLASSIC.tile_set.all_tiles())
    for tile in (*racks[0], *racks[1]):
        rest.remove(tile)
    game = GameState.from_deal([racks[0], [*racks[1], *rest[:12]]], rest[12:], seed=4)
    return game.apply(Play(parse_table("r10 r11 r12 | b7 b8 b9"))).apply(Draw())


BASE = _base()


def _by_hand(**changes: Any) -> GameState:
    """The base state changed by hand (so without its deal)."""
    changes.setdefault("deal", None)
    return attrs.evolve(BASE, **changes)


CASES: list[tuple[str, Callable[[], GameState], str]] = [
    ("table of invalid melds", lambda: _by_hand(
        table=Table([*BASE.table.melds, Meld(BASE.pool[:2])]), pool=BASE.pool[2:]
    ), "invalid meld"),
    ("a tile missing", lambda: _by_hand(pool=BASE.pool[1:]), "hold 105 tiles"),
    ("a tile too many", lambda: _by_hand(pool=(*BASE.pool, BASE.pool[0])), "hold 107 tiles"),
    ("a tile swapped", lambda: _by_hand(pool=(*BASE.pool[1:], parse_tiles("j")[0])),
     "not the edition's full set"),
    ("current out of range", lambda: _by_hand(current=3), "current must be a seat from 0 to 1"),
    ("current negative", lambda: _by_hand(current=-1), "current must be a seat"),
    ("opened too short", lambda: _by_hand(opened=(True,)), "opened has 1 flags"),
    ("five racks in classic", lambda: _by_hand(racks=(*BASE.racks, (), (), ())), "5 racks"),
    ("idle_turns negative", lambda: _by_hand(idle_turns=-5000), "idle_turns must be from 0"),
    ("idle_turns beyond the players", lambda: _by_hand(idle_turns=3), "idle_turns must be"),
    ("idle with tiles in the pool", lambda: _by_hand(idle_turns=1), "the pool holds tiles"),
    ("final_turns under until_stuck", lambda: _by_hand(final_turns=1), "one_more_round"),
    ("final_turns with tiles in the pool", lambda: _by_hand(
        edition=EDITIONS["tournament"], final_turns=1
    ), "once the pool is empty"),
    ("result naming seat 3 with 4 scores", lambda: _by_hand(
        result=GameResult((10, -4, -3, -3), (3,))
    ), "the game has a result, but nobody went out"),
    ("current a bool", lambda: _by_hand(current=True), "current must be an int"),
    ("seed a string", lambda: _by_hand(seed="7"), "seed must be an int"),
    ("table a string", lambda: _by_hand(table="r1 r2 r3"), "table must be a Table"),
    ("result a tuple", lambda: _by_hand(result=(1, -1)), "result must be a GameResult"),
    ("deal a dict", lambda: _by_hand(deal={}), "deal must be a Deal"),
    ("opened a number", lambda: _by_hand(opened=(1, 0)), r"opened\[0\] must be a bool"),
    ("turn out of order", lambda: attrs.evolve(BASE, current=1), "seat 0 is to move, not 1"),
    ("opened without a play", lambda: attrs.evolve(BASE, opened=(True, True)), "opened must name"),
    ("deal of another game", lambda: attrs.evolve(
        BASE, deal=GameState.new(2, seed=1).deal
    ), "seat 1 is to move, not 0"),
    ("deal of the wrong players", lambda: attrs.evolve(
        BASE, deal=GameState.new(3, seed=1).deal
    ), "3 racks for 2 players"),
]  # fmt: skip


#: Fields of the wrong type: refused with InvalidTypeError (a TypeError).
WRONG_TYPES = {"current a bool", "seed a string", "table a string", "result a tuple",
               "deal a dict", "opened a number"}  # fmt: skip


@pytest.mark.parametrize(("name", "build", "reason"), CASES, ids=[c[0] for c in CASES])
def test_state_breaking_an_invariant_is_refused(
    name: str, build: Callable[[], GameState], reason: str
) -> None:
    error = InvalidTypeError if name in WRONG_TYPES else InvalidStateError
    with pytest.raises(error, match=reason):
        build()


def _pool_empty(edition: str = "classic") -> GameState:
    """Both players opened, racks ``k1 k2`` and ``b1``, the pool empty, the rest on the table."""
    racks = [parse_tiles("k1 k2"), parse_tiles("b1")]
    rest = Counter(EDITIONS[edition].tile_set.all_tiles()) - Counter((*racks[0], *racks[1]))
    table = arrange(sorted(rest.elements()), edition=EDITIONS[edition])
    assert table is not None
    return GameState(
        edition=EDITIONS[edition],
        racks=racks,
        table=table,
        pool=(),
        current=0,
        opened=(True, True),
        seed=0,
    )


def test_pool_empty_position_is_valid() -> None:
    game = _pool_empty()
    assert game.pool == ()
    assert not game.is_over


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"final_turns": -1}, "final_turns must be from 0 to 2, got -1"),
        ({"final_turns": 0}, "the last round is over"),
        ({"final_turns": 3}, "final_turns must be from 0 to 2, got 3"),
        ({"idle_turns": 2}, "a full round of idle turns ends the game"),
        ({"racks": (parse_tiles("k1 k2 b1"), ())}, "seat 1 went out"),
        ({"result": GameResult((1, -1), (0,))}, "does not fit the racks"),
    ],
)
def test_pool_empty_state_breaking_a_counter_or_result_is_refused(
    changes: dict[str, Any], reason: str
) -> None:
    game = _pool_empty("tournament")
    with pytest.raises(InvalidStateError, match=reason):
        attrs.evolve(game, **changes)


def test_finished_states_are_valid_and_their_result_must_fit() -> None:
    game = _pool_empty()
    over = game.apply(Pass()).apply(Pass())
    assert over.is_over
    assert attrs.evolve(over) == over
    with pytest.raises(InvalidStateError, match="does not fit the racks"):
        attrs.evolve(over, result=GameResult((0, 0), (0, 1)))
    with pytest.raises(InvalidStateError, match="does not fit the racks"):
        attrs.evolve(over, result=GameResult((3, -3, 0, 0), (0,)))


def test_two_empty_racks_are_refused() -> None:
    game = _pool_empty()
    table = arrange(CLASSIC.tile_set.all_tiles(), edition=CLASSIC)
    assert table is not None
    with pytest.raises(InvalidStateError, match="only one player can go out"):
        attrs.evolve(game, racks=((), ()), table=table)


def test_state_changed_by_hand_keeps_its_deal_only_if_it_agrees() -> None:
    start = GameState.new(2, seed=9)
    with pytest.raises(InvalidStateError, match="must drop its deal"):
        attrs.evolve(start, pool=start.pool[::-1])
    assert attrs.evolve(start, pool=start.pool[::-1], deal=None).deal is None


def test_from_deal_and_new_record_their_deal() -> None:
    game = GameState.new(3, seed=2)
    assert game.deal == Deal(game.racks, game.pool, game.current)
    assert GameState.from_deal(game.racks, game.pool, first=game.current, seed=2) == game


#: Changes to the data of the base state's document, and the reason it is refused.
DOCUMENTS: list[tuple[str, dict[str, Any], str]] = [
    ("table of invalid melds", {"table": ["r1 r2", "k5 k5 k5"]}, "hold"),
    ("an invalid meld, tiles conserved", {}, "invalid meld"),
    ("seat 3 wins a game of 2", {"result": {"scores": [10, -4, -3, -3], "winners": [3]}},
     "nobody went out"),
    ("final_turns -1", {"final_turns": -1}, "final_turns"),
    ("idle_turns -5000", {"idle_turns": -5000}, "idle_turns must be from 0"),
    ("current 2 of 2", {"current": 2}, "current must be a seat"),
    ("three flags for two", {"opened": [True, False, False]}, "opened has 3 flags"),
    ("a rack emptied", {"racks": ["", "b1 b2"]}, "hold"),
    ("deal of another game", {"deal": {"racks": ["", ""], "pool": "", "first": 0}},
     "exactly the edition's full set"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "changes", "reason"), DOCUMENTS, ids=[d[0] for d in DOCUMENTS])
def test_state_document_breaking_an_invariant_is_refused(
    name: str, changes: dict[str, Any], reason: str
) -> None:
    document = to_json(BASE)
    data = {**document["data"], **changes}
    if not changes:  # move two pool tiles onto the table as a meld of their own
        data["pool"] = document["data"]["pool"].split(" ", 2)[2]
        data["table"] = [*data["table"], " ".join(document["data"]["pool"].split()[:2])]
    with pytest.raises(FormatError, match=reason) as caught:
        loads(json.dumps({**document, "data": data}))
    assert caught.value.path.startswith("data")


def test_empty_rack_without_result_document_is_refused() -> None:
    game = _pool_empty()
    document = to_json(game)
    rack = document["data"]["racks"][1]
    document["data"]["racks"][1] = ""
    document["data"]["table"].append(f"{rack} b2 b3")
    document["data"]["table"] = [m for m in document["data"]["table"] if m != ""]
    with pytest.raises(FormatError):
        loads(json.dumps(document))
