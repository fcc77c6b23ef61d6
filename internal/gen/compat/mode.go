package compat

import (
	"fmt"

	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/naming"
)

// Mode is the question a comparison answers.
type Mode string

// The modes. Auto picks contract for a schema that carries a profile's root keyword or the
// version member a profile names (contract_version, x-catalog), and backward for any other
// schema, the default of schema registries.
const (
	// Auto chooses between Contract and Backward from the schemas themselves.
	Auto Mode = ""
	// Contract applies the agent error contract's section 6: old and new consumers and
	// producers must all agree, so most relaxations are breaking too.
	Contract Mode = "contract"
	// Backward: the new schema must accept every instance the old schema accepted.
	Backward Mode = "backward"
	// Forward: the old schema must accept every instance the new schema accepts.
	Forward Mode = "forward"
	// Full: both backward and forward, so the set of valid instances must not change.
	Full Mode = "full"
)

// ParseMode reads a --mode value; "" and "auto" are Auto.
func ParseMode(s string) (Mode, error) {
	switch Mode(s) {
	case Auto, "auto":
		return Auto, nil
	case Contract, Backward, Forward, Full:
		return Mode(s), nil
	}
	return Auto, fmt.Errorf("unknown mode %q (known: backward, forward, full, contract)", s)
}

// Compatible is the class of a change that the chosen mode allows (backward, forward and full
// modes; the contract mode says additive).
const Compatible Class = "compatible"

// Options are Compare's choices.
type Options struct {
	// Mode is the question to answer; Auto by default.
	Mode Mode
	// Dialect applies to a document that declares no "$schema" (2020-12 when zero).
	Dialect load.Dialect
	// Profiles are the vocabularies whose root keywords and version member the comparison
	// reads (the command passes the agent-error contract's); none by default, when every
	// keyword is JSON Schema's or an annotation.
	Profiles []Profile
}

// rule describes a mode for people: what it requires; version names the version member.
func (m Mode) rule(version string) string {
	switch m {
	case Backward:
		return "the new schema must accept every instance the old schema accepted"
	case Forward:
		return "the old schema must accept every instance the new schema accepts"
	case Full:
		return "both schemas must accept exactly the same instances"
	}
	return "the contract's rules: additive changes keep " + version + ", breaking ones need a new one"
}

// CompareWith classifies every difference between two schema documents under opts.Mode. Errors
// name the document and the JSON pointer of the offending value.
func CompareWith(oldDoc, newDoc []byte, opts Options) (*Report, error) {
	od, err := parseDialect("old", oldDoc, opts.Dialect)
	if err != nil {
		return nil, err
	}
	nd, err := parseDialect("new", newDoc, opts.Dialect)
	if err != nil {
		return nil, err
	}
	return compareDocuments(od, nd, opts)
}

// compareDocuments runs the engine the mode asks for.
func compareDocuments(od, nd *document, opts Options) (*Report, error) {
	if err := checkProfiles(opts.Profiles); err != nil {
		return nil, err
	}
	for _, d := range []*document{od, nd} {
		d.versionMember = versionMemberOf(d.tree, opts.Profiles)
	}
	mode, reason := opts.Mode, "requested"
	if mode == Auto {
		mode, reason = autoMode(od, nd, opts.Profiles)
	}
	if mode == Contract {
		c := newComparer(od, nd, opts.Profiles)
		if err := c.run(); err != nil {
			return nil, err
		}
		return &Report{Mode: Contract, ModeReason: reason, OldVersion: od.version(), NewVersion: nd.version(),
			VersionMember: nd.versionMember, Changes: c.sorted()}, nil
	}
	s := newSemantic(od, nd, mode)
	if err := s.run(); err != nil {
		return nil, err
	}
	return &Report{Mode: mode, ModeReason: reason, Changes: s.sorted()}, nil
}

// autoMode chooses contract for contract documents and backward for the rest.
func autoMode(od, nd *document, profiles []Profile) (Mode, string) {
	for _, d := range []*document{nd, od} {
		if why := d.contractMarker(profiles); why != "" {
			return Contract, "the default for a schema with " + why
		}
	}
	// Neither document carries a profile keyword here, so neither renames the version member.
	var markers []string
	if nd.versionMember != "" {
		markers = append(markers, nd.versionMember)
	}
	for _, p := range profiles {
		markers = append(markers, p.Keywords()...)
	}
	if len(markers) == 0 {
		return Backward, "the default for a schema of no profile, as in schema registries"
	}
	return Backward, "the default for a schema without " + naming.OrList(markers) + ", as in schema registries"
}

// contractMarker names what makes the document a contract: a profile's keyword at the root, or
// the version member a profile names; "" for other schemas.
func (d *document) contractMarker(profiles []Profile) string {
	m, ok := d.root.(map[string]any)
	if !ok {
		return ""
	}
	for _, p := range profiles {
		for _, k := range p.Keywords() {
			if _, ok := m[k]; ok {
				return "an " + k
			}
		}
	}
	if props, ok := m["properties"].(map[string]any); ok && d.versionMember != "" {
		if _, ok := props[d.versionMember]; ok {
			return "a " + d.versionMember + " member"
		}
	}
	return ""
}

// classify turns a direction into a class under a mode, with the words that say which reader
// fails.
func classify(mode Mode, d dir) (Class, string) {
	if d == 0 {
		return Annotation, ""
	}
	if d&undecided != 0 {
		return Breaking, "whether instances are accepted differently cannot be decided, so it counts as breaking"
	}
	grewMsg := "an instance the old schema rejected is now accepted"
	shrankMsg := "an instance the old schema accepted is now rejected"
	switch mode {
	case Backward:
		if d&shrank != 0 {
			return Breaking, shrankMsg
		}
		return Compatible, "widens what is accepted"
	case Forward:
		if d&grew != 0 {
			return Breaking, grewMsg + " (the old schema rejects it)"
		}
		return Compatible, "narrows what is accepted"
	}
	switch d & (grew | shrank) {
	case grew:
		return Breaking, grewMsg
	case shrank:
		return Breaking, shrankMsg
	}
	return Breaking, shrankMsg + ", and one it rejected is now accepted"
}

// directionName is a direction in the report's words.
func directionName(d dir) string {
	switch {
	case d == 0:
		return "none"
	case d&undecided != 0:
		return "undecided"
	case d == grew:
		return "widened"
	case d == shrank:
		return "narrowed"
	}
	return "both"
}
