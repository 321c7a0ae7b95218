#!/usr/bin/env bash
# Installs headless Chromium from Debian's packages, for the report's browser
# test (Tests/LoopSimCLITests/ReportBrowserTests.swift, docs/guide/report.md).
#
#   tools/install-chromium.sh        # exit 0: chromium is there; 1: it could not be installed
#
# Nothing is downloaded but Debian's `chromium` package (and what it depends
# on), through apt-get. Measured on the 2-core machine: 75 s with the package
# lists' update (docs/guide/report.md). Each apt-get step is bounded in time, so a
# machine without a network fails in minutes, not never.
set -uo pipefail

if command -v chromium >/dev/null 2>&1; then
    echo "chromium: already installed ($(chromium --version 2>/dev/null | head -1))"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "chromium: not installed: no apt-get on this machine (install Chromium by hand, or set LOOPSIM_CHROMIUM)" >&2
    exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
start=$(date +%s)
log=$(mktemp)
# `apt-get update` drops to the _apt user to verify the lists; where gpgv is
# missing for it, it complains: verify as root instead.
if ! timeout 300 $sudo apt-get update -qq >"$log" 2>&1; then
    if grep -qi gpgv "$log" && timeout 300 $sudo apt-get update -qq -o APT::Sandbox::User=root >"$log" 2>&1; then
        :
    else
        echo "chromium: not installed: apt-get update failed (no network?):" >&2
        tail -3 "$log" >&2
        rm -f "$log"
        exit 1
    fi
fi
if ! timeout 900 $sudo apt-get install -y -q chromium >"$log" 2>&1; then
    echo "chromium: not installed: apt-get install chromium failed:" >&2
    tail -3 "$log" >&2
    rm -f "$log"
    exit 1
fi
rm -f "$log"
echo "chromium: installed in $(( $(date +%s) - start )) s ($(chromium --version 2>/dev/null | head -1))"
