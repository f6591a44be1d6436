"""Browser test of CORS (http.corsAllowOrigins): a page served from ANOTHER origin (a small Python
http.server on its own 127.0.0.1 port) imports /v1/client.js from Livery, applies the skin, and holds a
long-poll (If-None-Match, so every poll is preflighted) that a publish wakes. A Livery that lists only
another origin refuses the same page.

Run by scripts/browser-tests.sh; the harness is livery_harness.py beside this file.
"""

import functools
import http.server
import os
import re
import threading
import time
import unittest

from livery_harness import LiveryProcess, chromium, wait_for

PAGES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cross_origin")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class PageServer:
    """The app's own origin: Tests/Browser/cross_origin over HTTP on 127.0.0.1, a free port."""

    def __init__(self):
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=PAGES))
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class CrossOriginTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.pages = PageServer()
        cls.servers = []
        try:
            # The allowed Livery lists the page's origin (and one more); the other lists only another one.
            cls.allowed = cls.start_livery(f"https://app.example.com, {cls.pages.origin}")
            cls.refusing = cls.start_livery("https://app.example.com")
            cls.driver = chromium()
        except Exception:
            cls.tearDownClass()
            raise

    @classmethod
    def start_livery(cls, origins):
        server = LiveryProcess(env={"LIVERY_CORS_ALLOW_ORIGINS": origins})
        cls.servers.append(server)
        return server

    @classmethod
    def tearDownClass(cls):
        if getattr(cls, "driver", None):
            cls.driver.quit()
        for server in cls.servers:
            server.stop()
        cls.pages.stop()

    def swatch(self):
        return self.driver.execute_script("return getComputedStyle(document.querySelector('#swatch')).backgroundColor")

    def test_1_a_page_on_another_origin_follows_the_skin(self):
        self.assertNotEqual(self.pages.origin, self.allowed.base)
        self.driver.get(f"{self.pages.origin}/index.html?livery={self.allowed.base}")
        wait_for("the tint is applied", lambda: self.swatch() == "rgb(51, 102, 255)")
        self.assertIsNone(self.driver.execute_script("return window.pageError ?? null"))
        requests = self.driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        self.assertIn(f"{self.allowed.base}/v1/client.js", requests)
        self.assertTrue(any(r.startswith(f"{self.allowed.base}/v1/channels/default/skin?") for r in requests), requests)

        wait_for("a long-poll is held", lambda: self.allowed.held_long_polls() >= 1)
        started = time.monotonic()
        self.allowed.publish_demo("#00aa00")
        wait_for("the new tint is applied", lambda: self.swatch() == "rgb(0, 170, 0)", timeout=5)
        elapsed = time.monotonic() - started
        self.assertLess(elapsed, 2.5, f"restyled {elapsed:.2f} s after the publish")
        print(f"cross-origin page restyled {elapsed:.3f} s after the publish")
        # The woken long-poll's answer was readable: the client saw its ETag (exposed) and holds the next one.
        wait_for("the next long-poll is held", lambda: self.allowed.held_long_polls() >= 1)
        self.allowed.log.seek(0)
        preflights = re.findall(r"http\.method=OPTIONS http\.path=/v1/channels/default/skin http\.status=204", self.allowed.log.read())
        self.assertTrue(preflights, "the browser preflighted the long-poll (If-None-Match is not safelisted)")

    def test_2_a_server_that_does_not_list_the_origin_is_refused(self):
        self.driver.get(f"{self.pages.origin}/index.html?livery={self.refusing.base}")
        error = wait_for("the import fails", lambda: self.driver.execute_script("return window.pageError ?? null"))
        self.assertIn("client.js", error)
        self.assertEqual(self.swatch(), "rgba(0, 0, 0, 0)")
        self.assertEqual(self.refusing.held_long_polls(), 0)


if __name__ == "__main__":
    unittest.main()
