PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# the tests and benchmarks never open a real audio device; `make play` has sound
test soak mutate bench: export SDL_AUDIODRIVER ?= dummy

.PHONY: play test soak bench kiosk simulate venv clean mutate

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

play: $(STAMP)
	$(BIN)/underground play

test: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/python -m pytest -n 2  # two workers: the suite is ~10 min of CPU

soak: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/python -m pytest -m soak -o addopts=-q --timeout=0

# Mutation testing of the rules engine (docs/testing.md). One child process: the machine is shared.
# MUTANTS narrows it to one file, e.g. make mutate MUTANTS='game.engine.rules.*'
MUTANTS ?=
mutate: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/mutmut run --max-children 1 $(MUTANTS)
	$(BIN)/mutmut results

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/underground bench --json

kiosk: $(STAMP)
	$(BIN)/python -m kiosk

clean:
	rm -rf $(VENV) build *.egg-info
