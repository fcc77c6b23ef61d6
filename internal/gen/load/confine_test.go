package load

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

const secret = "TOP-SECRET-CONTENT"

func schemaRef(ref string) string {
	return `{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
  "properties": {"x": {"$ref": "` + ref + `"}}}`
}

// filesWithin runs Load with a reference root, failing the test instead of hanging on a FIFO.
func filesWithin(t *testing.T, refRoot string, paths ...string) (*Set, error) {
	t.Helper()
	type result struct {
		set *Set
		err error
	}
	done := make(chan result, 1)
	go func() { s, err := Load(paths, Options{RefRoot: refRoot}); done <- result{s, err} }()
	select {
	case r := <-done:
		return r.set, r.err
	case <-time.After(10 * time.Second):
		t.Fatal("loading hung (a FIFO or device was opened)")
		return nil, nil
	}
}

// TestRefsAreConfinedToTheRoot: a $ref reads only regular files under the reference root, and a
// refused file's content appears in no message. (Before: "../secret/conf.json", absolute paths
// and links were read, and a FIFO or /dev/stdin hung the run.)
func TestRefsAreConfinedToTheRoot(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "schemas")
	write := func(rel, content string) string {
		p := filepath.Join(base, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	foreign := `{"$schema": "https://json-schema.org/draft/2020-12/schema", "description": "` + secret + `", "type": "string"`
	secretFile := write("secretdir/conf.json", foreign+"}")
	write("secretdir/bad.json", foreign) // invalid JSON: a parse error would quote it
	write("schemas/sub/ok.json", `{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "string"}`)
	if err := os.Symlink(secretFile, filepath.Join(dir, "link.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(base, "secretdir"), filepath.Join(dir, "linkdir")); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	refused := map[string]string{
		"../secretdir/conf.json":             "outside the reference root",
		"../secretdir/bad.json":              "outside the reference root",
		"../../../../../../../../etc/passwd": "outside the reference root",
		secretFile:                           "outside the reference root",
		"file://" + secretFile:               "outside the reference root", // a file: URI names a local file
		"link.json":                          "outside the reference root",
		"linkdir/conf.json":                  "outside the reference root",
		"sub/../../secretdir/conf.json":      "outside the reference root",
		"fifo.json":                          "not a regular file (a FIFO)",
		"/dev/stdin":                         "outside the reference root",
		"sub":                                "not a regular file (a directory)",
	}
	for ref, want := range refused {
		root := write("schemas/root.schema.json", schemaRef(ref+"#"))
		_, err := filesWithin(t, "", root)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("$ref %q: error %v, want one saying %q", ref, err, want)
			continue
		}
		if strings.Contains(err.Error(), secret) {
			t.Errorf("$ref %q: the error echoes the foreign file: %v", ref, err)
		}
	}
	// A reference root names where references may read: the devices are still refused.
	root := write("schemas/root.schema.json", schemaRef("/dev/stdin#"))
	if _, err := filesWithin(t, "/", root); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("$ref /dev/stdin under --ref-root /: %v, want a refusal", err)
	}
	// Inside the root, and with a wider --ref-root, references load.
	root = write("schemas/root.schema.json", schemaRef("sub/ok.json#"))
	if _, err := filesWithin(t, "", root); err != nil {
		t.Errorf("a reference under the root: %v", err)
	}
	root = write("schemas/root.schema.json", schemaRef("../secretdir/conf.json#"))
	if _, err := filesWithin(t, base, root); err != nil {
		t.Errorf("a reference under --ref-root: %v", err)
	}
	// A root schema named on the command line must be a regular file too.
	if _, err := filesWithin(t, "", fifo); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a FIFO as the root schema: %v, want a refusal", err)
	}
}

// TestAbsoluteRefIsNotJoinedOntoTheSchemaDirectory: "/x/y.json" names /x/y.json, and a message
// says so, not "<schema dir>/x/y.json".
func TestAbsoluteRefIsNotJoinedOntoTheSchemaDirectory(t *testing.T) {
	dir := t.TempDir()
	other := t.TempDir()
	target := filepath.Join(other, "common.json")
	if err := os.WriteFile(target, []byte(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "string"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(dir, "root.schema.json")
	if err := os.WriteFile(root, []byte(schemaRef(target+"#")), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := filesWithin(t, filepath.Dir(other), root)
	if err != nil {
		t.Fatal(err)
	}
	if set.ByAbs[target] == nil {
		var got []string
		for abs := range set.ByAbs {
			got = append(got, abs)
		}
		t.Errorf("loaded %v, want %s", got, target)
	}
}

// TestRefMapDirectoriesMayBeRead: a --ref-map directory is an explicit grant, so the files under
// it are read although it lies outside the schemas' directory; a link out of it is still refused.
func TestRefMapDirectoriesMayBeRead(t *testing.T) {
	base := t.TempDir()
	mapped := filepath.Join(base, "mapped")
	for name, content := range map[string]string{
		"schemas/root.schema.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
  "properties": {"a": {"$ref": "https://example.com/s/a.json"}, "b": {"$ref": "https://example.com/s/b.json"}}}`,
		"mapped/a.json":    `{"type": "string"}`,
		"secret/conf.json": `{"description": "` + secret + `"}`,
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(base, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(base, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(base, "secret", "conf.json"), filepath.Join(mapped, "b.json")); err != nil {
		t.Fatal(err)
	}
	_, err := Load([]string{filepath.Join(base, "schemas", "root.schema.json")},
		Options{RefMap: []RefMap{{Prefix: "https://example.com/s/", Dir: mapped}}})
	if err == nil {
		t.Fatal("a link out of the mapped directory was followed")
	}
	msg := err.Error()
	if strings.Contains(msg, "s/a.json") || !strings.Contains(msg, "s/b.json") || !strings.Contains(msg, "outside the reference root") {
		t.Errorf("want only b.json refused as outside the reference root, got:\n%s", msg)
	}
	if strings.Contains(msg, secret) {
		t.Errorf("the refused file's content reached a message:\n%s", msg)
	}
}
