package compat

import (
	"strings"

	"github.com/contractgen/contractgen/internal/gen/load"
)

// dialects is a set of dialects, one bit per load.Dialect.
type dialects uint8

// in reports whether d is in the set.
func (s dialects) in(d load.Dialect) bool { return s&(1<<uint(d)) != 0 }

// only builds the set of the given dialects; the names are load's.
func only(ds ...load.Dialect) dialects {
	var s dialects
	for _, d := range ds {
		s |= 1 << uint(d)
	}
	return s
}

// Dialect sets the table uses, oldest first.
var (
	allDrafts = only(load.Draft4, load.Draft6, load.Draft7, load.Draft2019, load.Draft2020)
	from6     = only(load.Draft6, load.Draft7, load.Draft2019, load.Draft2020)
	from7     = only(load.Draft7, load.Draft2019, load.Draft2020)
	from2019  = only(load.Draft2019, load.Draft2020)
	upTo7     = only(load.Draft4, load.Draft6, load.Draft7)
	upTo2019  = only(load.Draft4, load.Draft6, load.Draft7, load.Draft2019)
	only2019  = only(load.Draft2019)
	only2020  = only(load.Draft2020)
	only4     = only(load.Draft4)
)

// group names the comparison that models a keyword's effect on which instances are valid.
// Keywords that act together (properties, patternProperties and additionalProperties; the array
// keywords; contains with its bounds; if/then/else) share a group and are compared together.
type group string

// The groups. groupAnnotation keywords constrain no instance; groupIdentifier keywords name
// schemas, which compat follows instead of comparing; every other group is a comparison in the
// semantic engine (see modelled).
const (
	groupAnnotation  group = "annotation"
	groupFormat      group = "format"
	groupIdentifier  group = "identifier"
	groupDialect     group = "dialect"
	groupType        group = "type"
	groupEnum        group = "enum"
	groupNumber      group = "number-bounds"
	groupSize        group = "size-bounds"
	groupMultipleOf  group = "multipleOf"
	groupPattern     group = "pattern"
	groupUnique      group = "uniqueItems"
	groupObject      group = "object"
	groupRequired    group = "required"
	groupDependent   group = "dependencies"
	groupNames       group = "propertyNames"
	groupArray       group = "array"
	groupContains    group = "contains"
	groupAllOf       group = "allOf"
	groupAnyOf       group = "anyOf"
	groupOneOf       group = "oneOf"
	groupNot         group = "not"
	groupConditional group = "if-then-else"
	groupUnevaluated group = "unevaluated"
	groupRef         group = "ref"
	groupDynamicRef  group = "dynamic-ref"
)

// shape says where a keyword holds subschemas, so that structural equality can descend.
type shape uint8

const (
	holdsValue     shape = iota // plain JSON value
	holdsSchema                 // one schema
	holdsArray                  // an array of schemas
	holdsMap                    // an object of schemas
	holdsSchemaOr               // one schema, or an array of schemas (items before 2020-12)
	holdsMapOrList              // an object of schemas or string arrays (dependencies)
)

// keyword is what compat knows about one keyword: the dialects in which it has the meaning
// described, the group that models it and where it holds subschemas.
type keyword struct {
	dialects dialects
	group    group
	shape    shape
}

