package cgruntime

import (
	"slices"
	"strings"
)

// Validatable is implemented by every generated named type.
type Validatable[T any] interface {
	*T
	CgDecode(d *Decoder, raw []byte, at, kw string) error
	CgValidate(c *Collector, at, kw *Path)
}

// Parse decodes data strictly and validates the result, returning every violation in one
// *ValidationError. Syntax errors come back as they are: there is no value to point into.
func Parse[T any, PT Validatable[T]](data []byte, nodes []Node) (*T, error) {
	raw, err := Prepare(data)
	if err != nil {
		return nil, err
	}
	d := Decoder{strict: true}
	v := new(T)
	if err := PT(v).CgDecode(&d, raw, "", ""); err != nil {
		return nil, err
	}
	c := Collector{Nodes: nodes}
	PT(v).CgValidate(&c, nil, nil)
	if len(d.violations) == 0 && len(c.violations) == 0 {
		return v, nil
	}
	return nil, &ValidationError{Violations: sortViolations(merge(d.violations, d.covered, c.violations))}
}

// merge joins the decoder's violations with Validate's, dropping what Validate reports inside a
// value the decoder already rejected: a member of the wrong type, null or missing holds a zero value,
// and its minLength or enum failure would only repeat the first complaint. A violation is looked up
// by each of its location's prefixes in a set, so many rejected values cost linear time.
func merge(decoded []Violation, covered []string, validated []Violation) []Violation {
	out := slices.Clip(decoded)
	if len(validated) == 0 {
		return out
	}
	set := make(map[string]struct{}, len(covered))
	for _, at := range covered {
		set[at] = struct{}{}
	}
	for _, v := range validated {
		if !isCovered(set, v.InstanceLocation) {
			out = append(out, v)
		}
	}
	return out
}

// isCovered reports whether loc or a location it lies inside is in set.
func isCovered(set map[string]struct{}, loc string) bool {
	for {
		if _, ok := set[loc]; ok {
			return true
		}
		i := strings.LastIndexByte(loc, '/')
		if i < 0 {
			return false
		}
		loc = loc[:i]
	}
}
