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

// TestLinesWritesSetFields pins the description text's shape: one item per line, only the fields
// that are set at every depth (an empty but present list stays), field order kept, interfaces
// (TypeDesc.Go) left out, and nothing that a Go raw string literal cannot hold.
func TestLinesWritesSetFields(t *testing.T) {
	items := []cgruntime.TypeDesc{
		{Kind: cgruntime.KindStruct, Node: 3, Fields: []cgruntime.FieldDesc{
			{Name: "né`e", Flags: cgruntime.FieldRequired, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemSlice, Elem: &cgruntime.ElemDesc{Kind: cgruntime.ElemString, Node: 5}}},
			{Name: "b", Type: cgruntime.ElemDesc{}},
		}, ExtraRequired: []string{}},
		{Go: (*int)(nil), Kind: cgruntime.KindEnum},
	}
	got, err := lower.Lines(items)
	if err != nil {
		t.Fatal(err)
	}
	want := "[\n" +
		`{"Kind":1,"Node":3,"Fields":[{"Name":"n\u00e9\u0060e","Flags":1,"Type":{"Kind":6,"Elem":{"Kind":4,"Node":5}}},{"Name":"b"}],"ExtraRequired":[]},` + "\n" +
		`{"Kind":2}` + "\n]"
	if string(got) != want {
		t.Errorf("Lines wrote\n%s\nwant\n%s", got, want)
	}
}
