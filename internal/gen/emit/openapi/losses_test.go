package openapi

import (
	"slices"
	"strings"
	"testing"
)

// TestContractLosses pins every rewrite the bundled contract's 3.0 fragment needs. When the contract
// or the converter changes what 3.0 loses, this list must be changed with it, on purpose.
func TestContractLosses(t *testing.T) {
	doc, err := Build(buildIR(t, contractPath), Version30)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"const const #/components/schemas/AgentError/properties/contract_version",
		"ref-siblings $ref #/components/schemas/AgentError/properties/origin",
		"ref-siblings $ref #/components/schemas/AgentError/properties/recovery",
		"ref-siblings $ref #/components/schemas/AgentError/properties/side_effects",
		"ref-siblings $ref #/components/schemas/AgentError/properties/safety",
		"ref-siblings $ref #/components/schemas/AgentErrorResponse",
		"open-enum enum #/components/schemas/Origin",
		"ref-siblings $ref #/components/schemas/Recovery/properties/action",
		"ref-siblings $ref #/components/schemas/Recovery/properties/same_arguments",
		"open-enum enum #/components/schemas/RecoveryAction",
		"open-enum enum #/components/schemas/SameArguments",
		"open-enum enum #/components/schemas/SideEffects",
	}
	var got []string
	for _, l := range doc.Losses {
		got = append(got, l.String())
	}
	if !slices.Equal(got, want) {
		t.Errorf("3.0 losses changed:\ngot:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestThirtyOneRewritesOnlyForGenerators: the 3.1 document makes only the rewrites both versions
// make for code generators (open enums, const), and the fixture shows both.
func TestThirtyOneRewritesOnlyForGenerators(t *testing.T) {
	doc, err := Build(buildIR(t, fixturePath), Version31)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[Rule]bool{}
	for _, l := range doc.Losses {
		seen[l.Rule] = true
		if !bothVersions(l.Rule) {
			t.Errorf("3.1 document rewrote for 3.0 only: %v", l)
		}
	}
	if !seen[RuleConst] || !seen[RuleOpenEnum] {
		t.Errorf("3.1 rewrites %v; want const and open-enum", doc.Losses)
	}
}

// TestFixtureCoversEveryRule keeps the golden fixture honest: every rewrite the report can describe
// happens at least once in it, so the golden files show each one.
func TestFixtureCoversEveryRule(t *testing.T) {
	doc, err := Build(buildIR(t, fixturePath), Version30)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[Rule]bool{}
	for _, l := range doc.Losses {
		seen[l.Rule] = true
	}
	for _, info := range rules {
		if !seen[info.rule] {
			t.Errorf("the fixture triggers no %s rewrite", info.rule)
		}
	}
	for _, kw := range []string{"items", "additionalProperties", "not", "oneOf"} {
		if !slices.ContainsFunc(doc.Losses, func(l Loss) bool { return l.Rule == RuleDropped && l.Keyword == kw }) {
			t.Errorf("the fixture does not show %s being left out beside a left-out keyword", kw)
		}
	}
}

// TestUnknownVersion names the versions Build knows.
func TestUnknownVersion(t *testing.T) {
	_, err := Build(buildIR(t, fixturePath), "2.0")
	if err == nil || !strings.Contains(err.Error(), `unknown version "2.0"`) || !strings.Contains(err.Error(), Version30) {
		t.Errorf("Build(2.0) error = %v", err)
	}
}
