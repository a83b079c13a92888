"""What each edition field means and how its values are written, for every editions table.

Shared by the Sphinx directives (``editions_table``) and the Markdown table on the repository page
(``docs/make_editions_table.py``), so the two cannot say different things. Needs only the library.
"""

from __future__ import annotations

import re

from rummikub_rules import EXPERT_SET, STANDARD_SET, XP_SET, TileSet

#: What each rule field means. Text in `backticks` is set as code.
FIELD_DOCS: dict[str, str] = {
    "tile_set": "The box: `std` is 106 tiles (4 colours x 13 numbers x 2 copies + 2 jokers), "
    "`xp` is 160 tiles (3 copies, 4 jokers), `expert` is 112 tiles (2 copies and 8 coloured "
    "jokers, two of each colour, each laid only in a meld of its colour; no plain joker).",
    "deal_size": "Tiles dealt to each player at the start.",
    "min_players": "Fewest players the edition is played with.",
    "max_players": "Most players the edition is played with.",
    "first_player": "Who starts: `highest_tile` (everyone draws one tile, the highest number "
    "starts; jokers and ties draw again) or `random`.",
    "run_wrap": "Whether a run may go past 13: `none` (1 is only low), `one_high` (1 may follow "
    "13: `r12 r13 r1`, but not `r13 r1 r2`) or `full` (runs wrap: `r12 r13 r1 r2`).",
    "group_colors_distinct": "Whether every tile of a group has a different colour "
    "(`no` is a house rule allowing repeated colours).",
    "max_jokers_per_meld": "The most jokers one meld may hold (`none`: no cap; a meld always "
    "needs one numbered tile).",
    "initial_meld_points": "The value the initial meld must reach, from rack tiles only.",
    "joker_in_initial_meld": "A joker from the rack in the initial meld: `counts` (as the tile "
    "it stands for), `zero` (may be laid but counts 0) or `forbidden` (may not be laid).",
    "opening_may_use_table": "Whether, once rack tiles laid form melds worth the threshold on "
    "their own, the opening turn may also lay tiles on and rearrange the table (and the player "
    "has opened for the rest of the turn).",
    "joker_retrieval": "How a joker on the table is freed: `rearrange` (by its tile or by any "
    "rearrangement leaving every meld valid) or `replace` (a real tile must take its place).",
    "replacement_from": "Under `replace`, where the replacing tile comes from: `rack` or "
    "`rack_or_table`.",
    "group_joker_replacement": "How many missing colours free a joker from a three-tile group: "
    "`either` or `both`.",
    "freed_joker_rack_tiles": "A freed joker must be played the same turn in a meld with at "
    "least this many tiles from the rack (0: in any meld).",
    "freed_joker_new_meld": "Whether a freed joker must go into a new meld, not back into a meld "
    "that was on the table (extended or not).",
    "joker_melds_extend_only": "Whether a meld holding a joker may only be extended, never "
    "split or shortened.",
    "turn_seconds": "Time for a turn (`none`: untimed). The library keeps no clock; clients "
    "report a timeout.",
    "timeout_draw": "Tiles drawn by a player whose time runs out.",
    "failed_turn_draw": "Tiles drawn by a player who could not leave a valid table.",
    "failed_turn_draw_first": "Whether those tiles are drawn before the table tiles the turn "
    "lost go into the pool, so they cannot be drawn back (`no`: shuffled in first, as games "
    "saved in version 1 of the JSON format were played).",
    "pool_empty_end": "When a game with an empty pool ends: `until_stuck` (when every player has "
    "passed in a row) or `one_more_round` (after one more turn each).",
    "pool_empty_scoring": "Scoring when the pool ran out and the lowest rack won: `difference` "
    "(each other player pays the difference to the lowest rack) or `racks` (their whole rack).",
    "winner_scores": "What the winner scores: `others_sum` (what the others pay; scores add up "
    "to zero) or `zero` (penalty scoring: only minus points are written).",
    "joker_penalty": "What a joker left on a rack costs at the end.",
    "never_opened_penalty": "Extra cost at the end for a player who never opened.",
    "series_winner": "Who wins a series of games: `most_wins` (ties by points) or `most_points`.",
}

CODE = re.compile(r"`([^`]+)`")


def format_value(value: object) -> str:
    """A rule value as the tables write it: ``yes``/``no``, ``none``, a box's name, enum value."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, TileSet):
        if value == STANDARD_SET:
            return "std"
        if value == XP_SET:
            return "xp"
        if value == EXPERT_SET:
            return "expert"
        text = f"{value.copies} copies, {value.jokers} jokers"
        if value.colored_jokers:
            text += f", {value.colored_jokers} coloured jokers of each colour"
        return text
    return str(value)
