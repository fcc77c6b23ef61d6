package lower

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// JSON writes the table as the runtimes read it as text (cgruntime.CompileText, the Rust crate's
// table): a JSON array with one node per line, numbered as Nodes, each node with the Go runtime's
// field names and only the fields that are set (an empty list stays: allOf [] and no allOf differ
// for the runtime). adjust, when not nil, may rewrite node i's fields before they are written (the
// Rust target spells its patterns its own way). Non-ASCII characters are escaped, so that the
// text holds no invisible or look-alike character, and so is every backquote, so that Go can carry
// the text as a raw string literal.
func (t *Table) JSON(adjust func(i int, fields map[string]json.RawMessage) error) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("[\n")
	for i := range t.Nodes {
		raw, err := json.Marshal(&t.Nodes[i])
		if err != nil {
			return nil, err
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil {
			return nil, err
		}
		for k, v := range fields {
			switch string(v) {
			case "null", "false", "0", `""`, `{"Set":false,"N":0}`:
				delete(fields, k)
			}
		}
		if adjust != nil {
			if err := adjust(i, fields); err != nil {
				return nil, err
			}
		}
		compact, err := json.Marshal(fields) // sorted keys: the text is deterministic
		if err != nil {
			return nil, err
		}
		b.Write(compact)
		if i < len(t.Nodes)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]")
	return asciiJSON(b.Bytes()), nil
}

// asciiJSON escapes every non-ASCII character and every backquote of JSON text as \uXXXX (a
// surrogate pair beyond U+FFFF). Outside strings JSON text has neither.
func asciiJSON(text []byte) []byte {
	var b bytes.Buffer
	for _, r := range string(text) {
		switch {
		case r == '`':
			b.WriteString(`\u0060`)
		case r < 0x80:
			b.WriteRune(r)
		case r > 0xffff:
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return b.Bytes()
}
