# The two commands of the README: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: play test test-fast lint chromium bench clean

# A fresh virtual environment with the package (editable, front end built by
# hatch-jupyter-builder through npm) and its test and rl extras.
$(STAMP): pyproject.toml package.json package-lock.json
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[test,rl]"
	touch $(STAMP)

# The front end: pip built it at install; rebuild it when its sources change.
BUNDLE := dictator_widget/static/widget.js
$(BUNDLE): $(STAMP) $(wildcard js/*.ts) package.json package-lock.json tsconfig.json
	test -d node_modules || npm ci --no-audit --no-fund
	npm run build

# Debian's Chromium for the browser tests (installed only where it is missing).
chromium:
	PYTHON=$(PY) scripts/install-chromium.sh

lint: $(STAMP)
	$(PY) -m ruff check dictator_widget tests benchmarks
	$(PY) -m mypy
	$(VENV)/bin/lint-imports

test: $(STAMP) $(BUNDLE) chromium lint
	$(PY) -m pytest -n 2 --dist loadgroup -m "not match"
	$(PY) -m pytest -p no:cacheprovider --nbval notebooks
	$(PY) -m pytest -m match

test-fast: $(STAMP)
	$(PY) -m pytest -n 2 -m "not browser and not slow and not match"

# JupyterLab refuses to run as root without --allow-root.
play: $(STAMP) $(BUNDLE)
	$(VENV)/bin/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/01-play.ipynb

bench: $(STAMP)
	$(PY) benchmarks/engine.py

clean:
	rm -rf $(VENV) node_modules dictator_widget/static build dist
