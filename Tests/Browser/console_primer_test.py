"""The console with a real design system (docs/api.md, "The designers' console", issue 23): GitHub Primer from the corpus
(1,353 tokens, two variant axes), published to a real `livery serve` through `livery publish`, and
driven in headless Chromium. Skipped, saying why, where the corpus is absent.

Screenshots at 1280 and 390 px go to LIVERY_BROWSER_OUTPUT (default .build/browser-output/console).
"""

import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from livery_harness import LIVERY, ROOT, LiveryProcess, chromium, wait_for

OUTPUT = os.environ.get("LIVERY_BROWSER_OUTPUT", os.path.join(ROOT, ".build", "browser-output", "console"))
EXAMPLES = os.path.join(ROOT, "..", "shared", "corpus", "dtcg", "dtcg-examples")
RESOLVER = "github-primer.resolver.json"
# Version 2 changes one text colour, so Compare has something to show.
DANGER_V2 = {"colorSpace": "srgb", "components": [0.6431, 0.0549, 0.149], "alpha": 1, "hex": "#a40e26"}

# Words that make a path a background or a border colour: never marked against the background.
NOT_TEXT = ("bg", "background", "border", "shadow", "outline")


class ConsolePrimerTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not os.path.exists(os.path.join(EXAMPLES, RESOLVER)):
            raise unittest.SkipTest(f"no Primer in the corpus at {os.path.abspath(EXAMPLES)} (the development workspace's ../shared)")
        os.makedirs(OUTPUT, exist_ok=True)
        cls.server = LiveryProcess()
        try:
            cls.publish(EXAMPLES)
            cls.folder = tempfile.mkdtemp(prefix="livery-primer-")
            shutil.copy(os.path.join(EXAMPLES, RESOLVER), cls.folder)
            shutil.copytree(os.path.join(EXAMPLES, "github-primer"), os.path.join(cls.folder, "github-primer"))
            colours = os.path.join(cls.folder, "github-primer", "functional", "color", "fgColor.tokens.json")
            with open(colours) as file:
                document = json.load(file)
            document["fgColor"]["danger"]["$value"] = DANGER_V2
            with open(colours, "w") as file:
                json.dump(document, file)
            cls.publish(cls.folder, "danger darker")
            cls.driver = chromium(size="1280,900")
        except Exception:
            cls.server.stop()
            raise

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()
        shutil.rmtree(cls.folder, ignore_errors=True)

    @classmethod
    def publish(cls, folder, message=None):
        command = [LIVERY, "publish", os.path.join(folder, RESOLVER), "--skin", "primer",
                   "--server", cls.server.base, "--token", cls.server.token] + (["--message", message] if message else [])
        subprocess.run(command, check=True, capture_output=True, text=True, timeout=300)

    # MARK: Helpers

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def open_look(self, route="#/look?skin=primer", grid=True):
        self.driver.get(f"{self.server.base}/")
        self.js("sessionStorage.setItem('livery.designerToken', arguments[0])", self.server.token)
        self.driver.get(f"{self.server.base}/{route}")
        if grid:
            wait_for("the grid is drawn", lambda: self.js("return document.querySelectorAll('details.group').length") > 0, timeout=30)

    def query_in_address(self):
        fragment = urllib.parse.urlsplit(self.driver.current_url).fragment
        return urllib.parse.parse_qs(fragment.partition("?")[2]).get("q", [""])[0]

    def shown_paths(self):
        return self.js("return [...document.querySelectorAll('details.group[open] .entry')].map(e => e.dataset.path)")

    def search(self, text):
        box = self.driver.find_element(By.CSS_SELECTOR, "input[name=q]")
        box.send_keys(Keys.CONTROL + "a", Keys.DELETE)
        box.send_keys(text)
        wait_for(f"the search {text!r} is in the address", lambda: self.query_in_address() == text and "match" in self.text(".search"))

    def text(self, selector):
        return self.js("const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", selector)

    def screenshot(self, name, width):
        height = self.js("return document.documentElement.scrollHeight")
        self.driver.set_window_size(width, min(height + 140, 16000))
        self.driver.save_screenshot(os.path.join(OUTPUT, f"{name}.png"))
        self.driver.set_window_size(width, 900)

    # MARK: Tests

    def test_1_the_look_opens_with_a_summary_and_collapsed_groups(self):
        self.open_look()
        summary = self.text(".look-summary")
        self.assertIn("1,353 tokens", summary)
        self.assertIn("1,140 color", summary)
        collapsed = self.js("return [...document.querySelectorAll('details.group')].filter(d => !d.open).map(d => d.dataset.group)")
        self.assertEqual(set(collapsed), {"base", "display", "label", "control", "button"}, "the groups of more than 48 tokens")
        self.assertEqual(self.js("return document.querySelectorAll('details.group:not([open]) .entry').length"), 0, "drawn only when opened")
        named = self.js("return [...document.querySelectorAll('.entry')].every(e => e.querySelector('.path').textContent === e.dataset.path)")
        self.assertTrue(named, "each entry names its full path")
        height = self.js("return document.documentElement.scrollHeight")
        self.assertLess(height, 15000, "the page height is bounded (issue 23 measured 91,720 px)")
        self.assertEqual(self.js("return document.documentElement.scrollWidth - document.documentElement.clientWidth"), 0, "no sideways scroll at 1280 px")
        # The version's warnings: validating Primer is seconds of server work, so only when asked.
        ask = wait_for("the warnings are offered", lambda: self.driver.find_elements(By.XPATH, "//button[text()='Show the warnings of primer@2']"))[0]
        ask.send_keys(Keys.ENTER)
        try:
            summary = wait_for("the warnings are listed by kind", lambda: re.search(r"warnings of \d+ kinds", self.text(".warnings-summary")) and self.text(".warnings-summary"), timeout=90)
        except AssertionError:
            print("warnings summary when the wait ran out:", self.text(".warnings-summary")[:500], "| body:", self.text("main")[:500])
            raise
        print(f"Primer's warnings summary: {summary[:300]}")
        timing = self.js("const m = performance.getEntriesByName('look-drawn')[0]; return m && m.startTime")
        print(f"Primer's Look drawn {timing:.0f} ms after navigation began, page {height} px tall")

    def test_2_no_label_overlaps_another_at_1280(self):
        self.open_look()
        self.js("document.querySelectorAll('details.group').forEach(d => d.open = true)")
        wait_for("every group is drawn", lambda: self.js("return document.querySelectorAll('.entry').length") == 1353)
        overlaps = self.js("""
            const out = [];
            for (const entry of document.querySelectorAll('.entry')) {
              const box = entry.getBoundingClientRect();
              for (const label of entry.querySelectorAll('.path, .value, .ratio')) {
                const r = label.getBoundingClientRect();
                if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5
                    || label.scrollWidth > label.clientWidth + 1) out.push(entry.dataset.path);
              }
            }
            const rows = [...document.querySelectorAll('.entries')];
            for (const list of rows) {
              const boxes = [...list.children].map(e => e.getBoundingClientRect());
              for (let i = 1; i < boxes.length; i++) {
                const a = boxes[i - 1], b = boxes[i];
                if (a.right > b.left + 0.5 && a.left < b.right - 0.5 && a.bottom > b.top + 0.5 && a.top < b.bottom - 0.5) out.push(list.children[i].dataset.path);
              }
            }
            return out;""")
        self.assertEqual(overlaps, [], "labels stay inside their entry and entries do not overlap")
        self.assertEqual(self.js("return document.documentElement.scrollWidth - document.documentElement.clientWidth"), 0, "no sideways scroll")

    def test_3_search_by_path_value_and_type_keeps_the_query_in_the_address(self):
        self.open_look()
        self.search("danger bgColor rest")
        self.assertIn("button.danger.bgColor.rest", self.shown_paths())
        self.assertTrue(all("danger" in p.lower() and "bgcolor" in p.lower() for p in self.shown_paths()))
        self.assertIn("q=danger+bgColor+rest", self.driver.current_url, "a link shares the search")

        self.search("#0969da")
        tokens = self.server.get("/v1/skins/primer/resolved")["tokens"]
        expected = sorted(p for p, t in tokens.items() if "#0969da" in json.dumps(t["value"]).lower())
        self.assertTrue(expected)
        self.js("document.querySelectorAll('details.group').forEach(d => d.open = true)")
        self.assertEqual(sorted(self.shown_paths()), expected, "search by value")

        self.search("type:border")
        self.js("document.querySelectorAll('details.group').forEach(d => d.open = true)")
        types = self.js("return [...document.querySelectorAll('.entry')].map(e => e.dataset.type)")
        self.assertEqual(len(types), 28)
        self.assertEqual(set(types), {"border"})

        self.driver.get(f"{self.server.base}/#/look?skin=primer&q=fgColor.danger")
        wait_for("a shared link shows the search", lambda: self.js("return document.querySelector('input[name=q]')?.value") == "fgColor.danger")
        wait_for("and its results", lambda: "fgColor.danger" in self.shown_paths())

    def test_4_a_tokens_detail_shows_its_reference_chain(self):
        path = "button.danger.bgColor.rest"
        self.open_look(f"#/look?skin=primer&token={path}")
        wait_for("the detail is open", lambda: self.js("return document.querySelector('dialog.token-detail')?.open"))
        explained = self.server.get("/v1/skins/primer/resolved?explain=1")["tokens"][path]["references"]
        chain = self.js("return [...document.querySelectorAll('.chain li')].map(li => li.innerText.replace(/^→ /, ''))")
        self.assertEqual(chain[0], path)
        self.assertEqual(chain[1:1 + len(explained)], explained, "the chain the server explains")
        wait_for("the versions that changed it are listed", lambda: "version" in self.text(".changes"))
        wait_for("the contrast findings are drawn", lambda: "pair" in self.text(".findings-summary"), timeout=30)
        self.assertTrue(self.js("return document.querySelector('dialog.token-detail').open"), "redrawing the grid keeps the detail open")
        self.screenshot("primer-detail", 1280)

        self.driver.get(f"{self.server.base}/#/look?skin=primer&token=base.easing.easeIn")
        wait_for("a token's description is shown", lambda: "Ideal for movement" in self.text(".described"))

    def test_5_contrast_is_marked_on_text_colours_only(self):
        self.open_look()
        wait_for("the server's findings are shown", lambda: "pair" in self.text(".findings-summary"), timeout=30)
        self.js("document.querySelectorAll('details.group').forEach(d => d.open = true)")
        marked = wait_for("text colours are marked", lambda: self.js(
            "return [...document.querySelectorAll('.entry')].filter(e => e.querySelector('.ratio')).map(e => e.dataset.path)"))
        self.assertIn("fgColor.default", marked)
        words = lambda path: [w.lower() for part in path.split(".") for w in __import__("re").split(r"(?<=[a-z0-9])(?=[A-Z])", part)]
        wrongly = [p for p in marked if any(w in NOT_TEXT for w in words(p)) and not any(w in ("fg", "text", "foreground") for w in words(p))]
        self.assertEqual(wrongly, [], "no background or border colour is marked")
        failing_backgrounds = self.js(
            "return [...document.querySelectorAll('.entry')].filter(e => e.querySelector('.ratio.fail') && /(bgColor|borderColor|background)/.test(e.dataset.path) && !/(fg|[tT]ext|[fF]oreground)/.test(e.dataset.path)).length")
        self.assertEqual(failing_backgrounds, 0)

    def test_6_compare_two_versions_through_the_pickers(self):
        self.open_look("#/compare", grid=False)
        skin = wait_for("the skin picker", lambda: self.driver.find_elements(By.CSS_SELECTOR, "select[name=skin]"))[0]
        Select(skin).select_by_value("primer")
        wait_for("primer's versions are offered", lambda: self.js("return [...document.querySelectorAll('select[name=to] option')].map(o => o.value).join()") == "2,1")
        Select(self.driver.find_element(By.CSS_SELECTOR, "select[name=from]")).select_by_value("1")
        Select(self.driver.find_element(By.CSS_SELECTOR, "select[name=to]")).select_by_value("2")
        self.driver.find_element(By.XPATH, "//button[text()='Compare versions']").send_keys(Keys.ENTER)
        wait_for("the impact leads", lambda: "changed token" in self.text(".impact"))
        order = self.js("const body = document.querySelector('.compare-body'); return [...body.children].map(c => c.className || c.tagName)")
        self.assertTrue(order[0].startswith("impact"), f"the impact comes first: {order}")
        rows = self.js("return [...document.querySelectorAll('table.diff tbody tr')].map(r => r.dataset.path)")
        self.assertIn("fgColor.danger", rows)
        self.assertLess(len(rows), 40, "only changed tokens are drawn")
        chips = self.js("return [...document.querySelectorAll(\"tr[data-path='fgColor.danger'] .mini-chip\")].map(c => getComputedStyle(c).backgroundColor)")
        self.assertEqual(chips[1], "rgb(164, 14, 38)", "old against new")
        self.assertNotEqual(chips[0], chips[1])
        self.screenshot("primer-compare", 1280)

    def test_7_keyboard_only_search_to_token_to_detail(self):
        self.open_look()
        body = self.driver.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.TAB)
        for _ in range(60):
            if self.js("return document.activeElement.name") == "q":
                break
            self.driver.switch_to.active_element.send_keys(Keys.TAB)
        self.assertEqual(self.js("return document.activeElement.name"), "q", "the search is reached with Tab")
        self.driver.switch_to.active_element.send_keys("fgColor.danger")
        wait_for("the search narrows", lambda: "match" in self.text(".search"))
        self.driver.switch_to.active_element.send_keys(Keys.ENTER)
        wait_for("Enter goes to the first match", lambda: self.js("return document.activeElement.closest('.entry')?.dataset.path") == "fgColor.danger")
        self.driver.switch_to.active_element.send_keys(Keys.ENTER)
        wait_for("Enter opens its detail", lambda: self.js("return document.querySelector('dialog.token-detail')?.open"))
        self.assertEqual(self.text("#token-detail-title"), "fgColor.danger")
        self.assertIn("token=fgColor.danger", self.driver.current_url)
        self.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        wait_for("Escape closes it", lambda: not self.js("return document.querySelector('dialog.token-detail').open"))
        self.assertEqual(self.js("return document.activeElement.closest('.entry')?.dataset.path"), "fgColor.danger", "the focus returns to the entry")

    def test_8_usable_on_a_phone(self):
        self.driver.set_window_size(390, 844)
        try:
            self.open_look()
            self.assertEqual(self.js("return document.documentElement.scrollWidth - document.documentElement.clientWidth"), 0, "no sideways scroll at 390 px")
            self.screenshot("primer-look-390", 390)
        finally:
            self.driver.set_window_size(1280, 900)
        self.open_look()
        self.screenshot("primer-look-1280", 1280)

    def test_9_the_browser_log_has_no_errors(self):
        errors = [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        self.assertEqual(errors, [])


if __name__ == "__main__":
    unittest.main(verbosity=2)
