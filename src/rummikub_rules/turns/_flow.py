"""Maximum flow on the small networks the referee builds: no rule lives here.

Several questions of rules section 4.5 are "can each claim get what it needs from a shared supply?"
(which rack tiles took a freed joker's place, which copy of a tile stood in which meld, which meld
of the table after continues a locked meld). They are answered exactly, in polynomial time, by a
maximum flow; the networks have a few dozen nodes, so Edmonds-Karp on dictionaries is plenty.
Which melds of the table after *continue* melds of the table before is a bipartite matching
(:func:`always_matched`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

__all__ = ["Network", "always_matched", "can_assign"]

Item = TypeVar("Item", bound=Hashable)


class Network:
    """A flow network under construction: add capacities, then ask for the maximum flow."""

    def __init__(self) -> None:
        self._capacity: dict[Hashable, dict[Hashable, int]] = {}

    def add(self, tail: Hashable, head: Hashable, capacity: int) -> None:
        """Add ``capacity`` to the edge ``tail -> head`` (creating it and its residual)."""
        if capacity <= 0:
            return
        out = self._capacity.setdefault(tail, {})
        out[head] = out.get(head, 0) + capacity
        self._capacity.setdefault(head, {}).setdefault(tail, 0)

    def max_flow(self, source: Hashable, sink: Hashable, *, enough: int | None = None) -> int:
        """The value of a maximum flow; stops early once it reaches ``enough``, if given.

        Consumes the network (capacities become residual capacities).
        """
        residual = self._capacity
        if source not in residual or sink not in residual:
            return 0
        total = 0
        while enough is None or total < enough:
            parent: dict[Hashable, Hashable] = {source: source}
            queue = deque([source])
            while queue and sink not in parent:
                node = queue.popleft()
                for head, capacity in residual[node].items():
                    if capacity > 0 and head not in parent:
                        parent[head] = node
                        queue.append(head)
            if sink not in parent:
                break
            path = []
            node = sink
            while node != source:
                path.append((parent[node], node))
                node = parent[node]
            pushed = min(residual[tail][head] for tail, head in path)
            for tail, head in path:
                residual[tail][head] -= pushed
                residual[head][tail] += pushed
            total += pushed
        return total


def can_assign(claims: Sequence[tuple[int, Iterable[Item]]], supply: Mapping[Item, int]) -> bool:
    """Whether every claim gets its count of distinct items from its options, within ``supply``.

    ``claims[i] = (count, options)``: claim ``i`` needs ``count`` different items among
    ``options``; item ``x`` can serve ``supply[x]`` claims in all.

    >>> can_assign([(1, "ab"), (1, "a")], {"a": 1, "b": 1})
    True
    >>> can_assign([(2, "ab"), (1, "a")], {"a": 1, "b": 1})
    False
    """
    need = sum(count for count, _ in claims)
    if need == 0:
        return True
    network = Network()
    for index, (count, options) in enumerate(claims):
        network.add("source", ("claim", index), count)
        for item in options:
            if supply.get(item, 0) > 0:
                network.add(("claim", index), ("item", item), 1)
    for item, count in supply.items():
        network.add(("item", item), "sink", count)
    return network.max_flow("source", "sink", enough=need) >= need


def always_matched(options: Sequence[Iterable[int]], right: int) -> frozenset[int]:
    """The right vertices that every maximum matching uses.

    ``options[i]`` lists the right vertices (``0 .. right - 1``) left vertex ``i`` may be matched
    to. A right vertex is avoidable when it is unmatched in some maximum matching: exactly the
    vertices reached from an unmatched right vertex by alternating paths (a non-matching edge to
    a left vertex, then its matching edge). One maximum matching (augmenting paths) and one
    search of those paths answer for every vertex at once.

    >>> sorted(always_matched([[0], [0, 1]], 2))    # each left vertex needs its own
    [0, 1]
    >>> sorted(always_matched([[0, 1]], 2))         # one left vertex, two ways
    []
    >>> sorted(always_matched([[0], [0]], 2))       # 0 serves one of them either way
    [0]
    """
    edges = [list(dict.fromkeys(choice)) for choice in options]
    owner: list[int | None] = [None] * right
    for left in range(len(edges)):
        _augment(edges, owner, left, set())
    users: list[list[int]] = [[] for _ in range(right)]
    for left, choice in enumerate(edges):
        for vertex in choice:
            users[vertex].append(left)
    matched_to = {holder: vertex for vertex, holder in enumerate(owner) if holder is not None}
    free = deque(vertex for vertex in range(right) if owner[vertex] is None)
    avoidable = set(free)
    while free:
        vertex = free.popleft()
        for left in users[vertex]:
            partner = matched_to.get(left)
            if partner is not None and partner != vertex and partner not in avoidable:
                avoidable.add(partner)
                free.append(partner)
    return frozenset(vertex for vertex in range(right) if vertex not in avoidable)


def _augment(
    edges: Sequence[Sequence[int]], owner: list[int | None], left: int, seen: set[int]
) -> bool:
    """Match left vertex ``left`` along an augmenting path (``owner``: each right one's match).

    A function of its own, not a closure calling itself: such a closure is a reference cycle,
    garbage that only the cycle collector frees, one per call.
    """
    for vertex in edges[left]:
        if vertex not in seen:
            seen.add(vertex)
            holder = owner[vertex]
            if holder is None or _augment(edges, owner, holder, seen):
                owner[vertex] = left
                return True
    return False
