package openapitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// example is one named example of one response.
type example struct {
	response, name string
	value          any
}

// responseExamples returns every example of every response in a JSON fragment.
func responseExamples(t *testing.T, doc map[string]any) []example {
	t.Helper()
	responses := member(t, doc, "components", "responses").(map[string]any)
	var out []example
	for _, rname := range sortedKeys(responses) {
		examples, ok := member(t, responses[rname], "content", "application/json").(map[string]any)["examples"].(map[string]any)
		if !ok {
			continue
		}
		for _, name := range sortedKeys(examples) {
			out = append(out, example{rname, name, member(t, examples[name], "value")})
		}
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// compileAt compiles the schema at location, with the document at url as a resource.
func compileAt(t *testing.T, url string, data []byte, location string) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(location)
	if err != nil {
		t.Fatalf("compile %s: %v", location, err)
	}
	return s
}

// instance turns a decoded value into the form the validator expects (numbers as json.Number).
func instance(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// referenceSchemas are the schemas every example must satisfy, compiled by santhosh-tekuri/jsonschema:
// the contract file itself, and the response body schema inside the 3.1 fragment, reached through
// its $ref to AgentError.
func referenceSchemas(t *testing.T) map[string]*jsonschema.Schema {
	t.Helper()
	fragment := "file:///generated/openapi/" + json31
	return map[string]*jsonschema.Schema{
		"contract":          compileAt(t, "file:///contract.json", readFile(t, contractPath), "file:///contract.json"),
		"3.1 response body": compileAt(t, fragment, readFile(t, fragmentPath(json31)), fragment+"#/components/schemas/AgentErrorResponse"),
	}
}

// TestExamplesValidateWithReferenceValidator: every example of both versions is valid against the
// contract schema and against the 3.1 fragment's response body schema, and both versions carry the
// same examples, one per catalog kind.
func TestExamplesValidateWithReferenceValidator(t *testing.T) {
	kinds, _ := contractCatalog(t)
	schemas := referenceSchemas(t)
	ex31 := responseExamples(t, fragmentJSON(t, json31))
	ex30 := responseExamples(t, fragmentJSON(t, json30))
	if !reflect.DeepEqual(ex31, ex30) {
		t.Error("the 3.1 and 3.0 fragments carry different examples")
	}
	if len(ex31) != len(kinds) {
		t.Errorf("%d examples for %d kinds", len(ex31), len(kinds))
	}
	for _, ex := range ex31 {
		for name, s := range schemas {
			if err := s.Validate(instance(t, ex.value)); err != nil {
				t.Errorf("%s/%s is invalid against the %s schema: %v", ex.response, ex.name, name, err)
			}
		}
	}
}

// TestReferenceSchemasRejectAWrongExample shows that the validation above can fail.
func TestReferenceSchemasRejectAWrongExample(t *testing.T) {
	ex := responseExamples(t, fragmentJSON(t, json31))[0]
	for mutation, change := range map[string]func(map[string]any){
		"no recovery":    func(v map[string]any) { delete(v, "recovery") },
		"version 2":      func(v map[string]any) { v["contract_version"] = 2 },
		"numeric origin": func(v map[string]any) { v["origin"] = 7 },
		"empty guidance": func(v map[string]any) { v["recovery"].(map[string]any)["guidance"] = "" },
		"string hint":    func(v map[string]any) { v["safety"] = map[string]any{"read_only_hint": "yes"} },
		"negative retry": func(v map[string]any) { v["recovery"].(map[string]any)["retry_after_ms"] = -1 },
	} {
		var v map[string]any
		data, _ := json.Marshal(ex.value)
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		change(v)
		for name, s := range referenceSchemas(t) {
			if err := s.Validate(instance(t, v)); err == nil {
				t.Errorf("%s: the %s schema accepted it", mutation, name)
			}
		}
	}
}

// TestResponsesCoverTheCatalog reads the catalog straight from the contract and checks each version:
// one response per status the catalog uses, the fallback's included, and nothing else; under each,
// an example for exactly the kinds of that status carrying the kind's catalog defaults; the
// Retry-After header on every response and WWW-Authenticate, required, on 401 only. AgentErrorAny,
// the response of any status, has no examples, Retry-After and an optional WWW-Authenticate.
func TestResponsesCoverTheCatalog(t *testing.T) {
	kinds, fallback := contractCatalog(t)
	want := map[string][]string{fmt.Sprintf("AgentError%d", fallback.HTTPStatus): nil, "AgentErrorAny": nil}
	for name, row := range kinds {
		key := fmt.Sprintf("AgentError%d", row.HTTPStatus)
		want[key] = append(want[key], name)
	}
	for _, name := range []string{json31, json30} {
		doc := fragmentJSON(t, name)
		responses := member(t, doc, "components", "responses").(map[string]any)
		if got, w := sortedKeys(responses), sortedKeys(toAny(want)); !reflect.DeepEqual(got, w) {
			t.Errorf("%s: responses %v, want %v", name, got, w)
		}
		for rname, kindsThere := range want {
			resp := responses[rname]
			if resp == nil {
				continue
			}
			if rname == "AgentErrorAny" {
				checkAnyStatusHeaders(t, name, resp)
				continue
			}
			checkHeaders(t, doc, name+" "+rname, resp, rname == "AgentError401")
			examples, _ := member(t, resp, "content", "application/json").(map[string]any)["examples"].(map[string]any)
			sort.Strings(kindsThere)
			if got := sortedKeys(examples); !reflect.DeepEqual(got, kindsThere) && len(got)+len(kindsThere) > 0 {
				t.Errorf("%s %s: examples %v, want %v", name, rname, got, kindsThere)
			}
			for kind, ex := range examples {
				checkDefaults(t, name+" "+rname+" "+kind, kind, kinds[kind], member(t, ex, "value"))
			}
		}
	}
}

func toAny(m map[string][]string) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	return out
}

// checkDefaults compares an example with its catalog row.
func checkDefaults(t *testing.T, where, kind string, row catalogRow, value any) {
	t.Helper()
	v := value.(map[string]any)
	rec := v["recovery"].(map[string]any)
	got := []any{v["kind"], v["origin"], v["side_effects"], rec["action"], rec["same_arguments"], rec["guidance"], v["contract_version"]}
	want := []any{kind, row.Origin, row.SideEffects, row.Action, row.SameArguments, row.Guidance, 1.0}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: example %v, catalog %v", where, got, want)
	}
	if msg, _ := v["message"].(string); !strings.Contains(msg, kind) {
		t.Errorf("%s: message %q does not name the kind", where, msg)
	}
}

