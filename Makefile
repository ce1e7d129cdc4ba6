# tilekit: the commands a developer needs. `make test` is what CI runs.

GO ?= go

.PHONY: test vet fmt check bench fuzz update build

## test: vet and run every test (what CI runs)
test: vet
	$(GO) test ./...

vet:
	$(GO) vet ./...

## fmt: fail when a file is not gofmt-formatted
fmt:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

## check: formatting, vet and tests
check: fmt test

## bench: run the benchmarks with memory statistics
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

## fuzz: fuzz the load pipeline for a while (FUZZTIME=1m)
FUZZTIME ?= 30s
fuzz:
	$(GO) test -run '^$$' -fuzz FuzzValidate -fuzztime $(FUZZTIME) ./validator

## update: rewrite golden files from the current output
update:
	$(GO) test ./cmd/tilekit -update

build:
	$(GO) build -o bin/tilekit ./cmd/tilekit
