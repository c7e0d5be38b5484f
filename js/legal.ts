// Reading the legal options the kernel sent. The front end offers exactly these
// and nothing else: it never judges legality itself.

import type { ActionKind, LegalAction, LegalRow } from "./view_types";

/** A legal option, its row read into names; its kind one of the engine's (vocabulary.Kind). */
export type Option = Omit<LegalAction, "kind"> & { kind: ActionKind };

const SECTOR = /^[a-z][0-9]{1,2}$/;

export class Options {
  readonly all: Option[];
  private readonly byNotation: Map<string, Option>;

  constructor(rows: LegalRow[]) {
    this.all = rows.map(([notation, kind, battalion, card, ability, target]) => ({
      notation, kind: kind as ActionKind, battalion, card, ability, target,
    }));
    this.byNotation = new Map(this.all.map((o) => [o.notation, o]));
  }

  has(notation: string): boolean {
    return this.byNotation.has(notation);
  }

  /** Battalions that have anything to do now. */
  actors(): Set<string> {
    return new Set(this.all.filter((o) => o.battalion).map((o) => o.battalion));
  }

  of(battalion: string): Option[] {
    return this.all.filter((o) => o.battalion === battalion);
  }

  /** Sectors `battalion` can reach now: by a standard move, or by card actions. */
  destinations(battalion: string, armed: string | null): Map<string, Option[]> {
    const out = new Map<string, Option[]>();
    for (const o of this.of(battalion)) {
      const reach = o.kind === "move" || (o.kind === "use" && SECTOR.test(o.target));
      if (!reach || (armed !== null && `${o.card}:${o.ability}` !== armed)) continue;
      const list = out.get(o.target) ?? [];
      list.push(o);
      out.set(o.target, list);
    }
    return out;
  }

  attack(battalion: string, target: string): Option | undefined {
    return this.of(battalion).find((o) => o.kind === "attack" && o.target === target);
  }

  attackGuild(battalion: string, sector: string): Option | undefined {
    return this.of(battalion).find((o) => o.kind === "attack-guild" && o.target === sector);
  }

  /** Options of one card action (`card:ability`), for `battalion` ("" in battles). */
  ability(card: string, ability: string, battalion = ""): Option[] {
    return this.all.filter(
      (o) => o.kind === "use" && o.card === card && o.ability === ability && (!battalion || o.battalion === battalion),
    );
  }

  /** Own battalions `battalion` may exchange cards with. */
  partners(battalion: string): string[] {
    const out = new Set<string>();
    for (const o of this.all) {
      if (o.kind !== "exchange") continue;
      if (o.battalion === battalion) out.add(o.target);
      if (o.target === battalion) out.add(o.battalion);
    }
    return [...out].sort();
  }

  /** The legal exchange giving `give` from `a` to `b` and taking `take`, if there is one. */
  exchange(a: string, b: string, give: Set<string>, take: Set<string>): Option | undefined {
    return this.all.find((o) => {
      if (o.kind !== "exchange") return false;
      const fields = exchangeFields(o.notation);
      if (o.battalion === a && o.target === b) return sameSet(fields.give, give) && sameSet(fields.take, take);
      if (o.battalion === b && o.target === a) return sameSet(fields.give, take) && sameSet(fields.take, give);
      return false;
    });
  }

  ofKind(...kinds: string[]): Option[] {
    return this.all.filter((o) => kinds.includes(o.kind));
  }
}

/** The card lists of an exchange notation: "A1 exchange A3 give T02 take T08,T09". */
export function exchangeFields(notation: string): { give: string[]; take: string[] } {
  const words = notation.split(" ");
  const list = (w: string | undefined) => (!w || w === "-" ? [] : w.split(","));
  return { give: list(words[4]), take: list(words[6]) };
}

function sameSet(xs: string[], ys: Set<string>): boolean {
  return xs.length === ys.size && xs.every((x) => ys.has(x));
}
