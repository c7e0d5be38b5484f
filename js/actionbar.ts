// The sticky action bar: the mission and its goal, whose turn, what to do next in plain words, and the
// controls every turn needs (Pass, End activation, End turn, Undo), each always in place: a control that
// cannot be used now says why (tooltip, screen reader, and a line when clicked). At the game's end, the
// banner: the winner, the game's figures, Rematch and New game.

import type { Ctx } from "./ctx";
import { h } from "./dom";
import { t, term, tr } from "./i18n";
import type { Option } from "./legal";
import { OPENING } from "./opening";
import { renderStatus } from "./panels";
import { renderTableBar, tableEndReason } from "./tablebar";

type Key = Parameters<typeof t>[1];

/** One control: live when `option` is given (its notation in data-action), else off with `why`. */
function control(ctx: Ctx, name: string, label: string, option: Option | undefined, why: string,
  run?: () => void): HTMLElement {
  const reasonId = `${ctx.uid}-why-${name}`;
  const on = option !== undefined || (run !== undefined && why === "");
  return h("span", { class: "dw-control" },
    h("button", {
      class: `dw-bar-button${on ? "" : " dw-off"}`, "data-control": name, "data-testid": name,
      "data-key": `control:${name}`, "data-action": option?.notation ?? null, "aria-disabled": on ? null : "true",
      "data-reason": on ? null : why, title: on ? null : why, "aria-describedby": on ? null : reasonId,
      onclick: () => {
        if (!on) ctx.update({ why });
        else if (option) ctx.act(option.notation);
        else run?.();
      },
    }, label),
    on ? null : h("span", { id: reasonId, class: "dw-sr" }, why));
}

/** Whether the battle on screen (on, or the last one) was begun by a bot's battalion: a held result is then
 * "the bot's battle", else the human's own (a bot that defended or chose its damage decided last). */
export function botsBattle(ctx: Ctx): boolean {
  const b = ctx.view.battle ?? ctx.view.last_battle ?? ctx.ui.lastBattle;
  const owner = b ? b.attacker.charCodeAt(0) - 65 : -1;     // A1 is Player 1's, B1 Player 2's (engine.rules.vocabulary)
  return ctx.board.bots.includes(owner);
}

/** What the current player should do now, in plain words. */
export function nextStep(ctx: Ctx): string {
  const { lang, view, options, ui, board } = ctx;
  const player = ctx.playerName(view.current_player ?? 0);
  if (view.is_over) return t(lang, "nextOver");
  if (ctx.playback) {
    const phase = ctx.playback.battle.phase;
    return t(lang, "nextPlaying", { phase: tr(lang, board.phases[phase], phase) });
  }
  if (view.held) return t(lang, botsBattle(ctx) ? "nextHeld" : "nextHeldOwn");
  if (view.bot_owes) return t(lang, "thinking", { player });
  if (!options.all.length) return t(lang, "nextOther", { player });
  const active = view.battalions.find((b) => b.active);
  switch (view.decision) {
    case "activation":
      if (active) return t(lang, "nextActive", { b: active.label });
      if (ui.selected && options.of(ui.selected).length) return t(lang, "nextSelected", { b: ui.selected });
      if (options.all.every((o) => o.kind === "end-turn")) return t(lang, "nextEndTurn");
      return t(lang, "nextActivation");
    case "condition":
    case "strength":
      return t(lang, "nextPhase", { phase: tr(lang, board.phases[view.decision], view.decision) });
    case "collision":
      if (view.battle?.rolled) {          // after the roll: the choice left is a re-roll card, or Pass
        return t(lang, "nextReroll", { a: view.battle.totals[0], d: view.battle.totals[1] });
      }
      return t(lang, "nextCollision");
    case "damage":
      return t(lang, "nextDamage");
    case "reward":
      return t(lang, "nextReward");
    case "discard":
      return t(lang, "nextDiscard");
    default:
      return OPENING.has(view.decision) ? `${t(lang, "setup")}: ${term(lang, "decision", view.decision)}` : "";
  }
}

function whyNot(ctx: Ctx, what: "pass" | "end" | "end-turn"): string {
  const { lang, view, options } = ctx;
  if (view.is_over) return t(lang, "whyOver");
  if (ctx.playback) return t(lang, "whyPlaying");
  if (view.held) return t(lang, botsBattle(ctx) ? "whyHeld" : "whyHeldOwn");
  if (view.bot_owes || !options.all.length) {
    return t(lang, "whyNotYours", { player: ctx.playerName(view.current_player ?? 0) });
  }
  const active = view.battalions.find((b) => b.active);
  if (what === "pass") {
    if (view.decision === "collision") return t(lang, "whyPassCollision");
    if (view.decision === "damage") return t(lang, "whyPassDamage");
    if (view.decision === "reward") return t(lang, "whyPassReward");
    if (view.decision === "discard") return t(lang, "whyPassDiscard");
    return t(lang, "whyPassNoBattle");
  }
  if (view.battle) return t(lang, "whyBattle");
  if (OPENING.has(view.decision)) return t(lang, "whyEndTurnSetup");
  if (view.decision === "reward" || view.decision === "discard") return t(lang, "whyEndTurnReward");
  if (what === "end-turn" && active) return t(lang, "whyEndTurnActive", { b: active.label });
  return t(lang, "whySelect");
}

