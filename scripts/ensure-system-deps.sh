#!/usr/bin/env bash
# Installs the system programs the tests drive for real when missing: redis-server and chromium,
# plus any named on the command line (make bench adds wrk). Each program's Debian package has
# the program's name.
set -euo pipefail

missing=()
for program in redis-server chromium "$@"; do
  command -v "$program" >/dev/null 2>&1 || missing+=("$program")
done
((${#missing[@]})) || exit 0

sudo=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null 2>&1 || { echo "need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
