package conformance

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/contractgen/contractgen/generated/agenterror"
)

// typical is an agent error as producers send it: required members, a few context members, hints
// and a small evidence object.
var typical = []byte(`{"contract_version":1,"kind":"rate_limited","message":"The search tool is rate limited; wait 1.5 s before trying again.",` +
	`"origin":"budget","recovery":{"action":"retry_later","same_arguments":"safe","guidance":"Wait for the time given in retry_after_ms, then send the same request again.","retry_after_ms":1500},` +
	`"side_effects":"none_expected","service":"search","tool":"web_search","upstream":"search-api","cause":"HTTP 429 from upstream",` +
	`"evidence":{"limit":60,"window_s":60},"safety":{"read_only_hint":true,"idempotent_hint":true}}`)

// handWritten is the struct a careful person would write for the contract and decode with
// encoding/json: the floor that Parse is measured against.
type handWritten struct {
	ContractVersion int64  `json:"contract_version"`
	Kind            string `json:"kind"`
	Message         string `json:"message"`
	Origin          string `json:"origin"`
	Recovery        struct {
		Action        string `json:"action"`
		SameArguments string `json:"same_arguments"`
		Guidance      string `json:"guidance"`
		RetryAfterMS  *int64 `json:"retry_after_ms,omitempty"`
	} `json:"recovery"`
	SideEffects  string         `json:"side_effects"`
	Service      *string        `json:"service,omitempty"`
	Action       *string        `json:"action,omitempty"`
	Tool         *string        `json:"tool,omitempty"`
	Upstream     *string        `json:"upstream,omitempty"`
	Command      *string        `json:"command,omitempty"`
	Prompt       *string        `json:"prompt,omitempty"`
	Resource     *string        `json:"resource,omitempty"`
	Cause        *string        `json:"cause,omitempty"`
	OriginalKind *string        `json:"original_kind,omitempty"`
	Evidence     map[string]any `json:"evidence,omitempty"`
	Safety       *struct {
		ReadOnlyHint    *bool `json:"read_only_hint,omitempty"`
		DestructiveHint *bool `json:"destructive_hint,omitempty"`
		IdempotentHint  *bool `json:"idempotent_hint,omitempty"`
		OpenWorldHint   *bool `json:"open_world_hint,omitempty"`
	} `json:"safety,omitempty"`
}

// BenchmarkParse is strict decoding plus validation of a typical instance.
func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(typical)))
	for b.Loop() {
		if _, err := agenterror.Parse(typical); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncodingJSONHandWritten is plain json.Unmarshal into handWritten, which checks nothing
// beyond Go types: the floor.
func BenchmarkEncodingJSONHandWritten(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(typical)))
	for b.Loop() {
		var v handWritten
		if err := json.Unmarshal(typical, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUnmarshalGenerated is the generated tolerant decoder reached through json.Unmarshal.
func BenchmarkUnmarshalGenerated(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(typical)))
	for b.Loop() {
		var v agenterror.AgentError
		if err := json.Unmarshal(typical, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidate is Validate on a decoded valid value; it must report 0 allocs/op.
func BenchmarkValidate(b *testing.B) {
	v, err := agenterror.Parse(typical)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := v.Validate(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReference is the reference validator on the same bytes: its own decoding plus validation.
func BenchmarkReference(b *testing.B) {
	setup(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(typical)))
	for b.Loop() {
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(typical))
		if err != nil {
			b.Fatal(err)
		}
		if err := reference.Validate(inst); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReferenceDecodeAndValidate is what a caller of the reference needs for a typed value:
// the reference's verdict and then encoding/json into the hand-written struct.
func BenchmarkReferenceDecodeAndValidate(b *testing.B) {
	setup(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(typical)))
	for b.Loop() {
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(typical))
		if err != nil {
			b.Fatal(err)
		}
		if err := reference.Validate(inst); err != nil {
			b.Fatal(err)
		}
		var v handWritten
		if err := json.Unmarshal(typical, &v); err != nil {
			b.Fatal(err)
		}
	}
}
