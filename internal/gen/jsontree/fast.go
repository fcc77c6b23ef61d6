package jsontree

import (
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
)

// parseValid builds the tree of a document json.Valid has accepted. It is Parse's common path:
// encoding/json's token stream allocates for every token and made parsing the larger part of
// loading a schema. Knowing the input is valid JSON, it only finds where values start and end;
// strings with escapes or non-ASCII bytes are decoded by encoding/json itself, so every value is
// what the token stream yields. Duplicate names and nesting depth are refused exactly as
// parseTokens refuses them (FuzzParsersAgree holds the two paths to the same trees and errors).
func parseValid(data []byte) (*Node, error) {
	s := &scanner{data: data}
	return s.value("", 0)
}

type scanner struct {
	data []byte
	pos  int
}

func (s *scanner) skipSpace() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\r', '\n':
			s.pos++
		default:
			return
		}
	}
}

func (s *scanner) errAt(off int, ptr, msg string) error { return syntaxErrorAt(s.data, off, ptr, msg) }

func (s *scanner) value(ptr string, depth int) (*Node, error) {
	s.skipSpace()
	off := s.pos
	if depth > maxDepth {
		return nil, s.errAt(off, ptr, fmt.Sprintf("nesting deeper than %d levels", maxDepth))
	}
	switch s.data[off] {
	case '{':
		s.pos++
		return s.object(off, ptr, depth)
	case '[':
		s.pos++
		return s.array(off, ptr, depth)
	case '"':
		text, err := s.str()
		if err != nil {
			return nil, s.errAt(off, ptr, err.Error())
		}
		return &Node{Kind: String, Offset: off, Text: text}, nil
	case 't':
		s.pos += len("true")
		return &Node{Kind: Bool, Offset: off, Bool: true}, nil
	case 'f':
		s.pos += len("false")
		return &Node{Kind: Bool, Offset: off}, nil
	case 'n':
		s.pos += len("null")
		return &Node{Kind: Null, Offset: off}, nil
	}
	for s.pos < len(s.data) && isNumberByte(s.data[s.pos]) {
		s.pos++
	}
	return &Node{Kind: Number, Offset: off, Text: string(s.data[off:s.pos])}, nil
}

func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

func (s *scanner) array(off int, ptr string, depth int) (*Node, error) {
	n := &Node{Kind: Array, Offset: off}
	s.skipSpace()
	if s.data[s.pos] == ']' {
		s.pos++
		return n, nil
	}
	for {
		item, err := s.value(ptr+"/"+strconv.Itoa(len(n.Items)), depth+1)
		if err != nil {
			return nil, err
		}
		n.Items = append(n.Items, item)
		s.skipSpace()
		c := s.data[s.pos]
		s.pos++
		if c == ']' {
			return n, nil
		}
	}
}

// smallObject is the member count up to which duplicates are found by scanning the members
// rather than through a map.
const smallObject = 16

func (s *scanner) object(off int, ptr string, depth int) (*Node, error) {
	n := &Node{Kind: Object, Offset: off}
	s.skipSpace()
	if s.data[s.pos] == '}' {
		s.pos++
		return n, nil
	}
	var seen map[string]bool
	for {
		s.skipSpace()
		nameOff := s.pos
		name, err := s.str()
		if err != nil {
			return nil, s.errAt(nameOff, ptr, err.Error())
		}
		childPtr := ptr + "/" + jsonpointer.Escape(name)
		if s.duplicate(n.Members, &seen, name) {
			return nil, s.errAt(nameOff, childPtr, fmt.Sprintf("duplicate member name %q", name))
		}
		s.skipSpace()
		s.pos++ // ':'
		val, err := s.value(childPtr, depth+1)
		if err != nil {
			return nil, err
		}
		n.Members = append(n.Members, Member{Name: name, NameOffset: nameOff, Value: val})
		s.skipSpace()
		c := s.data[s.pos]
		s.pos++
		if c == '}' {
			return n, nil
		}
	}
}

// duplicate reports whether name is already among members, switching to a map once the object
// is large.
func (s *scanner) duplicate(members []Member, seen *map[string]bool, name string) bool {
	if len(members) < smallObject {
		for _, m := range members {
			if m.Name == name {
				return true
			}
		}
		return false
	}
	if *seen == nil {
		*seen = make(map[string]bool, 2*len(members))
		for _, m := range members {
			(*seen)[m.Name] = true
		}
	}
	if (*seen)[name] {
		return true
	}
	(*seen)[name] = true
	return false
}

// str reads the string starting at the current '"'. Plain ASCII without escapes, the common case
// in schemas, is copied; anything else goes through encoding/json, which decodes escapes and
// replaces invalid UTF-8 as the token stream does.
func (s *scanner) str() (string, error) {
	start := s.pos
	s.pos++
	plain := true
	for {
		c := s.data[s.pos]
		if c == '"' {
			break
		}
		if c == '\\' {
			plain = false
			s.pos++ // the escaped byte cannot end the string
		} else if c >= utf8.RuneSelf {
			plain = false
		}
		s.pos++
	}
	s.pos++
	if plain {
		return string(s.data[start+1 : s.pos-1]), nil
	}
	var text string
	if err := json.Unmarshal(s.data[start:s.pos], &text); err != nil {
		return "", err
	}
	return text, nil
}
