package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/cli"
)

// badSchema has one error a user makes: a keyword with a value of the wrong type.
const badSchema = `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Quota error", "type": "object",
 "properties": {"limit": {"type": "integer", "minimum": "zero"}}}`

// wantRun runs the command line and checks its exit status and that each stream contains the given
// texts, reporting everything it printed on a mismatch.
func wantRun(t *testing.T, args []string, code int, stdoutHas, stderrHas []string) (string, string) {
	t.Helper()
	got, stdout, stderr := runCLI(t, args...)
	if got != code {
		t.Errorf("contractgen %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), got, code, stdout, stderr)
	}
	for _, s := range stdoutHas {
		if !strings.Contains(stdout, s) {
			t.Errorf("contractgen %s: stdout lacks %q:\n%s", strings.Join(args, " "), s, stdout)
		}
	}
	for _, s := range stderrHas {
		if !strings.Contains(stderr, s) {
			t.Errorf("contractgen %s: stderr lacks %q:\n%s", strings.Join(args, " "), s, stderr)
		}
	}
	return stdout, stderr
}

// TestMissingDefaultSchemaSaysItIsTheDefault runs every command that falls back to the bundled
// contract in a directory without it: the error must say the path was the default and name what
// sets the schema, and the status is that of a usage error.
func TestMissingDefaultSchemaSaysItIsTheDefault(t *testing.T) {
	t.Chdir(t.TempDir())
	writeFile(t, "old.json", quotaSchema)
	writeFile(t, "instance.json", `{}`)
	def := "the default " + cli.DefaultSchema
	for _, c := range []struct {
		args []string
		how  string
	}{
		{[]string{"generate"}, "--schema"},
		{[]string{"check"}, "--schema"},
		{[]string{"validate", "instance.json"}, "--schema"},
		{[]string{"compat", "--against", "old.json"}, "the schema argument"},
	} {
		wantRun(t, c.args, cli.ExitError, nil, []string{def, "name your schema with " + c.how})
	}
	if entries, _ := os.ReadDir("."); len(entries) != 2 {
		t.Errorf("the failed commands left files behind: %v", entries)
	}
}

// TestUnknownFlagSuggestsTheNearest: a typo names the flag meant, with the usage status.
func TestUnknownFlagSuggestsTheNearest(t *testing.T) {
	wantRun(t, []string{"generate", "--schem", "x.json"}, cli.ExitError, nil,
		[]string{"unknown flag: --schem (did you mean --schema?)", "contractgen generate --help"})
	wantRun(t, []string{"check", "--fromat", "json"}, cli.ExitError, nil, []string{"(did you mean --format?)"})
	wantRun(t, []string{"compat", "--agianst", "x.json"}, cli.ExitError, nil, []string{"(did you mean --against?)"})
	_, stderr := wantRun(t, []string{"generate", "--zzzzzz"}, cli.ExitError, nil, []string{"unknown flag: --zzzzzz"})
	if strings.Contains(stderr, "did you mean") {
		t.Errorf("a flag like no other got a suggestion: %s", stderr)
	}
}

// TestVersionFlag: --version on the root prints what the version command prints.
func TestVersionFlag(t *testing.T) {
	_, want, _ := runCLI(t, "version")
	stdout, _ := wantRun(t, []string{"--version"}, cli.ExitOK, []string{"contractgen "}, nil)
	if stdout != want {
		t.Errorf("--version printed %q, the version command %q", stdout, want)
	}
}

// TestOutThatIsAFile is refused before anything is written, for the root and for a package
// directory under it.
func TestOutThatIsAFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "schema.json"), quotaSchema)
	writeFile(t, filepath.Join(dir, "outfile"), "not a directory\n")
	base := []string{"--schema", filepath.Join(dir, "schema.json"), "--package", "quota"}
	for _, cmd := range []string{"generate", "check"} {
		wantRun(t, append([]string{cmd, "--out", filepath.Join(dir, "outfile")}, base...), cli.ExitError, nil,
			[]string{"--out " + filepath.Join(dir, "outfile") + " is a file, not a directory"})
	}
	// The root is fine but the Go package's directory is a file: no docs or openapi files either.
	if err := os.MkdirAll(filepath.Join(dir, "gen"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "gen", "quota"), "in the way\n")
	wantRun(t, append([]string{"generate", "--out", filepath.Join(dir, "gen")}, base...), cli.ExitError, nil,
		[]string{filepath.Join(dir, "gen", "quota") + " is a file"})
	if entries, _ := os.ReadDir(filepath.Join(dir, "gen")); len(entries) != 1 {
		t.Errorf("generate wrote %d entries before refusing, want none besides the file in the way", len(entries)-1)
	}
}

