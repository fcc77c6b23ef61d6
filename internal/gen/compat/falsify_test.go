package compat

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// suiteRoot is the official JSON-Schema-Test-Suite beside the worktree.
const suiteRoot = "../../../../shared/conformance/json-schema-test-suite/tests"

// needShared skips a test when ../shared is absent, unless CI=true, where it must be there.
func needShared(t testing.TB, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing: CI needs ../shared beside the worktree", path)
		}
		t.Skipf("skipped: %s is absent (../shared is not beside this worktree)", path)
	}
}

// dialectURIs are the $schema values the pairs' dialects stand for.
var dialectURIs = map[string]string{
	"4": "http://json-schema.org/draft-04/schema#", "6": "http://json-schema.org/draft-06/schema#",
	"7": "http://json-schema.org/draft-07/schema#", "2019": "https://json-schema.org/draft/2019-09/schema",
	"2020": "https://json-schema.org/draft/2020-12/schema",
}

// suiteDirs are the suite's directory names for the pairs' dialects.
var suiteDirs = map[string]string{"4": "draft4", "6": "draft6", "7": "draft7", "2019": "draft2019-09", "2020": "draft2020-12"}

// withDialect adds the pair's $schema to an object schema; a boolean schema stays as it is.
func withDialect(dialect, doc string) string {
	uri, ok := dialectURIs[dialect]
	if !ok || !strings.HasPrefix(strings.TrimSpace(doc), "{") {
		return doc
	}
	rest := strings.TrimPrefix(strings.TrimSpace(doc), "{")
	if strings.TrimSpace(rest) == "}" {
		return fmt.Sprintf(`{"$schema":%q}`, uri)
	}
	return fmt.Sprintf(`{"$schema":%q,%s`, uri, rest)
}

// flipWant is the expected direction of a pair run in reverse.
func flipWant(w string) string {
	switch w {
	case "+":
		return "-"
	case "-":
		return "+"
	}
	return w
}

// wantClass is the verdict each direction must give under each mode, written out here rather
// than taken from the package so that the table checks the package's mapping too.
var wantClass = map[string]map[Mode]bool{ // direction -> mode -> breaking
	"=": {Backward: false, Forward: false, Full: false},
	"+": {Backward: false, Forward: true, Full: true},
	"-": {Backward: true, Forward: false, Full: true},
	"±": {Backward: true, Forward: true, Full: true},
}

// allPairs returns the table's pairs and their reverses.
func allPairs() []pair {
	var out []pair
	for _, p := range pairs {
		out = append(out, p)
		r := p
		r.name, r.old, r.new, r.want = p.name+" (reversed)", p.new, p.old, flipWant(p.want)
		out = append(out, r)
	}
	return out
}

func TestPairTable(t *testing.T) {
	all := allPairs()
	if len(all) < 150 {
		t.Fatalf("the table has %d pairs, want at least 150", len(all))
	}
	agree := 0
	for _, p := range all {
		oldDoc, newDoc := withDialect(p.dialect, p.old), withDialect(p.dialect, p.new)
		ok := true
		for _, mode := range []Mode{Backward, Forward, Full} {
			r, err := CompareWith([]byte(oldDoc), []byte(newDoc), Options{Mode: mode, Profiles: testProfiles})
			if err != nil {
				t.Errorf("%s: %v", p.name, err)
				ok = false
				break
			}
			if got, want := r.Breaking(), wantClass[p.want][mode]; got != want {
				t.Errorf("%s under %s: breaking=%t, want %t (direction %s)\n%s\n%s\n%s", p.name, mode, got, want, p.want, oldDoc, newDoc, textOf(r))
				ok = false
			}
		}
		if ok {
			agree++
		}
	}
	t.Logf("per-mode table: %d of %d pairs agree under backward, forward and full", agree, len(all))
}

// textOf renders a report for failure messages.
func textOf(r *Report) string {
	var b strings.Builder
	_ = r.WriteText(&b)
	return b.String()
}

// referenceCompile compiles a schema document with the reference validator.
func referenceCompile(doc string) (*jsonschema.Schema, error) {
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(doc))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("mem:///schema.json", v); err != nil {
		return nil, err
	}
	return c.Compile("mem:///schema.json")
}

