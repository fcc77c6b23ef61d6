package conformance

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/ecmaregexp"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/lower"

	"github.com/contractgen/contractgen/internal/sharedtest"
	"github.com/contractgen/contractgen/internal/testmod"
)

// remotesPrefix is the URI the suite serves remotes/ under.
const remotesPrefix = "http://localhost:1234/"

var suiteWork = flag.String("suite-work", "", "generate the suite's packages into this directory and keep them (for debugging)")

var writeMatrix = flag.Bool("write-matrix", false, "rewrite the support matrix in docs/validation.md from this run")

// suiteGroup is one test group of a suite file.
type suiteGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []struct {
		Description string          `json:"description"`
		Data        json.RawMessage `json:"data"`
		Valid       bool            `json:"valid"`
	} `json:"tests"`
}

// fileResult counts what happened to the groups of one suite file.
type fileResult struct {
	File                    string
	Groups, Run, Passed     int
	Rejected                int
	RejectedBy              map[string]int
	FailedGroups, BadErrors []string
}

// runCase is one instance sent through a generated Parse.
type runCase struct {
	Package int             `json:"package"`
	Data    json.RawMessage `json:"data"`
	// verdict is the interpreter's, in TestSuiteInterpreter.
	verdict string
}

// interpret builds the group's table in memory, as contractgen validate does, and appends each
// test's verdict to cases.
func interpret(schema string, opts load.Options, bopts build.Options, g suiteGroup, cases *[]runCase, pkg int) error {
	set, err := load.Load([]string{schema}, opts)
	if err != nil {
		return err
	}
	ir, err := build.Build(set, build.Options{Package: "g", RootType: "Root", AssertFormats: bopts.AssertFormats})
	if err != nil {
		return err
	}
	table := lower.Lower(ir)
	nodes, root := cgruntime.CompileWith(table.Nodes, ecmaregexp.Compile), table.Of(ir.Roots[0].Schema)
	for _, tc := range g.Tests {
		c := runCase{Package: pkg, Data: tc.Data}
		vs, err := cgruntime.ValidateJSON(nodes, root, tc.Data)
		switch {
		case err != nil:
			c.verdict = "error: " + err.Error()
		default:
			c.verdict = verdict(len(vs) == 0)
		}
		*cases = append(*cases, c)
	}
	return nil
}

// TestSuite runs the required tests of every dialect (the suite's optional/ folder aside), the
// documents they reference served from remotes/ through a --ref-map mapping, through compiled
// Parse functions. Compiling every group takes 8 to 25 minutes on two cores, past go test's
// default timeout, so a plain go test compiles a representative slice, the first group of every
// file of the oldest and the newest dialect, and make test and CI compile every group of every
// dialect (CONTRACTGEN_FULL_SUITE=1). The support matrix is held to docs/validation.md by the
// full run and by TestSuiteInterpreter, which always runs every group of every dialect.
func TestSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a few hundred generated packages per dialect; not in -short mode")
	}
	sharedtest.Suite(t)
	dialects := load.Dialects
	if !sharedtest.Full() {
		dialects = []load.Dialect{load.Draft4, load.Draft2020}
		t.Logf("compiling a slice: %v only; %s=1 compiles every dialect", dialects, sharedtest.EnvFullSuite)
	}
	for _, d := range dialects {
		t.Run(d.String(), func(t *testing.T) { testSuiteDialect(t, d, true) })
	}
}

// TestSuiteInterpreter runs the same groups through the interpreter that contractgen validate
// uses, over tables built in memory: seconds instead of minutes, so it also runs in -short mode.
func TestSuiteInterpreter(t *testing.T) {
	sharedtest.Suite(t)
	for _, d := range load.Dialects {
		t.Run(d.String(), func(t *testing.T) { testSuiteDialect(t, d, false) })
	}
}

// testSuiteDialect generates a package for every group whose schema contractgen supports, compiles
// them all into one program, and checks every test's verdict through Parse. Groups contractgen
// refuses must be refused at generation with a message naming a pointer.
func testSuiteDialect(t *testing.T, d load.Dialect, compile bool) {
	suiteRoot := sharedtest.Suite(t)
	suiteDir := filepath.Join(suiteRoot, "tests", d.String())
	files, _ := filepath.Glob(filepath.Join(suiteDir, "*.json"))
	testSuiteFiles(t, d, files, d.String(), build.Options{}, compile)
}

