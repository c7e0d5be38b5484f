// Keeps the action bar in view while any part of the widget is: CSS `position: sticky` does not hold
// inside JupyterLab's output area (an ancestor clips overflow), so the bar is shifted down by a transform
// as the notebook scrolls, never past the widget's bottom. Cleaned up with the widget.

export class Pin {
  private bar: HTMLElement | null = null;
  private frame = 0;
  private readonly onScroll = () => {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.place();
    });
  };

  constructor(private readonly root: HTMLElement) {
    document.addEventListener("scroll", this.onScroll, { capture: true, passive: true });
    window.addEventListener("resize", this.onScroll);
  }

  /** The bar of a new rendering: placed at once (a redraw must not make it jump). */
  attach(bar: HTMLElement): void {
    this.bar = bar;
    this.place();
  }

  destroy(): void {
    document.removeEventListener("scroll", this.onScroll, { capture: true });
    window.removeEventListener("resize", this.onScroll);
    if (this.frame) cancelAnimationFrame(this.frame);
    this.bar = null;
  }

  /** The top of the visible area the widget scrolls in (the notebook's scroller, or the window). */
  private viewTop(): number {
    for (let el = this.root.parentElement; el; el = el.parentElement) {
      const overflow = getComputedStyle(el).overflowY;
      if ((overflow === "auto" || overflow === "scroll") && el.scrollHeight > el.clientHeight) {
        return Math.max(0, el.getBoundingClientRect().top);
      }
    }
    return 0;
  }

  private place(): void {
    const bar = this.bar;
    if (!bar || !bar.isConnected) return;
    const root = this.root.getBoundingClientRect();
    const room = root.height - bar.offsetHeight - (bar.offsetTop - this.root.offsetTop);
    const shift = Math.min(Math.max(0, this.viewTop() - root.top), Math.max(0, room));
    bar.style.transform = shift > 0 ? `translateY(${Math.round(shift)}px)` : "";
    bar.classList.toggle("dw-pinned", shift > 0);
  }
}
