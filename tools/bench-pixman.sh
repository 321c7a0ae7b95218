#!/usr/bin/env bash
# Builds the pixman peer of `loopsim bench raster` and prints its figure.
#
# It renders the same scene as RenderServer's RasterBench — a 1280x720 frame
# of 1,000 half-transparent rectangles from the same seeded generator — with
# pixman_image_fill_rectangles (OVER), and prints the median ns per frame and
# the frame's FNV-1a hash (equal to LoopSim's: the two rasterizers agree byte
# for byte). `loopsim bench raster` then reports pixman as `peer` with the
# `ratio` (pixman's time divided by LoopSim's) when .build/bench-pixman exists.
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
#include <time.h>

static uint64_t st;
static uint64_t nx(void) { st += 0x9E3779B97F4A7C15ULL; uint64_t z = st; z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL; z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL; return z ^ (z >> 31); }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }

int main(int argc, char **argv) {
    int runs = argc > 1 ? atoi(argv[1]) : 31;
    if (runs < 1) runs = 1;
    enum { W = 1280, H = 720, N = 1000 };
    int X[N], Y[N], Wd[N], Ht[N]; uint8_t R[N], G[N], B[N];
    st = 0x4C6F6F7053696D21ULL;   /* RasterBench's seed */
    X[0] = 592; Y[0] = 312; Wd[0] = 96; Ht[0] = 96; R[0] = 255; G[0] = 0; B[0] = 0;
    for (int i = 1; i < N; i++) {
        int w = 16 + nx() % 128, h = 16 + nx() % 128, x = nx() % (W - w + 1), y = nx() % (H - h + 1);
        uint64_t c = nx();
        X[i] = x; Y[i] = y; Wd[i] = w; Ht[i] = h; R[i] = c & 255; G[i] = (c >> 8) & 255; B[i] = (c >> 16) & 255;
    }
    uint32_t *bits = malloc((size_t)W * H * 4);
    pixman_image_t *img = pixman_image_create_bits(PIXMAN_a8b8g8r8, W, H, bits, W * 4);
    double *ns = malloc(sizeof(double) * runs);
    for (int it = 0; it < runs; it++) {
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
        ns[it] = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
    }
    qsort(ns, runs, sizeof(double), cmp);
    uint64_t h = 0xCBF29CE484222325ULL, p = 0x100000001B3ULL;
    uint64_t dims[2] = {W, H};
    for (int d = 0; d < 2; d++) for (int s = 0; s < 64; s += 8) h = (h ^ ((dims[d] >> s) & 0xff)) * p;
    const uint8_t *bytes = (const uint8_t *)bits;
    for (long i = 0; i < (long)W * H * 4; i++) h = (h ^ bytes[i]) * p;
    printf("{\"name\":\"pixman.full-frame\",\"unit\":\"ns/frame\",\"p50\":%.1f,\"hash\":\"%016llx\"}\n", ns[runs / 2], (unsigned long long)h);
    return 0;
}
EOF
cc -O2 -o .build/bench-pixman .build/bench-pixman.c $(pkg-config --cflags --libs pixman-1)
.build/bench-pixman
