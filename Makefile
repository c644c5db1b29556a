# SheetLab: `make run` opens the app on its built-in default; `make test` runs every test.
# Both install the Debian packages they need first.

SWIFT ?= swift
TEST_PACKAGES = xvfb xauth xdotool imagemagick chromium node-typescript node-react node-csstype node-prop-types ffmpeg python3-pil python3-xlib python3-jsonschema groff-base man-db zsh fish

.PHONY: run test deps test-deps build release reference-tables bench clean fuzz fuzz-ci soak soak-ci stress sanitize install uninstall

deps:
	@scripts/install-deps.sh

test-deps:
	@scripts/install-deps.sh $(TEST_PACKAGES)

release: deps
	$(SWIFT) build -c release --product sheetlab

build: deps
	$(SWIFT) build

# The window on the built-in default. With no display, it says how to run under Xvfb.
run: release
	.build/release/sheetlab run

# docs/ios-reference.md's "Measured by `sheetlab measure`" table: every published reference docs/reference/references.json
# lists, measured and held to the figures the page states (the mirrors of the unlicensed ones must be under
# /work/.mirror or $SHEETLAB_MIRRORS; see that page's "Re-running").
reference-tables: release
	.build/release/sheetlab measure --references docs/reference/references.json --doc docs/ios-reference.md

# Every test but the window's soaks: unit tables, pixels, the CLI end to end, and the real window under Xvfb.
# Tests run against a release build (as the app ships), in their own build folder. The soaks (WINDOW_SOAKS, a
# minute and more each) run in `make soak`, which CI runs bounded (`make soak-ci`) after this.
TEST_FLAGS = -c release -Xswiftc -enable-testing --scratch-path .build/tests
WINDOW_SOAKS = WindowStressTests.testRandomInputSoakKeepsRSSFlat|WindowStressTests.testHUDOverAMovingSheetKeepsRSSFlat
# The built suite runs in one process per core (scripts/test-shards.sh: whole classes, balanced by their measured
# seconds), as SPEC §8 gives it 6 minutes on 2 cores; TEST_SHARDS=1 runs it in one.
test: test-deps
	$(SWIFT) build $(TEST_FLAGS) --build-tests
	scripts/test-shards.sh '$(WINDOW_SOAKS)'

# Robustness (docs/robustness.md). libFuzzer targets, built by Fuzz/build.sh outside `swift build`: each runs
# FUZZ_SECONDS; fuzz-ci is the short pass CI runs after the tests, so a regression that traps fails CI.
FUZZ_SECONDS ?= 60
FUZZ_CI_SECONDS ?= 15
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh

fuzz-ci:
	FUZZ_SECONDS=$(FUZZ_CI_SECONDS) Fuzz/run.sh

# Sanitizers (docs/robustness.md, "Sanitizers"). The unit tests (SheetKit, Raster, SheetRender, Platform: the engine,
# the pixel code and its C kernels, the file and image I/O) under AddressSanitizer, with the C code also under
# UndefinedBehaviorSanitizer (Swift has no UBSan: its own overflow and bounds checks trap in every build); then the
# scenario suite run by `test --jobs 2` (worker processes, and threads inside each) under ThreadSanitizer. Any report
# stops the run with a non-zero status. Own build folders, so neither disturbs the test build.
SANITIZE_UNITS = VelocityTests|SheetKitTests|RasterTests|SheetRenderTests|PlatformTests
SANITIZE_SCRATCH = /tmp/sheetlab-sanitize
sanitize: test-deps
	$(SWIFT) build -c release --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
		-Xswiftc -enable-testing --build-tests --scratch-path .build/asan
	SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
		xvfb-run -a $(SWIFT) test -c release --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
		-Xswiftc -enable-testing --scratch-path .build/asan --skip-build --disable-swift-testing --filter '$(SANITIZE_UNITS)'
	$(SWIFT) build -c release --sanitize=thread --product sheetlab --scratch-path .build/tsan
	rm -rf $(SANITIZE_SCRATCH)
	TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
		.build/tsan/release/sheetlab test Assets/Scenarios --jobs 2 --output $(SANITIZE_SCRATCH)

# The soaks: the gesture soak (SoakTests) for SOAK_RUNS seeded scripts (`make test` runs 200; SOAK_SEED picks the
# first seed), and the window's RSS soaks under Xvfb (WINDOW_SOAKS): the HUD over a moving sheet (1,500 frames of
# warm-up and 1,000 measured) and STRESS_OPERATIONS random inputs. `make soak` runs them long (5,000 scripts, 1,000
# inputs); `make soak-ci`, which CI runs after `make test`, bounded (200 scripts, 150 inputs, as `make test` ran them).
SOAK_RUNS ?= 5000
STRESS_OPERATIONS ?= 1000
soak: test-deps
	$(SWIFT) build $(TEST_FLAGS) --build-tests
	SOAK_RUNS=$(SOAK_RUNS) SHEETLAB_STRESS_OPERATIONS=$(STRESS_OPERATIONS) $(if $(STRESS_SEED),SHEETLAB_STRESS_SEED=$(STRESS_SEED)) \
		$(SWIFT) test $(TEST_FLAGS) --skip-build --disable-swift-testing --filter 'SoakTests|$(WINDOW_SOAKS)'

soak-ci:
	$(MAKE) soak SOAK_RUNS=200 STRESS_OPERATIONS=150

# The window under stress (WindowStressTests, under Xvfb): the reload storm, Ctrl+S under SIGKILL, symlink and
# file-mode saves, the folder recreated, and STRESS_OPERATIONS random inputs (the test suite runs 150) with the
# app's RSS printed every 3; STRESS_SEED repeats a run's input.
stress: test-deps
	$(SWIFT) build $(TEST_FLAGS) --build-tests
	SHEETLAB_STRESS_OPERATIONS=$(STRESS_OPERATIONS) $(if $(STRESS_SEED),SHEETLAB_STRESS_SEED=$(STRESS_SEED)) $(SWIFT) test $(TEST_FLAGS) --skip-build --disable-swift-testing --filter WindowStressTests

# Installs under PREFIX (default /usr/local; DESTDIR for staging) as Debian lays a package out: bin/sheetlab, the manual
# page, bash/zsh/fish completions and the examples (scripts/install.sh). BIN installs another build of the binary.
PREFIX ?= /usr/local
BIN ?= .build/release/sheetlab
install: $(if $(filter .build/release/sheetlab,$(BIN)),release)
	scripts/install.sh "$(BIN)" "$(DESTDIR)$(PREFIX)"

uninstall:
	scripts/install.sh --uninstall "$(DESTDIR)$(PREFIX)"

bench: release
	.build/release/sheetlab bench

clean:
	rm -rf .build
