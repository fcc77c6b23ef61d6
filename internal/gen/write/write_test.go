package write

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contractgen/contractgen/internal/gen/emit"
)

func gen(path, body string) emit.File {
	return emit.File{Path: path, Bytes: []byte("// " + emit.Header + "\n" + body)}
}

func writeFile(t *testing.T, root, rel, content string) {
	t.Helper()
	full := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestApplyWritesOnlyChangesAndPrunesStale(t *testing.T) {
	root := t.TempDir()
	same := gen("pkg/same.go", "package pkg\n")
	writeFile(t, root, "pkg/same.go", string(same.Bytes))
	writeFile(t, root, "pkg/old.go", "// "+emit.Header+"\npackage pkg\n") // generated earlier, no longer produced
	writeFile(t, root, "pkg/handwritten.go", "package pkg\n// mine\n")    // never touched
	writeFile(t, root, "pkg/changed.go", "// "+emit.Header+"\npackage pkg // old\n")
	before, _ := os.Stat(filepath.Join(root, "pkg/same.go"))

	report, err := Apply(root, []emit.File{gen("pkg/changed.go", "package pkg // new\n"), same, gen("pkg/new.go", "package pkg\n")})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(&Report{Written: []string{"pkg/changed.go", "pkg/new.go"}, Removed: []string{"pkg/old.go"}}, report); diff != "" {
		t.Errorf("report (-want +got):\n%s", diff)
	}
	after, _ := os.Stat(filepath.Join(root, "pkg/same.go"))
	if !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("an unchanged file was rewritten")
	}
	if _, err := os.Stat(filepath.Join(root, "pkg/handwritten.go")); err != nil {
		t.Errorf("a hand-written file was removed: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "pkg/old.go")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the stale generated file is still there")
	}
	leftovers, _ := filepath.Glob(filepath.Join(root, "pkg", ".contractgen-*"))
	if len(leftovers) > 0 {
		t.Errorf("temporary files left behind: %v", leftovers)
	}
	state, err := Compare(root, []emit.File{gen("pkg/changed.go", "package pkg // new\n"), same, gen("pkg/new.go", "package pkg\n")})
	if err != nil || !state.Clean() {
		t.Errorf("after Apply, Compare = %+v, %v; want clean", state, err)
	}
}

func TestApplyRefusesForeignFilesAndWritesNothing(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "pkg/types.go", "package pkg\n// written by a person\n")
	_, err := Apply(root, []emit.File{gen("pkg/a.go", "package pkg\n"), gen("pkg/types.go", "package pkg\n")})
	var foreign *ForeignError
	if !errors.As(err, &foreign) || len(foreign.Paths) != 1 || foreign.Paths[0] != "pkg/types.go" {
		t.Fatalf("Apply error = %v, want a ForeignError for pkg/types.go", err)
	}
	if _, err := os.Stat(filepath.Join(root, "pkg/a.go")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a file was written although the run was refused")
	}
	got, _ := os.ReadFile(filepath.Join(root, "pkg/types.go"))
	if string(got) != "package pkg\n// written by a person\n" {
		t.Errorf("the hand-written file changed: %q", got)
	}
}

func TestCompareClassifiesDrift(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "d/mod.go", "// "+emit.Header+"\nold\n")
	writeFile(t, root, "d/stale.md", "<!-- "+emit.Header+" -->\n")
	writeFile(t, root, "d/foreign.go", "mine\n")
	s, err := Compare(root, []emit.File{gen("d/mod.go", "new\n"), gen("d/missing.go", "x\n"), gen("d/foreign.go", "y\n")})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Changed) != 1 || s.Changed[0].File.Path != "d/mod.go" {
		t.Errorf("Changed = %+v", s.Changed)
	}
	if len(s.Missing) != 1 || s.Missing[0].Path != "d/missing.go" {
		t.Errorf("Missing = %+v", s.Missing)
	}
	if diff := cmp.Diff([]string{"d/stale.md"}, s.Stale); diff != "" {
		t.Errorf("Stale (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"d/foreign.go"}, s.Foreign); diff != "" {
		t.Errorf("Foreign (-want +got):\n%s", diff)
	}
	if s.Clean() {
		t.Error("Clean() = true with drift")
	}
}
