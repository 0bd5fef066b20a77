# Parlo — the two commands of the quick start are `make demo` and `make test`.
SWIFT ?= swift
RELEASE_BIN = .build/release/parlo
## Release builds link the Swift runtime and Foundation statically (shared, they cost ~5 MB more
## resident memory while listening) and place the code listening runs together: scripts/release-flags.
RELEASE := $(shell scripts/release-flags)

## Every make target measures the model as shipped: an adaptation a user made with `parlo adapt`
## (~/.config/parlo/adaptation.mllr) would change what the tests, the demo and the evaluation hear.
export PARLO_ADAPTATION ?= none

PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: setup demo test bench soak build clean fixtures eval-sets eval eval-adaptation eval-echo sanitize leaks docs install uninstall fuzz

setup:
	@scripts/setup

build: setup
	$(SWIFT) build $(RELEASE) --product parlo

## The main job on the bundled default: the batch evaluation of audio-fixtures/ with its report,
## then a short study session from a recorded fixture (English and Italian commands), its
## spoken replies written to demo-study-replies.wav, then the sample's PDF read by page into
## demo-pdf.wav. The checkout's catalog and sample are named, so an installed copy (found before
## the checkout when not named: DataLocator) or ~/Study cannot change it.
demo: build
	@scripts/check-setup base
	$(RELEASE_BIN) batch --grammar grammars --expect audio-fixtures/commands/manifest.jsonl audio-fixtures/commands
	@echo
ifneq ($(DEMO_EVAL),0)
	@echo "Per file on the development set and the held-out test set, side by side (docs/evaluation.md; DEMO_EVAL=0 skips):"
	@scripts/setup eval
	@scripts/check-setup eval
	@[ -f audio-fixtures/eval/dev/manifest.jsonl ] && [ -f audio-fixtures/eval/test/manifest.jsonl ] || scripts/make-eval-sets
	EVAL_LIVE=0 EVAL_OUT=eval-out/demo PARLO=$(RELEASE_BIN) scripts/eval both   # keeps make eval's results in eval-out/
	@echo
endif
	@echo "Study session from audio-fixtures/session/demo-session.wav (commands: demo-session.txt):"
	$(RELEASE_BIN) study --input audio-fixtures/session/demo-session.wav --fast --out demo-study-replies.wav \
	    --grammar grammars Sources/ParloStudy/Resources/sample
	@echo
	@echo "A PDF of the sample read aloud by page, its running header and page numbers left out (docs/reading.md):"
	$(RELEASE_BIN) read --restart --out demo-pdf.wav Sources/ParloStudy/Resources/sample/science/weather.pdf
	@echo
	@echo "Watch the session on the study desk page (docs/desk.md): $(RELEASE_BIN) study --serve --wait-for-page --keep-serving --input audio-fixtures/session/demo-session.wav --out demo-study-replies.wav --grammar grammars Sources/ParloStudy/Resources/sample — then open the URL it prints."

## The release binary, the catalog, the sample study materials, a man page and shell completions
## under $(DESTDIR)$(PREFIX); every file is listed in share/parlo/install-manifest.txt, which is
## what `make uninstall` (same PREFIX and DESTDIR) removes. See scripts/install.
install: build
	@scripts/check-setup base
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install $(RELEASE_BIN)

uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install --uninstall

## PARLO_REQUIRE_BROWSER: the desk page's browser test (chromium, from `scripts/setup test`) fails
## instead of skipping when the browser is missing.
## scripts/check-setup fails, naming the package, when the tests use a program or data file that
## `scripts/setup test` does not install (what a fresh machine lacks).
test:
	@scripts/setup test
	@scripts/check-setup test
	$(SWIFT) build --build-tests
	PARLO_REQUIRE_BROWSER=1 $(SWIFT) test --skip-build --disable-swift-testing --parallel  # every test is XCTest, each in its own process, one per core; the desk's browser test never skips here
	$(SWIFT) package generate-documentation --target ParloCommands --warnings-as-errors  # DocC builds (make docs: every module)

