package rust

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/contractgen/contractgen/internal/gen/profile"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/generated/agenterror"
	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/lower"
)

var update = flag.Bool("update", false, "rewrite tests/rust/testdata/parity.json and the golden files")

const (
	repoRoot     = "../../../.."
	parityPath   = repoRoot + "/tests/rust/testdata/parity.json"
	contractPath = repoRoot + "/docs/contracts/schemas/agent-error.schema.json"
	suiteDir     = repoRoot + "/../shared/conformance/json-schema-test-suite/tests/draft2020-12"
)

// paritySchema is one schema of the parity corpus: its table as the Rust runtime reads it, and
// instances with the Go runtime's answers, which the Rust tests (tests/rust) must reproduce.
type paritySchema struct {
	Name  string       `json:"name"`
	Table string       `json:"table"`
	Root  int32        `json:"root"`
	Cases []parityCase `json:"cases"`
}

type parityCase struct {
	Name string `json:"name"`
	// JSON is the instance as text, so number literals and repeated member names survive.
	JSON string `json:"json"`
	// NotJSON says the Go runtime refused the text as JSON; Violations are its verdict otherwise.
	NotJSON    bool                  `json:"not_json,omitempty"`
	Violations []cgruntime.Violation `json:"violations"`
	// Encoded is, for the contract's valid instances, what the generated Go package's Parse and
	// json.Marshal make of it: the Rust crate's parse and serde_json must write the same bytes.
	Encoded string `json:"encoded,omitempty"`
}

// buildTable loads and builds one schema file and lowers it.
func buildTable(path string) (*ir.Package, *lower.Table, error) {
	set, err := load.Files([]string{path})
	if err != nil {
		return nil, nil, err
	}
	pkg, err := build.Build(set, build.Options{Package: "parity", Profiles: []profile.Profile{errorcontract.Profile{}}})
	if err != nil {
		return nil, nil, err
	}
	return pkg, lower.Lower(pkg), nil
}

// goAnswers fills in the Go runtime's verdict on every case, over a compiled copy of the table.
func goAnswers(t *testing.T, table *lower.Table, root int32, cases []parityCase) {
	t.Helper()
	nodes := cgruntime.Compile(append([]cgruntime.Node(nil), table.Nodes...))
	for i := range cases {
		vs, err := cgruntime.ValidateJSON(nodes, root, []byte(cases[i].JSON))
		cases[i].NotJSON = err != nil
		cases[i].Violations = vs
		if cases[i].Violations == nil {
			cases[i].Violations = []cgruntime.Violation{}
		}
	}
}

func newSchema(t *testing.T, name string, pkg *ir.Package, table *lower.Table, cases []parityCase) paritySchema {
	t.Helper()
	text, err := TableJSON(table)
	if err != nil {
		t.Fatal(err)
	}
	root := table.Of(pkg.Roots[0].Schema)
	goAnswers(t, table, root, cases)
	return paritySchema{Name: name, Table: string(text), Root: root, Cases: cases}
}

// contractCases are the TypeScript target's corpus (tests/ts/corpus.json) and the contract's own
// (testdata/corpus/agent-error).
func contractCases(t *testing.T) []parityCase {
	t.Helper()
	var ts []struct {
		Name  string `json:"name"`
		JSON  string `json:"json"`
		Valid bool   `json:"valid"`
	}
	raw, err := os.ReadFile(repoRoot + "/tests/ts/corpus.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &ts); err != nil {
		t.Fatal(err)
	}
	var cases []parityCase
	for _, c := range ts {
		cases = append(cases, parityCase{Name: "ts corpus: " + c.Name, JSON: c.JSON})
	}
	// The TypeScript tests hold the TypeScript validator to these verdicts (the reference
	// validator's); the Go runtime must give them too, so that Go, TypeScript and Rust agree.
	pkg, table, err := buildTable(contractPath)
	if err != nil {
		t.Fatal(err)
	}
	check := append([]parityCase(nil), cases...)
	goAnswers(t, table, table.Of(pkg.Roots[0].Schema), check)
	for i, c := range check {
		valid := !c.NotJSON && len(c.Violations) == 0
		if strings.HasPrefix(ts[i].Name, "repeated") {
			// The reference keeps the last of a repeated member; Go, TypeScript (validate.test.ts)
			// and Rust report the repetition.
			if valid {
				t.Errorf("%s: Go does not report the repeated member", c.Name)
			}
			continue
		}
		if valid != ts[i].Valid {
			t.Errorf("%s: Go says valid=%v, tests/ts/corpus.json says %v", c.Name, valid, ts[i].Valid)
		}
	}
	files, err := filepath.Glob(repoRoot + "/testdata/corpus/agent-error/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no contract corpus: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, parityCase{Name: "corpus: " + filepath.Base(f), JSON: string(data)})
	}
	// Characters Go's encoder escapes and serde_json does not (<, >, &, U+2028, U+2029), in a
	// declared member and in evidence: contractgen_runtime::to_go_json must write Go's bytes.
	cases = append(cases, parityCase{Name: "characters Go escapes", JSON: `{"side_effects":"possible",` +
		`"recovery":{"action":"retry_later","same_arguments":"safe","guidance":"a<b>c&d"},"origin":"runtime",` +
		`"message":"x\u2028y\u2029z <script>&amp;","kind":"k","contract_version":1,"evidence":{"q":"<&>"}}`})
	// Nesting at Go's limit and one past it: Go reads 10 000 levels and refuses 10 001.
	for _, depth := range []int{10000, 10001} {
		deep := `{"evidence":` + strings.Repeat("[", depth-1) + strings.Repeat("]", depth-1) + `}`
		cases = append(cases, parityCase{Name: fmt.Sprintf("nested %d deep", depth), JSON: deep})
	}
	return cases
}

