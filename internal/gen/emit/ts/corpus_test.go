package ts

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

var update = flag.Bool("update", false, "rewrite tests/ts/corpus.json and the golden files")

// corpusCase is one instance of tests/ts/corpus.json. Valid is the verdict of the reference
// validator (santhosh-tekuri/jsonschema), which node's tests compare the TypeScript validator with.
type corpusCase struct {
	Name string `json:"name"`
	// JSON is the instance as text, so number literals and repeated member names survive.
	JSON  string `json:"json"`
	Valid bool   `json:"valid"`
}

const (
	schemaPath = "../../../../docs/contracts/schemas/agent-error.schema.json"
	corpusPath = "../../../../tests/ts/corpus.json"
)

// base is a valid instance with every optional member, written as members so that each case can
// replace, drop or add one without reformatting the rest.
var base = [][2]string{
	{"contract_version", `1`},
	{"kind", `"rate_limited"`},
	{"message", `"Too many requests to the search tool; wait a second."`},
	{"origin", `"budget"`},
	{"recovery", `{"action":"retry_later","same_arguments":"conditional","guidance":"Wait, then repeat.","retry_after_ms":1000}`},
	{"side_effects", `"none_expected"`},
	{"service", `"search"`},
	{"action", `"query"`},
	{"tool", `"web_search"`},
	{"upstream", `"search-upstream"`},
	{"command", `"labby search"`},
	{"prompt", `"summarize"`},
	{"resource", `"file:///tmp/x"`},
	{"cause", `"429 from upstream"`},
	{"original_kind", `"too_many_requests"`},
	{"evidence", `{"status":429,"nested":{"a":[1,2,null]}}`},
	{"safety", `{"read_only_hint":true,"destructive_hint":false,"idempotent_hint":true,"open_world_hint":true}`},
}

