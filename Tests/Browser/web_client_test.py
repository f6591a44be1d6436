"""Browser tests of the web client (docs/api.md, "Reading skins"): headless Chromium, driven by Selenium, against a real
`livery serve` on 127.0.0.1. The page under test is Livery's own /v1/client-demo.html, whose script is
the web sample of docs/apps.md; it loads /v1/client.js from the same server.

Run by scripts/browser-tests.sh (which builds livery); the harness is livery_harness.py beside this file.
"""

import re
import time
import unittest

from livery_harness import LiveryProcess, chromium, wait_for


class WebClientTests(unittest.TestCase):
    """One page, one server, in order: apply, restyle on publish, hidden tab, then offline."""

    @classmethod
    def setUpClass(cls):
        cls.server = LiveryProcess()
        try:
            cls.driver = chromium()
        except Exception:
            cls.server.stop()
            raise
        cls.page = f"{cls.server.base}/v1/client-demo.html"

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()

    def swatch(self):
        return self.driver.execute_script("return getComputedStyle(document.querySelector('#swatch')).backgroundColor")

    def skin_requests(self):
        """Start times (ms) of the page's completed requests for the skin."""
        return self.driver.execute_script(
            "return performance.getEntriesByType('resource').filter(e => e.name.includes('/skin?')).map(e => e.startTime)")

    def test_1_the_page_applies_the_channel_skin(self):
        self.driver.get(self.page)
        wait_for("the tint is applied", lambda: self.swatch() == "rgb(51, 102, 255)")
        tint = self.driver.execute_script("return getComputedStyle(document.documentElement).getPropertyValue('--color-tint')")
        self.assertEqual(tint.strip(), "#3366ff")
        url = self.driver.execute_script(
            "return performance.getEntriesByType('resource').find(e => e.name.includes('/skin?')).name")
        self.assertRegex(url, r"format=css&bucket=\d+")
        bucket = int(re.search(r"bucket=(\d+)", url).group(1))
        self.assertTrue(0 <= bucket <= 99)
        stored = self.driver.execute_script("return localStorage.getItem('livery:install-id')")
        same = self.driver.execute_async_script(
            "const [id, done] = arguments; import('/v1/client.js').then(m => done(m.bucketOf(id)))", stored)
        self.assertEqual(same, bucket, "the bucket is the one derived from the kept install id")
        vectors = self.driver.execute_async_script(
            "import('/v1/client.js').then(m => arguments[0](['', 'a', 'livery', '0123456789abcdef0123456789abcdef'].map(m.bucketOf)))")
        self.assertEqual(vectors, [61, 20, 2, 25], "the same buckets as Tests/Fixtures/fleet-vectors.json")

    def test_2_a_publish_restyles_the_page_without_reload(self):
        wait_for("a long-poll is held", lambda: self.server.held_long_polls() >= 1)
        self.driver.execute_script("window.notReloaded = true")
        started = time.monotonic()
        self.server.publish_demo("#00aa00")
        wait_for("the new tint is applied", lambda: self.swatch() == "rgb(0, 170, 0)", timeout=5)
        elapsed = time.monotonic() - started
        self.assertTrue(self.driver.execute_script("return window.notReloaded === true"))
        self.assertLess(elapsed, 2.5, f"restyled {elapsed:.2f} s after the publish")
        print(f"restyled {elapsed:.3f} s after the publish")

    def test_3_a_hidden_tab_sends_no_requests(self):
        wait_for("a long-poll is held", lambda: self.server.held_long_polls() >= 1)
        # A capturing listener on window runs before the client's own (on document), so the times
        # logged bracket whatever the client does on each change.
        self.driver.execute_script(
            "window.visibility = []; window.addEventListener('visibilitychange', "
            "() => visibility.push([document.visibilityState, performance.now()]), {capture: true})")
        page = self.driver.current_window_handle
        self.driver.switch_to.new_window("tab")
        other = self.driver.current_window_handle
        wait_for("the held long-poll is dropped", lambda: self.server.held_long_polls() == 0)
        self.server.publish_demo("#aa0000")
        time.sleep(3)  # a hidden tab must stay silent for a while, whatever is published meanwhile
        self.assertEqual(self.server.held_long_polls(), 0)
        self.driver.close()
        self.driver.switch_to.window(page)
        self.driver.execute_script("document.body.focus()")
        wait_for("the skin published while hidden is applied", lambda: self.swatch() == "rgb(170, 0, 0)", timeout=5)
        visibility = self.driver.execute_script("return window.visibility")
        states = [state for state, _ in visibility]
        self.assertEqual(states[:2], ["hidden", "visible"], "Chromium hid the tab and showed it again")
        hidden_at, shown_at = visibility[0][1], visibility[1][1]
        during = [start for start in self.skin_requests() if hidden_at < start < shown_at]
        self.assertEqual(during, [], "no request started while the tab was hidden")
        del other

    def test_4_offline_the_cached_skin_is_applied_at_load(self):
        self.server.stop()
        self.driver.get("about:blank")
        self.driver.get(self.page)  # the page and client.js come from the browser's cache (max-age)
        wait_for("the cached tint is applied", lambda: self.swatch() == "rgb(170, 0, 0)", timeout=5)
        errors = self.driver.execute_script("return document.querySelector('#status').textContent")
        self.assertEqual(errors, "No skin yet.", "no fresh skin arrived: the server is down")


if __name__ == "__main__":
    unittest.main(verbosity=2)
