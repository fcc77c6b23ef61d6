package openapi

import (
	"testing"

	"github.com/contractgen/contractgen/internal/gen/ir"
)

// TestErrorNoun: responses speak of an error in the contract's own words, its title or its type's
// name, never the bundled contract's.
func TestErrorNoun(t *testing.T) {
	for _, tc := range []struct{ title, name, want string }{
		{"Agent error", "AgentError", "an agent error"},
		{"", "ServiceFault", "a ServiceFault"},
		{"ServiceFault", "ServiceFault", "a ServiceFault"},
		{"Problem details", "Problem", "a problem details"},
		{"URL fault", "URLFault", "a URL fault"},
		{"HTTP problem", "HTTPProblem", "an HTTP problem"},
		{"", "Ugly", "an Ugly"},
		{"Usage fault", "UsageFault", "a usage fault"},
	} {
		root := &ir.Named{Name: tc.name, Schema: &ir.Schema{Title: tc.title}}
		if got := errorNoun(root); got != tc.want {
			t.Errorf("errorNoun(title %q, name %q) = %q, want %q", tc.title, tc.name, got, tc.want)
		}
	}
}
