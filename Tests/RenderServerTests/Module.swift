// RenderServer tests.
