package errorcontract_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// vocabularyKeys returns the property names of the object at path in vocabulary.schema.json, in
// the schema's order, so the tests below compare the profile's names with the schema that
// defines them rather than with a second copy.
func vocabularyKeys(t *testing.T, path ...string) []string {
	t.Helper()
	data, err := os.ReadFile("vocabulary.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	n, err := jsontree.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range path {
		n = n.Get(p)
	}
	if n == nil {
		t.Fatalf("vocabulary.schema.json has nothing at %v", path)
	}
	var out []string
	for _, m := range n.Members {
		out = append(out, m.Name)
	}
	return out
}

// TestDefaultMembersAreTheVocabularys: a part's default name is the vocabulary's name for it, so
// the bundled contract, which names no members, keeps its own.
func TestDefaultMembersAreTheVocabularys(t *testing.T) {
	want := vocabularyKeys(t, "$defs", "catalog", "properties", "members", "properties")
	if got := errorcontract.DefaultMembers().List(); !slices.Equal(got, want) {
		t.Errorf("DefaultMembers().List() = %v, want the vocabulary's members %v", got, want)
	}
}

// TestEntryMembersAreTheVocabularys: compat judges an entry change by these names, so a member
// the vocabulary adds to an entry must be named here too.
func TestEntryMembersAreTheVocabularys(t *testing.T) {
	want := vocabularyKeys(t, "$defs", "entry", "properties")
	if !slices.Equal(errorcontract.EntryMembers, want) {
		t.Errorf("EntryMembers = %v, want the vocabulary's entry members %v", errorcontract.EntryMembers, want)
	}
}

// TestNamesFollowTheCatalog: a contract's names are its catalog's, and a schema without a catalog
// is read with the bundled contract's.
func TestNamesFollowTheCatalog(t *testing.T) {
	if got := (&errorcontract.Contract{}).Names(); got != errorcontract.DefaultMembers() {
		t.Errorf("Names without a catalog = %+v, want the defaults", got)
	}
	data, err := os.ReadFile(filepath.Join(repo, "testdata/golden/profile-second-contract/service-fault.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	tree, err := jsontree.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Catalog struct {
			Members map[string]string `json:"members"`
		} `json:"x-catalog"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	c := &errorcontract.Contract{Catalog: &errorcontract.Catalog{Members: errorcontract.MembersOf(tree)}}
	names := c.Names()
	got := names.List()
	for i, part := range errorcontract.DefaultMembers().List() {
		if want := doc.Catalog.Members[part]; got[i] != want {
			t.Errorf("the second contract's %s member is %q, want %q", part, got[i], want)
		}
	}
	if names.Version != "schema_version" || names.RetryAfter != "wait_ms" {
		t.Errorf("List and the fields disagree: %+v", names)
	}
}
