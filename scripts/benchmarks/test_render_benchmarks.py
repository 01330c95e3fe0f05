#!/usr/bin/python3
"""Tests of the benchmark results pipeline (make lint runs them): bench_results.py's parsing
and carrying of rows, render_benchmarks.py's computed sentences on the committed results
changed in memory or in a temporary folder, the goals of Benchmarks/goals.json, and the
templates of docs/benchmarks-prose/ that the parts fill."""
import copy
import glob
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in scripts/
import bench_results  # noqa: E402
import render_benchmarks  # noqa: E402
from benchmark_sections import PARTS  # noqa: E402
from benchmark_sections.common import MEDIAN, PROSE, Goal  # noqa: E402


def committed():
    return render_benchmarks.load_results()


def committed_goals():
    return render_benchmarks.load_goals()


class ParseValues(unittest.TestCase):
    def test_keys_once_repeated_and_grouped(self):
        values = bench_results.parse_values(
            ["a 1", "b 1.5 2", "c 3", "c 4", "noise", "== static", "cold 30", "cold 31", "loaded yes"])
        self.assertEqual(values, {"a": 1, "b": [1.5, 2], "c": [3, 4],
                                  "static": {"cold": [30, 31], "loaded": "yes"}})

    def test_benchmark_table(self):
        tables = bench_results.parse_benchmark_tables(
            "### Time (wall clock)\n| Test | p0 | p50 |\n|:--|--:|--:|\n| ModelTaps:tap (ns) * | 1459 | 1514 |\n")
        self.assertEqual(tables, [{"metric": "Time (wall clock)", "columns": ["Test", "p0", "p50"],
                                   "rows": [["ModelTaps:tap (ns) *", 1459, 1514]]}])


class CarryRows(unittest.TestCase):
    def test_a_row_this_run_lacks_keeps_its_values_and_date(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "web.json")
            with open(path, "w", encoding="utf-8") as file:
                json.dump({"section": "web", "date": "2026-11-24", "values": {"chromium_0": [9.0, 15.0, 100]},
                           "row_notes": {"chromium": "another flag"}}, file)
            result = {"section": "web", "date": "2026-11-26", "values": {"module_0": [2.0, 5.0, 100]}}
            bench_results.carry_rows(result, path, ["chromium"])
            self.assertEqual(result["values"]["chromium_0"], [9.0, 15.0, 100])
            self.assertEqual(result["row_dates"], {"chromium": "2026-11-24"})
            self.assertEqual(result["row_notes"], {"chromium": "another flag"})

    def test_a_row_this_run_measured_is_not_carried(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "web.json")
            with open(path, "w", encoding="utf-8") as file:
                json.dump({"section": "web", "date": "2026-11-24", "values": {"chromium_0": [9.0, 15.0, 100]}}, file)
            result = {"section": "web", "date": "2026-11-26", "values": {"chromium_0": [4.0, 6.0, 100]}}
            bench_results.carry_rows(result, path, ["chromium"])
            self.assertEqual(result["values"]["chromium_0"], [4.0, 6.0, 100])
            self.assertNotIn("row_dates", result)


