import Testing

/// The test tiers (docs/internals/testing.md): the slow kinds of test, each a tag,
/// so that the inner loop can leave them out (`tools/test-fast.sh`) while
/// `swift test` and CI run everything. Tag a suite (or a test) with every
/// tier it belongs to; a test in no tier is a fast, in-process test.
extension Tag {
    /// Runs or reads the golden scenarios and traces under `Traces/`
    /// (docs/guide/goldens.md): every golden, each a separate case.
    @Tag public static var golden: Self

    /// Spawns the real `loopsim` or `loopsim-render` executable and talks to
    /// it as a process (needs `swift build --build-tests` to have built it).
    @Tag public static var endToEnd: Self

    /// Seeded random inputs are the test's subject: hundreds or thousands
    /// of generated or mutated cases, repeatable from the seed
    /// (`SplitMix64`). Not a test that draws a few values from a seed, and
    /// not the libFuzzer corpus and reproducer checks (fixed inputs).
    @Tag public static var fuzz: Self

    /// Drives headless Chromium (tools/install-chromium.sh); skipped, and
    /// says so, where Chromium is not installed.
    @Tag public static var browser: Self
}
