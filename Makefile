# tilekit: the commands a developer needs. `make test` is what CI runs.

GO ?= go

.PHONY: test vet fmt lint check bench fuzz update build

## test: vet and run every test (what CI runs)
test: vet taplo axe chromium
	$(GO) test ./...

# Taplo's CLI, for the test that checks the exported schemas with a real
# TOML editor tool. Installed from the npm registry where npm is present.
# This step never fails the build: without npm, or when npm cannot reach
# its registry (offline), it says why and the Go tests run, the Taplo test
# skipping with a message. CI (.ci/run) sets TILEKIT_REQUIRE_TAPLO=1, which
# turns that skip into a failure.
TAPLO_DIR = testdata/taplo
TAPLO_CLI = $(TAPLO_DIR)/node_modules/@taplo/cli/dist/cli.js

.PHONY: taplo
taplo:
	@if [ -f $(TAPLO_CLI) ] && [ $(TAPLO_CLI) -nt $(TAPLO_DIR)/package-lock.json ]; then :; \
	elif ! command -v npm >/dev/null 2>&1; then \
		echo "taplo: npm not found: the Taplo schema test will be skipped"; \
	elif npm ci --prefix $(TAPLO_DIR) --ignore-scripts --no-audit --no-fund --loglevel=error --fetch-retries=1 --fetch-timeout=30000; then \
		touch $(TAPLO_CLI); \
	else echo "taplo: npm ci failed (offline, or its registry unreachable?): the Taplo schema test will be skipped"; fi

# axe-core, for the site's browser test of accessibility
# (site/axe_browser_test.go). Installed from the npm registry like Taplo,
# and like it this step never fails the build: without it the axe test
# skips with a message, which CI (TILEKIT_REQUIRE_BROWSER=1) turns into a
# failure.
AXE_DIR = testdata/axe
AXE_JS = $(AXE_DIR)/node_modules/axe-core/axe.min.js

.PHONY: axe
axe:
	@if [ -f $(AXE_JS) ] && [ $(AXE_JS) -nt $(AXE_DIR)/package-lock.json ]; then :; \
	elif ! command -v npm >/dev/null 2>&1; then \
		echo "axe: npm not found: the accessibility test will be skipped"; \
	elif npm ci --prefix $(AXE_DIR) --ignore-scripts --no-audit --no-fund --loglevel=error --fetch-retries=1 --fetch-timeout=30000; then \
		touch $(AXE_JS); \
	else echo "axe: npm ci failed (offline, or its registry unreachable?): the accessibility test will be skipped"; fi

# Chromium, for the site's browser test (site/browser_test.go, chromedp).
# Installed from Debian's packages when /usr/bin/chromium is missing and
# apt-get can be run as root. Like taplo, this step never fails the build:
# otherwise it says why and the browser test skips with a message. CI
# (.ci/run) sets TILEKIT_REQUIRE_BROWSER=1, which turns that skip into a
# failure.
CHROMIUM = /usr/bin/chromium

.PHONY: chromium
chromium:
	@if [ -x $(CHROMIUM) ]; then :; \
	elif ! command -v apt-get >/dev/null 2>&1; then \
		echo "chromium: $(CHROMIUM) missing and apt-get not found: the browser test will be skipped"; \
	elif [ "$$(id -u)" != 0 ]; then \
		echo "chromium: $(CHROMIUM) missing and not root, so apt-get cannot install it: the browser test will be skipped"; \
	elif DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium >/dev/null \
		|| { apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium >/dev/null; }; then \
		echo "chromium: installed $$($(CHROMIUM) --version 2>/dev/null)"; \
	else echo "chromium: apt-get install chromium failed (offline, or no package lists?): the browser test will be skipped"; fi

vet:
	$(GO) vet ./...

## fmt: fail when a file is not gofmt-formatted
fmt:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

## lint: staticcheck (a tool dependency in go.mod, so its version is pinned)
## and a go.mod/go.sum that go mod tidy would not change
lint:
	$(GO) mod tidy -diff
	$(GO) tool staticcheck ./...

## check: formatting, lint, vet and tests
check: fmt lint test

## bench: run the benchmarks with memory statistics
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

## fuzz: fuzz the load pipeline for a while (FUZZTIME=1m each): one file
## alone, then a user folder on top of the built-in data
FUZZTIME ?= 30s
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzValidate$$' -fuzztime $(FUZZTIME) ./validator
	$(GO) test -run '^$$' -fuzz '^FuzzValidateFolder$$' -fuzztime $(FUZZTIME) -fuzzminimizetime 2s ./validator

## update: rewrite golden files (command scripts, tile pictures) from the current output
update:
	$(GO) test ./validator ./cmd/tilekit ./site -update

build:
	$(GO) build -o bin/tilekit ./cmd/tilekit
