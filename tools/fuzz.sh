#!/usr/bin/env bash
# tools/fuzz.sh TARGET SECONDS [libFuzzer options…]
#
# Builds the libFuzzer target fuzz-TARGET (scenario, session or commit;
# Tests/Fuzz/fuzz-TARGET) with -sanitize=fuzzer in .build/fuzz, its own
# scratch folder, then runs it for SECONDS of wall time on the seeds in
# Tests/Fuzz/corpus/TARGET plus the inputs it found before
# (.build/fuzz/corpus/TARGET). A crash, a timeout or running out of memory
# exits non-zero and saves the reproducer as
# Tests/Fuzz/corpus/TARGET/crash-… (or timeout-…, oom-…): commit it with
# the fix, and it stays a seed. The last line says how many inputs ran.
# TARGET "all" runs each target for SECONDS; "seeds" (no SECONDS)
# regenerates the session and commit seeds from Traces/render/*.loop and
# Traces/animations/*.loop, and copies every Traces/*/*.loop into the
# scenario seeds (after a change to the wire format or a new golden: stale
# seeds are refused at hello, and FuzzCorpusTests fails).
# See docs/internals/reliability.md.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: tools/fuzz.sh scenario|session|commit|all SECONDS [libFuzzer options…] | seeds}
build() {
    local out
    out=$(LOOPSIM_FUZZ=1 swift build -c release --scratch-path .build/fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library \
        --product "fuzz-$1" 2>&1) || { echo "$out" >&2; echo "Error: cannot build fuzz-$1" >&2; exit 1; }
}
if [[ $target == seeds ]]; then
    build session
    # Only the seeds the seed maker writes (NAME.bin, NAME-N.bin for each
    # render and animation golden): hand-written seeds (commit/animations-1.bin)
    # and reproducers (crash-…) stay.
    for loop in Traces/render/*.loop Traces/animations/*.loop; do
        name=$(basename "$loop" .loop)
        rm -f "Tests/Fuzz/corpus/session/$name.bin" "Tests/Fuzz/corpus/commit/$name-"[0-9]*.bin
    done
    SWIFT_BACKTRACE=enable=no .build/fuzz/release/fuzz-session --make-seeds Tests/Fuzz/corpus Traces/render/*.loop Traces/animations/*.loop
    # The scenario seeds: every golden, as FOLDER-NAME.loop.
    for loop in Traces/*/*.loop; do
        cp "$loop" "Tests/Fuzz/corpus/scenario/$(basename "$(dirname "$loop")")-$(basename "$loop")"
    done
    exit 0
fi
seconds=${2:?usage: tools/fuzz.sh TARGET SECONDS}
shift 2
if [[ $target == all ]]; then
    status=0
    for t in commit session scenario; do "$0" "$t" "$seconds" "$@" || status=1; done
    exit $status
fi
case $target in
    scenario) max_len=4096 ;;
    session)  max_len=8192 ;;
    commit)   max_len=4096 ;;
    *) echo "Error: unknown fuzz target '$target' (expected scenario, session, commit or all)" >&2; exit 64 ;;
esac
build "$target"
seeds=Tests/Fuzz/corpus/$target
found=.build/fuzz/corpus/$target
mkdir -p "$found"
log=.build/fuzz/fuzz-$target.log
# Swift's own backtracer would take the signal first; libFuzzer's handler
# is the one that saves the reproducer.
status=0
SWIFT_BACKTRACE=enable=no ".build/fuzz/release/fuzz-$target" "$found" "$seeds" \
    -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -max_len="$max_len" \
    -artifact_prefix="$seeds/" -print_final_stats=1 "$@" >"$log" 2>&1 || status=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
if [[ $status -ne 0 ]]; then
    grep -E 'ERROR|Fatal error|failure|Test unit written|SUMMARY' "$log" | head -20 >&2 || true
    echo "fuzz-$target: FAILED after ${runs:-?} runs (exit $status); log: $log" >&2
    exit 1
fi
echo "fuzz-$target: ${runs:-?} runs in ${seconds}s, no crash"
