# Daimyo: `make run` launches the app, `make test` runs every test. Both create .venv first.
# `make run` installs only what the app needs; `make test` adds the test tools and Ray (the
# `cluster` extra: the cluster tests start a local Ray). The tests run on every core; a worker
# that runs out of tests takes some of another's (worksteal), the longest start first
# (tests/conftest.py). Long variants of the hunting tests: README, Hunting tests.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run test lint clean

$(STAMP): pyproject.toml
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet --upgrade pip
	$(VENV)/bin/python -m pip install --quiet -e .
	touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	$(VENV)/bin/python -m pip install --quiet -e '.[test,cluster]'
	touch $(TEST_STAMP)

run: $(STAMP)
	$(VENV)/bin/daimyo

test: $(TEST_STAMP)
	QT_QPA_PLATFORM=offscreen $(VENV)/bin/python -m pytest -n auto --dist worksteal

lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) build *.egg-info
