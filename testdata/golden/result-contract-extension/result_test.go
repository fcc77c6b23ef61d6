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