// checkAnyStatusHeaders: the any-status response refers to Retry-After and carries WWW-Authenticate
// inline, optional, because only a 401 has it.
func checkAnyStatusHeaders(t *testing.T, where string, resp any) {
	t.Helper()
	headers := member(t, resp, "headers").(map[string]any)
	if got, want := sortedKeys(headers), []string{"Retry-After", "WWW-Authenticate"}; !reflect.DeepEqual(got, want) {
		t.Errorf("%s AgentErrorAny: headers %v, want %v", where, got, want)
	}
	if ref, _ := member(t, headers, "Retry-After", "$ref").(string); ref != "#/components/headers/Retry-After" {
		t.Errorf("%s AgentErrorAny: Retry-After refers to %q", where, ref)
	}
	if required, _ := member(t, headers, "WWW-Authenticate").(map[string]any)["required"].(bool); required {
		t.Errorf("%s AgentErrorAny: WWW-Authenticate is required, but only a 401 carries it", where)
	}
}

// checkHeaders follows the response's header references into components.headers.
func checkHeaders(t *testing.T, doc map[string]any, where string, resp any, challenge bool) {
	t.Helper()
	headers := member(t, resp, "headers").(map[string]any)
	wantNames := []string{"Retry-After"}
	if challenge {
		wantNames = append(wantNames, "WWW-Authenticate")
	}
	if got := sortedKeys(headers); !reflect.DeepEqual(got, wantNames) {
		t.Errorf("%s: headers %v, want %v", where, got, wantNames)
	}
	for name, h := range headers {
		ref := member(t, h, "$ref").(string)
		target := member(t, doc, "components", "headers", strings.TrimPrefix(ref, "#/components/headers/"))
		required, _ := target.(map[string]any)["required"].(bool)
		if required != (name == "WWW-Authenticate") {
			t.Errorf("%s: header %s required = %v", where, name, required)
		}
	}
}
