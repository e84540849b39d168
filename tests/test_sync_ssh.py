"""`deja sync ssh` against a real sshd this test starts on 127.0.0.1, with a throwaway remote HOME.

The server's forced command sets HOME (a tmp dir), PATH (this test's Python, so the remote
`deja` is this one) and DEJA_MACHINE before running what the client asked; the client gets every
option from a config file in a tmp dir (`-F`), so neither side reads the real home's ssh files.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_sync import AWS, Machine

SSHD = "/usr/sbin/sshd"
SFTP = "/usr/lib/openssh/sftp-server"


def _why_not() -> str:
    if not os.path.exists(SSHD):
        return f"no sshd at {SSHD} (install openssh-server)"
    if os.geteuid() != 0:
        return "sshd needs root to log a user in (this runs as uid %d)" % os.geteuid()
    if not shutil.which("ssh") or not shutil.which("scp") or not shutil.which("ssh-keygen"):
        return "no OpenSSH client (ssh, scp, ssh-keygen)"
    return ""


pytestmark = pytest.mark.skipif(bool(_why_not()), reason=_why_not() or "sshd runs")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Sshd:
    def __init__(self, base: Path, remote_home: Path, bin_dir: Path, install_deja: bool = True):
        self.base, self.port = base, _free_port()
        for name in ("host", "user"):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(base / name)], check=True)
        shutil.copy(base / "user.pub", base / "authorized_keys")
        path = f"{bin_dir}:/usr/bin:/bin" if install_deja else "/usr/bin:/bin"
        forced = base / "forced.sh"
        forced.write_text(
            "#!/bin/sh\n"
            f"export HOME='{remote_home}' PATH='{path}' DEJA_MACHINE=remote TMPDIR='{base / 'rtmp'}'\n"
            'cd "$HOME" || exit 1\n'
            f'case "$SSH_ORIGINAL_COMMAND" in internal-sftp|sftp|*sftp-server) exec {SFTP};; esac\n'
            'exec /bin/sh -c "$SSH_ORIGINAL_COMMAND"\n')
        forced.chmod(0o755)
        (base / "rtmp").mkdir()  # the remote's own TMPDIR: what it leaves behind is this test's alone
        (base / "sshd_config").write_text(
            f"ListenAddress 127.0.0.1\nHostKey {base / 'host'}\nPidFile {base / 'sshd.pid'}\n"
            f"AuthorizedKeysFile {base / 'authorized_keys'}\nStrictModes no\nPasswordAuthentication no\n"
            "KbdInteractiveAuthentication no\nUsePAM no\nPermitRootLogin prohibit-password\nPermitUserRC no\n"
            "AllowTcpForwarding no\nX11Forwarding no\nPrintMotd no\nPrintLastLog no\nMaxStartups 64:30:128\n"
            f"Subsystem sftp {SFTP}\nForceCommand {forced}\n")
        (base / "ssh_config").write_text(
            f"Host devbox\n  HostName 127.0.0.1\n  Port {self.port}\n  User root\n"
            f"Host *\n  IdentityFile {base / 'user'}\n  IdentitiesOnly yes\n  StrictHostKeyChecking no\n"
            f"  UserKnownHostsFile {base / 'known_hosts'}\n  BatchMode yes\n  LogLevel ERROR\n"
            "  ConnectTimeout 10\n")
        self.env = {"DEJA_SSH_OPTS": f"-F {base / 'ssh_config'}", "SSH_AUTH_SOCK": ""}
        self.proc = subprocess.Popen([SSHD, "-D", "-e", "-f", str(base / "sshd_config"), "-p", str(self.port)],
                                     stdout=subprocess.DEVNULL, stderr=open(base / "sshd.log", "wb"))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.skip(f"sshd would not start: {(base / 'sshd.log').read_text()[-300:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        pytest.skip("sshd did not listen within 10 s")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture
def privsep():
    """sshd refuses to start without its privilege separation directory, which the service's
    unit makes at boot: made here when missing (empty, root's, 0755) and left in place, as the unit
    leaves it. Removing it again raced the suite's other worker: its sshd, still serving, found the
    directory gone and reset the next connection ("kex_exchange_identification: Connection reset")."""
    Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)
    yield


def _bin_dir(base: Path) -> Path:
    """A directory holding `deja`: this test's Python running this tree's deja."""
    b = base / "bin"
    b.mkdir()
    (b / "deja").write_text(f"#!/bin/sh\nexec {sys.executable} -m deja \"$@\"\n")
    (b / "deja").chmod(0o755)
    return b


@pytest.fixture
def remote(tmp_path, privsep):
    base = tmp_path / "sshd"
    base.mkdir()
    home = tmp_path / "remote-home"
    home.mkdir()
    server = Sshd(base, home, _bin_dir(base))
    yield server, Machine.__new__(Machine), home
    server.stop()


def test_sync_ssh_push_pull_both(tmp_path, remote):
    server, r, rhome = remote
    r.name, r.home, r.env = "remote", rhome, {"HOME": str(rhome), "DEJA_MACHINE": "remote"}
    root = tmp_path / "local"
    root.mkdir()
    me = Machine(root, "laptop")
    me.env.update(server.env)
    me.claude("sess-l", "/home/me/shop", [
        ("user", f"the gecko build breaks, key {AWS}", "2026-11-01T10:00:00Z"),
        ("assistant", "the gecko build wants node 22", "2026-11-01T10:00:09Z"),
    ])
    r.claude("sess-r", "/srv/api", [("user", "the heron cache is cold after deploys", "2026-11-02T10:00:00Z")])

    pushed = me.json("sync", "ssh", "devbox")
    assert pushed["pushed"] == 2 and pushed["remote"]["added"] == 2
    assert r.found("gecko") == [("sess-l@laptop", "laptop")]
    stored = "".join(p.read_text() for p in (rhome / ".local/share/deja/imported/laptop").glob("*.jsonl"))
    assert AWS not in stored and "gecko" in stored
    # nothing new: nothing sent
    assert "nothing new to send to devbox" in me.run("sync", "ssh", "devbox").out

    pulled = me.json("sync", "ssh", "devbox", "--pull")
    # the remote sends its own session, not the laptop's records it holds
    assert pulled["pulled"] == 1 and pulled["local"]["added"] == 1 and pulled["local"]["own"] == 0
    assert me.found("heron") == [("sess-r@remote", "remote")]
    assert me.json("sync", "ssh", "devbox", "--pull")["pulled"] == 0  # its watermark moved

    r.claude("sess-r2", "/srv/api", [("user", "the ibis queue stalls at midnight", "2026-11-03T10:00:00Z")])
    with (me.home / ".claude/projects/-home-me-shop/sess-l.jsonl").open("a") as f:
        f.write(json.dumps({"type": "user", "sessionId": "sess-l", "cwd": "/home/me/shop", "uuid": "x9",
                            "timestamp": "2026-11-03T11:00:00Z",
                            "message": {"role": "user", "content": "and the jackal lint step"}}) + "\n")
    both = me.json("sync", "ssh", "devbox", "--both")
    # what came from the remote is not sent back to it
    assert both["pushed"] == 1 and both["remote"]["added"] == 1 and both["remote"]["own"] == 0
    assert both["pulled"] == 1 and both["local"]["added"] == 1
    assert me.found("ibis") == [("sess-r2@remote", "remote")]
    assert r.found("jackal") == [("sess-l@laptop", "laptop")]
    # user@host:port is another destination (its own watermarks): all is sent, nothing doubles
    other = me.json("sync", "ssh", f"root@127.0.0.1:{server.port}")
    assert other["pushed"] == 3 and other["remote"] == {**other["remote"], "added": 0, "duplicate": 3, "own": 0}
    full = me.json("sync", "ssh", "devbox", "--full")
    assert full["pushed"] == 3 and full["remote"]["added"] == 0
    assert r.found("gecko") == [("sess-l@laptop", "laptop")] and me.found("heron") == [("sess-r@remote", "remote")]
    # no temporary directory is left behind on the remote
    assert not list((server.base / "rtmp").glob("deja-sync.*"))


def test_sync_ssh_without_deja_there_says_how_to_install(tmp_path, privsep):
    base = tmp_path / "sshd"
    base.mkdir()
    home = tmp_path / "remote-home"
    home.mkdir()
    server = Sshd(base, home, base, install_deja=False)
    try:
        root = tmp_path / "local"
        root.mkdir()
        me = Machine(root, "laptop")
        me.env.update(server.env)
        me.claude("sess-l", "/home/me/shop", [("user", "the gecko build", "2026-11-01T10:00:00Z")])
        r = me.run("sync", "ssh", "devbox", check=False)
        assert r.code == 1 and "Traceback" not in r.err
        assert r.err.strip().splitlines() == [
            "Error: deja is not installed on devbox: install it there (`pipx install deja`, or put it in "
            "~/.local/bin) and run this again"]
    finally:
        server.stop()


def test_sync_ssh_unreachable_host_is_one_line(tmp_path):
    me = Machine(tmp_path, "laptop")
    me.claude("sess-l", "/home/me/shop", [("user", "the gecko build", "2026-11-01T10:00:00Z")])
    cfg = tmp_path / "ssh_config"
    cfg.write_text(f"Host *\n  BatchMode yes\n  ConnectTimeout 5\n  UserKnownHostsFile {tmp_path / 'kh'}\n"
                   "  StrictHostKeyChecking no\n  IdentitiesOnly yes\n")
    me.env.update({"DEJA_SSH_OPTS": f"-F {cfg}", "SSH_AUTH_SOCK": ""})
    port = _free_port()  # nothing listens there
    r = me.run("sync", "ssh", f"root@127.0.0.1:{port}", check=False)
    assert r.code == 1 and "Traceback" not in r.err and len(r.err.strip().splitlines()) == 1
    assert r.err.startswith(f"Error: cannot reach the remote (root@127.0.0.1:{port}): ")
    for host in ("-oProxyCommand=x", "not a host"):
        bad = me.run("sync", "ssh", "--", host, check=False)
        assert bad.code == 1 and bad.err.strip().splitlines() == [
            f"Error: not a host: {host!r}; give an ssh config alias or [user@]host[:port]"]
