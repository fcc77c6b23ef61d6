package compat

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/load"
)

// contractRoot holds the versioned contract fixtures shared with the generator's tests.
const contractRoot = "../../../testdata/contracts"

// contract reads one version of the agent error contract.
func contract(t *testing.T, version string) []byte {
	t.Helper()
	return readFile(t, filepath.Join(contractRoot, version, "agent-error.schema.json"))
}

// hasChange reports whether r holds a change with this rule at this pointer.
func hasChange(r *Report, rule, pointer string) bool {
	for _, ch := range r.Changes {
		if ch.Rule == rule && ch.Pointer == pointer {
			return true
		}
	}
	return false
}

func TestContractV1ToV11IsAdditive(t *testing.T) {
	r := mustCompare(t, contract(t, "v1"), contract(t, "v1.1"))
	if r.Breaking() || r.NeedsNewVersion() {
		t.Errorf("v1 -> v1.1 must not break; changes: %+v", r.Changes)
	}
	for _, member := range []string{"correlation_id", "help_url", "violations"} {
		if !hasChange(r, RuleMemberAddedOptional, "/properties/"+member) {
			t.Errorf("v1 -> v1.1: no %s for %s; changes: %+v", RuleMemberAddedOptional, member, r.Changes)
		}
	}
	kinds := 0
	for _, ch := range r.Changes {
		if ch.Rule == "kind-added" { // the contract profile's rule
			kinds++
		}
	}
	if kinds == 0 {
		t.Errorf("v1 -> v1.1 adds kinds, but no kind-added was reported")
	}
}

func TestContractV11ToV2IsBreakingAndBumped(t *testing.T) {
	r := mustCompare(t, contract(t, "v1.1"), contract(t, "v2"))
	if !r.Breaking() {
		t.Fatalf("v1.1 -> v2 must be breaking; changes: %+v", r.Changes)
	}
	if r.NeedsNewVersion() {
		t.Errorf("v2 bumps contract_version, so NeedsNewVersion must be false (versions %v -> %v)", r.OldVersion, r.NewVersion)
	}
	want := []struct{ rule, pointer string }{
		{RuleContractVersionBumped, "/properties/contract_version/const"},
		{RuleMemberAddedRequired, "/properties/trace_id"},
	}
	for _, w := range want {
		if !hasChange(r, w.rule, w.pointer) {
			t.Errorf("v1.1 -> v2: no %s at %s; changes: %+v", w.rule, w.pointer, r.Changes)
		}
	}
	removed := false
	for _, ch := range r.Changes {
		removed = removed || (ch.Rule == RuleEnumValueRemoved && ch.Message == `value "discouraged" removed`)
	}
	if !removed {
		t.Errorf("v1.1 -> v2 renames discouraged, but its removal was not reported; changes: %+v", r.Changes)
	}
}

func TestContractDowngradeNeedsNewVersion(t *testing.T) {
	r := mustCompare(t, contract(t, "v2"), contract(t, "v1.1"))
	if !r.NeedsNewVersion() {
		t.Errorf("going from v2 back to v1.1 lowers contract_version, which must not count as a bump")
	}
}

func TestContractsCompareEqualToThemselves(t *testing.T) {
	for _, v := range []string{"v1", "v1.1", "v2"} {
		doc := contract(t, v)
		if r := mustCompare(t, doc, doc); len(r.Changes) != 0 {
			t.Errorf("%s compared with itself: %+v", v, r.Changes)
		}
	}
}

// TestContractFilesThroughLoader: the loader's path (CompareFiles, taken for --ref-root, YAML and
// references into other files) finds the version member as CompareWith does, so raising it is a
// bump there too, not a breaking const change.
func TestContractFilesThroughLoader(t *testing.T) {
	r, err := CompareFiles(filepath.Join(contractRoot, "v1.1", "agent-error.schema.json"),
		filepath.Join(contractRoot, "v2", "agent-error.schema.json"), load.Options{RefRoot: contractRoot}, Options{Profiles: testProfiles})
	if err != nil {
		t.Fatal(err)
	}
	if !hasChange(r, RuleContractVersionBumped, "/properties/contract_version/const") {
		t.Errorf("no %s at /properties/contract_version/const; changes: %+v", RuleContractVersionBumped, r.Changes)
	}
	if r.OldVersion == nil || r.NewVersion == nil || *r.OldVersion != 1 || *r.NewVersion != 2 {
		t.Errorf("versions = %v, %v; want 1, 2", r.OldVersion, r.NewVersion)
	}
	if r.NeedsNewVersion() {
		t.Error("v1.1 -> v2 raises contract_version, so it needs no new one")
	}
}

// keywordProfile is a profile that claims one root keyword and reports nothing.
type keywordProfile string

func (p keywordProfile) Keywords() []string                { return []string{string(p)} }
func (keywordProfile) VersionMember(*jsontree.Node) string { return "" }
func (keywordProfile) Compare(_, _ Root, _ Differ) error   { return nil }
func (keywordProfile) Rules() []string                     { return nil }

// TestProfilesClaimDistinctKeywords: two profiles that compare one keyword would report its
// changes twice under different rules, so the comparison refuses them.
func TestProfilesClaimDistinctKeywords(t *testing.T) {
	doc := []byte(`{"type": "object"}`)
	_, err := CompareWith(doc, doc, Options{Profiles: []Profile{keywordProfile("x-a"), keywordProfile("x-b"), keywordProfile("x-a")}})
	if err == nil || !strings.Contains(err.Error(), `profiles 0 and 2 both compare the root keyword "x-a"`) {
		t.Errorf("err = %v, want the two profiles named", err)
	}
	if _, err := CompareWith(doc, doc, Options{Profiles: []Profile{keywordProfile("x-a"), keywordProfile("x-b")}}); err != nil {
		t.Errorf("distinct keywords: %v", err)
	}
}
