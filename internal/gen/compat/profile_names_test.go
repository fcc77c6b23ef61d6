package compat

import (
	"bytes"
	"testing"
)

// secondContract is the fixture whose x-catalog names its members otherwise (schema_version is its
// version member, code its kind, ...).
const secondContract = "../../../testdata/golden/profile-second-contract/service-fault.schema.json"

// TestSecondContractVersionMember: compat reads the version member from the profile, so a contract
// that calls it schema_version gets its version bump, its versions and the contract mode by that
// name; with "contract_version" spelled in compat, the bump would be a breaking const change.
func TestSecondContractVersionMember(t *testing.T) {
	old := readFile(t, secondContract)
	bumped := bytes.Replace(old, []byte(`"const": 2}`), []byte(`"const": 3}`), 1)
	if bytes.Equal(old, bumped) {
		t.Fatal("the fixture's schema_version const is no longer spelled as this test expects")
	}
	r := mustCompare(t, old, bumped)
	if !hasChange(r, RuleContractVersionBumped, "/properties/schema_version/const") {
		t.Errorf("no %s at /properties/schema_version/const; changes: %+v", RuleContractVersionBumped, r.Changes)
	}
	if r.Breaking() {
		t.Errorf("raising the version member alone must not break; changes: %+v", r.Changes)
	}
	for _, ch := range r.Changes {
		if ch.Rule == RuleContractVersionBumped && ch.Message != "schema_version bumped from 2 to 3" {
			t.Errorf("the bump's message = %q, want it to name schema_version", ch.Message)
		}
	}
	if r.OldVersion == nil || r.NewVersion == nil || *r.OldVersion != 2 || *r.NewVersion != 3 {
		t.Errorf("versions = %v, %v; want 2, 3", r.OldVersion, r.NewVersion)
	}

	var text bytes.Buffer
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"additive changes keep schema_version", "compatible with consumers of schema_version 3"} {
		if !bytes.Contains(text.Bytes(), []byte(want)) {
			t.Errorf("the report does not say %q:\n%s", want, text.String())
		}
	}
	if bytes.Contains(text.Bytes(), []byte("contract_version")) {
		t.Errorf("the report names the bundled contract's version member:\n%s", text.String())
	}
}
