package compat

// Class says what a change means for the contract's version.
type Class string

// The three classes. A report's verdict is its most severe class: breaking over additive over
// annotation.
const (
	// Additive changes fit in the same contract_version: old consumers keep working.
	Additive Class = "additive"
	// Breaking changes need a new contract_version (and a new major Go package).
	Breaking Class = "breaking"
	// Annotation changes alter no instance's validity and no generated behaviour.
	Annotation Class = "annotation"
)

// severity orders classes so that merging duplicate findings keeps the most severe one.
func (c Class) severity() int {
	switch c {
	case Breaking:
		return 2
	case Additive:
		return 1
	default:
		return 0
	}
}

// Change is one classified difference between the two documents.
type Change struct {
	// Pointer is a JSON pointer into the new document, or into the old one for removals.
	Pointer string `json:"pointer"`
	// Rule is one of the Rule constants.
	Rule string `json:"rule"`
	// Class is the rule's class in this position (some rules depend on required-ness).
	Class Class `json:"class"`
	// Message says what changed in words.
	Message string `json:"message"`
}

// Report is the outcome of Compare.
type Report struct {
	// OldVersion and NewVersion hold the root contract_version const when the documents have one.
	OldVersion, NewVersion *int64
	// Changes are sorted by pointer, then rule.
	Changes []Change
}

// Compare classifies every difference between two JSON Schema documents. Errors name the
// document and the JSON pointer of the offending value.
func Compare(oldDoc, newDoc []byte) (*Report, error) {
	od, err := parseDocument("old", oldDoc)
	if err != nil {
		return nil, err
	}
	nd, err := parseDocument("new", newDoc)
	if err != nil {
		return nil, err
	}
	c := newComparer(od, nd)
	if err := c.run(); err != nil {
		return nil, err
	}
	return &Report{OldVersion: od.version(), NewVersion: nd.version(), Changes: c.sorted()}, nil
}

// Breaking reports whether any change is breaking.
func (r *Report) Breaking() bool {
	for _, ch := range r.Changes {
		if ch.Class == Breaking {
			return true
		}
	}
	return false
}

// bumped reports whether both documents declare a contract_version and the new one is higher.
func (r *Report) bumped() bool {
	return r.OldVersion != nil && r.NewVersion != nil && *r.NewVersion > *r.OldVersion
}

// NeedsNewVersion reports a breaking change that the new document has not answered with a
// higher contract_version. A document without a contract_version cannot show a bump, so any
// breaking change in it needs one.
func (r *Report) NeedsNewVersion() bool {
	return r.Breaking() && !r.bumped()
}
