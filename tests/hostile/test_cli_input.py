"""The command line under bad input (issue 18): exit 2 with one short line, never a traceback.

Every command runs with a table of bad arguments and ``--input`` documents, then with huge bad
values; a closed pipe, an ASCII-only terminal and Ctrl-C (with worker processes) run the
installed command in a process of its own.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rummikub_rules import Draw, GameRecord, dumps
from rummikub_rules.cli import LONGEST_MESSAGE, main

SCRIPT = Path(sys.executable).with_name("rummikub-rules")
TURN = ["--before", "", "--rack", "r1 r2 r3", "--after", "r1 r2 r3"]
SIM = ["--editions", "classic", "--games", "1"]

#: Bad arguments for every command; ``{input}`` is replaced by a file holding the JSON object
#: the case names, ``{file}`` by a file of the bytes it names.
BAD: list[tuple[str, list[str], object]] = [
    ("no command", [], None),
    ("unknown command", ["deal"], None),
    ("unknown flag", ["check", "--nope", *TURN], None),
    ("missing rack", ["check", "--before", "", "--after", ""], None),
    ("bad tile", ["check", "--before", "", "--rack", "r1 x7", "--after", "r1"], None),
    ("unknown edition", ["check", *TURN, "--edition", "nope"], None),
    ("empty edition", ["check", *TURN, "--edition", ""], None),
    ("edition list in input", ["check", "--input", "{input}"], {"edition": [], **{}}),
    ("misspelt key", ["check", *TURN, "--input", "{input}"], {"opend": True}),
    ("opened as text", ["check", *TURN, "--input", "{input}"], {"opened": "yes"}),
    ("rack as a number", ["check", "--input", "{input}"], {"rack": 5, "before": "", "after": ""}),
    ("input not an object", ["check", "--input", "{input}"], [1, 2]),
    ("input deeply nested", ["check", "--input", "{file}"], b"[" * 100_000),
    ("input not UTF-8", ["check", "--input", "{file}"], b'{"rack": "r1 \xff"}'),
    ("input missing", ["check", "--input", "/nonexistent/input.json"], None),
    ("no editions", ["compare", *TURN, "--editions", ","], None),
    ("unknown editions", ["compare", *TURN, "--editions", "classic,nope"], None),
    ("editions as a number", ["compare", *TURN, "--input", "{input}"], {"editions": 3}),
    ("show what", ["editions", "show"], None),
    ("show unknown", ["editions", "show", "nope"], None),
    ("diff one", ["editions", "diff", "classic"], None),
    ("diff unknown", ["editions", "diff", "classic", "nope"], None),
    ("objective", ["solve", "--table", "", "--rack", "r1", "--objective", "most"], None),
    ("objective in input", ["solve", "--input", "{input}"], {"objective": 3}),
    ("solve bad table", ["solve", "--table", "r1 | x", "--rack", "r1"], None),
    ("no racks", ["score", "--racks"], None),
    ("racks as text", ["score", "--input", "{input}"], {"racks": "r1 r2"}),
    ("racks as a number", ["score", "--input", "{input}"], {"racks": 7}),
    ("racks of numbers", ["score", "--input", "{input}"], {"racks": [1, 2]}),
    ("winner out of range", ["score", "--racks", "r1", "", "--winner", "5"], None),
    ("winner huge", ["score", "--racks", "r1", "", "--winner", "9" * 5000], None),
    ("winner as a list", ["score", "--input", "{input}"], {"racks": ["", "r1"], "winner": [0]}),
    ("never opened as text", ["score", "--input", "{input}"], {"racks": ["r1", ""],
                                                               "never_opened": "01"}),
    ("replay missing", ["replay", "/nonexistent/record.json"], None),
    ("replay not UTF-8", ["replay", "{file}"], b"\xff\xfe\x00garbage"),
    ("replay not JSON", ["replay", "{file}"], b"{"),
    ("replay deeply nested", ["replay", "{file}"], b"[" * 100_000),
    ("replay illegal", ["replay", "{file}"], "illegal record"),
    ("games zero", ["simulate", "--editions", "classic", "--games", "0"], None),
    ("games text", ["simulate", "--editions", "classic", "--games", "x"], None),
    ("jobs zero", ["simulate", *SIM, "--jobs", "0"], None),
    ("players zero", ["simulate", *SIM, "--players", "0"], None),
    ("players huge", ["simulate", *SIM, "--players", str(10**30)], None),
    ("players huge in input", ["simulate", *SIM, "--input", "{input}"], {"players": 10**30}),
    ("players as text", ["simulate", *SIM, "--input", "{input}"], {"players": "4"}),
    ("seed true", ["simulate", *SIM, "--input", "{input}"], {"seed": True}),
    ("no editions to simulate", ["simulate", "--editions", ",", "--games", "1"], None),
    ("edition list empty", ["simulate", "--games", "1", "--input", "{input}"], {"editions": []}),
    ("unknown bot", ["simulate", *SIM, "--bots", "clever"], None),
    ("bots empty", ["simulate", *SIM, "--bots", ","], None),
    ("records empty", ["simulate", *SIM, "--input", "{input}"], {"records": ""}),
    ("records unwritable", ["simulate", *SIM, "--records", "/nonexistent/dir/r.jsonl"], None),
]  # fmt: skip


def prepared(arguments: list[str], content: object, tmp_path: Path) -> list[str]:
    """The arguments with ``{input}`` and ``{file}`` made into files holding ``content``."""
    if content == "illegal record":
        record = GameRecord(2, seed=1, actions=(Draw(),) * 200)
        content = dumps(record).encode()
    path = tmp_path / "input"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(json.dumps(content), encoding="utf-8")
    return [str(path) if a in ("{input}", "{file}") else a for a in arguments]


def run_main(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    status = main(arguments, stdout=out)
    return status, out.getvalue(), capsys.readouterr().err


@pytest.mark.parametrize(("name", "arguments", "content"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_exits_2_with_one_short_line(
    name: str,
    arguments: list[str],
    content: object,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_main(prepared(arguments, content, tmp_path), capsys)
    assert status == 2, (out, err)
    assert out == "" or name == "replay illegal"  # replay shows the turns before the bad one
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("rummikub-rules: error: ")
    assert len(lines[0]) <= len("rummikub-rules: error: ") + LONGEST_MESSAGE
    assert "Traceback" not in err


@pytest.mark.parametrize(("name", "arguments", "content"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_with_json_is_one_json_object(
    name: str,
    arguments: list[str],
    content: object,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run_main([*prepared(arguments, content, tmp_path), "--json"], capsys)
    assert status == 2
    assert err == ""
    (line,) = out.splitlines()
    answer = json.loads(line)
    assert answer["status"] == 2
    assert isinstance(answer["error"], str)
    assert len(answer["error"]) <= LONGEST_MESSAGE


HUGE = "x" * 1_000_000
HUGE_INPUT: list[list[str]] = [
    ["check", "--before", HUGE, "--rack", "r1", "--after", "r1"],
    ["check", *TURN, "--edition", HUGE],
    ["compare", *TURN, "--editions", HUGE],
    ["editions", "show", HUGE],
    ["editions", "diff", "classic", HUGE],
    ["solve", "--table", "", "--rack", "r1 " * 300_000],
    ["score", "--racks", HUGE, "", "--winner", "1"],
    ["score", "--racks", "r1", "", "--winner", HUGE],
    ["replay", HUGE],
    ["simulate", "--editions", HUGE, "--games", "1"],
    ["simulate", *SIM, "--bots", HUGE],
    ["simulate", *SIM, "--games", HUGE],
    [HUGE],
]


@pytest.mark.parametrize(
    "arguments", HUGE_INPUT, ids=[f"{n}-{a[0][:8]}" for n, a in enumerate(HUGE_INPUT)]
)
def test_huge_bad_input_gets_a_short_message(
    arguments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_main(arguments, capsys)
    assert status == 2
    assert all(len(line) <= 30 + LONGEST_MESSAGE for line in (out + err).splitlines())
    assert len(err.splitlines()) == 1


def test_a_misspelt_input_key_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "turn.json"
    path.write_text(json.dumps({"opend": True}))
    status, _, err = run_main(["check", *TURN, "--input", str(path)], capsys)
    assert status == 2
    assert "unknown option 'opend'" in err
    assert "opened" in err


def test_zero_is_refused_not_replaced(capsys: pytest.CaptureFixture[str]) -> None:
    for option in ("--jobs", "--players", "--games"):
        status, _, err = run_main(["simulate", *SIM, option, "0"], capsys)
        assert status == 2
        assert f"{option} must be at least 1, got 0" in err


def installed(*args: str, **env: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [str(SCRIPT), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, **env},
        start_new_session=True,
        preexec_fn=_as_a_terminal_starts_it,
    )


def _as_a_terminal_starts_it() -> None:
    """Ctrl-C at its default, as for a command a terminal runs in the foreground.

    A suite started in the background of a script (``cmd &``) ignores SIGINT, and a program
    inherits that, so the Ctrl-C test could not reach the command (it then waited 120 s).
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_a_closed_pipe_ends_quietly_with_141() -> None:
    process = installed("editions", "list")
    assert process.stdout is not None
    assert process.stderr is not None
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait(timeout=60) == 141
    assert err == b""


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"}, {"LANG": "C", "LC_ALL": "C"}])
def test_an_ascii_terminal_gets_every_edition(env: dict[str, str]) -> None:
    for args in (["editions", "list"], ["editions", "list", "--json"]):
        process = installed(*args, **env)
        out, err = process.communicate(timeout=60)
        assert process.returncode == 0, err
        assert b"Traceback" not in err
        assert b"ru-2018" in out
    assert json.loads(out)


