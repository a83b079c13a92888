"""The rummikub-rules command: run through its installed entry point and through main().

A few tests run the installed script in a process of its own (the entry point, ``python -m``, a
pipe, a terminal); the rest call main() here, which is the same code without an interpreter's
start-up per call.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    GameRecord,
    GameState,
    Play,
    __version__,
    dumps,
    parse_tiles,
)
from rummikub_rules.actions import Draw
from rummikub_rules.cli import main

#: The installed console script, beside the interpreter running the tests.
SCRIPT = Path(sys.executable).with_name("rummikub-rules")
FREED = ["--before", "r2 r3 j r5 r6", "--rack", "r1 r7 b8 b10"]
FREED_AFTER = ["--after", "r1 r2 r3 | r5 r6 r7 | b8 j b10", "--opened"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed script run with ``args`` in a process of its own, its output into pipes."""
    return subprocess.run(
        [str(SCRIPT), *args], capture_output=True, text=True, check=False, timeout=60
    )


def call(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(args), stdout=out)
    return status, out.getvalue()


def call_here(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """main() as the script runs it, in this process: its status (or argparse's exit status), what
    it wrote to stdout and what to stderr."""
    capsys.readouterr()
    try:
        status = main(list(args))
    except SystemExit as exit:  # argparse exits after --help or a usage error
        status = exit.code if isinstance(exit.code, int) else int(exit.code is not None)
    out, err = capsys.readouterr()
    return status, out, err


def test_the_entry_point_is_installed() -> None:
    assert SCRIPT.exists(), "pip install -e . installs the rummikub-rules script"


def test_check_exits_0_for_a_legal_turn_and_1_for_an_illegal_one() -> None:
    legal = run("check", *FREED, *FREED_AFTER)
    assert legal.returncode == 0, legal.stderr
    assert legal.stdout.startswith("legal: lays r1 r7 b8 b10")
    illegal = run("check", *FREED, *FREED_AFTER, "--edition", "pl-2026")
    assert illegal.returncode == 1
    assert "joker_retrieval_forbidden" in illegal.stdout


def test_check_suggest_offers_the_same_tiles_laid_legally() -> None:
    turn = ["--before", "r8 j r10", "--rack", "r9 b5 b6 k1", "--after", "r8 r9 r10 j | b5 b6"]
    status, out = call("check", *turn, "--opened", "--suggest")
    assert status == 1
    assert out.splitlines()[0] == "illegal"
    assert out.splitlines()[-3:] == [
        "suggestion: the same tiles, laid legally:",
        "  j [b5] [b6]",
        "  r8 [r9] r10",
    ]
    status, out = call("check", *turn, "--opened", "--suggest", "--json")
    assert status == 1
    document = json.loads(out)
    assert document["ok"] is False
    assert document["suggestion"] == {
        "kind": "same_tiles",
        "play": ["j b5 b6", "r8 r9 r10"],
        "played": "r9 b5 b6",
    }
    assert "suggestion" not in json.loads(call("check", *turn, "--opened", "--json")[1])


def test_check_suggest_offers_the_best_play_or_says_draw() -> None:
    status, out = call("check", "--before", "r4 r5 r6", "--rack", "r7 k1", "--after",
                       "r4 r5 r6 r7 r8", "--opened", "--suggest")  # fmt: skip
    assert status == 1
    assert out.splitlines()[-2:] == ["suggestion: the best play lays 1: r7", "  r4 r5 r6 [r7]"]
    status, out = call("check", "--before", "k12 r12 o12", "--rack", "b12", "--after",
                       "k12 r12 o12 b12 b12", "--suggest", "--json")  # fmt: skip
    assert status == 1
    no_play = {"kind": "no_play", "play": None, "played": None}
    assert json.loads(out)["suggestion"] == no_play


def test_bad_notation_exits_2_and_points_at_the_token(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = call_here(capsys, "check", "--before", "", "--rack", "r1 x7", "--after", "r1")
    assert status == 2
    assert "--rack: unknown tile 'x7' at position 3" in err
    assert err.splitlines() == [
        "rummikub-rules: error: --rack: unknown tile 'x7' at position 3: r1 >>x7<<"
    ]


def test_python_dash_m_runs_the_same_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rummikub_rules", "--version"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0
    assert result.stdout.strip() == f"rummikub-rules {__version__}"


@pytest.mark.parametrize(
    "command",
    [[], ["check"], ["compare"], ["editions"], ["editions", "show"], ["editions", "diff"],
     ["solve"], ["score"], ["replay"], ["simulate"]],
    ids=lambda c: " ".join(c) or "top",
)  # fmt: skip
def test_every_command_has_help(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = call_here(capsys, *command, "--help")
    assert status == 0
    assert out.startswith("usage: rummikub-rules")


def test_compare_prints_every_edition_and_says_they_disagree() -> None:
    status, out = call("compare", *FREED, *FREED_AFTER)
    assert status == 0
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[1:12]}
    assert list(rows) == list(EDITIONS)
    assert rows["classic"] == ["yes"]
    assert rows["pl-2026"][:2] == ["no", "joker_retrieval_forbidden"]
    assert rows["expert"] == ["no", "unknown_tile"]  # the Expert box has no plain joker
    assert "the editions disagree" in out


def test_json_output_is_machine_readable() -> None:
    status, out = call("compare", *FREED, *FREED_AFTER, "--json", "--editions", "classic,pl")
    assert status == 0
    document = json.loads(out)
    assert document["agree"] is False
    assert list(document["verdicts"]) == ["classic", "pl-2026"]
    assert document["verdicts"]["pl-2026"]["violations"][0]["code"] == "joker_retrieval_forbidden"


def test_inputs_come_from_a_json_file_and_flags_win(tmp_path: Path) -> None:
    given = tmp_path / "turn.json"
    given.write_text(
        json.dumps(
            {
                "before": "r2 r3 j r5 r6",
                "rack": "r1 r7 b8 b10",
                "after": "r1 r2 r3 | r5 r6 r7 | b8 j b10",
                "opened": True,
                "edition": "pl-2026",
            }
        )
    )
    assert call("check", "--input", str(given))[0] == 1
    assert call("check", "--input", str(given), "--edition", "classic")[0] == 0


def test_color_only_on_request_or_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "\x1b[" not in run("check", *FREED, *FREED_AFTER).stdout  # a pipe: no colour
    assert "\x1b[" not in call("check", *FREED, *FREED_AFTER)[1]  # nor into a file
    assert "\x1b[31mr1\x1b[0m" in call("check", *FREED, *FREED_AFTER, "--color", "always")[1]
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in call("check", *FREED, *FREED_AFTER)[1]


def test_editions_list_show_and_diff() -> None:
    status, out = call("editions", "list")
    assert status == 0
    assert [line.split()[0] for line in out.splitlines()][:3] == [
        "classic",
        "ru-2018",
        "ru-classic",
    ]
    status, out = call("editions", "show", "xp", "--json")
    assert json.loads(out)["rules"]["tile_set"] == "xp"
    status, out = call("editions", "diff", "classic", "house-50")
    assert "joker_penalty         30 -> 50" in out.splitlines()
    assert call("editions", "show", "nowhere")[0] == 2


EXPERT_BOX = "4 colours x 13 numbers x 2 copies + 2 coloured jokers of each colour"


def test_editions_show_the_coloured_jokers_of_the_expert_box() -> None:
    status, out = call("editions", "list")
    assert status == 0
    assert out.splitlines()[-1].startswith("expert ")
    assert "8 coloured jokers" in out.splitlines()[-1]
    status, out = call("editions", "show", "expert", "--json")
    assert json.loads(out)["rules"]["tile_set"] == EXPERT_BOX
    status, out = call("editions", "show", "Expert")
    assert f"  tile_set                 {EXPERT_BOX}" in out.splitlines()
    status, out = call("editions", "diff", "classic", "expert")
    assert out.splitlines() == ["field     classic -> expert", f"tile_set  std -> {EXPERT_BOX}"]
    status, out = call("editions", "diff", "expert", "classic", "--json")
    assert json.loads(out) == [{"field": "tile_set", "expert": EXPERT_BOX, "classic": "std"}]


def test_check_reads_coloured_jokers_under_expert() -> None:
    opening = ["--before", "", "--rack", "r10 JR r12 k1", "--after", "r10 jr r12"]
    status, out = call("check", *opening, "--edition", "expert")
    assert (status, out.splitlines()[0]) == (0, "legal: lays r10 r12 jr")
    status, out = call("check", *opening)
    assert status == 1
    assert "unknown_tile: This set has no jr tile." in out
    wrong = ["--before", "k5 b5 jr", "--rack", "r5 o7 o8", "--after", "k5 b5 r5 | o7 o8 jr"]
    status, out = call("check", *wrong, "--opened", "--edition", "expert")
    assert status == 1
    assert "o7 o8 jr: jr stands only for a red tile, and this run is orange." in out


def test_compare_and_score_read_coloured_jokers(tmp_path: Path) -> None:
    status, out = call(
        "compare", "--before", "", "--rack", "r10 jr r12", "--after", "r10 jr r12",
        "--editions", "classic,expert", "--json",
    )  # fmt: skip
    verdicts = json.loads(out)["verdicts"]
    assert (status, verdicts["classic"]["ok"], verdicts["expert"]["ok"]) == (0, False, True)
    given = tmp_path / "score.json"
    given.write_text(
        json.dumps({"racks": ["", "r5 jr", "jy k2"], "winner": 0, "edition": "expert"})
    )
    status, out = call("score", "--input", str(given), "--json")
    assert (status, json.loads(out)) == (0, {"scores": [67, -35, -32], "winners": [0]})


def test_solve_and_simulate_take_the_expert_edition() -> None:
    status, out = call(
        "solve", "--table", "", "--rack", "r10 r11 r12 k1 k2 k3 b1", "--edition", "expert"
    )
    assert (status, out.splitlines()[0]) == (0, "lays 6: k1 k2 k3 r10 r11 r12")
    status, out = call(
        "simulate", "--editions", "expert", "--games", "1", "--players", "4", "--bots", "draw",
        "--json",
    )  # fmt: skip
    assert (status, json.loads(out)["editions"]) == (0, ["expert"])


def test_replay_of_an_expert_game(tmp_path: Path) -> None:
    expert = EDITIONS["expert"]
    box = list(expert.tile_set.all_tiles())
    racks = [parse_tiles("r10 jr r12 k1 k2 k3 o1"), parse_tiles("k10 b10 jo r11 r5 r6 o2")]
    for tile in (*racks[0], *racks[1]):
        box.remove(tile)
    state = GameState.from_deal(racks, box, edition=expert, seed=5, first=0)
    for after in (
        "r10 jr r12 | k1 k2 k3",
        "r10 jr r12 | k1 k2 k3 | k10 b10 jo",
        None,
        "r10 r11 r12 | k1 k2 k3 | k10 b10 jo | r5 r6 jr",
    ):
        state = state.apply(Draw() if after is None else Play(after))
    path = tmp_path / "game.json"
    path.write_text(dumps(state.to_record()))
    status, out = call("replay", str(path), "--json")
    assert status == 0
    laid = [turn["laid"] for turn in json.loads(out)["turns"]]
    assert laid == ["k1 k2 k3 r10 r12 jr", "k10 b10 jo", "", "r5 r6 r11"]
    status, out = call("replay", str(path))
    assert out.splitlines()[-1] == "after 4 turns the game goes on"


def test_solve_marks_the_laid_tiles() -> None:
    status, out = call("solve", "--table", "r4 r5 r6 r7 r8", "--rack", "r6 k2 k3 k4", "--opened")
    assert status == 0
    assert out.splitlines()[0] == "lays 4: k2 k3 k4 r6"
    assert "  [k2] [k3] [k4]" in out.splitlines()


def test_solve_says_when_there_is_no_play() -> None:
    status, out = call("solve", "--table", "", "--rack", "r1 k5", "--json")
    assert (status, json.loads(out)) == (0, {"play": None})


def test_score_follows_the_worked_example() -> None:
    status, out = call("score", "--racks", "", "r5 b8", "j k2", "--winner", "0", "--json")
    assert (status, json.loads(out)) == (0, {"scores": [45, -13, -32], "winners": [0]})
    assert call("score", "--racks", "r1", "r2", "--winner", "7")[0] == 2


def test_replay_prints_every_turn(tmp_path: Path) -> None:
    record = GameRecord(2, edition=CLASSIC, seed=3).add(Draw()).add(Draw())
    path = tmp_path / "game.json"
    path.write_text(dumps(record))
    status, out = call("replay", str(path))
    assert status == 0
    assert out.splitlines()[0].split()[:5] == [
        "turn",
        "1",
        "seat",
        str(record.initial_state().current),
        "draw",
    ]
    assert "after 2 turns the game goes on" in out
    assert call("replay", str(tmp_path / "missing.json"))[0] == 2


def test_replay_lists_the_tiles_each_play_laid(tmp_path: Path) -> None:
    box = list(CLASSIC.tile_set.all_tiles())
    racks = [parse_tiles("r10 r11 r12 k1 k2"), parse_tiles("k11 b11 o11 r9")]
    for tile in (*racks[0], *racks[1]):
        box.remove(tile)
    state = GameState.from_deal(racks, box, seed=5, first=0)
    for after in ("r10 r11 r12", "r10 r11 r12 | k11 b11 o11", None, "r9 r10 r11 r12 | k11 b11 o11"):
        state = state.apply(Draw() if after is None else Play(after))
    path = tmp_path / "game.json"
    path.write_text(dumps(state.to_record()))
    status, out = call("replay", str(path))
    assert status == 0
    assert out.splitlines()[:4] == [
        "turn   1  seat 0  play        laid r10 r11 r12 -> r10 r11 r12",
        "turn   2  seat 1  play        laid k11 b11 o11 -> r10 r11 r12 | k11 b11 o11",
        "turn   3  seat 0  draw        r10 r11 r12 | k11 b11 o11",
        "turn   4  seat 1  play        laid r9 -> r9 r10 r11 r12 | k11 b11 o11",
    ]
    status, out = call("replay", str(path), "--json")
    laid = [turn["laid"] for turn in json.loads(out)["turns"]]
    assert laid == ["r10 r11 r12", "k11 b11 o11", "", "r9"]


def test_simulate_prints_the_summary_as_markdown() -> None:
    result = run("simulate", "--editions", "classic,pl-2026", "--games", "2", "--players", "3")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("2 deals x 2 editions, 3 players, seed 0;")
    assert "| per game | classic | pl-2026 |" in result.stdout
    assert "| per game | pl-2026 vs classic |" in result.stdout
    assert result.stderr == ""  # no progress bar in a pipe


def test_simulate_json_and_records_follow_the_seed_and_jobs(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    common = ["simulate", "--editions", "classic,house-50", "--games", "2", "--players", "3"]
    one = run(*common, "--seed", "7", "--json")
    two = run(*common, "--seed", "7", "--jobs", "2", "--json", "--records", str(records))
    assert one.returncode == two.returncode == 0, two.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)
    document = json.loads(one.stdout)
    assert (document["seed"], document["players"], document["editions"]) == (
        7,
        3,
        ["classic", "house-50"],
    )
    lines = records.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["data"]["edition"] for line in lines] == ["classic", "house-50"] * 2


def test_simulate_seats_the_bots_named() -> None:
    status, out = call(
        "simulate", "--editions", "classic", "--games", "1", "--players", "2",
        "--bots", "draw,joker-keeper", "--json",
    )  # fmt: skip
    assert status == 0
    assert json.loads(out)["bots"] == ["DrawBot()", "JokerKeeperBot(budget=20000)"]


@pytest.mark.parametrize(
    "arguments",
    [
        ["--editions", "classic", "--games", "0"],
        ["--editions", "nowhere", "--games", "1"],
        ["--editions", "classic"],
        ["--editions", "classic", "--games", "1", "--bots", "clever"],
        ["--editions", "classic", "--games", "1", "--players", "3", "--bots", "draw,greedy"],
        ["--editions", "classic", "--games", "1", "--players", "9"],
        ["--editions", "classic", "--games", "1", "--records", "/nonexistent/dir/games.jsonl"],
    ],
    ids=["no games", "unknown edition", "no games given", "unknown bot", "bots for 2 of 3",
         "too many players", "unwritable records"],
)  # fmt: skip
def test_simulate_refuses_bad_input_with_status_2(
    arguments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = call_here(capsys, "simulate", *arguments)
    assert status == 2
    assert err.startswith("rummikub-rules: error:")


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_simulate_draws_a_progress_bar_on_a_terminal() -> None:
    import pty

    leader, follower = pty.openpty()
    try:
        result = subprocess.run(
            [str(SCRIPT), "simulate", "--editions", "classic", "--games", "2", "--players", "3"],
            stdout=subprocess.PIPE,
            stderr=follower,
            text=True,
            check=False,
            timeout=60,
        )
        os.close(follower)
        follower = -1
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal closed
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(leader)
        if follower >= 0:
            os.close(follower)
    assert result.returncode == 0
    assert "\rsimulate [" in shown.decode()
    assert "2/2 games" in shown.decode()
    assert "simulate [" not in result.stdout
