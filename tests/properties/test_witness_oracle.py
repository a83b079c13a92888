"""The ``can_play`` witness grows a table meld by every rack tile that fits it, as brute force does.

The witness (:mod:`rummikub_rules.solver._witness`) picks the rack tiles that may go on a table
meld by the meld's ends (a run) or its number (a group) instead of trying each one. Here every
kind of rack tile is tried at both ends of the meld: the melds found must be the same. Under
editions whose runs go round the witness does not look past the last number, so there it may
miss a growth (and the search finds the play); the editions here keep their runs straight.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummikub_rules import Meld, Tile
from rummikub_rules import strategies as rst
from rummikub_rules.solver._witness import _grown, _Places
from tests.depth import examples


@settings(max_examples=examples(100), deadline=None)
@given(st.data())
def test_the_witness_grows_a_meld_by_every_rack_tile_that_fits(data: st.DataObject) -> None:
    edition = data.draw(rst.editions()).evolve(run_wrap="none")
    meld = data.draw(rst.melds(edition, declare=None), label="meld")
    box = sorted(set(edition.tile_set.all_tiles()), key=lambda t: t.index)
    near = [t for t in box if t.number is None or any(_near(t, m) for m in meld.tiles)]
    rack = data.draw(st.lists(st.sampled_from(near), max_size=6), label="near")
    rack += data.draw(st.lists(st.sampled_from(box), max_size=6), label="rack")
    kinds = sorted(set(rack), key=lambda t: t.index)

    def grown_by(tile: Tile) -> Meld | None:
        for grown in (Meld((*meld.tiles, tile), meld.kind), Meld((tile, *meld.tiles), meld.kind)):
            if grown.is_valid(edition):
                return grown
        return None

    every = {grown for grown in map(grown_by, kinds) if grown is not None}
    assert set(_grown(meld, _Places(kinds), edition)) == every


def _near(tile: Tile, other: Tile) -> bool:
    """Whether ``tile`` is of ``other``'s number, or of its colour next to it."""
    if other.number is None or tile.number is None:
        return False
    return tile.number == other.number or (
        tile.color == other.color and abs(tile.number - other.number) == 1
    )
