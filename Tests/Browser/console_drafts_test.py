"""The console's Drafts view (docs/api.md, "Drafts" and "Preview links"; issue 30) with a real design
system: GitHub Primer's token set from the corpus, published through `livery publish`, then saved as a
server draft (its stored bundle, byte for byte), opened in headless Chromium, and given a preview link
whose QR code is read back with zbar (`zbarimg`) and must be the link; then drafts started in the view,
from a version and from an uploaded Tokens Studio export, the list following another designer's saves,
and the page a phone's browser shows at a link. Skipped, saying why, where the corpus or zbarimg is absent.

Screenshots at 1280 and 390 px go to LIVERY_BROWSER_OUTPUT (default .build/browser-output/console).
"""

import json
import os
import shutil
import subprocess
import tempfile
import unittest
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

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
        self.assertEqual(self.read_qr_code(".preview-link img.qr", "drafts-qr"), link)

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

    def open_drafts(self):
        self.driver.get(f"{self.server.base}/")
        self.js("sessionStorage.setItem('livery.designerToken', arguments[0])", self.server.token)
        self.driver.get(f"{self.server.base}/#/drafts")
        wait_for("the forms to start a draft are drawn", lambda: "Start a draft" in self.text("main"), timeout=30)

    def submit(self, legend, button):
        form = self.driver.find_element(By.XPATH, f"//fieldset[legend[text()='{legend}']]")
        form.find_element(By.XPATH, f".//button[text()='{button}']").click()

    def fill(self, legend, label, value):
        form = self.driver.find_element(By.XPATH, f"//fieldset[legend[text()='{legend}']]")
        control = form.find_element(By.XPATH, f".//label[text()='{label}']/following-sibling::*[1]")
        if control.tag_name == "select":
            wait_for(f"{label} offers {value}", lambda: value in [o.get_attribute("value") for o in Select(control).options], timeout=30)
            Select(control).select_by_value(value)
        else:
            control.clear()
            control.send_keys(value)

    def test_drafts_start_from_a_version_or_a_file_and_the_list_follows_other_designers(self):
        self.open_drafts()
        # From a published version: the server copies it, byte for byte.
        self.fill("From a published version", "Skin", "primer")
        self.fill("From a published version", "Version", "1")
        self.fill("From a published version", "Draft id", "primer-autumn")
        self.submit("From a published version", "Start from this version")
        wait_for("the seeded draft is opened", lambda: "Draft primer-autumn" in self.text(".draft-detail"), timeout=30)
        self.assertIn("#/drafts?id=primer-autumn", self.driver.current_url)
        wait_for("its findings are in", lambda: "Publishable" in self.text(".findings"), timeout=120)
        self.assertEqual(self.request("GET", "/v1/drafts/primer-autumn"), self.request("GET", "/v1/skins/primer/versions/1"))

        # From a file: a Tokens Studio export as the plugin writes it, sent as it is.
        export = {
            "core": {"palette": {"white": {"value": "#ffffff", "type": "color"}, "ink": {"value": "#1f2328", "type": "color"}}},
            "mode/light": {"bg": {"value": "{palette.white}", "type": "color"}},
            "$themes": [{"name": "light", "group": "Mode", "selectedTokenSets": {"core": "source", "mode/light": "enabled"}}],
            "$metadata": {"tokenSetOrder": ["core", "mode/light"]},
        }
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
            json.dump(export, file)
        try:
            self.go("#/drafts")
            wait_for("the forms are drawn again", lambda: "Start a draft" in self.text("main"), timeout=30)
            self.driver.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(file.name)
            self.fill("From a file", "Skin", "studio")
            self.fill("From a file", "Draft id", "figma-upload")
            self.screenshot("drafts-start-1280", 1280)
            self.screenshot("drafts-start-390", 390)
            self.submit("From a file", "Save the file as a draft")
            wait_for("the uploaded draft is opened", lambda: "Draft figma-upload" in self.text(".draft-detail"), timeout=30)
            wait_for("its findings are in", lambda: "Publishable" in self.text(".findings"), timeout=60)
            with open(file.name, "rb") as sent:
                self.assertEqual(self.request("GET", "/v1/drafts/figma-upload"), sent.read())
        finally:
            os.unlink(file.name)
        self.assertIn("next version of studio", self.text(".draft-detail"))

        # A refused start says why and stays: the draft exists for another skin.
        self.fill("From a published version", "Skin", "primer")
        self.fill("From a published version", "Version", "1")
        self.fill("From a published version", "Draft id", "figma-upload")
        self.submit("From a published version", "Start from this version")
        wait_for("the refusal is shown", lambda: "draft of skin studio" in self.text(".start-draft .problem"), timeout=30)

        # Another designer saves: the list and the opened draft follow, without a reload.
        bundle = self.request("GET", "/v1/skins/primer/versions/1")
        self.request("PUT", "/v1/drafts/elsewhere?skin=primer", bundle)
        wait_for("the other designer's draft is listed", lambda: "elsewhere" in self.text("main table"), timeout=15)
        self.request("PUT", "/v1/drafts/figma-upload", json.dumps(export).encode())
        wait_for("the newer revision is offered", lambda: "Revision 2 was saved" in self.text(".draft-detail .newer"), timeout=15)
        self.screenshot("drafts-newer-1280", 1280)
        self.driver.find_element(By.XPATH, "//button[text()='Show revision 2']").click()
        wait_for("revision 2 is shown", lambda: "Revision 2, saved by" in self.text(".draft-detail"), timeout=30)
        self.assertEqual(self.text(".draft-detail .newer"), "", "the notice goes with the revision it announced")
        self.assertEqual(self.unlabelled_controls(), [])
        # Chromium logs the refused start's 409 as a failed load; the page showed it: nothing else may fail.
        self.assertEqual([e for e in self.browser_errors() if "status of 409" not in e], [])

    def test_the_page_at_a_link_tells_the_phone_what_it_shows(self):
        made = json.loads(self.request("POST", "/v1/drafts/primer-spring/preview-links", b'{"expiresIn": 3600}'))
        self.driver.set_window_size(390, 844)
        try:
            self.driver.get(made["url"])
            text = self.text("main")
            self.assertIn("Preview of a draft of primer", text)
            self.assertIn(made["url"], text)
            self.assertEqual(self.js("return document.querySelector('a').href"), made["url"] + "/skin")
            self.driver.save_screenshot(os.path.join(OUTPUT, "preview-page-390.png"))
            self.assertEqual(self.browser_errors(), [], "the page loads nothing its policy refuses")
        finally:
            self.driver.set_window_size(1280, 900)


if __name__ == "__main__":
    unittest.main()
