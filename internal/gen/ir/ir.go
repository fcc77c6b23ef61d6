// Package ir holds the generator's intermediate representation: plain structs in which every
// decision is already made (names with collisions resolved, the type that holds each schema's
// values, normalized constraints, enum fallbacks, unions). Emitters read it and decide nothing
// about the schema; the builder (package build) is the only writer. No I/O and no code generation
// here.
//
// The IR speaks JSON names and type shapes, which every target reads. What only Go code needs
// (field and constant names, pointers, custom Go types, struct tags, the names of generated
// functions, how the files join the user's package) is the Go layer: the field named Go of each
// node (GoPackage, GoNamed, GoField, GoType, GoSchema, GoEnum, GoEnumValue, GoUnion, GoVariant).
// Only the Go emitters, the profiles' Go parts and the builder read it; internal/neutral_ir_test.go
// holds the other targets to that.
package ir

import (
	"encoding/json"
	"math/big"
	"reflect"
	"strconv"
)

// Package is everything one generation run produces code for.
type Package struct {
	// Name is the package's name: the Go package's, the TypeScript module's file and the Rust
	// crate's.
	Name string
	// AssertFormats says the validators assert "format" (--formats assert) for the formats the
	// runtime checks; otherwise "format" is an annotation.
	AssertFormats bool
	// Hash is a content hash of the inputs and the options, written into file headers so that a
	// change of input is visible and a new contractgen version alone causes no drift.
	Hash string
	// Sources are the input files, in the order given.
	Sources []Source
	// Roots are the named types of the input files' root schemas, in input order.
	Roots []*Named
	// Types are all named types, sorted by name.
	Types []*Named
	// Go is the Go layer's part of the package.
	Go GoPackage
	// Extensions are what profiles (vocabularies layered on JSON Schema for one kind of contract,
	// internal/gen/profile/...) read from the schemas, in their own typed IR; each profile's
	// emitters find theirs by type.
	Extensions []Extension
}

// GoPackage is what only Go code needs of the package: how its files join the user's code.
type GoPackage struct {
	// Shared says the generated Go files join a package of the user's (go generate's
	// --go-dir .), whose own files carry the package comment; they then carry none, so that go doc
	// shows one.
	Shared bool
	// ImportRuntime says the package imports the runtime module; otherwise (--runtime inline) it
	// carries the copy-in runtime. Emitters spell runtime names through emit.Runtime accordingly.
	ImportRuntime bool
}

// Extension is one profile's typed IR of a package. The core IR and the generic emitters never
// look inside it.
type Extension interface {
	// Profile names the profile that made it.
	Profile() string
}

// Source is one input file.
type Source struct {
	// Path is the file's name without its directory, as generated output mentions it.
	Path string
	// ID is the root "$id", or "".
	ID string
	// SHA256 is the hex digest of the file's bytes.
	SHA256 string
}

// Named is a named type declaration.
type Named struct {
	// Name is the type's name in every target: PascalCase, unique in the package, and free of
	// the names the runtime and the profiles declare.
	Name string
	// Origin is where it was declared: "file#/json/pointer".
	Origin string
	// Schema is the declaration's schema.
	Schema *Schema
	// Kind says how the type is declared.
	Kind NamedKind
	// Fields are the struct fields of a Struct, in schema order.
	Fields []*Field
	// Extra says whether a Struct keeps undeclared members (additionalProperties not false).
	Extra bool
	// Composed marks a Struct whose schema has rules its fields do not carry: "allOf" parts merged
	// into it, conditions and other object-level applicators (if/then/else, dependentRequired,
	// dependentSchemas, not, minProperties, unevaluatedProperties, ...). Its fields come from every
	// part; Validate checks the encoded object against the whole schema as JSON, so each rule keeps
	// its exact meaning.
	Composed bool
	// Enum describes an Enum's values.
	Enum *Enum
	// Underlying is the type an Alias or Enum is defined on.
	Underlying *Type
	// RawTypes are the JSON types a type kept as raw JSON (an AliasType over TypeRaw) admits, in
	// the order null, boolean, integer, number, string, array, object; nil when any JSON value may
	// pass. Its accessors read only these.
	RawTypes []string
	// Union describes a UnionType's variants, or why an AliasType over TypeRaw whose schema is a
	// "oneOf" or "anyOf" stays raw (see union.go); nil otherwise.
	Union *Union
	// Go is the Go layer's part of the declaration.
	Go GoNamed
}

