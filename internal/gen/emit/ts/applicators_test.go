package ts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/lower"
	"github.com/contractgen/contractgen/internal/sharedtest"
)

// verdictCase is one instance a generated module judges, with the verdict it must give.
type verdictCase struct {
	Module string `json:"module"`
	Name   string `json:"name"`
	JSON   string `json:"json"`
	Valid  bool   `json:"valid"`
	// Guard judges JSON.parse(JSON) with the module's type guard (open enums) instead of the text
	// validator.
	Guard bool `json:"guard,omitempty"`
	// Construct builds the root's Error class from JSON.parse(JSON), which judges with open enums
	// too; the case's violations are then the one TypeError message it throws, under Error.
	Construct bool `json:"construct,omitempty"`
}

// tsModule is one generated module and the names of its text validator, type guard and class.
type tsModule struct {
	name, fn, guard, class string
	src                    []byte
}

// emitModule builds the schema files into a package and generates its TypeScript module.
func emitModule(t *testing.T, name string, schemas []string) (tsModule, *ir.Package, error) {
	t.Helper()
	set, err := load.Files(schemas)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	pkg, err := build.Build(set, build.Options{Package: "m"})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	files, err := Emit(pkg)
	if err != nil {
		return tsModule{}, pkg, err
	}
	return tsModule{name: name, fn: "validate" + pkg.Roots[0].Name + "JSON", guard: "is" + typeNames(pkg)[pkg.Roots[0]],
		class: pkg.Roots[0].Name, src: files[0].Bytes}, pkg, nil
}

// tsViolation is a violation as the module reports it.
type tsViolation struct {
	InstanceLocation string `json:"instanceLocation"`
	KeywordLocation  string `json:"keywordLocation"`
	Error            string `json:"error"`
}

