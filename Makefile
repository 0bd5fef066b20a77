# Parlo — the two commands of the quick start are `make demo` and `make test`.
SWIFT ?= swift
RELEASE_BIN = .build/release/parlo

.PHONY: setup demo test bench soak build clean fixtures

setup:
	@scripts/setup

build: setup
	$(SWIFT) build -c release --product parlo

## The main job on the bundled default: batch evaluation of audio-fixtures/ with its report.
demo: build
	$(RELEASE_BIN) batch --expect audio-fixtures/commands/manifest.jsonl audio-fixtures/commands

test:
	@scripts/setup test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## Speed and memory against the reference tools, run side by side (see scripts/bench).
bench:
	@scripts/setup bench
	$(SWIFT) build -c release --product parlo
	scripts/bench

## One hour of fixture audio through the live pipeline (not in CI): RSS growth and missed commands.
soak:
	@scripts/setup bench
	$(SWIFT) build -c release --product ParloListenBench
	.build/release/ParloListenBench --minutes 60

## Regenerate audio-fixtures/commands from grammars/ (deterministic) and the first English set.
fixtures: build
	$(RELEASE_BIN) fixtures synth
	scripts/make-basic-fixtures

clean:
	rm -rf .build
