"""Browser tests of the console's views of the builds in the field (docs/skins.md, "The designers' console";
docs/apps.md, "What a live build is served, on every path"): headless Chromium, driven by Selenium, against a
real `livery serve` (livery_harness.py).

An app team's release, replayed: `shop` is published and followed by the `mobile` channel (and, through a child
skin `kids` that extends it, by `family`); the contract of ios/3.2.1 is registered and the build launches; a
designer publishes a version without `color.tint`, which the build reads. Then the console must show it:
Live builds has ios/3.2.1 held with the reason, Channels shows the hold and the version it really serves,
Compare names ios/3.2.1 for the breaking entry, and a draft without the token names the build it would break.
Screenshots (1280 px and a 390 px phone) go to LIVERY_BROWSER_OUTPUT (default .build/browser-output/console).

Run by scripts/browser-tests.sh, with the other browser tests.
"""

import json
import os
import unittest
import urllib.error
import urllib.request

from selenium.webdriver.common.by import By

from console_page import OUTPUT, ConsolePage
from livery_harness import wait_for

SHOP = {
    "color": {"$type": "color", "tint": {"$value": "#ff7a00"}, "background": {"$value": "#ffffff"}, "text": {"$value": "#1a1a1a"}},
    "size": {"$type": "dimension", "corner": {"$value": "12px"}},
}
KIDS = {"$livery": {"extends": "shop"}, "color": {"background": {"$value": "#fff4e0"}}}
CONTRACT = {"tokens": {"color.tint": "color", "size.corner": "dimension"}, "styles": [], "images": []}


def without_tint(document):
    copy = json.loads(json.dumps(document))
    del copy["color"]["tint"]
    return copy


