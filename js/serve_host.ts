// The class server's pages (dictator_widget/serve/app.py): the lobby, a seat, the teacher's dashboard.
// A seat's page is the widget's own front end (widget.ts's render, unchanged), driven by a model that speaks
// anywidget's interface (get/set/on/off/send/save_changes) over a websocket instead of a kernel's comm.
//
// The socket's protocol (server -> page): {"type": "update", "traits": {...}} (the changed traits; "cards+"
// adds cards to the `cards` trait; "hello" names the seat; "ack"/"ok"/"refused" answer a message),
// {"type": "msg", "content": ...} (a custom message, e.g. older log lines), {"type": "thinking", "seat": p}
// (a bot thinks), {"type": "ack", "id": n, "ok": true}, {"type": "refused", "error": ...} (a wrong link).
// Page -> server: the widget's own messages ({"type": "act", ...}) and {"type": "set", "traits": {...}}
// for save_changes (lang, error).

import widget from "./widget";
import { h } from "./dom";
import type { Message, Model, SeatTraits } from "./types";

type Lang = "en" | "ru";
type Texts = Record<string, Record<string, Record<Lang, string>>>;
interface Config {
  page: "lobby" | "seat" | "teacher" | "refused";
  lang: Lang;
  texts: Texts;
  code?: string;
  token?: string;
  seat?: number;
  error?: string;
  missions?: string[];
  players?: Record<string, number>;
  mission_names?: Record<string, Record<Lang, string>>;
  card_sets?: string[];
}
type Handler = (...args: never[]) => void;

const cfg = JSON.parse(document.getElementById("dw-serve-config")?.textContent ?? "{}") as Config;
let lang: Lang = (new URLSearchParams(location.search).get("lang") as Lang | null) ?? cfg.lang ?? "en";

function tr(key: string, vars: Record<string, string | number> = {}): string {
  const [table, name] = key.split(".");
  const text = cfg.texts[table]?.[name]?.[lang] ?? key;
  return text.replace(/\{(\w+)\}/g, (_m, k: string) => String(vars[k] ?? `{${k}}`));
}

/** Anywidget's model over a websocket: traits and change events, messages both ways, reconnects. */
export class SocketModel implements Model {
  private readonly traits = new Map<string, unknown>();
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly dirty = new Set<string>();
  private ws: WebSocket | null = null;
  private retry = 250;
  private closed = false;
  onStatus: (state: "connecting" | "open" | "lost" | "refused", detail?: unknown) => void = () => {};

  constructor(private readonly url: () => string) {
    this.open();
  }

  private open(): void {
    this.onStatus("connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 250;
    };
    ws.onmessage = (e: MessageEvent) => this.receive(JSON.parse(String(e.data)) as Record<string, unknown>);
    ws.onclose = (e: CloseEvent) => {
      if (this.ws !== ws || this.closed) return;
      this.ws = null;
      if (e.code === 4403) return;                 // refused: a wrong or replaced link; retrying cannot help
      this.onStatus("lost");
      setTimeout(() => this.open(), this.retry);  // a closed lid, a restarted server: back to the same seat
      this.retry = Math.min(this.retry * 2, 4000);
    };
  }

  private receive(m: Record<string, unknown>): void {
    if (m.type === "update") {
      const traits = (m.traits ?? {}) as Record<string, unknown>;
      const changed: string[] = [];
      for (const [name, value] of Object.entries(traits)) {
        if (name === "cards+") {
          this.traits.set("cards", { ...((this.traits.get("cards") as object | undefined) ?? {}), ...(value as object) });
          changed.push("cards");
        } else {
          this.traits.set(name, value);
          changed.push(name);
        }
      }
      if (m.hello) this.onStatus("open", m.hello);
      for (const name of changed) this.emit(`change:${name}`);
    } else if (m.type === "msg") {
      this.emit("msg:custom", m.content);
    } else if (m.type === "thinking" || m.type === "ack") {
      this.emit(`serve:${m.type}`, m);
    } else if (m.type === "refused") {
      this.onStatus("refused", m.error);
    }
  }

