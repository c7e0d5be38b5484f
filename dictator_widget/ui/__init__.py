"""The widget and what shows a game to people: the anywidget (``widget``), its plain-Python controller
(``widget_controller``, ``widget_battle``, ``widget_setup``), the traits' shapes (``view_schema``), the HTML
replay (``replay_html``), the Voila app (``app``), and a class server's seats: a program's
(``seat_client``, ``dw.connect``) and a notebook's (``widget_seat``, ``DictatorWidget(server=..., code=...)``).

Nothing is imported here: ``import dictator_widget.ui.widget_controller`` loads no widget package, and
the package's public names stay where they were (``dw.DictatorWidget``, ``dw.export_html``, ...).
"""
