"""A game's history: an immutable list of actions that grows by one in constant time.

Each state of a game holds its history. Copying a tuple of ``n`` actions to add one makes a
game of ``n`` turns cost ``n**2``; a :class:`History` instead points to the history before it
and adds one action, and builds its tuple (once) only when someone reads it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rummikub_rules.actions import Action, action_tuple

__all__ = ["History", "to_history"]


class History:
    """The actions of a game in order; ``appended`` makes a longer one without copying."""

    __slots__ = ("_action", "_before", "_length", "_tuple")

    def __init__(self, actions: tuple[Action, ...] = ()) -> None:
        self._before: History | None = None
        self._action: Action | None = None
        self._length = len(actions)
        self._tuple: tuple[Action, ...] | None = actions

    def appended(self, action: Action) -> History:
        """A longer history: these actions, then ``action``."""
        longer = History()
        longer._before, longer._action = self, action
        longer._length, longer._tuple = self._length + 1, None
        return longer

    def as_tuple(self) -> tuple[Action, ...]:
        """The actions as a tuple, built once (walking back to the last history built)."""
        if self._tuple is None:
            added: list[Action] = []
            node: History = self
            while node._tuple is None:
                assert node._before is not None
                assert node._action is not None
                added.append(node._action)
                node = node._before
            added.reverse()
            self._tuple = (*node._tuple, *added)
        return self._tuple

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[Action]:
        return iter(self.as_tuple())

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, History):
            return NotImplemented
        return self._length == other._length and self.as_tuple() == other.as_tuple()

    def __hash__(self) -> int:
        return hash(self.as_tuple())

    def __repr__(self) -> str:
        return repr(self.as_tuple())


def to_history(value: Iterable[Action]) -> History:
    """``value`` as a :class:`History`, refusing anything but actions (a field converter)."""
    if isinstance(value, History):
        return value
    return History(action_tuple(value))
