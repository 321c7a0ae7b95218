#!/usr/bin/env python3
# The scale benchmark's scenario (docs/benchmarks.md, issue 10) until the
# language has `for`: 100 views in a 10x10 grid at 320x240, 60 Hz, one cell
# changing colour on each frame. Usage: tools/scale-scenario.py 60s > scale60.loop
import sys
dur = sys.argv[1] if len(sys.argv) > 1 else "60s"
out = ["display size=(320,240) hz=60 background=black"]
for i in range(100):
    out.append(f"view cell{i} frame=({i%10*32},{i//10*24},30,22) background=gray")
for i in range(100):
    out.append(f"timer red{i} every=200frames at={i*2+2}frames:")
    out.append(f"    set cell{i}.background = red")
    out.append(f"timer blue{i} every=200frames at={i*2+3}frames:")
    out.append(f"    set cell{i}.background = blue")
out.append(f"run for={dur}")
print("\n".join(out))
