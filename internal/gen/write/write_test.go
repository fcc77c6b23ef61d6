package write

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contractgen/contractgen/internal/gen/emit"
)

const goHeader = "// " + emit.Header + "\n"

func gen(path, body string) emit.File {
	return emit.File{Path: path, Bytes: []byte(HeaderFor(path) + body)}
}

// opts are the options of most tests: the real file system without fsyncs, which only a power
// loss would tell from the real thing (TestCommitIsDurable checks the syncs) and which would make
// the thousands of runs of the failure-injection tests slow.
func opts(contract string) Options { return Options{Contract: contract, FS: noSync{OS}} }

// noSync is a file system whose Sync does nothing.
type noSync struct{ FS }

func (noSync) Sync(string) error { return nil }

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

// snapshot reads every file under root (except the lock file, which exists only during a run).
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Type()&os.ModeSymlink != 0 {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		data, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestApplyWritesOnlyChangesAndPrunesStale(t *testing.T) {
	root := t.TempDir()
	v1 := []emit.File{gen("pkg/same.go", "package pkg\n"), gen("pkg/old.go", "package pkg\n"), gen("pkg/changed.go", "package pkg // old\n")}
	if _, err := Apply(root, v1, opts("pkg")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, root, "pkg/handwritten.go", "package pkg\n// mine\n") // never touched
	before, _ := os.Stat(filepath.Join(root, "pkg/same.go"))

	v2 := []emit.File{gen("pkg/changed.go", "package pkg // new\n"), v1[0], gen("pkg/new.go", "package pkg\n")}
	report, err := Apply(root, v2, opts("pkg"))
	if err != nil {
		t.Fatal(err)
	}
	want := &Report{Written: []string{".contractgen/pkg.manifest", "pkg/changed.go", "pkg/new.go"}, Removed: []string{"pkg/old.go"}}
	if diff := cmp.Diff(want, report); diff != "" {
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
	for p := range snapshot(t, root) {
		if strings.Contains(p, tempPrefix) || strings.HasSuffix(p, "journal") || p == lockName {
			t.Errorf("left behind: %s", p)
		}
	}
	state, err := Compare(root, v2, opts("pkg"))
	if err != nil || !state.Clean() {
		t.Errorf("after Apply, Compare = %+v, %v; want clean", state, err)
	}
}

func TestApplyRefusesForeignFilesAndWritesNothing(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "pkg/types.go", "package pkg\n// written by a person\n")
	_, err := Apply(root, []emit.File{gen("pkg/a.go", "package pkg\n"), gen("pkg/types.go", "package pkg\n")}, opts("pkg"))
	var foreign *ForeignError
	if !errors.As(err, &foreign) || len(foreign.Paths) != 1 || foreign.Paths[0] != "pkg/types.go" {
		t.Fatalf("Apply error = %v, want a ForeignError for pkg/types.go", err)
	}
	if diff := cmp.Diff(map[string]string{"pkg/types.go": "package pkg\n// written by a person\n"}, snapshot(t, root)); diff != "" {
		t.Errorf("a refused run changed the tree (-want +got):\n%s", diff)
	}
}

// TestHeaderMustStartTheFile: a hand-written file that quotes the header below its first line is
// not contractgen's: it is neither replaced nor removed. (Before: a substring of the first 512
// bytes made it generated, so it was overwritten or deleted as stale.)
func TestHeaderMustStartTheFile(t *testing.T) {
	quoting := map[string]string{
		"pkg/helpers.go": "package pkg\n\n// Files starting with \"" + goHeader[:len(goHeader)-1] + "\" are generated.\n",
		"docs/NOTES.md":  "# Notes\n\n<!-- " + emit.Header + " -->\n",
		"ts/x.ts":        " " + goHeader,
		"openapi/x.json": "{\"x-generated\": \"" + emit.Header + "\"}\n",
		"openapi/x.yaml": "#  " + emit.Header + "\n",
	}
	for rel, content := range quoting {
		if IsGenerated(rel, []byte(content)) {
			t.Errorf("IsGenerated(%s) = true for a file that only quotes the header", rel)
		}
	}
	root := t.TempDir()
	for rel, content := range quoting {
		writeFile(t, root, rel, content)
	}
	var files []emit.File
	for rel := range quoting {
		files = append(files, gen(rel, "generated\n"))
	}
	if _, err := Apply(root, files, opts("pkg")); err == nil {
		t.Fatal("Apply replaced hand-written files that quote the header")
	}
	if diff := cmp.Diff(quoting, snapshot(t, root)); diff != "" {
		t.Errorf("hand-written files changed (-want +got):\n%s", diff)
	}
	for _, f := range []string{"pkg/x.go", "a.ts", "a.md", "a.yaml", "a.json", ".contractgen/a.manifest"} {
		if !IsGenerated(f, gen(f, "").Bytes) {
			t.Errorf("IsGenerated(%s) = false for contractgen's own header", f)
		}
	}
}

// TestPathsStayInsideRoot: no path a run writes may leave the output root, however it was made.
func TestPathsStayInsideRoot(t *testing.T) {
	parent := t.TempDir()
	root := filepath.Join(parent, "out")
	writeFile(t, parent, "victim/keep.go", goHeader+"package victim\n")
	if err := os.Symlink(filepath.Join(parent, "victim"), filepath.Join(parent, "link")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, root, "placeholder", "x")
	if err := os.Symlink(filepath.Join(parent, "victim"), filepath.Join(root, "linked")); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"../victim/a.go", "a/../../victim/a.go", "/etc/x.go", "./a.go", "a//b.go", `a\..\..\b.go`,
		"linked/a.go", "pkg/.contractgen-tmp-x.go", ".contractgen/other.manifest", ".contractgen.lock"} {
		before := snapshot(t, parent)
		_, err := Apply(root, []emit.File{gen("pkg/ok.go", "package pkg\n"), gen(p, "package x\n")}, opts("pkg"))
		var pe *PathError
		if !errors.As(err, &pe) {
			t.Errorf("Apply with %q: error %v, want a PathError", p, err)
		}
		if diff := cmp.Diff(before, snapshot(t, parent)); diff != "" {
			t.Errorf("Apply with %q changed the disk (-before +after):\n%s", p, diff)
		}
	}
}

