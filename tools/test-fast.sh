#!/usr/bin/env bash
# tools/test-fast.sh [swift test options…]
#
# The inner loop (docs/internals/testing.md): `swift test` without the slow tiers —
# the tests tagged .golden, .endToEnd, .fuzz or .browser
# (Tests/LoopSimTestSupport/Tiers.swift). CI and `swift test` run them all.
#
# Swift Testing 6.3.1 cannot filter by tag from the command line (`--skip`
# and `--filter` match test IDs only; `--filter tag:fuzz` matches nothing),
# so this script derives the IDs from the tags: it reads each test file's
# `@Suite(… .tags(…) …)` and `@Test(… .tags(…) …)` attributes and passes one
# `--skip` regular expression per tagged suite or test. A suite or test
# tagged anywhere else (a trait variable, a tag on an extension) is not
# seen, and runs: slower, never wrong; `--check` finds it.
#
#   tools/test-fast.sh                        build and run the fast tests
#   tools/test-fast.sh --filter ScenarioTests  … of one target (options go to swift test)
#   tools/test-fast.sh --print                the --skip options, one a line, each with its tier and file:line
#   tools/test-fast.sh --check [build options…]  after a build: the built test binary's own list of
#                                             tagged tests (its --list-tests event stream) against
#                                             the derived --skip options; CI runs it
#   LOOPSIM_SKIP_TIERS="fuzz golden" tools/test-fast.sh   skip only these tiers
set -euo pipefail
cd "$(dirname "$0")/.."
tiers=${LOOPSIM_SKIP_TIERS:-golden endToEnd fuzz browser}
mode=run
if [[ ${1:-} == --print || ${1:-} == --check ]]; then mode=${1#--}; shift; fi

skips=$(python3 - "$tiers" <<'EOF'
import importlib.util, os, re, sys
spec = importlib.util.spec_from_file_location("check_map", "tools/check-map.py")
check_map = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_map)   # for its Swift comment and string blanker

tiers = sys.argv[1].split()
attribute = re.compile(r"@(Suite|Test)\b\s*")
declaration = re.compile(r"(?:(?:@\w+(?:\([^)]*\))?|final|public|package|internal|private|fileprivate|static|"
                         r"nonisolated|mutating)\s+)*(struct|class|enum|actor|extension|func)\s+([A-Za-z_]\w*)")
type_declaration = re.compile(r"\b(struct|class|enum|actor|extension)\s+([A-Za-z_]\w*)[^{;]*\{")

def closing(code, i):
    depth = 0
    for j in range(i, len(code)):
        depth += {"(": 1, "{": 1, ")": -1, "}": -1}.get(code[j], 0)
        if depth == 0:
            return j + 1
    return len(code)

found = []
for target in sorted(os.listdir("Tests")):
    folder = os.path.join("Tests", target)
    if target in ("LoopSimTestSupport", "Fuzz") or not os.path.isdir(folder):
        continue
    for directory, _, files in sorted(os.walk(folder)):
        for file in sorted(f for f in files if f.endswith(".swift")):
            path = os.path.join(directory, file)
            code = check_map.blank_comments_and_strings(open(path, encoding="utf-8").read())
            types = [(m.start(), closing(code, m.end() - 1), m.group(2)) for m in type_declaration.finditer(code)]
            for m in attribute.finditer(code):
                end = closing(code, m.end()) if code.startswith("(", m.end()) else m.end()
                arguments = code[m.end():end]
                tags = re.search(r"\.tags\(([^)]*)\)", arguments)
                hit = [t for t in re.findall(r"\.(\w+)", tags.group(1))] if tags else []
                hit = [t for t in hit if t in tiers]
                if not hit:
                    continue
                d = declaration.match(code, end + len(code[end:]) - len(code[end:].lstrip()))
                line = code.count("\n", 0, m.start()) + 1
                if not d or (m.group(1) == "Suite") == (d.group(1) == "func"):
                    sys.exit(f"{path}:{line}: error: cannot find the declaration this @{m.group(1)} tags")
                outer = [name for start, stop, name in types if start < m.start() < stop]
                if m.group(1) == "Suite":
                    pattern = "^" + re.escape(".".join([target] + ["/".join(outer + [d.group(2)])])) + "(/|$)"
                else:
                    pattern = "^" + re.escape(target + ("." + "/".join(outer) if outer else "") + "/" + d.group(2) + "(")
                found.append((pattern, ",".join(hit), f"{path}:{line}"))
for pattern, hit, where in found:
    print(f"{pattern}\t{hit}\t{where}")
EOF
)

if [[ $mode == print ]]; then
    echo "$skips"
    exit 0
fi
if [[ $mode == check ]]; then
    # The test binary lists every suite and test with the tags it declares
    # (`_tags`, an experimental field of the event stream's version 0).
    # Build options after --check (a --scratch-path, -Xswiftc flags) say which build.
    binary="$(swift build --show-bin-path "$@")/LoopSimPackageTests.xctest"
    [[ -x $binary ]] || { echo "test-fast: no test binary at $binary: run 'swift build --build-tests' first" >&2; exit 2; }
    events=$(mktemp)
    trap 'rm -f "$events"' EXIT
    "$binary" --testing-library swift-testing --list-tests --event-stream-output-path "$events" --event-stream-version 0 >/dev/null
    SKIPS="$skips" python3 - "$events" "$tiers" <<'EOF'
import json, os, re, sys
patterns = [line.split("\t") for line in os.environ["SKIPS"].splitlines() if line]
tiers = {"." + t for t in sys.argv[2].split()}
tests, saw_tags = {}, False
for line in open(sys.argv[1], encoding="utf-8"):
    record = json.loads(line)
    if record.get("kind") != "test":
        continue
    payload = record["payload"]
    saw_tags = saw_tags or "_tags" in payload
    # A function's id ends in its source location, which `--skip` patterns do not name.
    test_id = re.sub(r"/[^/]+\.swift:\d+:\d+$", "", payload["id"])
    tests[test_id] = set(payload.get("_tags", [])) & tiers
if not saw_tags:
    sys.exit("test-fast --check: the test binary lists no tags (`_tags`): this toolchain's event stream changed; "
             "check the --skip options by hand (tools/test-fast.sh --print)")
problems = []
for test_id, tags in sorted(tests.items()):
    if tags and not any(re.search(p, test_id) for p, _, _ in patterns):
        problems.append(f"{test_id} is tagged {', '.join(sorted(tags))}, but no --skip option names it: "
                        "tools/test-fast.sh does not see how it is tagged")
for pattern, tier, where in patterns:
    if not any(tags and re.search(pattern, test_id) for test_id, tags in tests.items()):
        problems.append(f"{where}: the --skip option {pattern} ({tier}) names no tagged suite or test of the binary")
for p in problems:
    print("test-fast --check: " + p, file=sys.stderr)
tagged = sum(1 for t in tests.values() if t)
print(f"test-fast --check: {len(patterns)} --skip options, {tagged} tagged suites and tests in the binary: "
      + ("they agree" if not problems else f"{len(problems)} problem(s)"))
sys.exit(1 if problems else 0)
EOF
    exit $?
fi
args=()
while IFS=$'\t' read -r pattern _ _; do
    [[ -n $pattern ]] && args+=(--skip "$pattern")
done <<< "$skips"
echo "test-fast: skipping $(( ${#args[@]} / 2 )) tagged suites and tests (tiers: $tiers); swift test runs them all" >&2
exec swift test "${args[@]}" "$@"
