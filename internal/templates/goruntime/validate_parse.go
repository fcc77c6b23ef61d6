package goruntime

import (
	"slices"
	"strings"
)

// cgValidatable is implemented by every generated named type.
type cgValidatable[T any] interface {
	*T
	cgDecode(d *cgDecoder, raw []byte, at, kw string) error
	cgValidate(c *cgCollector, at, kw *cgPath)
}

// cgParse decodes data strictly and validates the result, returning every violation in one
// *ValidationError. Syntax errors come back as they are: there is no value to point into.
func cgParse[T any, PT cgValidatable[T]](data []byte, nodes []cgNode) (*T, error) {
	raw, err := cgPrepare(data)
	if err != nil {
		return nil, err
	}
	d := cgDecoder{strict: true}
	v := new(T)
	if err := PT(v).cgDecode(&d, raw, "", ""); err != nil {
		return nil, err
	}
	c := cgCollector{nodes: nodes}
	PT(v).cgValidate(&c, nil, nil)
	if len(d.violations) == 0 && len(c.violations) == 0 {
		return v, nil
	}
	return nil, &ValidationError{Violations: cgSortViolations(cgMerge(d.violations, d.covered, c.violations))}
}

// cgMerge joins the decoder's violations with Validate's, dropping what Validate reports inside a
// value the decoder already rejected: a member of the wrong type, null or missing holds a zero value,
// and its minLength or enum failure would only repeat the first complaint. A violation is looked up
// by each of its location's prefixes in a set, so many rejected values cost linear time.
func cgMerge(decoded []Violation, covered []string, validated []Violation) []Violation {
	out := slices.Clip(decoded)
	if len(validated) == 0 {
		return out
	}
	set := make(map[string]struct{}, len(covered))
	for _, at := range covered {
		set[at] = struct{}{}
	}
	for _, v := range validated {
		if !cgCovered(set, v.InstanceLocation) {
			out = append(out, v)
		}
	}
	return out
}

// cgCovered reports whether loc or a location it lies inside is in set.
func cgCovered(set map[string]struct{}, loc string) bool {
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
