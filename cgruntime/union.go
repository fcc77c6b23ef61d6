package cgruntime

import (
	"errors"
	"strconv"
)

// Sum types (a oneOf or anyOf whose variants a member's value, the members present or the JSON
// type tell apart, and whose variants exclude one another) decode in two steps: find the variant,
// then decode that variant alone. A value that selects no variant is kept as JSON in the sum
// type's Unknown field, so that validation judges it against the whole union exactly as it would
// an untyped value, and a tolerant decode loses nothing. A value that selects a variant whose
// decoder rejects it fails the whole union (no other variant can match what selects this one):
// strictly, that is the union's one violation; tolerantly, the variant's error.

// unionTag returns the string value of the member name of an object, or false when raw is not an
// object, lacks the member, or holds something else there. Only the object's own members are split
// (through the document's scanner, which keeps repeated splitting linear).
func unionTag(d *Decoder, raw []byte, name string) (string, bool) {
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
			s, err := d.scan.text(m.Value) // only compared: it may borrow the document
			return s, err == nil
		}
	}
	return "", false
}

// unionPick returns the index of the one entry of sets whose members an object all has, or -1
// when raw is not an object or no entry or more than one entry is complete.
func unionPick(d *Decoder, raw []byte, sets [][]string) int {
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

// unionErrSeveral is what encoding a sum type with more than one field set returns.
func unionErrSeveral(name string, n int) error {
	return errors.New(name + " holds " + strconv.Itoa(n) + " values; set exactly one field (use its constructors)")
}

// ErrUnionEmpty is what Switch returns for a sum type that holds nothing.
var ErrUnionEmpty = errors.New("the union holds no value")
