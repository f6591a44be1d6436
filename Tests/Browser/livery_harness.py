"""A small harness for Livery's browser tests: a real `livery serve` on 127.0.0.1 (a free port, a fresh
database, always stopped) and headless Chromium through Selenium. Shared by every test under Tests/Browser
(and, for `LiveryProcess` alone, by Tests/OpenFeature, which needs no browser: Selenium is imported only
when `chromium()` is called).

Needs Debian's `chromium` and `chromium-driver` and PyPI's `selenium` (.ci/run installs them). The
binaries can be overridden with LIVERY_BIN, CHROMIUM_BIN and CHROMEDRIVER_BIN.
"""

import json
import os
import re
import subprocess
import tempfile
import time
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LIVERY = os.environ.get("LIVERY_BIN", os.path.join(ROOT, ".build", "debug", "livery"))
DEMO = os.path.join(ROOT, "Sources", "LiveryServer", "Resources", "demo-skin.json")


# What a page that redraws itself says while it does: the console redraws a view when its live
# feed hears of a change, so an element found a moment ago may be gone, or not drawn yet.
REDRAWING = ("StaleElementReferenceException", "NoSuchElementException")


def wait_for(what, condition, timeout=10.0, every=0.05):
    """Polls `condition` until it returns something truthy; fails naming `what` after `timeout` seconds.
    An element gone stale or not there yet, mid-redraw, is "not yet", not a failure."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = condition()
        except Exception as error:
            if type(error).__name__ not in REDRAWING:
                raise
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting until {what}")
        time.sleep(every)


class LiveryProcess:
    """`livery serve` on 127.0.0.1, a free port, a fresh database; always stopped by `stop()`."""

    def __init__(self, env=None):
        """`env`: extra environment for the server (configuration such as LIVERY_CORS_ALLOW_ORIGINS)."""
        self.folder = tempfile.mkdtemp(prefix="livery-browser-")
        self.database = os.path.join(self.folder, "db.sqlite")
        self.log = open(os.path.join(self.folder, "out.log"), "w+")
        env = dict(os.environ, LIVERY_MAX_WAIT="20", LIVERY_CHANGE_POLL_INTERVAL="0.1", **(env or {}))
        self.process = subprocess.Popen(
            [LIVERY, "serve", "--host", "127.0.0.1", "--port", "0", "--database", self.database],
            stdout=self.log, stderr=subprocess.STDOUT, env=env)

        def port():
            self.log.seek(0)
            found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", self.log.read())
            return found and int(found.group(1))
        self.port = wait_for("the server listens", port, timeout=30)
        self.base = f"http://127.0.0.1:{self.port}"
        created = subprocess.run(
            [LIVERY, "token", "create", "--name", "browser", "--role", "designer", "--database", self.database],
            check=True, capture_output=True, text=True)
        self.token = created.stdout.strip().splitlines()[-1]

    def publish_demo(self, tint):
        """A new version of the demo skin, which the default channel follows, with another tint."""
        with open(DEMO) as file:
            document = file.read().replace('"tint": { "$value": "#3366ff" }', f'"tint": {{ "$value": "{tint}" }}')
        assert tint in document, "the demo skin's tint line changed; update the test"
        request = urllib.request.Request(
            f"{self.base}/v1/skins/demo/versions", data=document.encode(), method="POST",
            headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request) as response:
            assert response.status == 201

    def get(self, path, token=True):
        """A JSON read, with the designer token unless told otherwise."""
        headers = {"Authorization": f"Bearer {self.token}"} if token else {}
        with urllib.request.urlopen(urllib.request.Request(f"{self.base}{path}", headers=headers)) as response:
            return json.loads(response.read())

    def post(self, path, body):
        """A designer's POST of a JSON body; its status."""
        request = urllib.request.Request(
            f"{self.base}{path}", data=body.encode(), method="POST",
            headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    def held_long_polls(self):
        with urllib.request.urlopen(f"{self.base}/metrics") as response:
            text = response.read().decode()
        return int(re.search(r"^livery_waiting_long_polls (\d+)", text, re.M).group(1))

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def chromium(size="800,600"):
    """Headless Chromium (new headless mode: tabs have real visibility), as root without a sandbox.
    The page's console messages are kept for `driver.get_log("browser")`."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", f"--window-size={size}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")), options=options)
