package compatrules_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/compat"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract/compatrules"
)

// contract reads one version of the bundled contract's history.
func contract(t *testing.T, version string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../../../../../testdata/contracts", version, "agent-error.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// rulesOf lists the rules a report uses, each once.
func rulesOf(r *compat.Report) []string {
	var rules []string
	for _, ch := range r.Changes {
		if !slices.Contains(rules, ch.Rule) {
			rules = append(rules, ch.Rule)
		}
	}
	return rules
}

// TestCatalogRulesComeFromTheProfile: compat reports catalog and surface changes, and reads the
// version member, only through the profile it is given. Without it, x-catalog is one more
// annotation keyword and a raised contract_version is a const change that needs a new version.
func TestCatalogRulesComeFromTheProfile(t *testing.T) {
	oldDoc, newDoc := contract(t, "v1.1"), contract(t, "v2")
	with, err := compat.CompareWith(oldDoc, newDoc, compat.Options{Profiles: []compat.Profile{compatrules.Profile{}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{compatrules.RuleKindRemoved, compatrules.RuleKindSameArgumentsChanged, compat.RuleFallbackChanged, compat.RuleContractVersionBumped} {
		if !slices.Contains(rulesOf(with), want) {
			t.Errorf("with the profile, v1.1 -> v2 reports no %s; rules: %v", want, rulesOf(with))
		}
	}
	if with.Mode != compat.Contract || with.NeedsNewVersion() || with.VersionMember != "contract_version" {
		t.Errorf("with the profile: mode %s, version member %q, needs a new version %v; want contract, contract_version, false",
			with.Mode, with.VersionMember, with.NeedsNewVersion())
	}

	without, err := compat.CompareWith(oldDoc, newDoc, compat.Options{Mode: compat.Contract})
	if err != nil {
		t.Fatal(err)
	}
	// fallback-changed is compat's own too (an enum's x-fallback).
	profileOnly := slices.DeleteFunc(compatrules.Profile{}.Rules(), func(r string) bool { return r == compat.RuleFallbackChanged })
	for _, rule := range rulesOf(without) {
		if slices.Contains(profileOnly, rule) || rule == compat.RuleContractVersionBumped {
			t.Errorf("without the profile, compat reports the profile's %s", rule)
		}
	}
	if !without.NeedsNewVersion() || without.VersionMember != "" {
		t.Errorf("without the profile the const change needs a new version and no member is named; got %v, %q", without.NeedsNewVersion(), without.VersionMember)
	}
	var text bytes.Buffer
	if err := without.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "needs a new version") {
		t.Errorf("the report without a version member should say it needs a new version:\n%s", text.String())
	}
}

// TestAutoModeNamesTheProfileWords: auto mode picks the contract mode for a document with the
// profile's keyword, and names the profile's words when it picks backward.
func TestAutoModeNamesTheProfileWords(t *testing.T) {
	profiles := compat.Options{Profiles: []compat.Profile{compatrules.Profile{}}}
	plain := []byte(`{"type": "object", "properties": {"a": {"type": "string"}}}`)
	r, err := compat.CompareWith(plain, plain, profiles)
	if err != nil {
		t.Fatal(err)
	}
	if want := "the default for a schema without contract_version, x-catalog or x-surfaces, as in schema registries"; r.Mode != compat.Backward || r.ModeReason != want {
		t.Errorf("plain schema: mode %s (%s), want backward (%s)", r.Mode, r.ModeReason, want)
	}
	surfaces := []byte(`{"type": "object", "x-surfaces": {}}`)
	if r, err = compat.CompareWith(surfaces, surfaces, profiles); err != nil {
		t.Fatal(err)
	}
	if r.Mode != compat.Contract || r.ModeReason != "the default for a schema with an x-surfaces" {
		t.Errorf("x-surfaces: mode %s (%s), want contract", r.Mode, r.ModeReason)
	}
	if r, err = compat.CompareWith(plain, plain, compat.Options{}); err != nil {
		t.Fatal(err)
	}
	if r.Mode != compat.Backward || r.ModeReason != "the default for a schema of no profile, as in schema registries" {
		t.Errorf("no profile: mode %s (%s)", r.Mode, r.ModeReason)
	}
}

// TestRulesAreDocumented checks the table in doc.go against Rules, both ways, and that every
// rule constant of the package is listed.
func TestRulesAreDocumented(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var documented []string
	for _, line := range strings.Split(string(doc), "\n") {
		fields := strings.Fields(strings.TrimPrefix(line, "//"))
		if len(fields) >= 2 && slices.Contains([]string{"additive", "breaking", "annotation"}, fields[1]) {
			documented = append(documented, fields[0])
		}
	}
	if rules := (compatrules.Profile{}).Rules(); !slices.Equal(documented, rules) {
		t.Errorf("doc.go documents %v; Rules lists %v", documented, rules)
	}
	src, err := os.ReadFile("compatrules.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(src), "\n") {
		if name, value, ok := strings.Cut(strings.TrimSpace(line), " = \""); ok && strings.HasPrefix(name, "Rule") {
			if rule := strings.TrimSuffix(value, "\""); !slices.Contains(documented, rule) {
				t.Errorf("%s (%s) is not in the table", name, rule)
			}
		}
	}
}
