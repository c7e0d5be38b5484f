// The shapes of the synced traits (see dictator_widget/widget.py) and of the model.

export type Lang = "en" | "ru";
export type Bilingual = { en: string; ru: string };

export interface Sector {
  id: string;
  q: number;
  r: number;
  level: string;
  zone: string | null;
  guild_site: number | null;
}

/** What never changes during a game (trait `board`). */
export interface Board {
  mission: string;
  seed: number;
  turn_cap: number;
  num_players: number;
  viewer: number | null;
  bots: number[];
  sectors: Sector[];
  levels: Record<string, Bilingual>;
  zones: Record<string, Bilingual>;
  guild_strength: number;
  phases: Record<string, Bilingual>;
  hidden?: boolean;
  variants?: { key: string; value: number | boolean; name: Bilingual; text: Bilingual }[];
}

export interface Ability {
  id: string;
  phase: string;
  cost: number;
  name: Bilingual;
  text: Bilingual;
}

export interface Card {
  id: string;
  faction: string;
  type: string;
  strength: number;
  name: Bilingual;
  text: Bilingual;
  phases: string[];
  actions: Ability[];
  passives: { id: string; name: Bilingual; text: Bilingual }[];
}

export interface Battalion {
  label: string;
  owner: number;
  sector: string;
  cards: (string | null)[];     // null: a face-down card (Fog of War)
  damaged_slots?: boolean[];
  acted: boolean;
  active: boolean;
}

export interface Battle {
  attacker: string;
  defender: string | null;
  guild: string | null;
  phase: string;
  stage: string | null;
  strength: [number, number];
  dice: [number, number];
  rolled: boolean;
  totals: [number, number];
  winner: "attacker" | "defender" | "draw" | null;
  damaged: string | null;
  used: string[];
}

/** A legal option: [notation, kind, battalion, card, ability, target]. */
export type LegalRow = [string, string, string, string, string, string];

export interface Player {
  index: number;
  energy: number;
  energy_max: number;
  battalions: number;
  hand_size?: number;
  zone?: string;
  hand?: string[] | null;
}

/** The position (trait `view`): it changes with every decision. */
export interface View {
  turn: number;
  current_player: number | null;
  decision: string;
  is_over: boolean;
  winner: number | null;
  end_reason: string | null;
  order: number[];
  players: Player[];
  guilds: string[];
  battalions: Battalion[];
  damaged: string[];
  deck_size: number;
  dump: string[];
  battle: Battle | null;
  last_battle?: Battle | null;   // the latest finished battle (this turn or the last), as the log tells it
  legal: LegalRow[];
  bot_owes: boolean;
  can_undo: boolean;
  log: [number, string][];
  pool?: string[];
  hiring?: string | null;
  viewer?: number | null;        // whose view this is (a hot-seat's seated player in Fog of War)
  screen?: number | null;        // hot-seat, hidden mission: this player must take the seat first
  odds?: Record<string, Odds>;   // attack notation -> odds (asked for when a battalion is selected)
}

export interface Odds {
  win: number;
  draw: number;
  loss: number;
}

/** The part of anywidget's model this front end uses. */
export interface Model {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  save_changes(): void;
  send(content: unknown): void;
  on(event: string, callback: (...args: never[]) => void): void;
  off(event?: string | null, callback?: ((...args: never[]) => void) | null): void;
}
