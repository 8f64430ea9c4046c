#!/usr/bin/env bash
# Installs the system packages the judge and the browser tests need (Debian/Ubuntu), then the npm packages.
# Run as root to install; otherwise prints the exact apt-get line to run.
set -euo pipefail
cd "$(dirname "$0")/.."

# The sandbox, the compilers of the language list, and the browser for end-to-end tests.
APT_PACKAGES=(
  bubblewrap util-linux procps coreutils libc6-dev libseccomp-dev
  gcc g++ default-jdk-headless python3 pypy3 golang-go rustc nodejs php-cli ruby mono-mcs mono-runtime
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

# `npm install` (which follows package-lock.json) rather than `npm ci`: the registry mirror serves no packages for
# other platforms, so the lock cannot list the optional ones (esbuild, rollup, biome for macOS…) that `npm ci`
# insists on.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund
fi
