package golden

import (
	"bytes"
	"encoding/json"
	"testing"
)

// The search result is an allOf of a $ref'd base and an inline extension: both parts' rules hold.
var verdicts = []struct {
	name  string
	json  string
	valid bool
}{
	{"minimal", `{"contract_version":1,"ok":true,"tool":"search","query":"go","hits":[]}`, true},
	{"every member", `{"contract_version":1,"ok":true,"tool":"search","call_id":"c1","duration_ms":3,"query":"go",` +
		`"hits":[{"url":"https://go.dev/","title":"Go","score":0.90}],"total_hits":12,"next_cursor":"p2","x-trace":"t"}`, true},
	{"base member missing", `{"contract_version":1,"ok":true,"query":"go","hits":[]}`, false},
	{"extension member missing", `{"contract_version":1,"ok":true,"tool":"search","hits":[]}`, false},
	{"cursor without a total", `{"contract_version":1,"ok":true,"tool":"search","query":"go","hits":[],"next_cursor":"p2"}`, false},
	{"ok false", `{"contract_version":1,"ok":false,"tool":"search","query":"go","hits":[]}`, false},
	{"score above 1", `{"contract_version":1,"ok":true,"tool":"search","query":"go","hits":[{"url":"u:x","score":1.5}]}`, false},
	{"negative duration", `{"contract_version":1,"ok":true,"tool":"search","duration_ms":-1,"query":"go","hits":[]}`, false},
	{"not an object", `["search"]`, false},
}

func TestSearchVerdicts(t *testing.T) {
	for _, v := range verdicts {
		_, err := Parse([]byte(v.json))
		if (err == nil) != v.valid {
			t.Errorf("%s: Parse error = %v, want valid=%v", v.name, err, v.valid)
		}
	}
}

// TestSearchRoundTrip: a valid result encodes back to the same members, unknown ones and number
// literals included.
func TestSearchRoundTrip(t *testing.T) {
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

// TestSearchTyped: the allOf of the $ref'd base and the extension is one struct with both parts'
// members, and NewSearchResult sets the base's const members.
func TestSearchTyped(t *testing.T) {
	r, err := Parse([]byte(verdicts[1].json))
	if err != nil {
		t.Fatal(err)
	}
	if r.ContractVersion != 1 || !r.OK || r.Tool != "search" || r.CallID == nil || *r.CallID != "c1" {
		t.Errorf("base members: %+v", r)
	}
	if r.Query != "go" || len(r.Hits) != 1 || r.Hits[0].URL != "https://go.dev/" || r.Hits[0].Score.String() != "0.90" {
		t.Errorf("extension members: %+v", r)
	}
	if r.TotalHits == nil || r.TotalHits.String() != "12" || string(r.Extra["x-trace"]) != `"t"` {
		t.Errorf("total_hits %v, extra %v", r.TotalHits, r.Extra)
	}
	s := NewSearchResult()
	s.Tool, s.Query, s.Hits = "search", "go", []Hit{}
	if err := s.Validate(); err != nil {
		t.Fatalf("NewSearchResult with the required members: %v", err)
	}
	cursor := "p2"
	s.NextCursor = &cursor
	if err := s.Validate(); err == nil {
		t.Error("a cursor without total_hits validates")
	}
}
