// The HTML replay (dictator_widget/ui/replay_html.py): the widget's own drawing code over recorded views,
// a timeline slider and step buttons. No kernel: a model in memory stands in for anywidget's.

import { App } from "./app";
import { h } from "./dom";
import { t } from "./i18n";
import type { Battle, Board, Card, Lang, LogLines, Message, Model, View } from "./types";

type OwnLog = Record<Lang, { from: number; lines: string[] }>;
type Frame = Partial<View> & { log_end: number; action?: string; log_own?: OwnLog; battles?: Battle[] };

interface ReplayData {
  lang: Lang;
  board: Board;
  cards: Record<string, Card>;
  log: [string, string][];            // every log line, [en, ru]
  frames: Frame[];                    // the first view whole, then what changed
}

/** Anywidget's model, in memory: traits and change events; a request for older log lines is answered
 * from the recorded log, any other message goes nowhere. */
class LocalModel implements Model {
  private readonly traits = new Map<string, unknown>();
  private readonly handlers = new Map<string, Set<(...args: never[]) => void>>();

  constructor(private readonly lines: (from: number, to: number) => string[]) {}

  get(name: string): unknown {
    return this.traits.get(name);
  }

  set(name: string, value: unknown): void {
    this.traits.set(name, value);
    for (const f of this.handlers.get(`change:${name}`) ?? []) (f as () => void)();
  }

  save_changes(): void {}

  send(m: Message): void {
    if (m.type !== "log") return;
    const answer: LogLines = { type: "log", from: m.from, lines: this.lines(m.from, m.to) };
    queueMicrotask(() => {
      for (const f of this.handlers.get("msg:custom") ?? []) (f as (msg: unknown) => void)(answer);
    });
  }

  on(event: string, callback: (...args: never[]) => void): void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(callback);
    this.handlers.set(event, set);
  }

  off(event?: string | null, callback?: ((...args: never[]) => void) | null): void {
    if (!event) this.handlers.clear();
    else if (!callback) this.handlers.delete(event);
    else this.handlers.get(event)?.delete(callback);
  }
}

/** Every frame as a whole view (without its log, which depends on the language). */
function unfold(frames: Frame[]): Frame[] {
  const out: Frame[] = [];
  let prev: Frame = { log_end: 0 };
  for (const f of frames) {
    const { action: _a, log_own: _o, ...changed } = f;
    prev = { ...prev, ...changed, action: f.action, log_own: f.log_own };
    out.push(prev);
  }
  return out;
}

/** A frame's view in one language; its log is the whole log up to that decision. */
function viewAt(data: ReplayData, frame: Frame, lang: Lang): View {
  const { action: _a, log_own, log_end, battles: _b, ...rest } = frame;
  const col = lang === "en" ? 0 : 1;
  if (log_own) return { ...(rest as View), log: log_own[lang].lines, log_from: log_own[lang].from };
  return { ...(rest as View), log: data.log.slice(0, log_end).map((pair) => pair[col]), log_from: 0 };
}

