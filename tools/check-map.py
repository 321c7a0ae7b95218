#!/usr/bin/env python3
"""Checks the map (docs/internals/architecture.md) against the code.

  tools/check-map.py              check this repository; exit 0 when the map is true
  tools/check-map.py --root DIR   check the package at DIR
  tools/check-map.py --self-test  check the checker: planted faults must each fail

Three things must agree:

  * the target tables in docs/internals/architecture.md (every table whose header has
    the columns `target`, `kind` and `depends on`);
  * the targets of Package.swift and their `dependencies:` edges;
  * the `import` lines of every Swift file in each target's folder
    (Sources/<target>, Tests/<target> for a test target, or its `path:`).

It fails (exit 1), naming the target, the module or edge, and file:line, when

  * a target is in Package.swift but has no row, or has a row but is not in
    Package.swift; or its kind differs (the kind cell's last word, notes in
    parentheses dropped: `library` for .target, `executable` for
    .executableTarget, `test` for .testTarget);
  * a Package.swift edge is not in the target's row, or the row lists an edge
    Package.swift does not have;
  * a file imports a module of this package that is not in its target's row
    (importing a module that only comes in through another dependency
    compiles with SwiftPM today, but it is an edge the map does not show);
  * a file imports a module that is neither a target of this package nor a
    system module of SYSTEM_MODULES (the package takes no outside packages);
  * a row lists an edge its target never imports. An unused edge is a claim
    that the target may use that module: it widens what the layering allows
    without anyone deciding so, and the next import through it goes
    unnoticed. The one edge that is needed without an import is a built
    executable (a test that spawns `loopsim-render`, `loopsim` building its
    server beside itself): the row marks it `(binary)`, and the mark is
    checked (the module must be an executable, and not imported);
  * a row depends on a target whose row is below it (the tables are in
    dependency order: arrows point up the page, to rows already read);
  * a file under Sources/ re-exports a module (`@_exported import`).

Every import line counts, inside `#if` blocks too (`#if canImport(Glibc)`
guards system modules, which are skipped anyway); comments and string
literals are not read. Python 3 standard library only; no build needed.
"""
import argparse
import bisect
import os
import re
import shutil
import sys
import tempfile

MAP = "docs/internals/architecture.md"
MANIFEST = "Package.swift"

# Modules that come with the toolchain or the OS: never a target's edge.
SYSTEM_MODULES = {
    "Swift", "SwiftShims", "_Concurrency", "_StringProcessing", "_Differentiation", "RegexBuilder",
    "Synchronization", "Observation", "Distributed", "Cxx", "CxxStdlib",
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "CoreFoundation", "Dispatch",
    "Glibc", "SwiftGlibc", "Musl", "Darwin", "Bionic", "Android", "WASILibc", "WinSDK", "ucrt", "CRT", "os",
    "XCTest", "Testing", "PackageDescription",
}

# Package.swift's target kinds, as the map's kind column spells them.
KIND_WORDS = {"target": "library", "executableTarget": "executable", "testTarget": "test",
              "systemLibrary": "library", "binaryTarget": "library", "macro": "macro", "plugin": "plugin"}


class Problem:
    def __init__(self, path, line, message):
        self.path, self.line, self.message = path, line, message

    def __str__(self):
        return f"{self.path}:{self.line}: error: {self.message}"


class LineIndex:
    """Offsets to 1-based line numbers."""

    def __init__(self, text):
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line(self, offset):
        return bisect.bisect_right(self.starts, offset)


# ---------------------------------------------------------------- Swift text

SPECIAL = re.compile(r'//|/\*|#*"')
STRING_END = re.compile(r'\\.|"|\n', re.S)
MULTILINE_STRING_END = re.compile(r'\\.|"""', re.S)
BLOCK_EDGE = re.compile(r"/\*|\*/")
NOT_NEWLINE = re.compile(r"[^\n]")


