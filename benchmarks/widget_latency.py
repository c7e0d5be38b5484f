"""Click-to-updated-board latency and bytes synced per action, in real JupyterLab.

Opens notebooks/01-play.ipynb in Debian's Chromium (the browser tests' set-up),
then plays the hot-seat widget by clicking: select a battalion, click a lit
destination, attack what is in reach, pass or choose the damage in battles, end
activations and turns. For every click that sends an action it measures, in the
page, the time from the click event to the widget's redraw with the new view
(``data-rev`` changes) and to the next painted frame, and it counts the bytes of
kernel websocket frames the page received in between.

    .venv/bin/python benchmarks/widget_latency.py [--actions 60] [--json out.json]

Targets (issue 4): median at most 50 ms, at most 20 KB per action.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
from labserver import jupyterlab, launch_chromium, run_notebook  # noqa: E402

ROOT = "document.querySelectorAll('[data-testid=dictator-widget]')[0]"

# In the page: note each click's time; on each redraw, the time to it and to the next frame.
PROBE = """() => {
  const root = ROOT;
  window.__dw = { t0: null, done: [] };
  document.addEventListener('click', (e) => { window.__dw.t0 = performance.now(); }, true);
  new MutationObserver(() => {
    const t0 = window.__dw.t0;
    if (t0 === null) return;
    window.__dw.t0 = null;
    const dom = performance.now() - t0;
    requestAnimationFrame(() => window.__dw.done.push({ dom, frame: performance.now() - t0 }));
  }).observe(root, { attributes: true, attributeFilter: ['data-rev'] });
}""".replace("ROOT", ROOT)


def measure(page: Any, widget: Any, target: Any, received: list[int]) -> dict[str, float] | None:
    """Click ``target``; wait for the redraw; return its latency and the bytes received (None: the click
    did not land, e.g. the page redrew under it on a loaded machine; the next pick starts afresh)."""
    from playwright.sync_api import TimeoutError as ClickTimeout

    before = len(page.evaluate("window.__dw.done"))
    start = len(received)
    try:
        target.click(timeout=5_000)
    except ClickTimeout:
        return None
    deadline = time.monotonic() + 10
    while len(page.evaluate("window.__dw.done")) == before:
        if time.monotonic() > deadline:
            raise TimeoutError("the widget did not redraw after a click")
        time.sleep(0.005)
    time.sleep(0.05)                      # let the idle status message arrive too
    sample = page.evaluate("window.__dw.done")[-1]
    return {"dom_ms": sample["dom"], "frame_ms": sample["frame"],
            "bytes": float(sum(received[start:]))}


def next_click(widget: Any) -> Any | None:
    """The next thing a (simple-minded) player clicks that sends an action, if any."""
    for selector in (".dw-opening button.dw-act[data-action]", "[data-action^='damage ']", "[data-action=pass]",
                     "[data-action=roll]", "[data-action=skip-roll]", "[data-action=energy]",
                     "[data-action^='discard ']"):
        found = widget.locator(selector)
        if found.count():
            return found.first
    player = widget.get_attribute("data-current-player")
    selected = widget.get_attribute("data-selected")
    if selected:
        attack = widget.locator("[data-battalion].dw-attackable")
        if attack.count():
            return attack.first
        move = widget.locator(".dw-target-move")
        moved = widget.locator(f"[data-battalion='{selected}'].dw-active").count()
        if move.count() and not moved:
            return move.first
        end = widget.locator(f"[data-action='{selected} end']")
        if end.count():
            return end.first
    ready = widget.locator(f"[data-battalion][data-owner='{player}'].dw-can-act")
    if ready.count() and ready.first.get_attribute("data-battalion") != selected:
        ready.first.click()               # selecting is local: no action, not measured
        return next_click(widget)
    end_turn = widget.locator("[data-action=end-turn]")
    return end_turn.first if end_turn.count() else None


def _kind(notation: str) -> str:
    words = notation.split()
    return words[1] if len(words) > 1 and words[0][:1].isupper() and words[0][1:].isdigit() \
        else words[0]


def run(actions: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    samples: list[dict[str, float]] = []
    kinds: list[str] = []
    with tempfile.TemporaryDirectory() as tmp, jupyterlab(Path(tmp)) as lab, \
            sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        received: list[int] = []
        page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda payload: received.append(len(payload))))
        run_notebook(page, lab, "01-play.ipynb")
        widget = page.locator("[data-testid=dictator-widget]").first
        page.evaluate(PROBE)
        missed = 0
        while len(samples) < actions:
            target = next_click(widget)
            if target is None:
                break
            kind = _kind(target.get_attribute("data-action") or "A0 move")
            sample = measure(page, widget, target, received)
            missed += sample is None
            if sample is not None and missed < 20:
                kinds.append(kind)
                samples.append(sample)
            elif missed >= 20:
                raise RuntimeError("20 clicks did not land: is the widget drawn?")
        browser.close()
    dom = [s["dom_ms"] for s in samples]
    frame = [s["frame_ms"] for s in samples]
    sizes = [s["bytes"] for s in samples]
    return {
        "actions": len(samples),
        "missed_clicks": missed,
        "median_ms_to_board": round(statistics.median(dom), 1),
        "median_ms_to_frame": round(statistics.median(frame), 1),
        "p90_ms_to_board": round(statistics.quantiles(dom, n=10)[-1], 1),
        "max_ms_to_board": round(max(dom), 1),
        "mean_bytes_per_action": round(statistics.mean(sizes)),
        "median_bytes_per_action": round(statistics.median(sizes)),
        "max_bytes_per_action": round(max(sizes)),
        "action_mix": {k: kinds.count(k) for k in sorted(set(kinds))},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    result = run(args.actions)
    text = json.dumps(result, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    ok = result["median_ms_to_board"] <= 50 and result["max_bytes_per_action"] <= 20_000
    print("targets (median <= 50 ms, <= 20 KB per action):", "met" if ok else "NOT met")


if __name__ == "__main__":
    main()
