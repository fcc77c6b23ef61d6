package internal_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// profileConsumers are the packages outside the profile's own that print or judge its IR: the
// OpenAPI responses, the docs page, the TypeScript Error class and the profile's compat rules.
// Unlike the core they may read the profile, and they must read the contract's member names from
// it (Contract.Names, MembersOf), so that a contract with names of its own comes out in its own
// words.
var profileConsumers = []string{
	"internal/gen/emit/openapi", "internal/gen/emit/docs", "internal/gen/emit/ts",
	"internal/gen/profile/errorcontract/compatrules",
}

// bundledMemberNames are the bundled contract's member names as those packages would spell them:
// each part's default name (taken from the profile, so the list follows the vocabulary) and the
// vocabulary's keywords as string literals, and the Go spellings the bundled contract's generated
// package gives its error type and members as identifiers.
func bundledMemberNames() nameSet {
	return nameSet{
		literals: append(errorcontract.DefaultMembers().List(), errorcontract.CatalogKeyword, errorcontract.SurfacesKeyword),
		idents:   []string{"AgentError", "ContractVersion", "RetryAfterMS"},
	}
}

// TestProfileConsumersNameNoBundledMember: OpenAPI, docs, TypeScript and the compat rules spell
// none of the bundled contract's member names; they read them from the profile.
func TestProfileConsumersNameNoBundledMember(t *testing.T) {
	for _, pkg := range profileConsumers {
		for _, at := range contractNamesIn(t, filepath.Join("..", pkg), bundledMemberNames()) {
			t.Errorf("%s spells a member name of the bundled contract; read it from errorcontract.Of(pkg).Names()", at)
		}
	}
}

// TestProfileConsumersCheckBites shows the check finds what those packages used to write: a
// switch on member names, a lookup of the version member and the x-catalog keyword, in a package
// written for the test; and that it leaves a name read from the profile alone.
func TestProfileConsumersCheckBites(t *testing.T) {
	dir := t.TempDir()
	src := `package sample

import "errorcontract"

func example(name string, m errorcontract.Members, doc map[string]any) int {
	switch name {
	case "retry_after_ms":
		return 1
	case m.Message:
		return 2
	}
	_ = doc["x-catalog"]
	return len(doc["contract_version"].(string))
}
`
	if err := os.WriteFile(filepath.Join(dir, "sample.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	found := strings.Join(contractNamesIn(t, dir, bundledMemberNames()), "\n")
	for _, want := range []string{`"retry_after_ms"`, `"x-catalog"`, `"contract_version"`} {
		if !strings.Contains(found, want) {
			t.Errorf("the check does not find %s; found:\n%s", want, found)
		}
	}
	if strings.Contains(found, "Message") {
		t.Errorf("the check reports a name read from the profile:\n%s", found)
	}
}
