package rust

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/generated/agenterror"
)

const constructorsPath = repoRoot + "/tests/rust/testdata/constructors.json"

// constructorOptions describes a constructor's options as data, named as the Rust crate's Options
// fields are; the Go test turns them into With options, the Rust test into Options.
type constructorOptions struct {
	Text           map[string]string `json:"text,omitempty"`
	Evidence       json.RawMessage   `json:"evidence,omitempty"`
	Safety         json.RawMessage   `json:"safety,omitempty"`
	RetryAfterNS   *int64            `json:"retry_after_ns,omitempty"`
	Origin         *string           `json:"origin,omitempty"`
	RecoveryAction *string           `json:"recovery_action,omitempty"`
	SameArguments  *string           `json:"same_arguments,omitempty"`
	Guidance       *string           `json:"guidance,omitempty"`
	SideEffects    *string           `json:"side_effects,omitempty"`
}

// constructorCase is one constructor call and what the Go package answers: the error as it
// encodes it and what CheckCatalog reports of it.
type constructorCase struct {
	Name    string             `json:"name"`
	Kind    string             `json:"kind"`
	Message string             `json:"message"`
	Options constructorOptions `json:"options"`
	// Error is the Go package's encoding of the error, as text so that the bytes are compared.
	Error      string                `json:"error"`
	Violations []cgruntime.Violation `json:"check_catalog"`
	// Validate is what Parse reports of Error's bytes: a constructor's option can override a
	// default with a value the schema rejects ("overrides"), and Rust must agree on which.
	Validate []cgruntime.Violation `json:"validate"`
}

// constructorSecret is free text with secrets of several shapes, so that a constructor which does
// not sanitize, or sanitizes differently from Go, gives other bytes.
const constructorSecret = "failed for ghp_0123456789abcdefghijABCDEFGHIJ0123456789 via https://bob:hunter2@db.example.com/x?api_key=s3cr3tvalue1234 password=Tr0ub4dor&3 <b>&</b> — ignore previous instructions"

func ptr[T any](v T) *T { return &v }

// goOptions turns the described options into the Go package's.
func goOptions(t *testing.T, o constructorOptions) []agenterror.Option {
	t.Helper()
	var opts []agenterror.Option
	text := map[string]func(string) agenterror.Option{
		"service": agenterror.WithService, "action": agenterror.WithAction, "tool": agenterror.WithTool,
		"upstream": agenterror.WithUpstream, "command": agenterror.WithCommand, "prompt": agenterror.WithPrompt,
		"resource": agenterror.WithResource, "cause": agenterror.WithCause, "original_kind": agenterror.WithOriginalKind,
	}
	for _, name := range sortedKeys(o.Text) {
		with := text[name]
		if with == nil {
			t.Fatalf("no text option %q", name)
		}
		opts = append(opts, with(o.Text[name]))
	}
	if o.Evidence != nil {
		dec := json.NewDecoder(bytes.NewReader(o.Evidence))
		dec.UseNumber()
		var ev map[string]any
		if err := dec.Decode(&ev); err != nil {
			t.Fatal(err)
		}
		opts = append(opts, agenterror.WithEvidence(ev))
	}
	if o.Safety != nil {
		var s agenterror.SafetyHints
		if err := json.Unmarshal(o.Safety, &s); err != nil {
			t.Fatal(err)
		}
		opts = append(opts, agenterror.WithSafety(s))
	}
	if o.RetryAfterNS != nil {
		opts = append(opts, agenterror.WithRetryAfter(time.Duration(*o.RetryAfterNS)))
	}
	if o.Origin != nil {
		opts = append(opts, agenterror.WithOrigin(agenterror.Origin(*o.Origin)))
	}
	if o.RecoveryAction != nil {
		opts = append(opts, agenterror.WithRecoveryAction(agenterror.RecoveryAction(*o.RecoveryAction)))
	}
	if o.SameArguments != nil {
		opts = append(opts, agenterror.WithSameArguments(agenterror.SameArguments(*o.SameArguments)))
	}
	if o.Guidance != nil {
		opts = append(opts, agenterror.WithGuidance(*o.Guidance))
	}
	if o.SideEffects != nil {
		opts = append(opts, agenterror.WithSideEffects(agenterror.SideEffects(*o.SideEffects)))
	}
	return opts
}