function start(root: HTMLElement, data: ReplayData): void {
  const frames = unfold(data.frames);
  const last = frames.length - 1;
  const model = new LocalModel((from, to) => data.log.slice(from, to).map((pair) => pair[lang() === "en" ? 0 : 1]));
  let at = last;
  const lang = (): Lang => (model.get("lang") as Lang) ?? data.lang;
  for (const [k, v] of Object.entries({ board: data.board, cards: data.cards, lang: data.lang, error: "", odds: {},
    setup_mode: false, setup: {}, replay: true })) model.set(k, v);

  const slider = h("input", {
    type: "range", min: 0, max: last, value: last, step: 1, "data-testid": "replay-slider", class: "dw-replay-slider",
  }) as HTMLInputElement;
  const label = h("span", { "data-testid": "replay-label", class: "dw-replay-label", "aria-live": "polite" });
  const button = (key: "replayFirst" | "replayPrev" | "replayNext" | "replayLast", text: string, to: () => number) => {
    const b = h("button", { "data-testid": key, onclick: () => go(to()) }, text);
    return b;
  };
  const buttons = [
    button("replayFirst", "|◀", () => 0), button("replayPrev", "◀", () => at - 1),
    button("replayNext", "▶", () => at + 1), button("replayLast", "▶|", () => last),
  ];
  const bar = h("div", { class: "dw-replay-bar", "data-testid": "replay-bar" }, ...buttons.slice(0, 2), slider,
    ...buttons.slice(2), label);
  const moves = h("ol", { class: "dw-replay-moves", "data-testid": "replay-moves", tabindex: 0 });
  const host = h("div", { class: "dw-replay-widget" });
  root.append(bar, h("div", { class: "dw-replay-main" }, host, moves));

  function draw(): void {
    const lg = lang();
    const frame = frames[at];
    model.set("battles", frame.battles ?? []);
    model.set("view", viewAt(data, frame, lg));
    slider.value = String(at);
    slider.setAttribute("aria-label", t(lg, "replayTimeline"));
    label.textContent = at === 0 ? t(lg, "replayStart", { n: last })
      : t(lg, "replayDecision", { k: at, n: last, action: said(at, lg) });
    label.title = frame.action ?? "";
    if (moves.dataset.lang !== lg) listMoves(lg);
    moves.querySelector("[aria-current]")?.removeAttribute("aria-current");
    const current = moves.querySelector<HTMLElement>(`[data-at="${at}"]`);
    current?.setAttribute("aria-current", "step");
    if (current && moves.scrollHeight > moves.clientHeight) {
      moves.scrollTop = current.offsetTop - moves.clientHeight / 2;
    }
    moves.setAttribute("aria-label", t(lg, "replayMoves"));
    root.setAttribute("data-at", String(at));
    const titles = ["replayFirst", "replayPrev", "replayNext", "replayLast"] as const;
    buttons.forEach((b, i) => {
      b.title = t(lg, titles[i]);
      b.setAttribute("aria-label", t(lg, titles[i]));
      (b as HTMLButtonElement).disabled = i < 2 ? at === 0 : at === last;
    });
  }

  /** A decision in words: the first log line it wrote (the log tells it as the players read it), else its notation. */
  function said(k: number, lg: Lang): string {
    const from = frames[k - 1]?.log_end ?? 0;
    const line = data.log[from]?.[lg === "en" ? 0 : 1];
    if (line && from < frames[k].log_end) return line;
    const who = frames[k - 1]?.current_player;
    if (frames[k].action === "pass" && typeof who === "number") {
      return t(lg, "replayPassed", { player: t(lg, "player", { n: who + 1 }) });
    }
    return frames[k].action ?? "";
  }

  /** The move list: every decision in words, a click goes there. */
  function listMoves(lg: Lang): void {
    moves.dataset.lang = lg;
    moves.replaceChildren(h("li", { value: 0 }, h("button", { "data-at": 0, onclick: () => go(0) }, t(lg, "replayStart", { n: last }))),
      ...frames.slice(1).map((f, i) => h("li", { value: i + 1 },
        h("button", { "data-at": i + 1, title: f.action ?? "", onclick: () => go(i + 1) }, said(i + 1, lg)))));
  }

  function go(k: number): void {
    at = Math.max(0, Math.min(last, k));
    draw();
  }

  slider.addEventListener("input", () => go(Number(slider.value)));
  document.addEventListener("keydown", (e) => {           // arrows step, Home/End jump (the slider does its own)
    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });
  model.on("change:lang", draw);
  draw();
  new App(model, host);
}

const root = document.getElementById("dw-replay");
const script = document.getElementById("dw-replay-data");
if (root && script?.textContent) start(root, JSON.parse(script.textContent) as ReplayData);