func object(members [][2]string) string {
	parts := make([]string, len(members))
	for i, m := range members {
		parts[i] = fmt.Sprintf("%q:%s", m[0], m[1])
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// with returns base with member name set to value ("" drops it); a name not in base is appended.
func with(name, value string) string {
	var out [][2]string
	found := false
	for _, m := range base {
		if m[0] == name {
			found = true
			if value == "" {
				continue
			}
			m[1] = value
		}
		out = append(out, m)
	}
	if !found {
		out = append(out, [2]string{name, value})
	}
	return object(out)
}

func recovery(members string) string { return with("recovery", "{"+members+"}") }

// corpusInstances lists the cases: every member missing, null and of the wrong type, boundary
// values, number forms, unknown and case-folded members, Unicode lengths and repeated names.
func corpusInstances() []corpusCase {
	var cs []corpusCase
	add := func(name, text string) { cs = append(cs, corpusCase{Name: name, JSON: text}) }
	add("base", object(base))
	for _, m := range base {
		add("missing "+m[0], with(m[0], ""))
		add("null "+m[0], with(m[0], "null"))
		add("array "+m[0], with(m[0], "[]"))
		add("number "+m[0], with(m[0], "7"))
		add("string "+m[0], with(m[0], `"x"`))
		add("case-folded "+m[0], strings.Replace(object(base), `"`+m[0]+`"`, `"`+strings.ToUpper(m[0][:1])+m[0][1:]+`"`, 1))
	}
	for _, v := range []string{`1.0`, `1e0`, `10e-1`, `1.0000000000000001`, `2`, `0`, `-1`, `true`, `"1"`, `1e400`} {
		add("contract_version "+v, with("contract_version", v))
	}
	for _, v := range []string{`0`, `-0`, `0.0`, `1e3`, `1.5`, `-1`, `-0.5`, `1e400`, `123456789012345678901234567890`, `1.0000000000000000001`, `9007199254740993`, `"10"`, `null`} {
		add("retry_after_ms "+v, recovery(`"action":"retry_later","same_arguments":"safe","guidance":"g","retry_after_ms":`+v))
	}
	for _, v := range []string{`""`, `"é"`, `"😀"`, `"\u0000"`, `"\ud83d\ude00"`, `"  "`} {
		add("kind "+v, with("kind", v))
		add("message "+v, with("message", v))
	}
	for _, member := range []string{"action", "same_arguments", "guidance"} {
		rec := map[string]string{"action": `"confirm"`, "same_arguments": `"never"`, "guidance": `"Ask first."`}
		var parts []string
		for _, k := range []string{"action", "same_arguments", "guidance"} {
			if k != member {
				parts = append(parts, fmt.Sprintf("%q:%s", k, rec[k]))
			}
		}
		add("recovery missing "+member, recovery(strings.Join(parts, ",")))
		add("recovery null "+member, recovery(strings.Join(append(parts, fmt.Sprintf("%q:null", member)), ",")))
		add("recovery number "+member, recovery(strings.Join(append(parts, fmt.Sprintf("%q:3", member)), ",")))
	}
	add("recovery unknown action", recovery(`"action":"teleport","same_arguments":"never","guidance":"g"`))
	add("recovery unknown same_arguments", recovery(`"action":"confirm","same_arguments":"sometimes","guidance":"g"`))
	add("recovery empty guidance", recovery(`"action":"confirm","same_arguments":"never","guidance":""`))
	add("recovery extra member", recovery(`"action":"confirm","same_arguments":"never","guidance":"g","attempts":3`))
	add("recovery case-folded Action", recovery(`"Action":"confirm","same_arguments":"never","guidance":"g"`))
	add("origin unknown", with("origin", `"quantum"`))
	add("origin upper case", with("origin", `"Budget"`))
	add("side_effects unknown", with("side_effects", `"maybe"`))
	add("safety string hint", with("safety", `{"read_only_hint":"true"}`))
	add("safety null hint", with("safety", `{"idempotent_hint":null}`))
	add("safety extra hint", with("safety", `{"cache_hint":"yes"}`))
	add("evidence empty", with("evidence", `{}`))
	add("unknown member", with("x_trace", `{"id":"abc"}`))
	add("unknown member with slash~tilde", with("a/b~c", `1`))
	add("repeated member, both valid", strings.Replace(object(base), `"kind":"rate_limited"`, `"kind":"rate_limited","kind":"timeout"`, 1))
	add("repeated member, first invalid", strings.Replace(object(base), `"kind":"rate_limited"`, `"kind":"","kind":"timeout"`, 1))
	add("repeated nested member", with("evidence", `{"a":1,"a":2}`))
	for _, v := range []string{`[]`, `"error"`, `null`, `42`, `true`, `{}`} {
		add("root "+v, v)
	}
	add("white space around", " \n\t"+object(base)+"\r\n")
	return cs
}

// referenceVerdicts validates each case with the reference validator.
func referenceVerdicts(t *testing.T, cs []corpusCase) {
	t.Helper()
	c := jsonschema.NewCompiler()
	schema, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.AddResource("urn:contractgen:agent-error:v1", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("urn:contractgen:agent-error:v1")
	if err != nil {
		t.Fatal(err)
	}
	for i := range cs {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(cs[i].JSON))
		if err != nil {
			t.Fatalf("case %q is not JSON: %v", cs[i].Name, err)
		}
		cs[i].Valid = sch.Validate(inst) == nil
	}
}

// TestCorpusFile checks that tests/ts/corpus.json holds exactly the cases above with the reference
// validator's verdicts; -update rewrites it. Node's tests read the file, so the TypeScript
// validator is compared with the reference, not with expectations written by hand.
func TestCorpusFile(t *testing.T) {
	cs := corpusInstances()
	referenceVerdicts(t, cs)
	names := map[string]bool{}
	valid := 0
	for _, c := range cs {
		if names[c.Name] {
			t.Fatalf("two cases are named %q", c.Name)
		}
		names[c.Name] = true
		if c.Valid {
			valid++
		}
	}
	if valid < 20 || len(cs)-valid < 100 {
		t.Errorf("the corpus has %d valid and %d invalid cases; both kinds must be well represented", valid, len(cs)-valid)
	}
	want, err := json.MarshalIndent(cs, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	path := filepath.FromSlash(corpusPath)
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale; run go test ./internal/gen/emit/ts -update", corpusPath)
	}
}