// GoNamed is what only Go code needs of a named type.
type GoNamed struct {
	// New is the name of the Struct's constructor, which sets every required member whose schema is
	// a "const" (GoField.Constant), or "" when the struct has none or another part of the contract
	// already makes its values (the catalog's constructors).
	New string
	// ErrorField is the Go field of the text that Error returns when the type implements error:
	// a root's required string "message", or the member a profile names; "" for other types.
	ErrorField string
	// RawNote says why a type kept as raw JSON is raw and which schema change would give it a Go
	// type; for a raw union, Union.Why says it.
	RawNote string
}

// NamedKind is the form of a named type.
type NamedKind int

// The forms of named types.
const (
	// StructType is an object with declared properties: a Go struct.
	StructType NamedKind = iota
	// EnumType is a string enum: a defined string type with constants.
	EnumType
	// AliasType is any other schema given a name: a defined type over Underlying.
	AliasType
	// UnionType is a sum type: a struct with one pointer field per variant of Union, exactly one
	// of them set (or the Unknown field, for a value no variant selects).
	UnionType
)

// Field is one declared property of a struct.
type Field struct {
	// Name is the JSON member name, exact.
	Name string
	// Origin is the property schema's "file#/pointer".
	Origin string
	// Required reports whether the member must be present.
	Required bool
	// Schema is the property's schema.
	Schema *Schema
	// Type is the type of the member's values, nullability decided (Type.Go adds Go's pointer).
	Type *Type
	// Description is the documentation for the field.
	Description string
	// KeywordPath is the schema path, relative to the struct's schema, of the member's property
	// schema: "/properties/name", or through the part that declares it ("/allOf/0/$ref/properties/name").
	KeywordPath string
	// RequiredPath is the schema path, relative to the struct's schema, of the part whose
	// "required" lists the member: "" for the struct's own, "/allOf/1" for a merged part's.
	RequiredPath string
	// Note says why the member is typed as it is when the schema alone does not show it (a member
	// declared only under a condition, values of mixed types); "" otherwise. Doc comments add it.
	Note string
	// Go is the Go layer's part of the member.
	Go GoField
}

// GoField is what only Go code needs of a member: its struct field.
type GoField struct {
	// Name is the Go field name.
	Name string
	// Constant is the Go expression of a required member's "const" value (a constant of its enum
	// type or a literal), which the struct's New sets; "" for other members.
	Constant string
	// OmitZero marks an optional member held by value whose Go zero value means absent: the schema
	// asked for no pointer (goJSONSchema.pointer false, x-go-type-skip-optional-pointer) and the
	// builder proved that no valid value of the member is that zero value.
	OmitZero bool
	// Tags are the struct tags the member carries beside json, in order, each key once.
	Tags []Tag
}

// Tag is one struct tag of a member: key:"value".
type Tag struct {
	Key, Value string
}

// Enum is the set of values of a string enum type.
type Enum struct {
	Values []EnumValue
	// Fallback is the value consumers act on when they meet an unknown value, or nil.
	Fallback *EnumValue
	// Go is the Go layer's part of the enum.
	Go GoEnum
}

// GoEnum is what only Go code needs of an enum: the names of its function and fallback constant.
type GoEnum struct {
	// ValuesFunc names the function that lists the known values (<Type>Values unless a schema
	// type has that name), and FallbackConst the constant for Fallback (<Type>Fallback).
	ValuesFunc, FallbackConst string
}

// EnumValue is one member of an enum.
type EnumValue struct {
	// Value is the JSON string value.
	Value string
	// Name is what tells the value apart in a name: its words, or more detail where two values
	// would have the same words (EtcGMTPlus0 and EtcGMTMinus0, Hyphen). Targets name the value
	// after it.
	Name string
	// Description documents the value (from x-enum-descriptions).
	Description string
	// Go is the Go layer's part of the value.
	Go GoEnumValue
}

// GoEnumValue is what only Go code needs of an enum value.
type GoEnumValue struct {
	// Name is the name of its Go constant: the type's name and the value's Name, unless another
	// declaration has that name.
	Name string
}

