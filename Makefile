# Parlo — the two commands of the quick start are `make demo` and `make test`.
SWIFT ?= swift
RELEASE_BIN = .build/release/parlo

.PHONY: setup demo test bench build clean fixtures

setup:
	@scripts/setup

build: setup
	$(SWIFT) build -c release --product parlo

## The main job on the bundled default: batch evaluation of audio-fixtures/ with its report.
demo: build
	$(RELEASE_BIN) batch --jsgf audio-fixtures/basic/commands.gram \
	    --expect audio-fixtures/basic/manifest.jsonl audio-fixtures/basic

test:
	@scripts/setup test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## Speed and memory against the reference tools, run side by side (see scripts/bench).
bench:
	@scripts/setup bench
	$(SWIFT) build -c release --product parlo
	scripts/bench

fixtures:
	scripts/make-basic-fixtures

clean:
	rm -rf .build
