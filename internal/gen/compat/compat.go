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
	// Direction is what the change does to the set of valid instances: widened, narrowed, both,
	// undecided or none. The contract mode leaves it empty.
	Direction string `json:"direction,omitempty"`
}

// Report is the outcome of Compare.
type Report struct {
	// Mode is the mode the changes were classified under, never Auto.
	Mode Mode
	// ModeReason says why that mode: chosen by the caller, or the default for this schema.
	ModeReason string
	// OldVersion and NewVersion hold the const of the root's version member when the documents
	// have one.
	OldVersion, NewVersion *int64
	// VersionMember names the version member in the report's words: the one a profile names
	// in the new document; "" when no profile names one (the report then says "version").
	VersionMember string
	// Changes are sorted by pointer, then rule.
	Changes []Change
}

// Compare classifies every difference between two JSON Schema documents by the contract mode's
// rules, with no profile (CompareWith with Mode Contract). Errors name the document and the JSON
// pointer of the offending value.
func Compare(oldDoc, newDoc []byte) (*Report, error) {
	return CompareWith(oldDoc, newDoc, Options{Mode: Contract})
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

// bumped reports whether both documents declare a version and the new one is higher.
func (r *Report) bumped() bool {
	return r.OldVersion != nil && r.NewVersion != nil && *r.NewVersion > *r.OldVersion
}

// NeedsNewVersion reports a breaking change that the new document has not answered with a
// higher version. A document without a version member cannot show a bump, so any
// breaking change in it needs one.
func (r *Report) NeedsNewVersion() bool {
	if r.Mode != Contract && r.Mode != Auto {
		return r.Breaking()
	}
	return r.Breaking() && !r.bumped()
}
