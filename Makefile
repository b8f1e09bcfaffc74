# The two commands of the README: `make run` and `make test`. Everything else supports them.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test test-fast lint typecheck unit bench eval learn system-deps clean

$(VENV)/.run-installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q .
	touch $@

$(VENV)/.test-installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

run: $(VENV)/.run-installed
	$(BIN)/oomguide serve

system-deps:
	bash scripts/ensure-system-deps.sh

lint: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(VENV)/.test-installed
	$(BIN)/mypy

unit: $(VENV)/.test-installed system-deps
	$(BIN)/python -m pytest

test: lint typecheck unit

# How well messages are read: precision and recall per fact and intent, by locale, both halves.
eval: $(VENV)/.test-installed
	$(BIN)/python -m tests.reading.evaluate

# Learn the intent model's weights again from the corpus's dev half (after adding dev messages).
learn: $(VENV)/.test-installed
	$(BIN)/python scripts/learn.py

# The edit-test loop: no server processes, no redis-server, no browser, nothing from apt.
test-fast: $(VENV)/.test-installed
	$(BIN)/python -m pytest -q -m "not server and not redis and not browser"

bench: $(VENV)/.test-installed
	bash scripts/ensure-system-deps.sh wrk
	$(BIN)/python -m pytest tests/bench -p no:cacheprovider -s -o addopts="-ra --strict-markers"

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
