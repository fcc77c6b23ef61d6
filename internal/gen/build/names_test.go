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
		if got := field(t, pkg, member).GoName; got != want {
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
