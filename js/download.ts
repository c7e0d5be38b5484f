// "Save replay": the kernel answers {type: "export-html"} with the replay file's text
// (dictator_widget.replay_html), which is downloaded here as a Blob.

import { h } from "./dom";
import { t } from "./i18n";
import type { Lang, Model } from "./types";

interface ReplayMessage {
  type: "replay-html";
  html: string;
  filename: string;
}

/** Listens for the kernel's replay file and downloads it; returns the function that stops listening. */
export function listenForReplay(model: Model): () => void {
  const onMessage = (msg: unknown) => {
    const m = msg as ReplayMessage | null;
    if (!m || m.type !== "replay-html") return;
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

export function saveReplayButton(model: Model, lang: Lang): HTMLElement {
  return h("button", {
    class: "dw-save-replay", "data-testid": "save-replay", "data-key": "save-replay", title: t(lang, "saveReplayTitle"),
    onclick: () => model.send({ type: "export-html" }),
  }, t(lang, "saveReplay"));
}
