// Package keywords is the one table of JSON Schema keywords: for every keyword of every dialect
// contractgen reads (draft-04 to 2020-12), the dialects that define it, its kind, and what each
// consumer does with it. The loader's dialect tables, compat's comparisons, the TypeScript
// target's keyword support and the OpenAPI 3.0 loss report read it instead of keeping lists of
// their own, and their tests fail when a keyword (or a field of the runtime's validation node) is
// neither handled nor refused with a reason. Adding a keyword is one row here, then whatever the tests of each consumer demand.
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
	// Compat is how compat judges a change to the keyword; CompatAlso are dialects beyond
	// Dialects in which compat still compares it (validators apply draft-07's dependencies in
	// 2019-09 and 2020-12, whose metaschemas keep it).
	Compat     Compat
	CompatAlso Dialects
	// Holds says where the keyword's value holds subschemas, so that a consumer comparing or
	// walking schemas can descend.
	Holds Holds
}

// Compat is how compat judges a change to a keyword: the comparison that models the keyword's
// effect on which instances are valid. Keywords that act together share one and are compared
// together: the object keywords (properties, patternProperties, additionalProperties), the array
// keywords, contains with its bounds, if/then/else, dependencies with its 2019-09 successors.
// Every row has one; compat refuses a keyword whose comparison it does not have (the zero value
// among them) instead of passing a change to it as an annotation.
type Compat uint8

// The comparisons. CompatAnnotation constrains no instance (a change is an annotation change);
// CompatIdentifier names schemas, which compat follows instead of comparing; CompatDialect
// changes the meaning of every other keyword; CompatFormat is an annotation from 2019-09 on and
// compared like pattern up to draft-07, where validators may assert it. Every other comparison
// is an assertion or applicator that compat compares for narrowing and widening.
const (
	CompatUndecided Compat = iota
	CompatAnnotation
	CompatFormat
	CompatIdentifier
	CompatDialect
	CompatType
	CompatEnum
	CompatNumberBounds
	CompatSizeBounds
	CompatMultipleOf
	CompatPattern
	CompatUniqueItems
	CompatObject
	CompatRequired
	CompatDependencies
	CompatPropertyNames
	CompatArray
	CompatContains
	CompatAllOf
	CompatAnyOf
	CompatOneOf
	CompatNot
	CompatConditional
	CompatUnevaluated
	CompatRef
	CompatDynamicRef
	compatEnd
)

// Compats lists every comparison but CompatUndecided, in order.
func Compats() []Compat {
	out := make([]Compat, 0, compatEnd-1)
	for c := CompatUndecided + 1; c < compatEnd; c++ {
		out = append(out, c)
	}
	return out
}

var compatNames = [...]string{"undecided", "annotation", "format", "identifier", "dialect", "type", "enum",
	"number-bounds", "size-bounds", "multipleOf", "pattern", "uniqueItems", "object", "required",
	"dependencies", "propertyNames", "array", "contains", "allOf", "anyOf", "oneOf", "not",
	"if-then-else", "unevaluated", "ref", "dynamic-ref"}

func (c Compat) String() string {
	if int(c) < len(compatNames) {
		return compatNames[c]
	}
	return "undecided"
}

// Constrains reports whether a keyword compared this way can change which instances are valid
// (format only where it asserts, which depends on the dialect; see CompatFormat).
func (c Compat) Constrains() bool {
	return c != CompatAnnotation && c != CompatIdentifier && c != CompatDialect
}

// Holds is where a keyword's value holds subschemas.
type Holds uint8

// The shapes of keyword values.
const (
	// HoldsValue: a plain JSON value, no subschema.
	HoldsValue Holds = iota + 1
	// HoldsSchema: one schema.
	HoldsSchema
	// HoldsSchemas: an array of schemas.
	HoldsSchemas
	// HoldsSchemaMap: an object whose member values are schemas.
	HoldsSchemaMap
	// HoldsSchemaOrSchemas: one schema, or an array of schemas (items up to 2019-09).
	HoldsSchemaOrSchemas
	// HoldsSchemaMapOrStrings: an object whose member values are schemas or arrays of strings
	// (draft-07's dependencies).
	HoldsSchemaMapOrStrings
)

const tsLater = "the TypeScript runtime does not implement it yet"

