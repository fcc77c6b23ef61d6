package compat

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/load"
)

// firstHour is the corpus of schemas a new user tries first, with the catalog's own instances.
const firstHour = "../../../../shared/corpus/first-hour"

// history is one realistic edit of a first-hour schema and the verdict compat must give.
type history struct {
	name   string
	schema string
	edit   func(doc map[string]any)
	// rename rewrites the document's text after the edit (definitions renamed with their refs).
	rename [2]string
	// backward and forward are whether the edit is breaking in each mode.
	backward, forward bool
	// rule must be among the reported rules (empty: nothing may be reported but annotations).
	rule string
}

// at walks a decoded document by pointer tokens.
func at(doc any, tokens ...string) map[string]any {
	cur := doc
	for _, tok := range tokens {
		switch t := cur.(type) {
		case map[string]any:
			cur = t[tok]
		case []any:
			i := 0
			for _, c := range tok {
				i = i*10 + int(c-'0')
			}
			cur = t[i]
		}
	}
	return cur.(map[string]any)
}

var histories = []history{
	{
		name: "github-workflow: optional member added to the snapshot mapping (a closed object inside oneOf)", schema: "github-workflow.json",
		edit: func(d map[string]any) {
			at(d, "definitions", "snapshot", "oneOf", "1", "properties")["labels"] = map[string]any{"type": "string"}
		},
		backward: false, forward: true, rule: RuleMemberAdded,
	},
	{
		name: "github-workflow: image-name no longer required in the snapshot mapping", schema: "github-workflow.json",
		edit: func(d map[string]any) {
			at(d, "definitions", "snapshot", "oneOf", "1")["required"] = []any{}
		},
		backward: false, forward: true, rule: RuleMemberMadeOptional,
	},
	{
		name: "github-workflow: the snapshot string form dropped", schema: "github-workflow.json",
		edit: func(d map[string]any) {
			s := at(d, "definitions", "snapshot")
			s["oneOf"] = s["oneOf"].([]any)[1:]
		},
		backward: true, forward: false, rule: RuleBranchRemoved,
	},
	{
		name: "tsconfig: target accepts es2026", schema: "tsconfig.json",
		edit: func(d map[string]any) {
			e := at(d, "definitions", "compilerOptionsDefinition", "properties", "compilerOptions", "properties", "target", "anyOf", "0")
			e["enum"] = append(e["enum"].([]any), "es2026")
		},
		backward: false, forward: true, rule: RuleEnumValueAdded,
	},
	{
		name: "tsconfig: a definition renamed with every reference to it", schema: "tsconfig.json",
		edit:   func(map[string]any) {},
		rename: [2]string{"compilerOptionsDefinition", "compilerOptionsSection"},
	},
	{
		name: "tsconfig: descriptions rewritten", schema: "tsconfig.json",
		edit: func(d map[string]any) {
			at(d, "definitions", "compilerOptionsDefinition", "properties", "compilerOptions", "properties", "target")["description"] = "The language version."
		},
		rule: "",
	},
	{
		name: "dependabot: npm no longer a package ecosystem", schema: "dependabot-2.0.json",
		edit: func(d map[string]any) {
			e := at(d, "definitions", "package-ecosystem-values")
			var kept []any
			for _, v := range e["enum"].([]any) {
				if v != "npm" {
					kept = append(kept, v)
				}
			}
			e["enum"] = kept
		},
		backward: true, forward: false, rule: RuleEnumValueRemoved,
	},
	{
		name: "dependabot: schedule now required", schema: "dependabot-2.0.json",
		edit: func(d map[string]any) {
			u := at(d, "definitions", "update")
			u["required"] = append(u["required"].([]any), "schedule")
		},
		backward: true, forward: false, rule: RuleMemberMadeRequired,
	},
	{
		name: "openhab: a $defs entry renamed with every reference to it", schema: "openhab-5.1.json",
		edit:   func(map[string]any) {},
		rename: [2]string{"#/$defs/thing_uid", "#/$defs/thing_id"},
	},
	{
		name: "openhab: the boolean enum written as a type", schema: "openhab-5.1.json",
		edit: func(d map[string]any) {
			at(d, "$defs")["bool_value_type"] = map[string]any{"type": "boolean"}
		},
	},
	{
		name: "openhab: config values may be null too", schema: "openhab-5.1.json",
		edit: func(d map[string]any) {
			c := at(d, "$defs", "config_value_type")
			c["oneOf"] = append(c["oneOf"].([]any), map[string]any{"type": "null"})
		},
		backward: false, forward: true, rule: RuleBranchAdded,
	},
}

