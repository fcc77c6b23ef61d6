package lower_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/lower"
	"github.com/contractgen/contractgen/internal/gen/lower/lowertest"
)

// TestJSONKeepsEveryField sets each field of the runtime's validation node alone and requires
// the table's text to bring it back unchanged, so that a field lower fills can never be dropped
// between the generator and a generated package (which would make generated validation looser
// than validate's).
func TestJSONKeepsEveryField(t *testing.T) {
	for _, f := range lowertest.Fields(t) {
		table := &lower.Table{Nodes: []cgruntime.Node{{}, f.Node}}
		text, err := table.JSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(text), "\n")
		if len(lines) != 4 || lines[0] != "[" || lines[1] != "{}," || lines[3] != "]" {
			t.Fatalf("%s: the text is not one node per line:\n%s", f.Name, text)
		}
		var got cgruntime.Node
		if err := json.Unmarshal([]byte(lines[2]), &got); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if !reflect.DeepEqual(got, f.Node) {
			t.Errorf("node field %s, set alone, reads back as %+v from %s", f.Name, got, lines[2])
		}
	}
}

// TestJSONIsASCIIWithoutBackquotes: the text can go into a Go raw string literal and holds no
// invisible or look-alike character.
func TestJSONIsASCIIWithoutBackquotes(t *testing.T) {
	table := &lower.Table{Nodes: []cgruntime.Node{{}, {Pattern: "^a`\u200b😀$", Enum: []string{`"é"`}}}}
	text, err := table.JSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range string(text) {
		if c == '`' || c > 0x7e || (c < 0x20 && c != '\n') {
			t.Fatalf("the text holds %q:\n%s", c, text)
		}
	}
	var got cgruntime.Node
	if err := json.Unmarshal([]byte(strings.Split(string(text), "\n")[2]), &got); err != nil || got.Pattern != "^a`\u200b😀$" || got.Enum[0] != `"é"` {
		t.Fatalf("read back %+v, %v", got, err)
	}
}
