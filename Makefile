# The two commands of the README: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

# Python keeps each module's bytecode in __pycache__. With PYTHONDONTWRITEBYTECODE set in the environment (this
# machine sets it) nothing is kept, and uv installs without bytecode: every process (each pytest worker, kernel,
# JupyterLab) compiled every module it imported from source again, which took more CPU than the import itself
# (pytest's collection 23 s against 8.6 s with a cache, a kernel's imports 1.4-1.7 s against 0.7 s). Here it is
# unset: each module is compiled once, at its first import after a change.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: play test test-fast compiled pure match lint notebooks notebooks-fast chromium bench clean types screenshots lite app classroom-screenshots serve

# A fresh virtual environment with the package (editable, front end built by
# hatch-jupyter-builder through npm) and its test and rl extras. uv (from PyPI, into the venv) downloads
# and installs in parallel: 20 s where pip took 58 s on a fresh machine.
$(STAMP): pyproject.toml package.json package-lock.json
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip uv
	$(VENV)/bin/uv pip install -q --python $(PY) -e ".[test,rl]"
	touch $(STAMP)

# node_modules as package-lock.json pins it, made once even when make runs its targets side by side (make -j). On a
# fresh clone the editable install's front-end build has run npm install, which writes this file after the lock.
NODE := node_modules/.package-lock.json
$(NODE): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(NODE)

# The front end: pip built it at install; rebuild it when its sources change.
BUNDLE := dictator_widget/static/widget.js
$(BUNDLE): $(STAMP) $(NODE) $(wildcard js/*.ts) tsconfig.json
	npm run build

# The compiled engine (docs/rules-engine.md, "Compiled path"): mypyc builds the rules modules listed in
# scripts/compile_engine.py in place, beside their .py files, so this checkout runs them compiled; rebuilt only
# when a source of the engine changed (an unchanged content after a checkout just touches the manifest).
# A stale build is never run (import dictator_widget falls back to pure Python and warns). make pure removes it.
NATIVE := dictator_widget/_native.json
$(NATIVE): $(STAMP) scripts/compile_engine.py $(shell find dictator_widget/engine dictator_widget/agents -name '*.py')
	$(PY) scripts/compile_engine.py

compiled: $(NATIVE)

pure:
	$(PY) scripts/compile_engine.py --pure

# Debian's Chromium for the browser tests (installed only where it is missing).
chromium:
	PYTHON=$(PY) scripts/install-chromium.sh

# npm run typecheck: tsc --noEmit over js/ (strict), holding the front end to the generated types (make types).
lint: $(STAMP) $(NODE)
	$(PY) -m ruff check dictator_widget tests benchmarks studies checks scripts notebooks
	$(PY) -m mypy
	$(VENV)/bin/lint-imports
	npm run --silent typecheck

# The compiled engine, the Lite site and lint (on a fresh clone 66, 18 and 25 CPU-s: docs/testing.md, "Where the CPU
# goes") beside Debian's Chromium being installed where it is missing (apt waits on the network and the disk more
# than on the cores, and its fallback, Playwright's download, needs the venv); then the tests and
# doctests on four workers while nbval runs every lesson in DW_FAST beside them in another process
# (notebooks/conftest.py holds each cell's outputs to the lesson's stored DW_FAST reference; tests/test_lessons.py
# checks that each notebook is built from its source on today's engine and cards). The browser tests come in five
# xdist groups (two JupyterLabs, the hosts, the Lite site, the class server) that spend most of their time waiting
# on pages, so four workers keep both cores busy; the lessons' log is printed when both are done. The strength match
# (MCTS against Greedy until Wald's test decides, 2 minutes on idle cores) is `make match`; here its claim is
# checked on positions where Greedy errs (tests/agents/test_strength.py). The suite runs on the compiled engine
# (make compiled, rebuilt only when the engine changed); tests/test_compiled.py replays the golden records that reach
# every branch, the search fingerprint and the compiled modules' doctests under pure Python, and the Lite site runs
# pure in Pyodide.
test: $(STAMP) $(BUNDLE)
	$(MAKE) --no-print-directory -j3 chromium lite compiled lint
	mkdir -p build
	DW_FAST=1 $(PY) -m pytest -o addopts="-p no:cacheprovider" -p nbval --nbval-lax -q --durations=12 notebooks > build/notebooks.log 2>&1 & notebooks=$$!; \
	$(PY) -m pytest -n 4 --dist loadgroup -m "not match" --durations=25; tests=$$?; \
	wait $$notebooks; lessons=$$?; echo "--- lessons (nbval, DW_FAST, against notebooks/reference/) ---"; \
	cat build/notebooks.log; test $$tests -eq 0 && test $$lessons -eq 0

# The lessons, from their one source each (notebooks/**/*.py, jupytext percent format): every notebook run at
# full size with its outputs, and its DW_FAST reference that make test checks. NB="03 05" builds only those.
# notebooks-fast rebuilds the DW_FAST references only (a minute or two).
notebooks: $(STAMP)
	$(PY) scripts/build_notebooks.py $(NB)

