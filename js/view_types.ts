// Generated from dictator_widget/ui/view_schema.py: do not edit; regenerate with:
//   make types

export type LegalRow = string[];
export type UndoBlock = "nothing" | "revealed" | "not-yours" | "screen";
/** The widget's ``view`` trait. */
export type View = SeatView | ScreenView;

/** The kinds of log event (``Event.kind``), each with its texts in ``cards/messages.toml``'s [event] table. */
export type EventKind =
  | "scenario"
  | "setup"
  | "zone"
  | "draft"
  | "deploy"
  | "form"
  | "reveal"
  | "conceal"
  | "siege"
  | "order"
  | "wait"
  | "roll_off"
  | "split"
  | "initiative"
  | "first"
  | "turn"
  | "move"
  | "use"
  | "use_target"
  | "energy"
  | "exchange"
  | "attack"
  | "attack_guild"
  | "phase"
  | "strength"
  | "roll"
  | "roll_skipped"
  | "reroll"
  | "winner"
  | "guild_wins"
  | "draw"
  | "damage"
  | "repair"
  | "dump"
  | "take"
  | "annihilated"
  | "guild_taken"
  | "hireling"
  | "energy_reward"
  | "discard"
  | "end"
  | "end_turn"
  | "over"
  | "over_draw"
  | "resign"
  | "draw_offer"
  | "draw_accept"
  | "draw_decline"
  | "draw_lapse";

/** The kinds of decision (``Action.kind``). */
export type ActionKind =
  | "move"
  | "use"
  | "exchange"
  | "attack"
  | "attack-guild"
  | "end"
  | "end-turn"
  | "wait"
  | "pass"
  | "roll"
  | "skip-roll"
  | "damage"
  | "hireling"
  | "hire"
  | "energy"
  | "discard"
  | "reveal"
  | "zone"
  | "split"
  | "draft"
  | "form"
  | "deploy"
  | "chance"
  | "resign"
  | "offer-draw"
  | "accept-draw"
  | "decline-draw";

/** What ``Game.decision`` says is owed: a step outside battle, a battle phase, a chance event, the end. */
export type Decision =
  | "split"
  | "zone"
  | "draft"
  | "form"
  | "deploy"
  | "activation"
  | "condition"
  | "strength"
  | "collision"
  | "damage"
  | "reward"
  | "discard"
  | "chance"
  | "over";

/** The events that begin a battle. */
export const BATTLE_STARTS: readonly EventKind[] = ["attack", "attack_guild"];
/** The events that decide a battle (they carry its totals). */
export const DECIDING: readonly EventKind[] = ["winner", "guild_wins", "draw"];

export interface Bilingual {
  en: string;
  ru: string;
}

export interface SectorView {
  id: string;
  q: number;
  r: number;
  level: string;
  zone: string | null;
  guild_site: number | null;
}

export interface AbilityView {
  id: string;
  phase: string;
  cost: number;
  name: Bilingual;
  text: Bilingual;
}

export interface PassiveView {
  id: string;
  name: Bilingual;
  text: Bilingual;
}

/** A card's fixed facts (``view.card_facts``). */
export interface CardView {
  id: string;
  faction: string;
  type: string;
  strength: number;
  name: Bilingual;
  text: Bilingual;
  phases: string[];
  actions: AbilityView[];
  passives: PassiveView[];
}

export interface BattalionView {
  label: string;
  owner: number;
  sector: string;
  cards: (string | null)[];
  damaged_slots: boolean[];
  acted: boolean;
  active: boolean;
}

/** A battle on, or the last one as the log tells it (``view.last_battle``). Pairs: attacker first. */
export interface BattleView {
  attacker: string;
  defender: string | null;
  guild: string | null;
  phase: string;
  stage: string | null;
  strength: number[];
  dice: number[];
  rolled: boolean;
  totals: number[];
  winner: "attacker" | "defender" | "draw" | null;
  damaged: string | null;
  used: string[];
  cancelled?: string[][];
  mods?: number[];
}

export interface PlayerView {
  index: number;
  energy: number;
  energy_max: number;
  battalions: number;
  zone: string | null;
  hand: string[] | null;
  hand_size: number;
}

export interface LegalAction {
  notation: string;
  kind: string;
  battalion: string;
  card: string;
  ability: string;
  target: string;
}

/** What changes with each decision: the same in the engine's view and the widget's ``view`` trait. */
export interface Position {
  turn: number;
  current_player: number | null;
  decision: Decision;
  is_over: boolean;
  winner: number | null;
  end_reason: string | null;
  order: number[];
  players: PlayerView[];
  battalions: BattalionView[];
  damaged: string[];
  deck_size: number;
  dump: string[];
  pool: string[];
  hiring: string | null;
  battle: BattleView | null;
  draw_offer: number | null;
  table_actions: string[];
}

export interface BoardView {
  sectors: SectorView[];
  guilds: string[];
  guild_strength: number;
  levels: Record<string, Bilingual>;
  zones: Record<string, Bilingual>;
}

/** ``game.view(player)``: everything ``player`` may see. */
export interface GameView extends Position {
  mission: string;
  seed: number | null;
  hidden: boolean;
  turn_cap: number;
  viewer: number | null;
  board: BoardView;
  cards: Record<string, CardView>;
  legal: LegalAction[];
  log: Record<string, unknown>[];
  phases: Record<string, Bilingual>;
}

export interface VariantLabel {
  key: string;
  value: number | boolean;
  name: Bilingual;
  text: Bilingual;
}

/** The widget's ``board`` trait: what never changes in a game (sent once). */
export interface WidgetBoard {
  mission: string;
  mission_name: Bilingual;
  mission_text: Bilingual;
  seed: number | null;
  turn_cap: number;
  num_players: number;
  viewer: number | null;
  hidden: boolean;
  bots: number[];
  sectors: SectorView[];
  levels: Record<string, Bilingual>;
  zones: Record<string, Bilingual>;
  guild_strength: number;
  phases: Record<string, Bilingual>;
  variants: VariantLabel[];
}

/** A finished game's key figures, for the game-over banner (from the log). */
export interface GameSummary {
  turns: number;
  battles: number;
  guilds: number[];
  destroyed: number[];
}

/** One event of the battle on (or of the last one) as the log tells it: the widget plays them in order. */
export interface BattleStep {
  at: number;
  kind: EventKind;
  args: Record<string, unknown>;
}

/** The bots' latest decisions since a human's: each battalion's path and the battles they began. */
export interface BotTrail {
  moves: Record<string, string[]>;
  battles: LegalRow[];
}

/** The widget's ``view`` trait while a seat is shown. */
export interface SeatView extends Position {
  guilds: string[];
  legal: LegalRow[];
  bot_owes: boolean;
  can_undo: boolean;
  undo_block: UndoBlock | null;
  log: string[];
  log_from: number;
  viewer: number | null;
  screen: null;
  last_battle: BattleView | null;
  battle_steps: BattleStep[];
  held: boolean;
  deploying: Record<string, string[]>;
  bot_trail: BotTrail | null;
  summary: GameSummary | null;
}

/** The widget's ``view`` trait between two hot-seat players of a hidden mission: nothing hidden. */
export interface ScreenView {
  screen: number;
  turn: number;
  current_player: number | null;
  decision: Decision;
  is_over: false;
  viewer: null;
  legal: LegalRow[];
  can_undo: false;
}