// basePool are instances of every type with the values schemas in the table talk about.
var basePool = []string{
	`null`, `true`, `false`, `0`, `1`, `-1`, `2`, `2.5`, `3`, `4`, `5`, `5.5`, `6`, `9`, `10`, `11`, `15`, `20`, `100`, `1.0`,
	`""`, `"a"`, `"ab"`, `"abc"`, `"abcd"`, `"abcde"`, `"b"`, `"c"`, `"x-1"`, `"hello world"`,
	`[]`, `[1]`, `[1,1]`, `[1,"a"]`, `["a"]`, `["a","b"]`, `["a",1]`, `["a","b","c"]`, `[null]`, `[1,2,3]`, `["a","a"]`, `[{}]`, `[[]]`, `["a",1,null]`,
	`{}`, `{"a":1}`, `{"a":"x"}`, `{"b":1}`, `{"a":1,"b":2}`, `{"a":"x","b":"y"}`, `{"c":null}`, `{"x-a":"s"}`, `{"x-a":1}`,
	`{"a1":1}`, `{"a1":"s"}`, `{"k":"a"}`, `{"k":"b"}`, `{"k":"b","v":1}`, `{"k":"a","v":1}`, `{"a":{}}`, `{"a":[1,2]}`, `{"abcd":1}`,
}

// instancesFor gathers the instances a pair is checked with: the pool, the suite's instances for
// every keyword either schema uses, and instances built from the schemas' own values and names.
func instancesFor(t testing.TB, p pair, oldDoc, newDoc string) []string {
	return gatherInstances(p, oldDoc, newDoc, true)
}

// gatherInstances is instancesFor, with the suite's instances only when withSuite is set.
func gatherInstances(p pair, oldDoc, newDoc string, withSuite bool) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, s := range basePool {
		add(s)
	}
	var names []string
	var values []any
	for _, doc := range []string{oldDoc, newDoc} {
		var v any
		dec := json.NewDecoder(strings.NewReader(doc))
		dec.UseNumber()
		if dec.Decode(&v) != nil {
			continue
		}
		collect(v, &names, &values)
	}
	dir := suiteDirs[p.dialect]
	if dir == "" {
		dir = "draft2020-12"
	}
	for _, k := range keywordsIn(oldDoc, newDoc) {
		if !withSuite {
			break
		}
		for _, s := range suiteInstances(filepath.Join(suiteRoot, dir, k+".json")) {
			add(s)
		}
	}
	small := []any{nil, true, 1, json.Number("2.5"), "s", "abcdef", []any{}, map[string]any{}}
	small = append(small, values...)
	for _, v := range values {
		add(mustJSON(v))
		add(mustJSON([]any{v}))
		add(mustJSON([]any{v, v}))
		add(mustJSON([]any{"s", v}))
	}
	sort.Strings(names)
	for _, n := range names {
		for _, v := range small {
			add(mustJSON(map[string]any{n: v}))
		}
	}
	for _, v := range small {
		all := map[string]any{}
		for _, n := range names {
			all[n] = v
		}
		add(mustJSON(all))
		for _, n := range names {
			without := map[string]any{}
			for _, m := range names {
				if m != n {
					without[m] = v
				}
			}
			add(mustJSON(without))
		}
	}
	return out
}

// collect gathers the member names and the constants (enum, const, numbers) of a schema.
func collect(v any, names *[]string, values *[]any) {
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			switch k {
			case "properties", "patternProperties", "dependencies", "dependentRequired", "dependentSchemas":
				if m, ok := e.(map[string]any); ok {
					for n := range m {
						*names = append(*names, n)
					}
				}
			case "required":
				if l, ok := e.([]any); ok {
					for _, n := range l {
						if s, ok := n.(string); ok {
							*names = append(*names, s)
						}
					}
				}
			case "enum":
				if l, ok := e.([]any); ok {
					*values = append(*values, l...)
				}
			case "const":
				*values = append(*values, e)
			}
			if n, ok := e.(json.Number); ok {
				*values = append(*values, n)
			}
			collect(e, names, values)
		}
	case []any:
		for _, e := range t {
			collect(e, names, values)
		}
	}
}

// mustJSON encodes a value.
func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// keywordsIn lists every member name used in the schemas (a superset of their keywords).
func keywordsIn(docs ...string) []string {
	set := map[string]bool{}
	for _, doc := range docs {
		var v any
		if json.Unmarshal([]byte(doc), &v) != nil {
			continue
		}
		var walk func(any)
		walk = func(v any) {
			switch t := v.(type) {
			case map[string]any:
				for k, e := range t {
					set[k] = true
					walk(e)
				}
			case []any:
				for _, e := range t {
					walk(e)
				}
			}
		}
		walk(v)
	}
	return sortedKeys(set)
}