## Speed and memory against the reference tools, run side by side (see scripts/bench), then recognition
## on the development and held-out test sets side by side (scripts/eval; BENCH_EVAL=0 skips it).
bench:
	@scripts/setup bench eval
	@scripts/check-setup bench
	@scripts/check-setup eval
	$(SWIFT) build $(RELEASE) --product parlo
	scripts/bench

## One hour of fixture audio through the live pipeline (not in CI): RSS growth and missed commands.
soak:
	@scripts/setup bench
	@scripts/check-setup bench
	$(SWIFT) build $(RELEASE) --product ParloListenBench
	.build/release/ParloListenBench --minutes 60

## Regenerate audio-fixtures/commands from grammars/ (deterministic) and the first English set.
fixtures: build eval-sets
	@scripts/setup fixtures
	@scripts/check-setup fixtures
	$(RELEASE_BIN) fixtures synth
	scripts/make-basic-fixtures

## The dev and held-out test evaluation sets (docs/evaluation.md): synthesised, gitignored.
eval-sets:
	@scripts/setup eval
	@scripts/check-setup eval
	scripts/make-eval-sets

## Baseline on both sets, per file and live, dev and test side by side (not in `make test`).
eval: build
	scripts/eval both

## `parlo adapt` as enrolment on other voices, both sets, per file and live (~15 min; docs/listening.md).
eval-adaptation: build
	scripts/eval-adaptation dev
	scripts/eval-adaptation test

## Echo barge-in across eSpeak states: how often the student's "stop" over Parlo's voice acts, and
## Parlo's own voice fires nothing (~7 min; PARLO_ECHO_ROOM=held-out or held-out-2 for the held-out rooms; docs/speech.md).
eval-echo:
	PARLO_ECHO_STATES=$${PARLO_ECHO_STATES:-30} $(SWIFT) test --filter StudyEchoBargeInTests/testVerdictsAcrossSpeechStates

## DocC for the library modules (the documentation archives land in .build/plugins/Swift-DocC).
DOC_TARGETS = ParloCore ParloCatalog ParloCommands ParloSpeechQueue ParloMeter ParloEndpointer ParloAudio \
	ParloRecognizer ParloGrammar ParloDocuments ParloSpeech ParloListen ParloStudy
docs:
	@scripts/setup
	$(SWIFT) package generate-documentation $(foreach t,$(DOC_TARGETS),--target $(t))

clean:
	rm -rf .build

## Thread and Address Sanitizer runs of the concurrency tests (capture, speech queue, echo, study,
## listening, batch); not in CI (about 10 minutes). Leak reports are off here: LeakSanitizer takes
## live Swift indirect-enum values for leaks (docs/hardening.md, "Leaks"); `make leaks` checks the C
## libraries' allocations instead.
SANITIZED_TESTS = ParloCaptureTests|ParloSpeechTests|ParloEchoTests|ParloStudyTests|ParloListenTests|ParloVoiceActivityTests|ParloEndpointerTests|ParloBatchTests
sanitize:
	@scripts/setup test
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --disable-swift-testing --filter "$(SANITIZED_TESTS)"
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --disable-swift-testing --filter "$(SANITIZED_TESTS)"

## LeakSanitizer on the suites that drive the C libraries: fails on a leak through any of them.
leaks:
	@scripts/setup test
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	scripts/leak-check

## libFuzzer on every parser of outside input, one target after another (Fuzz/README.md): a million
## runs each by default; FUZZ_ARGS passes options, e.g. `make fuzz FUZZ_ARGS="--runs 10000 catalog"`.
## Not in CI: `make test` replays the committed corpus instead (CorpusReplayTests).
fuzz:
	@scripts/setup fuzz
	@scripts/check-setup fuzz
	scripts/fuzz $(FUZZ_ARGS)
