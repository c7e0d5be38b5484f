# Dictator-Control in marimo: `marimo run notebooks/marimo-play.py` (an app) or `marimo edit ...`
# (there, run the cells once). The board is an anywidget wrapped by mo.ui.anywidget; the game's
# position is also marimo state, set whenever the widget's view changes, so the cell below it
# runs again after every decision, whoever makes it (a click, a bot, a cell).

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full")


@app.cell
def _():
    import marimo as mo

    import dictator_widget as dw
    return dw, mo


@app.cell
def _(dw, mo):
    widget = dw.DictatorWidget(mission="standard", seed=7, lang="en")
    get_view, set_view = mo.state(widget.view)
    widget.observe(lambda change: set_view(change["new"]), names="view")
    board = mo.ui.anywidget(widget)
    board
    return board, get_view


@app.cell
def _(get_view, mo):
    view = get_view()
    last = view["log"][-1][1] if view.get("log") else ""
    mo.md(f"""
    **The game, as the widget's state says** (this cell runs again after every decision):
    turn {view.get("turn")}, decision `{view.get("decision")}`, {len(view.get("legal", []))} options;
    last: *{last}*
    """)
    return


if __name__ == "__main__":
    app.run()
