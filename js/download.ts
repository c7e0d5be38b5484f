// "Save replay": the kernel answers {type: "export-html"} with the replay file's text
// (dictator_widget.ui.replay_html), which is downloaded here as a Blob. "Replay" (the game-over banner) asks
// for the same file and shows it in a new tab, opened at the click (a tab opened later would be blocked).

import { h } from "./dom";
import { t } from "./i18n";
import type { Lang, Model, ReplayHtml } from "./types";

/** The tab a "Replay" click opened, waiting for the kernel's file (one per widget model). */
const waiting = new WeakMap<Model, Window>();
/** Replay files already handled: every view of a widget hears the same message, one acts on it. */
const handled = new WeakSet<object>();

/** Listens for the kernel's replay file: shown in the tab "Replay" opened, else downloaded. Returns the
 * function that stops listening. */
export function listenForReplay(model: Model): () => void {
  const onMessage = (msg: unknown) => {
    const m = msg as ReplayHtml | null;
    if (!m || m.type !== "replay-html" || handled.has(m)) return;
    handled.add(m);
    const tab = waiting.get(model);
    waiting.delete(model);
    if (tab && !tab.closed) {
      tab.document.open();
      tab.document.write(m.html);
      tab.document.close();
      return;
    }
    const url = URL.createObjectURL(new Blob([m.html], { type: "text/html" }));
    const a = h("a", { href: url, download: m.filename, style: "display:none" });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  model.on("msg:custom", onMessage);
  return () => model.off("msg:custom", onMessage);
}

/** "Replay": a new tab now (while the click lets one open), filled when the kernel sends the file; a browser
 * that blocks the tab gets the file as a download. */
export function openReplay(model: Model): void {
  const tab = window.open("", "_blank");
  if (tab) waiting.set(model, tab);
  model.send({ type: "export-html" });
}

export function saveReplayButton(model: Model, lang: Lang): HTMLElement {
  return h("button", {
    class: "dw-save-replay", "data-testid": "save-replay", "data-key": "save-replay", title: t(lang, "saveReplayTitle"),
    onclick: () => model.send({ type: "export-html" }),
  }, t(lang, "saveReplay"));
}
