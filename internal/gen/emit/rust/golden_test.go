package rust

import (
	"encoding/json"
	"fmt"
	"github.com/contractgen/contractgen/internal/gen/profile"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
)

const goldenCases = repoRoot + "/testdata/golden"

// goldenCase emits the crate of one of the generator's golden cases (testdata/golden/NAME).
func goldenCase(t *testing.T, name string) ([]emit.File, error) {
	t.Helper()
	return Emit(goldenPackage(t, name))
}

// goldenPackage builds the IR of a golden case, with the case's options.json for the inputs,
// package and root type.
func goldenPackage(t *testing.T, name string) *ir.Package {
	t.Helper()
	dir := filepath.Join(goldenCases, name)
	opts := struct {
		Package  string   `json:"package"`
		RootType string   `json:"root_type"`
		Schemas  []string `json:"schemas"`
	}{Package: "golden"}
	if data, err := os.ReadFile(filepath.Join(dir, "options.json")); err == nil {
		if err := json.Unmarshal(data, &opts); err != nil {
			t.Fatal(err)
		}
	}
	if len(opts.Schemas) == 0 {
		matches, _ := filepath.Glob(filepath.Join(dir, "*.schema.json"))
		sort.Strings(matches)
		for _, m := range matches {
			opts.Schemas = append(opts.Schemas, filepath.Base(m))
		}
	}
	var paths []string
	for _, s := range opts.Schemas {
		paths = append(paths, filepath.Join(dir, s))
	}
	set, err := load.Files(paths)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	pkg, err := build.Build(set, build.Options{Package: opts.Package, RootType: opts.RootType, Profiles: []profile.Profile{errorcontract.Profile{}}})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return pkg
}

// goldenNames are the golden cases that generate (the fail- and lint- cases stop earlier).
func goldenNames(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(goldenCases)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), "fail-") && !strings.HasPrefix(e.Name(), "lint-") {
			names = append(names, e.Name())
		}
	}
	return names
}

// TestGoldenCrates compares each golden case's crate (or the target's refusal) with
// testdata/NAME.golden; -update rewrites them.
func TestGoldenCrates(t *testing.T) {
	refused, emitted := 0, 0
	for _, name := range goldenNames(t) {
		files, err := goldenCase(t, name)
		var got string
		if err != nil {
			if !strings.Contains(err.Error(), "the Rust target cannot follow") {
				t.Errorf("%s: %v, not the standard refusal", name, err)
			}
			got = "error: " + err.Error() + "\n"
			refused++
		} else {
			var b strings.Builder
			for _, f := range files {
				fmt.Fprintf(&b, "==> %s <==\n%s", f.Path, f.Bytes)
			}
			got = b.String()
			emitted++
		}
		path := filepath.Join("testdata", name+".golden")
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%v (run go test -update to create it)", err)
			continue
		}
		if string(want) != got {
			t.Errorf("%s: the crate differs from %s; run go test ./internal/gen/emit/rust -update and read the diff", name, path)
		}
	}
	if refused == 0 || emitted < 20 {
		t.Errorf("%d cases emitted and %d refused; both must be represented", emitted, refused)
	}
}

// TestGoldenCratesBuild builds every golden crate with cargo clippy -D warnings: the generated
// Rust of every shape (sum types, recursion, nullable members, maps) compiles with no warning.
// It needs cargo and Debian's serde crates; without them it skips, except under CI=true.
func TestGoldenCratesBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds crates with cargo")
	}
	cargo, err := exec.LookPath("cargo")
	_, crates := os.Stat("/usr/share/cargo/registry")
	if err != nil || crates != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("cargo or Debian's crates are missing (%v, %v)", err, crates)
		}
		t.Skipf("cargo or Debian's crates are missing (%v, %v)", err, crates)
	}
	root := t.TempDir()
	runtime, err := filepath.Abs(repoRoot + "/rsruntime")
	if err != nil {
		t.Fatal(err)
	}
	var members []string
	for _, name := range goldenNames(t) {
		files, err := goldenCase(t, name)
		if err != nil {
			continue
		}
		dir := filepath.Join(root, name)
		for _, f := range files {
			// The crate's directory is named after the case's package.
			crate, path, _ := strings.Cut(f.Path, "/")
			p := filepath.Join(dir, filepath.FromSlash(path))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			data := f.Bytes
			if path == "Cargo.toml" {
				// Each case is its own package in the workspace.
				data = []byte(strings.Replace(string(data), fmt.Sprintf("name = %q", crate), fmt.Sprintf("name = %q", "golden-"+name), 1))
			}
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		members = append(members, fmt.Sprintf("%q", name))
	}
	manifest := fmt.Sprintf("[workspace]\nresolver = \"2\"\nmembers = [%s]\n\n[patch.crates-io]\ncontractgen-runtime = { path = %q }\n",
		strings.Join(members, ", "), runtime)
	if err := os.WriteFile(filepath.Join(root, "Cargo.toml"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	// The repository's own source replacement: Debian's packaged crates, offline.
	config, err := os.ReadFile(repoRoot + "/.cargo/config.toml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, ".cargo"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".cargo", "config.toml"), config, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(cargo, "clippy", "--offline", "--workspace", "--all-targets", "--", "-D", "warnings")
	cmd.Dir = root
	if os.Getenv("CARGO_TARGET_DIR") == "" {
		// The repository's target directory (ignored by git): the crates the Rust suite builds
		// are built once for both.
		target, err := filepath.Abs(repoRoot + "/target")
		if err != nil {
			t.Fatal(err)
		}
		cmd.Env = append(os.Environ(), "CARGO_TARGET_DIR="+target)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("cargo clippy: %v\n%s", err, out)
	}
}
