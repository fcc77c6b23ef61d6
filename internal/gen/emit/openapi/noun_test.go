package openapi

import (
	"testing"

	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// TestErrorNoun: responses speak of an error in the contract's own words, as its Go surfaces do,
// never the bundled contract's.
func TestErrorNoun(t *testing.T) {
	for name, want := range map[string]string{
		"AgentError":   "an agent error",
		"ServiceFault": "a service fault",
		"URLFault":     "a url fault",
		"UsageFault":   "a usage fault",
	} {
		pkg := &ir.Package{Extensions: []ir.Extension{&errorcontract.Contract{Constructors: &errorcontract.Constructors{Error: name}}}}
		if got := errorNoun(pkg); got != want {
			t.Errorf("errorNoun of %s = %q, want %q", name, got, want)
		}
	}
}
