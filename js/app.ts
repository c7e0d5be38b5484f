// The widget's controller: holds the local UI state, turns clicks into the
// notations the kernel listed as legal, and redraws when a trait changes.

import { renderBattle, renderHistory } from "./battle";
import { cardFace } from "./cardface";
import { levelPattern, renderBoard } from "./board";
import type { Ctx, Ui } from "./ctx";
import { h, keepDetails, morph, s } from "./dom";
import { listenForReplay, openReplay, saveReplayButton } from "./download";
import { t, tr } from "./i18n";
import { type EditorUi, renderEditor, type SetupState } from "./editor";
import { Guide } from "./guide";
import { handleKey } from "./keyboard";
import { LogStore } from "./log";
import { Pin } from "./pin";
import { Playback } from "./playback";
import { fillOdds } from "./odds";
import { type Option, Options } from "./legal";
import { GUILD_COLOUR } from "./palette";
import { OPENING, renderOpening } from "./opening";
import { renderBar } from "./actionbar";
import { renderDecisions, renderLog, renderPiles, renderPlayers, renderSelected } from "./panels";
import { CSS } from "./styles";
import type { Battle, Board, Card, Lang, Model, Odds, View } from "./types";

const SECTOR = /^[a-z][0-9]{1,2}$/;
/** Below this width (px) of the widget, the board and the panels stack. */
const NARROW = 700;
const TRAITS = ["view", "board", "cards", "lang", "error", "setup_mode", "setup", "battles", "guide"];

let instances = 0;

/** A prefix for the element ids of one rendering: a counter and a random part (a page may load the
 * bundle more than once, each with its own counter). */
function newUid(): string {
  instances += 1;
  return `dw${instances}${Math.random().toString(36).slice(2, 8)}`;
}

