package ir

// Union is how the builder types a schema whose values are told apart by "oneOf" or "anyOf": a sum
// type (Named.Kind UnionType) with one Go field per variant, or a raw-backed type (AliasType over
// TypeRaw) whose Rule says why no sum type was possible or that its variants are all scalars.
//
// The builder proves the rule (see Rule's constants); emitters print it and decide nothing. Typing
// never changes what validation accepts: the validation table keeps the whole union, and a value
// that matches no variant is kept as JSON (the sum type's Unknown field) and reported by
// validation exactly as an untyped union's value would be.
type Union struct {
	// Keyword is "oneOf" or "anyOf": the applicator whose branches are the variants; or "type" for a
	// "type" that lists several scalar types (UnionScalar, one variant per type, Schema the whole).
	Keyword string
	// Rule says how a value's variant is found.
	Rule UnionRule
	// Discriminator is the member whose value selects the variant (UnionDiscriminator), else nil.
	Discriminator *Discriminator
	// Variants are the branches in schema order.
	Variants []*Variant
	// Exclusive reports a proof that what selects one variant (its discriminator value, its
	// members, its JSON type) fails every other variant. Every sum type has it: the builder keeps a
	// union without it raw. Decoding then reads the selected variant alone and a rejected variant
	// fails the whole union; validation checks the held variant alone.
	Exclusive bool
	// Why is the doc comment's explanation for a raw-backed union (UnionRaw): what keeps the variants
	// from being told apart. Empty otherwise.
	Why string
	// Go is the Go layer's part of the union.
	Go GoUnion
}

// GoUnion is what only Go code needs of a union: the names of the sum type's own members.
type GoUnion struct {
	// Unknown is the Go name of the sum type's field that keeps, as JSON, a value no variant
	// selects ("Unknown" unless a variant took that name).
	Unknown string
	// Switch is the name of the sum type's exhaustive switch method: it takes one function per
	// variant, in variant order.
	Switch string
}

// Discriminated reports whether a member's value selects the variant (Discriminator is then set).
func (u *Union) Discriminated() bool { return u.Rule == UnionDiscriminator && u.Discriminator != nil }

// UnionRule is how the variants of a union are told apart.
type UnionRule int

// The rules, tried in this order; the first that the schema satisfies is used.
const (
	// UnionRaw: nothing tells the variants apart (or a variant is not a type Go can hold as a
	// field); the type stays json.RawMessage with the typed accessors, and Union.Why says why.
	UnionRaw UnionRule = iota
	// UnionScalar: every variant is a scalar (string, integer, number, boolean, null); the type
	// stays json.RawMessage with typed accessors (AsString, AsInt64, ...), which need no rule.
	// Variants' JSONTypes list what each admits.
	UnionScalar
	// UnionDiscriminator: every variant is an object that requires the discriminator member and
	// restricts it to string values (a const, or an enum) disjoint from every other variant's; the
	// schema may name the member with OpenAPI's "discriminator" keyword, whose mapping adds values.
	// Decoding reads that member first and decodes the matching variant only.
	UnionDiscriminator
	// UnionRequired: every variant is an object that requires members (Variant.Members) that no
	// other variant declares or requires, and forbids undeclared members. Decoding picks the one
	// variant whose members are all present; a value with none or several such variants is kept as
	// JSON.
	UnionRequired
	// UnionJSONType: every variant has a "type" and no two variants admit the same JSON type
	// (integer and number overlap). Decoding picks the variant by the value's JSON type.
	UnionJSONType
)

// String names the rule as documentation and test output spell it.
func (r UnionRule) String() string {
	switch r {
	case UnionScalar:
		return "scalar"
	case UnionDiscriminator:
		return "discriminator"
	case UnionRequired:
		return "required members"
	case UnionJSONType:
		return "JSON type"
	}
	return "raw"
}

// Discriminator is the member whose value selects a union's variant.
type Discriminator struct {
	// Name is the JSON member name, exact.
	Name string
	// Explicit reports that the schema names the member with OpenAPI's "discriminator" keyword
	// (propertyName); otherwise the builder inferred it from the variants' const or enum.
	Explicit bool
	// Mapping is OpenAPI's discriminator mapping as written (value to reference), in schema order;
	// empty when inferred or when the schema gives none. Variant.Values already holds its effect.
	Mapping []DiscriminatorMapping
}

// DiscriminatorMapping is one entry of OpenAPI's discriminator "mapping".
type DiscriminatorMapping struct {
	// Value is the discriminator member's value; Ref the reference it maps to, as written.
	Value, Ref string
}

// Variant is one branch of a union.
type Variant struct {
	// Name names the variant in every target (in Go: the sum type's field, IsX and AsX, and the
	// Switch parameter). It comes from the referenced type's name, the discriminator value, the
	// branch's title, or the JSON type, and is unique within the union.
	Name string
	// Index is the branch's position under Union.Keyword; Schema is the branch.
	Index  int
	Schema *Schema
	// Type is the type of the variant's values: a TypeRef to a struct (an object variant, declared
	// at the branch when it is inline) or a scalar or array type (UnionJSONType); Go's sum type
	// holds a pointer to it. For a scalar union it is the type of the branch's values (its
	// referenced type, or the scalar of its one JSON type; TypeRaw otherwise); nil for UnionRaw.
	Type *Type
	// Values are the discriminator values that select this variant (UnionDiscriminator), in schema
	// order: a const's one, an enum's, or the OpenAPI mapping's.
	Values []string
	// Members are the required members only this variant declares (UnionRequired), in schema order.
	Members []string
	// JSONTypes are the JSON types the variant admits (UnionJSONType and UnionScalar), sorted, as
	// "type" spells them; "integer" stands beside "number" only when the variant admits both.
	JSONTypes []string
	// Go is the Go layer's part of the variant.
	Go GoVariant
}

// GoVariant is what only Go code needs of a variant.
type GoVariant struct {
	// Constructor is the name of the package-level function that makes the sum type hold this
	// variant (New<Union><Name>); empty for a raw-backed union.
	Constructor string
}
