// A guided first game (`DictatorWidget(guide=True)`, made for the training mission): a short coach beside the
// board that says one thing to do at a time and moves on when the game shows it done (a battalion selected, a
// move, an attack, a battle fought, the turn ended). It reads only the view and the local selection; it decides
// nothing and blocks nothing.

import type { Ctx } from "./ctx";
import { h } from "./dom";
import { t } from "./i18n";
import { OPENING } from "./opening";

type Step = "setup" | "select" | "move" | "attack" | "battle" | "endTurn" | "done";
const ORDER: Step[] = ["setup", "select", "move", "attack", "battle", "endTurn", "done"];
const TEXT = {
  setup: "guideSetup", select: "guideSelect", move: "guideMove", attack: "guideAttack", battle: "guideBattle",
  endTurn: "guideEndTurn", done: "guideDone",
} as const;

/** Where the guide is: its step, and the turn and battles seen when the activation steps began. */
export class Guide {
  private step = 0;
  private turn = -1;
  private battles = -1;
  closed = false;

  /** Moves on past every step the game shows done. */
  follow(ctx: Ctx): void {
    const { view, ui } = ctx;
    const me = view.current_player;
    const mine = view.battalions.filter((b) => b.owner === me);
    const fought = ctx.battles.length + (view.battle ? 1 : 0);
    for (let guard = 0; guard < ORDER.length; guard += 1) {
      const now = ORDER[this.step];
      let done = false;
      if (now === "setup") done = !OPENING.has(view.decision);
      else if (now === "select") {
        if (this.turn < 0) [this.turn, this.battles] = [view.turn, fought];
        done = mine.some((b) => b.label === ui.selected || b.active || b.acted) || view.turn > this.turn;
      } else if (now === "move") done = mine.some((b) => b.active || b.acted) || fought > this.battles || view.turn > this.turn;
      else if (now === "attack") done = fought > this.battles || mine.some((b) => b.acted) || view.turn > this.turn;
      else if (now === "battle") done = !view.battle;
      else if (now === "endTurn") done = view.turn > this.turn;
      if (!done) return;
      if (now === "done") return;
      this.step += 1;
    }
  }

  render(ctx: Ctx, close: () => void): HTMLElement | null {
    if (this.closed) return null;
    const now = ORDER[this.step];
    const { lang } = ctx;
    return h("section", { class: "dw-guide", "data-testid": "guide", "data-step": now, role: "status", "aria-live": "polite" },
      h("b", {}, `${t(lang, "guideTitle")} · ${this.step + 1}/${ORDER.length}`),
      h("div", {}, t(lang, TEXT[now])),
      h("button", { class: "dw-cancel", "data-key": "guide:close", "data-testid": "guide-close", onclick: close },
        t(lang, now === "done" ? "zoomClose" : "guideSkip")));
  }
}
