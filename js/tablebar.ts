// The table's own controls, in the action bar: resign, offer a draw, accept or decline one (the engine's
// table actions, view.table_actions, never among the legal decisions; engine/rules/conclude.py), a draw offered
// shown to everyone, and the turn against the turn cap ("Turn 12 of 60"). Resigning asks once more.

import type { Ctx } from "./ctx";
import { h } from "./dom";
import type { Lang } from "./types";

const WORDS = {
  en: {
    turnOf: "Turn {n} of {cap}",
    "resign": "Resign",
    "offer-draw": "Offer a draw",
    "accept-draw": "Accept the draw",
    "decline-draw": "Decline",
    sure: "Resign the game?",
    yes: "Yes, resign",
    no: "No, play on",
    offered: "{player} offers a draw.",
    seat: "{player}: {what}",
    "endReason_resigned": "the other side resigned",
    "endReason_agreed-draw": "the players agreed a draw",
  },
  ru: {
    turnOf: "Ход {n} из {cap}",
    "resign": "Сдаться",
    "offer-draw": "Предложить ничью",
    "accept-draw": "Принять ничью",
    "decline-draw": "Отклонить",
    sure: "Сдаться и закончить партию?",
    yes: "Да, сдаться",
    no: "Нет, играть дальше",
    offered: "{player} предлагает ничью.",
    seat: "{player}: {what}",
    "endReason_resigned": "соперник сдался",
    "endReason_agreed-draw": "игроки согласились на ничью",
  },
} as const;

type Word = keyof (typeof WORDS)["en"];

function w(lang: Lang, key: Word, args: Record<string, string | number> = {}): string {
  return WORDS[lang][key].replace(/\{(\w+)\}/g, (_m, k: string) => String(args[k] ?? `{${k}}`));
}

/** "Turn 12 of 60" / "Ход 12 из 60". */
export function turnOf(lang: Lang, turn: number, cap: number): string {
  return w(lang, "turnOf", { n: turn, cap });
}

/** The game-over line for the end reasons of this module, or null for the others. */
export function tableEndReason(lang: Lang, reason: string | null): string | null {
  const key = `endReason_${reason}`;
  return key in WORDS[lang] ? w(lang, key as Word) : null;
}

const asking = new Set<string>();   // widgets (ctx.uid) whose Resign was clicked once: "are you sure?"

/** The offer shown and the table actions of the human seats on this screen, or null when there is none: a group
 * at the end of the action bar's row of controls (no row of its own: the battle panel must fit under the bar).
 * Its buttons carry `data-table-action`, not `data-action`: they are not decisions of the game. */
export function renderTableBar(ctx: Ctx): HTMLElement | null {
  const { lang, view, board } = ctx;
  const mine = (view.table_actions ?? []).filter((n) => !board.bots.includes(Number(n.split(" ")[1])));
  const seats = new Set(mine.map((n) => n.split(" ")[1]));
  const label = (n: string): string => {
    const [kind, seat] = n.split(" ");
    const what = w(lang, kind as Word);
    return seats.size > 1 ? w(lang, "seat", { player: ctx.playerName(Number(seat)), what }) : what;
  };
  const button = (n: string, text: string, run: () => void): HTMLElement => h("button", {
    class: "dw-bar-button", "data-testid": n.split(" ")[0], "data-table-action": n, onclick: run,
  }, text);
  const resign = mine.find((n) => n.startsWith("resign ")) ?? null;
  if (!resign) asking.delete(ctx.uid);
  const buttons = asking.has(ctx.uid) && resign
    ? [h("b", {}, w(lang, "sure")),
      button(resign, w(lang, "yes"), () => { asking.delete(ctx.uid); ctx.act(resign); }),
      button("resign-cancel", w(lang, "no"), () => { asking.delete(ctx.uid); ctx.update({}); })]
    : mine.map((n) => button(n, label(n), n.startsWith("resign ")
      ? () => { asking.add(ctx.uid); ctx.update({}); }
      : () => ctx.act(n)));
  const offer = view.draw_offer != null && !view.is_over
    ? h("span", { class: "dw-draw-offer", "data-testid": "draw-offer", role: "status" },
      w(lang, "offered", { player: ctx.playerName(view.draw_offer) }))
    : null;
  if (!offer && !buttons.length) return null;
  return h("span", { class: "dw-table-bar", "data-testid": "table-bar", role: "group", "aria-label": w(lang, "offer-draw"),
    style: "display: inline-flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-left: auto" }, offer, ...buttons);
}
