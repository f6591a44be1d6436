"""The console with real design systems (docs/skins.md, "The designers' console", issue 34): GitHub Primer and IBM
Carbon from the corpus's DTCG examples, and the Tokens Studio project designsystemet, each published to a real
`livery serve` through `livery publish` and driven in headless Chromium. Skipped, saying why, where the corpus is
absent.

What a design team reads: contrast judged per pair (no false mark on Primer's emphasis pairs), Compare's variants and
axis contexts picked from lists, the live feed starting at the current sequence, paths in a designer's order with
private groups last, findings read once, every view at 1280 and 390 px, and keyboard-only use. Screenshots go to
LIVERY_BROWSER_OUTPUT (default .build/browser-output/console).
"""

import json
import os
import re
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from console_page import ConsolePage
from livery_harness import ROOT, wait_for

CORPUS = os.path.join(ROOT, "..", "shared", "corpus", "dtcg")
EXAMPLES = os.path.join(CORPUS, "dtcg-examples")
PRIMER = os.path.join(EXAMPLES, "github-primer.resolver.json")
CARBON = os.path.join(EXAMPLES, "ibm-carbon.resolver.json")
STUDIO = os.path.join(CORPUS, "tokens-studio-designsystemet", "design-tokens")


class ConsoleSystemsTests(ConsolePage):
    """One server with Primer, Carbon and designsystemet; one browser at 1280 × 900."""

    @classmethod
    def setUpClass(cls):
        missing = [path for path in (PRIMER, CARBON, STUDIO) if not os.path.exists(path)]
        if missing:
            raise unittest.SkipTest(f"the corpus lacks {', '.join(os.path.abspath(p) for p in missing)} (the development workspace's ../shared)")
        super().setUpClass()

    @classmethod
    def prepare(cls):
        for source, skin in ((PRIMER, "primer"), (CARBON, "carbon"), (STUDIO, "studio")):
            cls.publish(source, skin)

    # MARK: Helpers

    def open_look(self, skin, extra=""):
        self.open(f"#/look?skin={skin}{extra}")
        wait_for("the grid is drawn", lambda: self.js("return document.querySelectorAll('details.group').length") > 0, timeout=30)

    def sideways(self):
        return self.js("return document.documentElement.scrollWidth - document.documentElement.clientWidth")

    def screenshot(self, name, width):
        """The whole page at `width`, Primer's long Look included."""
        return super().screenshot(f"systems-{name}", width, tallest=16000)

    def at_width(self, width, work):
        """Runs `work` with the window `width` px wide, then back at 1280."""
        self.driver.set_window_size(width, 900)
        try:
            return work()
        finally:
            self.driver.set_window_size(1280, 900)

    def tab_to(self, reached, what, limit=80):
        """Presses Tab until `reached()` (keyboard only); fails naming `what`."""
        for _ in range(limit):
            if reached():
                return
            self.driver.switch_to.active_element.send_keys(Keys.TAB)
        self.fail(f"{what} is not reached with Tab")

    def marks(self):
        """Each drawn entry's contrast mark: path → (passes, text, title)."""
        return {row[0]: (row[1], row[2], row[3]) for row in self.js(
            "return [...document.querySelectorAll('.entry')].filter(e => e.querySelector('.ratio'))"
            ".map(e => { const r = e.querySelector('.ratio'); return [e.dataset.path, r.classList.contains('pass'), r.innerText, r.title]; })")}

    # MARK: Contrast, per pair

    def test_1_primers_emphasis_pairs_carry_no_false_mark(self):
        findings = {f["path"]: f for f in self.server.get("/v1/skins/primer/contrast")["text"]}
        on_emphasis = findings["fgColor.onEmphasis"]
        surfaces = [pair["background"] for pair in on_emphasis["pairs"]]
        self.assertTrue(surfaces and all(s.endswith("emphasis") for s in surfaces), f"white text is judged on emphasis surfaces alone: {surfaces}")
        self.assertIn("bgColor.accent.emphasis", surfaces)
        self.assertNotIn("bgColor.default", surfaces)
        for path, finding in findings.items():
            if "onEmphasis" in path:
                continue
            misread = [p["background"] for p in finding["pairs"] if re.fullmatch(r"bgColor\.(\w+\.)?emphasis", p["background"])]
            self.assertEqual(misread, [], f"{path} is not meant for the emphasis surfaces")

        self.open_look("primer", "&q=fgColor")
        wait_for("the marks are drawn", lambda: "fgColor.onEmphasis" in self.marks(), timeout=30)
        marks = self.marks()
        passes, text, title = marks["fgColor.onEmphasis"]
        self.assertEqual(passes, on_emphasis["passes"])
        self.assertNotIn("bgColor.default", title)
        for path, (passes, text, title) in marks.items():
            if not passes:
                self.assertRegex(text, r"✗ \d+\.\d\d:1 < [\d.]+ on \S+", f"{path}: a failing mark names the pair and by how much")
        self.assertNotIn("fgColor.white", marks, "a colour named for itself is not paired")
        self.assertNotIn("fgColor.disabled", marks, "inactive text is exempt")
        self.screenshot("1-primer-fg-marks", 1280)

        # The detail lists every surface with its ratio.
        self.js("document.querySelector(\".entry[data-path='fgColor.onEmphasis'] .entry-button\").click()")
        wait_for("the detail lists the pairs", lambda: "bgColor.accent.emphasis" in self.text(".token-detail .pairs"))
        self.screenshot("1-primer-detail-pairs", 1280)
        self.at_width(390, lambda: self.screenshot("1-primer-detail-pairs-390", 390))

    def test_2_no_background_or_border_is_marked_and_a_palette_has_no_marks(self):
        self.open_look("primer")
        wait_for("the findings are summarised", lambda: "text colours marked" in self.text(".findings-summary"), timeout=30)
        self.js("document.querySelectorAll('details.group').forEach(d => d.open = true)")
        marked = wait_for("marks are drawn", lambda: self.marks())
        words = lambda path: [w.lower() for part in re.split(r"[.\-_]", path) for w in re.split(r"(?<=[a-z0-9])(?=[A-Z])", part)]
        wrongly = [p for p in marked if not {"fg", "text", "foreground"} & set(words(p))]
        self.assertEqual(wrongly, [], "only text colours are marked")
        self.open_look("carbon")
        wait_for("Carbon's findings are summarised", lambda: "No text colour is marked" in self.text(".findings-summary"), timeout=30)
        self.assertEqual(self.marks(), {}, "Carbon's palette names no text colour and no surface: nothing to judge, nothing marked")

    # MARK: Compare

    def test_3_compare_picks_a_token_sets_contexts_from_lists_by_keyboard(self):
        self.open("#/compare")
        skin = wait_for("the skin picker", lambda: self.driver.find_elements(By.CSS_SELECTOR, "select[name=skin]"))[0]
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, "form input[name=variant]:not([type=checkbox])"), [], "no variant is typed")
        Select(skin).select_by_value("carbon")
        axis = wait_for("Carbon's breakpoint axis is offered", lambda: self.driver.find_elements(By.CSS_SELECTOR, "form select[name=axis-breakpoint]"))[0]
        self.assertEqual([o.get_attribute("value") for o in Select(axis).options], ["breakpoint:md", "breakpoint:lg", "breakpoint:xlg", "breakpoint:max"])
        self.assertEqual(axis.get_attribute("value"), "breakpoint:md", "the default context is chosen")

        # Keyboard only, from the top of the page: Tab to Primer's theme, arrow to dark, Tab to the button, Enter.
        self.open("#/compare?skin=primer")
        wait_for("Primer's axes are offered", lambda: self.driver.find_elements(By.CSS_SELECTOR, "form select[name=axis-theme]"))
        self.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
        self.tab_to(lambda: self.js("return document.activeElement.name") == "axis-theme", "the theme picker")
        self.assertIn("theme:dark", self.js("return [...document.activeElement.options].map(o => o.value)"))
        for _ in range(8):
            if self.js("return document.activeElement.value") == "theme:dark":
                break
            self.driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
        self.assertEqual(self.js("return document.activeElement.value"), "theme:dark")
        self.tab_to(lambda: self.js("return document.activeElement.textContent") == "Compare versions", "the Compare versions button")
        self.driver.switch_to.active_element.send_keys(Keys.ENTER)
        wait_for("the address holds the chosen context", lambda: "theme%3Adark" in self.driver.current_url or "theme:dark" in self.driver.current_url)
        wait_for("the comparison is drawn", lambda: "No token differs" in self.text(".compare-body") or "token" in self.text(".impact"), timeout=30)
        chosen = wait_for("the theme stays chosen", lambda: self.driver.find_elements(By.CSS_SELECTOR, "form select[name=axis-theme]"))[0]
        wait_for("the chosen context is shown", lambda: chosen.get_attribute("value") == "theme:dark")
        self.screenshot("3-compare-primer-dark", 1280)

    def test_4_compare_reads_on_a_phone(self):
        # designsystemet gains a second version whose colours differ: Compare has rows to lay out.
        detail = self.server.get("/v1/skins/studio")
        document = self.server.get(f"/v1/skins/studio/versions/{detail['latestVersion']}")
        text = json.dumps(document).replace("#0d1a16", "#0d1a26")
        self.assertEqual(self.server.post("/v1/skins/studio/versions", text), 201)
        route = f"#/compare?skin=studio&from={detail['latestVersion']}&to={detail['latestVersion'] + 1}"

        def phone():
            self.open(route)
            wait_for("the diff is drawn", lambda: self.driver.find_elements(By.CSS_SELECTOR, "table.diff tbody tr"), timeout=30)
            self.assertEqual(self.sideways(), 0, "no sideways scroll at 390 px")
            narrow = self.js("""return [...document.querySelectorAll('table.diff td, table.diff th')]
                .filter(c => c.innerText.trim().length > 2 && c.getBoundingClientRect().width < 60).map(c => c.innerText)""")
            self.assertEqual(narrow, [], "no column a letter wide")
            split = self.js("return [...document.querySelectorAll('table.diff .mini .value')].filter(v => v.getClientRects().length > 1 || v.getBoundingClientRect().height > 40).map(v => v.innerText)")
            self.assertEqual(split, [], "no value broken across lines")
            return self.screenshot("4-compare-390", 390)
        self.at_width(390, phone)
        self.open(route)
        wait_for("the diff is drawn", lambda: self.driver.find_elements(By.CSS_SELECTOR, "table.diff tbody tr"), timeout=30)
        self.screenshot("4-compare-1280", 1280)

    # MARK: The Look of a Tokens Studio project

    def test_5_private_groups_last_collapsed_and_paths_in_natural_order(self):
        self.open_look("studio")
        groups = self.js("return [...document.querySelectorAll('details.group')].map(d => [d.dataset.group, d.open])")
        names = [name for name, _ in groups]
        private = [name for name in names if name.startswith("_")]
        self.assertTrue(private, f"designsystemet has private groups: {names}")
        self.assertEqual(names[-len(private):], private, "private groups come last")
        self.assertTrue(all(not is_open for name, is_open in groups if name.startswith("_")), "and start collapsed")
        self.js("document.querySelector(\"details.group[data-group='_size']\").open = true")
        paths = wait_for("the _size group is drawn", lambda: self.js("return [...document.querySelectorAll(\"details.group[data-group='_size'] .entry\")].map(e => e.dataset.path)"))
        numbered = [p for p in paths if re.fullmatch(r"_size\.\d+", p)]
        self.assertEqual(numbered, sorted(numbered, key=lambda p: int(p.split(".")[1])), "_size.2 before _size.10")
        axes = self.js("return [...document.querySelectorAll('select[name^=axis-]')].map(s => [s.name, s.value, s.dataset.default])")
        self.assertTrue(axes and all(value == default for _, value, default in axes), f"it opens in its defaults: {axes}")
        self.assertEqual(self.sideways(), 0)
        self.screenshot("5-studio-look-1280", 1280)
        self.at_width(390, lambda: (self.assertEqual(self.sideways(), 0), self.screenshot("5-studio-look-390", 390)))

    def test_6_findings_are_read_once(self):
        self.open_look("studio")
        ask = wait_for("the warnings are offered", lambda: self.driver.find_elements(By.XPATH, "//button[starts-with(text(), 'Show the warnings of studio@')]"))[0]
        ask.send_keys(Keys.ENTER)
        summary = wait_for("the warnings are listed", lambda: self.driver.find_elements(By.CSS_SELECTOR, ".warnings-summary details"), timeout=90)[0]
        self.js("arguments[0].open = true; arguments[0].querySelectorAll('details').forEach(d => d.open = true)", summary)
        shown = self.text(".warnings-summary")
        self.assertNotIn("draft@0", shown, "no internal names")
        self.assertNotRegex(shown, r"\(in [^)]*@\d+\)", "no layer names of the document itself")
        self.assertNotIn("contrast-unchecked", shown, "nothing left unchecked: the project declares no pair")
        self.assertNotIn("convert to px", shown)
        self.assertIn("kept as it is", shown, "a unit DTCG lacks says what happens")
        repeated = self.js("""return [...document.querySelectorAll('.warnings-summary ul.paths')].filter(list => {
            const paths = [...list.children].map(li => li.querySelector('.path').textContent);
            return new Set(paths).size !== paths.length; }).length""")
        self.assertEqual(repeated, 0, "each path once per warning")
        self.screenshot("6-studio-warnings", 1280)

    # MARK: Live, keyboard, every view

    def test_7_the_feed_starts_at_the_current_sequence(self):
        current = self.server.get("/v1/events?limit=1")["current"]
        self.assertGreater(current, 3, "three publishes and more are history by now")
        self.open_look("carbon")
        wait_for("the feed holds a long-poll", lambda: self.server.held_long_polls() >= 1, timeout=20)
        # A publish from elsewhere reaches it; the held request's URL is in the page's resource
        # timing once it is answered.
        detail = self.server.get("/v1/skins/carbon")
        document = self.server.get(f"/v1/skins/carbon/versions/{detail['latestVersion']}")
        self.assertEqual(self.server.post("/v1/skins/carbon/versions", json.dumps(document)), 201)
        wait_for("the live line names the publish", lambda: f"publish carbon@{detail['latestVersion'] + 1}" in self.text("#live"), timeout=20)
        polls = self.js("return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/v1/events'))")
        self.assertTrue(polls[0].endswith("/v1/events?limit=1"), f"one small request first: {polls}")
        afters = [int(m.group(1)) for m in (re.search(r"after=(\d+)", p) for p in polls) if m]
        self.assertEqual(afters[:1], [current], f"then it follows from the current sequence, not 0: {polls}")
        self.assertNotIn(0, afters, "history is never paged through")

    def test_8_every_view_at_1280_and_390(self):
        views = ["#/look?skin=primer", "#/look?skin=carbon", "#/skins?skin=primer", "#/channels", "#/builds",
                 "#/compare?skin=primer&from=1&to=1", "#/draft", "#/drafts", "#/look?skin=primer&token=fgColor.accent"]
        for route in views:
            name = re.sub(r"[^a-z0-9]+", "-", route.lower()).strip("-")
            for width in (1280, 390):
                def look():
                    self.open(route)
                    wait_for(f"{route} is drawn", lambda: len(self.text("main")) > 40 and "Loading…" not in self.text("main"), timeout=30)
                    self.assertEqual(self.sideways(), 0, f"{route} scrolls sideways at {width} px")
                    return self.screenshot(f"8-{name}-{width}", width)
                self.at_width(width, look)

    def test_9_the_browser_log_has_no_errors(self):
        self.assertEqual(self.browser_errors(), [])


if __name__ == "__main__":
    unittest.main(verbosity=2)
