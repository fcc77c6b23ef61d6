package interop

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "regenerate clients/ instead of comparing it")

// redocly is the pinned @redocly/cli that npm ci installs from package-lock.json.
var redocly = filepath.Join("node_modules", ".bin", "redocly")

// generateClients writes every client of clients/ into dir, exactly as docs/openapi.md's recipes
// do, with the generators pinned as tools in go.mod and redocly pinned in package-lock.json.
func generateClients(t *testing.T, dir string) {
	t.Helper()
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	bundles := t.TempDir()
	for _, v := range []struct{ name, fragment string }{{"30", "3.0"}, {"31", "3.1"}} {
		api := filepath.Join(root, "api", "openapi-"+v.fragment+".yaml")
		oapi := filepath.Join(dir, "oapi"+v.name)
		// oapi-codegen, import-mapping recipe: the fragment's package, then the API mapped onto it.
		// The mapping's key is the $ref's file part as written, so the API is generated from api/.
		run(t, root, "go", "tool", "oapi-codegen", "-config", "config/oapi-codegen-fragment.yaml",
			"-o", filepath.Join(oapi, "agenterrorapi", "agenterrorapi.gen.go"),
			filepath.Join(root, "..", "..", "generated", "openapi", fragmentFile(v.fragment)))
		run(t, filepath.Join(root, "api"), "go", "tool", "oapi-codegen",
			"-config", filepath.Join(root, "config", "oapi-codegen-api-"+v.fragment+".yaml"),
			"-o", filepath.Join(oapi, "api", "api.gen.go"), filepath.Base(api))
		// oapi-codegen, bundle recipe: redocly inlines the fragment, oapi-codegen reads one file.
		bundle := filepath.Join(bundles, "openapi-"+v.fragment+".yaml")
		run(t, root, redocly, "bundle", api, "-o", bundle)
		run(t, root, "go", "tool", "oapi-codegen", "-config", "config/oapi-codegen-bundle.yaml",
			"-o", filepath.Join(dir, "oapibundle"+v.name, "api.gen.go"), bundle)
		// ogen, straight from the API document.
		run(t, root, "go", "tool", "ogen", "-config", "config/ogen.yml", "-clean",
			"-target", filepath.Join(dir, "ogen"+v.name), "-package", "ogen"+v.name, api)
	}
}

func fragmentFile(version string) string {
	if version == "3.0" {
		return "agent-error.openapi-3.0.yaml"
	}
	return "agent-error.openapi.yaml"
}

// run runs a command in dir and fails the test with its output when it fails.
func run(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %v in %s: %v\n%s", name, args, dir, err, out)
	}
}

// TestClientsUpToDate regenerates every client into a temporary directory and compares it with
// clients/: the committed clients are what the pinned tools make of the current fragments. With
// -update it rewrites clients/ instead. It needs redocly: run npm ci first (make
// test-openapi-interop does).
func TestClientsUpToDate(t *testing.T) {
	if _, err := os.Stat(redocly); err != nil {
		t.Fatalf("%s is missing: run npm ci in tests/openapi-interop (make test-openapi-interop does)", redocly)
	}
	if *update {
		if err := os.RemoveAll("clients"); err != nil {
			t.Fatal(err)
		}
		abs, _ := filepath.Abs("clients")
		generateClients(t, abs)
		return
	}
	dir := t.TempDir()
	generateClients(t, dir)
	want := readTree(t, dir)
	got := readTree(t, "clients")
	for name, data := range want {
		if old, ok := got[name]; !ok {
			t.Errorf("clients/%s is missing; run go test -run TestClientsUpToDate -update", name)
		} else if !bytes.Equal(old, data) {
			t.Errorf("clients/%s is out of date; run go test -run TestClientsUpToDate -update", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("clients/%s is not generated any more; run go test -run TestClientsUpToDate -update", name)
		}
	}
}

// readTree reads every file under dir, by slash-separated relative path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		out[filepath.ToSlash(rel)] = data
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
