# Lodestone. `make demo` runs the playground; `make test` runs every test; `make bench` the benchmarks.
SWIFT ?= swift
SWIFTFLAGS ?=
CONFIG ?= debug
export PATH := $(PATH):/opt/swift/usr/bin

.PHONY: all build release demo install docs test bench bench-table fixtures glue-check clean fuzz sanitize soak soak-live
PREFIX ?= /usr/local
# BIN: install this binary instead of building a release one (e.g. BIN=.build/debug/lodestone);
# the benchmarks program lodestone-bench (`lodestone bench` runs it) comes from the same directory.
BIN ?=
LODESTONE_BIN = $(or $(BIN),.build/release/lodestone)

all: build

build:
	scripts/setup build
	$(SWIFT) build $(SWIFTFLAGS)

release:
	scripts/setup build
	$(SWIFT) build -c release $(SWIFTFLAGS)

# With a Wayland session: the showcase window. Without one: the bundled demo trace replayed
# headless to PNG frames and a contact sheet (their paths are printed).
demo: release
	@if [ -n "$$WAYLAND_DISPLAY" ] && { [ -S "$$WAYLAND_DISPLAY" ] || [ -S "$${XDG_RUNTIME_DIR:-/nonexistent}/$$WAYLAND_DISPLAY" ]; }; then \
		.build/release/lodestone; \
	else \
		echo "no Wayland compositor: replaying Tests/Fixtures/traces/demo.trace headless"; \
		.build/release/lodestone replay Tests/Fixtures/traces/demo.trace --headless --out out/demo; \
	fi

install: $(if $(BIN),,release)
	install -Dm755 $(LODESTONE_BIN) $(DESTDIR)$(PREFIX)/bin/lodestone
	install -Dm755 $(dir $(LODESTONE_BIN))lodestone-bench $(DESTDIR)$(PREFIX)/bin/lodestone-bench
	install -Dm644 data/lodestone.desktop $(DESTDIR)$(PREFIX)/share/applications/lodestone.desktop
	install -Dm644 data/completions/lodestone.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/lodestone
	install -Dm644 data/completions/_lodestone $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_lodestone
	install -Dm644 data/completions/lodestone.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/lodestone.fish

# docs/showcase.png and docs/demo-contact-sheet.png, made by the program (README pictures), and
# the DocC archives of PointerEngine and InputProtocol in .build/docs (issue 34.5).
docs: build
	scripts/make-docs
	scripts/docc-archives

fixtures:
	scripts/build-fixtures

glue-check:
	scripts/gen-wayland-glue --check

# Issue 8 with the tests: scripts/test-run builds the sanitizer build, runs the unit tests again
# under ASan/UBSan and every saved fuzz input, at idle priority while the tests run (issue 19,
# CI time). After them, 60 s per fuzz target (the 3 targets run at once: 60 s wall).
# `make fuzz` runs each for 10 minutes.
# Issue 31: the Debian 13 root for Debian 13's compositors is made once (scripts/debian13-root,
# cached outside the clone); where it cannot be, its suites skip naming why (.ci/run: fail).
# Not cached, it is made while the build compiles (mostly downloads and dpkg, measured 13 min
# beside a build); the second call waits for it (the script's lock) before the fixtures, whose
# wlroots 0.18 shim is built inside it.
# The repository's own test run builds the engine, renderer, showcase and layout kit with -O in
# debug (Package.swift: LODESTONE_OPTIMISE_DEBUG; a dependent's build never sees it, issue 34.1), as
# do the soak and the sanitizer builds (scripts/fuzz).
test soak-live fuzz sanitize: export LODESTONE_OPTIMISE_DEBUG = 1
test:
	scripts/setup test
	scripts/gen-wayland-glue --check
	mkdir -p .build && (scripts/debian13-root --if-possible >/dev/null 2>.build/debian13-root.log &)
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors $(SWIFTFLAGS)
	scripts/api-check
	scripts/debian13-root --if-possible >/dev/null
	scripts/build-fixtures
	SWIFT=$(SWIFT) scripts/test-run $(SWIFTFLAGS)
	scripts/fuzz run 60

# libFuzzer on the trace decoder, layout loader and keymap loader, 10 minutes each (concurrently).
fuzz:
	scripts/fuzz build
	scripts/fuzz regress
	scripts/fuzz run 600

# The unit tests under AddressSanitizer (Swift) and UndefinedBehaviorSanitizer (C shims).
sanitize:
	scripts/fuzz build
	scripts/fuzz unit

# The soak of `make test` at full rate: a release build painting every frame of 1,000,000 events.
soak:
	scripts/setup build
	$(SWIFT) build -c release $(SWIFTFLAGS)
	.build/release/lodestone soak --events 1000000 --render-every 1

# Issue 19: the live soak, 10 minutes of seeded human-paced input under sway and under mutter
# (side by side; `make test` runs 60 s of it). SEED=N picks another stream.
SOAK_SECONDS ?= 600
soak-live:
	scripts/setup test
	scripts/build-fixtures
	$(SWIFT) build --build-tests $(SWIFTFLAGS)
	LODESTONE_SOAK_LIVE_SECONDS=$(SOAK_SECONDS) $(if $(SEED),LODESTONE_SOAK_LIVE_SEED=$(SEED)) \
		$(SWIFT) test --skip-build $(SWIFTFLAGS) --filter SoakLiveTests

bench:
	scripts/setup bench
	scripts/build-fixtures
	$(SWIFT) build -c release $(SWIFTFLAGS)
	.build/release/lodestone bench all

# Reruns every bench (release) and rewrites docs/performance.md's figure table and docs/latency.png.
bench-table:
	scripts/setup bench
	scripts/build-fixtures
	$(SWIFT) build -c release $(SWIFTFLAGS)
	scripts/bench-table

clean:
	rm -rf .build
