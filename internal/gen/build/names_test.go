package build_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// buildSchema loads schema text from a file of its own and builds it.
func buildSchema(t *testing.T, schema string) (*ir.Package, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.schema.json")
	if err := os.WriteFile(path, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := load.Files([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	return build.Build(set, build.Options{Package: "p"})
}

// field returns the root struct's field for a member.
func field(t *testing.T, pkg *ir.Package, member string) *ir.Field {
	t.Helper()
	for _, f := range pkg.Roots[0].Fields {
		if f.Name == member {
			return f
		}
	}
	t.Fatalf("no field for member %q", member)
	return nil
}

// TestXGoNameOverridesTheSpelling: x-go-name is taken as written, whatever spelling of an
// initialism GoName would choose ("HttpStatus", not "HTTPStatus"), as long as it is an exported
// identifier.
func TestXGoNameOverridesTheSpelling(t *testing.T) {
	pkg, err := buildSchema(t, `{"title": "T", "type": "object", "properties": {
		"http_status": {"type": "integer", "x-go-name": "HttpStatus"},
		"oauth_token": {"type": "string", "x-go-name": "OauthToken"},
		"user_id": {"type": "string"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	for member, want := range map[string]string{"http_status": "HttpStatus", "oauth_token": "OauthToken", "user_id": "UserID"} {
		if got := field(t, pkg, member).Go.Name; got != want {
			t.Errorf("member %q: Go name %s, want %s", member, got, want)
		}
	}
	_, err = buildSchema(t, `{"title": "T", "type": "object", "properties": {"a": {"type": "string", "x-go-name": "lower"}}}`)
	if err == nil || !strings.Contains(err.Error(), `"lower" is not an exported Go identifier`) {
		t.Errorf("an unexported x-go-name: err = %v", err)
	}
}

// TestInitialismCollisionsAreReported: two members that spell the same Go name once initialisms
// are applied (oauth_id and o_auth_id are both OAuthID) are reported in a contract (a schema that
// uses contractgen's vocabulary, here x-go-name), naming the fix.
func TestInitialismCollisionsAreReported(t *testing.T) {
	_, err := buildSchema(t, `{"title": "T", "x-go-name": "T", "type": "object", "properties": {
		"oauth_id": {"type": "string"}, "o_auth_id": {"type": "string"}}}`)
	if err == nil || !strings.Contains(err.Error(), `properties "oauth_id" and "o_auth_id" both become Go field OAuthID; set x-go-name on one`) {
		t.Errorf("err = %v", err)
	}
}

// buildFile loads schema text from the file at rel under a temporary directory and builds it.
func buildFile(t *testing.T, rel, schema string) (*ir.Package, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := load.Files([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	return build.Build(set, build.Options{Package: "p"})
}

// TestRootNameFromFile: a root without a title is named after its file without the extension
// and without "schema", or after its directory when the file is schema.json. (Before:
// api/billing/schema.json gave type Schema, and cryproj.schema.json kept nothing of "schema" but
// by accident.)
func TestRootNameFromFile(t *testing.T) {
	for file, want := range map[string]string{
		"billing/schema.json":        "Billing",
		"tsconfig.json":              "Tsconfig",
		"app-config-schema.json":     "AppConfig",
		"cryproj.52.schema.json":     "Cryproj52",
		"v1/github-workflow.json":    "GitHubWorkflow",
		"titled/schema.json#Invoice": "Invoice",
	} {
		file, title, _ := strings.Cut(file, "#")
		schema := `{"type": "object", "properties": {"a": {"type": "string"}}}`
		if title != "" {
			schema = `{"title": "` + title + `", "type": "object", "properties": {"a": {"type": "string"}}}`
		}
		pkg, err := buildFile(t, file, schema)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if got := pkg.Roots[0].Name; got != want {
			t.Errorf("%s: root type %s, want %s", file, got, want)
		}
	}
}

// typeNames lists the package's type names.
func typeNames(pkg *ir.Package) map[string]string {
	names := map[string]string{}
	for _, n := range pkg.Types {
		names[n.Name] = n.Origin
	}
	return names
}

// TestDuplicateNamesTakeTheirPath: two schemas whose derived names are equal are told apart by
// the names on their pointers, never by a number, and a $defs entry keeps its own name whatever
// is declared first. (Before: DependencyName2, StandardUnit2.)
func TestDuplicateNamesTakeTheirPath(t *testing.T) {
	pkg, err := buildSchema(t, `{"title": "T", "type": "object", "properties": {
		"allow": {"$ref": "#/$defs/update/properties/allow/items/properties/dependency-name"},
		"ignore": {"$ref": "#/$defs/update/properties/ignore/items/properties/dependency-name"},
		"standard-unit": {"type": "object", "properties": {"x": {"type": "string"}}}},
	  "$defs": {
		"update": {"type": "object", "properties": {
			"allow": {"type": "array", "items": {"type": "object", "properties": {"dependency-name": {"type": "string", "minLength": 1}}}},
			"ignore": {"type": "array", "items": {"type": "object", "properties": {"dependency-name": {"type": "string", "maxLength": 9}}}}}},
		"TStandardUnit": {"type": "object", "properties": {"y": {"type": "string"}}}}}`)
	if err != nil {
		t.Fatal(err)
	}
	names := typeNames(pkg)
	for name, origin := range map[string]string{
		"DependencyName":       "#/$defs/update/properties/allow/items/properties/dependency-name",
		"IgnoreDependencyName": "#/$defs/update/properties/ignore/items/properties/dependency-name",
		"TStandardUnit":        "#/$defs/TStandardUnit",
		"TStandardUnitMember":  "#/properties/standard-unit",
	} {
		if got, ok := names[name]; !ok || !strings.HasSuffix(got, origin) {
			t.Errorf("type %s is from %q, want %s (types: %v)", name, got, origin, names)
		}
	}
	for name := range names {
		if strings.ContainsAny(name[len(name)-1:], "0123456789") {
			t.Errorf("type %s is numbered", name)
		}
	}
}

// TestDerivedNamesYieldToTypes: the names a type brings with it (an enum's constants and Values
// function, a struct's constructor) never take a name a schema type has, and a constructor whose
// name is taken is renamed, not dropped. (Before: const StandardUnit beside type StandardUnit and
// func AggregateOpValues beside type AggregateOpValues did not build; PetDog lost NewPetDog to
// the union's constructor without a word.)
func TestDerivedNamesYieldToTypes(t *testing.T) {
	pkg, err := buildSchema(t, `{"title": "T", "type": "object", "properties": {
		"s": {"$ref": "#/$defs/standard"}, "u": {"$ref": "#/$defs/StandardUnit"},
		"op": {"$ref": "#/$defs/aggregateOp"}, "ops": {"$ref": "#/$defs/aggregateOpValues"}, "pet": {"$ref": "#/$defs/pet"}},
	  "$defs": {
		"standard": {"enum": ["unit", "other"]},
		"StandardUnit": {"type": "object", "properties": {"a": {"type": "string"}}},
		"aggregateOp": {"enum": ["sum"]},
		"aggregateOpValues": {"type": "array", "items": {"$ref": "#/$defs/aggregateOp"}},
		"pet": {"oneOf": [
			{"type": "object", "properties": {"kind": {"const": "cat"}}, "required": ["kind"]},
			{"type": "object", "properties": {"kind": {"const": "dog"}}, "required": ["kind"]}]}}}`)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*ir.Named{}
	for _, n := range pkg.Types {
		byName[n.Name] = n
	}
	if e := byName["Standard"].Enum; e.Values[0].Go.Name != "StandardValueUnit" || e.Values[1].Go.Name != "StandardOther" {
		t.Errorf("Standard's constants: %+v", e.Values)
	}
	if e := byName["AggregateOp"].Enum; e.Go.ValuesFunc != "AggregateOpKnownValues" {
		t.Errorf("AggregateOp's values function: %s", e.Go.ValuesFunc)
	}
	if n := byName["PetDog"]; n == nil || n.Go.New != "NewPetDogWithConsts" {
		t.Errorf("PetDog's constructor: %+v", n)
	}
	if u := byName["Pet"]; u == nil || u.Union == nil || u.Union.Variants[1].Go.Constructor != "NewPetDog" {
		t.Errorf("Pet's variant constructors: %+v", u)
	}
}

// TestFieldNamesNeverRepeat: the members "" and "123abc" no longer both become Field, and members
// that spell one Go name are told apart by their punctuation. (Before: two fields named Field.)
func TestFieldNamesNeverRepeat(t *testing.T) {
	pkg, err := buildSchema(t, `{"title": "T", "type": "object", "properties": {
		"": {"type": "string"}, "123abc": {"type": "string"}, "a-b": {"type": "string"}, "a_b": {"type": "string"},
		"$$$": {"type": "string"}, "fooBar": {"type": "string"}, "FooBar": {"type": "string"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	for member, want := range map[string]string{"": "Field", "123abc": "V123abc", "a-b": "AB", "a_b": "AUnderscoreB",
		"$$$": "DollarDollarDollar", "fooBar": "FooBar", "FooBar": "FooBarMember"} {
		if got := field(t, pkg, member).Go.Name; got != want {
			t.Errorf("member %q: field %s, want %s", member, got, want)
		}
	}
}
