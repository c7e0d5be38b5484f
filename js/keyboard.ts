// Keyboard play: Enter/Space activate the focused element (a battalion, a
// target sector, a button); a few letters stand for common options.

import type { Ctx } from "./ctx";

/** Handles one key; returns true when the widget used it (so JupyterLab must not). */
export function handleKey(ctx: Ctx, e: KeyboardEvent): boolean {
  const target = e.target as Element | null;
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return false;
  if (e.altKey || e.metaKey) return false;
  if ((e.key === "Enter" || e.key === " ") && target?.getAttribute("role") === "button" && target.tagName !== "BUTTON") {
    target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    return true;
  }
  if (e.ctrlKey) {
    if (e.key === "z") {
      ctx.undo();
      return true;
    }
    return false;
  }
  const { options, ui, view } = ctx;
  const first = (kind: string) => options.all.find((o) => o.kind === kind);
  switch (e.key) {
    case "Escape":
      ctx.update(ctx.ui.zoom ? { zoom: null } : { selected: null, armed: null, menu: null, exchange: null });
      return true;
    case "z": {                       // the card zoom: the card the keyboard is on
      const card = target?.closest("[data-card]")?.getAttribute("data-card");
      if (card) ctx.update({ zoom: card });
      return Boolean(card);
    }
    case "u":
      ctx.undo();
      return true;
    case "c":
      if (view.held) ctx.resume();
      return true;
    case "p": {
      const o = first("pass");
      if (o) ctx.act(o.notation);
      return true;
    }
    case "t": {
      const o = first("end-turn");
      if (o) ctx.act(o.notation);
      return true;
    }
    case "n": {
      const o = options.all.find((x) => x.kind === "end" && (!ui.selected || x.battalion === ui.selected)) ?? first("end");
      if (o) ctx.act(o.notation);
      return true;
    }
    default:
      if (/^[1-9]$/.test(e.key)) {
        const owner = view.current_player;
        const mine = view.battalions.filter((b) => b.owner === owner);
        const b = mine[Number(e.key) - 1];
        if (b) ctx.clickBattalion(b.label);
        return true;
      }
      return false;
  }
}
