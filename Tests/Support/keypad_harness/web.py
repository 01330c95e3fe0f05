"""A browser in kiosk mode under the keypad input-method module, seen from outside.

- The test page (Tests/Web/form.html) is served by a loopback HTTP server here; the page
  posts its events (focus, blur, beforeinput, input, keydown, submit) to it, and runs the
  commands queued for it (focus, select, navigate): see `Page`.
- The GTK 3 module in the browser hands its fields to keypad-osk, started by D-Bus activation
  from the build's share/ (the session bus must read it: XDG_DATA_DIRS). The keypad's keys are
  found through keypad-osk's trace (`KEYPAD_IM_TRACE=FILE`): the layout shown and each key's
  screen rectangle. `Browser` ends the running keypad-osk (`restart_keypad_osk`), so that its
  first field starts one that writes the browser's own trace.
- Taps are real X clicks (xdotool).
"""
import http.server
import json
import os
import queue
import shutil
import signal
import subprocess
import tempfile
import threading
import time

from .atspi_app import restart_keypad_osk
from .paths import TESTS
from .waits import wait_for, wait_until
from .wayland import PLAIN

# The pages the loopback server serves (form.html, other.html).
PAGES = os.path.join(TESTS, "Web")


class Page:
    """The loopback server: serves Tests/Web, collects the page's events, queues commands."""

    def __init__(self):
        self.events = []
        self.lock = threading.Lock()
        self.commands = queue.Queue()
        self.count = 0
        page = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=PAGES, **kwargs)

            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                try:
                    event = json.loads(body)
                    event["received"] = time.time()
                    with page.lock:
                        page.events.append(event)
                except ValueError:
                    pass
                self.send_response(204)
                self.end_headers()

            def do_GET(self):
                if not self.path.startswith("/command"):
                    return super().do_GET()
                try:
                    command = page.commands.get(timeout=1.0)
                except queue.Empty:
                    self.send_response(204)
                    self.end_headers()
                    return
                body = json.dumps(command).encode()
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    # The page dropped this long poll (a reload, or the browser gave up on it
                    # under load) before the command reached it: the next poll takes it.
                    page.commands.put(command)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, name="form.html"):
        return f"http://127.0.0.1:{self.server.server_address[1]}/{name}"

    def close(self):
        self.server.shutdown()

    # Events

    def snapshot(self):
        with self.lock:
            return list(self.events)

    def mark(self):
        """The number of events so far: later `since(mark)` calls see only newer ones."""
        with self.lock:
            return len(self.events)

    def since(self, mark, kind=None, id=None):
        return [e for e in self.snapshot()[mark:]
                if (kind is None or e.get("type") == kind) and (id is None or e.get("id") == id)]

    def wait_event(self, mark, kind, id=None, where=lambda e: True, timeout=5.0, seen=None):
        """The first event of `kind` (of field `id`, where `where`) since `mark`; on a timeout the
        error shows the last events since `mark`, or what `seen()` shows."""
        return wait_for(lambda: next((e for e in self.since(mark, kind, id) if where(e)), None),
                        f"a {kind} event{' of ' + id if id else ''}", timeout,
                        seen=seen or (lambda: [(e.get("type"), e.get("id"), e.get("value"))
                                               for e in self.since(mark)][-8:]))

    def last_value(self, id):
        inputs = [e for e in self.snapshot() if e.get("type") == "input" and e.get("id") == id]
        return inputs[-1].get("value", inputs[-1].get("length")) if inputs else None

    def wait_load(self, mark, page="form", timeout=30.0):
        return self.wait_event(mark, "load", where=lambda e: e.get("page") == page, timeout=timeout)

    # Commands

    def command(self, op, timeout=5.0, **arguments):
        """Runs `op` in the page and returns its answer (the active element, the rects)."""
        self.count += 1
        mark = self.mark()
        self.commands.put(dict(arguments, op=op, n=self.count))
        if op == "navigate":
            return None
        return self.wait_event(mark, "done", where=lambda e: e.get("n") == self.count, timeout=timeout)

    def navigate(self, name, page="form", tries=3):
        """Sends the page to `name` and waits for its load. Sent again when it never loads:
        a command can go to the previous page's long poll as that page goes away."""
        for attempt in range(tries):
            mark = self.mark()
            self.command("navigate", url=name)
            try:
                return self.wait_load(mark, page=page, timeout=5.0)
            except AssertionError:
                if attempt == tries - 1:
                    raise

    def barrier(self, timeout=5.0):
        """Asks the page for its state and waits until every event the page reported before
        answering has arrived (it numbers its events from its load on): after this, an event
        the page sent earlier that is not in `since` never happened. Returns the answer."""
        done = self.command("state", timeout=timeout)

        def complete():
            events = self.snapshot()
            load = next((e for e in reversed(events) if e.get("type") == "load"), None)
            if load is None:
                return False
            seen = {e.get("seq") for e in events if e.get("time", 0) >= load["time"]}
            return seen >= set(range(load["seq"], done["seq"] + 1))
        wait_for(complete, "every event the page sent before its state", timeout)
        return done

    def rect(self, id):
        return self.command("state")["rects"][id]