  private emit(event: string, arg?: unknown): void {
    for (const f of this.handlers.get(event) ?? []) (f as (a: unknown) => void)(arg);
  }

  get(name: string): unknown {
    return this.traits.get(name);
  }

  set(name: string, value: unknown): void {
    this.traits.set(name, value);
    this.dirty.add(name);
    this.emit(`change:${name}`);
  }

  save_changes(): void {
    const traits: SeatTraits = {};       // the front end sets only these two (the server refuses others)
    const lang = this.traits.get("lang");
    const error = this.traits.get("error");
    if (this.dirty.has("lang") && (lang === "en" || lang === "ru")) traits.lang = lang;
    if (this.dirty.has("error") && typeof error === "string") traits.error = error;
    this.dirty.clear();
    if (Object.keys(traits).length) this.send({ type: "set", traits });
  }

  send(content: Message): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(content));
  }

  on(event: string, callback: Handler): void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(callback);
    this.handlers.set(event, set);
  }

  off(event?: string | null, callback?: Handler | null): void {
    if (!event) this.handlers.clear();
    else if (!callback) this.handlers.delete(event);
    else this.handlers.get(event)?.delete(callback);
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}

// ----------------------------------------------------------------------------------------- pages ----

const CSS = `
body { font-family: system-ui, sans-serif; margin: 0; background: #f4f2ee; color: #1d1d1f; }
.dw-serve-bar { display: flex; gap: 1em; align-items: center; padding: .5em 1em; background: #24303f; color: #fff; }
.dw-serve-bar a, .dw-serve-bar button { color: #fff; background: transparent; border: 1px solid #fff8; border-radius: 4px;
  padding: .2em .6em; cursor: pointer; text-decoration: none; font: inherit; }
.dw-serve-main { padding: 1em; max-width: 1400px; margin: 0 auto; }
.dw-serve-status { flex: 1; }
section, .dw-serve-card { background: #fff; border-radius: 6px; padding: .8em 1em; margin-bottom: 1em; box-shadow: 0 1px 2px #0002; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .25em .5em; border-bottom: 1px solid #ddd; }
label { display: inline-block; margin: .3em .4em .3em 1em; } label:first-of-type { margin-left: 0; }
input, select { font: inherit; margin-right: .5em; }
button { font: inherit; cursor: pointer; } .dw-serve-error { color: #a40000; font-weight: 600; }
code { background: #eee; padding: 0 .3em; border-radius: 3px; }
:focus-visible { outline: 3px solid #2a6fdb; outline-offset: 2px; }
`;

function shell(title: string): HTMLElement {
  const langButton = h("button", { "data-testid": "serve-lang", onclick: () => {
    const url = new URL(location.href);
    url.searchParams.set("lang", lang === "en" ? "ru" : "en");
    location.href = url.toString();
  } }, tr("page.lang"));
  const status = h("span", { class: "dw-serve-status", "data-testid": "serve-status", "aria-live": "polite" });
  const bar = h("header", { class: "dw-serve-bar" }, h("strong", {}, title), status,
    h("a", { href: `/?lang=${lang}` }, tr("page.lobby")), langButton);
  const main = h("main", { class: "dw-serve-main" });
  const root = document.getElementById("dw-serve") as HTMLElement;
  root.replaceChildren(h("style", {}, CSS), bar, main);
  document.documentElement.lang = lang;
  document.title = `${title} · ${tr("page.title")}`;
  return main;
}