def blank_comments_and_strings(text, keep_strings=False):
    """`text` with comments (nested block comments too) and, unless
    `keep_strings`, the contents of string literals replaced by spaces;
    newlines kept, so offsets and line numbers stay. Raw strings (#"…"#) and
    multi-line strings are handled; an interpolation is read as string."""
    out, done, i, n = [], 0, 0, len(text)

    def blank(a, b):
        nonlocal done
        out.append(text[done:a])
        out.append(NOT_NEWLINE.sub(" ", text[a:b]))
        done = b

    while True:
        m = SPECIAL.search(text, i)
        if not m:
            break
        token, i = m.group(0), m.start()
        if token == "//":
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif token == "/*":
            depth, j = 1, i + 2
            while depth:
                edge = BLOCK_EDGE.search(text, j)
                if not edge:
                    j = n
                    break
                depth += 1 if edge.group(0) == "/*" else -1
                j = edge.end()
            blank(i, j)
            i = j
        else:
            hashes = len(token) - 1
            start = m.end() - 1
            multi = text.startswith('"""', start)
            quote = '"""' if multi else '"'
            close = quote + "#" * hashes
            body = start + len(quote)
            if hashes:
                j = text.find(close, body)
                line_end = text.find("\n", body)
                if j < 0 or (not multi and 0 <= line_end < j):
                    j, k = (n if line_end < 0 else line_end), (n if line_end < 0 else line_end)
                else:
                    j, k = j, j + len(close)
            else:
                ends = MULTILINE_STRING_END if multi else STRING_END
                j = body
                while True:
                    e = ends.search(text, j)
                    if not e:
                        j = k = n
                        break
                    if e.group(0).startswith("\\"):
                        j = e.end()
                        continue
                    j, k = e.start(), (e.start() if e.group(0) == "\n" else e.end())
                    break
            if not keep_strings:
                blank(body, j)
            i = k
    out.append(text[done:])
    return "".join(out)


IMPORT = re.compile(
    r"[ \t]*(?:@\w+(?:\([^)]*\))?[ \t]+)*"           # @testable, @_spi(X), @preconcurrency, @_implementationOnly
    r"(?:(?:public|package|internal|fileprivate|private|open)[ \t]+)?"
    r"import[ \t]+(?:(?:typealias|struct|class|enum|protocol|let|var|func|actor)[ \t]+)?"
    r"([A-Za-z_]\w*)")


def swift_imports(text):
    """[(module, line, exported)] of a Swift file: `import X`, `@testable import X`,
    `import struct X.Y` (module X), `public import X`, … — wherever they
    stand, `#if` blocks included; not in comments or strings. An import
    declaration is one line (its attributes on that line)."""
    code = blank_comments_and_strings(text)
    found = []
    for number, line in enumerate(code.split("\n"), 1):
        if "import" in line:
            m = IMPORT.match(line)
            if m:
                found.append((m.group(1), number, "@_exported" in line[:m.start(1)]))
    return found


# ---------------------------------------------------------------- Package.swift

