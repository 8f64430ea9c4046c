#!/usr/bin/env bash
# Installs the system packages the judge and the browser tests need (Debian/Ubuntu), then the npm packages.
# Run as root to install; otherwise prints the exact apt-get line to run.
set -euo pipefail
cd "$(dirname "$0")/.."

# Node.js: the stated minimum is package.json's engines (>=20.19: Vite 7, jsdom and the server's dependencies need
# it). Debian 12's own nodejs package is 18.20, too old: take Node 20 LTS (20.19 or later) or 22 from NodeSource
# (deb.nodesource.com, its nodejs package replaces Debian's) or nodejs.org.
NODE_MIN="20.19.0"
node_version="$(node -p 'process.versions.node' 2>/dev/null || echo 0.0.0)"
if [ "$(printf '%s\n%s\n' "$NODE_MIN" "$node_version" | sort -V | head -1)" != "$NODE_MIN" ]; then
  echo "Node.js $node_version is too old: OJ needs Node.js $NODE_MIN or later (Debian 12 ships 18.20)."
  echo "Install Node 20 LTS or 22 from NodeSource (https://deb.nodesource.com) or https://nodejs.org, then run again."
  exit 1
fi

# The sandbox, the compilers of the language list, and the browser for end-to-end tests.
APT_PACKAGES=(
  bubblewrap util-linux procps coreutils libc6-dev libseccomp-dev
  gcc g++ make default-jdk-headless python3 pypy3 golang-go rustc nodejs php-cli ruby mono-mcs mono-runtime
  chromium fonts-noto-cjk
)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
  else
    echo "Missing system packages. Install them with:"
    echo "  sudo apt-get install -y ${missing[*]}"
    [ "${OJ_SETUP_ALLOW_MISSING:-}" = "1" ] || exit 1
  fi
fi

# PostgreSQL's server binaries: with them the embedded default is a private PostgreSQL cluster in OJ_DATA_DIR-pg
# (issue 22: PGlite carries a contest 2-3 times slower). Installed only as root and only when missing (opt out with
# OJ_SETUP_NO_POSTGRES=1; `npm start` falls back to PGlite without them). Debian's own `main` cluster (a service on
# TCP 5432) is not wanted for this: its creation is switched off before the package comes in, unless
# postgresql-common was already configured by someone (then Debian's default stands).
if [ "${OJ_SETUP_NO_POSTGRES:-}" != "1" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    export DEBIAN_FRONTEND=noninteractive
    if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
      apt-get install -y -qq --no-install-recommends postgresql-common
      sed -i 's/^#\?\s*create_main_cluster\s*=.*/create_main_cluster = false/' /etc/postgresql-common/createcluster.conf
    fi
    apt-get install -y -qq --no-install-recommends postgresql
  else
    echo "Optional: PostgreSQL's server makes the embedded database 2-3 times faster: sudo apt-get install -y postgresql"
  fi
fi

# `npm install` (which follows package-lock.json) rather than `npm ci`: the registry mirror serves no packages for
# other platforms, so the lock cannot list the optional ones (esbuild, rollup, biome for macOS…) that `npm ci`
# insists on.
# Every dependency must run on the stated minimum: an engine warning fails CI (CI=true) instead of scrolling by.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund 2>&1 | tee /tmp/oj-npm-install.log
  if grep -q EBADENGINE /tmp/oj-npm-install.log; then
    echo "npm install warned about engines (above): a dependency does not support Node $node_version"
    [ "${CI:-}" = "true" ] && exit 1
  fi
fi

# The similarity check (docs/similarity.md) needs three native addons that npm builds with node-gyp at install
# (g++, make and python3 above): tree-sitter, tree-sitter-compat and @dodona/dolos-parsers. npm asks for install
# scripts to be approved: the root package.json's `allowScripts` approves these three, so `npm install` builds them
# without a prompt. A node_modules installed with --ignore-scripts, a removed package directory or a failed build
# leaves them unusable: check that Dolos compares two programs, and (re)build them in the foreground when not.
dolos_ok() {
  (cd apps/server && node --input-type=module -e "
    const { Dolos, File } = await import('@dodona/dolos-lib');
    const two = [new File('a.cpp', 'int main(){return 0;}'), new File('b.cpp', 'int main(){return 0;}')];
    const r = await new Dolos({ language: 'cpp' }).analyze(two);
    if (r.allPairs().length !== 1) process.exit(1);
  ") >/dev/null 2>&1
}
if ! dolos_ok; then
  echo "Building the similarity check's tree-sitter parsers (node-gyp; several minutes on 2 cores)..."
  for d in tree-sitter tree-sitter-compat @dodona/dolos-parsers @dodona/dolos-lib; do
    if [ ! -d "node_modules/$d" ]; then
      npm install --no-audit --no-fund --foreground-scripts
      break
    fi
  done
  dolos_ok || npm rebuild --foreground-scripts tree-sitter tree-sitter-compat @dodona/dolos-parsers
  if ! dolos_ok; then
    echo "The similarity check's parsers do not load (build output above; docs/similarity.md): the rest of OJ works."
    [ "${CI:-}" = "true" ] && exit 1
  fi
fi