async function json(url: string, body?: unknown): Promise<Record<string, unknown>> {
  const resp = await fetch(url, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = (await resp.json()) as Record<string, unknown>;
  if (!resp.ok) throw new Error(String(data.error ?? resp.statusText));
  return data;
}

function missionName(room: Record<string, unknown>): string {
  const name = room.mission_name as Record<Lang, string> | undefined;
  return name?.[lang] ?? String(room.mission);
}

function seatPage(): void {
  const status = () => document.querySelector("[data-testid=serve-status]") as HTMLElement;
  const main = shell(tr("page.title"));
  status().textContent = tr("seat.connecting");
  const host = h("div", { "data-testid": "serve-seat" });
  const thinking = h("div", { "data-testid": "serve-thinking", "aria-live": "polite" });
  main.append(thinking, host);
  const ws = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
  const model = new SocketModel(() => `${ws}?code=${encodeURIComponent(cfg.code ?? "")}` +
    `&token=${encodeURIComponent(cfg.token ?? "")}&lang=${lang}`);
  (window as unknown as { dwSeat: SocketModel }).dwSeat = model;     // this seat's own model (scripts, tests)
  let rendered = false;
  let timer: number | undefined;
  model.onStatus = (state, detail) => {
    if (state === "open") {
      const hello = detail as { seat: number; code: string; name: string };
      status().textContent = tr("seat.connected", { code: hello.code, name: hello.name, n: hello.seat + 1 });
      if (!rendered) {
        rendered = true;
        widget.render({ model, el: host });
      }
    } else if (state === "lost") status().textContent = tr("seat.lost");
    else if (state === "refused") {
      status().textContent = "";
      main.replaceChildren(h("p", { class: "dw-serve-error", "data-testid": "serve-refused" }, String(detail)));
    }
  };
  model.on("serve:thinking", ((m: { seat: number }) => {
    const start = Date.now();
    clearInterval(timer);
    const tick = () => {
      thinking.textContent = tr("seat.thinking", { n: m.seat + 1, s: Math.round((Date.now() - start) / 1000) });
    };
    tick();
    timer = window.setInterval(tick, 1000);
  }) as Handler);
  model.on("change:view", () => {
    const view = model.get("view") as { bot_owes?: boolean } | null;
    if (!view?.bot_owes) {
      clearInterval(timer);
      thinking.textContent = "";
    }
  });
}

function lobbyPage(): void {
  const main = shell(tr("page.lobby"));
  const rooms = h("section", { "data-testid": "serve-rooms" });
  const code = h("input", { id: "dw-code", "data-testid": "serve-code", autocomplete: "off", maxlength: 12 }) as HTMLInputElement;
  const name = h("input", { id: "dw-name", "data-testid": "serve-name", maxlength: 40 }) as HTMLInputElement;
  const joinOut = h("p", { "data-testid": "serve-join-out", "aria-live": "polite" });
  const join = h("form", { class: "dw-serve-card", "data-testid": "serve-join", onsubmit: async (e: Event) => {
    e.preventDefault();
    try {
      const r = await json("/api/claim", { code: code.value, name: name.value });
      const url = `${String(r.url)}&lang=${lang}`;
      joinOut.replaceChildren(tr("lobby.your_link"), " ", h("a", { href: url, "data-testid": "serve-link" }, location.origin + url));
      location.href = url;
    } catch (err) {
      joinOut.replaceChildren(h("span", { class: "dw-serve-error" }, String((err as Error).message)));
    }
  } },
  h("h2", {}, tr("lobby.join")),
  h("label", { for: "dw-code" }, tr("lobby.code"), " "), code, h("label", { for: "dw-name" }, tr("lobby.name"), " "), name,
  h("button", { type: "submit", "data-testid": "serve-take" }, tr("lobby.take")), joinOut);

  const missions = cfg.missions ?? ["standard"];
  const select = (id: string, options: [string, string][]) =>
    h("select", { id, "data-testid": `serve-${id}` }, ...options.map(([v, l]) => h("option", { value: v }, l))) as HTMLSelectElement;
  const named = (m: string): [string, string] => [m, cfg.mission_names?.[m]?.[lang] ?? m];
  const mission = select("mission", missions.map(named));
  const combine = select("combine", [["", "—"], ...missions.map(named)]);
  const cards = select("cards", [["", tr("lobby.shipped")], ...(cfg.card_sets ?? []).map((c): [string, string] => [c, c])]);
  const variants = h("input", { id: "variants", "data-testid": "serve-variants", placeholder: "{}" }) as HTMLInputElement;
  const seatsBox = h("div", {});
  const bots = ["", "random", "greedy", "mcts"];
  const seatSelects: HTMLSelectElement[] = [];
  const drawSeats = (n: number) => {
    seatSelects.length = 0;
    seatsBox.replaceChildren(...Array.from({ length: n }, (_x, i) => {
      const s = select(`seat${i}`, bots.map((b) => [b, b ? `${tr("lobby.bot")}: ${b}` : tr("lobby.human")]));
      seatSelects.push(s);
      return h("label", {}, tr("lobby.seat", { n: i + 1 }), " ", s);
    }));
  };
  const seatCount = () => Math.max(cfg.players?.[mission.value] ?? 2, combine.value ? cfg.players?.[combine.value] ?? 2 : 2);
  mission.addEventListener("change", () => drawSeats(seatCount()));
  combine.addEventListener("change", () => drawSeats(seatCount()));
  drawSeats(2);
  const made = h("div", { "data-testid": "serve-made", "aria-live": "polite" });
  const create = h("form", { "data-testid": "serve-create", onsubmit: async (e: Event) => {
    e.preventDefault();
    try {
      const body = {
        mission: combine.value ? `${mission.value}+${combine.value}` : mission.value,
        cards: cards.value || undefined, variants: variants.value.trim() ? JSON.parse(variants.value) : undefined,
        seats: seatSelects.map((s) => (s.value ? { bot: s.value } : {})),
      };
      const r = await json("/api/rooms", body);
      const codes = r.codes as string[];
      made.replaceChildren(h("p", {}, tr("lobby.created", { room: String(r.id) })),
        h("ul", {}, ...codes.map((c, i) => (seatSelects[i].value ? null : h("li", {}, tr("lobby.seat", { n: i + 1 }), ": ",
          h("code", { "data-testid": `serve-code-${i}` }, c))))));
      await drawRooms();
    } catch (err) {
      made.replaceChildren(h("span", { class: "dw-serve-error" }, String((err as Error).message)));
    }
  } },
  h("h2", {}, tr("lobby.new_room")),
  h("label", { for: "mission" }, tr("lobby.mission"), " "), mission, h("label", { for: "combine" }, tr("lobby.combine"), " "), combine,
  h("label", { for: "cards" }, tr("lobby.cards"), " "), cards, h("label", { for: "variants" }, tr("lobby.variants"), " "), variants,
  seatsBox, h("button", { type: "submit", "data-testid": "serve-create-room" }, tr("lobby.create")), made);

  async function drawRooms(): Promise<void> {
    const list = (await (await fetch("/api/rooms")).json()) as Record<string, unknown>[];
    const rows = list.map((r) => {
      const seats = (r.seats as { seat: number; name: string; bot: string | null; open: boolean }[]).map((s) =>
        s.bot ? `${tr("lobby.bot")}: ${s.bot}` : s.open ? tr("lobby.free") : s.name).join(" · ");
      return h("tr", { "data-room": String(r.id) }, h("td", {}, String(r.id)), h("td", {}, missionName(r)), h("td", {}, seats),
        h("td", {}, tr("lobby.turn", { turn: Number(r.turn) })));
    });
    rooms.replaceChildren(h("h2", {}, tr("lobby.open_rooms")),
      rows.length ? h("table", {}, ...rows) : h("p", {}, tr("lobby.none")));
  }
  main.append(join, rooms, h("section", {}, create));
  void drawRooms();
  setInterval(() => void drawRooms(), 3000);
  code.focus();
}

function teacherPage(): void {
  const main = shell(tr("page.dashboard"));
  const token = cfg.token ?? "";
  const roomsBox = h("section", { "data-testid": "serve-dashboard-rooms" });
  const leagueBox = h("section", { "data-testid": "serve-league" });
  const exportButton = h("button", { "data-testid": "serve-export", onclick: () => {
    location.href = `/api/export?token=${encodeURIComponent(token)}`;
  } }, tr("teacher.export"));
  main.append(h("p", {}, exportButton), roomsBox, leagueBox);
  const nameOf = (room: Record<string, unknown>, p: number | null): string => {
    if (p === null || p === undefined) return "—";
    const s = (room.seats as { name: string; bot: string | null }[])[p];
    return `${p + 1}: ${s.bot ? `${tr("lobby.bot")} ${s.bot}` : s.name || "?"}`;
  };
  async function draw(): Promise<void> {
    const data = await json(`/api/teacher?token=${encodeURIComponent(token)}`);
    const now = Number(data.now);
    const rooms = data.rooms as Record<string, unknown>[];
    roomsBox.replaceChildren(h("h2", {}, tr("teacher.rooms")), h("table", {},
      h("tr", {}, ...["room", "seats", "whose_turn", "turn", "last", "winner"].map((k) => h("th", {}, tr(`teacher.${k}`)))),
      ...rooms.map((r) => h("tr", { "data-room": String(r.id) },
        h("td", {}, `${String(r.id)} · ${missionName(r)}`),
        h("td", {}, ...(r.seats as { seat: number; code: string; name: string; bot: string | null; taken: boolean; online: boolean;
          link: string | null }[]).map((s) => h("div", {},
          `${s.seat + 1}: `, h("code", {}, s.code), " ", s.bot ? `${tr("lobby.bot")} ${s.bot}` : s.name || tr("lobby.free"),
          s.online ? ` (${tr("teacher.online")})` : "",
          s.link ? h("a", { href: `${s.link}&lang=${lang}`, target: "_blank" }, " ↗") : null,
          s.bot ? null : h("button", { "data-testid": `serve-reissue-${s.code}`, onclick: async () => {
            await json("/api/reissue", { token, code: s.code });
            await draw();
          } }, tr("teacher.reissue"))))),
        h("td", {}, r.over ? "—" : nameOf(r, r.current_player as number | null)),
        h("td", {}, String(r.turn)),
        h("td", {}, tr("teacher.ago", { s: Math.max(0, Math.round(now - Number(r.updated))) })),
        h("td", {}, r.over ? (r.winner === null ? tr("teacher.draw") : nameOf(r, r.winner as number)) : tr("teacher.playing"))))));
    const league = data.league as { players: Record<string, number | string>[]; head_to_head: Record<string, Record<string, number[]>> };
    const names = league.players.map((p) => String(p.name));
    leagueBox.replaceChildren(h("h2", {}, tr("teacher.league")), h("table", { "data-testid": "serve-league-table" },
      h("tr", {}, ...["student", "games", "wins", "losses", "draws", "points"].map((k) => h("th", {}, tr(`teacher.${k}`)))),
      ...league.players.map((p) => h("tr", {}, ...["name", "games", "wins", "losses", "draws", "points"].map((k) => h("td", {}, String(p[k])))))),
    h("h3", {}, tr("teacher.h2h")), h("table", { "data-testid": "serve-h2h" },
      h("tr", {}, h("th", {}, ""), ...names.map((n) => h("th", {}, n))),
      ...names.map((a) => h("tr", {}, h("th", {}, a), ...names.map((b) => {
        const c = league.head_to_head[a]?.[b];
        return h("td", {}, c ? c.join("-") : "");
      })))));
  }
  void draw();
  setInterval(() => void draw(), 2000);
}

function refusedPage(): void {
  const main = shell(tr("page.refused"));
  main.append(h("section", {}, h("p", { class: "dw-serve-error", "data-testid": "serve-refused" }, cfg.error ?? ""),
    h("a", { href: `/?lang=${lang}` }, tr("page.back"))));
}

({ lobby: lobbyPage, seat: seatPage, teacher: teacherPage, refused: refusedPage })[cfg.page]?.();
