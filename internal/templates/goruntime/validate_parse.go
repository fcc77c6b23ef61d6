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
// and its minLength or enum failure would only repeat the first complaint.
func cgMerge(decoded []Violation, covered []string, validated []Violation) []Violation {
	out := slices.Clip(decoded)
	for _, v := range validated {
		if !slices.ContainsFunc(covered, func(at string) bool {
			return v.InstanceLocation == at || strings.HasPrefix(v.InstanceLocation, at+"/")
		}) {
			out = append(out, v)
		}
	}
	return out
}