#: Multiprocessing's helper processes, named by the module each runs: not a pool's workers.
HELPERS = (b"multiprocessing.resource_tracker", b"multiprocessing.forkserver")
#: Deals that take centuries to play: the simulation cannot finish before the interrupt.
ENDLESS = str(10**9)


def _processes() -> dict[int, tuple[int, bytes]]:
    """Every process's parent and command line, read from /proc."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            found[int(entry.name)] = (int(stat.rsplit(")", 1)[1].split()[1]), command)
    return found


def workers(pid: int) -> list[int]:
    """The worker processes of a pool started by ``pid``: its descendants, but the helpers that
    multiprocessing starts beside them (a resource tracker; a fork server, whose children, which
    share its command line, are the workers)."""
    processes = _processes()
    found, parents = [], [pid]
    while parents:
        parent = parents.pop()
        for child, (ppid, command) in processes.items():
            if ppid == parent:
                parents.append(child)
                if parent != pid or not any(helper in command for helper in HELPERS):
                    found.append(child)
    return found


def cpu_ticks(pid: int) -> int:
    """The CPU time ``pid`` has used, in clock ticks (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime and stime


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_ctrl_c_ends_quietly_with_130_and_leaves_no_worker() -> None:
    process = installed("simulate", "--editions", "classic", "--games", ENDLESS, "--jobs", "2")
    found: list[int] = []
    for _ in range(1200):  # a backstop, not a budget: the workers usually play within a second
        found = workers(process.pid)
        if len(found) >= 2 and all(cpu_ticks(worker) for worker in found):
            break
        if process.poll() is not None:
            break
        time.sleep(0.1)
    assert process.poll() is None, process.communicate()[1]
    assert len(found) == 2, found
    assert all(cpu_ticks(worker) for worker in found), "both workers are playing"
    os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole process group
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130, err
    assert b"Traceback" not in err
    assert err == b""
    for _ in range(300):
        if not any(alive(worker) for worker in found):
            break
        time.sleep(0.1)
    assert not any(alive(worker) for worker in found)