// testSuiteFiles runs the groups of the suite files through generated Parse functions (compile)
// or the interpreter, built with bopts, and compares the figures with the matrix of docs/validation.md
// between the markers named by matrix.
func testSuiteFiles(t *testing.T, d load.Dialect, files []string, matrix string, bopts build.Options, compile bool) {
	suiteRoot := sharedtest.Suite(t)
	suiteDir := filepath.Join(suiteRoot, "tests", d.String())
	if len(files) == 0 {
		sharedtest.Missing(t, filepath.Join(suiteDir, "*.json"))
	}
	// sliced: the compiled run of a plain go test takes the first group of each file.
	sliced := compile && !sharedtest.Full()
	if sliced && *writeMatrix {
		t.Fatalf("-write-matrix needs every group: set %s=1", sharedtest.EnvFullSuite)
	}
	remotes, err := filepath.Abs(filepath.Join(suiteRoot, "remotes"))
	if err != nil {
		t.Fatal(err)
	}
	opts := load.Options{Dialect: d, RefMap: []load.RefMap{{Prefix: remotesPrefix, Dir: remotes}}}
	work := *suiteWork
	if work == "" {
		work = t.TempDir()
	} else {
		work = filepath.Join(work, strings.ReplaceAll(matrix, "/", "-"))
	}
	writeFile(t, filepath.Join(work, "go.mod"), testmod.GoMod(t, "conftest"))
	var (
		results []*fileResult
		cases   []runCase
		want    []bool
		owner   []string // "file#group" of each generated package
		where   []*fileResult
	)
	for _, file := range files {
		res := &fileResult{File: filepath.Base(file), RejectedBy: map[string]int{}}
		results = append(results, res)
		var groups []suiteGroup
		if err := json.Unmarshal(readFile(t, file), &groups); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for gi, g := range groups {
			if sliced && gi > 0 {
				continue
			}
			res.Groups++
			schema := filepath.Join(work, "schemas", fmt.Sprintf("%s-%d.json", strings.TrimSuffix(res.File, ".json"), gi))
			writeFile(t, schema, string(g.Schema))
			pkg := fmt.Sprintf("g%04d", len(owner))
			var err error
			if compile {
				err = GenerateBuild(schema, filepath.Join(work, pkg), opts, build.Options{Package: pkg, RootType: "Root", AssertFormats: bopts.AssertFormats})
			} else {
				err = interpret(schema, opts, bopts, g, &cases, len(owner))
			}
			if err != nil {
				res.Rejected++
				res.RejectedBy[strings.ReplaceAll(rejectionReason(err), filepath.Dir(schema)+string(filepath.Separator), "")]++
				if !strings.Contains(err.Error(), "#/") && !strings.Contains(err.Error(), "#: ") {
					res.BadErrors = append(res.BadErrors, fmt.Sprintf("group %d %q: %v", gi, g.Description, err))
				}
				continue
			}
			res.Run++
			for _, tc := range g.Tests {
				if compile {
					cases = append(cases, runCase{Package: len(owner), Data: tc.Data})
				}
				want = append(want, tc.Valid)
			}
			owner = append(owner, fmt.Sprintf("%s#%d %q", res.File, gi, g.Description))
			where = append(where, res)
		}
	}
	var got []string
	if compile {
		got = runParsers(t, work, len(owner), cases)
	} else {
		for _, c := range cases {
			got = append(got, c.verdict)
		}
	}
	failed := map[int]bool{}
	for i, c := range cases {
		if got[i] != verdict(want[i]) {
			failed[c.Package] = true
			t.Errorf("%s: data %s: %s says %s, the suite says %s", owner[c.Package], c.Data, map[bool]string{true: "Parse", false: "the interpreter"}[compile], got[i], verdict(want[i]))
		}
	}
	for p, res := range where {
		if failed[p] {
			res.FailedGroups = append(res.FailedGroups, owner[p])
		} else {
			res.Passed++
		}
	}
	for _, res := range results {
		for _, bad := range res.BadErrors {
			t.Errorf("%s: rejected without naming a pointer: %s", res.File, bad)
		}
		t.Logf("%-28s groups %3d  run %3d  passed %3d  rejected %3d %v", res.File, res.Groups, res.Run, res.Passed, res.Rejected, res.RejectedBy)
	}
	if sliced {
		t.Logf("ran the first group of each file; %s=1 runs every group and checks the support matrix", sharedtest.EnvFullSuite)
		return
	}
	docs := filepath.Join("..", "..", "docs", "validation.md")
	if *writeMatrix && compile {
		if err := updateMatrix(docs, matrix, results); err != nil {
			t.Fatal(err)
		}
		return
	}
	// Both ways of running must give the committed matrix, so a group that stops running (refused
	// at generation) or stops passing is a failure, not a quiet change of the documented figures.
	committed, err := matrixSection(readFile(t, docs), matrix)
	if err != nil {
		t.Fatal(err)
	}
	if got := matrixText(results); got != committed {
		t.Errorf("%s: the support matrix differs from docs/validation.md (rerun the compiling test with -args -write-matrix if the change is intended):\n%s", matrix, cmp.Diff(committed, got))
	}
}

func verdict(valid bool) string {
	if valid {
		return "valid"
	}
	return "invalid"
}

