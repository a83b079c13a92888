"""Where freed jokers land (rules section 4.5): a maximum flow over the melds of the table after.

A retrieved joker stays on the table in a meld with ``freed_joker_rack_tiles`` tiles laid from the
rack. Which new jokers are the freed ones, which copies of a tile came from the rack and which
jokers came from the rack are chosen in the player's favour: :class:`Landing` answers whether some
choice works, by a flow rather than an enumeration. Each kind of joker (plain, or a coloured
joker's colour) lands only on its own kind's places; the melds and the rack tiles are shared.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence

from rummikub_rules.turns._facts import TileCounts
from rummikub_rules.turns._flow import Network

__all__ = ["Landing", "Role"]

#: A joker's role: its kind (the joker's tile index, plain or coloured) and what it stands for
#: (see ``turns._table_jokers``). Jokers of one role are interchangeable.
Role = tuple[int, int]


class Landing:
    """Whether the freed jokers can land well: in chosen melds, with the rack tiles they need.

    Each kind of joker (plain, or a coloured joker's colour) lands on its own kind's places; the
    melds and the rack tiles are shared.
    """

    def __init__(
        self,
        spare: Mapping[Role, int],
        per_meld: Mapping[int, Mapping[Role, int]],
        counts: Callable[[int], TileCounts],
        rack: Mapping[int, int],
        freed: Mapping[int, int],
        rack_jokers: Mapping[int, int],
    ) -> None:
        """The landing problem of one reading.

        ``spare[role]``: jokers of that role left over by the pairing; ``per_meld[m][role]``: the
        new jokers of meld ``m`` with that role (melds holding a left-over role only);
        ``counts(m)``: meld ``m``'s tiles by index; ``rack``: numbered tiles laid from the rack;
        ``freed[kind]`` jokers of each kind to land, ``rack_jokers[kind]`` left-over jokers of
        that kind that came from the rack.
        """
        self.spare, self.per_meld, self.counts = spare, per_meld, counts
        self.rack = rack
        self.freed = {kind: n for kind, n in freed.items() if n}
        self.rack_jokers = {kind: n for kind, n in rack_jokers.items() if n}
        self.rooms: dict[int, dict[int, int]] = {}
        for m, roles in per_meld.items():
            room = self.rooms.setdefault(m, {})
            for role, n in roles.items():
                room[role[0]] = room.get(role[0], 0) + min(n, spare[role])

    def possible(self, melds: Sequence[int], need: int) -> bool:
        """Whether the freed jokers can all land in ``melds``, each with ``need`` rack tiles.

        With rack tiles needed, which melds hold freed jokers is chosen too. Only a meld that
        could hold a freed joker with its rack tiles if it were alone (a *host*) may; if the
        hosts together cannot, the subsets of them are tried, smallest first (there are at
        most eight hosts, each holding a left-over joker).
        """
        total = sum(self.freed.values())
        if not total:
            return True
        if total == 1:
            return any(self._alone(m, need) for m in melds)
        if not need:
            return self._flow(melds, 0)
        hosts = [m for m in melds if self._alone(m, need)]
        if not self._roomy(hosts):
            return False
        if self._flow(hosts, need):
            return True
        return any(
            self._flow(chosen, need)
            for size in range(1, len(hosts))
            for chosen in itertools.combinations(hosts, size)
            if self._roomy(chosen)
        )

    def _roomy(self, melds: Sequence[int]) -> bool:
        """Whether ``melds`` have room for every freed joker of each kind."""
        return all(
            sum(self.rooms[m].get(kind, 0) for m in melds) >= n for kind, n in self.freed.items()
        )

    def _alone(self, meld: int, need: int) -> bool:
        """Whether one freed joker in ``meld`` has its rack tiles there (no sharing to weigh)."""
        room = self.rooms[meld]
        kinds = [kind for kind in self.freed if room.get(kind, 0) >= 1]
        if not need or not kinds:
            return bool(kinds)
        numbered = sum(
            min(n, self.rack.get(i, 0)) for i, n in self.counts(meld).items() if i in self.rack
        )
        return any(
            numbered
            + sum(
                min(places - (other == kind), self.rack_jokers.get(other, 0))
                for other, places in room.items()
            )
            >= need
            for kind in kinds
        )

    def _flow(self, melds: Iterable[int], need: int) -> bool:
        """Left-over jokers, kind by kind and role by role, into ``melds``; rack copies too.

        Each joker reaching a meld is freed (of its kind) or counts as one of its rack tiles.
        """
        network = Network()
        for kind in {*self.freed, *self.rack_jokers}:
            supply = self.freed.get(kind, 0) + self.rack_jokers.get(kind, 0)
            network.add("source", ("left over", kind), supply)
        for role, count in self.spare.items():
            network.add(("left over", role[0]), ("role", role), count)
        chosen = list(melds)
        tiles: set[int] = set()
        for m in chosen:
            for role, count in self.per_meld[m].items():
                network.add(("role", role), ("meld", m, role[0]), count)
            for kind in self.rooms[m]:
                if kind in self.freed:
                    network.add(("meld", m, kind), ("freed", kind), self.freed[kind])
                if need:
                    network.add(("meld", m, kind), ("rack", m), need)
            if need:
                network.add(("rack", m), "sink", need)
                for i, n in self.counts(m).items():
                    if self.rack.get(i):
                        tiles.add(i)
                        network.add(("tile", i), ("rack", m), n)
        for i in tiles:
            network.add("source", ("tile", i), self.rack[i])
        for kind, n in self.freed.items():
            network.add(("freed", kind), "sink", n)
        wanted = sum(self.freed.values()) + need * len(chosen)
        return network.max_flow("source", "sink", enough=wanted) >= wanted