// suitePatternFiles are the optional files of the official suite that test ECMA-262 patterns,
// which the Rust target runs through the regex crate and must answer as Go's RE2 translation does.
var suitePatternFiles = []string{"optional/ecmascript-regex.json", "optional/non-bmp-regex.json"}

// suiteSchemas are the official suite's groups (2020-12) that contractgen builds and the Rust
// target follows, each with its tests' instances.
func suiteSchemas(t *testing.T) []paritySchema {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(suiteDir, "*.json"))
	if len(files) == 0 {
		if os.Getenv("CI") != "" {
			t.Fatalf("the JSON Schema Test Suite is not at %s; CI lays shared/ beside the checkout", suiteDir)
		}
		t.Skipf("the JSON Schema Test Suite is not at %s (it lives in the shared checkout beside the repository)", suiteDir)
	}
	sort.Strings(files)
	for _, f := range suitePatternFiles {
		files = append(files, filepath.Join(suiteDir, f))
	}
	dir := t.TempDir()
	var out []paritySchema
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var groups []struct {
			Description string          `json:"description"`
			Schema      json.RawMessage `json:"schema"`
			Tests       []struct {
				Description string          `json:"description"`
				Data        json.RawMessage `json:"data"`
			} `json:"tests"`
		}
		if err := json.Unmarshal(raw, &groups); err != nil {
			t.Fatal(err)
		}
		for gi, g := range groups {
			name := fmt.Sprintf("%s #%d %s", strings.TrimPrefix(f, suiteDir+"/"), gi, g.Description)
			path := filepath.Join(dir, fmt.Sprintf("g%d-%d.schema.json", len(out), gi))
			if err := os.WriteFile(path, g.Schema, 0o644); err != nil {
				t.Fatal(err)
			}
			pkg, table, err := buildTable(path)
			if err != nil || len(pkg.Roots) == 0 || Check(table) != nil {
				continue // contractgen refuses the schema, or the Rust target does (as it must say)
			}
			var cases []parityCase
			for _, tc := range g.Tests {
				var buf bytes.Buffer
				if err := json.Compact(&buf, tc.Data); err != nil {
					t.Fatal(err)
				}
				cases = append(cases, parityCase{Name: tc.Description, JSON: buf.String()})
			}
			out = append(out, newSchema(t, "suite: "+name, pkg, table, cases))
		}
	}
	return out
}

// sampleValue is a JSON value a schema accepts as far as its const, enum and type say, for filling
// in required members.
func sampleValue(s *ir.Schema) string {
	if s == nil {
		return `"x"`
	}
	if s.Const != nil {
		return string(s.Const.JSON)
	}
	if len(s.Enum) > 0 {
		return string(s.Enum[0].JSON)
	}
	if s.Ref != nil {
		return sampleValue(s.Ref.Schema)
	}
	if len(s.Types) > 0 {
		return map[string]string{"string": `"x"`, "integer": `1`, "number": `1.5`, "boolean": `true`, "object": `{}`, "array": `[]`, "null": `null`}[s.Types[0]]
	}
	return `"x"`
}

