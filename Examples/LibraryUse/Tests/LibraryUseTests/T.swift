import Testing
import Scenario

@Test func builds() { #expect(true) }
