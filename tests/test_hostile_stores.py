"""A store that holds what no agent writes: a FIFO, a socket, a symlink to a device or in a loop,
beside a real transcript. The transcript is indexed, the rest skipped and said, and what to do
is what fits (no "give read access" for a FIFO). Through the CLI's main, in a throwaway HOME."""

from __future__ import annotations

import os
import socket

from conftest import Transcript, deja


def test_a_fifo_socket_device_and_loop_in_a_store_are_skipped_said_and_the_rest_indexed(home, monkeypatch):
    Transcript("6e1d0c52-0000-4000-8000-00000000d00d", "/w/tapir", 5).user("where does the tapir sleep").write(home)
    d = home / ".claude/projects/-w-tapir"
    os.mkfifo(d / "fifo.jsonl")
    os.symlink("/dev/zero", d / "zero.jsonl")
    os.symlink(".", d / "loop")
    os.symlink("loop-b", d / "loop-a.jsonl")
    os.symlink("loop-a.jsonl", d / "loop-b")
    sock = socket.socket(socket.AF_UNIX)
    try:
        with monkeypatch.context() as m:
            m.chdir(d)
            sock.bind("sock.jsonl")  # (relative: a test's temporary path may be past AF_UNIX's 108 bytes)
        first = deja("index").out
        assert "from 1 agent" in first and "could not be read" in first and "deja sources" in first
        assert "tapir sleep" in deja("tapir").out
        doctor = deja("doctor", check=False).out
        assert "unreadable" in doctor and "read access" not in doctor
        again = deja("index")  # tried again (it may be fixed), never blocking, nothing lost
        assert again.code == 0 and "tapir sleep" in deja("tapir").out
    finally:
        sock.close()


def test_a_store_of_nothing_but_a_fifo_is_not_no_history(home):
    d = home / ".claude/projects/-w-tapir"
    d.mkdir(parents=True)
    os.mkfifo(d / "fifo.jsonl")
    out = deja("index").out
    assert "no agent history found" not in out and "1 store file could not be read" in out
    doctor = deja("doctor", check=False).out
    assert "not a regular file" in doctor and "move it out of the agent's store" in doctor
    assert "read access" not in doctor


def test_a_fifo_where_an_agent_s_database_belongs_is_said_as_such(home):
    d = home / ".local/share/opencode"
    d.mkdir(parents=True)
    os.mkfifo(d / "opencode.db")
    assert deja("index").code == 0
    doctor = deja("doctor", check=False).out
    assert "is a FIFO" in doctor and "move it out of the agent's store" in doctor and "read access" not in doctor
