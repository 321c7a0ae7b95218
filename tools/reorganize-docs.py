#!/usr/bin/env python3
"""Moves the pages of docs/ into guide/, reference/ and internals/ (HOUSE.md §G).

Run from the repository root (or anywhere inside it):

    python3 tools/reorganize-docs.py           # move the pages, rewrite every reference
    python3 tools/reorganize-docs.py --check   # fail if a link or a docs path points nowhere

Without options the script

  1. `git mv`s each page named in ROOMS below from docs/ into its room
     (a page already in its room is left alone);
  2. rewrites every reference to a moved page in every file git tracks:
     the repository-root form (docs/ followed by the page's name, in Swift
     comments, test names, error messages, shell and Python comments,
     Traces/ comments, README.md), relative markdown links between pages
     (recomputed from the linking page's new place, anchors kept, images
     included), and a page's name in backticks in another room's page;
  3. points a citation of a section ("docs/…/benchmarks.md, "A pass counts
     no references"") at the page it now lives in when a page was split
     (SPLITS below: benchmarks.md's dated history is in the journal);
  4. points tools/check-map.py's self-test at the map's new place.

It is idempotent: a second run finds nothing to change and says so. It
prints every move and every rewrite. It works on a tree where other
branches have since added text citing the old flat paths: run it again
after a merge.

`--check` changes nothing. It exits 1, listing each problem, if a markdown
link in a tracked .md file points to a file that does not exist (or to a
heading that does not exist in a markdown page), if a docs/….md path
mentioned in a tracked file does not exist, or if a page in ROOMS is still
at its old place. Pages of docs/ that ROOMS does not name, and citations
of a section ("docs/PAGE.md, "Name"") that is no heading or bold lead of the
page, are reported as notes (they do not fail the check).
"""

import argparse
import os
import re
import subprocess
import sys

# The mapping: page (docs/NAME.md) -> room (docs/ROOM/NAME.md).
# docs/README.md stays where it is: it is the index. docs/images/ stays too.
ROOMS = {
    # guide/: using LoopSim — the language, the trace, frames, the report, goldens, the library.
    "scenario-language": "guide",
    "animations-language": "guide",
    "trace-format": "guide",
    "fates": "guide",
    "frames": "guide",
    "report": "guide",
    "guard-rails": "guide",
    "goldens": "guide",
    "library": "guide",
    "public-api": "guide",
    # reference/: the rules LoopSim implements and the contracts it keeps.
    "run-loop-rules": "reference",
    "run-loop": "reference",
    "core-animation-rules": "reference",
    "layers-and-transactions": "reference",
    "animations": "reference",
    "concurrency": "reference",
    "swiftui": "reference",
    "wire-protocol": "reference",
    "limits": "reference",
    # internals/: how LoopSim itself is built, tested, checked and measured.
    "architecture": "internals",
    "property-table": "internals",
    "render-server": "internals",
    "system": "internals",
    "reliability": "internals",
    "security": "internals",
    "safety": "internals",
    "testing": "internals",
    "benchmarks": "internals",
    "benchmarks-journal": "internals",
}

DOCS = "docs"
SELF = "tools/reorganize-docs.py"

# Pages split in two: a citation of the first page's section ("docs/PAGE.md, "Section"")
# that is no longer a heading or bold lead there but is one in the second page is
# pointed at the second. benchmarks.md keeps the current figures; its dated
# history moved to the journal.
SPLITS = {
    "docs/internals/benchmarks.md": "docs/internals/benchmarks-journal.md",
}