// TypeKind is the category of a type.
type TypeKind int

// The type categories, with the Go type of each.
const (
	// TypeRaw is json.RawMessage: any JSON value, kept exactly.
	TypeRaw TypeKind = iota
	// TypeBool is bool.
	TypeBool
	// TypeInt64 is int64, for integers whose bounds fit.
	TypeInt64
	// TypeNumber is json.Number, for numbers and for integers that may exceed int64; lossless.
	TypeNumber
	// TypeString is string.
	TypeString
	// TypeRef is a named type.
	TypeRef
	// TypeArray is []Elem.
	TypeArray
	// TypeMap is map[string]Elem.
	TypeMap
	// TypeAny is any, decoded with json.Number for numbers (for open-object values).
	TypeAny
	// TypeNull is the generated package's Null type: JSON null, the only value of {"type": "null"}
	// (or of "const": null); it encodes as null and decodes null alone.
	TypeNull
)

// CustomType is a Go type named outside the generated code: by a schema extension (x-go-type with
// x-go-type-import, goJSONSchema.type with goJSONSchema.imports), by the run's mapping of a
// "format" or a "$ref" target, or a runtime type of a typed format.
type CustomType struct {
	// Import is the import path of the type's package; "" for a predeclared type (string, int64)
	// or a type of the generated package itself (Local, or the copy-in runtime's).
	Import string
	// Name is the type's name in its package ("Time" of "time.Time").
	Name string
	// Origin is where the mapping was made: "file#/pointer" of the extension or of the schema
	// whose format or reference the run's mapping took; messages about the type name it.
	Origin string
	// Local marks a type the user declares in the generated package itself, in a file of their
	// own beside the generated ones (go-jsonschema's goJSONSchema.type without a package).
	Local bool
	// Runtime marks a typed format's runtime type: a string type the codec handles as the string
	// it is. Other custom types are decoded and encoded by encoding/json and validated as the JSON
	// they encode to.
	Runtime bool
	// Shape, when not CustomNamed, makes the type an expression over other custom types
	// (goJSONSchema.type "map[string][]*time.Time"): a pointer to, slice or array of Elem, or a
	// map from Key to Elem. Import, Name and Local are then unset: each named part carries its
	// own, so a file imports every package the expression names.
	Shape CustomShape
	// Len is an array's length.
	Len int64
	// Key is a map's key type; Elem is the element of a pointer, slice, array or map.
	Key, Elem *CustomType
}

// CustomShape is the form of a custom type: a named type or an expression over other types.
type CustomShape uint8

const (
	CustomNamed CustomShape = iota
	CustomPointer
	CustomSlice
	CustomArray
	CustomMap
)

// Spell writes the type as Go source, naming each named part through qualify (its import path,
// "" for a predeclared type or a type of the generated package, and its name).
func (c *CustomType) Spell(qualify func(importPath, name string) string) string {
	switch c.Shape {
	case CustomPointer:
		return "*" + c.Elem.Spell(qualify)
	case CustomSlice:
		return "[]" + c.Elem.Spell(qualify)
	case CustomArray:
		return "[" + strconv.FormatInt(c.Len, 10) + "]" + c.Elem.Spell(qualify)
	case CustomMap:
		return "map[" + c.Key.Spell(qualify) + "]" + c.Elem.Spell(qualify)
	}
	return qualify(c.Import, c.Name)
}

// Parts lists the named types of the expression in the order it spells them: the type itself
// when it is named.
func (c *CustomType) Parts() []*CustomType {
	switch c.Shape {
	case CustomNamed:
		return []*CustomType{c}
	case CustomMap:
		return append(c.Key.Parts(), c.Elem.Parts()...)
	}
	return c.Elem.Parts()
}

// Type is the type chosen for the values of a schema: what every target holds them as.
type Type struct {
	Kind TypeKind
	// Named is the target of a Ref.
	Named *Named
	// Elem is the element of an Array or Map.
	Elem *Type
	// Nullable reports that JSON null is allowed besides the base type; the Go type is then
	// Nullable[T] (a required member) or *Nullable[T] (an optional one).
	Nullable bool
	// Go is the Go layer's part of the type.
	Go GoType
}

