// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "LoopSim",
    products: [
        .executable(name: "loopsim", targets: ["loopsim"]),
        .executable(name: "loopsim-render", targets: ["loopsim-render"]),
        /// The one library product: scenarios, the simulation and the values
        /// they expose (docs/guide/library.md).
        .library(name: "LoopSim", targets: ["Scenario", "Simulation", "TaskKit", "LayerKit", "RunLoopKit", "Raster", "RenderModel", "LoopSimTrace"]),
    ],
    targets: [
        .target(name: "LoopSimTrace", swiftSettings: strict),
        .target(name: "RunLoopKit", dependencies: ["LoopSimTrace"], swiftSettings: strict),
        .target(name: "TaskKit", dependencies: ["RunLoopKit", "LoopSimSystem", "LoopSimTrace"], swiftSettings: strict),
        .target(name: "RenderModel", swiftSettings: strict),
        .target(name: "Raster", dependencies: ["RenderModel"], swiftSettings: strict),
        .target(name: "RenderWire", dependencies: ["RenderModel"], swiftSettings: strict),
        .target(name: "CLoopSimSystem"),
        .target(name: "LoopSimSystem", dependencies: ["CLoopSimSystem"], swiftSettings: strict),
        .target(name: "RenderServer", dependencies: ["Raster", "RenderWire", "RenderModel", "LoopSimSystem", "LoopSimTrace"], swiftSettings: strict),
        .target(name: "LayerKit", dependencies: ["RunLoopKit", "Raster", "RenderModel", "LoopSimTrace"], swiftSettings: strict),
        .target(name: "Simulation", dependencies: ["RunLoopKit", "TaskKit", "LayerKit", "Raster", "RenderModel", "RenderWire", "LoopSimSystem", "LoopSimTrace"], swiftSettings: strict),
        .target(name: "Scenario", dependencies: ["Simulation", "TaskKit", "LayerKit", "RenderModel", "RenderWire", "RunLoopKit", "LoopSimSystem", "LoopSimTrace"], swiftSettings: strict),
        .executableTarget(name: "loopsim-render", dependencies: ["RenderServer", "RenderWire", "LoopSimSystem", "LoopSimTrace"], swiftSettings: strict),
        .target(name: "LoopSimBench", dependencies: ["RenderServer", "Scenario", "Simulation", "TaskKit", "RunLoopKit", "LayerKit", "Raster", "RenderModel", "RenderWire", "LoopSimSystem", "LoopSimTrace"], swiftSettings: strict),
        .target(name: "LoopSimTools", dependencies: ["RenderServer", "Scenario", "Simulation", "RunLoopKit", "Raster", "RenderModel", "LoopSimSystem", "LoopSimTrace"], swiftSettings: strict),
        .executableTarget(name: "loopsim", dependencies: ["loopsim-render", "LoopSimBench", "LoopSimTools", "Scenario", "Simulation", "LoopSimSystem", "LoopSimTrace"], swiftSettings: strict),
        .target(name: "LoopSimTestSupport", dependencies: ["RenderModel"], path: "Tests/LoopSimTestSupport", swiftSettings: strict),
        .testTarget(name: "LoopSimSystemTests", dependencies: ["LoopSimSystem"], swiftSettings: strict),
        .testTarget(name: "LoopSimTraceTests", dependencies: ["LoopSimTestSupport", "LoopSimTrace"], swiftSettings: strict),
        .testTarget(name: "RunLoopKitTests", dependencies: ["LoopSimTestSupport", "RunLoopKit", "LoopSimTrace"], swiftSettings: strict),
        .testTarget(name: "TaskKitTests", dependencies: ["LoopSimTestSupport", "TaskKit", "RunLoopKit", "LoopSimTrace"], swiftSettings: strict),
        .testTarget(name: "RenderModelTests", dependencies: ["LoopSimTestSupport", "RenderModel", "Raster"], swiftSettings: strict),
        .testTarget(name: "RasterTests", dependencies: ["LoopSimTestSupport", "Raster", "RenderModel"], swiftSettings: strict),
        .testTarget(name: "RenderWireTests", dependencies: ["LoopSimTestSupport", "RenderWire", "RenderModel"], swiftSettings: strict),
        .testTarget(name: "RenderServerTests", dependencies: ["LoopSimTestSupport", "RenderServer", "Raster", "RenderWire", "RenderModel", "LoopSimSystem"], swiftSettings: strict),
        .testTarget(name: "LayerKitTests", dependencies: ["LoopSimTestSupport", "LayerKit", "RunLoopKit", "Raster", "RenderModel", "LoopSimTrace"], swiftSettings: strict),
        .testTarget(name: "SimulationTests", dependencies: ["LoopSimTestSupport", "Simulation", "TaskKit", "RenderServer", "RunLoopKit", "LayerKit", "LoopSimSystem", "LoopSimTrace", "RenderWire", "Raster", "RenderModel"], swiftSettings: strict),
        .testTarget(name: "ScenarioTests", dependencies: ["LoopSimTestSupport", "Scenario", "Simulation", "RenderServer", "RunLoopKit", "LayerKit", "LoopSimSystem", "RenderWire", "RenderModel", "LoopSimTrace"], swiftSettings: strict),
        .testTarget(name: "LoopSimBenchTests", dependencies: ["LoopSimBench"], swiftSettings: strict),
        .testTarget(name: "LoopSimToolsTests", dependencies: ["LoopSimTools", "Scenario", "Raster", "RenderModel", "LoopSimSystem", "LoopSimTrace"], swiftSettings: strict),
        .testTarget(name: "LoopSimCLITests", dependencies: ["LoopSimTestSupport", "loopsim", "loopsim-render", "RenderWire", "Raster", "RenderModel", "LoopSimSystem", "LoopSimTrace"], swiftSettings: strict),
    ]
)

// The libFuzzer targets (Tests/Fuzz, docs/internals/reliability.md) exist only when
// LOOPSIM_FUZZ=1: tools/fuzz.sh builds them with -sanitize=fuzzer in their
// own scratch folder, so `swift build` and `swift test` never see them.
// libFuzzer brings `main`: tools/fuzz.sh passes -parse-as-library on its
// command line, so the manifest carries no unsafe flags.
if Context.environment["LOOPSIM_FUZZ"] == "1" {
    let fuzz: [SwiftSetting] = strict
    package.targets += [
        .executableTarget(name: "fuzz-scenario", dependencies: ["Scenario", "Simulation", "RenderServer"],
                          path: "Tests/Fuzz/fuzz-scenario", swiftSettings: fuzz),
        .executableTarget(name: "fuzz-session", dependencies: ["RenderServer", "RenderWire", "RenderModel", "LoopSimSystem", "Scenario", "Simulation"],
                          path: "Tests/Fuzz/fuzz-session", swiftSettings: fuzz),
        .executableTarget(name: "fuzz-commit", dependencies: ["RenderWire", "RenderModel"],
                          path: "Tests/Fuzz/fuzz-commit", swiftSettings: fuzz),
    ]
}
