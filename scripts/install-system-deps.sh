#!/usr/bin/env bash
# Installs the Debian packages the local stack and the browser tests need, where missing:
# a JDK for DynamoDB Local (javac compiles its loopback launcher), Chromium, and CJK fonts.
set -euo pipefail
need=()
command -v javac >/dev/null 2>&1 || need+=(openjdk-17-jdk-headless)
[ -x /usr/bin/chromium ] || need+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
if [ ${#need[@]} -eq 0 ]; then
  echo "System packages present (JDK, chromium, fonts-noto-cjk)."
  exit 0
fi
echo "Installing: ${need[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
