// The DictatorWidget front end: anywidget's entry point. See app.ts.

import { App } from "./app";
import type { Model } from "./types";

function render({ model, el }: { model: Model; el: HTMLElement }): () => void {
  const app = new App(model, el);
  return () => app.destroy();
}

export default { render };
