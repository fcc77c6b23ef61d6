package peers

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/bench/peers/gojsonschema"
	"github.com/contractgen/contractgen/cgruntime"
	ae "github.com/contractgen/contractgen/generated/agenterror"
)

// The tests in this file keep the benchmarks honest: each pair that BENCHMARKS.md divides must do
// the same work on the same input, or the ratio means nothing.

// TestDecodersAgree proves the floor, Parse and go-jsonschema's code read the same values out of
// the typical instance, so their times measure the same decoding.
func TestDecodersAgree(t *testing.T) {
	var floor handWritten
	if err := json.Unmarshal(typical, &floor); err != nil {
		t.Fatal(err)
	}
	parsed, err := ae.Parse(typical)
	if err != nil {
		t.Fatalf("Parse rejects the typical instance: %v", err)
	}
	var gjs gojsonschema.AgentErrorSchemaJson
	if err := json.Unmarshal(typical, &gjs); err != nil {
		t.Fatalf("go-jsonschema's code rejects the typical instance: %v", err)
	}
	want := []string{floor.Kind, floor.Message, floor.Origin, floor.Recovery.Action, floor.Recovery.Guidance, *floor.Tool}
	fromParse := []string{string(parsed.Kind), parsed.Message, string(parsed.Origin), string(parsed.Recovery.Action),
		parsed.Recovery.Guidance, deref(parsed.Tool)}
	fromGJS := []string{gjs.Kind, gjs.Message, string(gjs.Origin), string(gjs.Recovery.Action),
		gjs.Recovery.Guidance, deref(gjs.Tool)}
	if !reflect.DeepEqual(fromParse, want) {
		t.Errorf("Parse read %q, the floor %q", fromParse, want)
	}
	if !reflect.DeepEqual(fromGJS, want) {
		t.Errorf("go-jsonschema read %q, the floor %q", fromGJS, want)
	}
	if parsed.Recovery.RetryAfterMS == nil || parsed.Recovery.RetryAfterMS.String() != "1500" {
		t.Errorf("Parse lost retry_after_ms: %v", parsed.Recovery.RetryAfterMS)
	}
	if gjs.Recovery.RetryAfterMs == nil || *gjs.Recovery.RetryAfterMs != 1500 {
		t.Errorf("go-jsonschema lost retry_after_ms: %v", gjs.Recovery.RetryAfterMs)
	}
	if len(parsed.Evidence) != len(floor.Evidence) || len(gjs.Evidence) != len(floor.Evidence) {
		t.Errorf("evidence sizes differ: Parse %d, go-jsonschema %d, floor %d",
			len(parsed.Evidence), len(gjs.Evidence), len(floor.Evidence))
	}
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

// TestValidatorsReject proves Parse, go-jsonschema's code and the reference all validate, which
// the floor does not: each broken variant of the typical instance is rejected by the three and
// accepted by encoding/json. Without this, a fast "validator" might simply check nothing.
func TestValidatorsReject(t *testing.T) {
	ref := compileReference(t)
	broken := map[string][]byte{
		"message missing":         []byte(strings.Replace(string(typical), `"message":"The search tool is rate limited; wait 1.5 s before trying again.",`, "", 1)),
		"contract_version 2":      []byte(strings.Replace(string(typical), `"contract_version":1`, `"contract_version":2`, 1)),
		"negative retry_after":    []byte(strings.Replace(string(typical), `"retry_after_ms":1500`, `"retry_after_ms":-1`, 1)),
		"empty recovery.guidance": []byte(strings.Replace(string(typical), `"guidance":"Wait for the time given in retry_after_ms, then send the same request again."`, `"guidance":""`, 1)),
	}
	for name, data := range broken {
		if string(data) == string(typical) {
			t.Fatalf("%s: the replacement did not apply; the typical instance changed", name)
		}
		var floor handWritten
		if err := json.Unmarshal(data, &floor); err != nil {
			t.Errorf("%s: the floor should accept what it cannot check, got %v", name, err)
		}
		if _, err := ae.Parse(data); err == nil {
			t.Errorf("%s: Parse accepted it", name)
		}
		var gjs gojsonschema.AgentErrorSchemaJson
		if err := json.Unmarshal(data, &gjs); err == nil {
			t.Errorf("%s: go-jsonschema's code accepted it", name)
		}
		if err := referenceCheck(ref, data); err == nil {
			t.Errorf("%s: the reference accepted it", name)
		}
	}
	if err := referenceCheck(ref, typical); err != nil {
		t.Errorf("the reference rejects the typical instance: %v", err)
	}
}

// TestEncodersAgree proves the constructor and the hand-written baseline write the same object,
// so BenchmarkEncode compares equal output.
func TestEncodersAgree(t *testing.T) {
	got, err := constructed().MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.Marshal(handBuilt())
	if err != nil {
		t.Fatal(err)
	}
	var g, w map[string]any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("constructor output is not JSON: %v\n%s", err, got)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("the constructor writes\n%s\nthe hand-written baseline\n%s", got, want)
	}
}

// TestSanitizeInputHasWork proves the sanitizer benchmark's input triggers its rules: the secrets
// are gone from the output, and the 5 MiB input is cut down rather than copied whole.
func TestSanitizeInputHasWork(t *testing.T) {
	small := cgruntime.SanitizeText(sanitizeInput(1 << 10))
	for _, secret := range []string{"FAKEtok0001", "sk-proj-FAKEabcdefghijklmnop0123"} {
		if strings.Contains(small, secret) {
			t.Errorf("SanitizeText kept %q", secret)
		}
	}
	if big := cgruntime.SanitizeText(sanitizeInput(5 << 20)); len(big) >= 5<<20 {
		t.Errorf("SanitizeText returned %d bytes of a 5 MiB input; the limit did not apply", len(big))
	}
}
