package cli_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/cli"
)

// quotaSchema is a small contract of our own, so that the tests do not depend on the bundled one.
const quotaSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "Quota error",
  "description": "A request went over its quota.",
  "type": "object",
  "properties": {
    "limit": {"description": "The quota that was exceeded.", "type": "integer"},
    "message": {"description": "What happened, in words.", "type": "string"}
  },
  "required": ["limit", "message"]
}`

// driftReport mirrors check --format json, decoded strictly so that a renamed field fails.
type driftReport struct {
	Clean    bool           `json:"clean"`
	Modified []modifiedFile `json:"modified"`
	Missing  []string       `json:"missing"`
	Stale    []string       `json:"stale"`
	Foreign  []string       `json:"foreign"`
}

type modifiedFile struct {
	Path     string `json:"path"`
	HashOnly bool   `json:"hash_only"`
	Diff     string `json:"diff"`
}

// runCLI runs the command line in-process and returns the exit status and both streams.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := cli.Run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// quotaArgs are the generator flags the check tests share.
func quotaArgs(dir string) []string {
	return []string{"--schema", filepath.Join(dir, "schema.json"), "--out", filepath.Join(dir, "gen"),
		"--package", "quota", "--targets", "go"}
}

// checkJSON runs check --format json and decodes its report.
func checkJSON(t *testing.T, dir string) (int, driftReport) {
	t.Helper()
	code, stdout, stderr := runCLI(t, append([]string{"check", "--format", "json"}, quotaArgs(dir)...)...)
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.DisallowUnknownFields()
	var r driftReport
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("check --format json printed no report (%v); stdout:\n%s\nstderr:\n%s", err, stdout, stderr)
	}
	return code, r
}

func writeFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCheckJSONReportsEveryDriftCase puts one file of each kind of drift on disk at once and
// requires the JSON report to list each under its own key, with the exit status of drift.
func TestCheckJSONReportsEveryDriftCase(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "schema.json"), quotaSchema)
	if code, _, stderr := runCLI(t, append([]string{"generate", "--quiet"}, quotaArgs(dir)...)...); code != 0 {
		t.Fatalf("generate exited %d: %s", code, stderr)
	}
	code, clean := checkJSON(t, dir)
	if code != cli.ExitOK || !clean.Clean || len(clean.Modified)+len(clean.Missing)+len(clean.Stale)+len(clean.Foreign) != 0 {
		t.Fatalf("right after generate: exit %d, report %+v; want exit 0 and a clean report", code, clean)
	}

	pkg := filepath.Join(dir, "gen", "quota")
	types, err := os.ReadFile(filepath.Join(pkg, "types.go"))
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(types), "the quota that was exceeded.", "the limit we hit.", 1)
	if edited == string(types) {
		t.Fatal("types.go does not carry the limit's description; the test cannot edit it")
	}
	writeFile(t, filepath.Join(pkg, "types.go"), edited)              // modified
	if err := os.Remove(filepath.Join(pkg, "codec.go")); err != nil { // missing
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(pkg, "retired.go"), string(types)) // stale: header, listed in the manifest, not produced
	manifest := filepath.Join(dir, "gen", ".contractgen", "quota.manifest")
	listed, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, manifest, string(listed)+"quota/retired.go\n")
	writeFile(t, filepath.Join(pkg, "validation.go"), "package quota\n\n// Hand-written.\n") // foreign
	writeFile(t, filepath.Join(pkg, "helpers.go"), "package quota\n")                        // ours, ignored

	code, r := checkJSON(t, dir)
	if code != cli.ExitFail {
		t.Errorf("exit status %d with drift, want %d", code, cli.ExitFail)
	}
	if r.Clean {
		t.Error(`"clean" is true with four kinds of drift on disk`)
	}
	wantOne := func(kind string, got []string, want string) {
		t.Helper()
		if !slices.Equal(got, []string{filepath.Join(pkg, want)}) {
			t.Errorf("%s = %q, want only %s", kind, got, filepath.Join(pkg, want))
		}
	}
	wantOne("missing", r.Missing, "codec.go")
	wantOne("stale", r.Stale, "retired.go")
	wantOne("foreign", r.Foreign, "validation.go")
	// The manifest, edited above to list retired.go, is modified too.
	r.Modified = slices.DeleteFunc(r.Modified, func(c modifiedFile) bool { return c.Path == manifest })
	if len(r.Modified) != 1 || r.Modified[0].Path != filepath.Join(pkg, "types.go") {
		t.Fatalf("modified = %+v, want only types.go", r.Modified)
	}
	if r.Modified[0].HashOnly {
		t.Error("types.go has an edited comment, yet hash_only is true")
	}
	diff := r.Modified[0].Diff
	for _, line := range []string{"-\t// Limit is the limit we hit.", "+\t// Limit is the quota that was exceeded."} {
		if !slices.Contains(strings.Split(diff, "\n"), line) {
			t.Errorf("the diff lacks the line %q:\n%s", line, diff)
		}
	}
}

// TestCheckTextIsCleanAfterGenerate pins the one-line success message CI logs show.
func TestCheckTextIsCleanAfterGenerate(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "schema.json"), quotaSchema)
	if code, _, stderr := runCLI(t, append([]string{"generate", "--quiet"}, quotaArgs(dir)...)...); code != 0 {
		t.Fatalf("generate exited %d: %s", code, stderr)
	}
	n := len(readTree(t, filepath.Join(dir, "gen")))
	code, stdout, stderr := runCLI(t, append([]string{"check"}, quotaArgs(dir)...)...)
	want := fmt.Sprintf("ok: %d generated files match %s\n", n, filepath.Join(dir, "gen"))
	if code != cli.ExitOK || stdout != want || stderr != "" {
		t.Errorf("check = exit %d, stdout %q, stderr %q; want exit 0, stdout %q and no stderr", code, stdout, stderr, want)
	}
}
