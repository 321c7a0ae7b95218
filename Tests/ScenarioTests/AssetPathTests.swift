import LoopSimTestSupport
import Foundation
import LoopSimSystem
import Testing
@testable import Scenario
import Simulation

/// `image file=` reads inside the scenario's folder unless allowed, and a
/// file that is not an image is never quoted in the warning.
@Suite(.quiescent) struct AssetPathTests {
    @Test("a relative path is read from the scenario's folder; an absolute one, or '..' leading out, is refused unless allowed")
    func resolve() throws {
        #expect(try AssetPath.resolve("assets/card.ppm", scenarioPath: "Traces/render/x.loop", allowOutside: false) == "Traces/render/assets/card.ppm")
        #expect(try AssetPath.resolve("a/../card.ppm", scenarioPath: "x.loop", allowOutside: false) == "./a/../card.ppm")
        let absolute = #expect(throws: AssetPathError.self) { try AssetPath.resolve("/etc/shadow", scenarioPath: "x.loop", allowOutside: false) }
        #expect(absolute?.message.contains("is absolute") == true)
        let escape = #expect(throws: AssetPathError.self) { try AssetPath.resolve("a/../../secret.ppm", scenarioPath: "d/x.loop", allowOutside: false) }
        #expect(escape?.message.contains("leads out of the scenario's folder") == true)
        #expect(try AssetPath.resolve("/etc/x.ppm", scenarioPath: "x.loop", allowOutside: true) == "/etc/x.ppm")
        #expect(try AssetPath.resolve("../x.ppm", scenarioPath: "d/x.loop", allowOutside: true) == "d/../x.ppm")
    }

    func run(_ source: String, in folder: String, allow: Bool = false) throws -> ScenarioOutcome {
        let path = folder + "/s.loop"
        let file = try ScenarioParser.parse(source, path: path)
        return ScenarioRunner(file: file, source: source, allowAbsoluteAssets: allow).run()
    }

    @Test("a symbolic link inside the folder that points out of it is refused at the image's line, naming the paths and never the file's bytes; one that stays inside is read")
    func symbolicLinks() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-links-\(UUID().uuidString)").path
        let folder = base + "/scenario", outside = base + "/outside"
        try FileSystem.createDirectory(folder, mode: 0o700, intermediates: true)
        try FileSystem.createDirectory(outside, mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: base) }
        try Array("SECRET-TOKEN".utf8).withUnsafeBytes { try FileSystem.writeFile(outside + "/secret.ppm", $0) }
        try Array("P3 1 1 255 0 0 0".utf8).withUnsafeBytes { try FileSystem.writeFile(folder + "/inside.ppm", $0) }
        try FileSystem.createSymbolicLink(folder + "/leak.ppm", to: outside + "/secret.ppm")
        try FileSystem.createSymbolicLink(folder + "/out", to: outside)
        try FileSystem.createSymbolicLink(folder + "/alias.ppm", to: "inside.ppm")

        // Textually inside, really outside: the file, or a folder on the way.
        for written in ["leak.ppm", "out/secret.ppm", "./out/../outside/secret.ppm"] {
            let refused = try run("view v frame=(0,0,4,4)\nimage logo file=\"\(written)\"\nrun until=1s\n", in: folder)
            #expect(refused.failure?.location.line == 2, "\(written)")
            let message = refused.failure?.message ?? ""
            #expect(message.contains("image path '\(written)' resolves to '"), "\(message)")
            #expect(message.contains("outside the scenario's folder"), "\(message)")
            #expect(message.contains("--allow-absolute-assets"))
            #expect(!message.contains("SECRET"))
        }
        // `AssetPath` alone: the same refusal, and the resolved path read.
        let error = #expect(throws: AssetPathError.self) {
            try AssetPath.containedRealPath(folder + "/leak.ppm", written: "leak.ppm", scenarioPath: folder + "/s.loop")
        }
        #expect(error?.message.hasSuffix("(pass --allow-absolute-assets to allow it)") == true)
        let real = try AssetPath.containedRealPath(folder + "/alias.ppm", written: "alias.ppm", scenarioPath: folder + "/s.loop")
        #expect(real?.hasSuffix("/scenario/inside.ppm") == true)
        #expect(try AssetPath.containedRealPath(folder + "/missing.ppm", written: "missing.ppm", scenarioPath: folder + "/s.loop") == nil)

        // A link that stays inside is read; with the flag, the outside one too.
        let source = "image logo file=\"alias.ppm\"\nlayer l frame=(0,0,4,4) contents=logo\nrun until=1s\n"
        let inside = try run(source, in: folder)
        #expect(inside.failure == nil)
        #expect(!inside.events.contains { if case .warn = $0.kind { true } else { false } })
        let allowed = try run("image logo file=\"leak.ppm\"\nlayer l frame=(0,0,4,4) contents=logo\nrun until=1s\n", in: folder, allow: true)
        #expect(allowed.failure == nil)
    }

    @Test("a scenario naming an absolute image path fails at the image's line; a file that is no image is not echoed")
    func runtime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-assets-\(UUID().uuidString)").path
        try FileSystem.createDirectory(folder, mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Array("SECRET-TOKEN".utf8).withUnsafeBytes { try FileSystem.writeFile(folder + "/secret.ppm", $0) }
        let refused = try run("image logo file=\"\(folder)/secret.ppm\"\nrun until=1s\n", in: folder)
        #expect(refused.failure?.location.line == 1)
        #expect(refused.failure?.message.contains("is absolute") == true)
        let source = """
        image logo file="secret.ppm"
        layer l frame=(0,0,4,4) contents=logo
        run until=1s
        """
        let outcome = try run(source, in: folder)
        #expect(outcome.failure == nil)
        let warnings = outcome.events.compactMap { event -> String? in
            if case .warn(let text) = event.kind { return text }
            return nil
        }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("byte 0: not a netpbm image (P1…P6)") == true, "\(warnings)")
        #expect(warnings.allSatisfy { !$0.contains("'S'") && !$0.contains("SECRET") })
    }
}
