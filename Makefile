# Lodestone. `make demo` runs the playground; `make test` runs every test; `make bench` the benchmarks.
SWIFT ?= swift
SWIFTFLAGS ?=
CONFIG ?= debug
export PATH := $(PATH):/opt/swift/usr/bin

.PHONY: all build release demo test bench fixtures glue-check clean fuzz sanitize

all: build

build:
	scripts/setup build
	$(SWIFT) build $(SWIFTFLAGS)

release:
	scripts/setup build
	$(SWIFT) build -c release $(SWIFTFLAGS)

demo: release
	.build/release/lodestone

fixtures:
	scripts/build-fixtures

glue-check:
	scripts/gen-wayland-glue --check

# After the tests (issue 8): the unit tests again under ASan/UBSan, every saved fuzz input, and
# 20 s per fuzz target (3 targets at once: 60 s of fuzzing). `make fuzz` runs each for 10 minutes.
test:
	scripts/setup test
	scripts/gen-wayland-glue --check
	scripts/build-fixtures
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors $(SWIFTFLAGS)
	$(SWIFT) test --skip-build $(SWIFTFLAGS)
	scripts/fuzz build
	scripts/fuzz unit
	scripts/fuzz regress
	scripts/fuzz run 20

# libFuzzer on the trace decoder, layout loader and keymap loader, 10 minutes each (concurrently).
fuzz:
	scripts/fuzz build
	scripts/fuzz regress
	scripts/fuzz run 600

# The unit tests under AddressSanitizer (Swift) and UndefinedBehaviorSanitizer (C shims).
sanitize:
	scripts/fuzz build
	scripts/fuzz unit

bench:
	scripts/setup bench
	$(SWIFT) build -c release $(SWIFTFLAGS)
	.build/release/lodestone bench all

clean:
	rm -rf .build
