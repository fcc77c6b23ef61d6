package golden

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// Body's variants cannot be told apart, so it stays raw JSON, and its doc comment says why.

func TestBodyStaysRawAndSaysWhy(t *testing.T) {
	var n Note
	if err := json.Unmarshal([]byte(`{"body":{"text":"a","html":"<b>"},"extent":[1]}`), &n); err != nil {
		t.Fatal(err)
	}
	if n.Body.JSONType() != "object" || string(n.Body) != `{"text":"a","html":"<b>"}` {
		t.Fatalf("body %s", n.Body)
	}
	// Both variants accept it: the oneOf fails, exactly as before typing.
	if _, err := Parse([]byte(`{"body":{"text":"a","html":"<b>"}}`)); err == nil {
		t.Fatal("a body both variants accept passed the oneOf")
	}
	if _, err := Parse([]byte(`{"body":{"text":1}, "extent":[1,2]}`)); err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(typeDoc(t, "Body")), " ")
	if !strings.Contains(doc, "stays raw JSON") || !strings.Contains(doc, "because no member is required by every variant") {
		t.Fatalf("Body's doc comment does not say why it is raw:\n%s", doc)
	}
}

func typeDoc(t *testing.T, name string) string {
	t.Helper()
	src, err := os.ReadFile("types.go")
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "types.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE && g.Specs[0].(*ast.TypeSpec).Name.Name == name {
			return g.Doc.Text()
		}
	}
	t.Fatalf("no type %s", name)
	return ""
}