def click(x, y, hold=0.0):
    """A real X click at (x, y), held `hold` seconds."""
    if hold:
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "mousedown", "1", "sleep", str(hold), "mouseup", "1"],
                       check=True)
    else:
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True)


def point_at(x, y, seen, timeout=5.0):
    """Moves the pointer to (x, y) and wiggles it there by a pixel until `seen()` (the page
    reports the move): a wait for the page to take input, with no press or click."""
    deadline = time.time() + timeout
    step = 0
    while True:
        subprocess.run(["xdotool", "mousemove", str(x + step % 2), str(y)], check=True)
        if wait_until(seen, 0.1) or time.time() > deadline:
            break
        step += 1
    assert seen(), f"the page never saw the pointer at {x},{y}"


def keys(*names):
    subprocess.run(["xdotool", "key", "--delay", "30", *names], check=True)


def window_name(window):
    result = subprocess.run(["xdotool", "getwindowname", str(window)], capture_output=True, text=True)
    return result.stdout.strip()


def find_windows(name, pid=None):
    command = ["xdotool", "search", "--onlyvisible", "--name", name]
    if pid:
        command[2:2] = ["--pid", str(pid)]
    result = subprocess.run(command, capture_output=True, text=True)
    return [int(w) for w in result.stdout.split()]


def keypad_windows():
    """The keypad's mapped windows (its title is "Keypad")."""
    return find_windows("^Keypad$")


def active_window():
    result = subprocess.run(["xdotool", "getactivewindow"], capture_output=True, text=True)
    return int(result.stdout.strip()) if result.returncode == 0 and result.stdout.strip() else None


OTHER_WINDOW = """
import gi
gi.require_version("Gtk", "3.0")
from gi.repository import Gtk
window = Gtk.Window(title="Other window")
window.set_default_size(300, 120)
window.move(700, 0)
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
"""


class OtherWindow:
    """Another program's window (a plain GTK window without the module) to switch to."""

    def __init__(self):
        env = {k: v for k, v in os.environ.items() if k not in ("GTK_IM_MODULE", "GTK_IM_MODULE_FILE")}
        self.process = subprocess.Popen(["/usr/bin/python3", "-c", OTHER_WINDOW], env=env)
        self.window = wait_for(lambda: (find_windows("^Other window$", self.process.pid) or [None])[0],
                               "the other window to map", timeout=10)

    def activate(self, sync=True):
        subprocess.run(["xdotool", "windowactivate", *(["--sync"] if sync else []), str(self.window)], check=True)

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=5)


