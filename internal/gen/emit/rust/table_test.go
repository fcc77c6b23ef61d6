package rust

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/lower"
	"github.com/contractgen/contractgen/internal/gen/lower/lowertest"
)

// The Rust runtime checks no format, so a node that asserts one must be refused rather than pass
// every string the Go validator would reject.
func TestUnsupportedRefusesAssertedFormats(t *testing.T) {
	if kw := Unsupported(&cgruntime.Node{Format: "date-time"}); !strings.Contains(kw, "format") {
		t.Fatalf("Unsupported(format date-time) = %q, want a refusal naming format", kw)
	}
	if kw := Unsupported(&cgruntime.Node{}); kw != "" {
		t.Fatalf("Unsupported(empty node) = %q, want none", kw)
	}
}

// nodeFieldsHandledElsewhere are the fields of the runtime's validation node that the Rust runtime
// does not read and that, set alone, are not refused, each with the reason no verdict is lost.
var nodeFieldsHandledElsewhere = map[string]string{
	"DynamicKeyword":        "names the keyword of DynamicRef, which is refused",
	"DynamicName":           "read only with DynamicRef, which is refused",
	"Recursive":             "read only with DynamicRef, which is refused",
	"Scope":                 "the scope of dynamic references, which are refused",
	"DynamicAnchors":        "the scope of dynamic references, which are refused",
	"RecursiveAnchor":       "the scope of dynamic references, which are refused",
	"ContainsNotEvaluating": "read only with Contains, which is refused",
}

// rustNodeFields returns the JSON names of the fields the Rust runtime's Node reads
// (rsruntime/src/validate.rs: snake_case fields read as PascalCase, the Go runtime's names).
func rustNodeFields(t *testing.T) map[string]bool {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(repoRoot, "rsruntime", "src", "validate.rs"))
	if err != nil {
		t.Fatal(err)
	}
	_, body, ok := strings.Cut(string(src), "\npub struct Node {\n")
	if !ok {
		t.Fatal("rsruntime/src/validate.rs declares no pub struct Node")
	}
	body, _, _ = strings.Cut(body, "\n}\n")
	field := regexp.MustCompile(`^\s*pub (?:r#)?([a-z0-9_]+):`)
	names := map[string]bool{}
	for line := range strings.Lines(body) {
		m := field.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		var pascal strings.Builder
		for part := range strings.SplitSeq(m[1], "_") {
			pascal.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
		names[pascal.String()] = true
	}
	if len(names) < 10 {
		t.Fatalf("read %d fields of the Rust Node, want its every field", len(names))
	}
	return names
}

// TestEveryNodeFieldIsHandled sets each field of the Go runtime's validation node alone and
// requires the Rust target to refuse the node, or to write the field into the table and the Rust
// runtime to read it, so that a field the Go runtime checks is never dropped in Rust (which would
// make Rust validation looser than Go's). A field the Rust runtime reads and Go never writes fails
// too.
func TestEveryNodeFieldIsHandled(t *testing.T) {
	rustReads := rustNodeFields(t)
	goFields := lowertest.Names(t)
	for _, f := range lowertest.Fields(t) {
		refused := Unsupported(&f.Node) != ""
		table := lower.Table{Nodes: []cgruntime.Node{{}, f.Node}, Origins: []string{"", "s.json#"}}
		text, err := TableJSON(&table)
		if err != nil {
			t.Fatal(err)
		}
		written := strings.Contains(string(text), `"`+f.Name+`":`)
		handled := refused || (written && rustReads[f.Name])
		_, elsewhere := nodeFieldsHandledElsewhere[f.Name]
		switch {
		case !handled && !elsewhere:
			t.Errorf("node field %s is neither refused nor read by the Rust runtime (written to the table: %v, read: %v)", f.Name, written, rustReads[f.Name])
		case handled && elsewhere:
			t.Errorf("node field %s is handled now: take it off nodeFieldsHandledElsewhere", f.Name)
		}
	}
	for name := range rustReads {
		if !goFields[name] {
			t.Errorf("the Rust runtime's Node reads %s, which the Go runtime's node does not have", name)
		}
	}
	for name := range nodeFieldsHandledElsewhere {
		if !goFields[name] {
			t.Errorf("nodeFieldsHandledElsewhere names %s, which the node no longer has", name)
		}
	}
}
