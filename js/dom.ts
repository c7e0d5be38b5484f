// A tiny DOM builder: h("div", {class: "x", "data-sector": "c4"}, child, "text").

type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;
type Child = Node | string | null | undefined | false;

const SVG_NS = "http://www.w3.org/2000/svg";

/** Each built element's handlers by event type. The element listens through {@link dispatch}, so that
 * {@link morph} can give an element it keeps the handlers of the element that was built to replace it. */
const handlers = new WeakMap<Element, Record<string, EventListener>>();

function dispatch(e: Event): void {
  const el = e.currentTarget as Element;
  handlers.get(el)?.[e.type]?.call(el, e);
}

function build<E extends Element>(el: E, attrs: Attrs, children: Child[]): E {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") {
      const type = key.replace(/^on/, "");
      const own = handlers.get(el) ?? {};
      own[type] = value;
      handlers.set(el, own);
      el.addEventListener(type, dispatch);
    } else el.setAttribute(key, value === true ? "" : String(value));
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

/** Attributes that tell one element from another where they differ: an element is kept only for one of the
 * same tag, the same first class and the same of these. */
const IDENTITY = ["data-key", "data-testid", "data-card", "data-battalion", "data-sector", "data-action", "id"];

function sameThing(old: Node, next: Node): boolean {
  if (old.nodeType !== next.nodeType || old.nodeName !== next.nodeName) return false;
  if (!(old instanceof Element)) return true;
  const n = next as Element;
  return old.classList[0] === n.classList[0] && IDENTITY.every((a) => old.getAttribute(a) === n.getAttribute(a));
}

/** Makes `old` (in the page) what `next` (just built) is: its attributes, handlers, form state and children. */
function update(old: Node, next: Node): void {
  if (!(old instanceof Element)) {
    if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
    return;
  }
  const n = next as Element;
  for (const { name } of Array.from(old.attributes)) if (!n.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of Array.from(n.attributes)) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  const own = handlers.get(n);
  if (own) {
    handlers.set(old, own);
    for (const type of Object.keys(own)) old.addEventListener(type, dispatch);   // the same listener: added once
  } else handlers.delete(old);
  morph(old, Array.from(n.childNodes));
  if (old instanceof HTMLInputElement) {
    old.value = (n as HTMLInputElement).value;
    old.checked = (n as HTMLInputElement).checked;
  } else if (old instanceof HTMLSelectElement || old instanceof HTMLTextAreaElement) {
    old.value = (n as HTMLSelectElement | HTMLTextAreaElement).value;
  }
}

/** Makes `parent`'s children the `next` nodes (just built, not in the page), keeping in place each child that
 * is the same thing as the one built for its place and changing only what differs: a redraw then restyles,
 * lays out and paints only what changed (replacing every element made Chromium redo all of it on each click, about
 * a third of a click's cost in JupyterLab's page), and the element under the pointer or the keyboard stays the
 * same. Returns the children now in the page, in order.
 *
 *     morph(root, [bar, left, right]);       // root's children now look like, and act like, these three
 */
export function morph(parent: Node, next: Node[]): Node[] {
  const live: Node[] = [];
  let old = parent.firstChild;
  for (const node of next) {
    if (old && sameThing(old, node)) {
      update(old, node);
      live.push(old);
      old = old.nextSibling;
    } else {
      parent.insertBefore(node, old);
      live.push(node);
    }
  }
  while (old) {
    const after: ChildNode | null = old.nextSibling;
    parent.removeChild(old);
    old = after;
  }
  return live;
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