class Render(unittest.TestCase):
    def test_committed_results_render_to_the_committed_file(self):
        with open(render_benchmarks.OUTPUT, encoding="utf-8") as file:
            self.assertEqual(render_benchmarks.render(committed()), file.read())

    def test_an_older_section_says_it_was_not_re_measured(self):
        results = committed()
        results["web"] = copy.deepcopy(results["web"])
        results["web"]["date"] = "2099-01-01"
        text = render_benchmarks.render(results)
        im = text[text.index("## Input-method module"):text.index("## GTK 4 module")]
        self.assertIn("**Not re-measured in the latest run (2099-01-01).**", im)
        web = text[text.index("## Web kiosks"):text.index("\n## ", text.index("## Web kiosks"))]
        self.assertNotIn("Not re-measured", web)

    def test_soak_sentence_follows_the_numbers(self):
        results = committed()
        soak = copy.deepcopy(results["soak"])
        soak["values"]["long_bytes"] = soak["values"]["short_bytes"] + 100000
        soak["values"]["keypad_records"] = 2
        results["soak"] = soak
        text = render_benchmarks.render(results)
        self.assertIn("four times the work lost 100000 bytes more than the short run (**over** make soak's "
                      "limit of 64 kB)", text)
        self.assertIn("**2 lost blocks were allocated by Keypad's code**", text)

    def test_model_share_sentence_follows_the_numbers(self):
        results = committed()
        model = copy.deepcopy(results["model"])
        model["values"]["instructions_10_10"] = model["values"]["instructions_post"] + 4321
        results["model"] = model
        text = render_benchmarks.render(results)
        self.assertIn("the keypad's own\nshare 4 321", text)

    def test_a_goal_not_met_says_so(self):
        results = committed()
        gtk = copy.deepcopy(results["gtk"])
        gtk["values"]["show_p95"] = 20.0
        results["gtk"] = gtk
        text = render_benchmarks.render(results)
        self.assertIn("| keypad shown within one frame of focus (16.7 ms), p95 | 20.0000 ms |  | **not met** |", text)

    def test_gtk4_goals_follow_the_numbers(self):
        results = committed()
        gtk4 = copy.deepcopy(results["gtk4"])
        gtk4["values"]["gtk4_0"][MEDIAN] = gtk4["values"]["gtk3_0"][MEDIAN] + 0.25
        gtk4["values"]["with"][1] = gtk4["values"]["without"][1] + 2048
        results["gtk4"] = gtk4
        text = render_benchmarks.render(results)
        instant, gtk3 = gtk4["values"]["gtk4_0"][MEDIAN], gtk4["values"]["gtk3_0"][MEDIAN]
        rss = (gtk4["values"]["with"][0] - gtk4["values"]["without"][0]) / 1024
        self.assertIn(f"| the D-Bus hop adds ≤ 0.5 ms at the median against the GTK 3 module, instant tap | "
                      f"{instant:.3f} ms vs {gtk3:.3f} ms (+0.25 ms) | met |", text)
        self.assertIn(f"| a GTK 4 app pays ≤ 1 MB RSS for the module | {rss:+.2f} MB | met |", text)
        self.assertIn("| a GTK 4 app pays ≤ 1 MB PSS for the module | +2.00 MB | **not met** |", text)

    def test_qt_goals_follow_the_numbers(self):
        results = committed()
        qt = copy.deepcopy(results["qt"])
        medians = {"qt5_keypad_0": 2.0, "qt5_qtvk_0": 1.0,  # slower by 1 ms: not met
                   "qt5_keypad_80": 2.4, "qt5_qtvk_80": 2.0,  # within 0.5 ms: met
                   "qt6_keypad_0": 11.0, "qt6_qtvk_0": 10.0}  # within 10 %: met
        for run, median in medians.items():
            qt["values"][run][MEDIAN] = median
        qt["values"].update(qt5_mem_none=[1024, 1024], qt5_mem_keypad=[3072, 2048], qt5_mem_qtvk=[2048, 4096],
                            qt5_mem_qml_none=[4096, 2048], qt5_mem_qml_keypad=[4608, 2560])
        results["qt"] = qt
        text = render_benchmarks.render(results)
        for version, tap, measured, verdict in (("5", "instant tap", "2.000 ms vs 1.000 ms", "**not met**"),
                                                ("5", "held 80 ms", "2.400 ms vs 2.000 ms", "met"),
                                                ("6", "instant tap", "11.000 ms vs 10.000 ms", "met")):
            self.assertIn(f"| Qt {version}: tap → textChanged median no worse than Qt Virtual Keyboard's, {tap} "
                          f"(within 10 % or 0.5 ms) | {measured} | {verdict} |", text)
        self.assertIn("| Qt 5: the app pays no more RSS than with Qt Virtual Keyboard | +2.00 MB vs +1.00 MB | "
                      "**not met** |", text)
        self.assertIn("| Qt 5: the app pays no more PSS than with Qt Virtual Keyboard | +1.00 MB vs +3.00 MB | met |",
                      text)
        self.assertIn("| Qt 5 widgets, Keypad's plug-in | 3.0 MB | 2.0 MB | +2.00 MB / +1.00 MB |", text)
        self.assertIn("| Qt 5 widgets: the app pays ≤ 1 MB RSS for the plug-in (a thin module's rule) | +2.00 MB | "
                      "**not met** |", text)
        self.assertIn("| Qt 5 QML, Keypad's plug-in | 4.5 MB | 2.5 MB | +0.50 MB / +0.50 MB |", text)
        self.assertIn("| Qt 5 QML: the app pays ≤ 1 MB RSS for the plug-in (a thin module's rule) | +0.50 MB | met |",
                      text)

    def test_osk_goals_follow_the_numbers(self):
        results = committed()
        osk = copy.deepcopy(results["osk"])
        osk["values"]["osk_shown"] = [51.0, 3.0, 4.0]
        osk["values"]["squeekboard_rss_kb"] = 54886
        osk["values"]["osk_rss_kb"] = 54886 + 1024
        osk["values"]["osk_idle_ticks"] = 0
        osk["values"]["osk_idle_wakeups"] = 0
        osk["settings"]["idle_seconds"] = 5
        osk["values"]["osk_tap_0"] = [2.0, 1.0, 3.0, 4.0]
        osk["values"]["osk_tap_80"] = [82.5, 83.0, 84.0, 85.0]
        osk["values"]["squeekboard_tap_0"] = [1.5, 1.0, 1.0, 9.0]
        osk["values"]["squeekboard_tap_80"] = [100.0, 90.0, 120.0, 95.0]
        results["osk"] = osk
        text = render_benchmarks.render(results)
        self.assertIn("| the keypad on screen within 50 ms of activate, every show (the first included) | "
                      "slowest 51.0 ms of 3 | **not met** |", text)
        self.assertIn("| activate → first buffer committed on the keyboard's surface, median of 3 | "
                      "4.0 ms (first show 51.0 ms, slowest 51.0 ms) |", text)
        self.assertIn("| resident memory no higher than squeekboard's, pad shown | 54.6 MB vs 53.6 MB | **not met** |",
                      text)
        self.assertIn("| idle CPU 0 with the pad shown | 0 ticks in 5 s, 0 wakeups | met |", text)
        self.assertIn("| an instant tap no slower than squeekboard's (median) | 2.0 ms vs 1.0 ms | **not met** |", text)
        self.assertIn("| a held tap faster than squeekboard's by the hold (gap ≥ 72 ms; keys act on press) | "
                      "83.0 ms (+81.0 ms over its instant tap) vs 95.0 ms (+94.0 ms over its instant tap) | "
                      "**not met** |", text)
        self.assertIn("| tap: pointer press → the app's `changed`, held 80 ms | 83.0 ms (median of 4) | "
                      "95.0 ms (median of 4) |", text)
        self.assertIn("**In this run a tap held 80 ms took 83.0 ms, 81.0 ms more than an instant one: the hold was "
                      "added, as if the keys acted on release.** squeekboard's held tap took 95.0 ms, 94.0 ms more "
                      "than its instant one: its keys act on release.", text)

    def test_osk_tap_goals_met(self):
        results = committed()
        osk = copy.deepcopy(results["osk"])
        osk["values"]["osk_tap_0"] = [2.0, 1.9, 2.2]
        osk["values"]["osk_tap_80"] = [2.5, 2.1, 2.3]
        osk["values"]["squeekboard_tap_0"] = [2.0, 2.1, 2.4]
        osk["values"]["squeekboard_tap_80"] = [83.0, 82.1, 85.0]
        results["osk"] = osk
        text = render_benchmarks.render(results)
        self.assertIn("| an instant tap no slower than squeekboard's (median) | 2.0 ms vs 2.1 ms | met |", text)
        self.assertIn("| a held tap faster than squeekboard's by the hold (gap ≥ 72 ms; keys act on press) | "
                      "2.3 ms (+0.3 ms over its instant tap) vs 83.0 ms (+80.9 ms over its instant tap) | met |", text)

    def test_osk_held_tap_goal_not_met_when_squeekboard_acts_on_press(self):
        results = committed()
        osk = copy.deepcopy(results["osk"])
        osk["values"]["osk_tap_0"] = [2.0]
        osk["values"]["osk_tap_80"] = [2.4]
        osk["values"]["squeekboard_tap_0"] = [3.0]
        osk["values"]["squeekboard_tap_80"] = [2.5]
        results["osk"] = osk
        text = render_benchmarks.render(results)
        self.assertIn("| a held tap faster than squeekboard's by the hold (gap ≥ 72 ms; keys act on press) | "
                      "2.4 ms (+0.4 ms over its instant tap) vs 2.5 ms (-0.5 ms over its instant tap) | **not met** |",
                      text)
        self.assertIn("squeekboard's held tap took 2.5 ms, 0.5 ms less than its instant one: its keys act on "
                      "press too.", text)

    def test_osk_tap_goals_not_judged_without_squeekboard_taps(self):
        results = committed()
        osk = copy.deepcopy(results["osk"])
        for hold in (0, 80):
            osk["values"].pop(f"squeekboard_tap_{hold}", None)
            osk["values"].pop(f"squeekboard_tap_{hold}_stats", None)
        osk["values"]["osk_tap_0"] = [2.0]
        osk["values"]["osk_tap_80"] = [2.4]
        results["osk"] = osk
        text = render_benchmarks.render(results)
        self.assertIn("| an instant tap no slower than squeekboard's (median) | 2.0 ms vs not measured | "
                      "not judged (squeekboard's tap not measured) |", text)
        self.assertIn("| a held tap faster than squeekboard's by the hold (gap ≥ 72 ms; keys act on press) | "
                      "2.4 ms (+0.4 ms over its instant tap) vs not measured | not judged (squeekboard's tap not "
                      "measured) |", text)
        self.assertIn("| tap: pointer press → the app's `changed`, instant | 2.0 ms (median of 1) | not measured |",
                      text)
        self.assertIn("squeekboard's taps gave no figures in this run.", text)

    def test_osk_idle_tick_is_not_met(self):
        results = committed()
        osk = copy.deepcopy(results["osk"])
        osk["values"]["osk_idle_ticks"] = [0, 1]
        osk["values"]["osk_idle_wakeups"] = [0, 0]
        osk["settings"]["idle_seconds"] = 5
        results["osk"] = osk
        text = render_benchmarks.render(results)
        self.assertIn("| idle CPU 0 with the pad shown | 0, 1 ticks in 5 s (2 runs) (at most 0.2 % of a core), "
                      "0, 0 wakeups | **not met** |", text)

    def test_osk_idle_wakeups_without_a_tick_are_not_met(self):
        results = committed()
        osk = copy.deepcopy(results["osk"])
        osk["values"]["osk_idle_ticks"] = 0
        osk["values"]["osk_idle_wakeups"] = 2
        osk["values"]["squeekboard_idle_wakeups"] = 0
        osk["settings"]["idle_seconds"] = 5
        osk["settings"]["settled_seconds"] = 30
        results["osk"] = osk
        text = render_benchmarks.render(results)
        self.assertIn("| idle CPU 0 with the pad shown | 0 ticks in 5 s, 2 wakeups | **not met** |", text)
        self.assertIn("| idle wakeups, pad shown (context switches of all its threads) | 2 in 5 s | 0 in 5 s |", text)
        self.assertIn("from 30 s after the keyboard started (past the one-shot timers of start-up)", text)

    def test_check_fails_on_a_hand_edit(self):
        with tempfile.TemporaryDirectory() as folder:
            for path in glob.glob(os.path.join(render_benchmarks.RESULTS, "*.json")):
                with open(path, encoding="utf-8") as source, \
                        open(os.path.join(folder, os.path.basename(path)), "w", encoding="utf-8") as copy_file:
                    copy_file.write(source.read())
            output = os.path.join(folder, "BENCHMARKS.md")
            env = dict(os.environ, BENCH_RESULTS_DIR=folder, BENCHMARKS_MD=output)
            script = os.path.join(HERE, "render_benchmarks.py")
            subprocess.run([sys.executable, script], env=env, check=True, capture_output=True)
            self.assertEqual(subprocess.run([sys.executable, script, "--check"], env=env,
                                            capture_output=True).returncode, 0)
            with open(output, "a", encoding="utf-8") as file:
                file.write("a hand edit\n")
            self.assertEqual(subprocess.run([sys.executable, script, "--check"], env=env,
                                            capture_output=True).returncode, 1)


