package emit_test

import (
	"go/format"
	"strconv"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
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

// TestRuntimeSpelling prints the same runtime names in both modes: qualified and imported when the
// package imports the module, the copy's names without an import when it is inline; the version
// guard only in the first.
func TestRuntimeSpelling(t *testing.T) {
	for _, c := range []struct {
		rt   emit.Runtime
		want []string
		not  []string
	}{
		{emit.Runtime{Import: true}, []string{`import "github.com/contractgen/contractgen/cgruntime"`, "var d cgruntime.Decoder", "d.Mismatch", "cgruntime.EnforceVersion(" + strconv.Itoa(emit.RuntimeVersion) + " - cgruntime.MinVersion)", "cgruntime.EnforceVersion(cgruntime.MaxVersion - " + strconv.Itoa(emit.RuntimeVersion) + ")"}, []string{"cgDecoder"}},
		{emit.Runtime{}, []string{"var d cgDecoder", "d.mismatch"}, []string{"import", "cgruntime", "EnforceVersion"}},
	} {
		f := gosrc.NewFile("p", emit.Header)
		c.rt.VersionGuard(f)
		f.P("var d ", c.rt.Ident("Decoder"))
		f.P("var _ = d.", c.rt.Method("Mismatch"))
		src := string(f.Bytes())
		if _, err := format.Source([]byte(src)); err != nil {
			t.Errorf("import=%v: not Go: %v\n%s", c.rt.Import, err, src)
		}
		for _, w := range c.want {
			if !strings.Contains(src, w) {
				t.Errorf("import=%v: output lacks %q:\n%s", c.rt.Import, w, src)
			}
		}
		for _, n := range c.not {
			if strings.Contains(src, n) {
				t.Errorf("import=%v: output has %q:\n%s", c.rt.Import, n, src)
			}
		}
	}
}
