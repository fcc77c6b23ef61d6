package cgruntime

import (
	"slices"
	"strings"
)

// rejected is Parse's report on a document it rejects. It is contractgen validate's, the
// interpreter's on the document as written (repeated member names included), so that the two never
// differ: the decoder and the typed validation only give the verdict, fast. Added to it is what
// only the Go types refuse (a value a custom Go type cannot hold, an integer beyond int64), where
// the schema finds nothing at, above or under that location.
func rejected(nodes []Node, root int32, raw []byte, decoded []Violation) error {
	interp, err := validatePrepared(nodes, root, raw)
	if err != nil {
		return err
	}
	at := make(map[string]struct{}, len(interp))
	for _, v := range interp {
		at[v.InstanceLocation] = struct{}{}
	}
	vs := interp // the decoder's additions go after it; interp itself stays sorted for hasUnder
	for _, v := range decoded {
		if v.KeywordLocation != "" && !isCovered(at, v.InstanceLocation) && !hasUnder(interp, v.InstanceLocation) {
			vs = append(vs, v)
		}
	}
	return &ValidationError{Violations: sortViolations(vs)}
}

// hasUnder reports whether a violation of vs, sorted by instance location, lies strictly under loc.
func hasUnder(vs []Violation, loc string) bool {
	prefix := loc + "/"
	i, _ := slices.BinarySearchFunc(vs, prefix, func(v Violation, p string) int { return strings.Compare(v.InstanceLocation, p) })
	return i < len(vs) && strings.HasPrefix(vs[i].InstanceLocation, prefix)
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