FIREFOX_PREFS = """
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.aboutwelcome.enabled", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("browser.sessionstore.resume_from_crash", false);
user_pref("browser.tabs.warnOnClose", false);
user_pref("app.update.auto", false);
user_pref("browser.translations.automaticallyPopup", false);
user_pref("signon.rememberSignons", false);
// No traffic off the machine (Mozilla's own test profiles do the same): a lookup that hangs
// on a kiosk's or CI's network must not hold Firefox's start or shutdown.
user_pref("network.captive-portal-service.enabled", false);
user_pref("network.connectivity-service.enabled", false);
user_pref("network.dns.disablePrefetch", true);
user_pref("network.prefetch-next", false);
user_pref("network.predictor.enabled", false);
user_pref("network.http.speculative-parallel-limit", 0);
user_pref("network.trr.mode", 5);
user_pref("services.settings.server", "data:,#remote-settings-dummy/v1");
user_pref("app.normandy.enabled", false);
user_pref("app.normandy.api_url", "");
user_pref("browser.safebrowsing.malware.enabled", false);
user_pref("browser.safebrowsing.phishing.enabled", false);
user_pref("browser.safebrowsing.downloads.enabled", false);
user_pref("browser.safebrowsing.blockedURIs.enabled", false);
user_pref("browser.safebrowsing.provider.mozilla.updateURL", "");
user_pref("browser.safebrowsing.provider.google4.updateURL", "");
user_pref("browser.region.network.url", "");
user_pref("browser.region.update.enabled", false);
user_pref("geo.provider.network.url", "");
user_pref("dom.push.connection.enabled", false);
user_pref("dom.push.serverURL", "");
user_pref("extensions.update.enabled", false);
user_pref("extensions.getAddons.cache.enabled", false);
user_pref("extensions.systemAddon.update.enabled", false);
user_pref("browser.topsites.contile.enabled", false);
user_pref("browser.newtabpage.activity-stream.feeds.topsites", false);
user_pref("browser.newtabpage.activity-stream.showSponsoredTopSites", false);
user_pref("toolkit.telemetry.enabled", false);
user_pref("toolkit.telemetry.unified", false);
user_pref("toolkit.telemetry.server", "data:,");
user_pref("datareporting.healthreport.uploadEnabled", false);
user_pref("browser.ping-centre.telemetry", false);
user_pref("identity.fxaccounts.enabled", false);
user_pref("telemetry.fog.test.localhost_port", -1);
user_pref("security.remote_settings.intermediates.enabled", false);
user_pref("security.remote_settings.crlite_filters.enabled", false);
// Anything left goes to a proxy that refuses (the discard port), so it needs no lookup;
// loopback, where the test page is, never goes through a proxy.
user_pref("network.proxy.type", 1);
user_pref("network.proxy.http", "127.0.0.1");
user_pref("network.proxy.http_port", 9);
user_pref("network.proxy.ssl", "127.0.0.1");
user_pref("network.proxy.ssl_port", 9);
"""


