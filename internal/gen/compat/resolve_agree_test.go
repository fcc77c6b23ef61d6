package compat

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// canonicalPointer re-escapes each token of a JSON pointer, as compat's lookup reports pointers.
func canonicalPointer(p string) string {
	if p == "" {
		return ""
	}
	toks := strings.Split(p[1:], "/")
	for i, t := range toks {
		toks[i] = jsonpointer.Escape(jsonpointer.Unescape(t))
	}
	return "/" + strings.Join(toks, "/")
}

// agreeOn loads one 2020-12 schema file with the loader and with compat and resolves every $ref
// of the file both ways: the same target (or both an error) for every reference that stays in
// the file. It returns how many references it compared.
func agreeOn(t *testing.T, path string) int {
	t.Helper()
	set, err := load.Files([]string{path})
	if err != nil {
		return 0 // remote references, other files the loader cannot read: nothing to compare
	}
	doc := set.Roots[0]
	if doc.Dialect != load.Draft2020 {
		return 0 // compat reads 2020-12's keywords only
	}
	cd, err := parseDocument("new", doc.Bytes)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	n := 0
	var walk func(node *jsontree.Node, ptr string)
	walk = func(node *jsontree.Node, ptr string) {
		if r := node.Get("$ref"); r != nil && r.Kind == jsontree.String {
			refPtr := ptr + "/$ref"
			loc, _, lerr := set.Resolve(doc, refPtr, r.Text)
			if lerr == nil && loc.Doc != doc {
				return // another file: compat compares one document
			}
			_, cptr, cerr := cd.resolve(r.Text, refPtr)
			switch {
			case lerr != nil && cerr != nil:
			case lerr != nil || cerr != nil:
				t.Errorf("%s#%s: $ref %q: loader %v, compat %v", path, refPtr, r.Text, lerr, cerr)
			case canonicalPointer(loc.Pointer) != cptr:
				t.Errorf("%s#%s: $ref %q: loader %q, compat %q", path, refPtr, r.Text, loc.Pointer, cptr)
			}
			n++
		}
		load.SchemaChildren(doc.Dialect, node, ptr, walk)
	}
	walk(doc.Tree, "")
	return n
}

// TestResolveAgreesWithTheLoader: compat and the loader (which build resolves through) share
// the resolver, so on every 2020-12 schema at hand (the repository's, the real-schema corpus, and
// the official suite's ref, anchor, defs and id tests) they send each reference to the same place.
func TestResolveAgreesWithTheLoader(t *testing.T) {
	var files []string
	for _, g := range []string{"../../../docs/contracts/schemas/*.json", "../../../testdata/golden/*/*.json"} {
		m, _ := filepath.Glob(g)
		files = append(files, m...)
	}
	total := 0
	for _, f := range files {
		total += agreeOn(t, f)
	}
	shared := "../../../../shared/"
	if _, err := os.Stat(shared); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the shared corpus and official suite are needed under CI: %v", err)
		}
		t.Skipf("compared %d references of the repository's schemas; %s (real schemas, official suite) is not at hand", total, shared)
	}
	files = nil
	m, _ := filepath.Glob(shared + "corpus/real-schemas/*.json")
	files = append(files, m...)
	dir := t.TempDir()
	suite := shared + "conformance/json-schema-test-suite/tests/draft2020-12/"
	for _, name := range []string{"ref.json", "anchor.json", "defs.json", "dynamicRef.json", "unevaluatedProperties.json"} {
		data, err := os.ReadFile(suite + name)
		if err != nil {
			t.Fatal(err)
		}
		var groups []struct {
			Schema json.RawMessage `json:"schema"`
		}
		if err := json.Unmarshal(data, &groups); err != nil {
			t.Fatal(err)
		}
		for i, g := range groups {
			p := filepath.Join(dir, fmt.Sprintf("%s-%03d.json", strings.TrimSuffix(name, ".json"), i))
			if err := os.WriteFile(p, g.Schema, 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, p)
		}
	}
	for _, f := range files {
		total += agreeOn(t, f)
	}
	if total < 300 {
		t.Errorf("compared %d references; the test reads too little to mean anything", total)
	}
	t.Logf("%d references compared", total)
}
