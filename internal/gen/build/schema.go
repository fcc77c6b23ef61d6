package build

import (
	"errors"
	"math/big"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/ecmaregexp"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/naming"
)

// extensions are the vendor keywords the builder reads on schema nodes; the profiles' keywords
// (Profile.Keywords) are read at a root only (isRootExtension).
var (
	extensions = map[string]bool{"x-enum-descriptions": true, "x-fallback": true, "x-go-name": true,
		"x-go-type": true, "x-go-type-import": true}
	// borrowed are extensions of other generators that contractgen reads (oapi-codegen's): a
	// document that uses them was written for that tool, so they do not make it a contract.
	borrowed = map[string]bool{"x-go-type": true, "x-go-type-import": true}
)

// schemaAt builds (once) the schema node at ptr in doc, reading its keywords as the dialect of
// the resource it belongs to defines them.
func (b *builder) schemaAt(doc *load.Document, ptr string) *ir.Schema {
	key := doc.Abs + "#" + ptr
	if s, ok := b.nodes[key]; ok {
		return s
	}
	s := &ir.Schema{Origin: doc.Path + "#" + ptr, Pointer: ptr}
	b.nodes[key] = s
	b.docOf[s] = doc
	b.order = append(b.order, nodeKey{doc, ptr})
	node := doc.Tree.Resolve(ptr)
	if node == nil {
		b.diags.Add(doc.Path, ptr, "no schema at this pointer")
		return s
	}
	if node.Kind == jsontree.Bool {
		v := node.Bool
		s.Bool = &v
		return s
	}
	d := b.set.ResourceAt(doc, ptr).Dialect
	if node.Kind != jsontree.Object {
		b.diags.Add(doc.Path, ptr, "a schema must be an object or a boolean")
		return s
	}
	b.checkKeywords(doc, ptr, node, d)
	b.readGoTypeExt(doc, ptr, s, node)
	node = dialectView(node, d)
	b.readAnnotations(doc, ptr, s, node)
	if ref := node.Get("$ref"); ref != nil {
		s.Ref = b.resolveRef(doc, ptr+"/$ref", ref.Text)
		if d.RefOverrides() {
			return s // draft-07 and older ignore every keyword beside "$ref"
		}
	}
	b.readDynamicRef(doc, ptr, s, node, d)
	b.readAssertions(doc, ptr, s, node, d)
	b.readApplicators(doc, ptr, s, node, d)
	return s
}

// dialectView returns the schema object with only the members its dialect defines (and the
// vendor extensions): a keyword of another dialect means nothing here, as the specification says.
func dialectView(node *jsontree.Node, d load.Dialect) *jsontree.Node {
	kws := d.Keywords()
	keep := 0
	for _, m := range node.Members {
		if kws[m.Name] || strings.HasPrefix(m.Name, "x-") {
			keep++
		}
	}
	if keep == len(node.Members) {
		return node
	}
	view := *node
	view.Members = make([]jsontree.Member, 0, keep)
	for _, m := range node.Members {
		if kws[m.Name] || strings.HasPrefix(m.Name, "x-") {
			view.Members = append(view.Members, m)
		}
	}
	return &view
}

// isRootExtension reports whether name is a root keyword of one of the build's profiles.
func (b *builder) isRootExtension(name string) bool {
	for _, p := range b.opts.Profiles {
		if slices.Contains(p.Keywords(), name) {
			return true
		}
	}
	return false
}

// rootExtensionsNote lists the profiles' root keywords for a message ("; x-catalog and
// x-surfaces at the root"), or "" when the build has no profile.
func (b *builder) rootExtensionsNote() string {
	var names []string
	for _, p := range b.opts.Profiles {
		names = append(names, p.Keywords()...)
	}
	if len(names) == 0 {
		return ""
	}
	return "; " + naming.AndList(names) + " at the root"
}

