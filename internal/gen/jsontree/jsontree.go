// Package jsontree parses JSON into an ordered tree whose nodes remember their byte offsets.
//
// The generator needs three things that encoding/json's generic decoding loses: the order of object
// members (struct fields follow schema order), exact number literals (bounds must not pass through
// float64), and where each value sits in the file (every error names line, column and JSON pointer).
// Duplicate member names are rejected, because a schema that says two things at once has no single
// meaning.
package jsontree

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
)

// Kind is the JSON type of a node.
type Kind int

// The JSON types.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// String names the kind as JSON Schema's "type" keyword does.
func (k Kind) String() string {
	return [...]string{"null", "boolean", "number", "string", "array", "object"}[k]
}

// Node is one JSON value.
type Node struct {
	Kind Kind
	// Offset is the byte offset of the value's first byte in the source.
	Offset int
	// Bool holds the value of a Bool node.
	Bool bool
	// Text holds a String node's value or a Number node's literal, exactly as written.
	Text string
	// Items holds an Array node's elements.
	Items []*Node
	// Members holds an Object node's members in source order.
	Members []Member
}

// Member is one name/value pair of an object.
type Member struct {
	Name string
	// NameOffset is the byte offset of the member name's opening quote.
	NameOffset int
	Value      *Node
}

// Get returns the value of the member called name, or nil when the node is not an object or has no
// such member.
func (n *Node) Get(name string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	for _, m := range n.Members {
		if m.Name == name {
			return m.Value
		}
	}
	return nil
}

// Has reports whether an object node has a member called name.
func (n *Node) Has(name string) bool { return n.Get(name) != nil }

// IsInteger reports whether a Number node holds a mathematically integral value (1, 1.0 and 1e3 all do).
func (n *Node) IsInteger() bool {
	if n == nil || n.Kind != Number {
		return false
	}
	r, ok := n.Rat()
	return ok && r.IsInt()
}

// Int64 returns an integral Number node's value when it fits in an int64.
func (n *Node) Int64() (int64, bool) {
	if !n.IsInteger() {
		return 0, false
	}
	r, _ := n.Rat()
	if !r.Num().IsInt64() {
		return 0, false
	}
	return r.Num().Int64(), true
}

// Value converts the node to the values encoding/json produces with UseNumber: map[string]any,
// []any, string, json.Number, bool and nil.
func (n *Node) Value() any {
	switch n.Kind {
	case Bool:
		return n.Bool
	case Number:
		return json.Number(n.Text)
	case String:
		return n.Text
	case Array:
		out := make([]any, len(n.Items))
		for i, item := range n.Items {
			out[i] = item.Value()
		}
		return out
	case Object:
		out := make(map[string]any, len(n.Members))
		for _, m := range n.Members {
			out[m.Name] = m.Value.Value()
		}
		return out
	}
	return nil
}

// Compact returns the node as compact JSON with members in source order and numbers as written.
func (n *Node) Compact() []byte {
	var buf bytes.Buffer
	n.writeCompact(&buf)
	return buf.Bytes()
}

func (n *Node) writeCompact(buf *bytes.Buffer) {
	switch n.Kind {
	case Null:
		buf.WriteString("null")
	case Bool:
		buf.WriteString(strconv.FormatBool(n.Bool))
	case Number:
		buf.WriteString(n.Text)
	case String:
		writeString(buf, n.Text)
	case Array:
		buf.WriteByte('[')
		for i, item := range n.Items {
			if i > 0 {
				buf.WriteByte(',')
			}
			item.writeCompact(buf)
		}
		buf.WriteByte(']')
	case Object:
		buf.WriteByte('{')
		for i, m := range n.Members {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeString(buf, m.Name)
			buf.WriteByte(':')
			m.Value.writeCompact(buf)
		}
		buf.WriteByte('}')
	}
}

// Canonical returns the node as compact JSON with object members sorted by name: two documents that
// differ only in member order or white space have the same canonical form.
func (n *Node) Canonical() []byte {
	var buf bytes.Buffer
	n.writeCanonical(&buf)
	return buf.Bytes()
}