def closing(text, i, open_char, close_char):
    """The offset just past the bracket that closes the one at `i` (in text
    whose comments and strings' contents are already blank)."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == open_char:
            depth += 1
        elif text[j] == close_char:
            depth -= 1
            if depth == 0:
                return j + 1
    return -1


def split_top_level(structure, values, start, end):
    """(offset, piece) of the comma-separated pieces of values[start:end] at
    bracket depth 0, the brackets counted in `structure` (the same text with
    the strings' contents blank, so a comma in a string does not split)."""
    text = values
    pieces, depth, piece_start = [], 0, start
    for j in range(start, end):
        c = structure[j]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            pieces.append((piece_start, text[piece_start:j]))
            piece_start = j + 1
    if text[piece_start:end].strip():
        pieces.append((piece_start, text[piece_start:end]))
    return [(off + len(p) - len(p.lstrip()), p.strip()) for off, p in pieces]


TARGET_CALL = re.compile(r"\.(target|executableTarget|testTarget|systemLibrary|binaryTarget|plugin|macro)\s*\(")
STRING = re.compile(r'^"((?:[^"\\]|\\.)*)"$')
NAMED_DEPENDENCY = re.compile(r'^\.(target|byName)\s*\(\s*name\s*:\s*"([^"]+)"')
PRODUCT_DEPENDENCY = re.compile(r'^\.product\s*\(\s*name\s*:\s*"([^"]+)"\s*,\s*package\s*:\s*"([^"]+)"')


class Target:
    def __init__(self, name, kind, line, path):
        self.name, self.kind, self.line, self.path = name, kind, line, path
        self.dependencies = []   # [(name, line)]


def parse_manifest(text, problems, manifest_path=MANIFEST):
    """{name: Target} from every .target/.executableTarget/.testTarget (…)
    call in Package.swift, conditional ones (`if …`) included."""
    code = blank_comments_and_strings(text, keep_strings=True)
    structure = blank_comments_and_strings(text)
    index = LineIndex(code)
    targets = {}
    pos = 0
    while True:
        m = TARGET_CALL.search(structure, pos)
        if not m:
            break
        open_paren = m.end() - 1
        end = closing(structure, open_paren, "(", ")")
        line = index.line(m.start())
        if end < 0:
            problems.append(Problem(manifest_path, line, f".{m.group(1)}( is never closed"))
            break
        arguments = {}
        for off, piece in split_top_level(structure, code, open_paren + 1, end - 1):
            label = re.match(r"(\w+)\s*:", piece)
            if label:
                arguments[label.group(1)] = (off + label.end(), piece[label.end():].strip())
        name_value = arguments.get("name", (0, ""))[1]
        name = STRING.match(name_value)
        if not name:
            problems.append(Problem(manifest_path, line, f"cannot read the name of this .{m.group(1)}(…): "
                                    "tools/check-map.py reads `name: \"…\"` string literals only"))
            pos = end
            continue
        path_value = arguments.get("path", (0, ""))[1]
        path = STRING.match(path_value).group(1) if STRING.match(path_value) else None
        target = Target(name.group(1), m.group(1), line, path)
        if "dependencies" in arguments:
            off, value = arguments["dependencies"]
            start = code.index(value, off)
            if not value.startswith("[") or closing(structure, start, "[", "]") != start + len(value):
                problems.append(Problem(manifest_path, index.line(start),
                                        f"cannot read the dependencies of {target.name}: expected an array literal"))
            else:
                for item_off, item in split_top_level(structure, code, start + 1, start + len(value) - 1):
                    item_line = index.line(item_off)
                    plain, named, product = STRING.match(item), NAMED_DEPENDENCY.match(item), PRODUCT_DEPENDENCY.match(item)
                    if plain or named:
                        target.dependencies.append((plain.group(1) if plain else named.group(2), item_line))
                    elif product:
                        problems.append(Problem(manifest_path, item_line,
                                                f"{target.name} depends on product {product.group(1)} of package "
                                                f"{product.group(2)}: the package takes no outside packages"))
                    else:
                        problems.append(Problem(manifest_path, item_line,
                                                f"cannot read the dependency {item!r} of {target.name}"))
        if target.name in targets:
            problems.append(Problem(manifest_path, line, f"target {target.name} is declared twice "
                                    f"(first at {manifest_path}:{targets[target.name].line})"))
        targets[target.name] = target
        pos = end
    return targets


# ---------------------------------------------------------------- the map

ITEM = re.compile(r"`([^`]+)`(?:\s*\(([^)]*)\))?")
NONE_CELL = {"", "—", "-", "–", "none"}


class Row:
    def __init__(self, name, kind, line):
        self.name, self.kind, self.line = name, kind, line
        self.dependencies = {}   # name -> binary only?


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def parse_map(text, problems, map_path=MAP):
    """{name: Row} and the rows' order, from every table of docs/internals/architecture.md
    whose header has `target`, `kind` and `depends on` columns."""
    rows, order = {}, []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        header = [c.lower() for c in cells(lines[i])] if lines[i].lstrip().startswith("|") else []
        if not {"target", "kind", "depends on"} <= set(header):
            i += 1
            continue
        col_target, col_kind, col_deps = header.index("target"), header.index("kind"), header.index("depends on")
        i += 2   # the header and its |---| line
        while i < len(lines) and lines[i].lstrip().startswith("|"):
            number, row_cells = i + 1, cells(lines[i])
            i += 1
            if len(row_cells) != len(header):
                problems.append(Problem(map_path, number, f"this row has {len(row_cells)} cells, its header {len(header)}"))
                continue
            name = re.fullmatch(r"`([^`]+)`(?:\s*\(.*\))?", row_cells[col_target])
            if not name:
                problems.append(Problem(map_path, number, "the target cell must be the target's name in backticks"))
                continue
            row = Row(name.group(1), row_cells[col_kind], number)
            deps = row_cells[col_deps]
            if deps.lower() not in NONE_CELL:
                rest = ITEM.sub("", deps)
                if rest.replace(",", "").strip():
                    problems.append(Problem(map_path, number, f"cannot read the depends-on cell of {row.name}: "
                                            f"{rest.strip()!r} is outside `Name` or `Name` (note) items"))
                for m in ITEM.finditer(deps):
                    note = (m.group(2) or "").strip()
                    if m.group(1) in row.dependencies:
                        problems.append(Problem(map_path, number, f"{row.name} lists {m.group(1)} twice"))
                    row.dependencies[m.group(1)] = re.match(r"binary\b", note) is not None
            if row.name in rows:
                problems.append(Problem(map_path, number, f"{row.name} has two rows (the first at line {rows[row.name].line})"))
                continue
            rows[row.name] = row
            order.append(row.name)
    return rows, order


def kind_word(cell):
    words = re.sub(r"\([^)]*\)", "", cell).split()
    return words[-1].lower() if words else ""


# ---------------------------------------------------------------- the check

def check(root):
    """The problems of the package at `root`, each a Problem; empty when
    the map, Package.swift and the imports agree."""
    problems = []
    try:
        manifest_text = open(os.path.join(root, MANIFEST), encoding="utf-8").read()
        map_text = open(os.path.join(root, MAP), encoding="utf-8").read()
    except OSError as error:
        return [Problem(error.filename, 0, f"cannot read it: {error.strerror}")]
    targets = parse_manifest(manifest_text, problems)
    rows, order = parse_map(map_text, problems)
    if not rows:
        problems.append(Problem(MAP, 1, "no table with the columns target, kind and depends on"))

    for name, target in targets.items():
        if name not in rows:
            problems.append(Problem(MANIFEST, target.line, f"target {name} is in {MANIFEST} but has no row in {MAP}"))
    for name, row in rows.items():
        if name not in targets:
            problems.append(Problem(MAP, row.line, f"target {name} has a row in {MAP} but is not in {MANIFEST}"))

    for name in order:
        row = rows[name]
        for dep in row.dependencies:
            if dep in rows and order.index(dep) > order.index(name):
                problems.append(Problem(MAP, row.line, f"{name} depends on {dep}, whose row is below it "
                                        f"(line {rows[dep].line}): the tables are in dependency order"))

    for name, target in targets.items():
        row = rows.get(name)
        if row is None:
            continue
        expected = KIND_WORDS[target.kind]
        if kind_word(row.kind) != expected:
            problems.append(Problem(MAP, row.line, f"{name} is a .{target.kind} in {MANIFEST}:{target.line}, "
                                    f"so its kind must end in {expected!r}, not {row.kind!r}"))
        declared = {}
        for dep, line in target.dependencies:
            declared.setdefault(dep, line)
            if dep not in row.dependencies:
                problems.append(Problem(MANIFEST, line, f"{name} depends on {dep} in {MANIFEST}, "
                                        f"but its row ({MAP}:{row.line}) does not list {dep}"))
            if dep not in targets:
                problems.append(Problem(MANIFEST, line, f"{name} depends on {dep}, which is not a target of {MANIFEST}"))
        for dep in row.dependencies:
            if dep not in declared:
                problems.append(Problem(MAP, row.line, f"{name}'s row lists {dep}, "
                                        f"but {MANIFEST} ({MANIFEST}:{target.line}) has no such edge"))

        folder = target.path or os.path.join("Tests" if target.kind == "testTarget" else "Sources", name)
        if not os.path.isdir(os.path.join(root, folder)):
            problems.append(Problem(MANIFEST, target.line, f"{name}'s folder {folder} does not exist"))
            continue
        imported = {}   # module -> first (file, line)
        for directory, subfolders, files in os.walk(os.path.join(root, folder)):
            subfolders.sort()
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                full = os.path.join(directory, file)
                rel = os.path.relpath(full, root)
                for module, line, exported in swift_imports(open(full, encoding="utf-8", errors="replace").read()):
                    if exported and rel.startswith("Sources" + os.sep):
                        problems.append(Problem(rel, line, f"{name} re-exports {module} (@_exported import): "
                                                "each file imports what it uses"))
                    if module in SYSTEM_MODULES or module == name:
                        continue
                    imported.setdefault(module, (rel, line))
                    if module not in targets:
                        problems.append(Problem(rel, line, f"{name} imports {module}, which is neither a target of "
                                                f"{MANIFEST} nor a system module (tools/check-map.py SYSTEM_MODULES)"))
                    elif module not in row.dependencies:
                        how = ("its Package.swift edge is there; add it to the row" if module in declared
                               else f"add the edge to {MANIFEST} and to the row, or drop the import")
                        problems.append(Problem(rel, line, f"{name} imports {module}, but {name}'s row "
                                                f"({MAP}:{row.line}) does not list {module}: {how}"))
                    elif row.dependencies[module]:
                        problems.append(Problem(rel, line, f"{name} imports {module}, which its row marks (binary), "
                                                "built but not imported: drop the mark"))
        for dep, binary in row.dependencies.items():
            if binary:
                if dep in targets and targets[dep].kind != "executableTarget":
                    problems.append(Problem(MAP, row.line, f"{name}'s row marks {dep} (binary), but {dep} is not an executable"))
            elif dep not in imported and dep in targets:
                problems.append(Problem(MAP, row.line, f"{name}'s row lists {dep}, but no file under {folder} imports it: "
                                        f"drop the edge here and in {MANIFEST}, or mark it (binary) if {name} "
                                        "needs the executable built"))

    # A folder of Swift files that no target builds is a target the map cannot see.
    claimed = {os.path.normpath(t.path or os.path.join("Tests" if t.kind == "testTarget" else "Sources", t.name))
               for t in targets.values()}
    for top in ("Sources", "Tests"):
        base = os.path.join(root, top)
        for entry in sorted(os.listdir(base)) if os.path.isdir(base) else []:
            folder = os.path.join(top, entry)
            if folder in claimed or any(c.startswith(folder + os.sep) for c in claimed):
                continue
            if os.path.isdir(os.path.join(root, folder)) and any(
                    f.endswith(".swift") for _, _, fs in os.walk(os.path.join(root, folder)) for f in fs):
                problems.append(Problem(folder, 0, f"{folder} holds Swift files, but no target of {MANIFEST} builds it"))
    return problems


def report(root, out=sys.stdout):
    problems = check(root)
    for p in problems:
        print(p, file=out)
    if problems:
        print(f"check-map: {len(problems)} problem(s): {MAP}, {MANIFEST} and the imports disagree "
              "(see docs/internals/architecture.md, 'Checking the map')", file=out)
        return 1
    print(f"check-map: {MAP} matches {MANIFEST} and the imports", file=out)
    return 0


# ---------------------------------------------------------------- self-test

FIXTURE_MANIFEST = '''// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "Fixture",
    targets: [
        .target(name: "Base"),   // a comment: .target(name: "NotATarget")
        .target(name: "Middle", dependencies: ["Base"]),
        .executableTarget(name: "tool", dependencies: [.target(name: "Middle"), "Base"]),
        .testTarget(name: "MiddleTests", dependencies: ["Middle", "tool"]),
    ]
)
if Context.environment["FIXTURE"] == "1" {
    package.targets += [
        .executableTarget(name: "extra", dependencies: ["Base"], path: "Tests/Extra/extra"),
    ]
}
'''

FIXTURE_MAP = '''# Fixture

| target | kind | what it owns | depends on |
|---|---|---|---|
| `Base` | library | the values | — |
| `Middle` | library | the logic | `Base` |
| `tool` | executable | the CLI | `Middle`, `Base` (values, printed) |
| `extra` | fuzz executable (FIXTURE=1) | fuzzing | `Base` |

| target | kind | what it tests | depends on |
|---|---|---|---|
| `MiddleTests` | test | Middle | `Middle`, `tool` (binary: spawned) |
'''

FIXTURE_FILES = {
    "Sources/Base/Base.swift": "#if canImport(Glibc)\nimport Glibc\n#endif\npublic struct B {}\n",
    "Sources/Middle/Middle.swift": "import Base\nimport struct Foundation.Date\n/* import Nope */\n"
                                   "let s = \"\"\"\nimport Nope\n\"\"\"\n",
    "Sources/tool/main.swift": "@preconcurrency import Middle\nimport Base // import Nope\n",
    "Tests/MiddleTests/MiddleTests.swift": "import Testing\n@testable import Middle\n",
    "Tests/Extra/extra/main.swift": "import Base\n",
}


def write_fixture(root, files):
    for rel, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
        with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
            f.write(text)


def edit(root, rel, old, new):
    path = os.path.join(root, rel)
    text = open(path, encoding="utf-8").read()
    assert old in text, f"self-test: {old!r} is not in {rel}"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new, 1))