// usesVocabulary reports whether a document uses contractgen's extension keywords: such a
// contract is held to that vocabulary strictly (an unknown x- keyword is most likely a misspelt
// one), where other documents' x- keywords belong to other tools and are annotations.
func (b *builder) usesVocabulary(doc *load.Document) bool {
	if v, ok := b.strict[doc]; ok {
		return v
	}
	var walk func(n *jsontree.Node) bool
	walk = func(n *jsontree.Node) bool {
		for _, m := range n.Members {
			if extensions[m.Name] && !borrowed[m.Name] || b.isRootExtension(m.Name) || walk(m.Value) {
				return true
			}
		}
		for _, item := range n.Items {
			if walk(item) {
				return true
			}
		}
		return false
	}
	v := walk(doc.Tree)
	b.strict[doc] = v
	return v
}

func (b *builder) checkKeywords(doc *load.Document, ptr string, node *jsontree.Node, d load.Dialect) {
	kws := d.Keywords()
	for _, m := range node.Members {
		kwPtr := ptr + "/" + jsonpointer.Escape(m.Name)
		switch {
		case strings.HasPrefix(m.Name, "x-"):
			if !extensions[m.Name] && !foreignExtensions[m.Name] && !(ptr == "" && b.isRootExtension(m.Name)) && b.usesVocabulary(doc) {
				b.diags.Add(doc.Path, kwPtr, "unknown extension keyword %q here (known: x-enum-descriptions, x-fallback, x-go-name, x-go-type, x-go-type-import%s)", m.Name, b.rootExtensionsNote())
			}
		case kws[m.Name] || load.AnyDialectKeyword(m.Name):
			// A keyword of this dialect, or of another one (which this dialect ignores).
		case m.Name == goJSONSchema:
			b.checkGoJSONSchema(doc, kwPtr, m.Value)
		case m.Name == discriminatorKeyword:
			b.checkDiscriminator(doc, kwPtr, node, m.Value)
		default:
			b.unknownKeyword(doc, kwPtr, m.Name, d)
		}
	}
	for _, name := range []string{"x-enum-descriptions", "x-fallback"} {
		if node.Has(name) && !node.Has("enum") {
			b.diags.Add(doc.Path, ptr+"/"+name, "%s needs an enum beside it", name)
		}
	}
}

// goJSONSchema is go-jsonschema's extension keyword.
const goJSONSchema = "goJSONSchema"

// goJSONSchemaMembers are the members of go-jsonschema's extension that contractgen honours:
// identifier (the field's Go name), type and imports (a Go type of the user's, read by
// readGoTypeExt), pointer and nillable (its shape), extraTags (struct tags).
var goJSONSchemaMembers = map[string]bool{"identifier": true, "type": true, "imports": true, "pointer": true, "nillable": true, "extraTags": true}

// checkGoJSONSchema accepts the members of go-jsonschema's extension that contractgen honours and
// refuses the others with their pointer.
func (b *builder) checkGoJSONSchema(doc *load.Document, ptr string, v *jsontree.Node) {
	if v.Kind != jsontree.Object {
		b.diags.Add(doc.Path, ptr, "goJSONSchema must be an object")
		return
	}
	for _, m := range v.Members {
		switch {
		case !goJSONSchemaMembers[m.Name]:
			b.diags.Add(doc.Path, ptr+"/"+jsonpointer.Escape(m.Name),
				"goJSONSchema.%s is not supported (contractgen reads identifier, type, imports, pointer, nillable and extraTags); remove it, or generate this schema with go-jsonschema", m.Name)
		case m.Name == "nillable" && m.Value.Kind != jsontree.Bool:
			b.diags.Add(doc.Path, ptr+"/nillable", "goJSONSchema.nillable must be true or false")
		}
	}
}

