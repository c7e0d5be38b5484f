"""Click-to-updated-board latency and bytes synced per action, in real JupyterLab.

Opens notebooks/01-play.ipynb in Debian's Chromium (the browser tests' set-up),
then plays the hot-seat widget by clicking: select a battalion, click a lit
destination, attack what is in reach, pass or choose the damage in battles, end
activations and turns. For every click that sends an action it measures, in the
page, the time from the click event to the widget's redraw with the new view
(``data-rev`` changes) and to the next painted frame, and it counts the bytes of
kernel websocket frames the page received in between.

    .venv/bin/python benchmarks/widget_latency.py [--actions 60] [--json out.json]

Targets (issue 4): median at most 50 ms, at most 20 KB per action. Issue 36: the median click-to-board
within 1.2x of a bare anywidget round trip measured in the same page (a button that sends a message, a
kernel handler that bumps a synced trait, a redraw of one attribute: :data:`BARE`), one bare ping after each
action so that both see the same load.
"""

from __future__ import annotations

import argparse
import contextlib
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

from conftest import ADD_AND_RUN_CELL  # noqa: E402

ROOT = "document.querySelectorAll('[data-testid=dictator-widget]')[1]"   # 01-play: the Skirmish, then the Standard game

# In the page: note each click's time; on each redraw (of the game's widget or of the bare one), the time to it
# and to the next frame.
PROBE = """() => {
  window.__dw = { t0: null, done: [] };
  document.addEventListener('click', (e) => { window.__dw.t0 = performance.now(); }, true);
  const watch = (root) => new MutationObserver(() => {
    const t0 = window.__dw.t0;
    if (t0 === null) return;
    window.__dw.t0 = null;
    const dom = performance.now() - t0;
    requestAnimationFrame(() => window.__dw.done.push({ dom, frame: performance.now() - t0 }));
  }).observe(root, { attributes: true, attributeFilter: ['data-rev'] });
  watch(ROOT);
  watch(document.querySelector('[data-bare]'));
}""".replace("ROOT", ROOT)

#: The bare round trip: the same path as the game's widget (a message from the page, a Python handler, a synced
#: trait, a redraw), with nothing else in it.
BARE = """import anywidget, traitlets
class _Bare(anywidget.AnyWidget):
    _esm = \"\"\"export default { render({ model, el }) {
      const b = document.createElement('button'); b.textContent = 'ping'; b.dataset.bareButton = '1';
      el.dataset.bare = '1'; el.setAttribute('data-rev', '0'); el.append(b);
      b.onclick = () => model.send({ type: 'ping' });
      model.on('change:n', () => el.setAttribute('data-rev', String(model.get('n'))));
    } }\"\"\"
    n = traitlets.Int(0).tag(sync=True)
    def __init__(self):
        super().__init__()
        self.on_msg(lambda widget, content, buffers: setattr(self, "n", self.n + 1))
_bare = _Bare()
display(_bare)"""


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
    skip = widget.locator("[data-control=skip]")
    if skip.count():                      # a battle still plays step by step: nothing is offered until it ends
        with contextlib.suppress(Exception):   # the playback may end meanwhile: the button is gone
            skip.first.click(timeout=2_000)   # local: no action, not measured
        return next_click(widget)
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
    bare: list[dict[str, float]] = []
    kinds: list[str] = []
    with tempfile.TemporaryDirectory() as tmp, jupyterlab(Path(tmp)) as lab, \
            sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        received: list[int] = []
        page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda payload: received.append(len(payload))))
        run_notebook(page, lab, "01-play.ipynb")
        widget = page.locator("[data-testid=dictator-widget]").nth(1)
        page.evaluate(ADD_AND_RUN_CELL, BARE)
        ping = page.locator("[data-bare-button]")
        ping.wait_for(timeout=60_000)
        page.evaluate(PROBE)
        missed = 0
        while len(samples) < actions:
            widget.scroll_into_view_if_needed()
            target = next_click(widget)
            if target is None:
                break
            kind = _kind(target.get_attribute("data-action") or "A0 move")
            sample = measure(page, widget, target, received)
            missed += sample is None
            if sample is not None and missed < 20:
                kinds.append(kind)
                samples.append(sample)
                ping.scroll_into_view_if_needed()
                page.wait_for_timeout(300)        # the kernel idle again (the widget may have asked for odds)
                bare_sample = measure(page, ping, ping, received)
                if bare_sample is not None:
                    bare.append(bare_sample)
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
        "bare_round_trips": len(bare),
        "median_ms_bare_round_trip": round(statistics.median(b["dom_ms"] for b in bare), 1),
        "ratio_to_bare": round(statistics.median(dom) / statistics.median(b["dom_ms"] for b in bare), 2),
        "ratio_to_bare_interval": ratio_interval(dom, [b["dom_ms"] for b in bare]),
    }


def ratio_interval(game: list[float], bare: list[float], draws: int = 2000) -> list[float]:
    """A 95% bootstrap interval of median(game) / median(bare)."""
    import random

    rng = random.Random(0)
    ratios = sorted(statistics.median(rng.choices(game, k=len(game)))
                    / statistics.median(rng.choices(bare, k=len(bare))) for _ in range(draws))
    return [round(ratios[int(0.025 * draws)], 2), round(ratios[int(0.975 * draws)], 2)]


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
    print("target (median within 1.2x of the bare anywidget round trip):",
          "met" if result["ratio_to_bare"] <= 1.2 else "NOT met")


if __name__ == "__main__":
    main()
