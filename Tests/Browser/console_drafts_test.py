"""The console's Drafts view (docs/api.md, "Drafts" and "Preview links"; issue 30) with a real design
system: GitHub Primer's token set from the corpus, published through `livery publish`, then saved as a
server draft (its stored bundle, byte for byte), opened in headless Chromium, and given a preview link
whose QR code is read back with zbar (`zbarimg`) and must be the link. Skipped, saying why, where the
corpus or zbarimg is absent.

Screenshots at 1280 and 390 px go to LIVERY_BROWSER_OUTPUT (default .build/browser-output/console).
"""

import os
import shutil
import subprocess
import unittest
import urllib.request

from selenium.webdriver.common.by import By

from console_page import OUTPUT, ConsolePage
from livery_harness import LIVERY, ROOT, wait_for

EXAMPLES = os.path.join(ROOT, "..", "shared", "corpus", "dtcg", "dtcg-examples")
RESOLVER = "github-primer.resolver.json"


class ConsoleDraftsTests(ConsolePage):
    @classmethod
    def setUpClass(cls):
        if not os.path.exists(os.path.join(EXAMPLES, RESOLVER)):
            raise unittest.SkipTest(f"no Primer in the corpus at {os.path.abspath(EXAMPLES)} (the development workspace's ../shared)")
        if shutil.which("zbarimg") is None:
            raise unittest.SkipTest("zbarimg (Debian's zbar-tools) is not installed: the QR code cannot be read back")
        super().setUpClass()
        try:
            subprocess.run([LIVERY, "publish", os.path.join(EXAMPLES, RESOLVER), "--skin", "primer",
                            "--server", cls.server.base, "--token", cls.server.token],
                           check=True, capture_output=True, text=True, timeout=300)
            bundle = cls.request("GET", "/v1/skins/primer/versions/1")
            cls.request("PUT", "/v1/drafts/primer-spring?skin=primer", bundle)
        except Exception:
            super().tearDownClass()
            raise

    @classmethod
    def request(cls, method, path, body=None, token=True):
        headers = {"Authorization": f"Bearer {cls.server.token}"} if token else {}
        request = urllib.request.Request(f"{cls.server.base}{path}", data=body, method=method, headers=headers)
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.read()

    def test_a_draft_is_listed_opened_checked_and_shown_on_a_phone_by_its_qr_code(self):
        self.driver.get(f"{self.server.base}/")
        self.js("sessionStorage.setItem('livery.designerToken', arguments[0])", self.server.token)
        self.driver.get(f"{self.server.base}/#/drafts")
        wait_for("the drafts are listed", lambda: "primer-spring" in self.text("main table"), timeout=30)
        self.driver.find_element(By.LINK_TEXT, "primer-spring").click()
        wait_for("the findings are in", lambda: "Publishable" in self.text(".findings") or "errors" in self.text(".findings"), timeout=60)
        self.assertIn("Publishable", self.text(".findings"), "Primer published as it is, so its draft publishes too")
        self.assertIn("next version of primer", self.text(".draft-detail"))

        self.driver.find_element(By.XPATH, "//button[text()='Make a preview link']").click()
        wait_for("the QR code is drawn", lambda: self.js(
            "const i = document.querySelector('.preview-link img.qr'); return !!i && i.complete && i.naturalWidth > 0"), timeout=30)
        link = self.js("return document.querySelector('.preview-link input').value")
        self.assertRegex(link, rf"^{self.server.base}/v1/previews/lvp_[A-Za-z0-9_-]{{43}}$")

        # The code on screen is the link: read back from a screenshot of the image, as a phone's camera would.
        qr_png = os.path.join(OUTPUT, "drafts-qr.png")
        image = self.driver.find_element(By.CSS_SELECTOR, ".preview-link img.qr")
        self.js("arguments[0].scrollIntoView({block: 'center'})", image)
        image.screenshot(qr_png)
        decoded = subprocess.run(["zbarimg", "--raw", "-q", qr_png], capture_output=True, text=True, timeout=30)
        self.assertEqual(decoded.stdout.strip(), link, decoded.stderr)

        # And the link serves the draft to a phone, without a token.
        document = self.request("GET", link[len(self.server.base):] + "/skin", token=False)
        self.assertIn(b'"skin":"primer"', document)

        self.screenshot("drafts-1280", 1280)
        self.screenshot("drafts-390", 390)
        self.assertEqual(self.unlabelled_controls(), [])
        self.assertEqual(self.browser_errors(), [])

        # Revoked from the console: the link is gone for the phone.
        self.driver.find_element(By.XPATH, "//button[text()='Revoke link']").click()
        wait_for("the link is revoked", lambda: "Revoked" in self.text(".links"), timeout=30)
        with self.assertRaises(urllib.error.HTTPError) as gone:
            self.request("GET", link[len(self.server.base):] + "/skin", token=False)
        self.assertEqual(gone.exception.code, 410)


if __name__ == "__main__":
    unittest.main()
