package compat

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
)

// maxDepth bounds nesting so that hostile input cannot make the recursive walk run away.
const maxDepth = 1000

// docError is every error Compare returns: it names the document, the JSON pointer and, for
// syntax errors, the line and column.
type docError struct {
	doc     string
	pointer string
	line    int
	column  int
	msg     string
}

// Error formats the location first so a reader can jump to it.
func (e *docError) Error() string {
	if e.line > 0 {
		return fmt.Sprintf("compat: %s schema at %q (line %d, column %d): %s",
			e.doc, e.pointer, e.line, e.column, e.msg)
	}
	return fmt.Sprintf("compat: %s schema at %q: %s", e.doc, e.pointer, e.msg)
}

// document is one parsed schema with what $ref resolution needs.
type document struct {
	label   string
	root    any
	anchors map[string]string // $anchor name -> pointer of the schema that declares it
}

// errorf builds a docError for a pointer in this document.
func (d *document) errorf(pointer, format string, args ...any) error {
	return &docError{doc: d.label, pointer: pointer, msg: fmt.Sprintf(format, args...)}
}

// parser reads tokens itself instead of calling Decode, so that a syntax error can be reported
// at the JSON pointer of the value being read, and duplicate members can be refused.
type parser struct {
	doc  *document
	dec  *json.Decoder
	data []byte
}

// parseDocument decodes data (numbers kept as json.Number) into a document.
func parseDocument(label string, data []byte) (*document, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	p := &parser{doc: &document{label: label, anchors: map[string]string{}}, dec: dec, data: data}
	root, err := p.value("", 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, p.syntaxError("", errors.New("unexpected data after the document"))
	}
	switch root.(type) {
	case map[string]any, bool:
	default:
		return nil, p.doc.errorf("", "a schema must be an object or a boolean")
	}
	p.doc.root = root
	return p.doc, nil
}

// value reads one JSON value whose location is pointer.
func (p *parser) value(pointer string, depth int) (any, error) {
	if depth > maxDepth {
		return nil, p.doc.errorf(pointer, "nesting deeper than %d levels", maxDepth)
	}
	tok, err := p.dec.Token()
	if err != nil {
		return nil, p.syntaxError(pointer, err)
	}
	switch tok {
	case json.Delim('{'):
		return p.object(pointer, depth)
	case json.Delim('['):
		return p.array(pointer, depth)
	}
	if d, ok := tok.(json.Delim); ok {
		return nil, p.syntaxError(pointer, fmt.Errorf("unexpected %q", rune(d)))
	}
	return tok, nil
}

// object reads the members after an opening brace.
func (p *parser) object(pointer string, depth int) (any, error) {
	m := map[string]any{}
	for p.dec.More() {
		tok, err := p.dec.Token()
		if err != nil {
			return nil, p.syntaxError(pointer, err)
		}
		key, ok := tok.(string)
		if !ok {
			return nil, p.syntaxError(pointer, errors.New("object key is not a string"))
		}
		child := pointer + "/" + jsonpointer.Escape(key)
		if _, dup := m[key]; dup {
			// Decoders disagree on which duplicate wins, so the schema's meaning is unclear.
			return nil, p.doc.errorf(child, "duplicate member %q", key)
		}
		v, err := p.value(child, depth+1)
		if err != nil {
			return nil, err
		}
		m[key] = v
	}
	if err := p.closing(pointer); err != nil {
		return nil, err
	}
	p.noteAnchor(pointer, m)
	return m, nil
}

// array reads the elements after an opening bracket.
func (p *parser) array(pointer string, depth int) (any, error) {
	a := []any{}
	for p.dec.More() {
		v, err := p.value(fmt.Sprintf("%s/%d", pointer, len(a)), depth+1)
		if err != nil {
			return nil, err
		}
		a = append(a, v)
	}
	if err := p.closing(pointer); err != nil {
		return nil, err
	}
	return a, nil
}

// closing consumes the delimiter that ends an object or array.
func (p *parser) closing(pointer string) error {
	if _, err := p.dec.Token(); err != nil {
		return p.syntaxError(pointer, err)
	}
	return nil
}

// noteAnchor remembers a plain-name $anchor so that "#name" references resolve.
func (p *parser) noteAnchor(pointer string, m map[string]any) {
	name, ok := m["$anchor"].(string)
	if !ok {
		return
	}
	if _, seen := p.doc.anchors[name]; !seen {
		p.doc.anchors[name] = pointer
	}
}

// syntaxError wraps a decoder error with the pointer being read and its line and column.
func (p *parser) syntaxError(pointer string, err error) error {
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	offset := p.dec.InputOffset()
	var se *json.SyntaxError
	if errors.As(err, &se) {
		offset = se.Offset
	}
	line, column := lineColumn(p.data, offset)
	return &docError{doc: p.doc.label, pointer: pointer, line: line, column: column, msg: err.Error()}
}

// lineColumn turns a byte offset into 1-based line and column numbers.
func lineColumn(data []byte, offset int64) (int, int) {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	column := len(before) - bytes.LastIndexByte(before, '\n')
	return line, column
}
