# Two commands do everything on a fresh machine: `make demo` and `make test`.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: setup demo test test-py test-lit bench

$(BIN)/.installed: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test,bench]'
	touch $@

setup: $(BIN)/.installed

demo: setup
	$(BIN)/python examples/demo.py

test: setup
	$(BIN)/python -m pytest tests -n 2
	PATH=$(abspath $(BIN)):$$PATH $(BIN)/lit -sv test/lit

bench: setup
	$(BIN)/python bench/lowering.py
	$(BIN)/python bench/propagation.py