// runModules type-checks the modules with tsc --strict (every flag tests/ts uses), compiles them
// and has node judge each case with the module's text validator; it reports every case whose
// verdict differs from the expected one, and returns each case's violations.
func runModules(t *testing.T, modules []tsModule, cases []verdictCase) [][]tsViolation {
	t.Helper()
	tsc := findTSC(t)
	node := findNode(t)
	dir := t.TempDir()
	var files []string
	for _, m := range modules {
		p := filepath.Join(dir, m.name+".ts")
		if err := os.WriteFile(p, m.src, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	args := append([]string{"--strict", "--exactOptionalPropertyTypes", "--noUncheckedIndexedAccess", "--noImplicitReturns",
		"--noImplicitOverride", "--noUnusedLocals", "--noUnusedParameters", "--noPropertyAccessFromIndexSignature",
		"--target", "es2020", "--lib", "es2020", "--module", "commonjs", "--outDir", filepath.Join(dir, "out")}, files...)
	if out, err := exec.Command(tsc, args...).CombinedOutput(); err != nil {
		t.Fatalf("tsc --strict: %v\n%s", err, out)
	}
	fns := map[string][3]string{}
	for _, m := range modules {
		fns[m.name] = [3]string{m.fn, m.guard, m.class}
	}
	casesJSON, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cases.json"), casesJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	fnsJSON, _ := json.Marshal(fns)
	driver := `const path = require("path");
const cases = require("./cases.json");
const fns = ` + string(fnsJSON) + `;
const out = cases.map((c) => {
  const m = require(path.join(__dirname, "out", c.module + ".js"));
  try {
    if (c.guard) {
      return { valid: m[fns[c.module][1]](JSON.parse(c.json)) };
    }
    if (c.construct) {
      try {
        new m[fns[c.module][2]](JSON.parse(c.json));
        return { valid: true };
      } catch (e) {
        if (!(e instanceof TypeError)) {
          throw e;
        }
        return { valid: false, violations: [{ instanceLocation: "", keywordLocation: "", error: e.message }] };
      }
    }
    const vs = m[fns[c.module][0]](c.json);
    return { valid: vs.length === 0, violations: vs };
  } catch (e) {
    return { error: String(e) };
  }
});
process.stdout.write(JSON.stringify(out));
`
	if err := os.WriteFile(filepath.Join(dir, "driver.js"), []byte(driver), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd := exec.Command(node, filepath.Join(dir, "driver.js"))
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var got []struct {
		Valid      *bool         `json:"valid"`
		Error      string        `json:"error"`
		Violations []tsViolation `json:"violations"`
	}
	if err := json.Unmarshal(stdout, &got); err != nil || len(got) != len(cases) {
		t.Fatalf("node's answer %q: %v", stdout, err)
	}
	for i, c := range cases {
		switch {
		case got[i].Error != "":
			t.Errorf("%s: %s: %s threw %s", c.Module, c.Name, c.JSON, got[i].Error)
		case *got[i].Valid != c.Valid:
			t.Errorf("%s: %s: %s: TypeScript says valid=%v, want %v", c.Module, c.Name, c.JSON, *got[i].Valid, c.Valid)
		}
	}
	vs := make([][]tsViolation, len(got))
	for i := range got {
		vs[i] = got[i].Violations
	}
	return vs
}

// suiteFiles are the official suite's files for the keywords this target's runtime added with
// issue 16, whose verdicts the generated modules must reproduce.
var suiteFiles = []string{"allOf", "anyOf", "oneOf", "not", "if-then-else", "dependentRequired", "dependentSchemas",
	"minProperties", "maxProperties"}

// TestApplicatorsAgainstSuite generates a module for each group of the official suite's files on
// allOf, anyOf, oneOf, not, if/then/else, dependentRequired, dependentSchemas and min/maxProperties
// and checks that the TypeScript validator gives the suite's verdicts. The module's root must be
// an object with properties, so each group's schema is wrapped as the required member "v" of one,
// and each instance as that member; groups that refer into their own document ($ref, $defs) or use
// keywords the target refuses on purpose (unevaluated*) are left out, and counted.
func TestApplicatorsAgainstSuite(t *testing.T) {
	suite := filepath.Join(sharedtest.Suite(t), "tests", "draft2020-12")
	dir := t.TempDir()
	var modules []tsModule
	var cases []verdictCase
	skipped := 0
	for _, file := range suiteFiles {
		data, err := os.ReadFile(filepath.Join(suite, file+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var groups []struct {
			Description string          `json:"description"`
			Schema      json.RawMessage `json:"schema"`
			Tests       []struct {
				Description string          `json:"description"`
				Data        json.RawMessage `json:"data"`
				Valid       bool            `json:"valid"`
			} `json:"tests"`
		}
		if err := json.Unmarshal(data, &groups); err != nil {
			t.Fatal(err)
		}
		for gi, g := range groups {
			if bytes.Contains(g.Schema, []byte(`"$ref"`)) || bytes.Contains(g.Schema, []byte(`"$defs"`)) ||
				bytes.Contains(g.Schema, []byte(`"unevaluated`)) {
				skipped++
				continue
			}
			var inner map[string]json.RawMessage
			if json.Unmarshal(g.Schema, &inner) == nil {
				delete(inner, "$schema")
				g.Schema, _ = json.Marshal(inner)
			}
			name := fmt.Sprintf("%s_%d", strings.ReplaceAll(file, "-", "_"), gi)
			wrapped := `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Wrap", "type": "object",
  "properties": {"v": ` + string(g.Schema) + `}, "required": ["v"]}`
			p := filepath.Join(dir, name+".schema.json")
			if err := os.WriteFile(p, []byte(wrapped), 0o644); err != nil {
				t.Fatal(err)
			}
			m, _, err := emitModule(t, name, []string{p})
			if err != nil {
				t.Errorf("%s (%s): %v", file, g.Description, err)
				continue
			}
			modules = append(modules, m)
			for _, c := range g.Tests {
				cases = append(cases, verdictCase{Module: name, Name: g.Description + ": " + c.Description,
					JSON: `{"v":` + string(c.Data) + `}`, Valid: c.Valid})
			}
		}
	}
	t.Logf("%d groups generated, %d cases; %d groups left out", len(modules), len(cases), skipped)
	if len(modules) < 40 {
		t.Fatalf("only %d groups generated", len(modules))
	}
	runModules(t, modules, cases)
}

// composedGoldens are the golden cases whose schemas compose (unions, allOf, object-level
// conditions, the result contracts); each now has a TypeScript module. allof-ref-extension is
// not among them: it uses unevaluatedProperties, which needs annotations this runtime does not
// collect, and TestUnevaluatedGoldenRefused pins that it is refused.
var composedGoldens = []string{"union-discriminated", "union-enum-discriminator", "union-required-members",
	"union-json-type", "union-ambiguous", "union-accessors", "union-scalar-inline", "allof-merge",
	"object-conditions", "result-contract-conditions", "result-contract-extension"}

// TestUnevaluatedGoldenRefused: allof-ref-extension's unevaluatedProperties still fails generation
// with the keyword's location, rather than validating more loosely than Go.
func TestUnevaluatedGoldenRefused(t *testing.T) {
	schemas, _ := filepath.Glob(filepath.Join(repoRoot, "testdata", "golden", "allof-ref-extension", "*.schema.json"))
	_, _, err := emitModule(t, "x", schemas)
	if err == nil || !strings.Contains(err.Error(), "customer.schema.json#") || !strings.Contains(err.Error(), "unevaluatedProperties") {
		t.Fatalf("err = %v, want unevaluatedProperties refused at customer.schema.json#", err)
	}
}

// backquoted finds the raw string literals of a Go file: the golden cases' hand-written tests
// hold their instances that way.
var backquoted = regexp.MustCompile("`([^`]*)`")

// goldenInstances harvests the JSON objects written in a golden case's Go tests, and adds each with
// one member dropped and with one member set to null, so that invalid instances are well represented.
func goldenInstances(t *testing.T, dir string) []string {
	t.Helper()
	tests, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, f := range tests {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range backquoted.FindAllSubmatch(src, -1) {
			text := strings.TrimSpace(string(m[1]))
			var obj map[string]json.RawMessage
			if !strings.HasPrefix(text, "{") || json.Unmarshal([]byte(text), &obj) != nil {
				continue
			}
			add(text)
			keys := make([]string, 0, len(obj))
			for k := range obj {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				drop := map[string]json.RawMessage{}
				for k2, v := range obj {
					if k2 != k {
						drop[k2] = v
					}
				}
				b, _ := json.Marshal(drop)
				add(string(b))
				drop[k] = json.RawMessage("null")
				b, _ = json.Marshal(drop)
				add(string(b))
			}
		}
	}
	return out
}

// TestComposedGoldensAgreeWithReference generates the module of every composed golden case,
// type-checks it with tsc --strict, and checks that its verdicts on the instances of the case's
// Go tests (and variants of them) are the reference validator's.
func TestComposedGoldensAgreeWithReference(t *testing.T) {
	var modules []tsModule
	var cases []verdictCase
	var goViolations [][]tsViolation
	for _, name := range composedGoldens {
		dir := filepath.Join(repoRoot, "testdata", "golden", name)
		schemas, _ := filepath.Glob(filepath.Join(dir, "*.schema.json"))
		if len(schemas) == 0 {
			t.Fatalf("%s: no schema", name)
		}
		mod := strings.ReplaceAll(name, "-", "_")
		m, pkg, err := emitModule(t, mod, schemas)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		modules = append(modules, m)
		rootFile, _, _ := strings.Cut(pkg.Roots[0].Origin, "#")
		if !filepath.IsAbs(rootFile) {
			rootFile = filepath.Join(dir, filepath.Base(rootFile))
		}
		c := jsonschema.NewCompiler()
		sch, err := c.Compile(rootFile)
		if err != nil {
			t.Fatalf("%s: reference: %v", name, err)
		}
		table := lower.Lower(pkg)
		nodes := cgruntime.Compile(table.Nodes)
		root := table.Of(pkg.Roots[0].Schema)
		instances := goldenInstances(t, dir)
		valid := 0
		for i, text := range instances {
			inst, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
			if err != nil {
				t.Fatal(err)
			}
			ok := sch.Validate(inst) == nil
			if ok {
				valid++
			}
			cases = append(cases, verdictCase{Module: mod, Name: fmt.Sprint("instance ", i), JSON: text, Valid: ok})
			gv, err := cgruntime.ValidateJSON(nodes, root, []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			var list []tsViolation
			for _, v := range gv {
				list = append(list, tsViolation{v.InstanceLocation, v.KeywordLocation, v.Message})
			}
			goViolations = append(goViolations, list)
		}
		t.Logf("%s: %d instances, %d valid", name, len(instances), valid)
		if valid == 0 || valid == len(instances) {
			t.Errorf("%s: %d of %d instances valid; both kinds are needed", name, valid, len(instances))
		}
	}
	got := runModules(t, modules, cases)
	// Beyond the verdict, the module reports the same violations as the Go validator, which
	// interprets the same table: locations and messages.
	for i, c := range cases {
		if diff := cmp.Diff(goViolations[i], got[i], cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: %s: %s: violations differ from Go's (-go +ts):\n%s", c.Module, c.Name, c.JSON, diff)
		}
	}
}

// TestGuardOpenEnumsUnderApplicators pins how the type guard's open enums (unknown enum strings
// pass, as the types allow) meet the applicators: a value that matches one oneOf branch exactly
// is that variant even where an open reading would admit two; with no exact match, the guard
// accepts the one branch that admits the value openly; not judges exactly, so openness never
// rejects more than the validator does.
func TestGuardOpenEnumsUnderApplicators(t *testing.T) {
	schema := `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "G", "type": "object",
  "properties": {
    "p": {"oneOf": [
      {"type": "object", "properties": {"kind": {"const": "a"}, "color": {"enum": ["red", "blue"]}}, "required": ["kind"]},
      {"type": "object", "properties": {"kind": {"enum": ["a", "b"]}, "color": {"enum": ["green"]}}, "required": ["kind", "color"]}
    ]},
    "q": {"not": {"enum": ["x"]}}
  }}`
	p := filepath.Join(t.TempDir(), "g.schema.json")
	if err := os.WriteFile(p, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	m, _, err := emitModule(t, "g", []string{p})
	if err != nil {
		t.Fatal(err)
	}
	var cases []verdictCase
	for _, c := range []struct {
		json         string
		valid, guard bool
	}{
		{`{"p": {"kind": "a", "color": "red"}}`, true, true},
		{`{"p": {"kind": "a", "color": "green"}}`, true, true},
		// Openly both branches admit it (kind "a" is in both), so it is not one variant.
		{`{"p": {"kind": "a", "color": "purple"}}`, false, false},
		{`{"p": {"kind": "b", "color": "purple"}}`, false, true},
		{`{"p": {"kind": "c", "color": "green"}}`, false, true},
		// Openly only the second branch admits it (the first's kind is a const, not an enum).
		{`{"p": {"kind": "c", "color": "red"}}`, false, true},
		{`{"q": "y"}`, true, true},
		{`{"q": "x"}`, false, false},
	} {
		cases = append(cases, verdictCase{Module: "g", Name: "validate", JSON: c.json, Valid: c.valid},
			verdictCase{Module: "g", Name: "guard", JSON: c.json, Valid: c.guard, Guard: true})
	}
	runModules(t, []tsModule{m}, cases)
}