// TestUnknownConfigKeyNamesTheNearest: the config's keys are schemas, out, ...; "schema" is a typo.
func TestUnknownConfigKeyNamesTheNearest(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "config.json"), `{"schema": ["schema.json"]}`)
	wantRun(t, []string{"generate", "--config", filepath.Join(dir, "config.json")}, cli.ExitError, nil,
		[]string{`unknown key "schema" (did you mean "schemas"?); the keys are schemas, out, go_dir, package, root_type, targets`})
}

// TestExitStatusScheme pins one scheme for every command: 0 success, 1 problems in the input,
// 2 a usage error or a command that cannot run; and every command's help states it.
func TestExitStatusScheme(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "schema.json"), filepath.Join(dir, "bad.json")
	writeFile(t, good, quotaSchema)
	writeFile(t, bad, badSchema)
	writeFile(t, filepath.Join(dir, "valid.json"), `{"limit": 1, "message": "over"}`)
	writeFile(t, filepath.Join(dir, "invalid.json"), `{"limit": "one"}`)
	out := filepath.Join(dir, "gen")
	gen := func(cmd, schema string, extra ...string) []string {
		return append([]string{cmd, "--schema", schema, "--out", out, "--package", "quota", "--targets", "go"}, extra...)
	}
	cases := []struct {
		args []string
		code int
	}{
		{gen("generate", good), cli.ExitOK},
		{gen("check", good), cli.ExitOK},
		{[]string{"validate", "--schema", good, filepath.Join(dir, "valid.json")}, cli.ExitOK},
		{[]string{"compat", "--against", good, good}, cli.ExitOK},

		{gen("generate", bad), cli.ExitFail},
		{gen("check", bad), cli.ExitFail},
		{[]string{"validate", "--schema", bad, filepath.Join(dir, "valid.json")}, cli.ExitFail},
		{[]string{"validate", "--schema", good, filepath.Join(dir, "invalid.json")}, cli.ExitFail},
		{[]string{"compat", "--against", filepath.Join(dir, "invalid.json"), filepath.Join(dir, "valid.json")}, cli.ExitOK},
		{[]string{"validate", "--schema", good, filepath.Join(dir, "nosuch.json")}, cli.ExitFail},
		{gen("check", filepath.Join(dir, "nosuch.json")), cli.ExitFail},
		{[]string{"compat", "--against", filepath.Join(dir, "nosuch.json"), good}, cli.ExitFail},

		{gen("generate", good, "--targets", "nosuch"), cli.ExitError},
		{gen("check", good, "--format", "yaml"), cli.ExitError},
		{[]string{"validate", "--schema", good}, cli.ExitError},

		{[]string{"compat", good}, cli.ExitError},
		{[]string{"generate", "extra-argument"}, cli.ExitError},
		{[]string{"nosuch-command"}, cli.ExitError},
	}
	for _, c := range cases {
		wantRun(t, c.args, c.code, nil, nil)
	}
	for _, cmd := range []string{"", "generate", "check", "compat", "validate"} {
		stdout, _ := wantRun(t, strings.Fields(cmd+" --help"), cli.ExitOK, []string{"\nExit status:\n  0  ", "\n  1  ", "\n  2  "}, nil)
		if t.Failed() {
			t.Logf("help of %q:\n%s", cmd, stdout)
		}
	}
}

// TestRootWithoutArgumentsPrintsHelpThatSaysSo: the root prints help, so its text must not claim
// that running it without flags regenerates; it names the command that does.
func TestRootWithoutArgumentsPrintsHelpThatSaysSo(t *testing.T) {
	stdout, _ := wantRun(t, nil, cli.ExitOK, []string{"'contractgen generate' (no flags needed)", "Available Commands:"}, nil)
	if strings.Contains(stdout, "Run it without flags") {
		t.Errorf("the root help still claims that running it without flags regenerates:\n%s", stdout)
	}
}

// TestCheckHintsAtGOPACKAGE: check run in a consumer's package directory without GOPACKAGE looks
// for the package named after the schema under the default root, finds nothing, and must say why.
func TestCheckHintsAtGOPACKAGE(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("GOPACKAGE", "")
	writeFile(t, "schema.json", quotaSchema)
	writeFile(t, "gen.go", "package quota\n\n//go:generate contractgen generate --schema schema.json --targets go\n")
	wantRun(t, []string{"check", "--schema", "schema.json", "--targets", "go"}, cli.ExitFail,
		[]string{"missing: generated/schema/types.go", "hint: nothing generate would write is in generated.",
			"GOPACKAGE=quota contractgen check ..."}, nil)
}