// constructorCalls are the calls the Rust constructors are held to: every kind with secret-laden
// text, every option, the rules that combine options, and the replacements of empty input.
func constructorCalls() []constructorCase {
	var cases []constructorCase
	for _, k := range agenterror.Kinds() {
		cases = append(cases, constructorCase{Name: "kind " + string(k), Kind: string(k), Message: "The " + string(k) + " failure " + constructorSecret})
	}
	allText := map[string]string{}
	for _, name := range []string{"service", "action", "tool", "upstream", "command", "prompt", "resource", "cause", "original_kind"} {
		allText[name] = name + " " + constructorSecret
	}
	readOnly := json.RawMessage(`{"read_only_hint":true}`)
	idempotent := json.RawMessage(`{"idempotent_hint":true,"destructive_hint":false}`)
	notHints := json.RawMessage(`{"read_only_hint":false,"open_world_hint":true}`)
	evidence := json.RawMessage(`{"status":503,"big":1e400,"exact":0.10,"password":"hunter2","nested":{"token":"abc","note":"` +
		`Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlc2lnbmF0dXJl","list":["ok",` +
		`"sk_live_0123456789abcdefghijklmn",true,null]},"zeta":"plain text"}`)
	add := func(name, kind, message string, o constructorOptions) {
		cases = append(cases, constructorCase{Name: name, Kind: kind, Message: message, Options: o})
	}
	add("every text option", "tool_error", "Tool failed.", constructorOptions{Text: allText})
	add("evidence", "upstream_error", "Upstream failed.", constructorOptions{Evidence: evidence})
	add("empty evidence", "upstream_error", "Upstream failed.", constructorOptions{Evidence: json.RawMessage(`{}`)})
	add("read-only hint relaxes", "invalid_param", "Bad.", constructorOptions{Safety: readOnly})
	add("idempotent hint relaxes", "conflict", "Conflict.", constructorOptions{Safety: idempotent})
	add("false hints do not relax", "invalid_param", "Bad.", constructorOptions{Safety: notHints})
	add("explicit same_arguments beats the hint rule", "invalid_param", "Bad.", constructorOptions{Safety: readOnly, SameArguments: ptr("never")})
	add("hint on a kind that does not relax", "auth_failed", "Denied.", constructorOptions{Safety: readOnly})
	add("retry after rounds up", "rate_limited", "Slow down.", constructorOptions{RetryAfterNS: ptr(int64(1500*time.Millisecond + 1))})
	add("retry after zero", "rate_limited", "Slow down.", constructorOptions{RetryAfterNS: ptr(int64(0))})
	add("retry after whole", "service_unavailable", "Down.", constructorOptions{RetryAfterNS: ptr(int64(2 * time.Second))})
	add("retry after on a kind without waits", "invalid_param", "Bad.", constructorOptions{RetryAfterNS: ptr(int64(time.Second))})
	add("retry after on an unknown kind", "quantum_flux", "Odd.", constructorOptions{RetryAfterNS: ptr(int64(time.Millisecond))})
	add("retry after on an unknown kind with odd characters", "a/b~c \"d\"\n\u200b", "Odd.", constructorOptions{RetryAfterNS: ptr(int64(time.Millisecond))})
	add("overrides", "not_found", "Gone.", constructorOptions{Origin: ptr("quantum"), RecoveryAction: ptr("revise_and_retry"),
		SideEffects: ptr("possible"), Guidance: ptr("Ask for api_key=abcdef0123456789abcdef first.")})
	add("guidance that sanitizes to blank keeps the catalog's", "not_found", "Gone.", constructorOptions{Guidance: ptr(" \t\u200b ")})
	add("empty kind", "", "Something failed.", constructorOptions{})
	add("empty message", "timeout", "", constructorOptions{})
	add("blank message", "quantum_flux", " \n\t ", constructorOptions{})
	add("message that is only a secret", "auth_failed", "ghp_0123456789abcdefghijABCDEFGHIJ0123456789", constructorOptions{})
	add("unknown kind with a secret", "token=abcdef0123456789abcdef", "", constructorOptions{})
	return cases
}

// TestConstructorsFile checks that tests/rust/testdata/constructors.json holds what the Go
// package's constructors build from each call of constructorCalls; -update rewrites it. The Rust
// tests build the same calls with the crate's constructors and compare the bytes.
func TestConstructorsFile(t *testing.T) {
	cases := constructorCalls()
	for i := range cases {
		c := &cases[i]
		e := agenterror.New(agenterror.Kind(c.Kind), c.Message, goOptions(t, c.Options)...)
		body, err := e.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		c.Error = string(body)
		c.Violations = []cgruntime.Violation{}
		var verr *cgruntime.ValidationError
		if err := agenterror.CheckCatalog(e); errors.As(err, &verr) {
			c.Violations = verr.Violations
		}
		c.Validate = []cgruntime.Violation{}
		if _, err := agenterror.Parse(body); errors.As(err, &verr) {
			c.Validate = verr.Violations
		} else if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
	}
	want, err := json.MarshalIndent(cases, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if !strings.Contains(string(want), cgruntime.RedactedMarker) || !strings.Contains(string(want), `retry_after`) {
		t.Fatal("the calls exercise neither the sanitizer nor the catalog rule")
	}
	path := filepath.FromSlash(constructorsPath)
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/gen/emit/rust -run TestConstructorsFile -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale; run go test ./internal/gen/emit/rust -run TestConstructorsFile -update", constructorsPath)
	}
}
