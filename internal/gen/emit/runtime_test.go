package emit_test

import (
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/emit"
)

// TestRuntimeVersionFits fails when the generator's RuntimeVersion is outside the range the
// runtime module in this repository serves: the code it writes would not compile against it.
func TestRuntimeVersionFits(t *testing.T) {
	if emit.RuntimeVersion < cgruntime.MinVersion || emit.RuntimeVersion > cgruntime.MaxVersion {
		t.Errorf("emit.RuntimeVersion = %d, but cgruntime serves versions %d to %d: raise cgruntime.MaxVersion with the change that needs it",
			emit.RuntimeVersion, cgruntime.MinVersion, cgruntime.MaxVersion)
	}
}

func TestInlineNames(t *testing.T) {
	for name, want := range map[string]string{
		"Decoder": "cgDecoder", "DecString": "cgDecString", "scanner": "cgScanner",
		"ValidationError": "ValidationError", "Nullable": "Nullable", "SanitizeText": "SanitizeText",
		"sanitizeRule": "sanitizeRule", "N": "cgN",
	} {
		if got := emit.InlineName(name); got != want {
			t.Errorf("InlineName(%q) = %q, want %q", name, got, want)
		}
	}
	for name, want := range map[string]string{
		"Mismatch": "mismatch", "CgEncode": "cgEncode", "String": "String", "Error": "Error", "eval": "eval",
	} {
		if got := emit.InlineMethod(name); got != want {
			t.Errorf("InlineMethod(%q) = %q, want %q", name, got, want)
		}
	}
}