// TestFormatJSONCarriesErrors: with --format json a failing command prints a JSON document on
// stdout (where its report would be), with each diagnostic, besides the text on stderr.
func TestFormatJSONCarriesErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	writeFile(t, bad, badSchema)
	writeFile(t, filepath.Join(dir, "i.json"), `{}`)
	for _, c := range []struct {
		args  []string
		code  int
		diags bool
	}{
		{[]string{"check", "--format", "json", "--schema", bad, "--out", dir}, cli.ExitFail, true},
		{[]string{"validate", "--format", "json", "--schema", bad, filepath.Join(dir, "i.json")}, cli.ExitFail, true},
		{[]string{"compat", "--format", "json", "--against", filepath.Join(dir, "nosuch.json"), bad}, cli.ExitFail, false},
		{[]string{"check", "--format", "json", "--schema", bad, "--targets", "nosuch"}, cli.ExitError, false},
	} {
		stdout, stderr := wantRun(t, c.args, c.code, nil, []string{"contractgen: "})
		dec := json.NewDecoder(strings.NewReader(stdout))
		dec.DisallowUnknownFields()
		var doc struct {
			Error struct {
				Message     string `json:"message"`
				ExitStatus  int    `json:"exit_status"`
				Diagnostics []struct {
					File, Pointer, Message string
					Line, Column           int
				} `json:"diagnostics"`
			} `json:"error"`
		}
		if err := dec.Decode(&doc); err != nil {
			t.Errorf("%v: stdout is no error document (%v):\n%s", c.args, err, stdout)
			continue
		}
		if doc.Error.ExitStatus != c.code || doc.Error.Message == "" || !strings.Contains(stderr, doc.Error.Message) {
			t.Errorf("%v: error document %+v; want exit_status %d and the message printed on stderr:\n%s", c.args, doc.Error, c.code, stderr)
		}
		if c.diags {
			if len(doc.Error.Diagnostics) == 0 {
				t.Errorf("%v: no diagnostics in %+v", c.args, doc.Error)
			}
			for _, d := range doc.Error.Diagnostics {
				if d.File != bad || d.Pointer == "" || d.Message == "" {
					t.Errorf("%v: diagnostic %+v lacks the file, pointer or message", c.args, d)
				}
			}
		}
	}
}

// TestDiagnosticsPrintedOnceAndGrouped edits the bundled contract the way a user would: a problem
// that two emitters find is printed once, and renaming the catalog-bound member "origin" (which
// every kind of the catalog sets) gives a few grouped lines instead of one line per kind.
func TestDiagnosticsPrintedOnceAndGrouped(t *testing.T) {
	contract, err := os.ReadFile(filepath.Join(checkoutRoot(t), cli.DefaultSchema))
	if err != nil {
		t.Fatal(err)
	}
	edit := func(name, old, new string) string {
		t.Helper()
		if strings.Count(string(contract), old) != 1 {
			t.Fatalf("the contract holds %q %d times, want once", old, strings.Count(string(contract), old))
		}
		p := filepath.Join(t.TempDir(), name)
		writeFile(t, p, strings.Replace(string(contract), old, new, 1))
		return p
	}
	generate := func(schema string) []string {
		t.Helper()
		code, _, stderr := runCLI(t, "generate", "--schema", schema, "--out", t.TempDir())
		if code != cli.ExitFail {
			t.Fatalf("exit %d, want %d; stderr:\n%s", code, cli.ExitFail, stderr)
		}
		return strings.Split(strings.TrimSpace(stderr), "\n")
	}

	lines := generate(edit("kind-optional.json", "\"required\": [\n    \"contract_version\",\n    \"kind\",", "\"required\": [\n    \"contract_version\","))
	seen := map[string]bool{}
	for _, line := range lines {
		if i := strings.Index(line, "kind-optional.json#"); i >= 0 {
			line = line[i:] // whatever says which step spoke is not part of the problem
		}
		if seen[line] {
			t.Errorf("printed twice: %s", line)
		}
		seen[line] = true
	}

	lines = generate(edit("renamed.json", "    \"origin\": {\n      \"description\": \"Where the failure arose.\",", "    \"source\": {\n      \"description\": \"Where the failure arose.\","))
	if len(lines) > 6 {
		t.Errorf("renaming origin printed %d lines, want a few grouped ones:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	grouped := false
	for _, line := range lines {
		if strings.Contains(line, "#/x-catalog/kinds/*/origin: ") && strings.Contains(line, " places, * = ") {
			grouped = true
		}
	}
	if !grouped {
		t.Errorf("no line groups the catalog's kinds:\n%s", strings.Join(lines, "\n"))
	}
}