func (b *builder) readAnnotations(doc *load.Document, ptr string, s *ir.Schema, node *jsontree.Node) {
	if v := node.Get("title"); v != nil {
		s.Title = v.Text
	}
	if v := node.Get("description"); v != nil {
		s.Description = v.Text
	}
	if v := node.Get("default"); v != nil {
		s.Default = valueOf(v)
	}
	if v := node.Get("examples"); v != nil {
		for _, item := range v.Items {
			s.Examples = append(s.Examples, *valueOf(item))
		}
	}
	if v := node.Get("deprecated"); v != nil {
		s.Deprecated = v.Bool
	}
	if v := node.Get("format"); v != nil {
		s.Format = v.Text
		if b.opts.AssertFormats && slices.Contains(unassertableFormats, s.Format) {
			b.diags.Add(doc.Path, ptr+"/format", "format %q cannot be asserted exactly: its IDNA2008 rules need Unicode tables contractgen does not carry; generate without --formats assert, or drop the format", s.Format)
		}
	}
}

// unassertableFormats are the formats the dialects define that the runtime does not check
// (cgruntime.AssertedFormats): under --formats assert a schema with one is refused rather than
// validated more loosely than the format says.
var unassertableFormats = []string{"hostname", "idn-hostname", "idn-email"}

func valueOf(n *jsontree.Node) *ir.Value {
	return &ir.Value{JSON: n.Compact(), Decoded: n.Value()}
}

// warnUnsatisfiable warns about a const that the enum or type beside it rules out: the schema
// then admits no value, and the generated code would faithfully reject every document. Only
// strings, booleans and null are judged, whose equality is that of their decoded values; a number's
// equality depends on its value, not its spelling (1 and 1.0), and is left alone.
func (b *builder) warnUnsatisfiable(doc *load.Document, ptr string, s *ir.Schema) {
	if s.Const == nil || b.opts.Warnings == nil {
		return
	}
	c := s.Const.Decoded
	var kind string
	switch c.(type) {
	case string:
		kind = "string"
	case bool:
		kind = "boolean"
	case nil:
		kind = "null"
	default:
		return
	}
	// c holds a string, a bool or nil, so == never compares two maps or slices.
	if s.Enum != nil && !slices.ContainsFunc(s.Enum, func(e ir.Value) bool { return e.Decoded == c }) {
		b.opts.Warnings.Add(doc.Path, ptr+"/const", "const %s is not one of the enum beside it, so no value can pass this schema", s.Const.JSON)
	}
	if len(s.Types) > 0 && !slices.Contains(s.Types, kind) {
		b.opts.Warnings.Add(doc.Path, ptr+"/const", "const %s is not of the type beside it (%s), so no value can pass this schema", s.Const.JSON, strings.Join(s.Types, " or "))
	}
}

