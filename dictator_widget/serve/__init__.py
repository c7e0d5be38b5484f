"""The classroom server: a game per room, a seat per browser, a teacher's dashboard (``dictator-serve``).

See ``docs/classroom.md``. The web side is :mod:`.app` (Starlette + uvicorn), the rooms and
what each seat is sent :mod:`.rooms`, storage :mod:`.store` (SQLite), the dashboard's figures
:mod:`.league`, and a Python seat for a student's bot :mod:`.client` (``dw.connect``).
"""

from __future__ import annotations

from .client import SeatClient, connect

__all__ = ["SeatClient", "connect"]
