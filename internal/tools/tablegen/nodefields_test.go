package tablegen

import (
	"reflect"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/lower/lowertest"
)

// TestEveryNodeFieldIsWritten sets each field of the runtime's validation node alone and requires
// the table literal to write it by name, so that the schema tables contractgen's own checks run on
// keep every keyword lower fills.
func TestEveryNodeFieldIsWritten(t *testing.T) {
	w := writer{f: gosrc.NewFile("p")}
	for _, f := range lowertest.Fields(t) {
		lines, err := w.literal(reflect.ValueOf(f.Node), true)
		if err != nil {
			t.Errorf("node field %s: %v", f.Name, err)
			continue
		}
		if text := strings.Join(lines, "\n"); !strings.HasPrefix(text, "{"+f.Name+": ") {
			t.Errorf("node field %s, set alone, is written as %s", f.Name, text)
		}
	}
}