// TestTwoContractsShareAnOutputDirectory: each run owns its own contract's files only.
func TestTwoContractsShareAnOutputDirectory(t *testing.T) {
	root := t.TempDir()
	a := []emit.File{gen("a/types.go", "package a\n"), gen("docs/a-contract.md", "A\n"), gen("ts/a.ts", "A\n")}
	b := []emit.File{gen("b/types.go", "package b\n"), gen("docs/b-contract.md", "B\n"), gen("ts/b.ts", "B\n")}
	for i := 0; i < 2; i++ {
		if _, err := Apply(root, a, opts("a")); err != nil {
			t.Fatal(err)
		}
		if _, err := Apply(root, b, opts("b")); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name  string
		files []emit.File
	}{{"a", a}, {"b", b}} {
		s, err := Compare(root, c.files, opts(c.name))
		if err != nil || !s.Clean() {
			t.Errorf("contract %s: Compare = %+v, %v; want clean", c.name, s, err)
		}
	}
	// A path both would write is refused, not taken over.
	_, err := Apply(root, []emit.File{gen("docs/a-contract.md", "B's\n")}, opts("b"))
	var foreign *ForeignError
	if !errors.As(err, &foreign) || len(foreign.Conflicts) != 1 || foreign.Conflicts[0].Contract != "a" {
		t.Errorf("Apply over contract a's file: %v, want a conflict naming contract a", err)
	}
}

// TestCheckIgnoresTempFiles: the temporary files of a killed run (empty or full) are never
// "generated earlier", and the next run removes them.
func TestCheckIgnoresTempFiles(t *testing.T) {
	root := t.TempDir()
	files := []emit.File{gen("pkg/a.go", "package pkg\n")}
	if _, err := Apply(root, files, opts("pkg")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, root, "pkg/.contractgen-tmp-ABC", "")
	writeFile(t, root, "pkg/.contractgen-old-DEF", string(files[0].Bytes))
	writeFile(t, root, "pkg/.contractgen-123456", string(files[0].Bytes)) // an earlier version's temp file
	s, err := Compare(root, files, opts("pkg"))
	if err != nil || !s.Clean() {
		t.Errorf("Compare = %+v, %v; want clean", s, err)
	}
	if _, err := Apply(root, files, opts("pkg")); err != nil {
		t.Fatal(err)
	}
	if got := snapshot(t, root); len(got) != 2 {
		t.Errorf("after the next run, files = %v; want the file and the manifest only", got)
	}
}

