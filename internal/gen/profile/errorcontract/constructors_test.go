package errorcontract_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/build/buildtest"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/profile"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
	"github.com/contractgen/contractgen/internal/gen/run"
)

// contractPath is the bundled contract.
const contractPath = "../../../../docs/contracts/schemas/agent-error.schema.json"

// buildSchema builds schema, written to test.schema.json, with the profile.
func buildSchema(t *testing.T, schema string) (*ir.Package, error) {
	t.Helper()
	return buildtest.Build(t, build.Options{Package: "p", Profiles: []profile.Profile{errorcontract.Profile{}}}, "test.schema.json", schema)
}

// contractWith returns the bundled contract's text after edit has changed its decoded form.
func contractWith(t *testing.T, edit func(s map[string]any)) string {
	t.Helper()
	data, err := os.ReadFile(contractPath)
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	edit(s)
	out, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func properties(s map[string]any) map[string]any { return s["properties"].(map[string]any) }

func withoutRequired(s map[string]any, name string) {
	s["required"] = slices.DeleteFunc(s["required"].([]any), func(v any) bool { return v == name })
}

// TestBuildRefusesContractsTheConstructorsCannotServe: the shape the constructors need is checked
// while the IR is built (build decides, emitters only print), so Build itself names the file, the
// pointer and the problem.
func TestBuildRefusesContractsTheConstructorsCannotServe(t *testing.T) {
	cases := map[string]struct {
		edit func(map[string]any)
		want string
	}{
		"kind not required": {func(s map[string]any) { withoutRequired(s, "kind") },
			`test.schema.json#: constructors: the catalog fills in the required member "kind", which the error type does not declare as required`},
		"kind not a string": {func(s map[string]any) { properties(s)["kind"] = map[string]any{"type": "integer"} },
			`test.schema.json#/properties/kind: constructors: kind must be a string`},
		"required object member": {func(s map[string]any) { s["required"] = append(s["required"].([]any), "evidence") },
			`test.schema.json#/properties/evidence: constructors: constructors cannot fill the required member "evidence"`},
		"no hints for a relaxing kind": {func(s map[string]any) { delete(properties(s), "safety") },
			`test.schema.json#/x-catalog: constructors: a kind sets hint_relaxes`},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := buildSchema(t, contractWith(t, c.edit))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v\nwant one containing %q", err, c.want)
			}
		})
	}
}

// TestConstructorDiagnosticPrintedOnce is the doubled diagnostic of issues 12 and 14: with "kind"
// missing from required, both the constructors and the surface adapters used to check the schema,
// so a run reported the same problem twice.
func TestConstructorDiagnosticPrintedOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "agent-error.schema.json")
	if err := os.WriteFile(path, []byte(contractWith(t, func(s map[string]any) { withoutRequired(s, "kind") })), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := run.Run(run.Options{Schemas: []string{path}, Package: "agenterror"})
	if err == nil {
		t.Fatal("a contract without a required kind was accepted")
	}
	msg := `constructors: the catalog fills in the required member "kind"`
	if n := strings.Count(err.Error(), msg); n != 1 {
		t.Errorf("%q appears %d times in:\n%v", msg, n, err)
	}
}

// TestCheckCatalogIsReserved: the constructors declare CheckCatalog, so a schema type may not take
// the name.
func TestCheckCatalogIsReserved(t *testing.T) {
	_, err := buildSchema(t, contractWith(t, func(s map[string]any) {
		s["$defs"].(map[string]any)["check_catalog"] = map[string]any{"type": "string"}
	}))
	if err == nil || !strings.Contains(err.Error(), "Go type name CheckCatalog is already taken by a name contractgen declares itself") {
		t.Errorf("err = %v", err)
	}
}

// TestConstructorsSetConstMembers checks that a required const member beside the catalog's is set
// by every constructor (Constructors.Consts) instead of being refused as a parameter.
func TestConstructorsSetConstMembers(t *testing.T) {
	pkg, err := buildSchema(t, contractWith(t, func(s map[string]any) {
		properties(s)["ok"] = map[string]any{"const": false}
		properties(s)["schema"] = map[string]any{"type": "string", "const": "agent-error"}
		s["required"] = append(s["required"].([]any), "ok", "schema")
	}))
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(errorcontract.Of(pkg).Constructors.Consts)
	if want := `[{OK false} {Schema "agent-error"}]`; got != want {
		t.Errorf("Consts = %s, want %s", got, want)
	}
}