# docs/NAME.md as a path from the repository root: not part of a longer name
# (a letter, digit, '_', '-' or '.' before it; a name character after it).
NAMES = "|".join(sorted((re.escape(n) for n in ROOMS), key=len, reverse=True))
FLAT_PATH = re.compile(r"(?<![A-Za-z0-9_.-])docs/(" + NAMES + r")\.md(?![A-Za-z0-9_-])")
# Any docs/….md path (for --check).
ANY_DOCS_PATH = re.compile(r"(?<![A-Za-z0-9_.-])docs/[A-Za-z0-9_./-]*?[A-Za-z0-9_-]\.md(?![A-Za-z0-9_-])")
# A markdown link or image: [text](target "title") — the target without spaces.
LINK = re.compile(r"(\]\()(<?)([^)\s>]+)(>?)((?:\s+\"[^\"]*\")?\))")
# A page's bare name in backticks: `NAME.md`.
BARE = re.compile(r"`(" + NAMES + r")\.md`")
# A fenced code block's fence.
FENCE = re.compile(r"^\s*(```|~~~)")
# A citation of a page's section: docs/PAGE.md, "Section" (or `docs/PAGE.md`, "Sec… at
# the end of a line, when a comment wraps the name).
CITATION = re.compile(r"(?<![A-Za-z0-9_.-])(docs/[A-Za-z0-9_./-]*?\.md)(`?,\s+\")([^\"\n]*)(\"?)")


def new_path(name):
    return f"{DOCS}/{ROOMS[name]}/{name}.md"


def old_path(name):
    return f"{DOCS}/{name}.md"


def git(*args, capture=True):
    result = subprocess.run(["git", *args], check=True, text=True,
                            stdout=subprocess.PIPE if capture else None)
    return result.stdout if capture else ""


def tracked_files():
    return [p for p in git("ls-files", "-z").split("\0") if p and os.path.isfile(p)]


def read_text(path):
    with open(path, "rb") as f:
        data = f.read()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def write_text(path, text):
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def is_external(target):
    return target.startswith("#") or re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", target) is not None


def split_anchor(target):
    path, sep, anchor = target.partition("#")
    return path, (sep + anchor)


def relative(path, from_dir):
    return os.path.relpath(path, from_dir or ".").replace(os.sep, "/")


def old_places(md_file):
    """Folders a link in md_file may have been written against: its own and, for a page
    that moved (or may have been written before the move), docs/ itself."""
    here = os.path.dirname(md_file)
    places = [here]
    name = os.path.splitext(os.path.basename(md_file))[0]
    if name in ROOMS and md_file == new_path(name) and DOCS not in places:
        places.append(DOCS)
    return places


def fix_link_target(md_file, target):
    """The target rewritten against md_file's place, or None if it is right (or unknown)."""
    if is_external(target):
        return None
    path, anchor = split_anchor(target)
    if not path:
        return None
    here = os.path.dirname(md_file)
    if os.path.exists(os.path.normpath(os.path.join(here, path))):
        return None
    flat = {old_path(n): new_path(n) for n in ROOMS}
    for place in old_places(md_file):
        candidate = os.path.normpath(os.path.join(place, path)).replace(os.sep, "/")
        candidate = flat.get(candidate, candidate)
        if os.path.exists(candidate):
            return relative(candidate, here) + anchor
    return None


def rewrite_markdown_links(md_file, text, changes):
    def one(m):
        fixed = fix_link_target(md_file, m.group(3))
        if fixed is None:
            return m.group(0)
        changes.append((m.group(3), fixed))
        return m.group(1) + m.group(2) + fixed + m.group(4) + m.group(5)
    return LINK.sub(one, text)


def rewrite_flat_paths(text, changes, skip_links):
    def one(m):
        fixed = new_path(m.group(1))
        changes.append((m.group(0), fixed))
        return fixed
    if not skip_links:
        return FLAT_PATH.sub(one, text)
    # Leave markdown link targets to rewrite_markdown_links: they are relative.
    pieces, last = [], 0
    for m in LINK.finditer(text):
        pieces.append(FLAT_PATH.sub(one, text[last:m.start()]))
        pieces.append(m.group(0))
        last = m.end()
    pieces.append(FLAT_PATH.sub(one, text[last:]))
    return "".join(pieces)


