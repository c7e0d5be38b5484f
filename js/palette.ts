// Okabe-Ito colours (safe for colour-blind players); every colour also has a
// shape or a letter, so nothing is told by colour alone.

export const PLAYER_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7"];
export const PLAYER_SHAPES = ["circle", "square", "diamond", "triangle"] as const;
export const ZONE_COLOURS: Record<string, string> = {
  green: "#009E73",
  yellow: "#F0E442",
  blue: "#56B4E9",
  red: "#D55E00",
};
export const GUILD_COLOUR = "#E69F00";

/** SVG path of a player's token shape, centred on (0, 0). */
export function shapePath(player: number, r: number): string {
  switch (PLAYER_SHAPES[player % 4]) {
    case "square":
      return `M${-r * 0.85},${-r * 0.85}H${r * 0.85}V${r * 0.85}H${-r * 0.85}Z`;
    case "diamond":
      return `M0,${-r * 1.1}L${r * 1.1},0L0,${r * 1.1}L${-r * 1.1},0Z`;
    case "triangle":
      return `M0,${-r * 1.1}L${r * 1.05},${r * 0.8}H${-r * 1.05}Z`;
    default:
      return `M${-r},0A${r},${r} 0 1,0 ${r},0A${r},${r} 0 1,0 ${-r},0Z`;
  }
}
