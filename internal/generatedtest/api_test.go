package generatedtest

import (
	"encoding/json"
	"testing"

	"github.com/contractgen/contractgen/generated/agenterror"
)

// TestKindIsTyped: the kind member has the catalog's Kind type, so it compares with the kind
// constants and passes to LookupKind without a conversion, and a kind the catalog does not list
// still decodes and re-encodes unchanged.
func TestKindIsTyped(t *testing.T) {
	e := agenterror.NewRateLimited("Slow down.")
	if e.Kind != agenterror.KindRateLimited {
		t.Errorf("kind %q, want %q", e.Kind, agenterror.KindRateLimited)
	}
	if row, known := agenterror.LookupKind(e.Kind); !known || row.HTTPStatus != 429 {
		t.Errorf("LookupKind(%q) = %+v, %v", e.Kind, row, known)
	}
	in := `{"contract_version":1,"kind":"brand_new_kind","message":"m","origin":"runtime","recovery":{"action":"do_not_retry","same_arguments":"never","guidance":"g"},"side_effects":"none_expected"}`
	got, err := agenterror.Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if got.Kind != agenterror.Kind("brand_new_kind") {
		t.Errorf("unknown kind decoded as %q", got.Kind)
	}
	out, err := json.Marshal(got)
	if err != nil || string(out) != in {
		t.Errorf("re-encoded %s, %v\nwant %s", out, err, in)
	}
	var plain agenterror.AgentError
	if err := json.Unmarshal([]byte(in), &plain); err != nil || plain.Kind != "brand_new_kind" {
		t.Errorf("encoding/json: kind %q, %v", plain.Kind, err)
	}
}