func (n *Node) writeCanonical(buf *bytes.Buffer) {
	switch n.Kind {
	case Array:
		buf.WriteByte('[')
		for i, item := range n.Items {
			if i > 0 {
				buf.WriteByte(',')
			}
			item.writeCanonical(buf)
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
			writeString(buf, m.Name)
			buf.WriteByte(':')
			m.Value.writeCanonical(buf)
		}
		buf.WriteByte('}')
	default:
		n.writeCompact(buf)
	}
}

func writeString(buf *bytes.Buffer, s string) {
	// Most names and values need no escaping under json.Marshal's rules, which also escape <, >
	// and & and treat some non-ASCII characters specially; those are written directly.
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			b, _ := json.Marshal(s) // marshalling a string cannot fail
			buf.Write(b)
			return
		}
	}
	buf.WriteByte('"')
	buf.WriteString(s)
	buf.WriteByte('"')
}

// SyntaxError reports malformed JSON with the position where it was found.
type SyntaxError struct {
	Line, Column int
	// Pointer is the JSON pointer of the innermost value being parsed, or "" at the top.
	Pointer string
	Msg     string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// maxDepth bounds nesting so a hostile document cannot exhaust the stack.
const maxDepth = 512

// Parse parses one JSON document. The whole input must be a single value.
//
// It reads encoding/json's token stream, whose errors say what is wrong and where. A second,
// hand-written scanner for valid input was removed (issue 14): parsing alone it was 1.3 to 4.4
// times faster (0.77 against 1.03 ms on the contract), but whole runs showed no difference beyond
// run-to-run noise (600 $defs: 6.4 s against 6.2 s, medians of 8 alternating pairs; 2.6 % more
// bytes allocated without it), for 194 lines and a fuzz test that held the two parsers equal
// (BENCHMARKS.md, "Issue 14").
func Parse(data []byte) (*Node, error) {
	p := &parser{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	node, err := p.value("", 0)
	if err != nil {
		return nil, err
	}
	if _, err := p.dec.Token(); err != io.EOF {
		return nil, p.errAt(int(p.dec.InputOffset()), "", "unexpected data after the top-level value")
	}
	return node, nil
}

type parser struct {
	data []byte
	dec  *json.Decoder
}

// offsetOfNext returns the offset of the next non-space byte, which is where the next token starts.
func (p *parser) offsetOfNext() int {
	off := int(p.dec.InputOffset())
	for off < len(p.data) {
		switch p.data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

func (p *parser) value(ptr string, depth int) (*Node, error) {
	if depth > maxDepth {
		return nil, p.errAt(p.offsetOfNext(), ptr, fmt.Sprintf("nesting deeper than %d levels", maxDepth))
	}
	off := p.offsetOfNext()
	tok, err := p.dec.Token()
	if err != nil {
		return nil, p.wrap(err, off, ptr)
	}
	switch t := tok.(type) {
	case nil:
		return &Node{Kind: Null, Offset: off}, nil
	case bool:
		return &Node{Kind: Bool, Offset: off, Bool: t}, nil
	case json.Number:
		return &Node{Kind: Number, Offset: off, Text: string(t)}, nil
	case string:
		return &Node{Kind: String, Offset: off, Text: t}, nil
	case json.Delim:
		if t == '[' {
			return p.array(off, ptr, depth)
		}
		if t == '{' {
			return p.object(off, ptr, depth)
		}
	}
	return nil, p.errAt(off, ptr, fmt.Sprintf("unexpected %v", tok))
}

func (p *parser) array(off int, ptr string, depth int) (*Node, error) {
	n := &Node{Kind: Array, Offset: off}
	for p.dec.More() {
		item, err := p.value(ptr+"/"+strconv.Itoa(len(n.Items)), depth+1)
		if err != nil {
			return nil, err
		}
		n.Items = append(n.Items, item)
	}
	if _, err := p.dec.Token(); err != nil {
		return nil, p.wrap(err, p.offsetOfNext(), ptr)
	}
	return n, nil
}

func (p *parser) object(off int, ptr string, depth int) (*Node, error) {
	n := &Node{Kind: Object, Offset: off}
	seen := map[string]bool{}
	for p.dec.More() {
		nameOff := p.offsetOfNext()
		tok, err := p.dec.Token()
		if err != nil {
			return nil, p.wrap(err, nameOff, ptr)
		}
		name, ok := tok.(string)
		if !ok {
			return nil, p.errAt(nameOff, ptr, "object member name must be a string")
		}
		childPtr := ptr + "/" + jsonpointer.Escape(name)
		if seen[name] {
			return nil, p.errAt(nameOff, childPtr, fmt.Sprintf("duplicate member name %q", name))
		}
		seen[name] = true
		val, err := p.value(childPtr, depth+1)
		if err != nil {
			return nil, err
		}
		n.Members = append(n.Members, Member{Name: name, NameOffset: nameOff, Value: val})
	}
	if _, err := p.dec.Token(); err != nil {
		return nil, p.wrap(err, p.offsetOfNext(), ptr)
	}
	return n, nil
}

func (p *parser) wrap(err error, off int, ptr string) error {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		// A streaming decoder's offsets trail the scanner; a one-shot scan of the whole input
		// reports the exact byte.
		var whole *json.SyntaxError
		var v any
		if errors.As(json.Unmarshal(p.data, &v), &whole) {
			syn = whole
		}
		// Offset counts the bytes read up to and including the offending one.
		off = max(int(syn.Offset)-1, 0)
		return p.errAt(off, ptr, strings.TrimPrefix(syn.Error(), "json: "))
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return p.errAt(len(p.data), ptr, "unexpected end of input")
	}
	return p.errAt(off, ptr, err.Error())
}

func (p *parser) errAt(off int, ptr, msg string) error { return syntaxErrorAt(p.data, off, ptr, msg) }

// syntaxErrorAt is the SyntaxError for byte offset off of data; both parsers report through it.
func syntaxErrorAt(data []byte, off int, ptr, msg string) error {
	line, col := Position(data, off)
	return &SyntaxError{Line: line, Column: col, Pointer: ptr, Msg: msg}
}

// Position converts a byte offset into a 1-based line and column (columns count runes).
func Position(data []byte, off int) (line, col int) {
	if off > len(data) {
		off = len(data)
	}
	before := data[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	col = len([]rune(string(before[lineStart:]))) + 1
	return line, col
}

// Resolve follows a JSON pointer ("" or "/a/b") from n. It returns nil when the pointer does not lead
// to a value.
func (n *Node) Resolve(pointer string) *Node {
	if pointer == "" {
		return n
	}
	if !strings.HasPrefix(pointer, "/") {
		return nil
	}
	cur := n
	for _, raw := range strings.Split(pointer[1:], "/") {
		tok := jsonpointer.Unescape(raw)
		switch {
		case cur == nil:
			return nil
		case cur.Kind == Object:
			cur = cur.Get(tok)
		case cur.Kind == Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur.Items) || (len(tok) > 1 && tok[0] == '0') {
				return nil
			}
			cur = cur.Items[i]
		default:
			return nil
		}
	}
	return cur
}

// Rat returns a Number node's exact value.
func (n *Node) Rat() (*big.Rat, bool) {
	if n == nil || n.Kind != Number || hugeExponent(n.Text) {
		return nil, false
	}
	return new(big.Rat).SetString(n.Text)
}

// hugeExponent reports whether a number literal's exponent is so large that an exact value would
// need megabytes (1e999999999 is a valid literal); such literals are refused rather than expanded.
func hugeExponent(lit string) bool {
	i := strings.IndexAny(lit, "eE")
	if i < 0 {
		return false
	}
	exp, err := strconv.Atoi(strings.TrimPrefix(lit[i+1:], "+"))
	return err != nil || exp > 4096 || exp < -4096
}