def rewrite_bare_names(md_file, text, changes):
    here = os.path.dirname(md_file)

    def one(m):
        name = m.group(1)
        if os.path.dirname(new_path(name)) == here or not os.path.exists(new_path(name)):
            return m.group(0)
        fixed = f"`{new_path(name)}`"
        changes.append((m.group(0), fixed))
        return fixed
    return BARE.sub(one, text)


def fix_check_map(path, text, changes):
    """check-map.py's self-test copies the map into a temporary repository: make it copy
    the map to the same relative path as MAP, wherever MAP is."""
    old = ('os.makedirs(os.path.join(root, "docs"))\n'
           '        shutil.copy(os.path.join(repository, MAP), os.path.join(root, "docs"))')
    new = ('os.makedirs(os.path.dirname(os.path.join(root, MAP)), exist_ok=True)\n'
           '        shutil.copy(os.path.join(repository, MAP), os.path.join(root, MAP))')
    if path == "tools/check-map.py" and old in text:
        changes.append(("self-test copies the map into docs/", "into MAP's own folder"))
        text = text.replace(old, new)
    return text


def normal(text):
    """A section's name for comparison: no markup, lower case, no number (§6, 7a.), no article."""
    text = " ".join(text.replace("`", "").replace("*", "").lower().split())
    text = re.sub(r"^(§?\d+[a-z]?(\.\d+)*\.?\s+)", "", text)
    return re.sub(r"^(the|a|an)\s+", "", text)


def section_names(md_path, cache={}):
    """The headings and bold leads (**…**) of a page, normalized."""
    if md_path not in cache:
        names = set()
        with open(md_path, encoding="utf-8") as f:
            for line in f:
                m = re.match(r"^#{1,6}\s+(.*?)\s*$", line)
                if m:
                    names.add(normal(m.group(1)))
                for bold in re.findall(r"\*\*(.+?)\*\*", line):
                    names.add(normal(bold))
        cache[md_path] = names
    return cache[md_path]


def cites_section(md_path, quoted, closed):
    """Whether quoted (the whole name if closed, else its start) names a section of md_path."""
    want = normal(quoted).rstrip(".")
    if not want or want in ("the", "a", "an"):
        return True   # the name wraps onto the next line: too little to judge
    for name in section_names(md_path):
        name = name.rstrip(".")
        if name == want or name.startswith(want) and (not closed or name[len(want):len(want) + 1] in " (:;,"):
            return True
    return False


def rewrite_split_citations(text, changes):
    def one(m):
        page = m.group(1)
        other = SPLITS.get(page)
        if not other or not os.path.exists(page) or not os.path.exists(other):
            return m.group(0)
        quoted, closed = m.group(3), bool(m.group(4))
        if cites_section(page, quoted, closed) or not cites_section(other, quoted, closed):
            return m.group(0)
        changes.append((f'{page}, "{quoted}', f'{other}, "{quoted}'))
        return other + m.group(0)[len(page):]
    return CITATION.sub(one, text)


def move_pages():
    moves = []
    for name, room in ROOMS.items():
        old, new = old_path(name), new_path(name)
        if not os.path.exists(old):
            continue
        if os.path.exists(new):
            print(f"error: both {old} and {new} exist; merge them by hand, then run again",
                  file=sys.stderr)
            sys.exit(2)
        os.makedirs(os.path.dirname(new), exist_ok=True)
        git("mv", old, new, capture=False)
        moves.append((old, new))
        print(f"moved {old} -> {new}")
    return moves


def unmapped_pages():
    return sorted(f for f in os.listdir(DOCS)
                  if f.endswith(".md") and f != "README.md" and f[:-3] not in ROOMS)