// table lists every keyword once. Its order is the order reports list keywords in.
var table = []Keyword{
	{Name: "$schema", Dialects: All, Kind: Core, TS: Resolved, OpenAPI30: Resolved, Compat: CompatDialect, Holds: HoldsValue},
	{Name: "$vocabulary", Dialects: Since2019, Kind: Core, TS: Resolved, OpenAPI30: Resolved, Compat: CompatDialect, Holds: HoldsValue},
	{Name: "$comment", Dialects: Since7, Kind: Core, TS: Resolved, OpenAPI30: Resolved, Compat: CompatAnnotation, Holds: HoldsValue},
	{Name: "$defs", Dialects: Since2019, Kind: Core, TS: Resolved, OpenAPI30: Resolved, Compat: CompatIdentifier, Holds: HoldsSchemaMap},
	{Name: "definitions", Dialects: All, Kind: Core, TS: Resolved, OpenAPI30: Resolved, Compat: CompatIdentifier, Holds: HoldsSchemaMap},
	{Name: "id", Dialects: Draft4, Kind: Identifier, TS: Resolved, OpenAPI30: Resolved, Compat: CompatIdentifier, Holds: HoldsValue},
	{Name: "$id", Dialects: Since6, Kind: Identifier, TS: Resolved, OpenAPI30: Resolved, Compat: CompatIdentifier, Holds: HoldsValue},
	{Name: "$anchor", Dialects: Since2019, Kind: Identifier, TS: Resolved, OpenAPI30: Resolved, Compat: CompatIdentifier, Holds: HoldsValue},
	{Name: "$recursiveAnchor", Dialects: Draft2019, Kind: Identifier, TS: Resolved, OpenAPI30: Resolved, Compat: CompatIdentifier, Holds: HoldsValue},
	{Name: "$dynamicAnchor", Dialects: Draft2020, Kind: Identifier, TS: Resolved, OpenAPI30: Resolved, Compat: CompatIdentifier, Holds: HoldsValue},
	{Name: "$ref", Dialects: All, Kind: Reference, TS: Yes, OpenAPI30: Yes, Compat: CompatRef, Holds: HoldsValue},
	{Name: "$recursiveRef", Dialects: Draft2019, Kind: Reference, TS: Refused, TSReason: tsLater, OpenAPI30: Resolved, Compat: CompatDynamicRef, Holds: HoldsValue},
	{Name: "$dynamicRef", Dialects: Draft2020, Kind: Reference, TS: Refused, TSReason: tsLater, OpenAPI30: Resolved, Compat: CompatDynamicRef, Holds: HoldsValue},

	{Name: "type", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Rewritten, Compat: CompatType, Holds: HoldsValue},
	{Name: "enum", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes, Compat: CompatEnum, Holds: HoldsValue},
	{Name: "const", Dialects: Since6, Kind: Assertion, TS: Yes, OpenAPI30: Rewritten, Compat: CompatEnum, Holds: HoldsValue},
	{Name: "multipleOf", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes, Compat: CompatMultipleOf, Holds: HoldsValue},
	{Name: "maximum", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes, Compat: CompatNumberBounds, Holds: HoldsValue},
	{Name: "exclusiveMaximum", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Rewritten, Compat: CompatNumberBounds, Holds: HoldsValue},
	{Name: "minimum", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes, Compat: CompatNumberBounds, Holds: HoldsValue},
	{Name: "exclusiveMinimum", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Rewritten, Compat: CompatNumberBounds, Holds: HoldsValue},
	{Name: "maxLength", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes, Compat: CompatSizeBounds, Holds: HoldsValue},
	{Name: "minLength", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes, Compat: CompatSizeBounds, Holds: HoldsValue},
	{Name: "pattern", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes, Compat: CompatPattern, Holds: HoldsValue},
	{Name: "maxItems", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes, Compat: CompatSizeBounds, Holds: HoldsValue},
	{Name: "minItems", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes, Compat: CompatSizeBounds, Holds: HoldsValue},
	{Name: "uniqueItems", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes, Compat: CompatUniqueItems, Holds: HoldsValue},
	{Name: "maxProperties", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes, Compat: CompatSizeBounds, Holds: HoldsValue},
	{Name: "minProperties", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes, Compat: CompatSizeBounds, Holds: HoldsValue},
	{Name: "required", Dialects: All, Kind: Assertion, TS: Yes, OpenAPI30: Yes, Compat: CompatRequired, Holds: HoldsValue},

	{Name: "items", Dialects: All, Kind: Applicator, TS: Yes, OpenAPI30: Yes, Compat: CompatArray, Holds: HoldsSchemaOrSchemas},
	{Name: "additionalItems", Dialects: All &^ Draft2020, Kind: Applicator, TS: Yes, OpenAPI30: Yes, Compat: CompatArray, Holds: HoldsSchema},
	{Name: "prefixItems", Dialects: Draft2020, Kind: Applicator, TS: Refused, TSReason: tsLater, OpenAPI30: Dropped, Compat: CompatArray, Holds: HoldsSchemas},
	{Name: "contains", Dialects: Since6, Kind: Applicator, TS: Refused, TSReason: tsLater, OpenAPI30: Dropped, Compat: CompatContains, Holds: HoldsSchema},
	{Name: "minContains", Dialects: Since2019, Kind: Assertion, TS: Refused, TSReason: tsLater, OpenAPI30: Dropped, Compat: CompatContains, Holds: HoldsValue},
	{Name: "maxContains", Dialects: Since2019, Kind: Assertion, TS: Refused, TSReason: tsLater, OpenAPI30: Dropped, Compat: CompatContains, Holds: HoldsValue},
	{Name: "properties", Dialects: All, Kind: Applicator, TS: Yes, OpenAPI30: Yes, Compat: CompatObject, Holds: HoldsSchemaMap},
	{Name: "patternProperties", Dialects: All, Kind: Applicator, TS: Refused, TSReason: tsLater, OpenAPI30: Dropped, Compat: CompatObject, Holds: HoldsSchemaMap},
	{Name: "additionalProperties", Dialects: All, Kind: Applicator, TS: Yes, OpenAPI30: Yes, Compat: CompatObject, Holds: HoldsSchema},
	{Name: "propertyNames", Dialects: Since6, Kind: Applicator, TS: Refused, TSReason: tsLater, OpenAPI30: Dropped, Compat: CompatPropertyNames, Holds: HoldsSchema},
	{Name: "dependencies", Dialects: Draft4 | Draft6 | Draft7, Kind: Applicator, TS: Yes, OpenAPI30: Resolved, Compat: CompatDependencies, CompatAlso: Since2019, Holds: HoldsSchemaMapOrStrings},
	{Name: "dependentRequired", Dialects: Since2019, Kind: Assertion, TS: Yes, OpenAPI30: Dropped, Compat: CompatDependencies, Holds: HoldsValue},
	{Name: "dependentSchemas", Dialects: Since2019, Kind: Applicator, TS: Yes, OpenAPI30: Dropped, Compat: CompatDependencies, Holds: HoldsSchemaMap},
	{Name: "allOf", Dialects: All, Kind: Applicator, TS: Yes, OpenAPI30: Yes, Compat: CompatAllOf, Holds: HoldsSchemas},
	{Name: "anyOf", Dialects: All, Kind: Applicator, TS: Yes, OpenAPI30: Yes, Compat: CompatAnyOf, Holds: HoldsSchemas},
	{Name: "oneOf", Dialects: All, Kind: Applicator, TS: Yes, OpenAPI30: Yes, Compat: CompatOneOf, Holds: HoldsSchemas},
	{Name: "not", Dialects: All, Kind: Applicator, TS: Yes, OpenAPI30: Yes, Compat: CompatNot, Holds: HoldsSchema},
	{Name: "if", Dialects: Since7, Kind: Applicator, TS: Yes, OpenAPI30: Dropped, Compat: CompatConditional, Holds: HoldsSchema},
	{Name: "then", Dialects: Since7, Kind: Applicator, TS: Yes, OpenAPI30: Dropped, Compat: CompatConditional, Holds: HoldsSchema},
	{Name: "else", Dialects: Since7, Kind: Applicator, TS: Yes, OpenAPI30: Dropped, Compat: CompatConditional, Holds: HoldsSchema},
	{Name: "unevaluatedItems", Dialects: Since2019, Kind: Applicator, TS: Refused, TSReason: tsLater, OpenAPI30: Dropped, Compat: CompatUnevaluated, Holds: HoldsSchema},
	{Name: "unevaluatedProperties", Dialects: Since2019, Kind: Applicator, TS: Refused, TSReason: tsLater, OpenAPI30: Dropped, Compat: CompatUnevaluated, Holds: HoldsSchema},

	{Name: "title", Dialects: All, Kind: Annotation, TS: Resolved, OpenAPI30: Yes, Compat: CompatAnnotation, Holds: HoldsValue},
	{Name: "description", Dialects: All, Kind: Annotation, TS: Resolved, OpenAPI30: Yes, Compat: CompatAnnotation, Holds: HoldsValue},
	{Name: "default", Dialects: All, Kind: Annotation, TS: Resolved, OpenAPI30: Yes, Compat: CompatAnnotation, Holds: HoldsValue},
	{Name: "format", Dialects: All, Kind: Annotation, TS: Resolved, OpenAPI30: Yes, Compat: CompatFormat, Holds: HoldsValue},
	{Name: "examples", Dialects: Since6, Kind: Annotation, TS: Resolved, OpenAPI30: Rewritten, Compat: CompatAnnotation, Holds: HoldsValue},
	{Name: "readOnly", Dialects: Since7, Kind: Annotation, TS: Resolved, OpenAPI30: Yes, Compat: CompatAnnotation, Holds: HoldsValue},
	{Name: "writeOnly", Dialects: Since7, Kind: Annotation, TS: Resolved, OpenAPI30: Yes, Compat: CompatAnnotation, Holds: HoldsValue},
	{Name: "deprecated", Dialects: Since2019, Kind: Annotation, TS: Resolved, OpenAPI30: Yes, Compat: CompatAnnotation, Holds: HoldsValue},
	{Name: "contentMediaType", Dialects: Since7, Kind: Annotation, TS: Resolved, OpenAPI30: Resolved, Compat: CompatAnnotation, Holds: HoldsValue},
	{Name: "contentEncoding", Dialects: Since7, Kind: Annotation, TS: Resolved, OpenAPI30: Resolved, Compat: CompatAnnotation, Holds: HoldsValue},
	{Name: "contentSchema", Dialects: Since2019, Kind: Annotation, TS: Resolved, OpenAPI30: Resolved, Compat: CompatAnnotation, Holds: HoldsSchema},
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