// editedCopy applies a history's edit to its schema and returns both versions.
func editedCopy(t *testing.T, h history) (string, string) {
	t.Helper()
	oldDoc, err := os.ReadFile(filepath.Join(firstHour, "schemas", h.schema))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	dec := json.NewDecoder(strings.NewReader(string(oldDoc)))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	h.edit(doc)
	newDoc, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	text := string(newDoc)
	if h.rename[0] != "" {
		key := h.rename[0][strings.LastIndexByte(h.rename[0], '/')+1:]
		newKey := h.rename[1][strings.LastIndexByte(h.rename[1], '/')+1:]
		text = strings.ReplaceAll(text, h.rename[0], h.rename[1])
		text = strings.ReplaceAll(text, `"`+key+`":`, `"`+newKey+`":`)
	}
	return string(oldDoc), text
}

func TestFirstHourHistories(t *testing.T) {
	needShared(t, firstHour)
	instances := 0
	for _, h := range histories {
		oldDoc, newDoc := editedCopy(t, h)
		for _, mode := range []Mode{Backward, Forward} {
			r, err := CompareWith([]byte(oldDoc), []byte(newDoc), Options{Mode: mode, Profiles: testProfiles})
			if err != nil {
				t.Fatalf("%s: %v", h.name, err)
			}
			want := h.backward
			if mode == Forward {
				want = h.forward
			}
			found := h.rule == ""
			for _, ch := range r.Changes {
				if ch.Rule == h.rule {
					found = true
				}
				if h.rule == "" && ch.Class != Annotation {
					found = false
				}
			}
			if r.Breaking() != want || !found {
				t.Errorf("%s under %s: breaking=%t, want %t, rule %q reported: %t\n%s", h.name, mode, r.Breaking(), want, h.rule, found, textOf(r))
			}
		}
		var pool []string
		for _, kind := range []string{"valid", "invalid"} {
			files, _ := filepath.Glob(filepath.Join(firstHour, "instances", strings.TrimSuffix(h.schema, ".json"), kind, "*.json"))
			for _, f := range files {
				b, err := os.ReadFile(f)
				if err == nil {
					pool = append(pool, string(b))
				}
			}
		}
		n, _, err := falsify(t, h.name, oldDoc, newDoc, pool)
		if err != nil {
			t.Fatalf("%s: %v", h.name, err)
		}
		instances += n
	}
	t.Logf("first-hour histories: %d edits, %d catalog instances checked with the reference validator", len(histories), instances)
}

// TestFirstHourPackageAcrossFiles compares package.json, whose members refer to other catalog
// schemas by https://json.schemastore.org URIs, read through --ref-map as the command does.
func TestFirstHourPackageAcrossFiles(t *testing.T) {
	needShared(t, firstHour)
	dir := filepath.Join(firstHour, "schemas")
	data, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	edited := strings.Replace(string(data), `"required": ["name"]`, `"required": ["name", "email"]`, 1)
	if edited == string(data) {
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		at(doc, "definitions", "person")["required"] = []any{"name", "email"}
		b, _ := json.Marshal(doc)
		edited = string(b)
	}
	newPath := filepath.Join(tmp, "package.json")
	if err := os.WriteFile(newPath, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	lopts := load.Options{RefMap: []load.RefMap{
		{Prefix: "https://json.schemastore.org/", Dir: dir},
		{Prefix: "https://www.schemastore.org/", Dir: dir},
	}}
	same, err := CompareFiles(filepath.Join(dir, "package.json"), filepath.Join(dir, "package.json"), lopts, Options{Mode: Backward, Profiles: testProfiles})
	if err != nil {
		t.Fatal(err)
	}
	if len(same.Changes) != 0 {
		t.Errorf("package.json against itself: %s", textOf(same))
	}
	r, err := CompareFiles(filepath.Join(dir, "package.json"), newPath, lopts, Options{Mode: Backward, Profiles: testProfiles})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Breaking() {
		t.Errorf("person.email made required is not breaking backward:\n%s", textOf(r))
	}
}
