// Package keywords is the one table of JSON Schema keywords: for every keyword of every dialect
// contractgen reads (draft-04 to 2020-12), the dialects that define it, its kind, and what each
// consumer does with it. The loader's dialect tables, the TypeScript target's keyword support and
// the OpenAPI 3.0 loss report read it instead of keeping lists of their own, and their tests fail
// when a keyword (or a field of the runtime's validation node) is neither handled nor refused with
// a reason. Adding a keyword is one row here, then whatever the tests of each consumer demand.
package keywords

// Dialects is a set of dialects.
type Dialects uint8

// The dialects, oldest first.
const (
	Draft4 Dialects = 1 << iota
	Draft6
	Draft7
	Draft2019
	Draft2020

	// Since7 and the like are the dialects from one on.
	All       = Draft4 | Draft6 | Draft7 | Draft2019 | Draft2020
	Since6    = All &^ Draft4
	Since7    = Since6 &^ Draft6
	Since2019 = Draft2019 | Draft2020
)

// Has reports whether d includes every dialect of o.
func (d Dialects) Has(o Dialects) bool { return d&o == o && o != 0 }

// Kind is what a keyword does, as the specification's vocabularies group them.
type Kind uint8

// The kinds.
const (
	// Core keywords organize a document: its dialect, vocabularies, comments and definitions.
	Core Kind = iota + 1
	// Identifier keywords give a schema a URI or a name references use.
	Identifier
	// Reference keywords apply another schema by URI.
	Reference
	// Applicator keywords apply subschemas to the instance or its parts.
	Applicator
	// Assertion keywords decide validity on their own.
	Assertion
	// Annotation keywords describe; they never decide validity.
	Annotation
)

func (k Kind) String() string {
	return [...]string{"", "core", "identifier", "reference", "applicator", "assertion", "annotation"}[k]
}

// Support is what a target does with a keyword.
type Support uint8

// The levels of support.
const (
	// Yes: the target expresses the keyword as the contract means it.
	Yes Support = iota + 1
	// Rewritten: the target expresses it in other keywords, with the same verdicts.
	Rewritten
	// Dropped: the target cannot express it and leaves it out, accepting more than the contract
	// (the OpenAPI 3.0 loss report lists where).
	Dropped
	// Refused: generation fails when a schema needs it (the reason says why).
	Refused
	// Resolved: nothing reaches the target as this keyword: load and build resolve it
	// (identifiers, references, core keywords), read it as its 2020-12 successor (draft-07's
	// dependencies), or it has no effect on validation (annotations).
	Resolved
)

func (s Support) String() string {
	return [...]string{"", "yes", "rewritten", "dropped", "refused", "resolved"}[s]
}

// Keyword is one row of the table.
type Keyword struct {
	Name     string
	Dialects Dialects
	Kind     Kind
	// TS is the TypeScript validator's support; TSReason says why when it is Refused.
	TS       Support
	TSReason string
	// OpenAPI30 is what the OpenAPI 3.0 fragment does with the keyword (3.1 is 2020-12 itself).
	OpenAPI30 Support
	// Compat is compat's classification class of a change to the keyword; compat fills it.
	Compat string
}

const tsLater = "the TypeScript runtime does not implement it yet"