/** What the game-over banner's buttons do: play again (same seed or not), watch the game's replay. */
export interface Ending {
  rematch(sameSeed: boolean): void;
  replay(): void;
}

export function renderBar(ctx: Ctx, ending: Ending): HTMLElement {
  const { lang, view, options, ui, board } = ctx;
  const active = view.battalions.find((b) => b.active)?.label ?? null;
  const whose = active ?? ui.selected;
  const end = options.all.find((o) => o.kind === "end" && o.battalion === whose);
  const endTurn = options.ofKind("end-turn")[0];
  const pass = options.ofKind("pass")[0];
  const undoWhy = view.undo_block ? t(lang, `whyUndo_${view.undo_block}` as Key) : "";
  const mission = h("div", { class: "dw-mission", "data-testid": "mission" },
    h("b", {}, `${t(lang, "mission")}: ${tr(lang, board.mission_name, board.mission)}`), " · ",
    h("span", { class: "dw-goal", "data-testid": "goal", title: `${t(lang, "goal")}\n${tr(lang, board.mission_text)}` },
      t(lang, "goalShort")));
  const bar = h("div", { class: "dw-bar", "data-testid": "action-bar", role: "region", "aria-label": t(lang, "controls") },
    mission, renderStatus(ctx));
  if (view.is_over) {
    bar.append(gameOver(ctx, ending));
    return bar;
  }
  if (ctx.replay) return bar;           // a replay decides nothing: no controls, no next step
  bar.append(
    h("div", { class: "dw-next", "data-testid": "next" }, nextStep(ctx)),
    h("div", { class: "dw-bar-buttons", role: "toolbar", "aria-label": t(lang, "controls") },
      view.held && !ctx.playback ? control(ctx, "continue", `${t(lang, "continue")} ▶`, undefined, "", () => ctx.resume()) : null,
      ctx.playback ? skipControl(ctx) : null,
      control(ctx, "pass", t(lang, "pass"), pass, pass ? "" : whyNot(ctx, "pass")),
      control(ctx, "end-activation", end ? t(lang, "endActivation", { b: end.battalion }) : t(lang, "endActivationNone"),
        end, end ? "" : whyNot(ctx, "end")),
      control(ctx, "end-turn", t(lang, "endTurn"), endTurn, endTurn ? "" : whyNot(ctx, "end-turn")),
      control(ctx, "undo", `↶ ${t(lang, "undo")}`, undefined, undoWhy, () => ctx.undo()),
      renderTableBar(ctx),
    ),
  );
  if (ui.why) bar.append(h("div", { class: "dw-why", "data-testid": "why", role: "status" }, ui.why));
  return bar;
}

/** While a battle plays step by step: show the rest at once. */
function skipControl(ctx: Ctx): HTMLElement {
  return h("span", { class: "dw-control" },
    h("button", { class: "dw-bar-button", "data-control": "skip", "data-testid": "skip", "data-key": "control:skip",
      title: t(ctx.lang, "skipTitle"), onclick: () => ctx.skip() }, `${t(ctx.lang, "skip")} ▶▶`));
}

function gameOver(ctx: Ctx, ending: Ending): HTMLElement {
  const { lang, view } = ctx;
  const sum = view.summary;
  const head = view.winner !== null
    ? t(lang, "wins", { player: ctx.playerName(view.winner) })
    : view.end_reason === "turn-cap" ? t(lang, "turnCap") : t(lang, "draw");
  const reason = view.end_reason ? tableEndReason(lang, view.end_reason) ?? t(lang, `endReason_${view.end_reason}` as Key) : "";
  const rows = sum ? view.players.map((p) => h("li", { "data-player": p.index },
    `${ctx.playerName(p.index)}: ${t(lang, "guildsTaken")} ${sum.guilds[p.index] ?? 0} · `
    + `${t(lang, "destroyed")} ${sum.destroyed[p.index] ?? 0}`)) : [];
  return h("section", { class: "dw-over", "data-testid": "game-over", role: "alert" },
    h("h3", {}, `${t(lang, "gameOver")}: ${head}`),
    reason ? h("div", {}, reason) : null,
    sum ? h("div", { "data-testid": "figures" }, t(lang, "figures", { turns: sum.turns, battles: sum.battles })) : null,
    rows.length ? h("ul", { class: "dw-over-players" }, ...rows) : null,
    ctx.replay ? null : h("div", { class: "dw-bar-buttons" },
      h("button", { class: "dw-bar-button", "data-testid": "rematch", "data-key": "rematch", onclick: () => ending.rematch(true) },
        t(lang, "rematch")),
      h("button", { class: "dw-bar-button", "data-testid": "new-game", "data-key": "new-game", onclick: () => ending.rematch(false) },
        t(lang, "newGame")),
      h("button", { class: "dw-bar-button", "data-testid": "replay", "data-key": "replay", title: t(lang, "replayTitle"),
        onclick: () => ending.replay() }, `▶ ${t(lang, "replay")}`)));
}