export class App {
  private readonly root: HTMLElement;
  private readonly uid = newUid();
  private ui: Ui = {
    selected: null, armed: null, menu: null, exchange: null, tabs: new Map(), lastBattle: null, pick: null, why: null,
    rolledNow: false, zoom: null,
  };
  private shownView: View | null = null;
  private editor: EditorUi = { tool: "select", owner: 0, selected: null };
  private oddsAsked = "";
  private rev = 0;
  private scheduled = false;
  private readonly logs = new LogStore();
  private readonly pin: Pin;
  private readonly resize: ResizeObserver | null;
  private readonly playback = new Playback(() => this.render());
  private readonly guide = new Guide();
  private held = false;         // a bot's battle waited on its result at the last redraw
  private pressed = false;      // a pointer is down in the widget: a redraw now would swallow its click
  private deferred = false;     // a redraw waits for the pointer to come up
  private readonly onChange = () => this.schedule();
  private readonly onMsg = (msg: unknown) => {
    if (this.logs.receive(msg)) this.schedule();
  };
  private readonly stopReplay: () => void;
  private readonly onOdds = () => {       // in place: a redraw now could swallow a click in progress
    if (this.model.get("setup_mode")) return;
    fillOdds(this.root, (this.model.get("lang") as Lang) ?? "en", (this.model.get("odds") as Record<string, Odds> | null) ?? {});
  };
  private readonly onDown = () => {
    this.pressed = true;
  };
  private readonly onUp = () => {
    if (!this.pressed) return;
    this.pressed = false;
    if (!this.deferred) return;
    this.deferred = false;
    setTimeout(() => this.render(), 0);        // after the click that this pointer-up completes
  };
  private readonly onKey = (e: KeyboardEvent) => {
    const ctx = this.ctx();
    if (ctx && handleKey(ctx, e)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  constructor(private readonly model: Model, private readonly el: HTMLElement) {
    this.root = h("div", {
      class: "dw-root", tabindex: 0, "data-testid": "dictator-widget", "data-lm-suppress-shortcuts": "true",
    });
    el.append(h("style", {}, CSS), this.root);
    this.pin = new Pin(this.root);
    this.resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => this.measure());
    this.resize?.observe(this.root);
    this.root.addEventListener("keydown", this.onKey);
    this.root.addEventListener("pointerdown", this.onDown);
    document.addEventListener("pointerup", this.onUp, true);
    document.addEventListener("pointercancel", this.onUp, true);
    for (const name of TRAITS) model.on(`change:${name}`, this.onChange);
    model.on("change:odds", this.onOdds);
    model.on("msg:custom", this.onMsg);
    this.stopReplay = listenForReplay(model);
    this.render();
  }

  destroy(): void {
    for (const name of TRAITS) this.model.off(`change:${name}`, this.onChange);
    this.model.off("change:odds", this.onOdds);
    this.model.off("msg:custom", this.onMsg);
    this.stopReplay();
    this.root.removeEventListener("keydown", this.onKey);
    this.root.removeEventListener("pointerdown", this.onDown);
    document.removeEventListener("pointerup", this.onUp, true);
    document.removeEventListener("pointercancel", this.onUp, true);
    this.pin.destroy();
    this.resize?.disconnect();
    this.playback.stop();
    this.el.replaceChildren();
  }

  /** Board and battle side by side, or one above the other (the battle first) in a narrow widget. */
  private measure(): void {
    const width = this.root.clientWidth;
    if (width > 0) this.root.toggleAttribute("data-narrow", width < NARROW);
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.render();
    });
  }

  private ctx(): Ctx | null {
    const view = this.model.get("view") as View | null;
    const board = this.model.get("board") as Board | null;
    if (!view || !board || !view.players) return null;
    const lang = (this.model.get("lang") as Lang) ?? "en";
    const cards = (this.model.get("cards") as Record<string, Card>) ?? {};
    const playback = this.playback.now(view.battle ?? view.last_battle ?? null);
    // While a battle plays step by step the position behind it is later: nothing of it is offered yet.
    const options = new Options(playback ? [] : view.legal);
    const odds = (this.model.get("odds") as Record<string, Odds> | null) ?? {};
    const ctx: Ctx = {
      uid: this.uid, lang, board, cards, view, options, ui: this.ui, odds, log: this.logs.all(),
      battles: (this.model.get("battles") as Battle[] | null) ?? [],
      playback,
      steps: this.playback.known,
      skip: () => this.playback.finish(),
      replay: Boolean(this.model.get("replay")),
      act: (notation) => this.act(notation),
      offer: (title, opts, label) => this.offer(title, opts, label),
      undo: () => this.model.send({ type: "undo" }),
      resume: () => this.model.send({ type: "continue" }),
      update: (change) => this.update(change),
      clickBattalion: (label) => this.clickBattalion(ctx, label),
      clickSector: (id) => this.clickSector(ctx, id),
      cardName: (id) => (cards[id] ? `${tr(lang, cards[id].name)} (${id})` : id),
      playerName: (p) => t(lang, "player", { n: p + 1 }),
    };
    return ctx;
  }

  private act(notation: string): void {
    this.model.send({ type: "act", notation });
    this.update({ armed: null, menu: null, exchange: null });
  }

  private update(change: Partial<Ui>): void {
    this.ui = { ...this.ui, ...change };
    this.render();
  }

  private offer(title: string, opts: Option[], label: (o: Option) => string): void {
    if (opts.length === 0) return;
    if (opts.length === 1) return this.act(opts[0].notation);
    const key = `${opts[0].card}:${opts[0].ability}`;
    if (opts.every((o) => SECTOR.test(o.target))) {
      this.update({ armed: this.ui.armed === key ? null : key, menu: null, exchange: null });
      return;
    }
    this.update({ menu: { title, options: opts.map((o) => ({ label: label(o), notation: o.notation })) }, armed: null });
  }

  private clickBattalion(ctx: Ctx, label: string): void {
    const attacker = this.ui.selected;
    const attack = attacker ? ctx.options.attack(attacker, label) : undefined;
    if (attack) return this.act(attack.notation);
    this.update({ selected: label, armed: null, menu: null, exchange: null });
  }

  private clickSector(ctx: Ctx, id: string): void {
    const sel = this.ui.selected;
    const here = sel ? ctx.options.destinations(sel, this.ui.armed).get(id) : undefined;
    if (!here || !sel) {
      this.update({ armed: null, menu: null });
      return;
    }
    const move = this.ui.armed ? undefined : here.find((o) => o.kind === "move");
    if (move) return this.act(move.notation);           // a standard move costs nothing: it comes first
    if (here.length === 1) return this.act(here[0].notation);
    const label = (o: Option) => ctx.cardName(o.card) + (o.ability ? ` · ${abilityName(ctx, o)}` : "");
    this.update({        // several cards' actions land on this hex: a small menu at it, never a silent choice
      menu: { title: `${sel} → ${id}`, at: id, options: here.map((o) => ({ label: label(o), notation: o.notation })) },
      armed: null,
    });
  }

  /** Keeps the local state sensible for a new position. */
  private follow(view: View): void {
    const prev = this.shownView;
    this.shownView = view;
    this.rev += 1;
    const ui = { ...this.ui, armed: null, menu: null, exchange: null, pick: null, why: null, rolledNow: false };
    const rolled = (v: View | null) => Boolean(v?.battle?.rolled ?? v?.last_battle?.rolled);
    const pace = Number(this.model.get("pace") ?? 0);
    ui.rolledNow = pace > 0 && prev !== null && rolled(view) && !rolled(prev);     // pace 0: no animation
    this.playback.follow(view, pace, prev === null);
    ui.lastBattle = view.battle ?? view.last_battle ?? null;    // the kernel keeps the last one, from the log
    const active = view.battalions.find((b) => b.active);
    const still = view.battalions.find((b) => b.label === ui.selected);
    if (active) ui.selected = active.label;
    else if (!still || (prev && prev.turn !== view.turn)) ui.selected = null;
    if (prev && prev.battle && !view.battle) ui.tabs = new Map();
    this.ui = ui;
  }

  /** Hot-seat in a hidden mission: the screen between two players, nothing of either shown. */
  private renderScreen(view: View, seat: number): void {
    const lang = (this.model.get("lang") as Lang) ?? "en";
    const player = t(lang, "player", { n: seat + 1 });
    const r = this.root;
    this.rev += 1;
    this.shownView = view;
    r.setAttribute("data-rev", String(this.rev));
    r.setAttribute("data-decision", view.decision);
    r.setAttribute("data-current-player", String(view.current_player));
    r.setAttribute("data-screen", String(seat));
    r.setAttribute("data-lang", lang);
    r.setAttribute("lang", lang);
    morph(r, [h("div", { class: "dw-screen", "data-testid": "screen", role: "dialog", "aria-label": t(lang, "takeSeat", { player }) },
      h("h3", {}, t(lang, "takeSeat", { player })),
      h("div", {}, t(lang, "passScreen", { player })),
      h("button", { "data-testid": "take-seat", "data-key": "take-seat", onclick: () => this.model.send({ type: "take-seat" }) },
        t(lang, "showView", { player })))]);
  }

  private renderSetup(): void {
    const board = this.model.get("board") as Board | null;
    const setup = this.model.get("setup") as SetupState | null;
    const r = this.root;
    if (!board || !setup || !setup.battalions) {
      morph(r, [h("div", {}, "…")]);
      return;
    }
    const lang = (this.model.get("lang") as Lang) ?? "en";
    this.rev += 1;
    if (this.editor.selected && !setup.battalions[this.editor.selected]) this.editor = { ...this.editor, selected: null };
    r.setAttribute("data-rev", String(this.rev));
    r.setAttribute("data-mode", "setup");
    r.setAttribute("data-lang", lang);
    r.setAttribute("data-selected", this.editor.selected ?? "");
    r.setAttribute("lang", lang);
    morph(r, renderEditor({
      lang, board, setup, ui: this.editor, error: String(this.model.get("error") ?? ""),
      cards: (this.model.get("cards") as Record<string, Card>) ?? {},
      edit: (edit) => this.model.send({ type: "edit", edit }),
      play: () => this.model.send({ type: "play" }),
      update: (change) => {
        this.editor = { ...this.editor, ...change };
        this.render();
      },
      toggleLang: () => {
        this.model.set("lang", lang === "en" ? "ru" : "en");
        this.model.save_changes();
      },
      dismiss: () => {
        this.model.set("error", "");
        this.model.save_changes();
      },
    }));
  }

  /** Asks the kernel for the odds of the selected battalion's attacks (once per position). */
  private askOdds(ctx: Ctx): void {
    const sel = this.ui.selected;
    if (!sel) return;
    const attacks = ctx.options.of(sel).filter((o) => o.kind === "attack" || o.kind === "attack-guild");
    if (!attacks.length || attacks.every((o) => ctx.odds[o.notation])) return;
    const key = `${this.rev}:${sel}`;
    if (this.oddsAsked === key) return;
    this.oddsAsked = key;
    this.model.send({ type: "odds", battalion: sel });
  }

  render(): void {
    if (this.pressed) {            // the kernel's answer, a log page or a playback step while a button is held
      this.deferred = true;
      return;
    }
    if (this.model.get("setup_mode")) {
      this.renderSetup();
      return;
    }
    this.root.removeAttribute("data-mode");
    const screenView = this.model.get("view") as View | null;
    if (screenView && screenView.screen !== null && screenView.screen !== undefined) {
      this.renderScreen(screenView, screenView.screen);
      return;
    }
    this.root.removeAttribute("data-screen");
    const ctx0 = this.ctx();
    if (!ctx0) {
      morph(this.root, [h("div", {}, "…")]);
      return;
    }
    if (ctx0.view !== this.shownView) this.follow(ctx0.view);
    const older = this.logs.follow(ctx0.view, ctx0.lang);
    if (older) this.model.send(older);
    const ctx = this.ctx() as Ctx;
    const hadFocus = document.activeElement !== null && this.root.contains(document.activeElement);
    const focusKey = hadFocus ? document.activeElement?.getAttribute("data-key") ?? null : null;
    const { lang, view, board } = ctx;
    const error = String(this.model.get("error") ?? "");
    const r = this.root;
    r.setAttribute("data-rev", String(this.rev));
    r.setAttribute("data-decision", view.decision);
    r.setAttribute("data-current-player", String(view.current_player));
    r.setAttribute("data-lang", lang);
    r.setAttribute("data-selected", this.ui.selected ?? "");
    r.setAttribute("data-armed", this.ui.armed ?? "");
    r.setAttribute("lang", lang);
    const inBattle = view.battle && (view.battle.attacker === this.ui.selected || view.battle.defender === this.ui.selected);
    const left = h("div", { class: "dw-left" },
      h("div", { class: "dw-header" },
        h("h3", {}, t(lang, "title")),
        h("button", {
          "data-testid": "lang", "data-key": "lang",
          onclick: () => {
            this.model.set("lang", lang === "en" ? "ru" : "en");
            this.model.save_changes();
          },
        }, t(lang, "language")),
        saveReplayButton(this.model, lang),
      ),
      variantsLine(ctx, board),
      renderBoard(ctx),
      legend(ctx, board),
      ctx.replay ? null : h("div", { class: "dw-keys" }, t(lang, "keys")),
    );
    const guiding = Boolean(this.model.get("guide")) && !ctx.replay;
    if (guiding) this.guide.follow(ctx);
    const right = h("div", { class: "dw-right" },
      guiding ? this.guide.render(ctx, () => {
        this.guide.closed = true;
        this.render();
      }) : null,
      error ? h("div", { class: "dw-error", role: "alert", "data-testid": "error" },
        h("b", {}, `${t(lang, "error")}: `), h("span", {}, error),
        h("button", {
          onclick: () => {
            this.model.set("error", "");
            this.model.save_changes();
          },
        }, t(lang, "dismiss"))) : null,
      renderPlayers(ctx),
      renderOpening(ctx),
      ctx.replay ? null : renderDecisions(ctx),
      inBattle || OPENING.has(view.decision) ? null : renderSelected(ctx),
      renderPiles(ctx),
      renderHistory(ctx),
      renderLog(ctx),
    );
    const bar = renderBar(ctx, {
      rematch: (same) => this.model.send({ type: same ? "rematch" : "new-game" }),
      replay: () => openReplay(this.model),
    });
    const battle = renderBattle(ctx);      // its own place: beside the board, or above it in a narrow window
    const restoreDetails = keepDetails(r);
    const [liveBar, liveLeft] = morph(r, [bar, left, battle, right].filter((x): x is HTMLElement => x !== null)) as HTMLElement[];
    restoreDetails();
    this.pin.attach(liveBar);
    const pop = hexMenu(ctx, liveLeft);
    if (pop) liveLeft.append(pop);
    const zoomed = zoomView(ctx);
    if (zoomed) r.append(zoomed);
    fillOdds(r, lang, ctx.odds);
    this.askOdds(ctx);
    const log = r.querySelector(".dw-log");
    if (log) log.scrollTop = log.scrollHeight;
    if (hadFocus) {             // keep the keyboard in the widget across redraws
      const again = focusKey ? r.querySelector(`[data-key="${cssEscape(focusKey)}"]`) : null;
      if (again instanceof HTMLElement || again instanceof SVGElement) again.focus();
      if (!r.contains(document.activeElement)) r.focus();
    }
    if (pop && !pop.contains(document.activeElement)) pop.querySelector("button")?.focus();   // the keyboard goes to the menu
    if (zoomed && !zoomed.contains(document.activeElement)) zoomed.querySelector("button")?.focus();
    if (view.held && !this.held && hadFocus) r.querySelector<HTMLElement>("[data-control=continue]")?.focus();
    this.held = view.held;
  }
}

