package interop

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// deliberatelyUnmet are the rules of redocly's recommended ruleset that the fragments do not meet,
// and why; docs/openapi.md says the same.
var deliberatelyUnmet = map[string]string{
	// A fragment is a library of components for other documents to $ref; nothing inside uses them.
	"no-unused-components": "the components are for other documents",
	// The license is the API's owner's to choose; the contract's schema states none.
	"info-license": "the license belongs to the API that uses the fragment",
}

// TestRedoclyRecommended lints both fragments with redocly's recommended ruleset: no errors, and no
// warning except the deliberately unmet rules. (The bundles made from the sample API pass through
// redocly in TestClientsUpToDate.)
func TestRedoclyRecommended(t *testing.T) {
	if _, err := os.Stat(redocly); err != nil {
		t.Fatalf("%s is missing: run npm ci in tests/openapi-interop (make test-openapi-interop does)", redocly)
	}
	for _, doc := range []string{
		filepath.Join("..", "..", "generated", "openapi", "agent-error.openapi.yaml"),
		filepath.Join("..", "..", "generated", "openapi", "agent-error.openapi-3.0.yaml"),
	} {
		cmd := exec.Command(redocly, "lint", "--extends", "recommended", "--format", "json", doc)
		out, err := cmd.Output()
		var report struct {
			Totals   struct{ Errors, Warnings int }
			Problems []struct {
				RuleID   string `json:"ruleId"`
				Severity string
				Message  string
			}
		}
		if jerr := json.Unmarshal(out, &report); jerr != nil {
			t.Fatalf("redocly lint %s: %v (%v)\n%s", doc, jerr, err, out)
		}
		for _, p := range report.Problems {
			if _, ok := deliberatelyUnmet[p.RuleID]; !ok || p.Severity != "warn" {
				t.Errorf("%s: %s %s: %s", doc, p.Severity, p.RuleID, p.Message)
			}
		}
		if report.Totals.Errors > 0 || err != nil {
			t.Errorf("%s: %d errors (%v)", doc, report.Totals.Errors, err)
		}
	}
}