// GoType is what only Go code needs of a type: how Go holds the values.
type GoType struct {
	// Pointer reports that the Go type is *T, used for optional members whose zero value is a
	// legal JSON value.
	Pointer bool
	// Defined names a string type the generated package declares with constants of its own, used
	// instead of string (TypeString only): the catalog's Kind for the kind member. JSON sees the
	// string; Go code compares with the constants without a conversion.
	Defined string
	// Custom, when set, is the Go type that Go code spells instead of the one Kind describes: a type
	// of the user's or a typed format's runtime type. Kind, Elem and Nullable stay what the schema
	// says, so targets of other languages are unchanged by it.
	Custom *CustomType
}

// HoldsRawJSON reports whether values of the type are kept as JSON text: json.RawMessage, any, or
// a named type defined on json.RawMessage. nil is then an absent member, and null a value like any
// other, which the schema may allow or reject.
func (t *Type) HoldsRawJSON() bool {
	switch t.Kind {
	case TypeRaw, TypeAny:
		return true
	case TypeRef:
		return t.Named != nil && t.Named.Kind == AliasType && t.Named.Underlying != nil && t.Named.Underlying.Kind == TypeRaw
	}
	return false
}

// Schema is one schema node with normalized keywords. Absent keywords are nil or empty.
type Schema struct {
	// Origin is "file#/pointer" of this node.
	Origin string
	// Pointer is the node's JSON pointer inside its file, the keyword location base.
	Pointer string
	// Bool is set for the boolean schemas true and false.
	Bool *bool
	// Ref is the named type a "$ref" points at. Other assertions may stand beside it (2020-12
	// applies both); such a schema is represented as raw JSON.
	Ref *Named
	// Types is the "type" keyword's list (sorted); empty means any type.
	Types []string
	Const *Value
	Enum  []Value

	MinLength, MaxLength *int64
	// Pattern is the ECMA-262 regular expression as written (the runtime translates it).
	Pattern string
	Format  string

	Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum, MultipleOf *Number

	Items              *Schema
	MinItems, MaxItems *int64
	UniqueItems        bool

	// PrefixItems validate the array items at their positions; Items then covers the rest.
	PrefixItems []*Schema
	// Contains must match between MinContains (default 1) and MaxContains items.
	Contains                 *Schema
	MinContains, MaxContains *int64

	Properties           []*Property
	Required             []string
	AdditionalProperties *Schema
	// PatternProperties apply to every member whose name the pattern matches, in schema order.
	PatternProperties []*PatternProperty
	// PropertyNames validates every member name as a string.
	PropertyNames                *Schema
	MinProperties, MaxProperties *int64
	// DependentRequired lists, per member name, the members that must be present beside it.
	DependentRequired []*Dependency
	// DependentSchemas apply to the whole object when the named member is present.
	DependentSchemas []*Property

	// UnevaluatedProperties and UnevaluatedItems apply to the members and items that no other
	// keyword of this schema or of its in-place applicators evaluated (annotation collection).
	UnevaluatedProperties, UnevaluatedItems *Schema
	// ContainsEvaluates reports that items matching Contains count as evaluated for
	// UnevaluatedItems (in every dialect that has both but 2019-09).
	ContainsEvaluates bool

	// DynamicRef is the static target of "$dynamicRef" (2020-12) or "$recursiveRef" (2019-09).
	// When DynamicName is set (the target carries that "$dynamicAnchor"), or Recursive is set
	// (the target carries "$recursiveAnchor": true), the outermost resource of the dynamic scope
	// that declares the same anchor is used instead, at validation time.
	DynamicRef  *Named
	DynamicName string
	Recursive   bool
	// DynamicKeyword is "$dynamicRef" or "$recursiveRef", for keyword locations.
	DynamicKeyword string
	// Scope is the root schema of the resource this schema belongs to, set only when the package
	// resolves dynamic references: evaluation entering it enters that resource's dynamic scope.
	Scope *Schema
	// DynamicAnchors (on a resource root) map the resource's "$dynamicAnchor" names to their
	// schemas; RecursiveAnchor is 2019-09's "$recursiveAnchor": true.
	DynamicAnchors  []*Property
	RecursiveAnchor bool

	// The applicators: each subschema applies to the same instance.
	AllOf, AnyOf, OneOf []*Schema
	Not                 *Schema
	If, Then, Else      *Schema

	Title, Description string
	Default            *Value
	Examples           []Value
	Deprecated         bool
	// Go is the Go layer's part of the node.
	Go GoSchema
	// ValueType is the type chosen for values of this schema.
	ValueType *Type
}

