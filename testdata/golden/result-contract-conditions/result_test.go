package golden

import (
	"bytes"
	"encoding/json"
	"testing"
)

// The conditions live beside the members (a root-level allOf of if/then/else and
// dependentRequired): typing the root must never change what Parse accepts.
var verdicts = []struct {
	name  string
	json  string
	valid bool
}{
	{"complete", `{"contract_version":1,"ok":true,"tool":"search","status":"complete","content":[{"type":"text","text":"hi"}]}`, true},
	{"every member", `{"contract_version":1,"ok":true,"tool":"search","call_id":"call_7","status":"partial","started_at":"2026-12-03T10:00:00Z",` +
		`"duration_ms":12,"content":[{"type":"json","data":{"n":1.50}}],"truncated":true,"next_cursor":"c2",` +
		`"usage":{"input_tokens":10,"output_tokens":20,"cost_usd":0.0001},"warnings":["slow"],"labels":{"team":"a"},"x-trace":"t1"}`, true},
	{"pending with its job", `{"contract_version":1,"ok":true,"tool":"t","status":"pending","content":[],"job":{"job_id":"j1","poll_after_ms":500}}`, true},
	{"pending without a job", `{"contract_version":1,"ok":true,"tool":"t","status":"pending","content":[]}`, false},
	{"a job though complete", `{"contract_version":1,"ok":true,"tool":"t","status":"complete","content":[],"job":{"job_id":"j1"}}`, false},
	{"partial without a cursor", `{"contract_version":1,"ok":true,"tool":"t","status":"partial","content":[]}`, false},
	{"truncated without a cursor", `{"contract_version":1,"ok":true,"tool":"t","status":"complete","content":[],"truncated":true}`, false},
	{"version 2", `{"contract_version":2,"ok":true,"tool":"t","status":"complete","content":[]}`, false},
	{"version as a string", `{"contract_version":"1","ok":true,"tool":"t","status":"complete","content":[]}`, false},
	{"version 1.0", `{"contract_version":1.0,"ok":true,"tool":"t","status":"complete","content":[]}`, true},
	{"ok false", `{"contract_version":1,"ok":false,"tool":"t","status":"complete","content":[]}`, false},
	{"unknown status", `{"contract_version":1,"ok":true,"tool":"t","status":"queued","content":[]}`, false},
	{"bad call id", `{"contract_version":1,"ok":true,"tool":"t","call_id":"7","status":"complete","content":[]}`, false},
	{"unknown job member", `{"contract_version":1,"ok":true,"tool":"t","status":"pending","content":[],"job":{"job_id":"j","eta":1}}`, false},
}

func TestResultVerdicts(t *testing.T) {
	for _, v := range verdicts {
		_, err := Parse([]byte(v.json))
		if (err == nil) != v.valid {
			t.Errorf("%s: Parse error = %v, want valid=%v", v.name, err, v.valid)
		}
	}
}

// TestResultRoundTrip: a valid result encodes back to the same members, unknown ones and number
// literals included.
func TestResultRoundTrip(t *testing.T) {
	in := verdicts[1].json
	r, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var a, b map[string]json.RawMessage
	if err := json.Unmarshal([]byte(in), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(out, &b); err != nil {
		t.Fatal(err)
	}
	for name, raw := range a {
		if got := b[name]; !bytes.Equal(compact(t, got), compact(t, raw)) {
			t.Errorf("member %s: encoded %s, want %s", name, got, raw)
		}
	}
	if len(a) != len(b) {
		t.Errorf("encoded %d members, want %d: %s", len(b), len(a), out)
	}
}

func compact(t *testing.T, raw json.RawMessage) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestResultTyped reads the members through the struct the root-level conditions no longer
// prevent: consts typed from their values, enums, nested structs, numbers and JSON kept exactly.
func TestResultTyped(t *testing.T) {
	r, err := Parse([]byte(verdicts[1].json))
	if err != nil {
		t.Fatal(err)
	}
	if r.ContractVersion != 1 || !r.OK || r.Tool != "search" || r.Status != ToolResultStatusPartial {
		t.Errorf("contract_version %d, ok %v, tool %q, status %q", r.ContractVersion, r.OK, r.Tool, r.Status)
	}
	if r.NextCursor == nil || *r.NextCursor != "c2" || r.Truncated == nil || !*r.Truncated || r.Job != nil {
		t.Errorf("next_cursor %v, truncated %v, job %v", r.NextCursor, r.Truncated, r.Job)
	}
	if len(r.Content) != 1 || r.Content[0].Type != ContentBlockTypeJSON || string(r.Content[0].Data) != `{"n":1.50}` {
		t.Errorf("content %+v", r.Content)
	}
	if r.Usage == nil || r.Usage.CostUsd == nil || r.Usage.CostUsd.String() != "0.0001" || r.Usage.InputTokens.String() != "10" {
		t.Errorf("usage %+v", r.Usage)
	}
	if r.Labels["team"] != "a" || len(r.Warnings) != 1 || string(r.Extra["x-trace"]) != `"t1"` {
		t.Errorf("labels %v, warnings %v, extra %v", r.Labels, r.Warnings, r.Extra)
	}
}

// TestNewResultAndConditions builds results with NewToolResult, which sets the const members, and
// checks that Validate and Parse keep the root-level conditions the struct does not carry.
func TestNewResultAndConditions(t *testing.T) {
	r := NewToolResult()
	if r.ContractVersion != 1 || !r.OK {
		t.Fatalf("NewToolResult set contract_version %d, ok %v", r.ContractVersion, r.OK)
	}
	r.Tool, r.Status, r.Content = "fetch", ToolResultStatusPending, []ContentBlock{}
	if err := r.Validate(); err == nil {
		t.Error("a pending result without its job validates")
	}
	r.Job = &Job{JobID: "j1"}
	if err := r.Validate(); err != nil {
		t.Fatalf("a pending result with its job: %v", err)
	}
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(data)
	if err != nil {
		t.Fatalf("Parse(%s): %v", data, err)
	}
	if back.Job == nil || back.Job.JobID != "j1" || back.Status != ToolResultStatusPending {
		t.Errorf("decoded %+v", back)
	}
	r.Status = ToolResultStatusComplete
	if err := r.Validate(); err == nil {
		t.Error("a complete result with a job validates")
	}
	r.Job, r.Truncated = nil, new(bool)
	*r.Truncated = true
	if err := r.Validate(); err == nil {
		t.Error("a truncated result without a cursor validates")
	}
}