class Browser:
    """One browser process in kiosk mode under the module, with its output and keypad-osk's trace."""

    def __init__(self, kind, url, bin_dir, trace_path, extra_env=None, chromium_flags=None):
        self.kind = kind
        self.profile = tempfile.mkdtemp(prefix=f"keypad-{kind}-")
        restart_keypad_osk({"KEYPAD_IM_TRACE": trace_path})
        env = dict(os.environ, GTK_IM_MODULE="keypad", GTK_IM_MODULE_FILE=os.path.join(bin_dir, "immodules.cache"))
        env.update(extra_env or {})
        if kind == "firefox":
            # Remote Settings honours services.settings.server (FIREFOX_PREFS) only with this.
            env["MOZ_REMOTE_SETTINGS_DEVTOOLS"] = "1"
            with open(os.path.join(self.profile, "user.js"), "w") as file:
                file.write(FIREFOX_PREFS)
            command = ["firefox-esr", "--kiosk", "--profile", self.profile, "--no-remote", url]
        else:
            command = chromium_command(self.profile, url, chromium_flags or [])
        self.log_path = os.path.join(self.profile, "output.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT, env=env,
                                        start_new_session=True)

    def window(self):
        """The browser's visible top-level window (the largest), once it maps."""
        def find():
            best = None
            for window in find_windows(".", self.process.pid) or find_windows(
                    "Mozilla Firefox|Chromium|Keypad web"):
                if window_name(window) == "Keypad":
                    continue
                geometry = subprocess.run(["xdotool", "getwindowgeometry", str(window)], capture_output=True,
                                          text=True).stdout
                size = [line for line in geometry.splitlines() if "Geometry" in line]
                if size:
                    w, h = (int(v) for v in size[0].split()[-1].split("x"))
                    if best is None or w * h > best[1]:
                        best = (window, w * h)
            return best[0] if best else None
        return wait_for(find, f"{self.kind}'s window", timeout=30)

    def output(self):
        self.log.flush()
        with open(self.log_path, errors="replace") as file:
            return file.read()

    def alive(self):
        return self.process.poll() is None

    def describe_hang(self):
        """What a browser that does not end is doing: its windows, the active one, and its
        main thread's stack (gdb), to tell a hang in the module from one of the browser's."""
        pid = self.process.pid
        lines = [f"its windows: {[window_name(w) for w in find_windows('.', pid)]}",
                 f"the active window: {window_name(active_window()) if active_window() else None!r}"]
        try:
            with open(f"/proc/{pid}/wchan") as file:
                lines.append(f"its main thread waits in: {file.read().strip()}")
        except OSError as error:
            lines.append(f"no /proc/{pid}/wchan: {error}")
        stack = subprocess.run(["gdb", "-batch", "-nx", "-p", str(pid), "-ex", "thread apply 1 bt 30"],
                               capture_output=True, text=True, timeout=60)
        lines += [line for line in stack.stdout.splitlines() if line.startswith(("#", "Thread"))]
        return "\n".join(lines)

    def close(self):
        if self.alive():
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=10)
            except (subprocess.TimeoutExpired, ProcessLookupError):
                try:
                    os.killpg(self.process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.process.wait(timeout=5)
        self.log.close()

    def remove_profile(self):
        shutil.rmtree(self.profile, ignore_errors=True)


# A Chromium kiosk's flags (docs/web-kiosks.md), with Chromium's default features (its
# allocator's BackupRefPtr on); --disable-gpu only because Xvfb has no GPU.
CHROMIUM_FLAGS = ["--kiosk", "--no-first-run", "--no-default-browser-check", "--password-store=basic",
                  "--ozone-platform=x11", "--disable-gpu"]


def chromium_command(profile, url, extra_flags=()):
    command = ["chromium", *CHROMIUM_FLAGS, *extra_flags, f"--user-data-dir={profile}", url]
    if os.geteuid() == 0:
        command.insert(1, "--no-sandbox")
    return command


def chromium(page, profile, name="form.html", kiosk=True):
    """Chromium on Wayland on the page `name`: a fullscreen kiosk, or (kiosk False) an app window."""
    target = ["--kiosk", page.url(name)] if kiosk else [f"--app={page.url(name)}"]
    command = ["chromium", "--ozone-platform=wayland", "--no-first-run", "--no-default-browser-check",
               "--password-store=basic", "--disable-gpu", f"--user-data-dir={profile}", *target]
    if os.geteuid() == 0:
        command.insert(1, "--no-sandbox")
    log = open(os.path.join(profile, "output.log"), "w")
    return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=PLAIN, start_new_session=True), log


def firefox(page, profile, name="form.html"):
    """Firefox ESR on Wayland (MOZ_ENABLE_WAYLAND=1), a fullscreen kiosk on the page `name`; its
    profile (with FIREFOX_PREFS) and its own runtime directory in `profile`."""
    with open(os.path.join(profile, "user.js"), "w") as file:
        file.write(FIREFOX_PREFS)
    # Firefox refuses root in another user's runtime directory: its own, and the socket by path.
    runtime = os.path.join(profile, "runtime")
    os.mkdir(runtime, 0o700)
    env = dict(PLAIN, MOZ_ENABLE_WAYLAND="1", XDG_RUNTIME_DIR=runtime,
               WAYLAND_DISPLAY=os.path.join(os.environ["XDG_RUNTIME_DIR"], os.environ["WAYLAND_DISPLAY"]))
    log = open(os.path.join(profile, "output.log"), "w")
    return subprocess.Popen(["firefox-esr", "--kiosk", "--profile", profile, "--no-remote", page.url(name)],
                            stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True), log


def stop_browser(browser, log):
    """Ends a browser started in a session of its own, and closes its log."""
    try:
        os.killpg(browser.pid, 15)
        browser.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(browser.pid, 9)
    log.close()