func (b *builder) readAssertions(doc *load.Document, ptr string, s *ir.Schema, node *jsontree.Node, d load.Dialect) {
	if t := node.Get("type"); t != nil {
		if t.Kind == jsontree.String {
			s.Types = []string{t.Text}
		} else {
			for _, item := range t.Items {
				s.Types = append(s.Types, item.Text)
			}
			slices.Sort(s.Types)
		}
	}
	if v := node.Get("const"); v != nil {
		s.Const = valueOf(v)
	}
	if v := node.Get("enum"); v != nil {
		s.Enum = []ir.Value{} // an empty enum is present and admits nothing
		for _, item := range v.Items {
			s.Enum = append(s.Enum, *valueOf(item))
		}
	}
	b.warnUnsatisfiable(doc, ptr, s)
	s.MinLength, s.MaxLength = b.count(doc, ptr, node, "minLength"), b.count(doc, ptr, node, "maxLength")
	s.MinItems, s.MaxItems = b.count(doc, ptr, node, "minItems"), b.count(doc, ptr, node, "maxItems")
	if v := node.Get("uniqueItems"); v != nil {
		s.UniqueItems = v.Bool
	}
	if v := node.Get("pattern"); v != nil {
		s.Pattern = v.Text
		b.checkPattern(doc, ptr+"/pattern", s.Pattern)
	}
	s.Minimum = b.number(doc, ptr, node, "minimum")
	s.Maximum = b.number(doc, ptr, node, "maximum")
	if d == load.Draft4 {
		// Draft-04's exclusiveMinimum and exclusiveMaximum are booleans that make minimum and
		// maximum exclusive.
		if v := node.Get("exclusiveMinimum"); v != nil && v.Bool && s.Minimum != nil {
			s.ExclusiveMinimum, s.Minimum = s.Minimum, nil
		}
		if v := node.Get("exclusiveMaximum"); v != nil && v.Bool && s.Maximum != nil {
			s.ExclusiveMaximum, s.Maximum = s.Maximum, nil
		}
	} else {
		s.ExclusiveMinimum = b.number(doc, ptr, node, "exclusiveMinimum")
		s.ExclusiveMaximum = b.number(doc, ptr, node, "exclusiveMaximum")
	}
	s.MultipleOf = b.number(doc, ptr, node, "multipleOf")
	if items := node.Get("items"); items != nil {
		if items.Kind == jsontree.Array && d.ArrayItems() {
			// Before 2020-12, an array under items is what prefixItems is now, and additionalItems
			// covers the items after it.
			for i := range items.Items {
				s.PrefixItems = append(s.PrefixItems, b.schemaAt(doc, ptr+"/items/"+strconv.Itoa(i)))
			}
			if node.Has("additionalItems") {
				s.Items = b.schemaAt(doc, ptr+"/additionalItems")
			}
		} else {
			s.Items = b.schemaAt(doc, ptr+"/items")
		}
	}
	if props := node.Get("properties"); props != nil {
		for _, m := range props.Members {
			s.Properties = append(s.Properties, &ir.Property{Name: m.Name,
				Schema: b.schemaAt(doc, ptr+"/properties/"+jsonpointer.Escape(m.Name))})
		}
	}
	if req := node.Get("required"); req != nil {
		for _, item := range req.Items {
			if !slices.Contains(s.Required, item.Text) {
				s.Required = append(s.Required, item.Text)
			}
		}
	}
	if node.Has("additionalProperties") {
		s.AdditionalProperties = b.schemaAt(doc, ptr+"/additionalProperties")
	}
}

// readApplicators reads the keywords that apply subschemas to the instance or to its parts beyond
// properties, items and additionalProperties.
func (b *builder) readApplicators(doc *load.Document, ptr string, s *ir.Schema, node *jsontree.Node, d load.Dialect) {
	list := func(kw string) []*ir.Schema {
		var out []*ir.Schema
		if v := node.Get(kw); v != nil {
			for i := range v.Items {
				out = append(out, b.schemaAt(doc, ptr+"/"+kw+"/"+strconv.Itoa(i)))
			}
		}
		return out
	}
	one := func(kw string) *ir.Schema {
		if !node.Has(kw) {
			return nil
		}
		return b.schemaAt(doc, ptr+"/"+kw)
	}
	s.AllOf, s.AnyOf, s.OneOf = list("allOf"), list("anyOf"), list("oneOf")
	if d == load.Draft2020 {
		s.PrefixItems = list("prefixItems")
	}
	s.UnevaluatedProperties, s.UnevaluatedItems = one("unevaluatedProperties"), one("unevaluatedItems")
	s.ContainsEvaluates = d != load.Draft2019 // 2019-09 alone left contains out of unevaluatedItems
	s.Not, s.If, s.Then, s.Else = one("not"), one("if"), one("then"), one("else")
	s.Contains, s.PropertyNames = one("contains"), one("propertyNames")
	s.MinContains, s.MaxContains = b.count(doc, ptr, node, "minContains"), b.count(doc, ptr, node, "maxContains")
	s.MinProperties, s.MaxProperties = b.count(doc, ptr, node, "minProperties"), b.count(doc, ptr, node, "maxProperties")
	if v := node.Get("patternProperties"); v != nil {
		for _, m := range v.Members {
			p := ptr + "/patternProperties/" + jsonpointer.Escape(m.Name)
			b.checkPattern(doc, p, m.Name)
			s.PatternProperties = append(s.PatternProperties, &ir.PatternProperty{Pattern: m.Name, Schema: b.schemaAt(doc, p)})
		}
	}
	if v := node.Get("dependentRequired"); v != nil {
		for _, m := range v.Members {
			dep := &ir.Dependency{Name: m.Name}
			for _, item := range m.Value.Items {
				dep.Required = append(dep.Required, item.Text)
			}
			s.DependentRequired = append(s.DependentRequired, dep)
		}
	}
	if v := node.Get("dependentSchemas"); v != nil {
		for _, m := range v.Members {
			s.DependentSchemas = append(s.DependentSchemas, &ir.Property{Name: m.Name,
				Schema: b.schemaAt(doc, ptr+"/dependentSchemas/"+jsonpointer.Escape(m.Name))})
		}
	}
	if v := node.Get("dependencies"); v != nil {
		// Before 2019-09, one keyword held both: an array of names or a schema per member.
		for _, m := range v.Members {
			if m.Value.Kind == jsontree.Array {
				dep := &ir.Dependency{Name: m.Name}
				for _, item := range m.Value.Items {
					dep.Required = append(dep.Required, item.Text)
				}
				s.DependentRequired = append(s.DependentRequired, dep)
				continue
			}
			s.DependentSchemas = append(s.DependentSchemas, &ir.Property{Name: m.Name,
				Schema: b.schemaAt(doc, ptr+"/dependencies/"+jsonpointer.Escape(m.Name))})
		}
	}
}

