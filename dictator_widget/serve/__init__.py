"""The classroom server: a game per room, a seat per browser, a teacher's dashboard (``dictator-serve``).

See ``docs/classroom.md``. The web side is :mod:`.app` (Starlette + uvicorn), the rooms and
what each seat is sent :mod:`.rooms`, storage :mod:`.store` (SQLite), the dashboard's figures
:mod:`.league`. The seats are in :mod:`dictator_widget.ui` (a student's bot: ``ui.seat_client``,
``dw.connect``; a notebook's widget: ``ui.widget_seat``), which the server never needs.
"""

from __future__ import annotations

from ..ui.seat_client import SeatClient, connect

__all__ = ["SeatClient", "connect"]
