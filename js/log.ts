// The full game log on the front end: the view carries its tail (`log`, from index `log_from`);
// the lines before it are asked for once ({type: "log", from, to}) and kept here.

import type { AskLog, Lang, LogLines, View } from "./types";

export class LogStore {
  private lines: (string | undefined)[] = [];
  private lang: Lang | null = null;
  private asked = "";

  /** Takes in a new view's tail; returns the request for the missing older lines, if any. */
  follow(view: View, lang: Lang): AskLog | null {
    if (lang !== this.lang) {
      this.lines = [];
      this.lang = lang;
      this.asked = "";
    }
    const size = view.log_from + view.log.length;
    this.lines.length = Math.min(this.lines.length, size);       // an undo shortens the log
    view.log.forEach((text, i) => { this.lines[view.log_from + i] = text; });
    let missing = 0;
    while (missing < view.log_from && this.lines[missing] !== undefined) missing += 1;
    if (missing >= view.log_from) return null;
    const key = `${lang}:${missing}:${view.log_from}`;
    if (this.asked === key) return null;
    this.asked = key;
    return { type: "log", from: missing, to: view.log_from };
  }

  /** The kernel's answer to a request: {type: "log", from, lines}. True when it filled anything. */
  receive(msg: unknown): boolean {
    if (typeof msg !== "object" || msg === null) return false;
    const m = msg as Partial<LogLines>;         // checked below: a custom message may be anything
    if (m.type !== "log" || typeof m.from !== "number" || !Array.isArray(m.lines)) return false;
    const from = m.from;
    m.lines.forEach((text, i) => {
      if (typeof text === "string" && from + i < this.lines.length && this.lines[from + i] === undefined) {
        this.lines[from + i] = text;
      }
    });
    return true;
  }

  /** Every line known, by index (a line not yet received is undefined). */
  all(): readonly (string | undefined)[] {
    return this.lines;
  }
}
