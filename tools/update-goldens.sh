#!/usr/bin/env bash
# Re-records golden traces. Usage: tools/update-goldens.sh [missing|all|failed] [PATH...]
# Review the diff (git diff Traces/) before committing: a golden is a claim about behaviour.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-failed}"; shift || true
swift build -c release --product loopsim
LOOPSIM_RECORD="$mode" .build/release/loopsim test "${@:-Traces}" || true
.build/release/loopsim test "${@:-Traces}"
