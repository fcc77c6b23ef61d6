// Package generatedtest exercises the committed generated package the way consumers use it.
package generatedtest

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contractgen/contractgen/generated/agenterror"
)

// TestRoundTripKeepsUnknownMembersAndValues decodes errors from a newer producer and re-encodes
// them: nothing may be lost, and the canonical form puts declared members first in schema order.
func TestRoundTripKeepsUnknownMembersAndValues(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{
			name: "unknown members at every level, unknown enum values",
			in: `{"zeta": {"nested": [1, 2.50]}, "contract_version": 1, "kind": "new_kind", "message": "m",
			      "origin": "orbit", "recovery": {"guidance": "g", "action": "teleport", "same_arguments": "maybe", "extra_hint": true},
			      "side_effects": "partial", "safety": {"read_only_hint": true, "future_hint": "x"}, "alpha": null}`,
			want: `{"contract_version":1,"kind":"new_kind","message":"m","origin":"orbit","recovery":{"action":"teleport","same_arguments":"maybe","guidance":"g","extra_hint":true},"side_effects":"partial","safety":{"read_only_hint":true,"future_hint":"x"},"alpha":null,"zeta":{"nested":[1,2.50]}}`,
		},
		{
			name: "member names match exactly: a case variant is an unknown member",
			in:   `{"contract_version":1,"kind":"k","Kind":"other","message":"m","origin":"policy","recovery":{"action":"confirm","same_arguments":"never","guidance":"g"},"side_effects":"none_expected"}`,
			want: `{"contract_version":1,"kind":"k","message":"m","origin":"policy","recovery":{"action":"confirm","same_arguments":"never","guidance":"g"},"side_effects":"none_expected","Kind":"other"}`,
		},
		{
			name: "integral numbers in any notation, large values kept exactly",
			in:   `{"contract_version":1.0,"kind":"k","message":"m","origin":"budget","recovery":{"action":"retry_later","same_arguments":"conditional","guidance":"g","retry_after_ms":123456789012345678901234567890},"side_effects":"possible","evidence":{"limit":1e3,"id":18446744073709551617}}`,
			want: `{"contract_version":1,"kind":"k","message":"m","origin":"budget","recovery":{"action":"retry_later","same_arguments":"conditional","guidance":"g","retry_after_ms":123456789012345678901234567890},"side_effects":"possible","evidence":{"id":18446744073709551617,"limit":1e3}}`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var e agenterror.AgentError
			if err := json.Unmarshal([]byte(c.in), &e); err != nil {
				t.Fatal(err)
			}
			out, err := json.Marshal(&e)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.want, string(out)); diff != "" {
				t.Errorf("re-encoded (-want +got):\n%s", diff)
			}
			var again agenterror.AgentError
			if err := json.Unmarshal(out, &again); err != nil {
				t.Fatal(err)
			}
			out2, _ := json.Marshal(&again)
			if string(out2) != string(out) {
				t.Errorf("a second round trip changed the bytes:\n%s\n%s", out, out2)
			}
		})
	}
}

func TestUnknownEnumValuesFallBack(t *testing.T) {
	var e agenterror.AgentError
	in := `{"contract_version":1,"kind":"k","message":"m","origin":"orbit","recovery":{"action":"teleport","same_arguments":"maybe","guidance":"g"},"side_effects":"partial"}`
	if err := json.Unmarshal([]byte(in), &e); err != nil {
		t.Fatal(err)
	}
	got := []string{string(e.Origin.OrFallback()), string(e.Recovery.Action.OrFallback()), string(e.Recovery.SameArguments.OrFallback()), string(e.SideEffects.OrFallback())}
	want := []string{"runtime", "inspect_and_escalate", "never", "unknown"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("fallbacks (-want +got):\n%s", diff)
	}
	if e.Origin.IsKnown() || !agenterror.OriginPolicy.IsKnown() {
		t.Errorf("IsKnown is wrong")
	}
}

func TestAbsentAndNullDiffer(t *testing.T) {
	var e agenterror.AgentError
	in := `{"contract_version":1,"kind":"k","message":"m","origin":"policy","recovery":{"action":"confirm","same_arguments":"never","guidance":"g"},"side_effects":"none_expected","tool":"t"}`
	if err := json.Unmarshal([]byte(in), &e); err != nil {
		t.Fatal(err)
	}
	if e.Tool == nil || *e.Tool != "t" || e.Service != nil {
		t.Errorf("tool = %v, service = %v; want tool set and service absent", e.Tool, e.Service)
	}
	var err error = &e
	if err.Error() != "m" {
		t.Errorf("Error() = %q, want the message", err.Error())
	}
}

func TestWrongTypesAreErrors(t *testing.T) {
	for _, in := range []string{
		`{"contract_version":"1"}`,
		`{"contract_version":1.5}`,
		`{"recovery":{"action":7}}`,
		`[]`,
		`{"kind":"k",}`,
	} {
		var e agenterror.AgentError
		if err := json.Unmarshal([]byte(in), &e); err == nil {
			t.Errorf("Unmarshal(%s) succeeded, want an error", in)
		}
	}
}
