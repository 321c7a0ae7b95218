#!/usr/bin/env bash
# Builds the pixman peer of `loopsim bench raster` and prints its figure.
#
# It renders the same scene as RenderServer's RasterBench — a 1280x720 frame
# of 1,000 half-transparent rectangles from the same seeded generator — with
# pixman_image_fill_rectangles (OVER), and prints the median ns per frame and
# the frame's FNV-1a hash (equal to LoopSim's: the two rasterizers agree byte
# for byte).
#
# The peer draws at its best: in PIXMAN_a8r8g8b8, pixman's native format,
# whose solid OVER has an SSE2 fast path (sse2_composite_over_n_8888).
# LoopSim's bytes are r, g, b, a; a8r8g8b8 lies in memory as b, g, r, a, so
# the peer swaps r and b as it hashes the frame, outside the timing.
# (In PIXMAN_a8b8g8r8, LoopSim's own byte order, pixman has no fast path and
# takes some 7x as long: that was the peer until issue 10.)
#
# `.build/bench-pixman RUNS` prints the JSON line below; `.build/bench-pixman
# --serve` renders one frame per line read on stdin ("frame": prints the ns
# it took; "hash": prints the hash), so `loopsim bench raster` can run it
# interleaved with its own frames, one for one, under the same load, and
# report pixman as `peer` with the `ratio` (pixman's time divided by
# LoopSim's) when .build/bench-pixman exists.
#
# Usage: tools/bench-pixman.sh        (installs libpixman-1-dev with apt if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! pkg-config --exists pixman-1 2>/dev/null; then
  echo "installing libpixman-1-dev (Debian) ..." >&2
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -q >&2
  $sudo apt-get install -y -q libpixman-1-dev pkg-config >&2
fi
mkdir -p .build
cat > .build/bench-pixman.c <<'EOF'
#include <pixman.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t st;
static uint64_t nx(void) { st += 0x9E3779B97F4A7C15ULL; uint64_t z = st; z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL; z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL; return z ^ (z >> 31); }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }

enum { W = 1280, H = 720, N = 1000 };
static int X[N], Y[N], Wd[N], Ht[N]; static uint8_t R[N], G[N], B[N];
static uint32_t *bits;
static pixman_image_t *img;

/* One frame; answers the ns it took. */
static double frame(void) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    pixman_color_t black = {0, 0, 0, 0xffff};
    pixman_rectangle16_t all = {0, 0, W, H};
    pixman_image_fill_rectangles(PIXMAN_OP_SRC, img, &black, 1, &all);
    for (int i = 0; i < N; i++) {
        /* premultiplied 8-bit (v*128+127)/255 at alpha 128; pixman colours are 16-bit: v*257 */
        pixman_color_t c = {((R[i] * 128 + 127) / 255) * 257, ((G[i] * 128 + 127) / 255) * 257,
                            ((B[i] * 128 + 127) / 255) * 257, 128 * 257};
        pixman_rectangle16_t rc = {X[i], Y[i], Wd[i], Ht[i]};
        pixman_image_fill_rectangles(PIXMAN_OP_OVER, img, &c, 1, &rc);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    return (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
}

/* FNV-1a of the dimensions and of the frame in LoopSim's byte order (r, g, b, a):
   a8r8g8b8 words are 0xAARRGGBB, so swap r and b in a copy. */
static uint64_t hash(void) {
    uint64_t h = 0xCBF29CE484222325ULL, p = 0x100000001B3ULL;
    uint64_t dims[2] = {W, H};
    for (int d = 0; d < 2; d++) for (int s = 0; s < 64; s += 8) h = (h ^ ((dims[d] >> s) & 0xff)) * p;
    for (long i = 0; i < (long)W * H; i++) {
        uint32_t v = bits[i];
        uint8_t px[4] = {(v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff, v >> 24};
        for (int k = 0; k < 4; k++) h = (h ^ px[k]) * p;
    }
    return h;
}

int main(int argc, char **argv) {
    int serve = argc > 1 && strcmp(argv[1], "--serve") == 0;
    int runs = argc > 1 && !serve ? atoi(argv[1]) : 31;
    if (runs < 1) runs = 1;
    st = 0x4C6F6F7053696D21ULL;   /* RasterBench's seed */
    X[0] = 592; Y[0] = 312; Wd[0] = 96; Ht[0] = 96; R[0] = 255; G[0] = 0; B[0] = 0;
    for (int i = 1; i < N; i++) {
        int w = 16 + nx() % 128, h = 16 + nx() % 128, x = nx() % (W - w + 1), y = nx() % (H - h + 1);
        uint64_t c = nx();
        X[i] = x; Y[i] = y; Wd[i] = w; Ht[i] = h; R[i] = c & 255; G[i] = (c >> 8) & 255; B[i] = (c >> 16) & 255;
    }
    bits = malloc((size_t)W * H * 4);
    img = pixman_image_create_bits(PIXMAN_a8r8g8b8, W, H, bits, W * 4);
    if (serve) {
        char line[64];
        setvbuf(stdout, NULL, _IOLBF, 0);
        while (fgets(line, sizeof line, stdin)) {
            if (strncmp(line, "frame", 5) == 0) printf("%.1f\n", frame());
            else if (strncmp(line, "hash", 4) == 0) printf("%016llx\n", (unsigned long long)hash());
            else { fprintf(stderr, "bench-pixman: unknown request %s", line); return 64; }
        }
        return 0;
    }
    double *ns = malloc(sizeof(double) * runs);
    for (int it = 0; it < runs; it++) ns[it] = frame();
    qsort(ns, runs, sizeof(double), cmp);
    printf("{\"name\":\"pixman.full-frame\",\"format\":\"a8r8g8b8\",\"unit\":\"ns/frame\",\"p50\":%.1f,\"hash\":\"%016llx\"}\n",
           ns[runs / 2], (unsigned long long)hash());
    return 0;
}
EOF
cc -O2 -o .build/bench-pixman .build/bench-pixman.c $(pkg-config --cflags --libs pixman-1)
.build/bench-pixman
