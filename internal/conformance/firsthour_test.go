package conformance

import (
	"github.com/contractgen/contractgen/internal/sharedtest"

	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/contractgen/contractgen/internal/cli"
	"github.com/contractgen/contractgen/internal/gen/run"
	"github.com/contractgen/contractgen/internal/gen/schemacheck/schemachecktest"

	"github.com/contractgen/contractgen/internal/testmod"
)

// firstHourDir holds the five public schemas a team tries first (github-workflow, package with
// every file it references, tsconfig, dependabot-2.0, openhab-5.1) and the SchemaStore catalog's
// own valid and invalid instances of each (see its SOURCE).
var firstHourDir = filepath.Join(sharedtest.Root(), "corpus", "first-hour")

// firstHourSchemas are the walk's schemas, each with the --ref-map mappings it needs: package.json
// references two of its siblings by an absolute URI on another host, www.schemastore.org, which
// only a mapping can serve (its other references resolve under its own $id and are read beside it).
var firstHourSchemas = []struct {
	name   string
	refMap func(schemas string) []string // --ref-map mappings beyond --schema
}{
	{"github-workflow", nil},
	{"package", func(schemas string) []string { return []string{"https://www.schemastore.org/=" + schemas} }},
	{"tsconfig", nil},
	{"dependabot-2.0", nil},
	{"openhab-5.1", nil},
}

// catalogOnlyInvalid are the instances the catalog files as invalid that JSON Schema, as the
// reference validator reads it, accepts: each is invalid only for a keyword that is an annotation
// in the schema's dialect. The walk requires the reference and Parse to agree on them (valid), and
// fails when an entry no longer differs from the catalog, so the list stays exact.
var catalogOnlyInvalid = map[string]string{}

// firstHourCase is one instance of the walk.
type firstHourCase struct {
	Package int
	Data    json.RawMessage
}

// firstHourOutcome is what the runner reports for one case.
type firstHourOutcome struct {
	Verdict    string // valid, invalid, or error: ...
	Pointers   []string
	Keywords   []string
	Messages   []string
	RoundTrip  json.RawMessage // Parse's value encoded again (valid only)
	EncodeFail string
}