// GoSchema is what only Go code needs of a schema node.
type GoSchema struct {
	// TypeExt is the Go type a schema extension names for this node's values (x-go-type,
	// goJSONSchema.type), as written; nil when none does. The builder decides what Go code does
	// with it (Type.Go.Custom).
	TypeExt *CustomType
}

// Property is a declared member of an object schema.
type Property struct {
	Name   string
	Schema *Schema
}

// PatternProperty is one member of "patternProperties".
type PatternProperty struct {
	// Pattern is the ECMA-262 regular expression, checked to be one contractgen can run.
	Pattern string
	Schema  *Schema
}

// Dependency is one member of "dependentRequired".
type Dependency struct {
	// Name is the member whose presence triggers the requirement.
	Name string
	// Required are the members that must then be present too.
	Required []string
}

// Value is a JSON value from the schema (const, enum, default, examples), kept exactly.
type Value struct {
	// JSON is the compact encoding with object members in source order and numbers as written.
	JSON []byte
	// Decoded is the value as encoding/json decodes it with UseNumber.
	Decoded any
}

// DeclaredHere returns the named type declared where s stands (a member's or an item's inline
// union or object, named after its place), or nil when s declares none there: a schema that
// refers to a named type is not where that type is declared.
func (s *Schema) DeclaredHere() *Named {
	if t := s.ValueType; t != nil && t.Kind == TypeRef && t.Named != nil && t.Named.Schema == s {
		return t.Named
	}
	return nil
}

// NullableBranch reads OpenAPI 3.1's spelling of a nullable value, a "oneOf" or "anyOf" of two
// schemas beside no other keyword, one of them {"type": "null"} alone: it returns the keyword,
// and the index and schema of the other branch, or "" when s is no such union. Whether the other
// branch admits null too (then null matches both) is the caller's question.
func (s *Schema) NullableBranch() (string, int, *Schema) {
	kw, branches := "oneOf", s.OneOf
	if len(s.AnyOf) > 0 {
		kw, branches = "anyOf", s.AnyOf
	}
	rest := *s
	rest.OneOf, rest.AnyOf = nil, nil
	if len(branches) != 2 || rest.HasRules() {
		return "", 0, nil
	}
	nullOnly := func(b *Schema) bool {
		r := *b
		r.Types = nil
		return len(b.Types) == 1 && b.Types[0] == "null" && !r.HasRules()
	}
	for i, b := range branches {
		if other := branches[1-i]; nullOnly(b) && !nullOnly(other) {
			return kw, 1 - i, other
		}
	}
	return "", 0, nil
}

// HasRules reports whether s holds any keyword beyond where it is (Origin, Pointer, Scope), the
// type chosen for it (ValueType, Go) and what it says about itself (title, description, default, examples, deprecated).
// Callers clear the keywords they have accounted for in a copy and ask whether anything is left;
// comparing with the zero Schema keeps the list of keywords in one place, this struct.
func (s Schema) HasRules() bool {
	s.Origin, s.Pointer, s.Scope, s.ValueType = "", "", nil, nil
	s.Title, s.Description, s.Default, s.Examples, s.Deprecated = "", "", nil, nil, false
	s.Go = GoSchema{}
	// How the dialect counts evaluated items matters only beside contains.
	s.ContainsEvaluates = s.ContainsEvaluates && s.Contains != nil
	return !reflect.ValueOf(s).IsZero()
}

// JSONType names the value's JSON type as JSON Schema counts it: "integer" for a number with an
// integral value (1, 1.0, 1e3), else "number", and "null", "boolean", "string", "array" or "object".
func (v Value) JSONType() string {
	switch x := v.Decoded.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if r, ok := new(big.Rat).SetString(string(x)); ok && r.IsInt() {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	}
	return "object"
}

// Number is a numeric bound, exact.
type Number struct {
	// Literal is the number as written in the schema.
	Literal string
	// Rat is its exact value.
	Rat *big.Rat
}