// rejectionReason reduces a generation error to the unsupported keyword or problem it names.
func rejectionReason(err error) string {
	msg := err.Error()
	for _, marker := range []string{`keyword "`, `extension keyword "`} {
		if i := strings.Index(msg, marker); i >= 0 {
			rest := msg[i+len(marker):]
			return rest[:strings.IndexByte(rest, '"')]
		}
	}
	switch {
	case strings.Contains(msg, "names a file that"):
		return "$ref to a file that is not loaded (relative to a remote $id)"
	case strings.Contains(msg, "names no dialect contractgen knows"):
		return "$schema is a custom metaschema"
	case strings.Contains(msg, "remote"):
		return "remote $ref"
	case strings.Contains(msg, "anchors"):
		return "$ref to an anchor"
	case strings.Contains(msg, "ECMA-262"):
		return "ECMA-only regex"
	case strings.Contains(msg, "$id"):
		return "$id"
	}
	line, _, _ := strings.Cut(msg, "\n")
	if i := strings.Index(line, ": "); i >= 0 {
		line = line[i+2:]
	}
	return line
}

// runParsers writes a program that imports every generated package, sends each case through its
// package's Parse, and prints the verdicts; one build for all packages keeps the run affordable.
func runParsers(t *testing.T, work string, packages int, cases []runCase) []string {
	t.Helper()
	var src bytes.Buffer
	src.WriteString("package main\n\nimport (\n\t\"encoding/json\"\n\t\"errors\"\n\t\"fmt\"\n\t\"os\"\n\n")
	for p := 0; p < packages; p++ {
		fmt.Fprintf(&src, "\tg%04d \"conftest/g%04d\"\n", p, p)
	}
	src.WriteString(")\n\nvar parsers = []func([]byte) string{\n")
	for p := 0; p < packages; p++ {
		fmt.Fprintf(&src, "\tfunc(b []byte) string {\n\t\t_, err := g%04d.Parse(b)\n\t\tvar ve *g%04d.ValidationError\n\t\treturn outcome(err, errors.As(err, &ve))\n\t},\n", p, p)
	}
	src.WriteString(`}

func outcome(err error, violation bool) string {
	switch {
	case err == nil:
		return "valid"
	case violation:
		return "invalid"
	}
	return "error: " + err.Error()
}

func main() {
	var cases []struct {
		Package int
		Data    json.RawMessage
	}
	data, err := os.ReadFile(os.Args[1])
	if err == nil {
		err = json.Unmarshal(data, &cases)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	out := make([]string, len(cases))
	for i, c := range cases {
		out[i] = parsers[c.Package](c.Data)
	}
	json.NewEncoder(os.Stdout).Encode(out)
}
`)
	writeFile(t, filepath.Join(work, "main.go"), src.String())
	data, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(work, "cases.json"), string(data))
	cmd := exec.Command("go", "run", ".", "cases.json")
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("building or running the generated packages failed: %v\n%s", err, stderr.String())
	}
	var got []string
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(cases) {
		t.Fatalf("unexpected output from the runner (%v): %.500s", err, out)
	}
	return got
}

// updateMatrix rewrites the part of docs/validation.md between the dialect's matrix markers.
func updateMatrix(path, dialect string, results []*fileResult) error {
	doc, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if _, err := matrixSection(doc, dialect); err != nil {
		return err
	}
	begin, end := matrixMarkers(dialect)
	i, j := bytes.Index(doc, []byte(begin)), bytes.Index(doc, []byte(end))
	out := slices.Concat(doc[:i+len(begin)], []byte(matrixText(results)), doc[j:])
	return os.WriteFile(path, out, 0o644)
}

func matrixMarkers(dialect string) (begin, end string) {
	return "<!-- matrix:" + dialect + ":begin -->\n", "<!-- matrix:" + dialect + ":end -->"
}

// matrixSection returns the dialect's matrix as docs/validation.md holds it.
func matrixSection(doc []byte, dialect string) (string, error) {
	begin, end := matrixMarkers(dialect)
	i, j := bytes.Index(doc, []byte(begin)), bytes.Index(doc, []byte(end))
	if i < 0 || j < i {
		return "", fmt.Errorf("docs/validation.md has no %q ... %q section", strings.TrimSpace(begin), end)
	}
	return string(doc[i+len(begin) : j]), nil
}

// matrixText writes the per-file table of one dialect's run.
func matrixText(results []*fileResult) string {
	var b strings.Builder
	b.WriteString("| suite file | groups | run | passed | rejected at generation (reason: groups) |\n|---|---:|---:|---:|---|\n")
	var total fileResult
	for _, r := range results {
		var reasons []string
		for reason, n := range r.RejectedBy {
			reasons = append(reasons, fmt.Sprintf("%s: %d", strings.ReplaceAll(reason, "|", "\\|"), n))
		}
		sort.Strings(reasons)
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %s |\n", r.File, r.Groups, r.Run, r.Passed, strings.Join(reasons, "; "))
		total.Groups, total.Run, total.Passed, total.Rejected = total.Groups+r.Groups, total.Run+r.Run, total.Passed+r.Passed, total.Rejected+r.Rejected
	}
	fmt.Fprintf(&b, "| **total** | %d | %d | %d | %d |\n", total.Groups, total.Run, total.Passed, total.Rejected)
	return b.String()
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
