"""Browser tests of the designers' console (docs/api.md, "The designers' console"): headless Chromium, driven by Selenium, against a
real `livery serve` on 127.0.0.1 (the shared harness, livery_harness.py). Screenshots of every view are
saved under LIVERY_BROWSER_OUTPUT (default .build/browser-output/console) for a person to look at.

Run by scripts/browser-tests.sh, with the web client's tests.
"""

import json
import os
import time
import unittest
import urllib.request

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from console_page import OUTPUT, ConsolePage
from livery_harness import wait_for

DRAFT_BROKEN = '{"color": {"$type": "color", "tint": {"$value": "#ff7a00"}, "background": {"$value": "{color.nope}"}}}'
DRAFT = """{
  "$livery": {
    "variants": {"dark": {"color": {"background": {"$value": "#101418"}}}},
    "images": {"checkout_logo": "sha256:LOGO"},
    "contrast": [{"foreground": "{color.tint}", "background": "{color.background}", "min": 2}],
    "styles": {"cta": {"component": "Button", "properties": {"backgroundColor": "{color.tint}", "titleColor": "#1a1a1a"}}},
    "rules": [{"selector": "checkout/button", "style": "cta"}]
  },
  "color": {"$type": "color",
            "tint": {"$value": "#ff7a00"},
            "background": {"$value": "lighten({color.tint}, 0.9)"},
            "text": {"$value": "contrast({color.background}, #000000, #ffffff)"}},
  "radius": {"$type": "dimension", "card": {"$value": "12px"}},
  "elevation": {"$type": "shadow", "card": {"$value": {"color": "#00000040", "offsetX": "0px", "offsetY": "2px", "blur": "8px", "spread": "0px"}}}
}"""


# The resolver bundle of docs/skins.md: one axis, theme, with light (default) and dark.
TOKEN_SET = """{
  "resolver": {
    "version": "2025.10",
    "sets": {"base": {"sources": [{"$ref": "base.json"}]}},
    "modifiers": {"theme": {"contexts": {"light": [{"$ref": "theme/light.json"}], "dark": [{"$ref": "theme/dark.json"}]}, "default": "light"}},
    "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}]
  },
  "files": {
    "base.json": {"color": {"$type": "color", "ink": {"$value": "#333333"}, "text": {"$value": "{color.ink}"}}},
    "theme/light.json": {"color": {"surface": {"$value": "#ffffff"}}},
    "theme/dark.json": {"color": {"surface": {"$value": "#101418"}, "ink": {"$value": "#eeeeee"}}}
  }
}"""


def rgb(hex_colour):
    """'#rrggbb[aa]' → the computed-style text Chromium gives for it."""
    value = hex_colour.lstrip("#")
    r, g, b = (int(value[i:i + 2], 16) for i in (0, 2, 4))
    alpha = int(value[6:8], 16) / 255 if len(value) == 8 else 1
    return f"rgb({r}, {g}, {b})" if alpha == 1 else f"rgba({r}, {g}, {b}, {round(alpha, 3)})"


