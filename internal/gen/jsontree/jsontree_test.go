package jsontree

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseKeepsOrderAndLiterals(t *testing.T) {
	n, err := Parse([]byte(`{"b": 1.50, "a": [true, null, "x"], "c": {"z": 1e400}}`))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range n.Members {
		names = append(names, m.Name)
	}
	if diff := cmp.Diff([]string{"b", "a", "c"}, names); diff != "" {
		t.Errorf("member order (-want +got):\n%s", diff)
	}
	if got := n.Get("b").Text; got != "1.50" {
		t.Errorf("number literal = %q, want 1.50 as written", got)
	}
	if got := string(n.Compact()); got != `{"b":1.50,"a":[true,null,"x"],"c":{"z":1e400}}` {
		t.Errorf("Compact = %s", got)
	}
	if got := string(n.Canonical()); got != `{"a":[true,null,"x"],"b":1.50,"c":{"z":1e400}}` {
		t.Errorf("Canonical = %s", got)
	}
}

func TestParseErrorsCarryPosition(t *testing.T) {
	cases := []struct {
		in                string
		line, col         int
		pointer, contains string
	}{
		// The column is the offending character's own (json.SyntaxError.Offset counts it).
		{"{\n  \"a\": {\"b\": 1,}\n}", 2, 16, "/a", "invalid character '}'"},
		{"x", 1, 1, "", "invalid character 'x'"},
		{"[1, }", 1, 5, "/1", "invalid character '}'"},
		{`{"a": 1, "a": 2}`, 1, 10, "/a", `duplicate member name "a"`},
		{`[1, 2`, 1, 6, "", "unexpected end of input"},
		{`{"a": 1} x`, 1, 10, "", "after the top-level value"},
	}
	for _, c := range cases {
		_, err := Parse([]byte(c.in))
		var syn *SyntaxError
		if !errors.As(err, &syn) {
			t.Errorf("Parse(%q) error = %v, want a SyntaxError", c.in, err)
			continue
		}
		if syn.Line != c.line || syn.Column != c.col || syn.Pointer != c.pointer || !strings.Contains(syn.Msg, c.contains) {
			t.Errorf("Parse(%q) = line %d col %d ptr %q msg %q; want line %d col %d ptr %q containing %q",
				c.in, syn.Line, syn.Column, syn.Pointer, syn.Msg, c.line, c.col, c.pointer, c.contains)
		}
	}
}

func TestParseRefusesDeepNesting(t *testing.T) {
	deep := strings.Repeat("[", maxDepth+10) + strings.Repeat("]", maxDepth+10)
	if _, err := Parse([]byte(deep)); err == nil || !strings.Contains(err.Error(), "nesting deeper") {
		t.Fatalf("Parse(deep) error = %v, want a nesting error", err)
	}
}

func TestResolveAndIntegers(t *testing.T) {
	n, err := Parse([]byte(`{"a/b": {"~c": [10, 1.0, 1e3, 1.5, 1e99999]}}`))
	if err != nil {
		t.Fatal(err)
	}
	arr := n.Resolve("/a~1b/~0c")
	if arr == nil || len(arr.Items) != 5 {
		t.Fatalf("Resolve with escaped tokens failed: %+v", arr)
	}
	for i, want := range []bool{true, true, true, false, false} {
		if got := arr.Items[i].IsInteger(); got != want {
			t.Errorf("IsInteger(%s) = %v, want %v", arr.Items[i].Text, got, want)
		}
	}
	if v, ok := arr.Items[2].Int64(); !ok || v != 1000 {
		t.Errorf("Int64(1e3) = %d, %v", v, ok)
	}
	for _, bad := range []string{"/a~1b/~0c/5", "/a~1b/~0c/01", "a", "/nope"} {
		if n.Resolve(bad) != nil {
			t.Errorf("Resolve(%q) found something", bad)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, seed := range []string{`{}`, `{"a":[1,{"b":null}]}`, `[`, `{"a":1,"a":2}`, `1e999999999`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Parse(data)
		if err != nil {
			return
		}
		again, err := Parse(n.Compact())
		if err != nil {
			t.Fatalf("Compact output does not parse: %v", err)
		}
		if string(again.Canonical()) != string(n.Canonical()) {
			t.Fatalf("round trip changed the document")
		}
		if string(n.Canonical()) != string(canonicalByMarshal(n)) {
			t.Fatalf("Canonical differs from json.Marshal's quoting")
		}
	})
}

// canonicalByMarshal is Canonical with every string quoted by json.Marshal, the rule writeString's
// shortcut must keep.
func canonicalByMarshal(n *Node) []byte {
	var buf bytes.Buffer
	var walk func(n *Node)
	quote := func(s string) { b, _ := json.Marshal(s); buf.Write(b) }
	walk = func(n *Node) {
		switch n.Kind {
		case String:
			quote(n.Text)
		case Array:
			buf.WriteByte('[')
			for i, item := range n.Items {
				if i > 0 {
					buf.WriteByte(',')
				}
				walk(item)
			}
			buf.WriteByte(']')
		case Object:
			members := slices.Clone(n.Members)
			slices.SortFunc(members, func(a, b Member) int { return strings.Compare(a.Name, b.Name) })
			buf.WriteByte('{')
			for i, m := range members {
				if i > 0 {
					buf.WriteByte(',')
				}
				quote(m.Name)
				buf.WriteByte(':')
				walk(m.Value)
			}
			buf.WriteByte('}')
		default:
			buf.Write(n.Compact())
		}
	}
	walk(n)
	return buf.Bytes()
}
