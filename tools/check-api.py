#!/usr/bin/env python3
"""Checks the library product's public surface against docs/guide/public-api.md.

The `LoopSim` library product's modules (read from Package.swift) may
declare at file scope, `public`, exactly the declarations that
docs/guide/public-api.md lists for them: a table per module whose first column
holds each declaration's name in backticks. Anything else the package
uses across modules is `package`. The check fails, listing both sides,
when a module declares a public name the page does not list (a type made
public by accident, or an API not yet documented) or the page lists a
name the module no longer declares.

  tools/check-api.py            check (CI runs it before building)
  tools/check-api.py --print    the public declarations, module by module

Extensions of public types are not declarations of their own; members
are the type's (a public type's public members are its API).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = "docs/guide/public-api.md"
DECL = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:final\s+)?(?:indirect\s+)?"
                  r"(class|struct|enum|protocol|typealias|actor|func|let|var)\s+([A-Za-z_][A-Za-z0-9_]*)")


def product_modules():
    text = open(os.path.join(ROOT, "Package.swift")).read()
    m = re.search(r'\.library\(name:\s*"LoopSim",\s*targets:\s*\[([^\]]*)\]', text)
    if not m:
        sys.exit("check-api: no .library(name: \"LoopSim\", targets: [...]) in Package.swift")
    return re.findall(r'"([^"]+)"', m.group(1))


def module_folder(module):
    text = open(os.path.join(ROOT, "Package.swift")).read()
    m = re.search(r'\.target\(name:\s*"%s"[^)]*?path:\s*"([^"]+)"' % re.escape(module), text)
    return os.path.join(ROOT, m.group(1) if m else os.path.join("Sources", module))


def declared(module):
    """{name: (kind, 'path:line')} of the module's file-scope public declarations."""
    out = {}
    folder = module_folder(module)
    for dirpath, _, files in sorted(os.walk(folder)):
        for f in sorted(files):
            if not f.endswith(".swift"):
                continue
            path = os.path.join(dirpath, f)
            for n, line in enumerate(open(path, encoding="utf-8"), 1):
                m = DECL.match(line)   # file scope: no indentation
                if m:
                    out.setdefault(m.group(2), (m.group(1), "%s:%d" % (os.path.relpath(path, ROOT), n)))
    return out


def listed():
    """{module: set of names} from the page's tables under '## `Module`' headings."""
    out, module = {}, None
    for line in open(os.path.join(ROOT, PAGE), encoding="utf-8"):
        h = re.match(r"^##\s+`([A-Za-z]+)`", line)
        if h:
            module = h.group(1)
            out.setdefault(module, set())
            continue
        if module and line.startswith("|"):
            first = line.split("|")[1].strip()
            for name in re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", first):
                out[module].add(name)
    return out


def main():
    modules = product_modules()
    if "--print" in sys.argv[1:]:
        for m in modules:
            print("## `%s`" % m)
            for name, (kind, where) in sorted(declared(m).items()):
                print("  %-28s %-10s %s" % (name, kind, where))
        return 0
    page = listed()
    problems = []
    for m in modules:
        have = declared(m)
        want = page.get(m)
        if want is None:
            problems.append("%s: no '## `%s`' section in %s" % (m, m, PAGE))
            continue
        for name in sorted(set(have) - want):
            kind, where = have[name]
            problems.append("%s: public %s %s is not in %s (document it, or make it package)" % (where, kind, name, PAGE))
        for name in sorted(want - set(have)):
            problems.append("%s: %s lists `%s`, which %s does not declare public" % (PAGE, m, name, m))
    for m in sorted(set(page) - set(modules)):
        problems.append("%s: a section for `%s`, which is not in the LoopSim product" % (PAGE, m))
    for p in problems:
        print(p)
    if problems:
        print("check-api: %d difference(s) between the product's public declarations and %s" % (len(problems), PAGE))
        return 1
    print("check-api: %d modules, %d public declarations, all in %s" %
          (len(modules), sum(len(declared(m)) for m in modules), PAGE))
    return 0


if __name__ == "__main__":
    sys.exit(main())