class ConsoleBuildsTests(ConsolePage):
    """One browser, one server, in order: the empty state, the release, then each view at 1280 px and 390 px."""

    # MARK: Helpers

    def request(self, method, path, body=None):
        """A designer's request; (status, JSON answer)."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            f"{self.server.base}{path}", data=data, method=method,
            headers={"Authorization": f"Bearer {self.server.token}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def launch(self, channel, client):
        """An app's launch: the channel's look, as the build asks for it."""
        with urllib.request.urlopen(f"{self.server.base}/v1/channels/{channel}/skin?client={client}") as response:
            return json.loads(response.read())

    def with_token(self):
        """The designer token, as the dialog would keep it (sessionStorage of this tab)."""
        self.go("")
        self.js("sessionStorage.setItem('livery.designerToken', arguments[0])", self.server.token)
        self.driver.refresh()

    def sideways(self):
        """How far the page scrolls sideways (0: not at all)."""
        return self.js("return document.documentElement.scrollWidth - document.documentElement.clientWidth")

    def at_phone_width(self, route, ready, name):
        """`route` on a 390 px phone: drawn, nothing scrolls sideways, a screenshot."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
        try:
            self.go(route)
            wait_for(f"{route} is drawn at 390 px", ready)
            self.assertLessEqual(self.sideways(), 0, f"{route} scrolls sideways on a phone")
            height = self.js("return document.documentElement.scrollHeight")
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": min(height + 40, 6000), "deviceScaleFactor": 2, "mobile": True})
            self.driver.save_screenshot(os.path.join(OUTPUT, f"{name}.png"))
        finally:
            self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    # MARK: Tests

    def test_1_no_build_seen_yet(self):
        self.with_token()
        self.go("#/builds")
        wait_for("the empty state", lambda: "No app build has asked for a look yet" in self.text())
        self.assertEqual(self.js("return document.querySelector('nav a[aria-current=page]').textContent"), "Live builds")
        self.screenshot("builds-0-empty")

    def test_2_a_release_holds_the_build_that_reads_the_removed_token(self):
        self.assertEqual(self.request("POST", "/v1/skins/shop/versions?message=first", SHOP)[0], 201)
        self.assertEqual(self.request("POST", "/v1/skins/kids/versions", KIDS)[0], 201)
        self.assertEqual(self.request("PUT", "/v1/channels/mobile", {"skin": "shop", "version": None})[0], 200)
        self.assertIn(self.request("PUT", "/v1/channels/family", {"skin": "kids", "version": None})[0], (200, 201))
        self.assertEqual(self.request("PUT", "/v1/contracts/ios/3.2.1", CONTRACT)[0], 201)
        for _ in range(3):
            self.assertEqual(self.launch("mobile", "ios/3.2.1")["version"], 1)
        self.launch("family", "ios/3.2.1")
        self.launch("mobile", "android/5.0.0")
        self.launch("family", "android/5.0.0")

        status, published = self.request("POST", "/v1/skins/shop/versions?message=untinted", without_tint(SHOP))
        self.assertEqual(status, 201)
        self.assertIn("ios/3.2.1", {hold["audience"] for hold in published["held"]}, "the publish holds the build")
        self.assertEqual(self.launch("mobile", "ios/3.2.1")["version"], 1, "the build keeps the look it can read")
        self.assertEqual(self.launch("mobile", "android/5.0.0")["version"], 2, "a build without a contract follows")

    def test_3_live_builds_shows_the_build_held_with_the_reason(self):
        self.with_token()
        self.go("#/builds")
        row = "tr[data-build='ios/3.2.1']"
        wait_for("ios/3.2.1 is listed", lambda: self.text(row))
        self.assertIn("held", self.js("return document.querySelector(arguments[0]).className", row))
        mobile = self.text(f"{row} li.served[data-channel='mobile']")
        self.assertIn("shop@1", mobile, "what it is served: the version it can read")
        self.assertIn("held", mobile)
        self.assertIn("shop@2 held back", mobile, "the version held back")
        self.assertIn("color.tint", mobile, "and why")
        self.assertIn("✓ registered", self.text(f"{row} td.contract"))
        self.assertIn("2 tokens · 0 styles · 0 images", self.text(f"{row} td.contract"), "the contract's counts")
        self.assertRegex(self.text(f"{row} td:nth-of-type(2)"), r"^\d+$", "requests over 24 h")
        family = self.text(f"{row} li.served[data-channel='family']")
        self.assertIn("shop@1 → kids@1", family, "a child's look names the parent version behind it")

        android = "tr[data-build='android/5.0.0']"
        self.assertIn("none", self.text(f"{android} td.contract"))
        self.assertIn("shop@2", self.text(f"{android} li.served[data-channel='mobile']"), "it follows the latest")
        self.assertNotIn("held", self.text(f"{android} li.served[data-channel='mobile']"))
        self.assertIn("1 build held on an older look", self.text(".summary"))
        self.assertEqual(self.unlabelled_controls(), [])
        self.screenshot("builds-1-live-builds")
        self.at_phone_width("#/builds", lambda: self.text(row), "builds-1-live-builds-390")

    def test_4_channels_show_the_hold_and_the_version_served(self):
        self.go("#/channels")
        card = "section[data-channel='mobile']"
        wait_for("the mobile channel is shown", lambda: self.text(card))
        self.assertIn("follows the latest — serving v2", self.text(f"{card} .active-target"))
        hold = self.text(f"{card} li.hold[data-audience='ios/3.2.1']")
        self.assertIn("ios/3.2.1", hold)
        self.assertIn("shop@1", hold, "serving which look")
        self.assertIn("shop@2 is held back", hold, "which version is held back")
        self.assertIn("color.tint", hold, "the reasons")
        self.assertIn("v1", self.text(f"{card} table td.served"), "history names the version served")
        self.assertEqual(self.unlabelled_controls(), [])
        self.screenshot("builds-2-channels")
        self.at_phone_width("#/channels", lambda: self.text(card), "builds-2-channels-390")

    def test_5_compare_names_the_build_a_breaking_entry_breaks(self):
        self.go("#/compare?skin=shop&from=1&to=2")
        entry = "ul.breaking li[data-path='color.tint']"
        wait_for("the breaking entry is listed", lambda: self.text(entry))
        self.assertIn("ios/3.2.1", self.text(entry))
        self.assertIn("ios/3.2.1", self.text(".impact-builds"))
        self.assertIn("breaking", self.text(".impact-verdict"))
        self.screenshot("builds-3-compare")
        self.at_phone_width("#/compare?skin=shop&from=1&to=2", lambda: self.text(entry), "builds-3-compare-390")

    def test_6_a_draft_names_the_build_it_would_break(self):
        self.go("")
        self.js("sessionStorage.setItem('livery.draft', arguments[0])", json.dumps({"skin": "shop", "text": json.dumps(without_tint(SHOP), indent=2)}))
        self.go("#/draft?skin=shop")
        wait_for("the finding names the build", lambda: "ios/3.2.1" in self.text(".findings li[data-code='incompatible']"))
        self.assertIn("color.tint", self.text(".findings li[data-code='incompatible']"))
        self.assertIn("1 live build could not read it (ios/3.2.1)", self.text(".findings"))
        wait_for("the drawing lists it beside contrast", lambda: "ios/3.2.1" in self.text(".draft-drawing .incompatible-builds"))
        self.screenshot("builds-4-draft")

        # Published through the page: the answer says whom the release gate holds.
        self.driver.find_element(By.XPATH, "//button[text()='Publish']").click()
        wait_for("the publish is confirmed", lambda: "Published shop version 3" in self.text(".after-publish"))
        held = self.text(".after-publish .publish-holds")
        self.assertIn("ios/3.2.1", held, "the hold the publish made names the build")
        self.assertIn("color.tint", held)
        self.assertEqual(self.launch("mobile", "ios/3.2.1")["version"], 1)
        self.screenshot("builds-5-draft-published")

    def test_7_the_browser_log_has_no_errors(self):
        self.assertEqual(self.browser_errors(), [])


if __name__ == "__main__":
    unittest.main(verbosity=2)
