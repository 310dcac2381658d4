PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

export SDL_AUDIODRIVER ?= dummy

.PHONY: play test soak bench kiosk simulate venv clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

play: $(STAMP)
	$(BIN)/underground play

test: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/python -m pytest

soak: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/python -m pytest -m soak -o addopts=-q --timeout=0

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/underground bench --json

kiosk: $(STAMP)
	$(BIN)/python -m kiosk

clean:
	rm -rf $(VENV) build *.egg-info