// TestLintNamesTheContractsWaitMember: the catalog lint speaks of the wait member by the name the
// contract gives it.
func TestLintNamesTheContractsWaitMember(t *testing.T) {
	schema := contractWith(t, func(s map[string]any) {
		recovery := s["$defs"].(map[string]any)["recovery"].(map[string]any)["properties"].(map[string]any)
		recovery["wait_ms"] = recovery["retry_after_ms"]
		delete(recovery, "retry_after_ms")
		catalog := s["x-catalog"].(map[string]any)
		catalog["members"] = map[string]any{"retry_after_ms": "wait_ms"}
		catalog["kinds"].(map[string]any)["timeout"].(map[string]any)["retry_after"] = false
	})
	_, err := buildSchema(t, schema)
	if err == nil {
		t.Fatal("a retry_later row without a wait was accepted")
	}
	if want := "timeout asks callers to retry later but does not allow wait_ms"; !strings.Contains(err.Error(), want) {
		t.Errorf("error = %v\nwant it to say %q", err, want)
	}
}

// renameValue renames an enum value of the $defs entry def, and the catalog rows' column (and, for
// an origin, the surfaces' per-origin tables) that draw from it.
func renameValue(s map[string]any, def, column, from, to string) {
	e := s["$defs"].(map[string]any)[def].(map[string]any)
	values := e["enum"].([]any)
	for i, v := range values {
		if v == from {
			values[i] = to
		}
	}
	if d, ok := e["x-enum-descriptions"].(map[string]any); ok {
		d[to] = d[from]
		delete(d, from)
	}
	catalog := s["x-catalog"].(map[string]any)
	rows := []any{catalog["fallback"]}
	for _, row := range catalog["kinds"].(map[string]any) {
		rows = append(rows, row)
	}
	for _, row := range rows {
		if r := row.(map[string]any); r[column] == from {
			r[column] = to
		}
	}
	if surfaces, ok := s["x-surfaces"].(map[string]any); ok && column == "origin" {
		for _, table := range []string{"jsonrpc_codes", "cli_exit_codes"} {
			if t, ok := surfaces[table].(map[string]any); ok {
				t[to] = t[from]
				delete(t, from)
			}
		}
	}
}

// TestValuesNameTheRoles: a contract whose enums spell the roles otherwise names them in
// x-catalog's "values", and the lint rules and the safety-hint rule follow them.
func TestValuesNameTheRoles(t *testing.T) {
	waitRenamed := func(values map[string]any) string {
		return contractWith(t, func(s map[string]any) {
			renameValue(s, "recovery_action", "action", "retry_later", "wait_then_retry")
			renameValue(s, "origin", "origin", "validation", "caller_input")
			kinds := s["x-catalog"].(map[string]any)["kinds"].(map[string]any)
			kinds["timeout"].(map[string]any)["retry_after"] = false
			kinds["missing_param"].(map[string]any)["http_status"] = 500
			if values != nil {
				s["x-catalog"].(map[string]any)["values"] = values
			}
		})
	}
	relaxRenamed := func(values map[string]any) string {
		return contractWith(t, func(s map[string]any) {
			renameValue(s, "same_arguments", "same_arguments", "conditional", "once_safe")
			if values != nil {
				s["x-catalog"].(map[string]any)["values"] = values
			}
		})
	}
	// buildSchema moves into a directory of its own, so every schema is written first.
	waitPlain := waitRenamed(nil)
	waitNamed := waitRenamed(map[string]any{"wait_action": "wait_then_retry", "caller_origins": []any{"caller_input", "policy"}})
	relaxPlain := relaxRenamed(nil)
	relaxNamed := relaxRenamed(map[string]any{"relaxed": "once_safe"})
	outside := contractWith(t, func(s map[string]any) {
		s["x-catalog"].(map[string]any)["values"] = map[string]any{"wait_action": "nap"}
	})

	if _, err := buildSchema(t, waitPlain); err != nil {
		t.Fatalf("with the roles' values absent from the enums, the rules do not apply; got %v", err)
	}
	_, err := buildSchema(t, waitNamed)
	for _, want := range []string{
		"timeout asks callers to retry later but does not allow retry_after_ms",
		"missing_param has origin caller_input but maps to 500",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("with values naming the roles: error = %v\nwant it to say %q", err, want)
		}
	}

	if _, err := buildSchema(t, relaxPlain); err == nil || !strings.Contains(err.Error(), `the safety-hint rule sets same_arguments to "conditional", which its enum lacks: add the value, or name the one the rule sets in x-catalog.values.relaxed`) {
		t.Errorf("the safety-hint rule without its value: error = %v", err)
	}
	pkg, err := buildSchema(t, relaxNamed)
	if err != nil {
		t.Fatal(err)
	}
	ec := errorcontract.Of(pkg)
	if ec.Catalog.Values.Relaxed != "once_safe" || ec.Constructors == nil || ec.Constructors.Conditional != "SameArgumentsOnceSafe" {
		t.Errorf("values %+v, constructors %+v; want the rule to set once_safe (SameArgumentsOnceSafe)", ec.Catalog.Values, ec.Constructors)
	}

	_, err = buildSchema(t, outside)
	if want := `#/x-catalog/values/wait_action: "nap" is not a value of the schema's recovery.action enum`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a value outside its enum: error = %v\nwant %q", err, want)
	}
}