// TestFirstHour walks the first hour of a new user: for each schema, contractgen generate with no
// flags but --schema (the defaults name the package after the file, and skip a target that cannot
// follow the schema), then go build and go vet of every generated package in one throwaway module,
// then every catalog instance through the generated Parse: a valid one must parse and encode back
// to the same JSON value, an invalid one must be rejected with a violation at a member the reference
// validator names, and Parse's verdict must be the reference validator's on every instance.
func TestFirstHour(t *testing.T) {
	if !sharedtest.Full() {
		t.Skipf("generates, builds and vets five public schemas (minutes); runs with %s=1, as make test and CI set", sharedtest.EnvFullSuite)
	}
	schemas, err := filepath.Abs(filepath.Join(firstHourDir, "schemas"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(schemas); err != nil {
		sharedtest.Missing(t, schemas)
	}
	instances, err := filepath.Abs(filepath.Join(firstHourDir, "instances"))
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	writeFile(t, filepath.Join(work, "go.mod"), testmod.GoMod(t, "firsthour"))
	t.Chdir(work)

	var (
		cases    []firstHourCase
		names    []string // instance file of each case
		refs     []schemachecktest.Findings
		refKws   []map[string]bool // every keyword location of the reference's detailed output
		interp   [][]string        // contractgen validate's violations
		labels   []bool            // the catalog's verdict: valid/ or invalid/
		pkgPaths []string
	)
	for _, s := range firstHourSchemas {
		schema := filepath.Join(schemas, s.name+".json")
		var refMap []string
		if s.refMap != nil {
			refMap = s.refMap(schemas)
		}
		args := []string{"generate", "--schema", schema}
		for _, m := range refMap {
			args = append(args, "--ref-map", m)
		}
		var stdout, stderr bytes.Buffer
		if code := cli.Run(args, &stdout, &stderr); code != cli.ExitOK {
			t.Errorf("%s: contractgen %s: exit %d\n%s", s.name, strings.Join(args, " "), code, firstLines(stderr.String(), 12))
			continue
		}
		pkg := goPackageOf(t, stdout.String())
		if pkg == "" {
			t.Errorf("%s: generate wrote no Go package:\n%s", s.name, stdout.String())
			continue
		}
		t.Logf("%s: package %s; %s", s.name, pkg, strings.TrimSpace(firstLines(stderr.String(), 3)))
		ref := firstHourReference(t, schema, schemas)
		ours := firstHourValidator(t, schema, refMap)
		index := len(pkgPaths)
		pkgPaths = append(pkgPaths, pkg)
		for _, label := range []string{"valid", "invalid"} {
			files, _ := filepath.Glob(filepath.Join(instances, s.name, label, "*"))
			sort.Strings(files)
			for _, file := range files {
				data, err := run.InstanceJSON(file, readFile(t, file))
				if err != nil {
					t.Fatalf("%s: %v", file, err)
				}
				found, err := schemachecktest.Reference(ref, data)
				if err != nil {
					t.Fatalf("%s: the reference validator: %v", file, err)
				}
				rel, _ := filepath.Rel(instances, file)
				vs, err := ours.Validate(data)
				if err != nil {
					t.Fatalf("%s: contractgen validate: %v", file, err)
				}
				var report []string
				for _, v := range vs {
					report = append(report, v.String())
				}
				interp = append(interp, report)
				_, kws := referenceLocations(t, ref, data)
				refKws = append(refKws, kws)
				cases = append(cases, firstHourCase{Package: index, Data: data})
				names = append(names, filepath.ToSlash(rel))
				refs = append(refs, found)
				labels = append(labels, label == "valid")
			}
		}
	}
	if len(pkgPaths) == 0 {
		t.Fatal("no schema generated")
	}
	vet := exec.Command("go", "vet", "./...")
	vet.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := vet.CombinedOutput(); err != nil {
		t.Errorf("go vet on the generated packages: %v\n%s", err, firstLines(string(out), 30))
	}
	got := runFirstHour(t, pkgPaths, cases)
	disagree, unnamed, roundTrips, differ, unknownKw := 0, 0, 0, 0, 0
	for i, c := range cases {
		refValid := len(refs[i]) == 0
		o := got[i]
		reason, listed := catalogOnlyInvalid[names[i]]
		switch {
		case refValid != labels[i] && !listed:
			t.Errorf("%s: the catalog files it as valid=%v, the reference validator says valid=%v (%q); list it in catalogOnlyInvalid with the annotation that makes the difference",
				names[i], labels[i], refValid, refs[i])
		case refValid == labels[i] && listed:
			t.Errorf("%s: listed in catalogOnlyInvalid (%s), but the reference validator now agrees with the catalog", names[i], reason)
		}
		switch {
		case strings.HasPrefix(o.Verdict, "error"):
			disagree++
			t.Errorf("%s: Parse failed without a validation error: %s", names[i], o.Verdict)
			continue
		case (o.Verdict == "valid") != refValid:
			disagree++
			t.Errorf("%s: Parse says %s, the reference validator says valid=%v %q; Parse's violations: %q", names[i], o.Verdict, refValid, refs[i], o.Messages)
			continue
		}
		if refValid {
			if msg := sameJSON(c.Data, o.RoundTrip, o.EncodeFail); msg != "" {
				t.Errorf("%s: round trip: %s", names[i], msg)
			} else {
				roundTrips++
			}
			continue
		}
		if !namesAFailingMember(o.Pointers, refs[i]) {
			unnamed++
			t.Errorf("%s: Parse's violations %q name none of the members the reference validator finds failing %q", names[i], o.Messages, refs[i])
		}
		if !slices.Equal(o.Messages, interp[i]) {
			differ++
			t.Errorf("%s: Parse reports %q, contractgen validate %q", names[i], o.Messages, interp[i])
		}
		for j, kw := range o.Keywords {
			if kw != "" && !inEvaluatedSchema(kw, refKws[i]) {
				unknownKw++
				t.Errorf("%s: Parse's violation %q has a location the reference validator's detailed output does not name", names[i], o.Messages[j])
			}
		}
	}
	t.Logf("%d of %d schemas generate, build and vet; %d instances: %d verdicts differ from the reference validator, %d rejections name no failing member, %d reports differ from contractgen validate's, %d keyword locations unknown to the reference, %d valid instances round-trip",
		len(pkgPaths), len(firstHourSchemas), len(cases), disagree, unnamed, differ, unknownKw, roundTrips)
}

// inEvaluatedSchema reports whether kw is a keyword location the reference validator's output
// names, or a keyword of a subschema it names or evaluated (a sibling of one it names): the
// reference stops at a schema's first failing type, where contractgen also reports its enum, and
// it names a failing "then" where contractgen names the keyword inside it that failed. Instance
// locations are not compared: where "additionalProperties": false forbids a member, the reference
// points at the object and Parse at the member.
func inEvaluatedSchema(kw string, named map[string]bool) bool {
	if named[kw] {
		return true
	}
	parent := kw[:max(strings.LastIndexByte(kw, '/'), 0)]
	if named[parent] {
		return true
	}
	for r := range named {
		if i := strings.LastIndexByte(r, '/'); i >= 0 && r[:i] == parent {
			return true
		}
	}
	return false
}

// firstHourValidator is contractgen validate for a schema of the walk, with its --ref-map mappings.
func firstHourValidator(t *testing.T, schema string, refMap []string) *run.Validator {
	t.Helper()
	loadOpts, err := run.LoadOptions("", refMap, "")
	if err != nil {
		t.Fatal(err)
	}
	v, err := run.NewValidator(run.Options{Schemas: []string{schema}, Load: loadOpts})
	if err != nil {
		t.Fatalf("%s: %v", schema, err)
	}
	return v
}

// goPackageOf returns the import path (in the throwaway module) of the Go package generate wrote,
// from its "wrote DIR/types.go" line.
func goPackageOf(t *testing.T, stdout string) string {
	t.Helper()
	for line := range strings.Lines(stdout) {
		if p, ok := strings.CutPrefix(strings.TrimSpace(line), "wrote "); ok && strings.HasSuffix(p, "/types.go") {
			return "firsthour/" + strings.TrimSuffix(p, "/types.go")
		}
	}
	return ""
}

// firstHourReference compiles a first-hour schema with the reference validator, serving the
// catalog's URIs (json.schemastore.org and www.schemastore.org, NAME or NAME.json) from the
// corpus, never the network.
func firstHourReference(t *testing.T, schema, dir string) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.UseLoader(jsonschema.SchemeURLLoader{
		"file":  jsonschema.FileLoader{},
		"https": catalogLoader(dir),
	})
	s, err := c.Compile(schema)
	if err != nil {
		t.Fatalf("the reference validator cannot compile %s: %v", schema, err)
	}
	return s
}

// catalogLoader reads https://json.schemastore.org/NAME and https://www.schemastore.org/NAME from
// dir (NAME, or NAME.json).
type catalogLoader string

func (dir catalogLoader) Load(url string) (any, error) {
	for _, host := range []string{"https://json.schemastore.org/", "https://www.schemastore.org/"} {
		name, ok := strings.CutPrefix(url, host)
		if !ok || strings.Contains(name, "/") {
			continue
		}
		if filepath.Ext(name) == "" {
			name += ".json"
		}
		f, err := os.Open(filepath.Join(string(dir), name))
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return jsonschema.UnmarshalJSON(f)
	}
	return nil, fmt.Errorf("%s is not in the first-hour corpus, and the walk never uses the network", url)
}

// namesAFailingMember reports whether some violation points at a value the reference validator
// finds failing, or below one: where "additionalProperties": false forbids a member, the reference
// points at the object and Parse at the member.
func namesAFailingMember(pointers []string, ref schemachecktest.Findings) bool {
	for _, p := range pointers {
		for _, r := range ref {
			if p == r || strings.HasPrefix(p, r+"/") {
				return true
			}
		}
	}
	return false
}

// sameJSON says how encoded differs from the JSON value of data, or "" when it is the same value:
// the same members in any order, the same items, and numbers equal as numbers (1.0 is 1).
func sameJSON(data, encoded json.RawMessage, encodeErr string) string {
	if encodeErr != "" {
		return "encoding the parsed value failed: " + encodeErr
	}
	want, err := decodeExact(data)
	if err != nil {
		return "the instance does not decode: " + err.Error()
	}
	got, err := decodeExact(encoded)
	if err != nil {
		return "the encoding does not decode: " + err.Error()
	}
	if !equalJSON(want, got) {
		return fmt.Sprintf("encoded as %.400s", encoded)
	}
	return ""
}

func decodeExact(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

func equalJSON(a, b any) bool {
	switch a := a.(type) {
	case json.Number:
		b, ok := b.(json.Number)
		if !ok {
			return false
		}
		x, okx := new(big.Rat).SetString(a.String())
		y, oky := new(big.Rat).SetString(b.String())
		return okx && oky && x.Cmp(y) == 0
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !equalJSON(v, w) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		return ok && slices.EqualFunc(a, b, equalJSON)
	}
	return reflect.DeepEqual(a, b)
}

// runFirstHour writes a program that imports every generated package, sends each case through its
// package's Parse, encodes what parsed, and prints the outcomes; one build for all packages.
func runFirstHour(t *testing.T, pkgPaths []string, cases []firstHourCase) []firstHourOutcome {
	t.Helper()
	var src bytes.Buffer
	src.WriteString("package main\n\nimport (\n\t\"encoding/json\"\n\t\"errors\"\n\t\"os\"\n\n\t\"github.com/contractgen/contractgen/cgruntime\"\n\n")
	for i, p := range pkgPaths {
		fmt.Fprintf(&src, "\tp%d %q\n", i, p)
	}
	src.WriteString(")\n\nvar parsers = []func([]byte) (any, error){\n")
	for i := range pkgPaths {
		fmt.Fprintf(&src, "\tfunc(b []byte) (any, error) { return p%d.Parse(b) },\n", i)
	}
	src.WriteString(`}

type outcome struct {
	Verdict    string
	Pointers   []string
	Keywords   []string
	Messages   []string
	RoundTrip  json.RawMessage
	EncodeFail string
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
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(2)
	}
	out := make([]outcome, len(cases))
	for i, c := range cases {
		v, err := parsers[c.Package](c.Data)
		var ve *cgruntime.ValidationError
		switch {
		case err == nil:
			out[i].Verdict = "valid"
			enc, err := json.Marshal(v)
			if err != nil {
				out[i].EncodeFail = err.Error()
			} else {
				out[i].RoundTrip = enc
			}
		case errors.As(err, &ve):
			out[i].Verdict = "invalid"
			for _, viol := range ve.Violations {
				out[i].Pointers = append(out[i].Pointers, viol.InstanceLocation)
				out[i].Keywords = append(out[i].Keywords, viol.KeywordLocation)
				out[i].Messages = append(out[i].Messages, viol.String())
			}
		default:
			out[i].Verdict = "error: " + err.Error()
		}
	}
	json.NewEncoder(os.Stdout).Encode(out)
}
`)
	writeFile(t, filepath.Join("cmd", "walk", "main.go"), src.String())
	data, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, "cases.json", string(data))
	cmd := exec.Command("go", "run", "./cmd/walk", "cases.json")
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("building or running the generated packages failed: %v\n%s", err, firstLines(stderr.String(), 40))
	}
	var got []firstHourOutcome
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(cases) {
		t.Fatalf("unexpected output from the runner (%v): %.500s", err, out)
	}
	return got
}

