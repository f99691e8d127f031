"""The command line as a process: ^C, SIGTERM and a reader that stops early.

Each test runs ``python -m wolfdsl`` in a subprocess, on the bundled rulesets. Output
goes to files, not pipes, so that a worker left behind cannot make a test hang on its
open pipe.
"""
import os
import signal
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

LONG_RUN = ["run", "standard-12", "--games", "100000", "--seed", "1", "--jobs", "2"]


def _children(pid):
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            out.append(int(entry))
    return out


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _start(tmp_path, *args):
    out = open(tmp_path / "out", "w")
    err = open(tmp_path / "err", "w")
    # SIGINT reaches the program as at a terminal, even if this test runs in the
    # background (where a shell ignores it for its children).
    proc = subprocess.Popen([sys.executable, "-m", "wolfdsl", *args], stdout=out, stderr=err,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    out.close()
    err.close()
    return proc


@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_interrupting_a_parallel_run_stops_it_and_its_workers(tmp_path, sig, code):
    proc = _start(tmp_path, *LONG_RUN)
    workers = []
    try:
        deadline = time.monotonic() + 30
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
            workers = _children(proc.pid)
        assert len(workers) == 2, "the pool did not start"
        time.sleep(1)
        sent = time.monotonic()
        proc.send_signal(sig)
        assert proc.wait(timeout=10) == code
        assert time.monotonic() - sent < 5
        deadline = time.monotonic() + 3
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [w for w in workers if _alive(w)], "workers left running"
        err = (tmp_path / "err").read_text()
        assert err.strip() == "interrupted", err[-3000:]
        assert (tmp_path / "out").read_text() == ""
    finally:
        for pid in [proc.pid, *workers]:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        proc.wait()


def test_a_reader_that_stops_early_ends_the_output_quietly():
    # The reading end is closed before the program writes anything: its first write
    # meets a broken pipe, as with `wolfdsl run standard-12 --seed 1 | head -3`.
    proc = subprocess.Popen([sys.executable, "-m", "wolfdsl", "run", "standard-12", "--seed", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0
    assert err == ""
