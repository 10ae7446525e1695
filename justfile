# Waypoint tasks. Use ./just <recipe>; `./just` alone lists them.
set shell := ["bash", "-euo", "pipefail", "-c"]
set export

py := justfile_directory() / ".venv/bin/python"
stamp := justfile_directory() / "var/.stamps"

default:
    @./just --list

# Install everything the product needs: Python and npm packages, game data, the PWA build, migrations.
setup: deps game-data build-pwa migrate

# Python (.venv) and npm packages; each step re-runs only when its lockfile changed.
deps:
    mkdir -p "{{stamp}}"
    if [ "$(sha1sum pyproject.toml | cut -c1-40)" != "$(cat '{{stamp}}/py' 2>/dev/null)" ]; then \
      .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]' && \
      sha1sum pyproject.toml | cut -c1-40 > "{{stamp}}/py"; fi
    if [ ! -d node_modules ] || [ "$(sha1sum package-lock.json | cut -c1-40)" != "$(cat '{{stamp}}/npm' 2>/dev/null)" ]; then \
      npm ci --no-audit --no-fund --loglevel=error && \
      sha1sum package-lock.json | cut -c1-40 > "{{stamp}}/npm"; fi

# Build the game-data bundles into game-data/dist (tree, gems, items, campaign).
game-data:
    if [ -f game-data/pipeline.py ]; then {{py}} game-data/pipeline.py; fi

# Build the PWA into pwa/dist.
build-pwa:
    npm run build --silent -w pwa > var/pwa-build.log 2>&1 || (cat var/pwa-build.log; exit 1)

# Apply SQLite migrations to the configured database.
migrate:
    {{py}} -m server migrate

# Set up, then serve the app on the embedded default (SQLite, local sign-in, demo data).
run: setup
    {{py}} -m server serve

# Every suite: Vitest, pytest (server on SQLite and PostgreSQL, game data) and the Playwright e2e tests in Debian's Chromium.
test: setup chromium postgres
    npx vitest run
    {{py}} -m pytest

# Start the local PostgreSQL that the server suite's second half uses (127.0.0.1:5432, user postgres, trust auth).
postgres:
    if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then \
      if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
      if command -v pg_ctlcluster >/dev/null; then \
        $SUDO pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | tail -1)" main start || true; \
      else $SUDO service postgresql start || true; fi; \
      for i in $(seq 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done; fi
    pg_isready -h 127.0.0.1 -p 5432 || echo "PostgreSQL is not running: the server suite's PostgreSQL half will fail"

# Debian's chromium for the e2e tests; Playwright never downloads a browser.
chromium:
    if [ ! -x /usr/bin/chromium ]; then \
      if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
      $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-dejavu-core; fi

# Print a planner code or XML (file or code) as PlannerBuild JSON, via the TypeScript decoder.
[positional-arguments]
planner-json *args:
    @node_modules/.bin/tsx workers/planner/cli.ts "$@"

# Benchmarks; one `BENCH <name> <value> <unit>` line per figure.
bench: setup chromium
    command -v wrk >/dev/null || { if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
      $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq wrk; }
    {{py}} e2e/bench/run.py

# Static checks: ruff and the TypeScript compiler.
lint: deps
    .venv/bin/ruff check server tests e2e game-data
    npx tsc -p workers --noEmit
    npx tsc -p pwa --noEmit