// firstLines returns at most n lines of s, saying how many were left out.
func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) <= n {
		return strings.Join(lines, "\n")
	}
	return strings.Join(lines[:n], "\n") + fmt.Sprintf("\n… and %d more lines", len(lines)-n)
}

// TestFirstHourComparisons: the walk's two judgements can fail. The round trip compares JSON
// values (member order and number spelling aside), and a rejection must point at, or below, a
// value the reference validator finds failing.
func TestFirstHourComparisons(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{`{"a": 1.0, "b": [true, null]}`, `{"b":[true,null],"a":1}`, true},
		{`{"a": 1}`, `{"a": 2}`, false},
		{`{"a": 1}`, `{"a": 1, "b": null}`, false},
		{`[1, 2]`, `[2, 1]`, false},
		{`{"a": "1"}`, `{"a": 1}`, false},
		{`1e2`, `100`, true},
	} {
		if got := sameJSON(json.RawMessage(c.a), json.RawMessage(c.b), "") == ""; got != c.same {
			t.Errorf("sameJSON(%s, %s) = %v, want %v", c.a, c.b, got, c.same)
		}
	}
	if sameJSON(json.RawMessage(`{}`), nil, "json: unsupported value") == "" {
		t.Error("an encoding failure passed the round trip")
	}
	ref := schemachecktest.Findings{"/jobs/build", "/on"}
	for ptrs, want := range map[string]bool{"/jobs/build": true, "/jobs/build/steps/0": true, "/jobs": false, "": false, "/jobs/builder": false} {
		if got := namesAFailingMember([]string{ptrs}, ref); got != want {
			t.Errorf("namesAFailingMember(%q) = %v, want %v", ptrs, got, want)
		}
	}
}
