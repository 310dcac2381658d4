PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# the tests and benchmarks never open a real audio device; `make play` has sound
test soak mutate bench: export SDL_AUDIODRIVER ?= dummy

.PHONY: play test soak bench kiosk simulate venv clean mutate translations

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

play: $(STAMP)
	$(BIN)/underground play

test: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/python -m pytest -n 2  # two workers: the suite is ~12 min of CPU (docs/testing.md)

soak: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/python -m pytest -m soak -o addopts=-q --timeout=0

# Mutation testing of the rules engine (docs/testing.md). One child process: the machine is shared.
# MUTANTS narrows it to one file, e.g. make mutate MUTANTS='game.engine.rules.*'
MUTANTS ?=
mutate: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/mutmut run --max-children 1 $(MUTANTS)
	$(BIN)/mutmut results

# Languages (docs/languages.md): extract every marked string, merge it into the German and French catalogues,
# compile them. Translate the new entries in assets/locale/*/LC_MESSAGES/underground.po, then run it again.
translations: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k N_ -k Words -k pgettext:1c,2 -k ngettext:1,2 --no-location --sort-output \
		--project "On the Underground" -o assets/locale/underground.pot .
	$(BIN)/pybabel update -i assets/locale/underground.pot -d assets/locale -D underground --no-fuzzy-matching
	$(BIN)/pybabel compile -d assets/locale -D underground --statistics

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/underground bench --json

kiosk: $(STAMP)
	$(BIN)/python -m kiosk

clean:
	rm -rf $(VENV) build *.egg-info
