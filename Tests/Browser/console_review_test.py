"""The console's review of changes (docs/api.md, "Change requests"; docs/skins.md, "Nobody ships alone"; issue 31):
two designers, ana and ben, each in their own headless Chromium against one real `livery serve`, and an admin.

In order: an admin sets a review policy on the `web` channel from the Channels view (a designer who tries is told
403); ana's Channels page, drawn before the policy, has its direct activation turned away with the server's 409
approval-required message and its buttons turned into change requests. Ana requests brand@2 (whose contrast pair
fails): the request shows the gate's contrast finding and the diff; her own approval is refused (403
self-approval) and so is her apply (409 approval-required). Ben approves from his browser and ana's page follows
without a reload; her apply is refused by the release gate (409 contrast, its findings listed); ben rejects, and
ana's stale page, cancelling, is told 409 change-request-closed. Then brand@3 is requested from the Change
requests view, approved by ben and applied by ana; and a draft is requested from the Drafts view, its preview
link shown as text and QR code (read back with zbar when installed), approved and applied, which publishes it;
a return to the channel's first history entry is requested from the Channels view and cancelled by its author.

Screenshots at 1280 and 390 px go to LIVERY_BROWSER_OUTPUT (default .build/browser-output/console).
"""

import contextlib
import json
import os
import shutil
import subprocess
import unittest
import urllib.error
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from console_page import OUTPUT, ConsolePage
from livery_harness import LIVERY, chromium, wait_for


def brand(text_colour):
    """A skin whose one contrast pair (text on white, at least 4.5:1) passes or fails with `text_colour`."""
    return {
        "$livery": {"contrast": [{"foreground": "{color.text}", "background": "{color.background}", "min": 4.5}]},
        "color": {"$type": "color", "text": {"$value": text_colour}, "background": {"$value": "#ffffff"}},
    }


PASSING, FAILING, DARKER, DRAFTED = "#1a1a1a", "#d0d0d0", "#203060", "#0b3d91"


