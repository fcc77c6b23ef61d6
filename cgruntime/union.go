package cgruntime

import (
	"encoding/json"
	"errors"
	"strconv"
)

// Sum types (a oneOf or anyOf whose variants a member's value, the members present or the JSON
// type tell apart) decode in two steps: find the variant, then decode that variant alone. A value
// that the variant's decoder rejects, or that selects no variant, is kept as JSON in the sum type's
// Unknown field, so that validation judges it against the whole union exactly as it would an untyped
// value, and a tolerant decode loses nothing.

// UnionTag returns the string value of the member name of an object, or false when raw is not an
// object, lacks the member, or holds something else there. Only the object's own members are split
// (through the document's scanner, which keeps repeated splitting linear).
func UnionTag(d *Decoder, raw []byte, name string) (string, bool) {
	if raw[0] != '{' {
		return "", false
	}
	var buf [16]Member
	members, err := objectMembers(&d.scan, raw, buf[:0])
	if err != nil {
		return "", false
	}
	for _, m := range members {
		if m.Name == name {
			if m.Value[0] != '"' {
				return "", false
			}
			s, err := unquote(m.Value)
			return s, err == nil
		}
	}
	return "", false
}

// UnionPick returns the index of the one entry of sets whose members an object all has, or -1
// when raw is not an object or no entry or more than one entry is complete.
func UnionPick(d *Decoder, raw []byte, sets [][]string) int {
	if raw[0] != '{' {
		return -1
	}
	var buf [16]Member
	members, err := objectMembers(&d.scan, raw, buf[:0])
	if err != nil {
		return -1
	}
	found := -1
	for i, set := range sets {
		complete := true
		for _, name := range set {
			has := false
			for _, m := range members {
				if m.Name == name {
					has = true
					break
				}
			}
			if !has {
				complete = false
				break
			}
		}
		if complete {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

// UnionTry decodes raw as one variant. It reports false, leaving no trace in d, when the variant's
// decoder fails or (strictly) finds a violation: the caller then keeps raw as an unknown value.
func UnionTry[T any](d *Decoder, raw []byte, at, kw string, dec DecFunc[T]) (*T, bool) {
	violations, covered := len(d.violations), len(d.covered)
	x, err := dec(d, raw, at, kw)
	if err != nil || len(d.violations) > violations {
		d.violations, d.covered = d.violations[:violations], d.covered[:covered]
		return nil, false
	}
	return &x, true
}

// UnionCount counts the fields of a sum type that are set.
func UnionCount(set ...bool) int {
	n := 0
	for _, s := range set {
		if s {
			n++
		}
	}
	return n
}

// UnionErrSeveral is what encoding a sum type with more than one field set returns.
func UnionErrSeveral(name string, n int) error {
	return errors.New(name + " holds " + strconv.Itoa(n) + " values; set exactly one field (use its constructors)")
}

// ErrUnionEmpty is what Switch returns for a sum type that holds nothing.
var ErrUnionEmpty = errors.New("the union holds no value")

// UnionRaw keeps a value that no variant selects (see cgDecRaw).
func UnionRaw(d *Decoder, raw []byte, at, kw string) json.RawMessage {
	x, _ := DecRaw(d, raw, at, kw)
	return x
}
