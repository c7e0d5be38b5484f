// The DictatorWidget front end (placeholder until the widget issue lands).
type Model = { get(name: string): unknown; on(event: string, cb: () => void): void };

function render({ model, el }: { model: Model; el: HTMLElement }): void {
  el.textContent = `Dictator-Control: ${JSON.stringify(model.get("view")).length} bytes of view`;
}

export default { render };