class ConsoleReviewTests(ConsolePage):
    """ana's browser is `driver` (ConsolePage's); ben's is `ben`. One server; the steps run in order."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        try:
            cls.tokens = {name: cls.make_token(name, role) for name, role in (("ana", "designer"), ("ben", "designer"), ("root", "admin"))}
            cls.ben = chromium(size="1280,900")
        except Exception:
            super().tearDownClass()
            raise
        for tint in (PASSING, FAILING, DARKER):
            cls.call("POST", "/v1/skins/brand/versions", brand(tint), "ana")
        cls.call("PUT", "/v1/channels/web", {"skin": "brand", "version": 1}, "ana")

    @classmethod
    def tearDownClass(cls):
        cls.ben.quit()
        super().tearDownClass()

    @classmethod
    def make_token(cls, name, role):
        created = subprocess.run([LIVERY, "token", "create", "--name", name, "--role", role, "--database", cls.server.database],
                                 check=True, capture_output=True, text=True)
        return created.stdout.strip().splitlines()[-1]

    @classmethod
    def call(cls, method, path, body, who):
        """A request as `who`; its JSON answer (an HTTP error raises)."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"{cls.server.base}{path}", data=data, method=method,
                                         headers={"Authorization": f"Bearer {cls.tokens[who]}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read() or b"null")

    # MARK: Helpers

    @contextlib.contextmanager
    def as_ben(self):
        """ConsolePage's helpers (text, js, screenshot…) drive ben's browser inside the block."""
        self.driver = self.ben
        try:
            yield
        finally:
            del self.driver

    def sign_in(self, who, hash_route):
        self.driver.get(f"{self.server.base}/")
        self.js("sessionStorage.setItem('livery.designerToken', arguments[0])", self.tokens[who])
        self.driver.get(f"{self.server.base}/{hash_route}")

    def card(self, channel):
        return self.driver.find_element(By.CSS_SELECTOR, f"section[data-channel='{channel}']")

    def card_text(self, channel):
        return self.text(f"section[data-channel='{channel}']")

    def button(self, text, scope=None):
        return (scope or self.driver).find_element(By.XPATH, f".//button[normalize-space()='{text}']")

    def labelled(self, scope, label):
        return scope.find_element(By.XPATH, f".//label[normalize-space()='{label}']/following-sibling::*[1]")

    def state(self):
        return self.text(".request-detail h2 .badge")

    def status(self):
        return self.text(".request-detail .request-status")

    def served(self):
        answer = self.call("GET", "/v1/channels/web", None, "ana")
        return answer["skin"], answer["version"]

    def allowed_errors(self):
        """Chromium logs each refusal the page showed (403, 409) and each feed request this test blocked as a
        failed load; nothing else may fail."""
        return [e for e in self.browser_errors() if not any(s in e for s in ("status of 403", "status of 409", "ERR_BLOCKED_BY_CLIENT"))]

    # MARK: Tests

    def test_1_an_admin_sets_the_policy_and_a_direct_change_is_turned_away(self):
        # ana's Channels page is drawn before the policy exists: plain Activate buttons.
        self.sign_in("ana", "#/channels")
        wait_for("ana's channels are drawn", lambda: "no policy" in self.card_text("web"), timeout=30)
        self.assertTrue(self.button("Activate", self.card("web")).is_displayed())

        with self.as_ben():
            # A designer may not set it: the server's 403 is shown.
            self.sign_in("ben", "#/channels")
            wait_for("ben's channels are drawn", lambda: "no policy" in self.card_text("web"), timeout=30)
            self.card("web").find_element(By.XPATH, ".//summary[normalize-space()='Set the review policy (admin)']").click()
            approvals = self.labelled(self.card("web"), "Approvals required")
            approvals.clear()
            approvals.send_keys("1")
            self.button("Set the policy", self.card("web")).click()
            wait_for("the 403 is shown", lambda: "(403)" in self.text("section[data-channel='web'] .policy .problem"), timeout=30)

            # The admin sets it, by keyboard.
            self.sign_in("root", "#/channels")
            wait_for("the admin's channels are drawn", lambda: "no policy" in self.card_text("web"), timeout=30)
            summary = self.card("web").find_element(By.XPATH, ".//summary[normalize-space()='Set the review policy (admin)']")
            summary.send_keys(Keys.ENTER)
            approvals = self.labelled(self.card("web"), "Approvals required")
            approvals.send_keys(Keys.CONTROL, "a")
            approvals.send_keys("1", Keys.ENTER)
            wait_for("the policy is shown", lambda: "Review required" in self.card_text("web"), timeout=30)
            self.assertIn("with 1 approval by people other than its author", self.card_text("web"))
            self.assertIn("Set by root", self.card_text("web"))
            self.assertIn("no policy", self.card_text("default"), "only web is reviewed")
        self.assertEqual(self.call("GET", "/v1/channels/web/policy", None, "ana")["approvals"], 1)

        # ana's page, still without the policy, tries a direct activation: turned away with the server's words,
        # and the card now offers a change request instead.
        form = self.card("web").find_element(By.CSS_SELECTOR, "form.actions-form")
        Select(self.labelled(form, "Skin")).select_by_value("brand")
        self.labelled(form, "Version").send_keys("3")
        self.button("Activate", form).click()
        wait_for("the refusal is shown on the card", lambda: "requires review" in self.text("section[data-channel='web'] .turned-away"), timeout=30)
        notice = self.text("section[data-channel='web'] .turned-away")
        self.assertIn("(409)", notice)
        self.assertIn("Channel web requires review: open a change request", notice)
        self.assertEqual(self.served(), ("brand", 1), "nothing changed")
        self.assertEqual(self.js("return document.activeElement.name"), "message", "the focus is on the message to write")
        card = self.card("web")
        for label in ("Request activation", "Request a rollout", "Request a scheduled change"):
            self.assertTrue(self.button(label, card).is_displayed(), label)
        self.assertEqual(card.find_elements(By.XPATH, ".//button[normalize-space()='Activate']"), [])
        self.assertEqual(self.unlabelled_controls(), [])
        self.screenshot("review-channels-1280", 1280)
        self.screenshot("review-channels-390", 390)

    def test_2_ana_requests_a_change_that_she_cannot_approve_or_apply_alone(self):
        card = self.card("web")
        self.labelled(card, "Message of the change request").send_keys("Brand 2 for everyone")
        form = card.find_element(By.CSS_SELECTOR, "form.actions-form")
        Select(self.labelled(form, "Skin")).select_by_value("brand")
        version = self.labelled(form, "Version")
        version.clear()
        version.send_keys("2")
        self.button("Request activation", form).click()
        wait_for("the request is opened", lambda: "Change request 1 on web" in self.text(".request-detail h2"), timeout=30)
        self.assertIn("#/requests?channel=web&id=1", self.driver.current_url)
        self.assertEqual(self.state(), "open")
        detail = self.text(".request-detail")
        self.assertIn("Brand 2 for everyone", detail)
        self.assertIn("Opened by ana", detail)
        self.assertIn("Activate brand@2.", detail)
        self.assertIn("Approvals: 0 of 1 required", detail)
        # The release gate's finding, drawn as the Look draws contrast failures, and the diff old against new.
        wait_for("the contrast finding is shown", lambda: "1 declared or implied pair fails" in self.text(".request-detail"))
        self.assertTrue(self.driver.find_elements(By.CSS_SELECTOR, ".request-detail .contrast-failures li[data-path]"))
        wait_for("the diff is drawn", lambda: self.driver.find_elements(By.CSS_SELECTOR, ".request-detail table.diff tr[data-path='color.text']"), timeout=30)
        self.assertIn("brand@1 (now)", self.text(".request-detail table.diff"))

        self.button("Approve").click()
        wait_for("self-approval is refused", lambda: "(403)" in self.status(), timeout=30)
        self.assertIn("needs approval by someone other than its author", self.status())
        self.button("Apply").click()
        wait_for("apply without approval is refused", lambda: "(409)" in self.status() and "approve" in self.status(), timeout=30)
        self.assertEqual(self.state(), "open")
        self.assertEqual(self.served(), ("brand", 1))
        self.assertEqual(self.unlabelled_controls(), [])
        self.screenshot("review-request-1280", 1280)
        self.screenshot("review-request-390", 390)

    def test_3_ben_approves_live_the_gate_refuses_ben_rejects_and_a_stale_cancel_is_told_it_is_closed(self):
        with self.as_ben():
            self.sign_in("ben", "#/requests")
            wait_for("ben sees the request", lambda: "Brand 2 for everyone" in self.text(".requests-table"), timeout=30)
            self.screenshot("review-list-1280", 1280)
            self.screenshot("review-list-390", 390)
            self.driver.find_element(By.LINK_TEXT, "#1").click()
            wait_for("ben opens it", lambda: "Change request 1 on web" in self.text(".request-detail h2"), timeout=30)
            self.button("Approve").send_keys(Keys.ENTER)
            wait_for("ben's approval lands", lambda: self.state() == "approved", timeout=30)
            self.assertIn("Approved.", self.status())
            self.assertIn("Approvals: 1 of 1 required", self.text(".request-detail .approvals"))
            self.assertEqual(self.js("return document.activeElement.dataset.action"), "approve", "the keyboard keeps its place")

        # ana's page follows the change feed: the approval appears without a reload.
        wait_for("ana sees the approval", lambda: self.state() == "approved", timeout=30)
        self.assertIn("ben", self.text(".request-detail .approvals"))

        self.button("Apply").click()
        wait_for("the release gate refuses it", lambda: "(409)" in self.status() and "contrast" in self.status(), timeout=60)
        self.assertTrue(self.driver.find_elements(By.CSS_SELECTOR, ".request-detail .request-status .problem .diagnostics li"),
                        "the gate's findings are listed")
        self.screenshot("review-gate-1280", 1280)
        self.screenshot("review-gate-390", 390)
        self.assertEqual(self.served(), ("brand", 1))

        # ana's feed goes down (as a flaky network would have it): her page no longer follows. An unrelated
        # publish ends the poll in flight, so the next one is the one blocked.
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/v1/events*"]})
        self.call("POST", "/v1/skins/other/versions", brand(PASSING), "ana")
        wait_for("ana's feed is down", lambda: "Reconnecting" in self.text("#live"), timeout=30)

        with self.as_ben():
            self.button("Reject").click()
            wait_for("ben's rejection lands", lambda: self.state() == "rejected", timeout=30)
            self.assertIn("Closed (rejected)", self.text(".request-detail .request-actions"))

        self.assertEqual(self.state(), "approved", "ana's page has not heard of it")
        self.button("Cancel the request").click()
        wait_for("the closed request is reported", lambda: "(409)" in self.status(), timeout=30)
        self.assertIn("open a new one", self.status())
        wait_for("the page shows where it stands", lambda: self.state() == "rejected", timeout=30)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".request-detail .request-actions button"), [])
        self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        self.driver.refresh()
        wait_for("ana's feed is back", lambda: self.text("#live").startswith("Live"), timeout=30)

    def test_4_a_request_opened_in_the_view_is_approved_and_applied(self):
        self.go("#/requests")
        wait_for("the form to open one is drawn", lambda: "Open a change request" in self.text("main"), timeout=30)
        form = self.driver.find_element(By.CSS_SELECTOR, "form.open-request")
        Select(self.labelled(form, "Channel")).select_by_value("web")
        self.labelled(form, "Message").send_keys("Darker text, passes contrast")
        Select(self.labelled(form, "Skin")).select_by_value("brand")
        self.labelled(form, "Version").send_keys("3")
        self.button("Request the activation", form).click()
        wait_for("request 2 is opened", lambda: "Change request 2 on web" in self.text(".request-detail h2"), timeout=30)
        wait_for("the gate finds nothing", lambda: "No declared or implied pair fails" in self.text(".request-detail"), timeout=30)

        with self.as_ben():
            self.go("#/requests?channel=web&id=2")
            wait_for("ben opens request 2", lambda: self.state() == "open", timeout=30)
            self.button("Approve").click()
            wait_for("ben's approval lands", lambda: self.state() == "approved", timeout=30)

        wait_for("ana sees the approval", lambda: self.state() == "approved", timeout=30)
        self.button("Apply").click()
        wait_for("it is applied", lambda: self.state() == "applied", timeout=60)
        self.assertIn("Applied: web now shows brand@3.", self.status())
        self.assertEqual(self.served(), ("brand", 3))
        steps = [row.get_attribute("data-action") for row in self.driver.find_elements(By.CSS_SELECTOR, ".request-detail tr[data-action]")]
        self.assertEqual(steps, ["open", "approve", "apply"])

    def test_5_a_draft_requested_from_the_drafts_view_shows_its_preview_and_is_published_on_apply(self):
        document = json.dumps(brand(DRAFTED)).encode()
        request = urllib.request.Request(f"{self.server.base}/v1/drafts/brand-spring?skin=brand", data=document, method="PUT",
                                         headers={"Authorization": f"Bearer {self.tokens['ana']}"})
        urllib.request.urlopen(request, timeout=60).close()
        self.go("#/drafts?id=brand-spring")
        wait_for("the draft is opened", lambda: "Draft brand-spring" in self.text(".draft-detail"), timeout=30)
        self.driver.find_element(By.LINK_TEXT, "open a change request for it").click()
        form = wait_for("the form to open one is drawn", lambda: self.driver.find_elements(By.CSS_SELECTOR, "form.open-request"), timeout=30)[0]
        self.assertEqual(Select(self.labelled(form, "Draft")).first_selected_option.get_attribute("value"), "brand-spring")
        Select(self.labelled(form, "Channel")).select_by_value("web")
        self.labelled(form, "Message").send_keys("Spring blue, from the draft")
        self.button("Request review of the draft", form).click()
        wait_for("request 3 is opened", lambda: "Change request 3 on web" in self.text(".request-detail h2"), timeout=30)
        self.assertIn("Publish draft brand-spring (revision 1) as the next version of brand", self.text(".request-detail"))

        # The opening's preview link, as text and as a QR code a phone's camera reads.
        wait_for("the QR code is drawn", lambda: self.js(
            "const i = document.querySelector('.request-detail .preview-link img.qr'); return !!i && i.complete && i.naturalWidth > 0"), timeout=30)
        link = self.js("return document.querySelector('.request-detail .preview-link input').value")
        self.assertRegex(link, rf"^{self.server.base}/v1/previews/lvp_[A-Za-z0-9_-]{{43}}$")
        if shutil.which("zbarimg"):
            self.assertEqual(self.read_qr_code(".request-detail .preview-link img.qr", "review-qr"), link)
        wait_for("the draft's diff is drawn", lambda: self.driver.find_elements(By.CSS_SELECTOR, ".request-detail table.diff tr[data-path='color.text']"), timeout=30)
        self.assertEqual(self.unlabelled_controls(), [])
        self.screenshot("review-draft-1280", 1280)
        self.screenshot("review-draft-390", 390)

        with self.as_ben():
            self.go("#/requests?channel=web&id=3")
            wait_for("ben opens request 3", lambda: self.state() == "open", timeout=30)
            self.assertTrue(self.button("Make a preview link").is_displayed(), "a reviewer makes a link of their own")
            self.button("Approve").click()
            wait_for("ben's approval lands", lambda: self.state() == "approved", timeout=30)

        wait_for("ana sees the approval", lambda: self.state() == "approved", timeout=30)
        self.button("Apply").click()
        wait_for("it is applied", lambda: self.state() == "applied", timeout=60)
        self.assertIn("Applied: web now shows brand@4.", self.status())
        self.assertEqual(self.served(), ("brand", 4))
        self.assertIn("published as brand@4", self.text(".request-detail .proposal"))

    def test_6_a_return_to_a_history_entry_is_requested_and_cancelled_by_its_author(self):
        self.go("#/channels")
        wait_for("web's card offers returns", lambda: "Request a return to entry 1" in self.card_text("web"), timeout=30)
        card = self.card("web")
        self.labelled(card, "Message of the change request").send_keys("Back to the first look")
        self.button("Request a return to entry 1", card).click()
        wait_for("request 4 is opened", lambda: "Change request 4 on web" in self.text(".request-detail h2"), timeout=30)
        # Entry 1 read whole: its target and its builds entries (none), as a rollback would restore them.
        self.assertIn("Activate brand@1, no builds entries.", self.text(".request-detail .proposal"))
        self.button("Cancel the request").click()
        wait_for("it is cancelled", lambda: self.state() == "cancelled", timeout=30)
        self.assertIn("Cancelled.", self.status())
        self.assertEqual(self.served(), ("brand", 4))

    def test_7_every_request_is_listed_with_its_state(self):
        self.go("#/requests?show=all")
        wait_for("the four requests are listed", lambda: len(self.driver.find_elements(By.CSS_SELECTOR, ".requests-table tr[data-request]")) == 4, timeout=30)
        states = {row.get_attribute("data-request"): row.find_element(By.CSS_SELECTOR, ".badge").text
                  for row in self.driver.find_elements(By.CSS_SELECTOR, ".requests-table tr[data-request]")}
        self.assertEqual(states, {"web/1": "rejected", "web/2": "applied", "web/3": "applied", "web/4": "cancelled"})
        self.screenshot("review-list-all-1280", 1280)
        self.screenshot("review-list-all-390", 390)
        self.assertEqual(self.allowed_errors(), [])
        with self.as_ben():
            self.assertEqual(self.allowed_errors(), [])


if __name__ == "__main__":
    unittest.main()
