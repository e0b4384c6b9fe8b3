"""Tablier's server beside boardgame.io's stock server, under the same browser-like load.

    bash benchmarks/bgio/setup.sh                      # once: boardgame.io 0.50.2 from npm
    .venv/bin/python benchmarks/side_by_side.py --games 50 100 --seconds 30
    .venv/bin/python benchmarks/side_by_side.py --games 1000 2000 --seconds 120 --warmup 20 \
        --rounds 2 --generators 2
    .venv/bin/python benchmarks/side_by_side.py --games 500 --targets tablier bgio-memory-deflate

For each number of games, the servers take turns on this machine, each started fresh
and alone: Tablier (`python -m tablier serve`, a new SQLite file, default settings but
the anonymous visitor's limits raised for the generator's one address, as
benchmarks/server_load.py does) and boardgame.io's stock server on a Kwinty-like game
(benchmarks/bgio/server.js: `bgio-memory`, its default in-memory storage; `bgio-flatfile`,
the FlatFile storage it ships; `bgio-memory-deflate`, in memory with socket.io's
per-message deflate turned on, which the stock server leaves off). The load comes from
benchmarks/bgio/load.js, a Node process apart from both servers: one WebSocket per seat
offering per-message deflate, every seat thinking --pace seconds, random legal moves,
rematches and a few reloads (--reconnect); --generators K shares the games among K such
processes, measured over one window, when one Node thread would limit the load.

Over the measured window (after --warmup) it samples each server's CPU time and memory
from /proc (the server process and its children) and prints one table: acknowledgement
and opponent-delivery percentiles, moves per second, server CPU per move, memory, and
Tablier's ratio to each boardgame.io set-up. Results (JSON and the table, with the
machine's load average, the servers' logs and the exact command) go to
benchmarks/results/side-by-side-<UTC time>/.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import queue
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_load import free_port, percentile, start_server  # a sibling script

HERE = Path(__file__).resolve().parent
BGIO = HERE / "bgio"
RESULTS = HERE / "results"
TARGETS = ("tablier", "bgio-memory", "bgio-flatfile", "bgio-memory-deflate")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


@dataclass
class Usage:
    """CPU seconds and resident memory of a process tree at one moment."""

    cpu: float
    rss_mb: float
    peak_mb: float


@dataclass
class Outcome:
    target: str
    games: int
    load: dict[str, Any]
    cpu_seconds: float = 0.0
    rss_mb: float = 0.0
    peak_mb: float = 0.0
    load_before: float = 0.0
    load_during: float = 0.0
    round: int = 1


def tree(pid: int) -> list[int]:
    """The process and all its descendants (a server's worker processes count too)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children.setdefault(int(stat[1]), []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, []))
    return found


def usage(pid: int) -> Usage:
    cpu = rss = peak = 0.0
    for member in tree(pid):
        try:
            stat = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
            status = Path(f"/proc/{member}/status").read_text()
        except OSError:
            continue  # ended meanwhile
        cpu += (int(stat[11]) + int(stat[12])) / CLOCK_TICKS
        rss += int(stat[21]) * PAGE / 2**20
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                peak += int(line.split()[1]) / 1024
    return Usage(cpu, rss, peak)


def start_bgio(target: str, workdir: Path, logs: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = ["node", str(BGIO / "server.js"), "--port", str(port)]
    if target == "bgio-flatfile":
        command += ["--storage", "flatfile", "--dir", str(workdir / "flatfile")]
    if target == "bgio-memory-deflate":
        command.append("--deflate")
    log = open(logs / f"{target}-{port}.log", "wb")  # noqa: SIM115 (the server holds it)
    proc = subprocess.Popen(
        command, env={**os.environ, "NODE_ENV": "production"}, stdout=log, stderr=subprocess.STDOUT
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/games", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
        if proc.poll() is not None:
            break
    proc.kill()
    raise SystemExit(f"boardgame.io's server did not start (see {log.name})")


def start(target: str, workdir: Path, logs: Path) -> tuple[subprocess.Popen[bytes], str]:
    if target == "tablier":
        # server_load.start_server keeps its log in TABLIER_LOAD_SERVER_LOGS
        os.environ["TABLIER_LOAD_SERVER_LOGS"] = str(logs)
        return start_server(f"sqlite:///{workdir / 'tablier.db'}")
    return start_bgio(target, workdir, logs)


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Generators:
    """Several load.js processes; their JSON lines gathered by event name as they come."""

    def __init__(self, commands: list[list[str]], limit: float) -> None:
        self.procs = [
            subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            for command in commands
        ]
        self.deadline = time.monotonic() + limit
        self.events: queue.Queue[tuple[int, dict[str, Any] | None]] = queue.Queue()
        self.seen: dict[tuple[int, str], dict[str, Any]] = {}
        for index, proc in enumerate(self.procs):
            threading.Thread(target=self._read, args=(index, proc), daemon=True).start()

    def _read(self, index: int, proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("{"):
                try:
                    self.events.put((index, json.loads(line)))
                except json.JSONDecodeError as exc:  # a line cut short: say so, read on
                    print(f"generator {index}: unreadable line ({exc})", file=sys.stderr)
        self.events.put((index, None))

    def all(self, name: str) -> list[dict[str, Any]]:
        """Waits until every generator has sent the event `name`; those events, in order."""
        wanted = [(index, name) for index in range(len(self.procs))]
        while any(key not in self.seen for key in wanted):
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise SystemExit(f"the load generators took too long (waiting for {name})")
            try:
                index, event = self.events.get(timeout=left)
            except queue.Empty:
                continue
            if event is None:
                code = self.procs[index].wait()
                raise SystemExit(f"load generator {index} ended before {name} (exit {code})")
            self.seen[(index, event["event"])] = event
        return [self.seen[key] for key in wanted]

    def go(self) -> None:
        for proc in self.procs:
            assert proc.stdin is not None
            proc.stdin.write("go\n")
            proc.stdin.flush()

    def close(self) -> None:
        for proc in self.procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def summary(samples: list[float]) -> dict[str, float | int | None]:
    """p50/p95/p99/max of latencies in ms, by nearest rank as load.js computes them."""
    if not samples:
        return {"count": 0, "p50": None, "p95": None, "p99": None, "max": None}
    return {
        "count": len(samples),
        "p50": percentile(samples, 50),
        "p95": percentile(samples, 95),
        "p99": percentile(samples, 99),
        "max": max(samples),
    }


SUMMED = (
    "games",
    "moves",
    "moves_per_second",
    "games_finished",
    "rematches",
    "reconnects",
    "dropped",
    "lost",
    "stale",
    "positions",
)


def merge(results: list[dict[str, Any]]) -> dict[str, Any]:
    """One generator's result from several, the percentiles taken over all their samples."""
    merged = {k: v for k, v in results[0].items() if k != "samples"}
    for name in SUMMED:
        merged[name] = sum(r[name] for r in results)
    merged["seconds"] = max(r["seconds"] for r in results)
    errors: Counter[str] = Counter()
    for r in results:
        errors.update(r["errors"])
    merged["errors"] = dict(errors)
    for name in ("ack_ms", "delivery_ms", "resync_ms"):
        merged[name] = summary([x for r in results for x in r["samples"][name]])
    weighted = sum((r["bytes_per_position"] or 0) * r["positions"] for r in results)
    merged["bytes_per_position"] = weighted / merged["positions"] if merged["positions"] else None
    merged["extensions"] = next((r["extensions"] for r in results if r["extensions"]), "")
    merged["generator"] = {
        "processes": len(results),
        "cpu_share": sum(r["generator"]["cpu_share"] for r in results),
        "loop_delay_p99_ms": max(r["generator"]["loop_delay_p99_ms"] for r in results),
        "loop_delay_max_ms": max(r["generator"]["loop_delay_max_ms"] for r in results),
    }
    return merged


def generator_commands(
    target: str, url: str, games: int, args: argparse.Namespace
) -> list[list[str]]:
    """One load.js command per generator process, the games shared out between them."""
    count = max(1, min(args.generators, games))
    commands = []
    for index in range(count):
        share = games // count + (1 if index < games % count else 0)
        commands.append(
            [
                "node",
                str(BGIO / "load.js"),
                "--target",
                "tablier" if target == "tablier" else "bgio",
                "--url",
                url,
                "--games",
                str(share),
                "--seconds",
                str(args.seconds),
                "--warmup",
                str(args.warmup),
                "--pace",
                str(args.pace[0]),
                str(args.pace[1]),
                "--reconnect",
                str(args.reconnect),
                "--seed",
                str(args.seed * 1000 + index),
                "--raw",
                "--wait",
            ]
        )
    return commands


def measure(target: str, games: int, args: argparse.Namespace, logs: Path) -> Outcome:
    with tempfile.TemporaryDirectory(prefix=f"side-by-side-{target}-") as tmp:
        proc, url = start(target, Path(tmp), logs)
        generators: Generators | None = None
        try:
            load_before = os.getloadavg()[0]
            limit = 600 + args.warmup + args.seconds + games * 0.5
            generators = Generators(generator_commands(target, url, games, args), limit)
            generators.all("ready")
            generators.go()  # every generator's warm-up and window start now
            generators.all("measure_start")
            before = usage(proc.pid)
            generators.all("measure_end")
            after = usage(proc.pid)
            load_during = os.getloadavg()[0]
            result = merge(generators.all("result"))
            return Outcome(
                target=target,
                games=games,
                load=result,
                cpu_seconds=after.cpu - before.cpu,
                rss_mb=after.rss_mb,
                peak_mb=after.peak_mb,
                load_before=load_before,
                load_during=load_during,
            )
        finally:
            if generators is not None:
                generators.close()
            stop(proc)


def cpu_per_move_ms(outcome: Outcome) -> float | None:
    moves = outcome.load["moves"]
    return outcome.cpu_seconds * 1000 / moves if moves else None


def kilobytes(value: float | None) -> float | None:
    return None if value is None else value / 1024


def number(value: float | None, digits: int = 1) -> str:
    return "n/a" if value is None else f"{value:,.{digits}f}"


def ratio(mine: float | None, theirs: float | None) -> str:
    if mine is None or theirs is None or theirs == 0:
        return "n/a"
    return f"{mine / theirs:.2f}"


def table(outcomes: list[Outcome]) -> str:
    columns = [
        "round",
        "games",
        "server",
        "ack p50 / p95 / p99 / max (ms)",
        "to opponent p50 / p95 / p99 / max (ms)",
        "moves/s",
        "KB a position",
        "CPU per move (ms)",
        "CPU (% of a core)",
        "memory end / peak (MB)",
        "rematches / reloads",
        "lost / stale / dropped / errors",
        "deflate",
        "generator CPU, loop delay p99",
        "load avg",
    ]
    head = "| " + " | ".join(columns) + " |"
    lines = [head, "|" + "---|" * len(columns)]
    for o in outcomes:
        a, d, g = o.load["ack_ms"], o.load["delivery_ms"], o.load["generator"]
        seconds = o.load["seconds"]
        errors = sum(o.load["errors"].values())
        lines.append(
            f"| {o.round} | {o.games:,} | {o.target} "
            f"| {number(a['p50'])} / {number(a['p95'])} / {number(a['p99'])} / {number(a['max'])} "
            f"| {number(d['p50'])} / {number(d['p95'])} / {number(d['p99'])} / {number(d['max'])} "
            f"| {o.load['moves_per_second']:.1f} "
            f"| {number(kilobytes(o.load.get('bytes_per_position')))} "
            f"| {number(cpu_per_move_ms(o), 2)} "
            f"| {o.cpu_seconds / seconds * 100:.0f}% | {o.rss_mb:.0f} / {o.peak_mb:.0f} "
            f"| {o.load['rematches']} / {o.load['reconnects']} "
            f"| {o.load['lost']} / {o.load['stale']} / {o.load['dropped']} / {errors} "
            f"| {'yes' if o.load['extensions'] else 'no'} "
            f"| {g['cpu_share'] * 100:.0f}%, {g['loop_delay_p99_ms']:.1f} ms "
            f"| {o.load_before:.1f} → {o.load_during:.1f} |"
        )
    ratios = ["", "Tablier ÷ boardgame.io (below 1: Tablier is faster or lighter):", ""]
    ratios.append(
        "| round | games | against | ack p50 | ack p99 | opponent p99 | CPU per move | memory |"
    )
    ratios.append("|" + "---|" * 8)
    for t in (o for o in outcomes if o.target == "tablier"):
        # compared within one round: the same hour's load on the machine
        for theirs in outcomes:
            if theirs.target != "tablier" and (theirs.games, theirs.round) == (t.games, t.round):
                ta, ba = t.load["ack_ms"], theirs.load["ack_ms"]
                ratios.append(
                    f"| {t.round} | {t.games:,} | {theirs.target} | {ratio(ta['p50'], ba['p50'])} "
                    f"| {ratio(ta['p99'], ba['p99'])} "
                    f"| {ratio(t.load['delivery_ms']['p99'], theirs.load['delivery_ms']['p99'])} "
                    f"| {ratio(cpu_per_move_ms(t), cpu_per_move_ms(theirs))} "
                    f"| {ratio(t.rss_mb, theirs.rss_mb)} |"
                )
    return "\n".join(lines + ratios)


def versions() -> dict[str, str]:
    def output(command: list[str], cwd: Path = HERE) -> str:
        try:
            return subprocess.run(command, capture_output=True, text=True, cwd=cwd).stdout.strip()
        except OSError:
            return "?"

    return {
        "python": platform.python_version(),
        "node": output(["node", "--version"]),
        "boardgame.io": output(
            ["node", "-p", "require('boardgame.io/package.json').version"], cwd=BGIO
        ),
        "tablier_commit": output(["git", "rev-parse", "--short", "HEAD"]),
        "cpus": str(os.cpu_count()),
        "machine": platform.platform(),
    }


def save(outcomes: list[Outcome], args: argparse.Namespace, folder: Path, text: str) -> None:
    data = {
        "command": sys.argv,
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
        "versions": versions(),
        "load_average_end": os.getloadavg(),
        "settings": {k: v for k, v in vars(args).items() if k != "out"},
        "runs": [
            {
                "target": o.target,
                "games": o.games,
                "round": o.round,
                "server_cpu_seconds": o.cpu_seconds,
                "server_cpu_per_move_ms": cpu_per_move_ms(o),
                "server_rss_mb": o.rss_mb,
                "server_peak_rss_mb": o.peak_mb,
                "load_average_before": o.load_before,
                "load_average_during": o.load_during,
                "generator": o.load,
            }
            for o in outcomes
        ],
    }
    (folder / "results.json").write_text(json.dumps(data, indent=2) + "\n")
    header = (
        f"# Side by side, {data['finished']}\n\n`{' '.join(sys.argv)}`\n\n"
        f"Versions: {json.dumps(data['versions'])}. Load average (1 min) before → at the "
        "end of each measured window in the table; the machine's at the end: "
        f"{', '.join(f'{x:.2f}' for x in data['load_average_end'])}.\n\n"
    )
    (folder / "table.md").write_text(header + text + "\n")


def check_setup(targets: list[str]) -> None:
    if shutil.which("node") is None:
        raise SystemExit("node is needed (Debian: apt-get install nodejs npm)")
    if not (BGIO / "node_modules" / "boardgame.io").is_dir():
        raise SystemExit("run `bash benchmarks/bgio/setup.sh` first (boardgame.io from npm)")
    unknown = set(targets) - set(TARGETS)
    if unknown:
        raise SystemExit(f"unknown targets {sorted(unknown)}; known: {', '.join(TARGETS)}")


def main(argv: list[str] | None = None, say: Callable[[str], None] = print) -> list[Outcome]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[50, 100])
    parser.add_argument("--seconds", type=float, default=30.0, help="the measured window")
    parser.add_argument("--warmup", type=float, default=5.0, help="play before measuring")
    parser.add_argument("--pace", type=float, nargs=2, default=[1.0, 3.0], metavar=("LO", "HI"))
    parser.add_argument(
        "--reconnect", type=float, default=0.005, help="chance a seat reloads after a move"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--generators",
        type=int,
        default=1,
        help="load generator processes sharing the games (one Node thread each)",
    )
    parser.add_argument(
        "--targets",
        nargs="+",
        default=["tablier", "bgio-memory", "bgio-flatfile"],
        help=f"servers, in the order they take turns ({', '.join(TARGETS)})",
    )
    parser.add_argument(
        "--rounds", type=int, default=1, help="repeat the whole alternation (drifting load)"
    )
    parser.add_argument("--out", type=Path, default=None, help="results folder")
    args = parser.parse_args(argv)
    check_setup(args.targets)
    stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H%M%SZ")
    folder: Path = args.out or RESULTS / f"side-by-side-{stamp}"
    logs = folder / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    # thousands of sockets on each side: the servers and the generator inherit this limit
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    outcomes: list[Outcome] = []
    for turn in range(1, args.rounds + 1):
        for games, target in ((g, t) for g in args.games for t in args.targets):
            say(f"{games} games on {target} (load average {os.getloadavg()[0]:.1f})")
            outcomes.append(measure(target, games, args, logs))
            outcomes[-1].round = turn
            # each table so far, so an interrupted run keeps what it measured
            save(outcomes, args, folder, table(outcomes))
    text = table(outcomes)
    say(text)
    say(f"saved in {folder}")
    return outcomes


if __name__ == "__main__":
    main()
