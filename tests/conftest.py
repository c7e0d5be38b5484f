"""Fixtures shared by the engine tests."""

from __future__ import annotations

import pytest

import dictator_widget as dw


@pytest.fixture
def game() -> dw.Game:
    return dw.Game.new("standard", seed=1)
