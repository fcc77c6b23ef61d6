package run_test

import (
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/run"

	"github.com/contractgen/contractgen/internal/testmod"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/golden with the current output")

// goldenDir holds one directory per case: input schemas (*.json other than options.json), an
// optional options.json, and either want/ (the expected files) or error.txt (the expected error);
// a case that generates with warnings has them in warnings.txt.
const goldenDir = "../../../testdata/golden"

// caseOptions is the optional options.json of a case.
type caseOptions struct {
	Package  string   `json:"package"`
	RootType string   `json:"root_type"`
	Targets  []string `json:"targets"`
	// Schemas lists the inputs in order; default: every *.schema.json in the case, sorted.
	Schemas []string `json:"schemas"`
	// Strict is --strict; RefMap and RefRoot are --ref-map and --ref-root (relative to the case).
	Strict  bool     `json:"strict"`
	RefMap  []string `json:"ref_map"`
	RefRoot string   `json:"ref_root"`
	// GoFormats is --go-formats; GoTypes is the config's go_types (format and $ref mappings).
	GoFormats string `json:"go_formats"`
	GoTypes   struct {
		Formats map[string]goType `json:"formats"`
		Refs    map[string]goType `json:"refs"`
	} `json:"go_types"`
	// Tags is --tags.
	Tags []string `json:"tags"`
}

// goType is one go_types entry.
type goType struct {
	Type   string `json:"type"`
	Import string `json:"import"`
}

// goTypeMap turns a case's go_types into the builder's mapping.
func goTypeMap(t *testing.T, m map[string]goType) map[string]ir.CustomType {
	t.Helper()
	if m == nil {
		return nil
	}
	out := map[string]ir.CustomType{}
	for k, v := range m {
		c, err := build.ParseGoType(v.Type, v.Import)
		if err != nil {
			t.Fatalf("options.json: go_types %q: %v", k, err)
		}
		out[k] = c
	}
	return out
}

func readCase(t *testing.T, dir string) run.Options {
	t.Helper()
	opts := caseOptions{Package: "golden", Targets: []string{"go"}}
	if data, err := os.ReadFile(filepath.Join(dir, "options.json")); err == nil {
		if err := json.Unmarshal(data, &opts); err != nil {
			t.Fatalf("options.json: %v", err)
		}
	}
	if len(opts.Schemas) == 0 {
		matches, _ := filepath.Glob(filepath.Join(dir, "*.schema.json"))
		sort.Strings(matches)
		for _, m := range matches {
			opts.Schemas = append(opts.Schemas, filepath.Base(m))
		}
	}
	if len(opts.Schemas) == 0 {
		t.Fatalf("case %s has no *.schema.json input", dir)
	}
	lopts, err := run.LoadOptions("", opts.RefMap, opts.RefRoot)
	if err != nil {
		t.Fatalf("options.json: %v", err)
	}
	return run.Options{Schemas: opts.Schemas, Package: opts.Package, RootType: opts.RootType, Targets: opts.Targets, GoDir: ".",
		Strict: opts.Strict, Load: lopts, TypedFormats: opts.GoFormats == "typed",
		GoTypes: build.GoTypeMap{Formats: goTypeMap(t, opts.GoTypes.Formats), Refs: goTypeMap(t, opts.GoTypes.Refs)},
		Tags:    opts.Tags}
}

// TestGolden runs every case and compares the output with the expected files or error text.
// Run with -update to accept new output; a missing golden file is a failure, never created silently.
func TestGolden(t *testing.T) {
	cases, err := os.ReadDir(goldenDir)
	if err != nil {
		t.Fatal(err)
	}
	var compiled []string
	for _, c := range cases {
		if !c.IsDir() {
			continue
		}
		dir, err := filepath.Abs(filepath.Join(goldenDir, c.Name()))
		if err != nil {
			t.Fatal(err)
		}
		t.Run(c.Name(), func(t *testing.T) {
			opts := readCase(t, dir)
			t.Chdir(dir) // paths in messages are relative to the case, as a user would see them
			res, err := run.Run(opts)
			if err != nil {
				compareError(t, dir, err)
				return
			}
			if _, statErr := os.Stat(filepath.Join(dir, "error.txt")); statErr == nil {
				t.Fatalf("expected an error (error.txt exists) but generation succeeded")
			}
			requireGofmt(t, res)
			compareWarnings(t, dir, res)
			compareFiles(t, filepath.Join(dir, "want"), res)
			compiled = append(compiled, dir)
		})
	}
	t.Run("compile", func(t *testing.T) { vetGolden(t, compiled) })
}

func compareError(t *testing.T, dir string, err error) {
	t.Helper()
	path := filepath.Join(dir, "error.txt")
	got := err.Error() + "\n"
	if *update {
		if writeErr := os.WriteFile(path, []byte(got), 0o644); writeErr != nil {
			t.Fatal(writeErr)
		}
		return
	}
	want, readErr := os.ReadFile(path)
	if readErr != nil {
		t.Fatalf("generation failed and there is no error.txt to compare with (run with -update to accept):\n%s", got)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("error text differs (-want +got); run go test ./internal/gen/run -run TestGolden -update to accept:\n%s", diff)
	}
}

// compareWarnings compares a run's warnings with the case's warnings.txt; a case without that file
// must have none.
func compareWarnings(t *testing.T, dir string, res *run.Result) {
	t.Helper()
	path := filepath.Join(dir, "warnings.txt")
	got := ""
	if len(res.Warnings) > 0 {
		got = res.Warnings.Error() + "\n"
	}
	if *update {
		if got == "" {
			if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			return
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("warnings differ from warnings.txt (-want +got); run go test ./internal/gen/run -run TestGolden -update to accept:\n%s", diff)
	}
}

// requireGofmt fails unless every Go file of res is exactly what go/format makes of it: the large
// files are written as text without go/format, so this is what keeps them honest.
func requireGofmt(t *testing.T, res *run.Result) {
	t.Helper()
	for _, f := range res.Files {
		if strings.HasSuffix(f.Path, ".go") {
			if err := gosrc.FormatError(f.Path, f.Bytes); err != nil {
				t.Error(err)
			}
		}
	}
}

func compareFiles(t *testing.T, wantDir string, res *run.Result) {
	t.Helper()
	got := map[string]string{}
	for _, f := range res.Files {
		got[f.Path] = string(f.Bytes)
	}
	if *update {
		if err := os.RemoveAll(wantDir); err != nil {
			t.Fatal(err)
		}
		for p, content := range got {
			full := filepath.Join(wantDir, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				t.Fatal(err)
			}
			// Golden Go files get a .golden suffix so the module's build and vet skip them.
			if err := os.WriteFile(full+".golden", []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	want := map[string]string{}
	err := filepath.WalkDir(wantDir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(wantDir, p)
		data, err := os.ReadFile(p)
		want[filepath.ToSlash(strings.TrimSuffix(rel, ".golden"))] = string(data)
		return err
	})
	if err != nil {
		t.Fatalf("reading golden files: %v (run with -update to create them)", err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("generated files differ from %s (-want +got); run go test ./internal/gen/run -run TestGolden -update to accept:\n%s", wantDir, diff)
	}
}

// vetGolden copies the Go output of every passing case into one throwaway module, with any
// hand-written *_test.go files of the case, and runs go vet and go test on it: what is committed as
// golden must compile, and behave as those tests say.
func vetGolden(t *testing.T, dirs []string) {
	if testing.Short() {
		t.Skip("compiling golden output needs the go command; skipped in -short mode")
	}
	if len(dirs) == 0 {
		t.Skip("no golden case generated code in this run (filtered by -run)")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	mod := t.TempDir()
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte(testmod.GoMod(t, "goldencheck")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		pkgDir := filepath.Join(mod, filepath.Base(dir))
		// The generated files, and the hand-written tests beside a case's inputs.
		generated, _ := filepath.Glob(filepath.Join(dir, "want", "*.go.golden"))
		tests, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
		for _, src := range append(generated, tests...) {
			copyFile(t, src, filepath.Join(pkgDir, strings.TrimSuffix(filepath.Base(src), ".golden")))
		}
	}
	for _, args := range [][]string{{"vet", "./..."}, {"test", "./..."}} {
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s on golden output failed: %v\n%s", args[0], err, out)
		}
	}
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
