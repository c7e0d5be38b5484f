// A tiny DOM builder: h("div", {class: "x", "data-sector": "c4"}, child, "text").

type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;
type Child = Node | string | null | undefined | false;

const SVG_NS = "http://www.w3.org/2000/svg";

function build<E extends Element>(el: E, attrs: Attrs, children: Child[]): E {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") el.addEventListener(key.replace(/^on/, ""), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return el;
}

export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  return build(document.createElement(tag), attrs, children);
}

export function s(tag: string, attrs: Attrs = {}, ...children: Child[]): SVGElement {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Attributes that make an element (HTML or SVG) a keyboard-usable button. */
export function clickable(label: string, onClick: () => void): Attrs {
  return {
    role: "button",
    tabindex: 0,
    "aria-label": label,
    onclick: (e: Event) => {
      e.stopPropagation();
      onClick();
    },
  };
}

/** The open/closed state of `root`'s `<details data-testid=…>` (the Dump, the battle history), so that a redraw
 * (the other seat's move, odds arriving) does not close what the player opened: call it before replacing the
 * children, then the returned function after. */
export function keepDetails(root: Element): () => void {
  const was = new Map<string, boolean>();
  root.querySelectorAll("details[data-testid]").forEach((d) => was.set(d.getAttribute("data-testid") ?? "", (d as HTMLDetailsElement).open));
  return () => root.querySelectorAll("details[data-testid]").forEach((d) => {
    const open = was.get(d.getAttribute("data-testid") ?? "");
    if (open !== undefined) (d as HTMLDetailsElement).open = open;
  });
}