class Goals(unittest.TestCase):
    def test_each_threshold(self):
        self.assertTrue(Goal({"goal": "", "at_most": 4}).met(4))
        self.assertFalse(Goal({"goal": "", "at_most": 4}).met(4.01))
        self.assertFalse(Goal({"goal": "", "below": 5}).met(5))
        self.assertTrue(Goal({"goal": "", "below": 5}).met(4.99))
        self.assertTrue(Goal({"goal": "", "within_percent": 10}).met(11, 10))
        self.assertFalse(Goal({"goal": "", "within_percent": 10}).met(11.1, 10))
        self.assertTrue(Goal({"goal": "", "within_percent": 10, "or_within_ms": 1}).met(2.9, 2))
        self.assertFalse(Goal({"goal": "", "within_percent": 0}).met(10.5, 10))
        self.assertTrue(Goal({"goal": "", "ahead_by": 72}).met(8, 80))
        self.assertFalse(Goal({"goal": "", "ahead_by": 72}).met(9, 80))

    def test_nothing_measured_is_not_met(self):
        self.assertFalse(Goal({"goal": "", "below": 5}).met(None))
        self.assertFalse(Goal({"goal": "", "ahead_by": 72}).met(8, None))
        self.assertFalse(Goal({"goal": "", "within_percent": 0}).met(8, None))

    def test_the_wording_says_the_threshold(self):
        self.assertEqual(Goal({"goal": "a tap held 80 ms < {below} ms", "below": 5}).text(), "a tap held 80 ms < 5 ms")

    def test_every_goal_has_a_threshold_or_a_verdict(self):
        for section, entries in committed_goals().items():
            if section == "about":
                continue
            for name, entry in entries.items():
                kinds = {"at_most", "below", "within_percent", "ahead_by", "verdict"} & entry.keys()
                self.assertEqual(len(kinds), 1, f"{section}.{name}: {sorted(kinds)}")

    def test_a_threshold_changed_in_goals_json_changes_the_wording_and_the_verdict(self):
        goals = committed_goals()
        goals["gtk"]["shown_p95"]["below"] = 0.001
        goals["gtk4"]["added_rss_mb"]["at_most"] = 99
        text = render_benchmarks.render(committed(), goals)
        self.assertRegex(text, r"\| keypad shown within one frame of focus \(0\.001 ms\), p95 \| [0-9.]+ ms \|  \| "
                               r"\*\*not met\*\* \|")
        self.assertRegex(text, r"\| a GTK 4 app pays ≤ 99 MB RSS for the module \| [-+0-9.]+ MB \| met \|")

    def test_im_held_goal_follows_its_gap(self):
        results = committed()
        im = copy.deepcopy(results["im"])
        im["values"]["module_80"][MEDIAN] = 10.0
        im["values"]["button_80"][MEDIAN] = 81.0
        results["im"] = im
        goals = committed_goals()
        self.assertIn("| module faster than the GtkButton (inserts on release) by the hold time (gap ≥ 72 ms), held "
                      "80 ms | 10.000 ms vs 81.000 ms | no |".replace(" no |", " **no** |"),
                      render_benchmarks.render(results, goals))
        goals["im"]["held_vs_button"]["ahead_by"] = 70
        self.assertIn("| module faster than the GtkButton (inserts on release) by the hold time (gap ≥ 70 ms), held "
                      "80 ms | 10.000 ms vs 81.000 ms | yes |", render_benchmarks.render(results, goals))