class ConsoleTests(ConsolePage):
    """One browser, one server, in order: look, variants, live publish, draft → publish → activate,
    the other views, 200 % zoom, and finally a clean browser log."""

    def chip(self, path, scope="main"):
        """The computed background colour of a token's swatch, or None while it is not drawn."""
        return self.js(
            "const chip = document.querySelector(arguments[0] + ` [data-path='${arguments[1]}'] .chip`);"
            "return chip && getComputedStyle(chip).backgroundColor", scope, path)

    def upload_logo(self):
        """An SVG asset uploaded as a designer's tool would; its SHA-256."""
        svg = '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="32"><rect width="96" height="32" rx="6" fill="#ff7a00"/></svg>'
        request = urllib.request.Request(
            f"{self.server.base}/v1/assets", data=svg.encode(), method="POST",
            headers={"Authorization": f"Bearer {self.server.token}", "Content-Type": "image/svg+xml"})
        with urllib.request.urlopen(request) as response:
            return json.loads(response.read())["sha256"]

    # MARK: Tests

    def test_1_the_look_of_the_default_channel_is_drawn(self):
        self.go("")
        document = self.server.get("/v1/channels/default/skin", token=False)
        for path in ("color.tint", "color.background", "color.secondaryText"):
            expected = rgb(document["tokens"][path]["value"])
            wait_for(f"the {path} swatch shows {expected}", lambda: self.chip(path) == expected)
        self.assertIn("#3366ff", self.text(".entry[data-path='color.tint']"), "the entry names its hex")
        wait_for("the server's contrast findings are marked", lambda: self.driver.find_elements(By.CSS_SELECTOR, ".entry[data-path='color.text'] .ratio"))
        self.assertRegex(self.text(".entry[data-path='color.text']"), r"\d+\.\d\d:1", "a text colour has its contrast on the background")
        for path in ("color.tint", "color.background", "color.separator"):
            self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, f".entry[data-path='{path}'] .ratio"), [], f"{path} is not text: no mark")
        wait_for("the components a rule styles are drawn", lambda: "checkout/button" in self.text(".components"))
        self.go("#/look?channel=default&token=font.title")
        wait_for("the detail opens", lambda: self.js("return document.querySelector('dialog.token-detail')?.open"))
        font = self.js("return getComputedStyle(document.querySelector('.detail-value .mini')).fontSize")
        self.assertEqual(font, "28px", "the title specimen is set in its own size")
        self.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        self.assertEqual(self.unlabelled_controls(), [])
        self.screenshot("1-look-default")

    def test_2_a_token_given_by_keyboard_lists_variants_and_switching_redraws(self):
        button = self.driver.find_element(By.ID, "token-button")
        button.send_keys(Keys.ENTER)
        wait_for("the token dialog takes the focus", lambda: self.js("return document.activeElement.id") == "token-input")
        self.driver.switch_to.active_element.send_keys(self.server.token + Keys.ENTER)
        wait_for("the button says a token is kept", lambda: "✓" in button.text)
        self.assertEqual(self.js("return sessionStorage.getItem('livery.designerToken')"), self.server.token)
        self.assertNotIn(self.server.token, self.driver.current_url, "never in a URL")

        dark = wait_for("the declared variants are listed", lambda: self.driver.find_elements(By.CSS_SELECTOR, "input[name=variant][value=dark]"))[0]
        light_background = self.chip("color.background")
        dark.send_keys(Keys.SPACE)
        dark_value = self.server.get("/v1/channels/default/skin?variant=dark", token=False)["tokens"]["color.background"]["value"]
        wait_for("the background swatch turns dark", lambda: self.chip("color.background") == rgb(dark_value))
        self.assertNotEqual(light_background, rgb(dark_value))
        self.assertIn("variant=dark", self.driver.current_url, "the selection is in the address, so it can be shared")
        wait_for("the themed rule is drawn", lambda: "@dark/title" in self.text(".components"))
        self.screenshot("2-look-dark")

    def test_3_another_clients_publish_appears_without_reload(self):
        self.go("#/look?channel=default")
        wait_for("the look is drawn", lambda: self.chip("color.tint") == rgb("#3366ff"))
        self.js("window.notReloaded = true")
        wait_for("the console holds its change feed", lambda: self.server.held_long_polls() >= 1)
        started = time.monotonic()
        self.server.publish_demo("#00aa55")
        wait_for("the new tint appears", lambda: self.chip("color.tint") == rgb("#00aa55"), timeout=5)
        print(f"another client's publish drawn {time.monotonic() - started:.3f} s after it")
        self.assertTrue(self.js("return window.notReloaded === true"), "without a reload")
        # A publish to a followed channel is two events (the publish, then the gate releasing its
        # provisional hold), so the view may draw twice: wait for the last drawing, not the first.
        wait_for("the summary names the new version", lambda: "demo@2" in self.text(".summary"), timeout=5)

    def test_4_a_draft_is_checked_drawn_published_and_activated_through_the_page(self):
        self.go("#/draft?skin=summer")
        textarea = wait_for("the draft form", lambda: self.driver.find_elements(By.CSS_SELECTOR, "textarea[name=document]"))[0]
        self.assertEqual(self.unlabelled_controls(), [])

        def paste(text):  # what a paste does: the value changes, then one input event
            self.js("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", textarea, text)

        paste(DRAFT_BROKEN)
        wait_for("the error is shown at its path", lambda: "color.background" in self.text(".findings") and "unknown-reference" in self.text(".findings"))
        self.driver.find_element(By.XPATH, "//button[text()='Show in draft']").send_keys(Keys.ENTER)
        selected = self.js("return arguments[0].value.slice(arguments[0].selectionStart, arguments[0].selectionEnd)", textarea)
        self.assertEqual(selected, '"background"', "Show in draft selects the path in the text")
        self.screenshot("4-draft-errors")

        # A tool's export: its warnings read one line per kind, the paths folded under it (docs/skins.md, "What tool exports may contain").
        spacing = ", ".join(f'"s{n}": {{"$type": "spacing", "$value": "{n * 4}px"}}' for n in range(1, 8))
        paste('{"space": {' + spacing + '}, "radius": {"sm": {"$type": "borderRadius", "$value": "4px"}}}')
        wait_for("warnings are shown one per kind", lambda: "7 × mapped-type (spacing → dimension)" in self.text(".findings"))
        # 8 legacy-form too: the values are dimensions written as text ("4px").
        self.assertIn("16 warnings of 3 kinds", self.text(".findings"))
        self.assertIn("radius.sm", self.text(".findings"), "a kind of one path reads as before")
        self.screenshot("4-draft-warning-kinds")

        logo = self.upload_logo()
        paste(DRAFT.replace("LOGO", logo).replace('"min": 2', '"min": 4.5'))
        wait_for("the draft is drawn", lambda: self.chip("color.tint", ".draft-drawing") == rgb("#ff7a00"))
        wait_for("its image is shown", lambda: self.js(
            "const img = document.querySelector(\".draft-drawing figure[data-path='checkout_logo'] img\");"
            "return img && img.complete && img.naturalWidth > 0"))
        failing = self.text(".draft-drawing .contrast-failures")
        self.assertIn("{color.tint} on {color.background}", failing, "the declared pair that fails is marked, as validate found it")
        self.assertRegex(failing, r"contrast \d\.\d\d:1 under the base look; at least 4\.5:1")

        # The designer accepts a lower bar for that pair (a large-type accent); the mark goes away,
        # and the contrast gate of release control lets the version go live.
        paste(DRAFT.replace("LOGO", logo))
        wait_for("no failing pair is left", lambda: "No declared or implied pair fails" in self.text(".draft-drawing"))
        self.assertEqual(self.chip("color.background", ".draft-drawing"), rgb("#fff2e6"), "derived values as the server resolves them")
        self.assertIn("rule checkout/button", self.text(".draft-drawing .components"))
        self.screenshot("4-draft-preview")

        self.driver.find_element(By.CSS_SELECTOR, "input[name=message]").send_keys("orange")
        self.driver.find_element(By.XPATH, "//button[text()='Publish']").send_keys(Keys.ENTER)
        wait_for("the publish is confirmed", lambda: "Published summer version 1" in self.text(".after-publish"))
        detail = self.server.get("/v1/skins/summer")
        self.assertEqual(detail["latestVersion"], 1)
        self.assertEqual(detail["versions"][0]["message"], "orange")

        channel = self.driver.find_element(By.CSS_SELECTOR, ".after-publish input[name=channel]")
        channel.clear()
        channel.send_keys("web")
        self.driver.find_element(By.XPATH, "//button[text()='Activate now']").send_keys(Keys.ENTER)
        wait_for("the activation is confirmed", lambda: "Active on web" in self.text(".after-publish"))
        served = self.server.get("/v1/channels/web/skin", token=False)
        self.assertEqual((served["skin"], served["version"]), ("summer", 1))
        self.screenshot("4-draft-published")

    def test_5_skins_channels_and_compare_views(self):
        self.go("#/skins?skin=demo")
        wait_for("the versions are listed", lambda: len(self.driver.find_elements(By.CSS_SELECTOR, "tr[data-version]")) == 2)
        self.assertNotIn("Checking", self.text("main"), "no version is validated until asked")
        self.driver.find_element(By.XPATH, "//button[text()='Check 2']").send_keys(Keys.ENTER)
        wait_for("version 2's warnings are checked", lambda: "none" in self.text("tr[data-version='2'] td.warnings"))
        self.assertIn("summer", self.text("main"), "every skin is listed")
        self.screenshot("5-skins")

        self.go("#/channels")
        wait_for("both channels are shown", lambda: "Channel web" in self.text() and "Channel default" in self.text())
        self.assertIn("summer@1", self.text())
        self.assertEqual(self.unlabelled_controls(), [])
        self.screenshot("5-channels")

        self.go("#/compare?skin=demo&from=1&to=2")
        row = wait_for("the diff lists the tint", lambda: self.driver.find_elements(By.CSS_SELECTOR, "tr.changed[data-path='color.tint']"))[0]
        chips = [self.js("return getComputedStyle(arguments[0]).backgroundColor", chip) for chip in row.find_elements(By.CSS_SELECTOR, ".mini-chip")]
        self.assertEqual(chips, [rgb("#3366ff"), rgb("#00aa55")], "old against new")
        self.assertRegex(self.text(".impact"), r"\d+ changed tokens?", "the impact (or, without it, the counts) leads")
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".side"), [], "only the changed tokens are drawn")
        self.screenshot("5-compare")

        self.go("#/compare?draft=1&channel=default")
        wait_for("the draft is compared with the active look", lambda: "active on default → draft" in self.text())
        self.screenshot("5-compare-draft")

    def test_5b_a_token_sets_axes_are_chosen_one_select_each(self):
        status = self.server.post("/v1/skins/system/versions", TOKEN_SET)
        self.assertEqual(status, 201)
        self.go("#/look?skin=system")
        wait_for("the light surface is drawn", lambda: self.chip("color.surface") == rgb("#ffffff"))
        theme = wait_for("the theme axis is a select", lambda: self.driver.find_elements(By.CSS_SELECTOR, "select[name=axis-theme]"))[0]
        self.assertEqual(theme.get_attribute("value"), "theme:light", "the default context is shown as chosen")
        theme.send_keys(Keys.ARROW_DOWN)  # keyboard only: the next context, dark
        wait_for("the dark surface is drawn", lambda: self.chip("color.surface") == rgb("#101418"))
        self.assertEqual(self.chip("color.text"), rgb("#eeeeee"), "a context overrides what the base set aliases")
        self.assertIn("theme:dark", self.text(".summary"))
        self.screenshot("5b-look-token-set-dark")

    def test_5c_roll_out_promote_roll_back_and_schedule_through_the_channels_view(self):
        paths = self.server.get("/openapi.json", token=False)["paths"]
        if "/v1/channels/{channel}/rollback" not in paths:
            self.skipTest("this server has no release control (docs/api.md, 'Rollouts, schedules and rollback') yet")
        second = DRAFT.replace("LOGO", self.upload_logo()).replace("#ff7a00", "#f25c54")
        self.assertEqual(self.server.post("/v1/skins/summer/versions", second), 201)
        self.go("#/channels")
        section = "//section[.//h2[text()='Channel web']]"

        def card_text():  # read in one script: the section may be redrawn at any moment
            return self.js("const title = [...document.querySelectorAll('section h2')].find(e => e.textContent === 'Channel web');"
                           "return title ? title.closest('section').innerText : ''")

        def press(xpath, keys=Keys.ENTER):  # found afresh and pressed; tried again if a redraw replaced it
            def attempt():
                try:
                    self.driver.find_element(By.XPATH, section + xpath).send_keys(keys)
                    return True
                except (NoSuchElementException, StaleElementReferenceException):
                    return False
            wait_for(f"{xpath} can be pressed", attempt)
        wait_for("the web channel is shown", lambda: "summer@1" in card_text())
        form = "//form[contains(@class, 'actions-form')]"
        press(form + "//input[@name='version']", "2")
        press(form + "//input[@name='percent']", Keys.CONTROL + "a" + Keys.NULL + "10")
        press(form + "//button[text()='Start or move rollout']")
        wait_for("the rollout is shown", lambda: "summer@2 to 10 %" in card_text())
        channel = self.server.get("/v1/channels/web")
        self.assertEqual((channel["version"], channel["rollout"]["version"], channel["rollout"]["percent"]), (1, 2, 10))
        self.screenshot("5c-channels-rollout")

        self.go("#/look?channel=web&bucket=5")
        wait_for("bucket 5 gets the rollout", lambda: self.chip("color.tint") == rgb("#f25c54"))
        self.go("#/look?channel=web&bucket=50")
        wait_for("bucket 50 keeps the active look", lambda: self.chip("color.tint") == rgb("#ff7a00"))

        self.go("#/channels")
        wait_for("the rollout is shown", lambda: "summer@2 to 10 %" in card_text())
        press("//button[starts-with(text(), 'Promote')]")
        wait_for("the rollout is promoted", lambda: self.server.get("/v1/channels/web")["version"] == 2)
        wait_for("the page shows it", lambda: "Active: summer@2" in card_text())
        press("//button[text()='Roll back to the previous activation']")
        wait_for("the rollback lands", lambda: self.server.get("/v1/channels/web")["version"] == 1)
        wait_for("the page shows it", lambda: "Active: summer@1" in card_text())

        schedule = "//div[contains(@class, 'schedules')]//form"
        wait_for("the schedule form", lambda: self.driver.find_elements(By.XPATH, section + schedule))
        self.js("arguments[0].value = arguments[1]", self.driver.find_element(By.XPATH, section + schedule + "//input[@name='at']"), "2031-01-01T09:00")
        press(schedule + "//input[@name='version']", "2")
        press(schedule + "//button[text()='Schedule']")
        wait_for("the schedule is listed", lambda: "Cancel schedule" in card_text())
        self.screenshot("5c-channels-schedule")
        press("//button[starts-with(text(), 'Cancel schedule')]")
        wait_for("the schedule is cancelled", lambda: "cancelled" in card_text())
        self.screenshot("5c-channels-history")

    def test_5d_a_long_history_is_shown_a_page_at_a_time(self):
        channel = self.server.get("/v1/channels/web")
        if "historyCount" not in channel:
            self.skipTest("this server sends the whole history (no paging, docs/api.md) yet")
        while self.server.get("/v1/channels/web")["historyCount"] <= 55:
            self.assertEqual(self.server.post("/v1/channels/web/rollback", "{}"), 200)
        self.go("#/channels")
        section = "//section[.//h2[text()='Channel web']]"
        rows = lambda: self.js(
            "const title = [...document.querySelectorAll('section h2')].find(e => e.textContent === 'Channel web');"
            "return title ? title.closest('section').querySelectorAll('tbody tr').length : 0")
        wait_for("the latest page of the history is drawn", lambda: rows() >= 50)
        self.assertFalse(self.driver.find_elements(By.XPATH, section + "//button[text()='Roll back to entry 1']"))
        wait_for("older entries are fetched", lambda: self.driver.find_element(
            By.XPATH, section + "//button[text()='Show older entries']").send_keys(Keys.ENTER) or True)
        wait_for("the oldest entry is listed", lambda: self.driver.find_elements(By.XPATH, section + "//button[text()='Roll back to entry 1']"))
        self.assertFalse(self.driver.find_elements(By.XPATH, section + "//button[text()='Show older entries']"))

    def test_6_readable_at_200_percent_zoom(self):
        # 200 % zoom of a 1280 px window lays the page out in 640 CSS pixels.
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 640, "height": 900, "deviceScaleFactor": 2, "mobile": False})
        try:
            for route in ("#/look?channel=default", "#/draft?skin=summer", "#/channels"):
                self.go(route)
                wait_for(f"{route} is drawn", lambda: "Loading…" not in self.text() and len(self.text()) > 200)
                overflow = self.js("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
                self.assertLessEqual(overflow, 0, f"{route} scrolls sideways at 200 %")
            self.driver.save_screenshot(os.path.join(OUTPUT, "6-channels-200-percent.png"))
        finally:
            self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def test_7_the_browser_log_has_no_errors(self):
        self.assertEqual(self.browser_errors(), [])


if __name__ == "__main__":
    unittest.main(verbosity=2)
