package compat

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// versioned builds a small contract whose contract_version const is version and whose origin
// enum holds values, so tests can make breaking or additive changes with or without a bump.
func versioned(version int, values []string, extra string) []byte {
	quoted := make([]string, len(values))
	for i, v := range values {
		quoted[i] = `"` + v + `"`
	}
	return []byte(`{
  "type": "object",
  "properties": {
    "contract_version": {"type": "integer", "const": ` + strconv.Itoa(version) + `},
    "origin": {"type": "string", "enum": [` + strings.Join(quoted, ",") + `]}` + extra + `
  },
  "required": ["contract_version", "origin"]
}`)
}

// mustCompare runs Compare and fails the test on error.
func mustCompare(t *testing.T, oldDoc, newDoc []byte) *Report {
	t.Helper()
	r, err := compareContract(oldDoc, newDoc)
	if err != nil {
		t.Fatalf("Compare: %v", err)
	}
	return r
}

func TestNeedsNewVersion(t *testing.T) {
	base := versioned(1, []string{"validation", "runtime"}, "")
	tests := []struct {
		name         string
		newDoc       []byte
		wantBreaking bool
		wantNeeds    bool
	}{
		{"breaking without bump", versioned(1, []string{"runtime"}, ""), true, true},
		{"breaking with bump", versioned(2, []string{"runtime"}, ""), true, false},
		{"bump going down does not count", versioned(0, []string{"runtime"}, ""), true, true},
		{"additive only", versioned(1, []string{"validation", "runtime"}, `, "help_url": {"type": "string"}`), false, false},
		{"no change", versioned(1, []string{"validation", "runtime"}, ""), false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mustCompare(t, base, tt.newDoc)
			if got := r.Breaking(); got != tt.wantBreaking {
				t.Errorf("Breaking() = %v, want %v; changes: %+v", got, tt.wantBreaking, r.Changes)
			}
			if got := r.NeedsNewVersion(); got != tt.wantNeeds {
				t.Errorf("NeedsNewVersion() = %v, want %v; changes: %+v", got, tt.wantNeeds, r.Changes)
			}
		})
	}
}

func TestVersionsAreRead(t *testing.T) {
	r := mustCompare(t, versioned(3, []string{"a"}, ""), versioned(4, []string{"a"}, ""))
	if r.OldVersion == nil || r.NewVersion == nil || *r.OldVersion != 3 || *r.NewVersion != 4 {
		t.Fatalf("versions = %v, %v; want 3, 4", r.OldVersion, r.NewVersion)
	}
	r = mustCompare(t, []byte(`{"type": "object"}`), []byte(`{"type": "object"}`))
	if r.OldVersion != nil || r.NewVersion != nil {
		t.Fatalf("versions of a schema without contract_version = %v, %v; want nil", r.OldVersion, r.NewVersion)
	}
}

func TestNeedsNewVersionWithoutVersionMember(t *testing.T) {
	r := mustCompare(t, []byte(`{"type": "string"}`), []byte(`{"type": "integer"}`))
	if !r.NeedsNewVersion() {
		t.Fatalf("a breaking change in a document without contract_version must need a new version")
	}
}

// sampleReport is a report with several changes, for the writer tests.
func sampleReport(t *testing.T) *Report {
	t.Helper()
	oldDoc := versioned(1, []string{"validation", "runtime"}, `, "kind": {"type": "string", "description": "<a> & b"}`)
	newDoc := versioned(1, []string{"policy", "runtime", "validation"},
		`, "kind": {"type": "string", "description": "<c> & d"}, "zeta": {"type": "string"}, "alpha": {"type": "integer"}`)
	r := mustCompare(t, oldDoc, newDoc)
	if len(r.Changes) < 4 {
		t.Fatalf("sample report has %d changes, want at least 4: %+v", len(r.Changes), r.Changes)
	}
	return r
}

