package gosurfaces_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	ae "github.com/contractgen/contractgen/generated/agenterror"
)

// handError is what a service would write by hand without the generator: a plain struct with the
// same members, filled from literals and encoded by encoding/json. It is the baseline.
type handError struct {
	ContractVersion int    `json:"contract_version"`
	Kind            string `json:"kind"`
	Message         string `json:"message"`
	Origin          string `json:"origin"`
	Recovery        struct {
		Action        string `json:"action"`
		SameArguments string `json:"same_arguments"`
		Guidance      string `json:"guidance"`
		RetryAfterMS  *int64 `json:"retry_after_ms,omitempty"`
	} `json:"recovery"`
	SideEffects string  `json:"side_effects"`
	Tool        *string `json:"tool,omitempty"`
	Cause       *string `json:"cause,omitempty"`
}

func BenchmarkConstructAndMarshal(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		e := ae.NewRateLimited("Too many requests for this tool.", ae.WithTool("fs.write"),
			ae.WithCause("quota of 100 calls per minute reached"), ae.WithRetryAfter(1500*time.Millisecond))
		if _, err := e.MarshalJSON(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkHandWrittenAndMarshal(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		tool, cause, wait := "fs.write", "quota of 100 calls per minute reached", int64(1500)
		e := handError{ContractVersion: 1, Kind: "rate_limited", Message: "Too many requests for this tool.",
			Origin: "budget", SideEffects: "none_expected", Tool: &tool, Cause: &cause}
		e.Recovery.Action, e.Recovery.SameArguments, e.Recovery.RetryAfterMS = "retry_later", "conditional", &wait
		e.Recovery.Guidance = "Wait for retry_after_ms, or back off if it is absent, before sending the same request again."
		if _, err := json.Marshal(e); err != nil {
			b.Fatal(err)
		}
	}
}

func benchError() *ae.AgentError {
	return ae.NewRateLimited("Too many requests for this tool.", ae.WithTool("fs.write"),
		ae.WithCause("quota of 100 calls per minute reached"), ae.WithRetryAfter(1500*time.Millisecond))
}

// discardWriter is a ResponseWriter that keeps nothing, so the benchmark measures the adapter.
type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *discardWriter) WriteHeader(int)             {}

func BenchmarkWriteHTTP(b *testing.B) {
	e := benchError()
	w := &discardWriter{h: http.Header{}}
	b.ReportAllocs()
	for b.Loop() {
		clear(w.h)
		if err := ae.WriteHTTP(w, e); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadHTTP(b *testing.B) {
	rec := httptest.NewRecorder()
	ae.WriteHTTP(rec, benchError())
	body := rec.Body.Bytes()
	b.ReportAllocs()
	for b.Loop() {
		resp := &http.Response{StatusCode: 429, Body: io.NopCloser(newReader(body))}
		if _, err := ae.ReadHTTP(resp); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkJSONRPCRoundTrip(b *testing.B) {
	e := benchError()
	b.ReportAllocs()
	for b.Loop() {
		obj, err := ae.ToJSONRPC(e)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := ae.FromJSONRPC(obj); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMCPToolResultRoundTrip(b *testing.B) {
	e := benchError()
	b.ReportAllocs()
	for b.Loop() {
		res, err := ae.ToMCPToolResult(e)
		if err != nil {
			b.Fatal(err)
		}
		if _, ok := ae.FromMCPToolResult(res); !ok {
			b.Fatal("lost")
		}
	}
}

func BenchmarkCLIRoundTrip(b *testing.B) {
	e := benchError()
	var line lineBuffer
	b.ReportAllocs()
	for b.Loop() {
		line = line[:0]
		if _, err := ae.WriteCLI(&line, "deploy", e); err != nil {
			b.Fatal(err)
		}
		if _, _, err := ae.ReadCLI(line); err != nil {
			b.Fatal(err)
		}
	}
}

type lineBuffer []byte

func (l *lineBuffer) Write(p []byte) (int, error) { *l = append(*l, p...); return len(p), nil }

func newReader(p []byte) io.Reader { return &sliceReader{p: p} }

type sliceReader struct{ p []byte }

func (r *sliceReader) Read(b []byte) (int, error) {
	if len(r.p) == 0 {
		return 0, io.EOF
	}
	n := copy(b, r.p)
	r.p = r.p[n:]
	return n, nil
}