// keywords is compat's one table of keyword knowledge: every keyword of every dialect from
// draft-04 to 2020-12. A keyword that a schema's dialect does not define is ignored there, as the
// specification says, and so compared as an annotation; a keyword no dialect defines (vendor
// extensions such as x-go-name) is an annotation in every dialect. keywordTableComplete (a test)
// checks the table against the loader's list of each dialect's keywords.
var keywords = map[string]keyword{
	"$schema":          {allDrafts, groupDialect, holdsValue},
	"$vocabulary":      {from2019, groupDialect, holdsValue},
	"id":               {only4, groupIdentifier, holdsValue},
	"$id":              {from6, groupIdentifier, holdsValue},
	"$anchor":          {from2019, groupIdentifier, holdsValue},
	"$dynamicAnchor":   {only2020, groupIdentifier, holdsValue},
	"$recursiveAnchor": {only2019, groupIdentifier, holdsValue},
	"definitions":      {allDrafts, groupIdentifier, holdsMap},
	"$defs":            {from2019, groupIdentifier, holdsMap},
	"$ref":             {allDrafts, groupRef, holdsValue},
	"$dynamicRef":      {only2020, groupDynamicRef, holdsValue},
	"$recursiveRef":    {only2019, groupDynamicRef, holdsValue},

	"title":            {allDrafts, groupAnnotation, holdsValue},
	"description":      {allDrafts, groupAnnotation, holdsValue},
	"default":          {allDrafts, groupAnnotation, holdsValue},
	"examples":         {from6, groupAnnotation, holdsValue},
	"$comment":         {from7, groupAnnotation, holdsValue},
	"readOnly":         {from7, groupAnnotation, holdsValue},
	"writeOnly":        {from7, groupAnnotation, holdsValue},
	"deprecated":       {from2019, groupAnnotation, holdsValue},
	"contentMediaType": {from7, groupAnnotation, holdsValue},
	"contentEncoding":  {from7, groupAnnotation, holdsValue},
	"contentSchema":    {from2019, groupAnnotation, holdsValue},
	// format is an annotation from 2019-09 on; up to draft-07 validators may assert it, and the
	// reference validator does, so there it is compared like pattern (see formatAsserts).
	"format": {allDrafts, groupFormat, holdsValue},

	"type":             {allDrafts, groupType, holdsValue},
	"enum":             {allDrafts, groupEnum, holdsValue},
	"const":            {from6, groupEnum, holdsValue},
	"minimum":          {allDrafts, groupNumber, holdsValue},
	"maximum":          {allDrafts, groupNumber, holdsValue},
	"exclusiveMinimum": {allDrafts, groupNumber, holdsValue}, // a boolean in draft-04
	"exclusiveMaximum": {allDrafts, groupNumber, holdsValue},
	"multipleOf":       {allDrafts, groupMultipleOf, holdsValue},
	"minLength":        {allDrafts, groupSize, holdsValue},
	"maxLength":        {allDrafts, groupSize, holdsValue},
	"minItems":         {allDrafts, groupSize, holdsValue},
	"maxItems":         {allDrafts, groupSize, holdsValue},
	"minProperties":    {allDrafts, groupSize, holdsValue},
	"maxProperties":    {allDrafts, groupSize, holdsValue},
	"pattern":          {allDrafts, groupPattern, holdsValue},
	"uniqueItems":      {allDrafts, groupUnique, holdsValue},
	"required":         {allDrafts, groupRequired, holdsValue},

	"properties":           {allDrafts, groupObject, holdsMap},
	"patternProperties":    {allDrafts, groupObject, holdsMap},
	"additionalProperties": {allDrafts, groupObject, holdsSchema},
	"propertyNames":        {from6, groupNames, holdsSchema},
	// dependencies left the specification in 2019-09, but its metaschemas still describe it
	// and validators (the reference one too) still apply it, so it counts in every dialect.
	"dependencies":      {allDrafts, groupDependent, holdsMapOrList},
	"dependentRequired": {from2019, groupDependent, holdsValue},
	"dependentSchemas":  {from2019, groupDependent, holdsMap},

	"items":           {allDrafts, groupArray, holdsSchemaOr}, // an array form up to 2019-09
	"additionalItems": {upTo2019, groupArray, holdsSchema},
	"prefixItems":     {only2020, groupArray, holdsArray},
	"contains":        {from6, groupContains, holdsSchema},
	"minContains":     {from2019, groupContains, holdsValue},
	"maxContains":     {from2019, groupContains, holdsValue},

	"allOf": {allDrafts, groupAllOf, holdsArray},
	"anyOf": {allDrafts, groupAnyOf, holdsArray},
	"oneOf": {allDrafts, groupOneOf, holdsArray},
	"not":   {allDrafts, groupNot, holdsSchema},
	"if":    {from7, groupConditional, holdsSchema},
	"then":  {from7, groupConditional, holdsSchema},
	"else":  {from7, groupConditional, holdsSchema},

	"unevaluatedItems":      {from2019, groupUnevaluated, holdsSchema},
	"unevaluatedProperties": {from2019, groupUnevaluated, holdsSchema},
}

// modelled lists the groups the semantic engine compares. A keyword whose group is missing here
// makes Compare fail with its name instead of passing as an annotation.
var modelled = map[group]bool{
	groupAnnotation: true, groupFormat: true, groupIdentifier: true, groupDialect: true, groupType: true,
	groupEnum: true, groupNumber: true, groupSize: true, groupMultipleOf: true, groupPattern: true,
	groupUnique: true, groupObject: true, groupRequired: true, groupDependent: true,
	groupNames: true, groupArray: true, groupContains: true, groupAllOf: true, groupAnyOf: true,
	groupOneOf: true, groupNot: true, groupConditional: true, groupUnevaluated: true,
	groupRef: true, groupDynamicRef: true,
}

// meaning returns what keyword k means in dialect d; ok is false when d does not define it, in
// which case the keyword is an annotation there.
func meaning(k string, d load.Dialect) (keyword, bool) {
	kw, ok := keywords[k]
	if !ok || !kw.dialects.in(d) {
		return keyword{}, false
	}
	return kw, true
}

// constrains reports whether keyword k can change which instances are valid in dialect d.
func constrains(k string, d load.Dialect) bool {
	kw, ok := meaning(k, d)
	if kw.group == groupFormat {
		return ok && formatAsserts(d)
	}
	return ok && kw.group != groupAnnotation && kw.group != groupIdentifier && kw.group != groupDialect
}

// formatAsserts reports whether format is compared as an assertion in dialect d: up to
// draft-07, where validators may assert it.
func formatAsserts(d load.Dialect) bool {
	return d == load.Draft4 || d == load.Draft6 || d == load.Draft7
}

// dialectOf reads a "$schema" value; ok is false for one that names no dialect.
func dialectOf(uri string) (load.Dialect, bool) {
	u := strings.TrimSuffix(uri, "#")
	u = strings.TrimPrefix(strings.TrimPrefix(u, "http://"), "https://")
	for _, d := range load.Dialects {
		if strings.TrimPrefix(strings.TrimPrefix(d.URI(), "http://"), "https://") == u {
			return d, true
		}
	}
	return 0, false
}
