"""The parts of scripts/bench-fleet that are not the measurements: the processes it starts and stops, its mosquitto,
readers of its observers' lines, and what /proc says of a process. `fleetbench.py watch NAME DIR…` is the store
watcher: one line "<time> <index of DIR>" each time a file NAME is renamed into one of the directories."""
import ctypes, json, os, resource, shutil, signal, socket, struct, subprocess, sys, threading, time
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"


class Fail(Exception):
    """One line saying what went wrong and where to look."""


class Processes:
    """Everything the benchmark starts, stopped when it ends (SIGTERM, then SIGKILL after a deadline), and the
    system limits it raised, put back."""

    def __init__(self):
        self.running = {}
        self.restore = []

    def start(self, args, **options):
        try:
            process = subprocess.Popen(args, **options)
        except OSError as error:
            raise Fail(f"cannot start {args[0]}: {error.strerror}")
        self.running[process.pid] = process
        return process

    def alive(self, pid):
        return pid in self.running and self.running[pid].poll() is None

    def prioritised(self, args):
        """`args` at SCHED_FIFO priority 1 when allowed: an observer's timestamps are then taken when a message or
        an event arrives, not after 200 kiosks waking with it have had their turn on the two cores."""
        return ["chrt", "-f", "1"] + args if os.geteuid() == 0 and shutil.which("chrt") else args

    def stop(self, pid, timeout=10):
        return self.stop_many([pid], timeout)[0]

    def stop_many(self, pids, timeout=30):
        """SIGTERM to each, then SIGKILL to those still running at the deadline; their exit statuses."""
        processes = [self.running.pop(pid) for pid in pids if pid in self.running]
        for process in processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        deadline = time.time() + timeout
        for process in processes:
            try:
                process.wait(max(0.1, deadline - time.time()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        return [process.returncode for process in processes]

    def stop_all(self):
        self.stop_many(list(self.running)[::-1])
        for path, value in self.restore:
            Path(path).write_text(value)
        self.restore = []

    def raise_limits(self, kiosks):
        """Open files for the broker (a socket a client), and inotify instances: each kiosk watches its config with
        one, and Debian allows a user 128."""
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = 2 * kiosks + 256
        if soft < wanted:
            if hard != resource.RLIM_INFINITY and hard < wanted:
                raise Fail(f"the open files limit is {hard}, the broker needs {wanted} for {kiosks} kiosks: raise `ulimit -Hn`")
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        path = "/proc/sys/fs/inotify/max_user_instances"
        instances = int(Path(path).read_text())
        if instances < kiosks + 128:
            if os.geteuid() != 0:
                raise Fail(f"{path} is {instances}; {kiosks} kiosks need one each besides what runs: "
                           f"`sysctl fs.inotify.max_user_instances={kiosks + 128}` as root")
            self.restore.append((path, str(instances)))
            Path(path).write_text(str(kiosks + 128))


class LineReader:
    """A process's output lines, each parsed (None, or ValueError: skipped) and kept, read by a thread as they come."""

    def __init__(self, processes, args, parse, name):
        self.process = processes.start(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
        self.processes, self.parse, self.name = processes, parse, name
        self.parsed, self.seen, self.lock = [], 0, threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.process.stdout:
            try:
                value = self.parse(raw.decode(errors="replace").rstrip("\n").split(" ", 3))
            except (ValueError, IndexError):
                value = None  # the rest of a payload that has newlines in it
            with self.lock:
                self.seen += 1
                if value is not None:
                    self.parsed.append(value)

    def lines(self):
        with self.lock:
            return list(self.parsed)

    def wait(self, condition, timeout, what):
        """Until `condition(lines)` holds; after `timeout` seconds a Fail naming `what`, or False when `what` is None."""
        deadline = time.time() + timeout
        while not condition(self.lines()):
            if self.process.poll() is not None:
                raise Fail(f"{self.name} exited ({self.process.returncode}) while waiting for {what or 'it'}")
            if time.time() > deadline:
                if what is None:
                    return False
                raise Fail(f"no {what} within {timeout:.0f} s")
            time.sleep(0.05)
        return True

    def stop(self):
        self.processes.stop(self.process.pid)


class Broker:
    """A mosquitto of the benchmark's own on a free loopback port, without persistence; $SYS every second."""

    settings = ("persistence off, max_queued_messages 10000 (default 1000: QoS 1 messages queued for a client beyond "
                "the 20 in flight; raised so that no refill is cut short), sys_interval 1")

    def __init__(self, processes, work):
        self.processes, self.work = processes, work
        self.version = subprocess.run([MOSQUITTO, "-h"], capture_output=True, text=True).stdout.splitlines()[0]
        self.observers = 0
        for _ in range(3):
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                self.port = s.getsockname()[1]
            self.url = f"mqtt://127.0.0.1:{self.port}"
            (work / "mosquitto.conf").write_text(
                f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\nsys_interval 1\n"
                f"max_queued_messages 10000\n" + ("user root\n" if os.geteuid() == 0 else ""))
            if self._start():
                return
        raise Fail(f"mosquitto did not start: {(work / 'broker.log').read_text().strip()[-300:]}")

    def _start(self):
        with open(self.work / "broker.log", "ab") as log:
            self.process = self.processes.start([MOSQUITTO, "-c", str(self.work / "mosquitto.conf")], stdout=log, stderr=log)
        deadline = time.time() + 5
        while time.time() < deadline and self.process.poll() is None:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    self.pid, self.started_at = self.process.pid, time.time()
                    self.sys = LineReader(self.processes, ["mosquitto_sub", "-h", "127.0.0.1", "-p", str(self.port), "-v",
                                                           "-t", "$SYS/broker/messages/+", "-t", "$SYS/broker/publish/messages/dropped"],
                                          lambda f: (f[0].rsplit("/", 1)[1], int(f[1])), "the $SYS follower (mosquitto_sub)")
                    return True
            time.sleep(0.01)
        self.processes.stop(self.process.pid)
        return False

    def restart(self, down):
        """Stops it, waits `down` seconds, starts it again on its port; when it stopped."""
        self.sys.stop()
        self.processes.stop(self.pid)
        stopped = time.time()
        time.sleep(down)
        if not self._start():
            raise Fail(f"mosquitto did not start again on port {self.port}: see {self.work}/broker.log (--keep)")
        return stopped

    def observe(self, topics):
        """A mosquitto_sub of `topics` at QoS 1: lines (arrival time, retained, topic, payload), once it is subscribed."""
        self.observers += 1
        ready = f"bench-fleet/ready/{self.observers}"
        args = ["mosquitto_sub", "-h", "127.0.0.1", "-p", str(self.port), "-q", "1", "-F", "%U %r %t %p"]
        for topic in topics + [ready]:
            args += ["-t", topic]
        reader = LineReader(self.processes, self.processes.prioritised(args),
                            lambda f: (float(f[0]), f[1] == "1", f[2], f[3] if len(f) > 3 else ""), "an observer (mosquitto_sub)")
        for _ in range(50):
            subprocess.run(["mosquitto_pub", "-h", "127.0.0.1", "-p", str(self.port), "-t", ready, "-n"], check=True)
            if reader.wait(lambda m: any(x[2] == ready for x in m), 0.2, None):
                return reader
        raise Fail("an observer (mosquitto_sub) did not subscribe within 10 s")

    def wait_online(self, observer, nodes, since, timeout):
        """Until each of `nodes` said online after `since`; when each first did."""
        wanted = {f"flick/{node}/status" for node in nodes}

        def first_online(messages):
            first = {}
            for t, _, topic, payload in messages:
                if topic in wanted and t >= since and payload == "online":
                    first.setdefault(topic, t)
            return first
        if not observer.wait(lambda m: len(first_online(m)) == len(wanted), timeout, None):
            raise Fail(f"{len(first_online(observer.lines()))} of {len(wanted)} kiosks online after {timeout} s: "
                       f"see {self.work}/kiosk-*/err.txt (--keep)")
        return list(first_online(observer.lines()).values())

    def counters(self):
        """Since it started: MQTT packets of every kind received and sent ($SYS/broker/messages/…; its
        publish/messages/received leaves out retained messages) and PUBLISHes dropped, as last said (each second while
        they change). Followed from the start: a value unchanged for a minute expires from the broker."""
        self.sys.wait(lambda lines: {"received", "sent", "dropped"} <= dict(lines).keys(), 5, "$SYS counters from the broker")
        return dict(self.sys.lines())

    def retained(self, topic):
        """(topic, payload size) of each retained message under `topic`."""
        out = subprocess.run(["mosquitto_sub", "-h", "127.0.0.1", "-p", str(self.port), "--retained-only", "-W", "3",
                              "-t", topic, "-F", "%t %l"], capture_output=True, text=True).stdout
        return [(line.rsplit(" ", 1)[0], int(line.rsplit(" ", 1)[1])) for line in out.splitlines()]


def cpu_seconds(pid):
    """utime + stime of a running process; 0 for one that is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def memory(pid):
    """(RSS, PSS) in bytes."""
    def kib(path, key):
        for line in Path(path).read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
        return 0
    return kib(f"/proc/{pid}/status", "VmRSS"), kib(f"/proc/{pid}/smaps_rollup", "Pss")


def percentiles(values):
    """(p50, p99, max, count), nearest rank."""
    ordered = sorted(values)
    if not ordered:
        return None
    rank = lambda p: ordered[max(0, -(-len(ordered) * p // 100) - 1)]
    return rank(50), rank(99), ordered[-1], len(ordered)


def store_items(path):
    """A store's items as sorted (id, text, completed) (a tombstone's text and completion None)."""
    items = json.loads(Path(path).read_text()).get("items", [])
    return sorted((item["id"], item.get("text"), item.get("completed")) for item in items)


def watch(name, directories):
    """Prints "<time> <index>" as `name` is renamed into directories[index] (IN_MOVED_TO), timed as read."""
    libc = ctypes.CDLL(None, use_errno=True)
    fd = libc.inotify_init1(os.O_CLOEXEC)
    if fd < 0:
        sys.exit(f"inotify_init1: {os.strerror(ctypes.get_errno())}")
    index = {}
    for i, directory in enumerate(directories):
        wd = libc.inotify_add_watch(fd, directory.encode(), 0x80)
        if wd < 0:
            sys.exit(f"inotify_add_watch {directory}: {os.strerror(ctypes.get_errno())}")
        index[wd] = i
    target = name.encode()
    os.write(1, b"ready\n")
    while True:
        data = os.read(fd, 1 << 16)
        now = time.time()
        lines, at = [], 0
        while at < len(data):
            wd, _, _, length = struct.unpack_from("iIII", data, at)
            if data[at + 16:at + 16 + length].rstrip(b"\0") == target:
                lines.append(f"{now:.6f} {index[wd]}\n")
            at += 16 + length
        os.write(1, "".join(lines).encode())


if __name__ == "__main__" and sys.argv[1:2] == ["watch"]:
    watch(sys.argv[2], sys.argv[3:])
