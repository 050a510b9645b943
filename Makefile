# Lodestone. `make demo` runs the playground; `make test` runs every test; `make bench` the benchmarks.
SWIFT ?= swift
SWIFTFLAGS ?=
CONFIG ?= debug
export PATH := $(PATH):/opt/swift/usr/bin

.PHONY: all build release demo test bench fixtures glue-check clean

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

test:
	scripts/setup test
	scripts/gen-wayland-glue --check
	scripts/build-fixtures
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors $(SWIFTFLAGS)
	$(SWIFT) test --skip-build $(SWIFTFLAGS)

bench:
	scripts/setup bench
	$(SWIFT) build -c release $(SWIFTFLAGS)
	.build/release/lodestone bench all

clean:
	rm -rf .build
