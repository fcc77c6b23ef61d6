package cli

import (
	"bytes"

	"github.com/rogpeppe/go-internal/diff"
)

// driftDiff returns the unified diff, for the drift report, from the file on disk to the file a
// run generates, or "" when they are equal. It is the Go toolchain's anchored diff (O(n log n),
// matching lines unique to both sides first, so a diff never pairs unrelated braces or blank
// lines); its first line, "diff OLD NEW", is dropped because the report names the file just above.
func driftDiff(path string, onDisk, generated []byte) string {
	d := diff.Diff(path+" (on disk)", onDisk, path+" (generated)", generated)
	if _, rest, ok := bytes.Cut(d, []byte("\n")); ok && bytes.HasPrefix(d, []byte("diff ")) {
		d = rest
	}
	return string(d)
}