/** A card action's name in the widget's language (its id when the card is unknown). */
function abilityName(ctx: Ctx, o: Option): string {
  const ab = ctx.cards[o.card]?.actions.find((a) => a.id === o.ability);
  return ab ? tr(ctx.lang, ab.name) : o.ability;
}

/** The card zoom: one card large, over the widget, until Close or Esc. */
function zoomView(ctx: Ctx): HTMLElement | null {
  const id = ctx.ui.zoom;
  if (!id || !ctx.cards[id]) return null;
  const env = { lang: ctx.lang, cards: ctx.cards, phases: ctx.board.phases };
  const close = () => ctx.update({ zoom: null });
  return h("div", { class: "dw-zoom-back", "data-testid": "zoom", onclick: (e: Event) => e.target === e.currentTarget && close() },
    h("div", { class: "dw-zoom", role: "dialog", "aria-modal": "true", "aria-label": ctx.cardName(id) },
      cardFace(env, id, { class: "dw-zoomed", tabindex: -1 }),
      h("button", { class: "dw-bar-button", "data-key": "zoom:close", "data-testid": "zoom-close", onclick: close },
        t(ctx.lang, "zoomClose"))));
}

/** The menu of a contested hex, placed over the board beside that hex. */
function hexMenu(ctx: Ctx, left: HTMLElement): HTMLElement | null {
  const menu = ctx.ui.menu;
  if (!menu?.at) return null;
  const hex = left.querySelector(`[data-sector="${cssEscape(menu.at)}"]`);
  if (!hex) return null;
  const box = hex.getBoundingClientRect();
  const origin = left.getBoundingClientRect();
  const pop = h("div", {
    class: "dw-hexmenu", "data-testid": "hex-menu", "data-at": menu.at, role: "menu", "aria-label": menu.title,
    style: `left:${Math.round(box.right - origin.left + 240 > origin.width ? box.left - origin.left - 240 : box.right - origin.left)}px;`
      + `top:${Math.round(box.top - origin.top)}px`,
  },
  h("div", { class: "dw-hexmenu-title" }, `${menu.title} — ${t(ctx.lang, "choose")}`),
  ...menu.options.map((o) => h("button", {
    role: "menuitem", class: "dw-act", "data-action": o.notation, "data-key": `menu:${o.notation}`,
    onclick: () => ctx.act(o.notation),
  }, o.label)),
  h("button", { role: "menuitem", class: "dw-cancel", "data-key": "menu:cancel", onclick: () => ctx.update({ menu: null }) },
    t(ctx.lang, "cancel")));
  return pop;
}

