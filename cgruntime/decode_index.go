package cgruntime

import (
	"encoding/json"
	"math"
	"sync"
)

// maxNesting is encoding/json's limit on nested arrays and objects: its Valid refuses a document
// nested deeper, and so does indexDocument, so that both accept the same documents.
const maxNesting = 10000

// indexDocument checks that data is one JSON value, accepting exactly what json.Valid accepts,
// and in the same pass records the span of every array and object in s, so that the decoder
// finds where a nested value ends by a lookup instead of scanning it once per level above it.
// One pass replaces json.Valid's byte-at-a-time state machine followed by the decoder's rescans.
func (s *scanner) indexDocument(data []byte) bool {
	s.open, s.end = s.open[:0], s.end[:0]
	if len(data) >= math.MaxInt32 {
		// Offsets are int32: a document of 2 GiB or more is checked but not indexed, and its
		// nested values are scanned where they are split.
		s.doc, s.indexed = nil, false
		return json.Valid(data)
	}
	s.doc, s.indexed = data, true
	stack := s.stack[:0] // indexes into open of the containers not yet closed
	defer func() { s.stack = stack[:0] }()
	i := skipSpace(data, 0)
	for {
		// A value starts at i.
		if i >= len(data) {
			return false
		}
		switch c := data[i]; c {
		case '{', '[':
			if len(stack) >= maxNesting {
				return false
			}
			stack = append(stack, int32(len(s.open)))
			s.open = append(s.open, int32(i))
			s.end = append(s.end, int32(len(data)))
			i = skipSpace(data, i+1)
			if i < len(data) && data[i] == c+2 { // '{'+2 is '}', '['+2 is ']'
				s.end[stack[len(stack)-1]] = int32(i + 1)
				stack = stack[:len(stack)-1]
				i++
				break
			}
			if c == '{' {
				if i = memberName(data, i); i < 0 {
					return false
				}
			}
			continue
		case '"':
			if i = stringLiteralEnd(data, i); i < 0 {
				return false
			}
		case 't':
			if i = literalEnd(data, i, "true"); i < 0 {
				return false
			}
		case 'f':
			if i = literalEnd(data, i, "false"); i < 0 {
				return false
			}
		case 'n':
			if i = literalEnd(data, i, "null"); i < 0 {
				return false
			}
		default:
			if i = numberEnd(data, i); i < 0 {
				return false
			}
		}
		// A value ended at i: close the containers it completes, then find the next value.
		for {
			i = skipSpace(data, i)
			if len(stack) == 0 {
				return i == len(data)
			}
			if i >= len(data) {
				return false
			}
			top := stack[len(stack)-1]
			opener := data[s.open[top]]
			if data[i] == opener+2 {
				s.end[top] = int32(i + 1)
				stack = stack[:len(stack)-1]
				i++
				continue
			}
			if data[i] != ',' {
				return false
			}
			i = skipSpace(data, i+1)
			if opener == '{' {
				if i = memberName(data, i); i < 0 {
					return false
				}
			}
			break
		}
	}
}

// memberName checks a member name and its colon at i, returning where the member's value starts,
// or -1.
func memberName(data []byte, i int) int {
	if i >= len(data) || data[i] != '"' {
		return -1
	}
	if i = stringLiteralEnd(data, i); i < 0 {
		return -1
	}
	if i = skipSpace(data, i); i >= len(data) || data[i] != ':' {
		return -1
	}
	return skipSpace(data, i+1)
}

// plainStringByte marks the bytes a string literal holds as they are: not the closing quote, not
// a backslash, not a control character. Every other byte, including bytes of invalid UTF-8, is
// accepted, as json.Valid does (decoding replaces them).
var plainStringByte = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// stringLiteralEnd returns the index just past the string literal that starts at i, or -1 if it
// is not one.
func stringLiteralEnd(data []byte, i int) int {
	for i++; i < len(data); i++ {
		if plainStringByte[data[i]] {
			continue
		}
		switch data[i] {
		case '"':
			return i + 1
		case '\\':
			i++
			if i >= len(data) {
				return -1
			}
			switch data[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(data) || !isHex(data[i+1]) || !isHex(data[i+2]) || !isHex(data[i+3]) || !isHex(data[i+4]) {
					return -1
				}
				i += 4
			default:
				return -1
			}
		default:
			return -1 // a control character
		}
	}
	return -1
}

// literalEnd returns the index just past word at i, or -1 if word is not there.
func literalEnd(data []byte, i int, word string) int {
	if len(data)-i < len(word) || string(data[i:i+len(word)]) != word {
		return -1
	}
	return i + len(word)
}

// numberEnd returns the index just past the number that starts at i, or -1 if RFC 8259's grammar
// does not read one there: an optional minus, an integer without leading zeros, an optional
// fraction and an optional exponent, each with at least one digit.
func numberEnd(data []byte, i int) int {
	if data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case i < len(data) && '1' <= data[i] && data[i] <= '9':
		i = digitsEnd(data, i+1)
	default:
		return -1
	}
	if i < len(data) && data[i] == '.' {
		start := i + 1
		if i = digitsEnd(data, start); i == start {
			return -1
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		start := i
		if i = digitsEnd(data, start); i == start {
			return -1
		}
	}
	return i
}

// digitsEnd returns the index of the first byte at or after i that is not a decimal digit.
func digitsEnd(data []byte, i int) int {
	for i < len(data) && '0' <= data[i] && data[i] <= '9' {
		i++
	}
	return i
}

// prepare is Prepare for a decoding: the one pass that checks data also indexes it for d. The
// caller releases d when the decoding is done.
func (d *Decoder) prepare(data []byte) ([]byte, error) {
	b, _ := indexPool.Get().(*indexBuffers)
	if b == nil {
		b = new(indexBuffers)
	}
	d.scan.pooled = b
	d.scan.open, d.scan.end, d.scan.stack = b.open, b.end, b.stack
	if !d.scan.indexDocument(data) {
		d.release()
		var v any
		return nil, syntaxError(data, json.Unmarshal(data, &v))
	}
	return trim(data), nil
}

// release hands the index's slices back for the next decoding.
func (d *Decoder) release() {
	b := d.scan.pooled
	if b == nil {
		return
	}
	d.scan.pooled = nil
	if cap(d.scan.open) <= maxPooledIndex {
		b.open, b.end, b.stack = d.scan.open[:0], d.scan.end[:0], d.scan.stack[:0]
		indexPool.Put(b)
	}
	d.scan.open, d.scan.end, d.scan.stack, d.scan.doc, d.scan.indexed = nil, nil, nil, nil, false
}

// indexBuffers are a finished decoding's index slices.
type indexBuffers struct{ open, end, stack []int32 }

// indexPool keeps the index slices of finished decodings, so that a typical Parse allocates none
// for its index; maxPooledIndex keeps a huge document's index from staying behind.
var indexPool sync.Pool

const maxPooledIndex = 1 << 16
