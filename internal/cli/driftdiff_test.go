package cli

import (
	"strings"
	"testing"
)

// TestDriftDiffFormat pins the drift report's diff: unified format with the path labelled
// "(on disk)" and "(generated)", three lines of context, hunks merged when close, and nothing when
// the files are equal. The diff itself is the Go toolchain's (github.com/rogpeppe/go-internal/diff).
func TestDriftDiffFormat(t *testing.T) {
	var old, new []string
	for i := range 20 {
		line := "line " + string(rune('a'+i))
		old = append(old, line)
		new = append(new, line)
	}
	new[2] = "changed c"
	new = append(new[:10], append([]string{"inserted"}, new[10:]...)...)
	got := driftDiff("gen/x.go", []byte(strings.Join(old, "\n")+"\n"), []byte(strings.Join(new, "\n")+"\n"))
	want := `--- gen/x.go (on disk)
+++ gen/x.go (generated)
@@ -1,6 +1,6 @@
 line a
 line b
-line c
+changed c
 line d
 line e
 line f
@@ -8,6 +8,7 @@
 line h
 line i
 line j
+inserted
 line k
 line l
 line m
`
	if got != want {
		t.Errorf("diff:\n%s\nwant:\n%s", got, want)
	}
	if d := driftDiff("x", []byte("same\n"), []byte("same\n")); d != "" {
		t.Errorf("equal files give %q, want nothing", d)
	}
	if d := driftDiff("x", []byte("a\nb"), []byte("a\nc")); !strings.HasSuffix(d, "-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n") {
		t.Errorf("a missing final newline is not marked:\n%s", d)
	}
}
