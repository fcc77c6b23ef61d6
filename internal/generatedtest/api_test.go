package generatedtest

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/contractgen/contractgen/cgruntime"
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

// TestRetryAfterOnAKindThatForbidsIt: an option the kind's catalog row does not allow is kept, as
// every option overrides the catalog, and CheckCatalog reports it with the rule's pointer; it is
// never silently dropped.
func TestRetryAfterOnAKindThatForbidsIt(t *testing.T) {
	row, _ := agenterror.LookupKind(agenterror.KindMissingParam)
	if row.RetryAfter {
		t.Fatal("the test needs a kind whose row forbids retry_after_ms")
	}
	e := agenterror.NewMissingParam("Add the query parameter.", agenterror.WithRetryAfter(1500*time.Millisecond))
	if e.Recovery.RetryAfterMS == nil || string(*e.Recovery.RetryAfterMS) != "1500" {
		t.Fatalf("retry_after_ms = %v, want 1500: the option was dropped", e.Recovery.RetryAfterMS)
	}
	err := agenterror.CheckCatalog(e)
	var invalid *cgruntime.ValidationError
	if !errors.As(err, &invalid) || len(invalid.Violations) != 1 {
		t.Fatalf("CheckCatalog = %v, want one violation", err)
	}
	v := invalid.Violations[0]
	if v.InstanceLocation != "/recovery/retry_after_ms" || v.KeywordLocation != "/x-catalog/kinds/missing_param/retry_after" ||
		!strings.Contains(v.Message, "missing_param") {
		t.Errorf("violation %+v", v)
	}
	// A kind that allows it, and a kind the catalog does not list (the fallback row allows it).
	for _, ok := range []*agenterror.AgentError{
		agenterror.NewRateLimited("Slow down.", agenterror.WithRetryAfter(time.Second)),
		agenterror.New("brand_new_kind", "Something new.", agenterror.WithRetryAfter(time.Second)),
		agenterror.NewMissingParam("Add the query parameter."),
	} {
		if err := agenterror.CheckCatalog(ok); err != nil {
			t.Errorf("CheckCatalog(%s) = %v", ok.Kind, err)
		}
	}
	// CheckCatalog reads decoded errors too: Parse checks the schema, which allows the member.
	data, _ := json.Marshal(e)
	back, err := agenterror.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if agenterror.CheckCatalog(back) == nil {
		t.Error("CheckCatalog accepts a decoded missing_param error with retry_after_ms")
	}
}

// TestOptionIsExported: Option is a type whose declaration go doc can show in full (no
// unexported type in its signature), and its zero value changes nothing.
func TestOptionIsExported(t *testing.T) {
	var zero agenterror.Option
	e := agenterror.NewTimeout("The upstream did not answer.", zero)
	if e.Kind != agenterror.KindTimeout {
		t.Errorf("kind %q", e.Kind)
	}
	typ := reflect.TypeFor[agenterror.Option]()
	if typ.Kind() != reflect.Struct {
		t.Errorf("Option is a %s; want a struct whose unexported fields go doc hides", typ.Kind())
	}
}