notebooks-fast: $(STAMP)
	$(PY) scripts/build_notebooks.py --fast $(NB)

# MCTS against Greedy, seat-rotated games until the sequential test decides (docs/what-if-lab.md).
match: $(STAMP)
	$(PY) -m pytest -p no:cacheprovider -m match tests/agents/test_strength.py

test-fast: $(STAMP)
	$(PY) -m pytest -n 2 -m "not browser and not slow and not match"

# JupyterLab refuses to run as root without --allow-root.
play: $(STAMP) $(BUNDLE)
	$(VENV)/bin/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/01-play.ipynb

# The JupyterLite site in build/lite/ (docs/classroom.md): serve it from any static host.
# Rebuilt only when its inputs change; Pyodide comes from the npm package pinned in package.json.
lite: $(STAMP) $(BUNDLE) $(NODE)
	$(PY) scripts/build_lite.py --out build/lite
	@echo "serve it: $(PY) -m http.server 8000 --bind 127.0.0.1 --directory build/lite"

# The play notebook as an app (Voila): a start screen, then the game; no code shown.
app: $(STAMP) $(BUNDLE)
	$(VENV)/bin/dictator-app

# The class server (docs/classroom.md): rooms, a seat per browser, the teacher's dashboard. It prints the
# lobby's and the dashboard's addresses; HOST=0.0.0.0 opens it to the school network.
HOST ?= 127.0.0.1
PORT ?= 8765
serve: $(STAMP) $(BUNDLE)
	$(VENV)/bin/dictator-serve --host $(HOST) --port $(PORT) --db classroom.sqlite

# docs/classroom.md's screenshots, taken by the browser tests of each host.
SHOTS := host-voila host-notebook7 host-marimo lite-played replay-html-final serve-lobby serve-seat serve-dashboard
classroom-screenshots: $(STAMP) $(BUNDLE) chromium
	$(PY) -m pytest -p no:cacheprovider -m browser tests/browser/test_hosts.py tests/browser/test_lite.py tests/browser/test_replay_html.py tests/serve/test_browser.py
	mkdir -p docs/classroom
	for shot in $(SHOTS); do cp test-artifacts/$$shot.png docs/classroom/; done

bench: $(STAMP)
	$(PY) benchmarks/engine.py

clean:
	rm -rf $(VENV) node_modules dictator_widget/static build dist $(NATIVE) dictator_widget_native__mypyc*
	find dictator_widget -name '*.so' -delete

# The front end's generated types (js/view_types.ts, js/messages.ts) from the Python declarations they mirror
# (dictator_widget/ui/typescript.py; tests/widget/test_generated_types.py checks them).
types: $(STAMP)
	$(PY) -m dictator_widget.ui.typescript

# The widget's screenshots in docs/img/ (documentation: a browser test that only runs when asked).
screenshots: $(STAMP) $(BUNDLE) chromium
	DW_SCREENSHOTS=1 $(PY) -m pytest -p no:cacheprovider tests/browser/test_screenshots.py
