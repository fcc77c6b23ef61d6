package build

import (
	"encoding/json"
	"math/big"
	"slices"
	"strconv"

	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/naming"
)

// Other tools' extensions that decide a member's Go shape or tags, read on property schemas. They
// are not contractgen's vocabulary: a document that uses them is not held to it strictly.
const (
	skipOptionalPointer = "x-go-type-skip-optional-pointer" // oapi-codegen
	oapiExtraTags       = "x-oapi-codegen-extra-tags"       // oapi-codegen
)

// foreignExtensions are the x- keywords of other generators that the builder honours.
var foreignExtensions = map[string]bool{skipOptionalPointer: true, oapiExtraTags: true}

// memberShape applies the property schema's pointer and tag extensions to a member whose type and
// required-ness are decided: it returns whether the member is held by value with its zero value
// meaning absent, and the member's extra struct tags (the schema's, then the run's --tags).
//
// A member is held by value only where that keeps decoding exact: an optional member whose Go zero
// value is a valid value of it could not be told apart from an absent one, so asking for no
// pointer there is an error naming the schema pointer.
func (b *builder) memberShape(doc *load.Document, ptr, name string, required bool, typ *ir.Type, s *ir.Schema) (bool, []ir.Tag) {
	node := doc.Tree.Resolve(ptr)
	tags := b.memberTags(doc, ptr, node)
	for _, key := range b.opts.Tags {
		if !slices.ContainsFunc(tags, func(t ir.Tag) bool { return t.Key == key }) && naming.TaggableName(name) {
			v := name
			if !required {
				v += ",omitempty"
			} else if v == "-" {
				v = "-," // "-" alone means "skip this field" to encoding/json and yaml alike
			}
			tags = append(tags, ir.Tag{Key: key, Value: v})
		}
	}
	kw, want, ok := pointerWish(doc, ptr, node, b)
	if !ok {
		return false, tags
	}
	at := ptr + "/" + kw
	switch {
	case want && required:
		b.diags.Add(doc.Path, at, "%s asks for a pointer, but %q is required and so held by value (a nil pointer would be a member the schema requires); remove it, or make the member optional", kwName(kw, want), name)
	case want, required, !typ.Go.Pointer:
		// Already the shape asked for: an optional member is held by pointer unless its type has a
		// nil of its own (slice, map, raw JSON), and a required one by value.
	case typ.Nullable:
		b.diags.Add(doc.Path, at, "%s asks to hold the optional member %q by value, but it may be null: its zero value would be a present non-null value, so absent, null and that value could not be told apart; remove %s", kwName(kw, want), name, kwName(kw, want))
	case !zeroExcluded(s, typ, 0):
		b.diags.Add(doc.Path, at, "%s asks to hold the optional member %q by value, but its Go zero value (%s) is a valid value of it, so an absent member and a present %s could not be told apart; remove %s, or make the schema exclude that value (minLength, minimum, enum)", kwName(kw, want), name, zeroText(typ), zeroText(typ), kwName(kw, want))
	default:
		typ.Go.Pointer = false
		return true, tags
	}
	return false, tags
}

// kwName spells an extension for messages: goJSONSchema/pointer as goJSONSchema.pointer.
func kwName(kw string, want bool) string {
	if kw == goJSONSchema+"/pointer" {
		return "goJSONSchema.pointer " + strconv.FormatBool(want)
	}
	return kw
}

// pointerWish reads goJSONSchema.pointer and x-go-type-skip-optional-pointer: the keyword (relative
// to the property schema), whether it asks for a pointer, and whether either is set.
func pointerWish(doc *load.Document, ptr string, node *jsontree.Node, b *builder) (string, bool, bool) {
	if x := node.Get(goJSONSchema).Get("pointer"); x != nil {
		if x.Kind != jsontree.Bool {
			b.diags.Add(doc.Path, ptr+"/"+goJSONSchema+"/pointer", "goJSONSchema.pointer must be true or false")
			return "", false, false
		}
		return goJSONSchema + "/pointer", x.Bool, true
	}
	if x := node.Get(skipOptionalPointer); x != nil {
		if x.Kind != jsontree.Bool {
			b.diags.Add(doc.Path, ptr+"/"+skipOptionalPointer, "%s must be true or false", skipOptionalPointer)
			return "", false, false
		}
		if x.Bool {
			return skipOptionalPointer, false, true
		}
	}
	return "", false, false
}