def self_test(repository):
    """Each case plants one fault and expects check() to name it (every
    fragment in one message); a clean fixture and a clean copy of this
    repository must pass. Returns the number of failed cases."""
    fixture = dict(FIXTURE_FILES, **{MANIFEST: FIXTURE_MANIFEST, MAP: FIXTURE_MAP})
    first_import = None
    cases = [
        # (name, edit function, fragments of the expected message)
        ("the clean fixture passes", lambda r: None, None),
        ("an import the row does not list",
         lambda r: edit(r, "Sources/Base/Base.swift", "public struct", "import Middle\npublic struct"),
         ["Sources/Base/Base.swift:4:", "Base imports Middle", "does not list Middle"]),
        ("a @testable import the row does not list",
         lambda r: edit(r, "Tests/MiddleTests/MiddleTests.swift", "import Testing", "import Testing\n@testable import Base"),
         ["Tests/MiddleTests/MiddleTests.swift:2:", "MiddleTests imports Base"]),
        ("an `import struct` of a module the row does not list",
         lambda r: edit(r, "Tests/Extra/extra/main.swift", "import Base", "import Base\nimport struct Middle.M"),
         ["Tests/Extra/extra/main.swift:2:", "extra imports Middle"]),
        ("an import of an unknown module",
         lambda r: edit(r, "Sources/Middle/Middle.swift", "import Base", "import Base\nimport Alamofire"),
         ["Sources/Middle/Middle.swift:2:", "Middle imports Alamofire", "neither a target"]),
        ("a Package.swift edge the row does not have",
         lambda r: edit(r, MANIFEST, '"Middle", dependencies: ["Base"]', '"Middle", dependencies: ["Base", "tool"]'),
         ["Package.swift:7:", "Middle depends on tool in Package.swift", "does not list tool"]),
        ("a row's edge Package.swift does not have",
         lambda r: edit(r, MANIFEST, '[.target(name: "Middle"), "Base"]', '[.target(name: "Middle")]'),
         ["docs/internals/architecture.md:7:", "tool's row lists Base", "no such edge"]),
        ("a target with no row",
         lambda r: edit(r, MAP, "| `extra` | fuzz executable (FIXTURE=1) | fuzzing | `Base` |\n", ""),
         ["Package.swift:14:", "target extra is in Package.swift but has no row"]),
        ("a row with no target",
         lambda r: edit(r, MAP, "| `Base` |", "| `Gone` | library | gone | — |\n| `Base` |"),
         ["docs/internals/architecture.md:5:", "target Gone has a row", "not in Package.swift"]),
        ("an edge that nothing imports",
         lambda r: edit(r, "Sources/tool/main.swift", "import Base // import Nope\n", ""),
         ["docs/internals/architecture.md:7:", "tool's row lists Base", "no file under Sources/tool imports it"]),
        ("a (binary) edge that is imported",
         lambda r: edit(r, "Tests/MiddleTests/MiddleTests.swift", "@testable import Middle", "@testable import Middle\nimport tool"),
         ["Tests/MiddleTests/MiddleTests.swift:3:", "marks (binary)"]),
        ("a (binary) mark on a library",
         lambda r: (edit(r, MAP, "`Middle`, `tool` (binary: spawned)", "`Middle` (binary), `tool` (binary: spawned)"),
                    edit(r, "Tests/MiddleTests/MiddleTests.swift", "@testable import Middle", "")),
         ["docs/internals/architecture.md:12:", "marks Middle (binary), but Middle is not an executable"]),
        ("a kind that differs",
         lambda r: edit(r, MAP, "| `Middle` | library |", "| `Middle` | executable |"),
         ["docs/internals/architecture.md:6:", "Middle is a .target", "must end in 'library'"]),
        ("a row above the row it depends on",
         lambda r: edit(r, MAP, "| `Base` | library | the values | — |\n| `Middle` | library | the logic | `Base` |",
                        "| `Middle` | library | the logic | `Base` |\n| `Base` | library | the values | — |"),
         ["docs/internals/architecture.md:5:", "Middle depends on Base, whose row is below it"]),
        ("a folder of Swift files no target builds",
         lambda r: write_fixture(r, {"Sources/Stray/Stray.swift": "import Base\n"}),
         ["Sources/Stray", "no target of Package.swift builds it"]),
        ("an @_exported import in Sources/",
         lambda r: edit(r, "Sources/tool/main.swift", "import Base //", "@_exported import Base //"),
         ["Sources/tool/main.swift:2:", "tool re-exports Base"]),
        ("an outside package",
         lambda r: edit(r, MANIFEST, '["Middle", "tool"]', '["Middle", "tool", .product(name: "NIO", package: "swift-nio")]'),
         ["Package.swift:9:", "product NIO of package swift-nio"]),
    ]
    failures = 0
    for name, plant, fragments in cases:
        with tempfile.TemporaryDirectory(prefix="check-map-") as root:
            write_fixture(root, fixture)
            plant(root)
            messages = [str(p) for p in check(root)]
        if fragments is None:
            ok = not messages
        else:
            ok = any(all(f in m for f in fragments) for m in messages)
        if not ok:
            failures += 1
            print(f"self-test FAILED: {name}: expected " + ("no problems" if fragments is None else
                  f"a message with {fragments}") + ", got:\n  " + ("\n  ".join(messages) or "(no problems)"))

    # The same on a copy of this repository: it passes, and a planted import fails.
    with tempfile.TemporaryDirectory(prefix="check-map-repo-") as root:
        shutil.copy(os.path.join(repository, MANIFEST), root)
        os.makedirs(os.path.dirname(os.path.join(root, MAP)), exist_ok=True)
        shutil.copy(os.path.join(repository, MAP), os.path.join(root, MAP))
        for top in ("Sources", "Tests"):
            shutil.copytree(os.path.join(repository, top), os.path.join(root, top),
                            ignore=lambda d, names: [n for n in names if os.path.isfile(os.path.join(d, n))
                                                     and not n.endswith(".swift")])
        clean = [str(p) for p in check(root)]
        if clean:
            failures += 1
            print("self-test FAILED: a copy of this repository does not pass:\n  " + "\n  ".join(clean))
        planted = os.path.join(root, "Sources", "RenderModel", "Planted.swift")
        with open(planted, "w", encoding="utf-8") as f:
            f.write("// planted by tools/check-map.py --self-test\n\n@testable import Scenario\n")
        messages = [str(p) for p in check(root)]
        first_import = "Sources/RenderModel/Planted.swift:3:"
        if not any(first_import in m and "RenderModel imports Scenario" in m for m in messages):
            failures += 1
            print("self-test FAILED: `import Scenario` planted in RenderModel was not named; got:\n  "
                  + ("\n  ".join(messages) or "(no problems)"))
    print(f"check-map self-test: {len(cases) + 2 - failures} of {len(cases) + 2} cases pass")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."),
                        help="the package's folder (default: this repository)")
    parser.add_argument("--self-test", action="store_true", help="plant faults in fixtures and check each is found")
    args = parser.parse_args()
    root = os.path.normpath(args.root)
    if args.self_test:
        return 1 if self_test(root) else 0
    return report(root)


if __name__ == "__main__":
    sys.exit(main())
