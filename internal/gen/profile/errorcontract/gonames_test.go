package errorcontract_test

import (
	"slices"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// TestMembersRenamedReachEveryPart reads a "members" object that renames one part, including
// characters a JSON pointer escapes, and checks that the Go emitters' names follow it while the
// other parts keep their own names.
func TestMembersRenamedReachEveryPart(t *testing.T) {
	root, err := jsontree.Parse([]byte(`{"x-catalog": {"members": {"retry_after_ms": "wait/ms~", "recovery": "next"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	m := errorcontract.MembersOf(root)
	if m == errorcontract.DefaultMembers() {
		t.Fatal("renamed members compare equal to the defaults")
	}
	if got := m.RetryAfterPath(); got != "next.wait/ms~" {
		t.Errorf("RetryAfterPath = %q", got)
	}
	if got := m.RetryAfterPointer(); got != "/next/wait~1ms~0" {
		t.Errorf("RetryAfterPointer = %q, want the tokens escaped", got)
	}
	if got := m.List(); !slices.Contains(got, "wait/ms~") || !slices.Contains(got, "next") || !slices.Contains(got, "kind") {
		t.Errorf("List = %v", got)
	}
}

// TestNoun checks the words generated messages call the error type by.
func TestNoun(t *testing.T) {
	for goName, want := range map[string]string{
		"AgentError": "agent error", "ServiceFault": "service fault", "HTTPFault": "http fault", "Fault": "fault", "APIV2Error": "apiv2 error",
	} {
		if got := (&errorcontract.Constructors{Error: goName}).Noun(); got != want {
			t.Errorf("Noun(%s) = %q, want %q", goName, got, want)
		}
	}
}