func TestWriteJSONIsValidAndStable(t *testing.T) {
	r := sampleReport(t)
	var first bytes.Buffer
	if err := r.WriteJSON(&first); err != nil {
		t.Fatal(err)
	}
	var decoded struct {
		OldVersion      *int64   `json:"old_version"`
		NeedsNewVersion bool     `json:"needs_new_version"`
		Breaking        bool     `json:"breaking"`
		Changes         []Change `json:"changes"`
	}
	if err := json.Unmarshal(first.Bytes(), &decoded); err != nil {
		t.Fatalf("WriteJSON output is not valid JSON: %v\n%s", err, first.String())
	}
	if diff := cmp.Diff(r.Changes, decoded.Changes); diff != "" {
		t.Errorf("decoded changes differ from the report (-report +decoded):\n%s", diff)
	}
	if decoded.Breaking != r.Breaking() || decoded.NeedsNewVersion != r.NeedsNewVersion() {
		t.Errorf("verdict fields = %v/%v, want %v/%v", decoded.Breaking, decoded.NeedsNewVersion, r.Breaking(), r.NeedsNewVersion())
	}
	if strings.Contains(first.String(), `\u003c`) {
		t.Errorf("WriteJSON escaped HTML characters, which makes messages hard to read:\n%s", first.String())
	}
	shuffled := &Report{Mode: r.Mode, ModeReason: r.ModeReason, OldVersion: r.OldVersion, NewVersion: r.NewVersion, Changes: append([]Change(nil), r.Changes...)}
	rand.New(rand.NewSource(1)).Shuffle(len(shuffled.Changes), func(i, j int) {
		shuffled.Changes[i], shuffled.Changes[j] = shuffled.Changes[j], shuffled.Changes[i]
	})
	var second bytes.Buffer
	if err := shuffled.WriteJSON(&second); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(first.String(), second.String()); diff != "" {
		t.Errorf("WriteJSON depends on the order of Changes (-sorted +shuffled):\n%s", diff)
	}
}

func TestWriteJSONMemberOrder(t *testing.T) {
	var buf bytes.Buffer
	if err := sampleReport(t).WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(&buf)
	var keys []string
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
			continue
		case json.Delim('}'), json.Delim(']'):
			depth--
			continue
		}
		if s, ok := tok.(string); ok && depth == 1 {
			keys = append(keys, s)
			skipValue(t, dec)
		}
	}
	want := []string{"mode", "mode_reason", "verdict", "old_version", "new_version", "breaking", "needs_new_version", "counts", "groups", "changes"}
	if diff := cmp.Diff(want, keys); diff != "" {
		t.Errorf("top-level member order (-want +got):\n%s", diff)
	}
}

// skipValue consumes one whole value from dec.
func skipValue(t *testing.T, dec *json.Decoder) {
	t.Helper()
	var v json.RawMessage
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
}

func TestWriteJSONEmptyChangesIsArray(t *testing.T) {
	var buf bytes.Buffer
	if err := (&Report{}).WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"changes": []`) {
		t.Errorf("an empty report must write an empty array:\n%s", buf.String())
	}
}

func TestChangesAreSorted(t *testing.T) {
	r := sampleReport(t)
	for i := 1; i < len(r.Changes); i++ {
		a, b := r.Changes[i-1], r.Changes[i]
		if pointerLess(b.Pointer, a.Pointer) || (a.Pointer == b.Pointer && b.Rule < a.Rule) {
			t.Errorf("changes %d and %d are out of order: %+v then %+v", i-1, i, a, b)
		}
	}
}

func TestPointerLessComparesIndexesAsNumbers(t *testing.T) {
	ordered := []string{"", "/a", "/a/enum/2", "/a/enum/10", "/a/x", "/b"}
	for i := range ordered {
		for j := range ordered {
			if got, want := pointerLess(ordered[i], ordered[j]), i < j; got != want {
				t.Errorf("pointerLess(%q, %q) = %v, want %v", ordered[i], ordered[j], got, want)
			}
		}
	}
}

func TestWriteTextLineFormat(t *testing.T) {
	r := sampleReport(t)
	var buf bytes.Buffer
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != len(r.Changes)+2 {
		t.Fatalf("got %d lines, want the mode, one per change and a verdict:\n%s", len(lines), buf.String())
	}
	if !strings.HasPrefix(lines[0], "mode: contract (") {
		t.Errorf("first line = %q, want the mode", lines[0])
	}
	lines = lines[1:]
	for i, ch := range r.Changes {
		want := string(ch.Class) + "  " + ch.Rule + "  " + ch.Pointer + ": " + ch.Message
		if lines[i] != want {
			t.Errorf("line %d = %q, want %q", i, lines[i], want)
		}
	}
	if !strings.HasPrefix(lines[len(lines)-1], "verdict: breaking") {
		t.Errorf("last line = %q, want a breaking verdict", lines[len(lines)-1])
	}
}

func TestWriteTextKeepsControlCharactersOnOneLine(t *testing.T) {
	r := mustCompare(t, []byte(`{"properties": {}}`), []byte(`{"properties": {"a\nb": {"type": "string\r"}}}`))
	var buf bytes.Buffer
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(buf.String(), "\n"); got != len(r.Changes)+2 {
		t.Fatalf("%d lines for %d changes:\n%s", got, len(r.Changes), buf.String())
	}
	if !strings.Contains(buf.String(), `/properties/a\nb`) {
		t.Errorf("the member name's newline was not escaped:\n%s", buf.String())
	}
}