def reorganize():
    moves = move_pages()
    files_changed = 0
    for path in tracked_files():
        if path == SELF:
            continue
        text = read_text(path)
        if text is None:
            continue
        changes = []
        is_md = path.endswith(".md")
        new = text
        if is_md:
            new = rewrite_markdown_links(path, new, changes)
        new = rewrite_flat_paths(new, changes, skip_links=is_md)
        if is_md and path.startswith(DOCS + "/"):
            new = rewrite_bare_names(path, new, changes)
        new = rewrite_split_citations(new, changes)
        new = fix_check_map(path, new, changes)
        if new != text:
            write_text(path, new)
            files_changed += 1
            counted = {}
            for before, after in changes:
                counted[(before, after)] = counted.get((before, after), 0) + 1
            for (before, after), n in counted.items():
                print(f"{path}: {before} -> {after}" + (f" (x{n})" if n > 1 else ""))
    for page in unmapped_pages():
        print(f"note: {DOCS}/{page} has no room in ROOMS (tools/reorganize-docs.py); left in place")
    if not moves and not files_changed:
        print("nothing to change: every page is in its room and every reference points to it")
    else:
        print(f"{len(moves)} pages moved, {files_changed} files rewritten")


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to '-'."""
    text = re.sub(r"`|\*\*|\*|_(?=\W)|(?<=\W)_", "", heading.strip())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(md_path, cache={}):
    if md_path not in cache:
        found, seen, fenced = set(), {}, False
        with open(md_path, encoding="utf-8") as f:
            for line in f:
                if FENCE.match(line):
                    fenced = not fenced
                    continue
                m = None if fenced else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
                if m:
                    s = slug(m.group(1))
                    n = seen.get(s, 0)
                    seen[s] = n + 1
                    found.add(s if n == 0 else f"{s}-{n}")
                for a in re.findall(r'<a\s+(?:name|id)="([^"]+)"', line):
                    found.add(a)
        cache[md_path] = found
    return cache[md_path]


def check():
    problems, notes = [], []
    for name in ROOMS:
        if os.path.exists(old_path(name)):
            problems.append(f"{old_path(name)}: still at its old place (run tools/reorganize-docs.py)")
    for path in tracked_files():
        if path == SELF:
            continue
        text = read_text(path)
        if text is None:
            continue
        here = os.path.dirname(path)
        fenced = False
        for number, line in enumerate(text.split("\n"), 1):
            if path.endswith(".md"):
                if FENCE.match(line):
                    fenced = not fenced
                if not fenced:
                    for m in LINK.finditer(line):
                        target = m.group(3)
                        if is_external(target):
                            continue
                        file_part, anchor = split_anchor(target)
                        resolved = os.path.normpath(os.path.join(here, file_part)) if file_part else path
                        if not os.path.exists(resolved):
                            problems.append(f"{path}:{number}: link to {target}: {resolved} does not exist")
                        elif anchor and resolved.endswith(".md") and anchor[1:] not in anchors(resolved):
                            problems.append(f"{path}:{number}: link to {target}: no heading "
                                            f"'{anchor[1:]}' in {resolved}")
            for m in ANY_DOCS_PATH.finditer(line):
                mentioned = m.group(0)
                if not os.path.exists(mentioned):
                    problems.append(f"{path}:{number}: {mentioned} does not exist")
            for m in CITATION.finditer(line):
                page, quoted, closed = m.group(1), m.group(3), bool(m.group(4))
                if os.path.exists(page) and not cites_section(page, quoted, closed):
                    end = '"' if closed else "…"
                    notes.append(f"note: {path}:{number}: {page} has no heading or bold lead "
                                 f"\"{quoted}{end}")
    for page in unmapped_pages():
        print(f"note: {DOCS}/{page} has no room in ROOMS (tools/reorganize-docs.py)")
    for n in notes:
        print(n)
    for p in problems:
        print(p)
    if problems:
        print(f"reorganize-docs --check: {len(problems)} problems")
        return 1
    print("reorganize-docs --check: every link and every docs path points to a file")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 listing links and docs paths that point nowhere")
    args = parser.parse_args()
    os.chdir(git("rev-parse", "--show-toplevel").strip())
    if args.check:
        sys.exit(check())
    reorganize()


if __name__ == "__main__":
    main()