var (
	suiteMu    sync.Mutex
	suiteCache = map[string][]string{}
)

// suiteInstances returns the "data" of every test in a suite file, or nothing when the file
// does not exist (most member names are not keywords).
func suiteInstances(path string) []string {
	suiteMu.Lock()
	defer suiteMu.Unlock()
	if out, ok := suiteCache[path]; ok {
		return out
	}
	var groups []struct {
		Tests []struct {
			Data json.RawMessage `json:"data"`
		} `json:"tests"`
	}
	var out []string
	if b, err := os.ReadFile(path); err == nil && json.Unmarshal(b, &groups) == nil {
		for _, g := range groups {
			for _, tc := range g.Tests {
				out = append(out, string(tc.Data))
			}
		}
	}
	suiteCache[path] = out
	return out
}

// falsify checks one pair under every mode: when compat calls the change compatible, no instance
// may be accepted by the schema that must accept it and rejected by the other. It returns the
// number of instances tried and of false-compatible findings.
func falsify(t testing.TB, name, oldDoc, newDoc string, instances []string) (int, int, error) {
	os, err := referenceCompile(oldDoc)
	if err != nil {
		return 0, 0, err
	}
	ns, err := referenceCompile(newDoc)
	if err != nil {
		return 0, 0, err
	}
	bad := 0
	type verdict struct{ oldOK, newOK bool }
	results := make([]verdict, 0, len(instances))
	for _, inst := range instances {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(inst))
		if err != nil {
			t.Fatalf("%s: instance %s: %v", name, inst, err)
		}
		results = append(results, verdict{os.Validate(v) == nil, ns.Validate(v) == nil})
	}
	for _, mode := range []Mode{Backward, Forward, Full} {
		r, err := CompareWith([]byte(oldDoc), []byte(newDoc), Options{Mode: mode, Profiles: testProfiles})
		if err != nil {
			return 0, 0, err
		}
		if r.Breaking() {
			continue
		}
		for i, res := range results {
			lostOld := res.oldOK && !res.newOK // backward fails
			lostNew := res.newOK && !res.oldOK // forward fails
			if (mode != Forward && lostOld) || (mode != Backward && lostNew) {
				bad++
				t.Errorf("false compatible: %s under %s: instance %s (old valid %t, new valid %t)\nold %s\nnew %s\n%s",
					name, mode, instances[i], res.oldOK, res.newOK, oldDoc, newDoc, textOf(r))
			}
		}
	}
	return len(instances), bad, nil
}

func TestFalsifyPairs(t *testing.T) {
	needShared(t, suiteRoot)
	pairsDone, instances, falseCompatible := 0, 0, 0
	for _, p := range allPairs() {
		oldDoc, newDoc := withDialect(p.dialect, p.old), withDialect(p.dialect, p.new)
		n, bad, err := falsify(t, p.name, oldDoc, newDoc, instancesFor(t, p, oldDoc, newDoc))
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		pairsDone++
		instances += n
		falseCompatible += bad
	}
	t.Logf("falsification: %d pairs, %d instance checks per mode, false-compatible: %d", pairsDone, instances, falseCompatible)
}

// TestSemanticRulesExercised checks that the table makes compat report every rule of the
// backward, forward and full modes at least once, and no rule outside the documented lists.
func TestSemanticRulesExercised(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range allPairs() {
		r, err := CompareWith([]byte(withDialect(p.dialect, p.old)), []byte(withDialect(p.dialect, p.new)), Options{Mode: Backward, Profiles: testProfiles})
		if err != nil {
			t.Fatal(err)
		}
		for _, ch := range r.Changes {
			seen[ch.Rule] = true
		}
	}
	known := map[string]bool{}
	for _, r := range append(append([]string(nil), allRules...), semanticRules...) {
		known[r] = true
	}
	for rule := range seen {
		if !known[rule] {
			t.Errorf("rule %q is reported but not listed in rules.go", rule)
		}
	}
	for _, rule := range semanticRules {
		if !seen[rule] {
			t.Errorf("no pair of the table exercises rule %q", rule)
		}
	}
}