// count reads a non-negative integer keyword (minLength, maxItems, ...).
func (b *builder) count(doc *load.Document, ptr string, node *jsontree.Node, kw string) *int64 {
	v := node.Get(kw)
	if v == nil {
		return nil
	}
	n, ok := v.Int64()
	if !ok {
		b.diags.Add(doc.Path, ptr+"/"+kw, "%s %s does not fit in a 64-bit integer", kw, v.Text)
		return nil
	}
	return &n
}

func (b *builder) number(doc *load.Document, ptr string, node *jsontree.Node, kw string) *ir.Number {
	v := node.Get(kw)
	if v == nil {
		return nil
	}
	r, ok := v.Rat()
	if !ok {
		b.diags.Add(doc.Path, ptr+"/"+kw, "%s %s is out of the range contractgen handles exactly", kw, v.Text)
		return nil
	}
	return &ir.Number{Literal: v.Text, Rat: new(big.Rat).Set(r)}
}

// checkPattern refuses only patterns that no engine contractgen carries can run exactly: those
// with an exact RE2 translation run on Go's regexp, the ECMA-262 constructs RE2 lacks (lookaround,
// backreferences) on the ECMAScript engine; what is not ECMA-262 is refused.
func (b *builder) checkPattern(doc *load.Document, ptr, pattern string) {
	_, err := cgruntime.RE2Pattern(pattern)
	if err == nil {
		return
	}
	var only *cgruntime.ECMAOnlyError
	if !errors.As(err, &only) {
		b.diags.Add(doc.Path, ptr, "pattern is not an ECMA-262 regular expression: %v", err)
		return
	}
	if _, err := ecmaregexp.Compile(cgruntime.EngineSpelling(pattern)); err != nil {
		b.diags.Add(doc.Path, ptr, "pattern uses %s, which RE2 lacks, and the ECMAScript engine refuses it: %v", only.Construct, err)
	}
}

// resolveRef finds the named type a $ref points at, declaring one at the target if needed.
func (b *builder) resolveRef(doc *load.Document, refPtr, ref string) *ir.Named {
	loc, _, err := b.set.Resolve(doc, refPtr, ref)
	if err != nil {
		b.diags.Add(doc.Path, refPtr, "%v", err)
		return nil
	}
	return b.refTo(doc, refPtr, ref, loc)
}

