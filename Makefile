# Daimyo: `make run` launches the app, `make test` runs every test. Both create .venv first.
# `make run` installs only what the app needs; `make test` installs the app with the test tools
# and Ray (the `cluster` extra: the cluster tests start a local Ray) in one pip run (one build of
# the project, one resolution), without compiling: what the tests may load of the installed
# packages is then byte-compiled on both cores (pip compiles on one, and everything: the packages'
# own tests, Ray's ML libraries). Before the tests, the project's modules are byte-compiled once
# (both cores): the test processes and the commands the tests start then load them instead of each
# compiling them again (the start-up test keeps compiling afresh, in a cache of its own), and the
# test modules' assertions are rewritten once for pytest (tests/rewrite_cache.py) instead of once
# in every worker. The tests run on every core; a worker that runs out of tests takes some of
# another's (worksteal), the longest start first (tests/conftest.py). Long variants of the hunting
# tests: README, Hunting tests.
# The test tools' pytest plugins are named (PYTEST_PLUGINS), not found by pytest at start: a
# plugin found so has its whole package's assertions rewritten when imported, and Hypothesis
# (about 90 modules, imported by every worker and by pytest's summary) cost 1.3 s of CPU a
# process so. A plugin added to the `test` extra is added to TEST_PLUGINS too.
# `make fast` (optional, needs gcc and the Python headers) compiles the hot engine modules with
# mypyc into build/native/ (engine/native.py lists them and loads them only while they match
# the sources; DAIMYO_PURE=1 turns them off); `make test-fast` runs the engine and AI tests
# with them, checking that they really were compiled.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
FAST_STAMP := $(VENV)/.installed-fast
NEW_VENV := test -x $(VENV)/bin/python || { $(PYTHON) -m venv $(VENV) \
	&& $(VENV)/bin/python -m pip install --quiet --upgrade pip; }

# What `make test`'s install leaves uncompiled: the packages' own tests, Ray's libraries that
# a local Ray never loads and PySide6's deployment scripts (one is a template that is no
# Python). A module left out is compiled when imported, as before; a file that does not
# compile is left as pip leaves it.
RAY_LIBRARIES := ray/(rllib|data|train|tune|llm|serve|air)
NOT_COMPILED := site-packages/($(RAY_LIBRARIES)|PySide6/scripts|(.+/)?tests?)/

TEST_PLUGINS := PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 \
	PYTEST_PLUGINS=xdist.plugin,pytestqt.plugin,_hypothesis_pytestplugin

.PHONY: run test lint clean fast test-fast

$(STAMP): pyproject.toml
	$(NEW_VENV)
	$(VENV)/bin/python -m pip install --quiet -e .
	touch $(STAMP)

$(TEST_STAMP): pyproject.toml
	$(NEW_VENV)
	$(VENV)/bin/python -m pip install --quiet --no-compile -e '.[test,cluster]'
	$(VENV)/bin/python -m compileall -q -j 0 -x '$(NOT_COMPILED)' \
		$$($(VENV)/bin/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))') \
		|| echo "(left uncompiled: compiled when imported)"
	touch $(STAMP) $(TEST_STAMP)

$(FAST_STAMP): pyproject.toml
	$(NEW_VENV)
	$(VENV)/bin/python -m pip install --quiet -e '.[fast]'
	touch $(STAMP) $(FAST_STAMP)

run: $(STAMP)
	$(VENV)/bin/daimyo

test: $(TEST_STAMP)
	$(VENV)/bin/python -m compileall -q -j 0 app engine ai maps editor tests
	$(VENV)/bin/python -m tests.rewrite_cache
	QT_QPA_PLATFORM=offscreen $(TEST_PLUGINS) $(VENV)/bin/python -m pytest -n auto --dist worksteal

fast: $(FAST_STAMP)
	DAIMYO_PURE=1 $(VENV)/bin/python -m engine.native_build

test-fast: fast $(TEST_STAMP)
	DAIMYO_EXPECT_COMPILED=1 QT_QPA_PLATFORM=offscreen $(TEST_PLUGINS) $(VENV)/bin/python -m pytest \
		-n auto --dist worksteal tests/engine tests/ai

lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) build *.egg-info
