// The render server: render tree, compositor, frame scheduling (issue 4).