// TestRefusedRunLeavesNoOutputDirectory: a run that writes nothing creates nothing either.
func TestRefusedRunLeavesNoOutputDirectory(t *testing.T) {
	parent := t.TempDir()
	root := filepath.Join(parent, "a", "b", "out")
	// Every staged write fails: the commit is rolled back and the run reports an error.
	files := []emit.File{gen("pkg/a.go", "package pkg\n")}
	if _, err := Apply(root, files, Options{Contract: "pkg", FS: &failWrites{FS: OS}}); err == nil {
		t.Fatal("Apply succeeded although every write failed")
	}
	if _, err := os.Stat(filepath.Join(parent, "a")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused run left the output directory's parents behind: %v", snapshot(t, parent))
	}
}

type failWrites struct{ FS }

func (f *failWrites) WriteNew(name string, data []byte) error {
	if strings.Contains(name, "pkg") {
		return errInjected
	}
	return f.FS.WriteNew(name, data)
}

// TestGoGenerateRetires: under go generate, a stale Go file that go generate may still read is
// replaced by its tombstone, which the manifest does not list, and a file go generate has read
// already is removed; a later run (or check) finds the tombstone by its exact content and removes
// it (or reports it stale). A hash-only change is reported as one.
func TestGoGenerateRetires(t *testing.T) {
	root := t.TempDir()
	v1 := []emit.File{gen("pkg/a.go", "package pkg\n"), gen("pkg/zz_old.go", "package pkg\n"), gen("pkg/a_old.go", "package pkg\n")}
	if _, err := Apply(root, v1, opts("pkg")); err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.Abs(filepath.Join(root, "pkg"))
	if err != nil {
		t.Fatal(err)
	}
	v2 := v1[:1]
	o := opts("pkg")
	o.GoGenerate = &GoGenerate{Dir: dir, File: "gen.go", Package: "pkg"}
	report, err := Apply(root, v2, o)
	if err != nil {
		t.Fatal(err)
	}
	want := &Report{Written: []string{".contractgen/pkg.manifest"}, Removed: []string{"pkg/a_old.go"}, Retired: []string{"pkg/zz_old.go"}}
	if !cmp.Equal(report, want) {
		t.Errorf("report = %+v; want %+v", report, want)
	}
	tree := snapshot(t, root)
	if got := tree["pkg/zz_old.go"]; got != string(tombstone("zz_old.go")) {
		t.Errorf("pkg/zz_old.go = %q; want its tombstone", got)
	}
	if strings.Contains(tree[".contractgen/pkg.manifest"], "old.go") {
		t.Errorf("the manifest lists a retired file:\n%s", tree[".contractgen/pkg.manifest"])
	}
	if state, err := Compare(root, v2, opts("pkg")); err != nil || !cmp.Equal(state.Stale, []string{"pkg/zz_old.go"}) {
		t.Errorf("Compare = %+v, %v; want the tombstone stale", state, err)
	}
	if report, err := Apply(root, v2, opts("pkg")); err != nil || !cmp.Equal(report.Removed, []string{"pkg/zz_old.go"}) {
		t.Errorf("Apply = %+v, %v; want the tombstone removed", report, err)
	}
	v3 := []emit.File{gen("pkg/a.go", "// hash 0123abcd\npackage pkg\n"), gen("pkg/b.go", "// hash 0123abcd\npackage pkg\n")}
	v3[0].Hash, v3[1].Hash = "0123abcd", "0123abcd"
	if _, err := Apply(root, v3, opts("pkg")); err != nil {
		t.Fatal(err)
	}
	v4 := []emit.File{gen("pkg/a.go", "// hash 4567cdef\npackage pkg\n"), gen("pkg/b.go", "// hash 4567cdef\npackage pkg // changed\n")}
	v4[0].Hash, v4[1].Hash = "4567cdef", "4567cdef"
	state, err := Compare(root, v4, opts("pkg"))
	if err != nil || len(state.Changed) != 2 || !state.Changed[0].HashOnly || state.Changed[1].HashOnly {
		t.Errorf("Compare = %+v, %v; want a.go changed in its hash only, b.go in more", state, err)
	}
}