// objectProperties are the properties an object schema declares, its own and its allOf parts'.
func objectProperties(s *ir.Schema) []*ir.Property {
	props := append([]*ir.Property(nil), s.Properties...)
	for _, part := range s.AllOf {
		if part.Ref != nil {
			part = part.Ref.Schema
		}
		props = append(props, part.Properties...)
	}
	return props
}

// goldenInstances mutates one member at a time of an object that has every required member: each
// declared member set to values of every JSON type and to its own const and enum values, beside
// whole values of every type.
func goldenInstances(root *ir.Schema) []parityCase {
	props := objectProperties(root)
	byName := map[string]*ir.Schema{}
	for _, p := range props {
		if _, ok := byName[p.Name]; !ok {
			byName[p.Name] = p.Schema
		}
	}
	required := append([]string(nil), root.Required...)
	for _, part := range root.AllOf {
		if part.Ref != nil {
			part = part.Ref.Schema
		}
		required = append(required, part.Required...)
	}
	object := func(set string, value string) string {
		var parts []string
		done := map[string]bool{}
		for _, name := range required {
			if done[name] {
				continue
			}
			done[name] = true
			v := sampleValue(byName[name])
			if name == set {
				v = value
			}
			q, _ := json.Marshal(name)
			parts = append(parts, string(q)+":"+v)
		}
		if set != "" && !done[set] {
			q, _ := json.Marshal(set)
			parts = append(parts, string(q)+":"+value)
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	var cases []parityCase
	for _, v := range []string{`{}`, `null`, `[]`, `"x"`, `1`, `true`} {
		cases = append(cases, parityCase{Name: "whole " + v, JSON: v})
	}
	cases = append(cases, parityCase{Name: "required members", JSON: object("", "")},
		parityCase{Name: "an unknown member", JSON: object("zz_unknown", `{"a":1}`)})
	pool := []string{`null`, `true`, `0`, `-1`, `1.5`, `1e400`, `"x"`, `""`, `[]`, `[1,"a",1]`, `{}`, `{"a":null}`}
	seen := map[string]bool{}
	for _, p := range props {
		if seen[p.Name] {
			continue
		}
		seen[p.Name] = true
		values := append([]string(nil), pool...)
		s := p.Schema
		if s.Ref != nil {
			s = s.Ref.Schema
		}
		if s.Const != nil {
			values = append(values, string(s.Const.JSON))
		}
		for i, e := range s.Enum {
			if i < 3 {
				values = append(values, string(e.JSON))
			}
		}
		for _, v := range values {
			cases = append(cases, parityCase{Name: p.Name + " = " + v, JSON: object(p.Name, v)})
		}
	}
	return cases
}

// goldenSchemas are the generator's golden cases that the Rust target follows, each with
// goldenInstances of its root.
func goldenSchemas(t *testing.T) []paritySchema {
	t.Helper()
	var out []paritySchema
	for _, name := range goldenNames(t) {
		pkg := goldenPackage(t, name)
		table := lower.Lower(pkg)
		if len(pkg.Roots) == 0 || Check(table) != nil {
			continue
		}
		out = append(out, newSchema(t, "golden: "+name, pkg, table, goldenInstances(pkg.Roots[0].Schema)))
	}
	return out
}

// parityCorpus is the whole corpus, in a fixed order.
func parityCorpus(t *testing.T) []paritySchema {
	t.Helper()
	pkg, table, err := buildTable(contractPath)
	if err != nil {
		t.Fatal(err)
	}
	contract := newSchema(t, "contract", pkg, table, contractCases(t))
	for i := range contract.Cases {
		c := &contract.Cases[i]
		if c.NotJSON || len(c.Violations) > 0 {
			continue
		}
		v, err := agenterror.Parse([]byte(c.JSON))
		if err != nil {
			t.Fatalf("%s: the Go package rejects what its validator accepts: %v", c.Name, err)
		}
		enc, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		c.Encoded = string(enc)
	}
	corpus := []paritySchema{contract}
	corpus = append(corpus, goldenSchemas(t)...)
	corpus = append(corpus, patternSchemas(t)...)
	corpus = append(corpus, unionSchemas(t)...)
	return append(corpus, suiteSchemas(t)...)
}

// parityPatterns are patterns on the constructs where ECMA-262, Go's RE2 and the regex crate read
// the same text differently (\d, \w, \s and \b are ASCII or ECMA's in Go, Unicode in the crate;
// "." and the anchors; escapes; classes with brackets; Unicode properties from Go's tables).
var parityPatterns = []string{
	`^\s$`, `^\S$`, `^[\s]$`, `^[^\s]$`, `^[\S]$`, `^[^\S]$`, `^[a\sb]$`, `\s`, `\S`,
	`^\d$`, `^\D$`, `^\w$`, `^\W$`, `^\w+$`, `\bé`, `\bab\b`, `x\b`, `^[\b]$`,
	`^.$`, `^.+$`, `^\u0041$`, `^[\u0041-\u0043]$`, `^\u{1F600}$`, `^\uD83D\uDE00$`, `^\x41$`, `^\cC$`,
	`^\0$`, `^[]$`, `^[^]$`, `^[[:a]$`, `^[[:alpha:]]$`, `\p{Letter}cole`, `^\p{digit}+$`, `^\p{Script=Greek}$`,
	`^\p{gc=Lu}$`, `^\P{L}$`, `^abc$`, `abc$`, `^(?<year>\d{4})$`, `^a\-b\/c$`, `^[a-z&&b]+$`, `^[-a-c-]+$`,
	`^[a~~b]+$`, `^(a|bc)*$`, `^(?:ab){2,3}$`, `^a{0}$`, `^\p{Lu}{2,}$`, `[\]\[]`, `^[\^-]$`, `é`, `^\p{Nd}$`,
	`\p{Zs}`, `^[\u00e9-\u00ff]+$`, `^[^a-z]*$`, `(^|,)x($|,)`, `^$`, `a|`,
}

// parityProbes are the strings every parity pattern is tried on.
var parityProbes = []string{
	"", "a", "A", "B", "é", "É", "école", "abc", "abc\n", "\nabc", "ab ab", "ab", "abab", "ababab", "abababab",
	" ", "\t", "\n", "\r", "\v", "\f", "\u00a0", "\u1680", "\u2003", "\u2028", "\u2029", "\u202f", "\u3000",
	"\ufeff", "\u0085", "\u180e", "\u200b", "\u2013", "\x01", "\x00", "\x03", "\b", "0", "9", "৪", "৪২", "٣",
	"2026", "20261", "_", "x", "xé", "éx", "x y", "😀", "😀😀", "α", "Ω", "ΩΩ", "AB", ":", "a]", "[", "]", "^", "-",
	"&", "~", "a-b/c", "b", "bc", "abcbc", "x,y", "y,x", ",x,", "ÿ", "é\u0301", "ǅ", "ſ", "K", "\u212a",
}

// patternSchemas are one schema per parity pattern, each tried on every probe.
func patternSchemas(t *testing.T) []paritySchema {
	t.Helper()
	var out []paritySchema
	for _, p := range parityPatterns {
		table := &lower.Table{
			Nodes:   []cgruntime.Node{{}, {Types: cgruntime.TypeString, Pattern: p}},
			Origins: []string{"", "pattern.json#"},
		}
		if Check(table) != nil {
			t.Fatalf("the Rust target refuses the parity pattern %q: %v", p, Check(table))
		}
		text, err := TableJSON(table)
		if err != nil {
			t.Fatal(err)
		}
		var cases []parityCase
		for _, s := range parityProbes {
			enc, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			cases = append(cases, parityCase{Name: "probe " + string(enc), JSON: string(enc)})
		}
		goAnswers(t, table, 1, cases)
		out = append(out, paritySchema{Name: "pattern: " + p, Table: string(text), Root: 1, Cases: cases})
	}
	return out
}

// TestParityCorpus checks that tests/rust/testdata/parity.json holds the corpus with the Go
// runtime's answers as they are now; -update rewrites it. The Rust tests read the file, so the
// Rust runtime is compared with the Go runtime, not with answers written by hand.
func TestParityCorpus(t *testing.T) {
	corpus := parityCorpus(t)
	cases, invalid, suite, golden, patterns := 0, 0, 0, 0, 0
	for _, s := range corpus {
		if strings.Contains(s.Table, `"Pattern":`) {
			patterns += len(s.Cases)
		}
		for _, c := range s.Cases {
			cases++
			if len(c.Violations) > 0 {
				invalid++
			}
		}
		if strings.HasPrefix(s.Name, "suite: ") {
			suite++
		}
		if strings.HasPrefix(s.Name, "golden: ") {
			golden++
		}
	}
	if cases < 500 || invalid < 200 || suite < 50 || golden < 20 || patterns < 300 {
		t.Errorf("the corpus has %d cases (%d invalid), %d suite groups, %d golden cases and %d instances under a pattern; it must cover more",
			cases, invalid, suite, golden, patterns)
	}
	want, err := json.MarshalIndent(corpus, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	path := filepath.FromSlash(parityPath)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/gen/emit/rust -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale; run go test ./internal/gen/emit/rust -run TestParityCorpus -update", parityPath)
	}
}

// unionParity are schemas whose failing anyOf and oneOf name their cause, as every runtime
// reports it: a branch selected by a const or enum tag, a required member or the JSON type
// reports its violations; otherwise each branch reports its first. Go's answers are computed.
var unionParity = []struct {
	name, schema string
	instances    []string
}{
	{"tagged objects", `{"title": "Pet", "oneOf": [{"$ref": "#/$defs/cat"}, {"$ref": "#/$defs/dog"}],
		"$defs": {
			"cat": {"type": "object", "required": ["kind", "lives"], "properties": {"kind": {"const": "cat"}, "lives": {"type": "integer", "minimum": 0}}},
			"dog": {"type": "object", "required": ["kind", "bark"], "properties": {"kind": {"$ref": "#/$defs/dogKind"}, "bark": {"type": "boolean"}}},
			"dogKind": {"enum": ["dog", "puppy"]}}}`,
		[]string{`{"kind":"cat","lives":-1}`, `{"kind":"dog","bark":"loud","lives":1}`, `{"kind":"puppy","bark":1}`,
			`{"kind":"cow"}`, `{"kind":"cat","bark":true}`, `{}`, `[]`, `"cat"`, `{"kind":"cat","lives":9}`, `{"kind":"dog","bark":false,"lives":2}`}},
	{"nullable reference", `{"title": "Page", "type": "object", "properties": {"cursor": {"oneOf": [{"$ref": "#/$defs/cursor"}, {"type": "null"}]}},
		"$defs": {"cursor": {"type": "string", "minLength": 4}}}`,
		[]string{`{"cursor":"ab"}`, `{"cursor":null}`, `{"cursor":1}`, `{"cursor":"abcd"}`}},
	{"scalars", `{"title": "Size", "anyOf": [{"type": "string", "pattern": "^[0-9]+px$"}, {"type": "integer", "minimum": 1}, {"type": "boolean", "const": true}]}`,
		[]string{`"12em"`, `0`, `1.0`, `2.5`, `false`, `true`, `null`, `"3px"`}},
	{"two candidates", `{"title": "Shape", "oneOf": [
			{"type": "object", "required": ["r"], "properties": {"r": {"type": "number", "exclusiveMinimum": 0}}},
			{"type": "object", "required": ["w", "h"], "properties": {"w": {"type": "number"}, "h": {"type": "number"}}, "additionalProperties": false}]}`,
		[]string{`{"r":-1}`, `{"r":1,"w":1,"h":2}`, `{"r":"x","w":1,"h":1}`, `{"w":1,"h":"1"}`, `{"w":1,"h":1}`, `{"r":0,"w":1}`}},
	{"nested unions", `{"title": "Tree", "anyOf": [{"type": "array", "items": {"$ref": "#"}},
			{"type": "object", "required": ["leaf"], "properties": {"leaf": {"anyOf": [{"type": "string"}, {"type": "integer"}]}}}]}`,
		[]string{`[[{"leaf":true}]]`, `{"leaf":1.5}`, `{"leaf":"a","x":1}`, `[{"nope":1}]`, `3`, `[{"leaf":[1]},2]`}},
	{"overlapping branches", `{"title": "Num", "oneOf": [{"type": "integer"}, {"minimum": 0}, false]}`,
		[]string{`5`, `-1.5`, `"x"`, `-1`, `null`}},
}

// unionSchemas are the unionParity schemas with their instances.
func unionSchemas(t *testing.T) []paritySchema {
	t.Helper()
	dir := t.TempDir()
	var out []paritySchema
	for i, u := range unionParity {
		path := filepath.Join(dir, fmt.Sprintf("union%d.schema.json", i))
		if err := os.WriteFile(path, []byte(u.schema), 0o644); err != nil {
			t.Fatal(err)
		}
		pkg, table, err := buildTable(path)
		if err != nil || len(pkg.Roots) == 0 {
			t.Fatalf("union schema %q does not build: %v", u.name, err)
		}
		if err := Check(table); err != nil {
			t.Fatalf("the Rust target refuses union schema %q: %v", u.name, err)
		}
		var cases []parityCase
		for _, in := range u.instances {
			cases = append(cases, parityCase{Name: in, JSON: in})
		}
		out = append(out, newSchema(t, "union: "+u.name, pkg, table, cases))
	}
	return out
}
