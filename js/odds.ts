// Battle odds next to attack targets. They arrive after the board is drawn
// (the kernel computes them on request), so they are filled into the drawn
// elements in place: a redraw would swallow a click in progress.

import { t } from "./i18n";
import type { Lang, Odds } from "./types";

const pct = (v: number) => Math.round(v * 100);

export function oddsText(lang: Lang, o: Odds): string {
  return t(lang, "odds", { w: pct(o.win), d: pct(o.draw), l: pct(o.loss) });
}

/** Fills the placeholders of `root` (`data-odds-text`, `data-odds-for`) with `odds`. */
export function fillOdds(root: Element, lang: Lang, odds: Record<string, Odds>): void {
  for (const el of root.querySelectorAll("[data-odds-text]")) {
    const o = odds[el.getAttribute("data-odds-text") ?? ""];
    const owner = el.closest("[data-battalion], [data-guild]");
    if (!o) {
      el.textContent = "";
      owner?.removeAttribute("data-odds");
      continue;
    }
    el.textContent = t(lang, "oddsShort", { w: pct(o.win) });
    const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
    title.textContent = oddsText(lang, o);
    el.append(title);
    owner?.setAttribute("data-odds", String(pct(o.win)));
  }
  for (const el of root.querySelectorAll("[data-odds-for]")) {      // "…" until they arrive: no layout shift
    const o = odds[el.getAttribute("data-odds-for") ?? ""];
    const span = el.querySelector(".dw-odds-value");
    if (span) span.textContent = o ? oddsText(lang, o) : "…";
  }
}
