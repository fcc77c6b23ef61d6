package golden

import (
	"encoding/json"
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
)

// The benchmarks behind BENCHMARKS.md's "Composed structs" section: what checking a struct's
// conditions as JSON costs beside the generated checks of the same members (PlainResult), and
// beside encoding/json into a hand-written struct that checks nothing.

var failure = []byte(`{"contract_version":1,"ok":false,"error":"upstream timed out","retry_after_ms":1500,"warnings":["slow"],"detail":"after 30 s"}`)

type handWrittenResult struct {
	ContractVersion int64           `json:"contract_version"`
	OK              bool            `json:"ok"`
	Data            map[string]any  `json:"data,omitempty"`
	Error           *string         `json:"error,omitempty"`
	RetryAfterMS    *int64          `json:"retry_after_ms,omitempty"`
	Warnings        []string        `json:"warnings,omitempty"`
	Detail          json.RawMessage `json:"detail,omitempty"`
}

func BenchmarkParseComposed(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(failure); err != nil {
			b.Fatal(err)
		}
	}
}

// plainIndex is PlainResult's place in the package's description, for parsing it, which is not a
// root, as Parse does.
func plainIndex(b *testing.B) int {
	for i, t := range cgPackage.Types {
		if t.Name == "PlainResult" {
			return i
		}
	}
	b.Fatal("PlainResult is not described")
	return 0
}

func BenchmarkParsePlain(b *testing.B) {
	i := plainIndex(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := cgruntime.ParseAs[PlainResult](cgPackage, i, failure); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodingJSONHandWritten(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		var v handWrittenResult
		if err := json.Unmarshal(failure, &v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidateComposed(b *testing.B) {
	v, err := Parse(failure)
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

func BenchmarkValidatePlain(b *testing.B) {
	v, err := cgruntime.ParseAs[PlainResult](cgPackage, plainIndex(b), failure)
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
