"""What the console's browser tests share (console_test.py, console_builds_test.py): one server and one
headless Chromium per test class, started in order and always stopped, and the helpers that read the page.
Screenshots go to LIVERY_BROWSER_OUTPUT (default .build/browser-output/console) for a person to look at."""

import os
import subprocess
import unittest

from livery_harness import LIVERY, ROOT, LiveryProcess, chromium

OUTPUT = os.environ.get("LIVERY_BROWSER_OUTPUT", os.path.join(ROOT, ".build", "browser-output", "console"))


class ConsolePage(unittest.TestCase):
    """A test class driving the console of its own `livery serve` in one browser at 1280 × 900."""

    @classmethod
    def setUpClass(cls):
        os.makedirs(OUTPUT, exist_ok=True)
        cls.server = LiveryProcess()
        try:
            cls.prepare()
            cls.driver = chromium(size="1280,900")
        except Exception:
            cls.server.stop()
            raise

    @classmethod
    def prepare(cls):
        """What a test class needs on its server before the browser starts (skins published)."""

    @classmethod
    def publish(cls, source, skin):
        """`livery publish SOURCE --skin SKIN` to this class's server, as a designer would."""
        subprocess.run([LIVERY, "publish", source, "--skin", skin, "--server", cls.server.base, "--token", cls.server.token],
                       check=True, capture_output=True, text=True, timeout=300)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def text(self, selector="main"):
        return self.js("const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", selector)

    def go(self, hash_route):
        self.driver.get(f"{self.server.base}/{hash_route}")

    def open(self, hash_route):
        """The console at `hash_route`, with the designer token in this tab."""
        self.go("")
        self.js("sessionStorage.setItem('livery.designerToken', arguments[0])", self.server.token)
        self.go(hash_route)

    def screenshot(self, name, width=1280, tallest=8000):
        """The whole page at `width` (up to `tallest` px), not just the window; the window is
        1280 × 900 again after."""
        self.driver.set_window_size(width, 900)
        height = self.js("return document.documentElement.scrollHeight")
        self.driver.set_window_size(width, min(max(height + 120, 900), tallest))
        path = os.path.join(OUTPUT, f"{name}.png")
        self.driver.save_screenshot(path)
        self.driver.set_window_size(1280, 900)
        return path

    def read_qr_code(self, selector, name):
        """The text of the QR code `selector` draws, read from a screenshot of it as a phone's camera
        would (zbar's `zbarimg`); the screenshot is kept as OUTPUT/`name`.png."""
        from selenium.webdriver.common.by import By
        path = os.path.join(OUTPUT, f"{name}.png")
        image = self.driver.find_element(By.CSS_SELECTOR, selector)
        self.js("arguments[0].scrollIntoView({block: 'center'})", image)
        image.screenshot(path)
        decoded = subprocess.run(["zbarimg", "--raw", "-q", path], capture_output=True, text=True, timeout=30)
        self.assertEqual(decoded.returncode, 0, f"zbarimg read no code in {path}: {decoded.stderr}")
        return decoded.stdout.strip()

    def unlabelled_controls(self):
        """Form controls a screen reader could not name."""
        return self.js(
            "return [...document.querySelectorAll('input, select, textarea')]"
            ".filter(e => e.type !== 'hidden' && e.offsetParent !== null)"
            ".filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby'))"
            ".map(e => e.name || e.id || e.outerHTML.slice(0, 60))")

    def browser_errors(self):
        """The page's SEVERE console messages so far (failed requests included)."""
        return [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