// refTo declares (once) the named type at a reference's target.
func (b *builder) refTo(doc *load.Document, refPtr, ref string, loc load.Location) *ir.Named {
	target, ptr := loc.Doc, loc.Pointer
	key := target.Abs + "#" + ptr
	if n, ok := b.named[key]; ok {
		return n
	}
	if b.resolving == nil {
		b.resolving = map[string]bool{}
	}
	if b.resolving[key] {
		b.diags.Add(doc.Path, refPtr, "$ref %q leads back to itself through references alone; Go cannot represent that type", ref)
		return nil
	}
	b.resolving[key] = true
	defer delete(b.resolving, key)
	if target.Tree.Resolve(ptr) == nil {
		b.diags.Add(doc.Path, refPtr, "$ref %q points at nothing", ref)
		return nil
	}
	return b.declare(target, ptr, b.nameFor(target, ptr))
}

// readDynamicRef reads 2020-12's "$dynamicRef" and 2019-09's "$recursiveRef": a reference whose
// target may be replaced, at validation time, by the outermost schema resource of the dynamic
// scope that declares the same dynamic anchor.
func (b *builder) readDynamicRef(doc *load.Document, ptr string, s *ir.Schema, node *jsontree.Node, d load.Dialect) {
	kw := "$dynamicRef"
	if d == load.Draft2019 {
		kw = "$recursiveRef"
	}
	v := node.Get(kw)
	if v == nil {
		return
	}
	refPtr := ptr + "/" + kw
	loc, res, err := b.set.Resolve(doc, refPtr, v.Text)
	if err != nil {
		b.diags.Add(doc.Path, refPtr, "%v", err)
		return
	}
	b.dynamic = true
	s.DynamicRef, s.DynamicKeyword = b.refTo(doc, refPtr, v.Text, loc), kw
	if d == load.Draft2019 {
		s.Recursive = res.RecursiveAnchor && loc.Pointer == res.Pointer
		return
	}
	if _, frag, ok := strings.Cut(v.Text, "#"); ok && frag != "" && !strings.HasPrefix(frag, "/") {
		if p, ok := res.DynamicAnchors[frag]; ok && p == loc.Pointer {
			s.DynamicName = frag
		}
	}
}

// fileStem names a schema after its file: the name without its extension and without "schema"
// (tsconfig.schema.json and tsconfig-schema.json give Tsconfig), or the directory's name for a
// file named schema.json alone (api/v1/schema.json gives V1).
func fileStem(file string) string {
	base := filepath.Base(file)
	for _, ext := range []string{".json", ".yaml", ".yml"} {
		base = strings.TrimSuffix(base, ext)
	}
	lower := strings.ToLower(base)
	for _, suffix := range []string{".schema", "-schema", "_schema", "schema"} {
		if strings.HasSuffix(lower, suffix) {
			base = base[:len(base)-len(suffix)]
			break
		}
	}
	if name := naming.GoName(base); name != "" {
		return name
	}
	if dir := filepath.Base(filepath.Dir(file)); dir != "." && dir != string(filepath.Separator) {
		return naming.GoName(dir)
	}
	return ""
}

// nameFor derives a type name from a pointer: the last $defs or property name, or the root's name.
func (b *builder) nameFor(doc *load.Document, ptr string) string {
	if ptr == "" {
		if n, ok := b.named[doc.Abs+"#"]; ok {
			return n.Name
		}
		if t := doc.Tree.Get("title"); t != nil && t.Kind == jsontree.String {
			if name := naming.GoName(t.Text); name != "" {
				return name
			}
		}
		return fileStem(doc.Path)
	}
	tokens := strings.Split(ptr[1:], "/")
	name := naming.GoName(jsonpointer.Unescape(tokens[len(tokens)-1]))
	if name == "" {
		name = "Schema"
	}
	return name
}