class Parts(unittest.TestCase):
    def test_every_part_has_its_template_and_every_template_its_part(self):
        templates = {os.path.splitext(name)[0] for name in os.listdir(PROSE) if name.endswith(".md")}
        parts = {template for template, _ in PARTS}
        self.assertEqual(parts - templates, set())
        # The rest are a part's own pieces (<part>.<piece>.md) or the folder's README.
        self.assertEqual({name for name in templates - parts
                          if name != "README" and name.split(".")[0] not in parts}, set())

    def test_a_missing_results_file_leaves_its_parts_out(self):
        results = committed()
        del results["gtk"]
        text = render_benchmarks.render(results)
        for heading in ("Goals", "Tap latency", "CPU per tap", "Memory"):
            self.assertNotIn(f"\n## {heading}", text)
        self.assertIn("\n## Headless model", text)
        self.assertIn("\n## keypad-osk against squeekboard", text)

    def test_a_template_edit_reaches_the_file(self):
        with tempfile.TemporaryDirectory() as folder:
            for name in os.listdir(PROSE):
                with open(os.path.join(PROSE, name), encoding="utf-8") as source, \
                        open(os.path.join(folder, name), "w", encoding="utf-8") as copy_file:
                    copy_file.write(source.read().replace("Timings on a loaded machine are noisy",
                                                          "Timings on a busy machine are noisy"))
            import benchmark_sections.common as common
            saved, common.PROSE = common.PROSE, folder
            try:
                text = render_benchmarks.render(committed())
            finally:
                common.PROSE = saved
            self.assertIn("Timings on a busy machine are noisy", text)


if __name__ == "__main__":
    unittest.main()