// table lists every keyword once. Its order is the order reports list keywords in.
var table = []Keyword{
	{Name: "$schema", Dialects: All, Kind: Core, TS: Resolved, OpenAPI30: Resolved},
	{Name: "$vocabulary", Dialects: Since2019, Kind: Core, TS: Resolved, OpenAPI30: Resolved},
	{Name: "$comment", Dialects: Since7, Kind: Core, TS: Resolved, OpenAPI30: Resolved},
	{Name: "$defs", Dialects: Since2019, Kind: Core, TS: Resolved, OpenAPI30: Resolved},
	{Name: "definitions", Dialects: All, Kind: Core, TS: Resolved, OpenAPI30: Resolved},
	{Name: "id", Dialects: Draft4, Kind: Identifier, TS: Resolved, OpenAPI30: Resolved},
	{Name: "$id", Dialects: Since6, Kind: Identifier, TS: Resolved, OpenAPI30: Resolved},
	{Name: "$anchor", Dialects: Since2019, Kind: Identifier, TS: Resolved, OpenAPI30: Resolved},
	{Name: "$recursiveAnchor", Dialects: Draft2019, Kind: Identifier, TS: Resolved, OpenAPI30: Resolved},
	{Name: "$dynamicAnchor", Dialects: Draft2020, Kind: Identifier, TS: Resolved, OpenAPI30: Resolved},
	{Name: "$ref", Dialects: All, Kind: Reference, TS: Yes, OpenAPI30: Yes},
	{Name: "$recursiveRef", Dialects: Draft2019, Kind: Reference, TS: Refused, TSReason: tsLater, OpenAPI30: Resolved},
	{Name: "$dynamicRef", Dialects: Draft2020, Kind: Reference, TS: Refused, TSReason: tsLater, OpenAPI30: Resolved},

	{Name: "type", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Rewritten},
	{Name: "enum", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes},
	{Name: "const", Dialects: Since6, Kind: Assertion, TS: Yes, OpenAPI30: Rewritten},
	{Name: "multipleOf", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes},
	{Name: "maximum", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes},
	{Name: "exclusiveMaximum", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Rewritten},
	{Name: "minimum", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes},
	{Name: "exclusiveMinimum", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Rewritten},
	{Name: "maxLength", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes},
	{Name: "minLength", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes},
	{Name: "pattern", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes},
	{Name: "maxItems", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes},
	{Name: "minItems", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes},
	{Name: "uniqueItems", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes},
	{Name: "maxProperties", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes},
	{Name: "minProperties", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes},
	{Name: "required", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes},

	{Name: "items", Dialects: All, Kind: Applicator, TS: Yes, OpenAPI30: Yes},
	{Name: "additionalItems", Dialects: All &^ Draft2020, Kind: Applicator, TS: Yes, OpenAPI30: Yes},
	{Name: "prefixItems", Dialects: Draft2020, Kind: Applicator, TS: Refused, TSReason: tsLater, OpenAPI30: Dropped},
	{Name: "contains", Dialects: Since6, Kind: Applicator, TS: Refused, TSReason: tsLater, OpenAPI30: Dropped},
	{Name: "minContains", Dialects: Since2019, Kind: Assertion, TS: Refused, TSReason: tsLater, OpenAPI30: Dropped},
	{Name: "maxContains", Dialects: Since2019, Kind: Assertion, TS: Refused, TSReason: tsLater, OpenAPI30: Dropped},
	{Name: "properties", Dialects: All, Kind: Applicator, TS: Yes, OpenAPI30: Yes},
	{Name: "patternProperties", Dialects: All, Kind: Applicator, TS: Refused, TSReason: tsLater, OpenAPI30: Dropped},
	{Name: "additionalProperties", Dialects: All, Kind: Applicator, TS: Yes, OpenAPI30: Yes},
	{Name: "propertyNames", Dialects: Since6, Kind: Applicator, TS: Refused, TSReason: tsLater, OpenAPI30: Dropped},
	{Name: "dependencies", Dialects: Draft4 | Draft6 | Draft7, Kind: Applicator, TS: Yes, OpenAPI30: Resolved},
	{Name: "dependentRequired", Dialects: Since2019, Kind: Assertion, TS: Yes, OpenAPI30: Dropped},
	{Name: "dependentSchemas", Dialects: Since2019, Kind: Applicator, TS: Yes, OpenAPI30: Dropped},
	{Name: "allOf", Dialects: All, Kind: Applicator, TS: Yes, OpenAPI30: Yes},
	{Name: "anyOf", Dialects: All, Kind: Applicator, TS: Yes, OpenAPI30: Yes},
	{Name: "oneOf", Dialects: All, Kind: Applicator, TS: Yes, OpenAPI30: Yes},
	{Name: "not", Dialects: All, Kind: Applicator, TS: Yes, OpenAPI30: Yes},
	{Name: "if", Dialects: Since7, Kind: Applicator, TS: Yes, OpenAPI30: Dropped},
	{Name: "then", Dialects: Since7, Kind: Applicator, TS: Yes, OpenAPI30: Dropped},
	{Name: "else", Dialects: Since7, Kind: Applicator, TS: Yes, OpenAPI30: Dropped},
	{Name: "unevaluatedItems", Dialects: Since2019, Kind: Applicator, TS: Refused, TSReason: tsLater, OpenAPI30: Dropped},
	{Name: "unevaluatedProperties", Dialects: Since2019, Kind: Applicator, TS: Refused, TSReason: tsLater, OpenAPI30: Dropped},

	{Name: "title", Dialects: All, Kind: Annotation, TS: Resolved, OpenAPI30: Yes},
	{Name: "description", Dialects: All, Kind: Annotation, TS: Resolved, OpenAPI30: Yes},
	{Name: "default", Dialects: All, Kind: Annotation, TS: Resolved, OpenAPI30: Yes},
	{Name: "format", Dialects: All, Kind: Annotation, TS: Resolved, OpenAPI30: Yes},
	{Name: "examples", Dialects: Since6, Kind: Annotation, TS: Resolved, OpenAPI30: Rewritten},
	{Name: "readOnly", Dialects: Since7, Kind: Annotation, TS: Resolved, OpenAPI30: Yes},
	{Name: "writeOnly", Dialects: Since7, Kind: Annotation, TS: Resolved, OpenAPI30: Yes},
	{Name: "deprecated", Dialects: Since2019, Kind: Annotation, TS: Resolved, OpenAPI30: Yes},
	{Name: "contentMediaType", Dialects: Since7, Kind: Annotation, TS: Resolved, OpenAPI30: Resolved},
	{Name: "contentEncoding", Dialects: Since7, Kind: Annotation, TS: Resolved, OpenAPI30: Resolved},
	{Name: "contentSchema", Dialects: Since2019, Kind: Annotation, TS: Resolved, OpenAPI30: Resolved},
}

var byName = func() map[string]int {
	m := make(map[string]int, len(table))
	for i, k := range table {
		if _, dup := m[k.Name]; dup {
			panic("keywords: " + k.Name + " is in the table twice")
		}
		m[k.Name] = i
	}
	return m
}()

// Table returns every keyword, in the table's order. The slice is a copy.
func Table() []Keyword { return append([]Keyword(nil), table...) }

// Lookup returns the keyword named name, if some dialect defines it.
func Lookup(name string) (Keyword, bool) {
	i, ok := byName[name]
	if !ok {
		return Keyword{}, false
	}
	return table[i], true
}

// Of returns the names of the keywords a dialect defines.
func Of(d Dialects) map[string]bool {
	m := map[string]bool{}
	for _, k := range table {
		if k.Dialects.Has(d) {
			m[k.Name] = true
		}
	}
	return m
}

// Where returns the names of the keywords for which keep is true, in the table's order.
func Where(keep func(Keyword) bool) []string {
	var names []string
	for _, k := range table {
		if keep(k) {
			names = append(names, k.Name)
		}
	}
	return names
}