function cssEscape(text: string): string {
  return text.replace(/["\\]/g, "\\$&");
}

/** The active rule variants: name in the widget's language, the rules text as a tooltip. */
function variantsLine(ctx: Ctx, board: Board): HTMLElement | null {
  const list = board.variants ?? [];
  if (!list.length) return null;
  const { lang } = ctx;
  return h("div", { class: "dw-variants", "data-testid": "variants" }, h("b", {}, `${t(lang, "variants")}:`),
    ...list.map((v) => h("span", {
      class: "dw-variant", "data-variant": v.key, title: tr(lang, v.text), tabindex: 0, "aria-label": `${tr(lang, v.name)}: ${tr(lang, v.text)}`,
    }, typeof v.value === "boolean" ? `${tr(lang, v.name)}${v.value ? "" : ` (${t(lang, "off")})`}` : `${tr(lang, v.name)}: ${v.value}`)));
}

function legend(ctx: Ctx, board: Board): HTMLElement {
  const { lang } = ctx;
  const hex = "M0,-8L7,-4V4L0,8L-7,4V-4Z";
  const box = h("div", { class: "dw-legend", "data-testid": "legend" }, h("b", {}, `${t(lang, "legend")}:`));
  for (const level of ["pit", "core", "celesta"]) {
    const fill = levelPattern(ctx, level);
    box.append(h("span", { class: `dw-level-${level}` },
      s("svg", { viewBox: "-9 -9 18 18", "aria-hidden": "true" },
        s("path", { d: hex, class: "dw-hex" }),
        fill ? s("path", { d: hex, fill, class: "dw-hex-pattern" }) : null),
      ` ${tr(lang, board.levels[level], level)}`));
  }
  box.append(h("span", {},
    s("svg", { viewBox: "-9 -9 18 18", "aria-hidden": "true" },
      s("path", { d: hex, class: "dw-zone", stroke: "var(--dw-fg)" })), ` ${t(lang, "zoneLegend")}`));
  box.append(h("span", {}, `[${t(lang, "guildMark")}] `, t(lang, "guildSite")));
  box.append(h("span", {},
    s("svg", { viewBox: "-9 -9 18 18", "aria-hidden": "true" },
      s("path", { d: hex, fill: GUILD_COLOUR, class: "dw-guild-token" })),
    ` ${t(lang, "guildToken", { n: board.guild_strength })}`));
  return box;
}