// memberTags reads goJSONSchema.extraTags and x-oapi-codegen-extra-tags (objects of tag key to
// value), in that order and each in member order; a key set twice is an error.
func (b *builder) memberTags(doc *load.Document, ptr string, node *jsontree.Node) []ir.Tag {
	var tags []ir.Tag
	read := func(at string, v *jsontree.Node, what string) {
		if v == nil {
			return
		}
		if v.Kind != jsontree.Object {
			b.diags.Add(doc.Path, at, "%s must be an object of tag names to string values", what)
			return
		}
		for _, m := range v.Members {
			mAt := at + "/" + jsonpointer.Escape(m.Name)
			switch {
			case !ValidTagKey(m.Name):
				b.diags.Add(doc.Path, mAt, "%q is not a struct tag key (letters, digits, _ - . only); rename it", m.Name)
			case m.Name == "json":
				b.diags.Add(doc.Path, mAt, "the json tag is the generator's: it names the member as the schema does; remove it")
			case m.Value.Kind != jsontree.String:
				b.diags.Add(doc.Path, mAt, "a struct tag value must be a string; write it in quotes")
			case slices.ContainsFunc(tags, func(t ir.Tag) bool { return t.Key == m.Name }):
				b.diags.Add(doc.Path, mAt, "the %s tag is set twice on this member; keep one", m.Name)
			default:
				tags = append(tags, ir.Tag{Key: m.Name, Value: m.Value.Text})
			}
		}
	}
	read(ptr+"/"+goJSONSchema+"/extraTags", node.Get(goJSONSchema).Get("extraTags"), "goJSONSchema.extraTags")
	read(ptr+"/"+oapiExtraTags, node.Get(oapiExtraTags), oapiExtraTags)
	return tags
}

// ValidTagKey reports whether key may name a struct tag: go vet's structtag check and
// reflect.StructTag accept any run of characters other than space, quote, colon and controls; this
// is the common subset every tag reader spells.
func ValidTagKey(key string) bool {
	if key == "" {
		return false
	}
	for _, c := range key {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// zeroText spells the Go zero value of a member's type for messages.
func zeroText(t *ir.Type) string {
	switch t.Kind {
	case ir.TypeBool:
		return "false"
	case ir.TypeInt64:
		return "0"
	case ir.TypeString:
		return `""`
	case ir.TypeRef:
		if t.Named != nil && t.Named.Kind == ir.EnumType {
			return `""`
		}
	}
	if t.Named != nil {
		return "the zero " + t.Named.Name
	}
	return "its zero value"
}

// zeroExcluded reports whether no value the schema admits decodes to the Go zero value of t, so
// that zero can stand for an absent member. json.Number's zero is "", which no number decodes to;
// the other kinds need the schema to rule their zero out.
func zeroExcluded(s *ir.Schema, t *ir.Type, depth int) bool {
	if t.Kind == ir.TypeNumber {
		return true
	}
	if s == nil || depth > 8 {
		return false
	}
	if s.Const != nil {
		return !isZeroValue(s.Const.Decoded)
	}
	if len(s.Enum) > 0 && t.Kind != ir.TypeRef && !slices.ContainsFunc(s.Enum, func(v ir.Value) bool { return isZeroValue(v.Decoded) }) {
		return true
	}
	switch t.Kind {
	case ir.TypeString:
		return t.Go.Defined == "" && s.MinLength != nil && *s.MinLength > 0
	case ir.TypeInt64:
		zero := new(big.Rat)
		above := func(n *ir.Number, strict bool) bool {
			return n != nil && n.Rat != nil && (n.Rat.Cmp(zero) > 0 || strict && n.Rat.Cmp(zero) == 0)
		}
		below := func(n *ir.Number, strict bool) bool {
			return n != nil && n.Rat != nil && (n.Rat.Cmp(zero) < 0 || strict && n.Rat.Cmp(zero) == 0)
		}
		return above(s.Minimum, false) || above(s.ExclusiveMinimum, true) || below(s.Maximum, false) || below(s.ExclusiveMaximum, true)
	case ir.TypeRef:
		n := t.Named
		if s.Ref != nil && s.Ref.Schema != nil && len(s.Types) == 0 {
			s = s.Ref.Schema
		}
		switch {
		case n == nil:
			return false
		case n.Kind == ir.EnumType:
			// The enum's own values, and no fallback: with one, "" decodes as an unknown value.
			return n.Enum != nil && n.Enum.Fallback == nil && len(s.Enum) > 0 &&
				!slices.ContainsFunc(s.Enum, func(v ir.Value) bool { return isZeroValue(v.Decoded) })
		case n.Kind == ir.AliasType && n.Underlying != nil && n.Underlying.Kind != ir.TypeRef:
			return zeroExcluded(s, n.Underlying, depth+1)
		case n.Kind == ir.StructType:
			// The zero struct has every required member at its zero value: when one of them
			// rules its zero out, no valid object decodes to the zero struct.
			for _, f := range n.Fields {
				if f.Required && !f.Type.Nullable && !f.Type.HoldsRawJSON() && zeroExcluded(f.Schema, f.Type, depth+1) {
					return true
				}
			}
		}
	}
	return false
}

// isZeroValue reports whether a JSON value decodes to a Go zero value: "", false or a zero number.
func isZeroValue(v any) bool {
	switch x := v.(type) {
	case string:
		return x == ""
	case bool:
		return !x
	case json.Number:
		r, ok := new(big.Rat).SetString(string(x))
		return ok && r.Sign() == 0
	}
	return false
}
