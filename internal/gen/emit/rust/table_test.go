package rust

import (
	"strings"
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
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
