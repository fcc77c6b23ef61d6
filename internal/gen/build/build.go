// Package build turns loaded schema documents into the IR: it reads each schema's keywords as its
// dialect defines them (draft-04 to 2020-12, normalized to one IR), resolves references through
// the loader's URI index, chooses Go names and Go representations, normalizes constraints, reads
// the kind catalog, and rejects every keyword no dialect defines with the keyword's pointer, so
// nothing the author meant is silently ignored.
package build

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"math"
	"math/big"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/naming"
	"github.com/contractgen/contractgen/internal/gen/profile"
)

// Options are the choices the user makes about the generated code.
type Options struct {
	// Package is the generated package's name (ir.Package.Name): the Go package's, and the TypeScript
	// file's and Rust crate's. It may be "" only with TableOnly.
	Package string
	// TableOnly says nothing is printed from the IR, only its validation table run (validate), so
	// it needs no package name.
	TableOnly bool
	// RootType overrides the name of the root type; only with a single input schema.
	RootType string
	// SharedPackage says the Go files join a package of the user's (ir.GoPackage.Shared).
	SharedPackage bool
	// ImportRuntime says the package imports the runtime module (ir.GoPackage.ImportRuntime).
	ImportRuntime bool
	// Strict makes a keyword that no dialect defines an error; without it such a keyword is an
	// annotation, and one that looks like a misspelt keyword of the schema's dialect a warning.
	Strict bool
	// Warnings, when not nil, receives the problems that do not stop generation.
	Warnings *diag.List
	// AssertFormats says "format" is an assertion (ir.Package.AssertFormats).
	AssertFormats bool
	// Profiles are the vocabularies layered on JSON Schema that the package may use (the
	// agent-error contract's is internal/gen/profile/errorcontract); none when nil.
	Profiles []profile.Profile
	// GoTypes maps formats and $ref targets to Go types of the user's.
	GoTypes GoTypeMap
	// TypedFormats gives string values of the typed formats (cgruntime.FormatTypes) the runtime's
	// string types, which keep the text exactly and parse it on demand.
	TypedFormats bool
	// Tags are struct tag keys (yaml, db) every member gets beside json, naming it as json does.
	Tags []string
}

// ReservedNames are package-level names that emitters declare in every generated package; a schema
// type with one of these names would collide with them. Profiles add their own (Profile.Reserved).
var ReservedNames = []string{"Nullable", "Null", "Parse", "ValidationError", "Violation", "ContractHash",
	// The sanitizer.
	"SanitizeText", "SanitizeTextLimit", "SanitizeEvidence", "SanitizeDefaultLimit", "RedactedMarker", "TruncatedMarker"}

// reservedFields are names a struct field cannot take because generated methods or the member bag use them.
var reservedFields = []string{"Extra", "Validate", "MarshalJSON", "UnmarshalJSON", "Error", "String", "Unwrap", "Is"}

// Build produces the IR for the loaded documents.
func Build(set *load.Set, opts Options) (*ir.Package, error) {
	b := &builder{set: set, opts: opts, nodes: map[string]*ir.Schema{}, named: map[string]*ir.Named{}, names: map[string]string{},
		reserved: map[string]string{}, reservedAt: map[string]string{}, admits: map[*ir.Schema][]string{}, strict: map[*load.Document]bool{}, docOf: map[*ir.Schema]*load.Document{}}
	for _, t := range opts.Tags {
		if !ValidTagKey(t) || t == "json" {
			b.diags.Add("", "", "--tags %q is not a struct tag key other than json (letters, digits, _ - . only); choose another", t)
		}
	}
	switch {
	case opts.Package == "" && opts.TableOnly:
	case !naming.IsValidPackageName(opts.Package):
		b.diags.Add("", "", "package name %q is not a valid Go package name (an identifier that is not a keyword); choose another --package", opts.Package)
	case opts.Package == "main":
		// A main package cannot be imported, and the generated package declares no main function.
		b.diags.Add("", "", "package name \"main\" makes a program, not a library the contract's users can import; choose another --package")
	}
	if len(b.diags) > 0 {
		return nil, b.diags.Err()
	}
	if opts.RootType != "" && len(set.Roots) > 1 {
		b.diags.Add("", "", "--root-type names one type but %d schemas were given", len(set.Roots))
	}
	for _, name := range ReservedNames {
		b.names[name] = "a name contractgen declares itself"
	}
	for _, p := range opts.Profiles {
		for _, name := range p.Reserved() {
			b.names[name] = "a name contractgen declares itself"
		}
	}
	if opts.TypedFormats && !opts.ImportRuntime {
		// The copy-in runtime declares the typed formats' types in the package itself.
		for _, name := range cgruntime.FormatTypes {
			b.names[name] = "a name contractgen declares itself"
		}
	}
	b.usedRefs = map[string]bool{}
	pkg := &ir.Package{Name: opts.Package, Go: ir.GoPackage{Shared: opts.SharedPackage, ImportRuntime: opts.ImportRuntime}, AssertFormats: opts.AssertFormats}
	for _, doc := range set.Roots {
		b.reserveDefs(doc)
	}
	for _, doc := range set.Roots {
		pkg.Roots = append(pkg.Roots, b.root(doc))
	}
	b.unions()
	b.rawTypes()
	b.scopes()
	b.checkCycles()
	b.finish(pkg)
	b.checkRefMap()
	for _, n := range pkg.Types {
		b.constructor(n)
	}
	if b.diags.Err() == nil {
		// Profiles read the finished IR; a schema with other problems is reported without them.
		for _, e := range b.extensions {
			b.diags = append(b.diags, e.Complete(pkg)...)
		}
	}
	if err := b.diags.Err(); err != nil {
		return nil, err
	}
	return pkg, nil
}

type builder struct {
	set   *load.Set
	opts  Options
	diags diag.List
	// declaring is the schema of the named type being shaped: its own Go type extension names the
	// Go type of its users, not its declaration.
	declaring *ir.Schema
	// usedRefs are the keys of GoTypes.Refs some reference took.
	usedRefs map[string]bool
	// nodes memoizes built schema nodes by "abs#pointer", so a node reached twice is built once.
	nodes map[string]*ir.Schema
	// named maps "abs#pointer" to the named type declared there.
	named map[string]*ir.Named
	// names maps a package-level Go name (a type, an enum constant, a constructor) to the
	// declaration that claimed it, to report and resolve collisions.
	names map[string]string
	// reserved maps the names of the root documents' $defs entries to their keys ("abs#pointer"),
	// claimed before anything is declared: a definition keeps the name its author gave it, and a
	// name derived for an inline schema that would take it is qualified instead. reservedAt maps
	// such a key to the definition's "file#pointer".
	reserved, reservedAt map[string]string
	all                  []*ir.Named
	// resolving guards against $ref chains that never reach a schema.
	resolving map[string]bool
	// order lists the schema nodes in the order they were built, for deterministic passes.
	order []nodeKey
	// strict caches usesVocabulary per document.
	strict map[*load.Document]bool
	// extensions are the profiles' IR of the package, completed once the core IR is.
	extensions []profile.Extension
	// docOf maps each built schema node to its document, for the struct fields that parts in other
	// documents declare.
	docOf map[*ir.Schema]*load.Document
	// dynamic is set once a dynamic reference is read: the nodes then need their scopes.
	dynamic bool
	// pending are the unions whose form unions() decides once every schema is built (union.go).
	pending []pendingUnion
	// admits memoizes the JSON types each schema admits (raw.go).
	admits map[*ir.Schema][]string
}

// nodeKey locates a built schema node.
type nodeKey struct {
	doc *load.Document
	ptr string
}

func (b *builder) root(doc *load.Document) *ir.Named {
	name := b.opts.RootType
	if name == "" {
		name = b.nameFor(doc, "")
	}
	if name == "" {
		b.diags.Add(doc.Path, "", "cannot derive a Go name for the root type from its title or file name; use --root-type")
		name = "Root"
	}
	if b.opts.RootType != "" && !naming.IsExported(name) {
		b.diags.Add(doc.Path, "", "--root-type %q is not an exported Go identifier", name)
	}
	n := b.declare(doc, "", name)
	if n.Kind == ir.StructType {
		for _, f := range n.Fields {
			if f.Name == "message" && f.Required && f.Type.Kind == ir.TypeString && !f.Type.Nullable {
				n.Go.ErrorField = f.Go.Name
			}
		}
	}
	// Every $defs (or definitions) entry is generated, referenced or not: a definition is a public
	// name of the contract.
	for _, kw := range []string{"$defs", "definitions"} {
		defs := doc.Tree.Get(kw)
		if defs == nil || defs.Kind != jsontree.Object || (doc.Tree.Has("$ref") && doc.Dialect.RefOverrides()) {
			continue
		}
		for _, m := range defs.Members {
			ptr := "/" + kw + "/" + jsonpointer.Escape(m.Name)
			b.declare(doc, ptr, b.nameFor(doc, ptr))
		}
	}
	return n
}

// reserveDefs reserves the names of a root document's $defs (or definitions) entries, in their
// order; an entry whose name an earlier one took is named when it is declared.
func (b *builder) reserveDefs(doc *load.Document) {
	root := b.opts.RootType
	if x := doc.Tree.Get("x-go-name"); root == "" && x != nil && x.Kind == jsontree.String && naming.IsExported(x.Text) {
		root = x.Text
	}
	if root == "" {
		root = b.nameFor(doc, "")
	}
	if _, ok := b.reserved[root]; !ok && root != "" && !taken(b.names, root) {
		// The root comes first: it is what the package is about.
		b.reserved[root] = doc.Abs + "#"
		b.reservedAt[doc.Abs+"#"] = doc.Path + "#"
	}
	if doc.Tree.Has("$ref") && doc.Dialect.RefOverrides() {
		return
	}
	for _, kw := range []string{"$defs", "definitions"} {
		defs := doc.Tree.Get(kw)
		if defs == nil || defs.Kind != jsontree.Object {
			continue
		}
		for _, m := range defs.Members {
			ptr := "/" + kw + "/" + jsonpointer.Escape(m.Name)
			name := b.nameFor(doc, ptr)
			if x := m.Value.Get("x-go-name"); x != nil && x.Kind == jsontree.String && naming.IsExported(x.Text) {
				name = x.Text
			}
			if _, ok := b.reserved[name]; !ok && name != "" && !taken(b.names, name) {
				b.reserved[name] = doc.Abs + "#" + ptr
				b.reservedAt[doc.Abs+"#"+ptr] = doc.Path + "#" + ptr
			}
		}
	}
}

// nameKeywords are the keywords whose members are named by the schema's author: the token after
// one of them in a pointer is a name, where other tokens are keywords or array indexes.
var nameKeywords = map[string]bool{"$defs": true, "definitions": true, "properties": true, "dependentSchemas": true, "dependencies": true}

// qualify finds a free name for the type at ptr whose derived name is taken: the names on its
// pointer, innermost first, are put in front of it one by one (an ignore list's dependency-name
// beside an allow list's becomes IgnoreDependencyName), then the document's file name. The
// result depends on the pointer and on what else is declared, never on a count, so it stays
// put when unrelated parts of the schema change. It returns "" when nothing sets the name apart.
func (b *builder) qualify(doc *load.Document, ptr, name, key string) string {
	var tokens []string
	if ptr != "" {
		tokens = strings.Split(ptr[1:], "/")
	}
	cand := name
	for i := len(tokens) - 1; i >= 1; i-- {
		if !nameKeywords[tokens[i-1]] {
			continue
		}
		// A name already in the candidate (the one it came from, a parent it was built from) sets
		// nothing apart.
		w := naming.GoName(jsonpointer.Unescape(tokens[i]))
		if w == "" || strings.HasPrefix(cand, w) || strings.HasSuffix(cand, w) {
			continue
		}
		cand = w + cand
		if b.free(cand, key) {
			return cand
		}
	}
	// The keyword the schema sits under: a definition beside a root of the same name is its Def.
	if len(tokens) > 0 {
		kw := tokens[len(tokens)-1] // "items", "additionalProperties"
		if _, err := strconv.Atoi(kw); (err == nil || nameKeywords[tokens[max(len(tokens)-2, 0)]]) && len(tokens) > 1 {
			kw = tokens[len(tokens)-2] // "oneOf/0"; "$defs/name", "properties/name"
		}
		if w := keywordWords[kw]; w != "" && !strings.HasSuffix(name, w) && b.free(name+w, key) {
			return name + w
		}
	}
	if w := fileStem(doc.Path); w != "" && !strings.HasPrefix(cand, w) {
		if cand = w + cand; b.free(cand, key) {
			return cand
		}
	}
	return ""
}

// keywordWords name what a schema is by the keyword it sits under, when no name on its path
// sets a derived type name apart.
var keywordWords = map[string]string{"$defs": "Def", "definitions": "Def", "items": "Item",
	"additionalProperties": "Value", "patternProperties": "Value", "properties": "Member", "oneOf": "Variant",
	"anyOf": "Variant", "allOf": "Part", "prefixItems": "Item"}

// scopes gives every schema node its resource's root when the package resolves dynamic
// references, and each resource root its dynamic anchors: the validator keeps the dynamic scope
// from them.
func (b *builder) scopes() {
	if !b.dynamic {
		return
	}
	for i := 0; i < len(b.order); i++ { // building a resource root may add nodes
		k := b.order[i]
		s := b.nodes[k.doc.Abs+"#"+k.ptr]
		res := b.set.ResourceAt(k.doc, k.ptr)
		root := b.schemaAt(res.Doc, res.Pointer)
		s.Scope = root
		if root.DynamicAnchors != nil || root.RecursiveAnchor || s != root {
			continue
		}
		root.RecursiveAnchor = res.RecursiveAnchor
		names := make([]string, 0, len(res.DynamicAnchors))
		for name := range res.DynamicAnchors {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			root.DynamicAnchors = append(root.DynamicAnchors, &ir.Property{Name: name, Schema: b.schemaAt(res.Doc, res.DynamicAnchors[name])})
		}
	}
}

// declare makes the named type for the schema at ptr, or returns the one already declared there.
func (b *builder) declare(doc *load.Document, ptr, goName string) *ir.Named {
	return b.declareKey(doc, ptr, goName, doc.Abs+"#"+ptr, b.shape)
}

// declareKey is declare with the key the named type is remembered by and the function that
// shapes it: nullableStruct declares the object part of a nullable object under a key of its own.
func (b *builder) declareKey(doc *load.Document, ptr, goName, key string, shape func(*load.Document, string, *ir.Named)) *ir.Named {
	if n, ok := b.named[key]; ok {
		return n
	}
	origin := doc.Path + "#" + ptr
	node := doc.Tree.Resolve(ptr)
	if x := node.Get("x-go-name"); x != nil && x.Kind == jsontree.String {
		if !naming.IsExported(x.Text) {
			b.diags.Add(doc.Path, ptr+"/x-go-name", "%q is not an exported Go identifier", x.Text)
		} else {
			goName = x.Text
		}
	}
	if !b.free(goName, key) {
		prev := b.owner(goName)
		chosen := node.Get("x-go-name") != nil || (ptr == "" && b.opts.RootType != "")
		qualified := ""
		if !chosen && !b.usesVocabulary(doc) {
			qualified = b.qualify(doc, ptr, goName, key)
		}
		switch {
		case chosen || b.usesVocabulary(doc):
			// A name the user chose, or one in a contract (which names its types on purpose).
			b.diags.Add(doc.Path, ptr, "Go type name %s is already taken by %s; set x-go-name to choose another", goName, prev)
		case qualified == "":
			b.diags.Add(doc.Path, ptr, "Go type name %s is already taken by %s, and no name on this schema's path sets it apart; set x-go-name on one of them", goName, prev)
		default:
			goName = qualified
		}
		if !b.free(goName, key) { // reported above: any free name keeps the build going
			base := goName
			for i := 2; !b.free(goName, key); i++ {
				goName = base + strconv.Itoa(i)
			}
		}
	}
	b.names[goName] = origin
	n := &ir.Named{Name: goName, Origin: origin}
	b.named[key] = n
	b.all = append(b.all, n)
	n.Schema = b.schemaAt(doc, ptr)
	shape(doc, ptr, n)
	return n
}

// shape decides how a named type is declared in Go.
func (b *builder) shape(doc *load.Document, ptr string, n *ir.Named) {
	s := n.Schema
	switch {
	case b.set.Dynamic:
		// Dynamic references resolve through the resources entered on the way from the root:
		// the interpreter keeps that scope when it validates the whole document as JSON.
		n.Kind = ir.AliasType
		n.Underlying = &ir.Type{Kind: ir.TypeRaw}
	case b.pendUnion(doc, ptr, n):
	case isStruct(s):
		n.Kind = ir.StructType
		// Members that patternProperties admit beside additionalProperties: false go to Extra too.
		n.Extra = s.AdditionalProperties == nil || s.AdditionalProperties.Bool == nil || *s.AdditionalProperties.Bool ||
			len(s.PatternProperties) > 0
		n.Composed = isComposed(s)
		b.fields(doc, ptr, n)
	case isStringEnum(s):
		n.Kind = ir.EnumType
		n.Underlying = &ir.Type{Kind: ir.TypeString}
		n.Enum = b.enum(doc, ptr, n.Name, s)
	default:
		n.Kind = ir.AliasType
		prev := b.declaring
		b.declaring = s
		n.Underlying = b.goType(doc, ptr, s, n.Name)
		b.declaring = prev
	}
}

// isStruct reports whether a schema is an object with declared members: those become Go structs,
// merged from the parts that make up the object (allof.go). A schema that does not say "object"
// (itself or through a part) also accepts non-objects, so it cannot be a struct.
func isStruct(s *ir.Schema) bool {
	return isMergedStruct(s)
}

// IsComposite reports whether a schema uses a keyword that a plain Go type cannot carry: a boolean
// schema, "$ref" beside assertions, an applicator, or an object or array keyword beyond properties,
// items and additionalProperties, unless it is an object a struct holds (isStruct). Values of such
// a schema are kept as raw JSON (json.RawMessage) and validated as JSON, so that every keyword keeps
// its exact meaning.
func IsComposite(s *ir.Schema) bool {
	return !isStruct(s) && !isMap(s) && (s.Bool != nil || (s.Ref != nil && hasAssertions(s)) || hasApplicators(s) ||
		((s.Const != nil || s.Enum != nil) && !isScalar(s)))
}

// isScalar reports whether a schema's values are of one scalar type, null aside: only then can
// const and enum be checked on a Go value; other constants are compared as JSON.
// A const or enum without "type" is typed by its values (typesOf); null alone is a scalar too.
func isScalar(s *ir.Schema) bool {
	all := typesOf(s)
	types := slices.DeleteFunc(slices.Clone(all), func(t string) bool { return t == "null" })
	if len(all) == 1 && len(types) == 0 {
		return true
	}
	return len(types) == 1 && types[0] != "object" && types[0] != "array"
}

// hasApplicators reports whether a schema uses a keyword beyond what Go structs, slices, maps and
// scalars carry.
func hasApplicators(s *ir.Schema) bool {
	return len(s.AllOf)+len(s.AnyOf)+len(s.OneOf)+len(s.PrefixItems)+len(s.PatternProperties)+
		len(s.DependentRequired)+len(s.DependentSchemas) > 0 ||
		s.Not != nil || s.If != nil || s.Then != nil || s.Else != nil || s.Contains != nil ||
		s.PropertyNames != nil || s.MinProperties != nil || s.MaxProperties != nil ||
		s.MinContains != nil || s.MaxContains != nil ||
		s.UnevaluatedProperties != nil || s.UnevaluatedItems != nil || s.DynamicRef != nil
}

// hasAssertions reports whether a schema has any keyword besides "$ref" that can reject a value.
func hasAssertions(s *ir.Schema) bool {
	return len(s.Types) > 0 || s.Const != nil || len(s.Enum) > 0 || s.MinLength != nil || s.MaxLength != nil ||
		s.Pattern != "" || s.Minimum != nil || s.Maximum != nil || s.ExclusiveMinimum != nil ||
		s.ExclusiveMaximum != nil || s.MultipleOf != nil || s.Items != nil || s.MinItems != nil ||
		s.MaxItems != nil || s.UniqueItems || len(s.Properties) > 0 || len(s.Required) > 0 ||
		s.AdditionalProperties != nil || hasApplicators(s)
}

func isStringEnum(s *ir.Schema) bool {
	if isTypelessStringConst(s) {
		return true
	}
	if len(s.Enum) == 0 || IsComposite(s) || !(len(s.Types) == 0 || slices.Equal(s.Types, []string{"string"})) {
		return false
	}
	for _, v := range s.Enum {
		if _, ok := v.Decoded.(string); !ok {
			return false
		}
	}
	return true
}

func (b *builder) fields(doc *load.Document, ptr string, n *ir.Named) {
	seen := map[string]string{}
	ms, required := members(n.Schema)
	for _, m := range ms {
		d, conflict, ok := decl{}, [2]decl{}, true
		if len(m.decls) > 0 {
			d, conflict, ok = chooseDecl(m)
		} else {
			d = m.conds[0]
		}
		if !ok {
			file, ptr, _ := strings.Cut(conflict[1].schema.Origin, "#")
			b.diags.Add(file, ptr,
				"member %q must be %s here but %s at %s; no value is both, so no Go type can hold the member: make the allOf parts agree, or drop the member from one of them",
				m.name, maskNames(typeMask(conflict[1].schema, 0)), maskNames(typeMask(conflict[0].schema, 0)), conflict[0].schema.Origin)
			continue
		}
		pdoc, propPtr := b.docOf[d.schema], d.schema.Pointer
		if pdoc == nil { // a schema not read from a document (none today): name it in the struct's
			pdoc = doc
		}
		goName := naming.GoName(m.name)
		nameKw, nameNode := goNameOf(pdoc.Tree.Resolve(propPtr))
		if nameNode != nil {
			goName = nameNode.Text
			// Blamed on the naming keyword: an empty name is the mistake, not the property name.
			if !naming.IsExported(goName) {
				b.diags.Add(pdoc.Path, propPtr+"/"+nameKw, "%q is not an exported Go identifier", goName)
				continue
			}
		}
		if !b.usesVocabulary(doc) && nameNode == nil {
			// Outside a contract, a property whose name gives no usable field name gets one.
			goName = freeFieldName(goName, m.name, seen)
		}
		switch {
		case goName == "":
			b.diags.Add(pdoc.Path, propPtr, "property name %q gives no Go identifier; set x-go-name", m.name)
			continue
		case slices.Contains(reservedFields, goName):
			b.diags.Add(pdoc.Path, propPtr, "property %q would become Go field %s, which generated code uses; set x-go-name", m.name, goName)
			continue
		case taken(seen, goName):
			b.diags.Add(pdoc.Path, propPtr, "properties %q and %q both become Go field %s; set x-go-name on one", seen[goName], m.name, goName)
			continue
		}
		seen[goName] = m.name
		requiredPath, isRequired := required[m.name]
		var typ ir.Type
		note := ""
		if len(m.decls) == 0 {
			var typed bool
			if typ, typed = branchType(m); typed {
				note = "Only then and else declare it, both with this type."
			} else {
				// Declared only under a condition: when the condition does not hold, the member may
				// be any JSON value, so only raw JSON holds every value the schema admits.
				typ = ir.Type{Kind: ir.TypeRaw}
				note = "It is declared only under a condition (" + conditionOf(m.conds[0].kwPath) + "), so its type depends on the condition and the value is kept as JSON."
			}
		} else {
			typ = *b.goType(pdoc, propPtr, d.schema, n.Name+goName)
			note = mixedNote(d.schema)
			if note == "" && typ.Kind == ir.TypeRaw && d.schema.Ref == nil {
				note = rawObjectNote(d.schema)
			}
		}
		if !isRequired && !typ.Nullable && !typ.HoldsRawJSON() && typ.Kind != ir.TypeArray && typ.Kind != ir.TypeMap {
			typ.Go.Pointer = true
		}
		if !isRequired && typ.Nullable {
			typ.Go.Pointer = true
		}
		if !isRequired && typ.Go.Custom != nil {
			// A type of the user's has no zero value that means absent.
			typ.Go.Pointer = true
		}
		desc := ""
		for _, x := range slices.Concat(m.decls, m.conds) {
			if desc = x.schema.Description; desc == "" && x.schema.Ref != nil && x.schema.Ref.Schema != nil {
				// A referenced type still being declared (a reference cycle) has no schema yet.
				desc = x.schema.Ref.Schema.Description
			}
			if desc != "" {
				break
			}
		}
		for _, x := range m.conds {
			if len(m.decls) == 0 && x.schema.Description != desc {
				desc = "" // the branches describe it differently: neither text holds in every case
			}
		}
		f := &ir.Field{Name: m.name, Go: ir.GoField{Name: goName}, Origin: d.schema.Origin, Required: isRequired, Schema: d.schema,
			Type: &typ, Description: desc, KeywordPath: d.kwPath, RequiredPath: requiredPath, Note: note}
		f.Go.OmitZero, f.Go.Tags = b.memberShape(pdoc, propPtr, m.name, isRequired, &typ, d.schema)
		if isRequired && len(m.decls) > 0 {
			f.Go.Constant = constantOf(d.schema, &typ)
		}
		n.Fields = append(n.Fields, f)
	}
}

// conditionOf names the keyword a conditional member's declaration sits under, for its doc comment.
func conditionOf(kwPath string) string {
	parts := strings.Split(kwPath, "/")
	for i := len(parts) - 1; i >= 0; i-- {
		switch parts[i] {
		case "then", "else", "dependentSchemas", "oneOf", "anyOf":
			return parts[i]
		}
	}
	return "a condition"
}

// goNameOf returns the Go name a property's schema chooses for its field, and the keyword it is
// in: x-go-name, or go-jsonschema's goJSONSchema.identifier (so that a schema written for
// go-jsonschema names its fields the same way here).
func goNameOf(node *jsontree.Node) (string, *jsontree.Node) {
	if x := node.Get("x-go-name"); x != nil && x.Kind == jsontree.String {
		return "x-go-name", x
	}
	if x := node.Get(goJSONSchema).Get("identifier"); x != nil && x.Kind == jsontree.String {
		return goJSONSchema + "/identifier", x
	}
	return "", nil
}

// freeFieldName turns a derived field name that is empty, reserved or taken into a free one:
// "Field" for the empty member name, its punctuation spelled out for a name of punctuation alone
// ("$$$" gives DollarDollarDollar), V and the name for one that starts with a digit ("123abc"
// gives V123abc, as enum constants do), a trailing underscore for a reserved one.
func freeFieldName(name, member string, seen map[string]string) string {
	switch {
	case member == "":
		name = "Field"
	case name == "":
		// "$$$" is DollarDollarDollar; "123abc" starts with a digit, so V123abc.
		if name = naming.GoName(spellPunct(member)); name == "" {
			name = naming.GoName("v_" + member)
		}
	}
	if name == "" {
		name = "Field"
	}
	if slices.Contains(reservedFields, name) {
		name += "_"
	}
	if !taken(seen, name) {
		return name
	}
	// Two members that spell one Go name differ in their punctuation ("a-b" and "a_b") or case:
	// the first keeps the name and the later one spells its punctuation out (ADashB), so the
	// choice depends on the two names alone, not on a count; failing that, the collision is
	// reported with x-go-name as the fix.
	if spelled := naming.GoName(spellPunct(member)); spelled != "" && spelled != name && !taken(seen, spelled) {
		return spelled
	}
	if !taken(seen, name+"Member") { // the names differ in case alone (foo_bar, then fooBar)
		return name + "Member"
	}
	return name
}

// spellPunct writes a member name's punctuation as words: "a-b" becomes "a_dash_b".
func spellPunct(member string) string {
	var words strings.Builder
	for _, r := range member {
		if w, ok := punctWords[r]; ok {
			words.WriteString("_" + w + "_")
		} else {
			words.WriteRune(r)
		}
	}
	return words.String()
}

// punctWords spell the punctuation that sets apart member names giving one Go name.
var punctWords = map[rune]string{'-': "dash", '_': "underscore", '.': "dot", ' ': "space", '/': "slash",
	':': "colon", '$': "dollar", '@': "at", '+': "plus", '#': "hash", '~': "tilde", '*': "star", '%': "percent",
	'!': "bang", '?': "question", '=': "equals", ',': "comma", '&': "and", '|': "or", '<': "lt", '>': "gt"}

// free reports whether name is unclaimed at package level, or reserved by the declaration at key
// itself ("" for declarations other than types).
func (b *builder) free(name, key string) bool {
	if taken(b.names, name) {
		return false
	}
	k, ok := b.reserved[name]
	return !ok || k == key
}

// owner says which declaration claimed or reserved name, or "" when none did.
func (b *builder) owner(name string) string {
	if o, ok := b.names[name]; ok {
		return o
	}
	if k, ok := b.reserved[name]; ok {
		return "the type declared at " + b.reservedAt[k]
	}
	return ""
}

// derivedName claims a name that a type's declaration brings with it (an enum's Values function):
// want when it is free, else alt, else it reports the collision at ptr.
func (b *builder) derivedName(doc *load.Document, ptr, want, alt, what string) string {
	for _, name := range []string{want, alt} {
		if b.free(name, "") {
			b.names[name] = what
			return name
		}
	}
	b.diags.Add(doc.Path, ptr, "%s would be named %s or %s, but both are taken (%s, %s); set x-go-name on one of those types", what, want, alt, b.owner(want), b.owner(alt))
	return want
}

// taken reports whether a name is in a map of names to what claimed them; the claimant may be ""
// (the empty member name), so presence is what counts.
func taken[V any](m map[string]V, name string) bool {
	_, ok := m[name]
	return ok
}

func (b *builder) enum(doc *load.Document, ptr, typeName string, s *ir.Schema) *ir.Enum {
	node := doc.Tree.Resolve(ptr)
	descs := node.Get("x-enum-descriptions")
	e := &ir.Enum{}
	seen := map[string]string{}
	values := enumValues(s)
	strs := make([]string, len(values))
	for i, v := range values {
		strs[i] = v.Decoded.(string)
	}
	stems := enumStems(strs)
	for i, value := range strs {
		stem := stems[i]
		goName := typeName + stem
		if stem == "" {
			b.diags.Add(doc.Path, ptr+"/enum", "enum value %q gives no Go constant name; set x-go-name on the enum", value)
			continue
		}
		if !b.free(goName, "") {
			// Another declaration has the name (enum Standard's "unit" and a type StandardUnit):
			// the constant says what it is, so the type keeps the name its schema gives it.
			goName = typeName + "Value" + stem
		}
		if taken(seen, goName) || !b.free(goName, "") {
			owner := seen[goName]
			if o := b.owner(goName); o != "" {
				owner = o
			}
			b.diags.Add(doc.Path, ptr+"/enum", "enum value %q gives no distinct Go constant name (%s is %s); set x-go-name on the enum or on that type", value, goName, owner)
			continue
		}
		seen[goName] = value
		b.names[goName] = fmt.Sprintf("the constant of %s for %q (%s)", typeName, value, doc.Path+"#"+ptr)
		ev := ir.EnumValue{Value: value, Name: stem, Go: ir.GoEnumValue{Name: goName}}
		if d := descs.Get(value); d != nil {
			ev.Description = d.Text
		}
		e.Values = append(e.Values, ev)
	}
	e.Go.ValuesFunc = b.derivedName(doc, ptr, typeName+"Values", typeName+"KnownValues", "the function listing the values of "+typeName)
	if descs != nil {
		b.checkEnumDescriptions(doc, ptr, s, descs)
	}
	if fb := node.Get("x-fallback"); fb != nil {
		i := slices.IndexFunc(e.Values, func(v ir.EnumValue) bool { return v.Value == fb.Text })
		if fb.Kind != jsontree.String || i < 0 {
			b.diags.Add(doc.Path, ptr+"/x-fallback", "the fallback must be one of the enum's values")
		} else {
			e.Fallback = &e.Values[i]
			e.Go.FallbackConst = b.derivedName(doc, ptr+"/x-fallback", typeName+"Fallback", typeName+"FallbackValue", "the fallback constant of "+typeName)
		}
	}
	return e
}

// enumStems gives each of an enum's values the distinguishing part of its constant's name: its
// words (naming.ValueStem level 0) unless that is empty or another value has the same, in which
// case every value of such a group is spelled in more detail, level by level. A value's name thus
// depends only on the values it would share a name with, not on their order or on other values.
func enumStems(values []string) []string {
	levels := make([]int, len(values))
	stems := make([]string, len(values))
	for changed := true; changed; {
		changed = false
		groups := map[string][]int{}
		for i, v := range values {
			stems[i] = naming.ValueStem(v, levels[i])
			groups[stems[i]] = append(groups[stems[i]], i)
		}
		for stem, group := range groups {
			if len(group) == 1 && stem != "" {
				continue
			}
			top := 0
			for _, i := range group {
				top = max(top, levels[i])
			}
			if top == naming.MaxValueLevel {
				continue // the same text at every level: enum's caller reports it
			}
			for _, i := range group {
				levels[i] = top + 1
			}
			changed = true
		}
	}
	return stems
}

// goType decides the type of a schema used as a value, with its Go layer; suggested names an
// inline struct or enum that needs a declaration of its own.
func (b *builder) goType(doc *load.Document, ptr string, s *ir.Schema, suggested string) *ir.Type {
	if s.ValueType != nil {
		return s.ValueType
	}
	t := b.chooseGoType(doc, ptr, s, suggested)
	if c := b.customGoType(s); c != nil {
		// Go code spells the custom type; the schema's own representation stays for the others.
		t = &ir.Type{Kind: t.Kind, Named: t.Named, Elem: t.Elem, Nullable: t.Nullable, Go: ir.GoType{Defined: t.Go.Defined, Custom: c}}
	}
	s.ValueType = t
	return t
}

func (b *builder) chooseGoType(doc *load.Document, ptr string, s *ir.Schema, suggested string) *ir.Type {
	if s.Ref != nil && !hasAssertions(s) {
		return &ir.Type{Kind: ir.TypeRef, Named: s.Ref}
	}
	if b.set.Dynamic {
		return &ir.Type{Kind: ir.TypeRaw}
	}
	if IsComposite(s) {
		if n := b.nullableStruct(doc, ptr, s, suggested); n != nil {
			return &ir.Type{Kind: ir.TypeRef, Named: n, Nullable: true}
		}
		if t := b.nullableType(doc, s, suggested); t != nil {
			return t
		}
		if t := b.inlineUnion(doc, ptr, s, suggested); t != nil {
			return t
		}
		return &ir.Type{Kind: ir.TypeRaw}
	}
	all := typesOf(s)
	types := slices.DeleteFunc(slices.Clone(all), func(t string) bool { return t == "null" })
	nullable := len(types) < len(all)
	if (isStruct(s) || isStringEnum(s)) && !nullable && ptr != "" {
		return &ir.Type{Kind: ir.TypeRef, Named: b.declare(doc, ptr, suggested)}
	}
	if nullable && len(types) == 0 {
		return &ir.Type{Kind: ir.TypeNull}
	}
	if len(types) != 1 {
		if t := b.inlineUnion(doc, ptr, s, suggested); t != nil {
			return t
		}
		return &ir.Type{Kind: ir.TypeRaw}
	}
	t := &ir.Type{Nullable: nullable}
	switch types[0] {
	case "boolean":
		t.Kind = ir.TypeBool
	case "string":
		t.Kind = ir.TypeString
	case "integer":
		t.Kind = ir.TypeNumber
		if fitsInt64(s) {
			t.Kind = ir.TypeInt64
		}
	case "number":
		t.Kind = ir.TypeNumber
	case "array":
		t.Kind = ir.TypeArray
		t.Elem = &ir.Type{Kind: ir.TypeRaw}
		if s.Items != nil {
			t.Elem = b.goType(doc, s.Items.Pointer, s.Items, suggested+"Item")
		}
	case "object":
		if len(s.Properties) > 0 {
			if n := b.nullableStruct(doc, ptr, s, suggested); n != nil {
				return &ir.Type{Kind: ir.TypeRef, Named: n, Nullable: true}
			}
			// A nullable object the struct merge does not cover: keep the JSON exactly and
			// validate it as such.
			return &ir.Type{Kind: ir.TypeRaw}
		}
		t.Kind = ir.TypeMap
		t.Elem = &ir.Type{Kind: ir.TypeAny}
		if v, ok := mapValueSchema(s); !ok {
			// Values that different patterns (or patterns and additionalProperties) admit.
			t.Elem = &ir.Type{Kind: ir.TypeRaw}
		} else if v != nil && v.Bool == nil {
			t.Elem = b.goType(doc, v.Pointer, v, suggested+"Value")
		}
	}
	if nesting(t) == MaxNesting+1 { // said once, at the level that goes over
		b.diags.Add(doc.Path, ptr, "arrays and maps nested %d deep (\"items\" or \"additionalProperties\" inside one another) go over contractgen's limit of %d: "+
			"the Go compiler rejects such types from 49 levels on; nest them less deeply", MaxNesting+1, MaxNesting)
	}
	return t
}

// MaxNesting is how deeply arrays and maps ("items", "additionalProperties") may nest in one Go
// type. Go's type checker gives up unifying types nested 50 deep ("unification reached recursion
// depth limit"): [][]...string with 49 levels of slices or maps fails to build, 48 builds. The
// limit keeps a margin for the wrappers (pointers, Nullable) generated code adds around a type.
const MaxNesting = 32

// nesting is how many slices and maps a Go type nests directly, without a named type between.
func nesting(t *ir.Type) int {
	n := 0
	for ; t != nil && (t.Kind == ir.TypeArray || t.Kind == ir.TypeMap); t = t.Elem {
		n++
	}
	return n
}

// fitsInt64 reports whether every value an integer schema allows fits in an int64.
func fitsInt64(s *ir.Schema) bool {
	lo, hi := new(big.Rat).SetInt64(math.MinInt64), new(big.Rat).SetInt64(math.MaxInt64)
	inRange := func(n *ir.Number) bool { return n != nil && n.Rat.Cmp(lo) >= 0 && n.Rat.Cmp(hi) <= 0 }
	if s.Const != nil {
		n, ok := numberOf(s.Const)
		return ok && inRange(n)
	}
	if len(s.Enum) > 0 {
		for _, v := range s.Enum {
			if n, ok := numberOf(&v); !ok || !inRange(n) {
				return false
			}
		}
		return true
	}
	low, high := s.Minimum, s.Maximum
	if low == nil {
		low = s.ExclusiveMinimum
	}
	if high == nil {
		high = s.ExclusiveMaximum
	}
	return inRange(low) && inRange(high)
}

func numberOf(v *ir.Value) (*ir.Number, bool) {
	lit, ok := v.Decoded.(interface{ String() string })
	if !ok {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(lit.String())
	if !ok {
		return nil, false
	}
	return &ir.Number{Literal: lit.String(), Rat: r}, true
}

// finish sorts the named types and fills the package-wide parts: hash, sources, catalog.
func (b *builder) finish(pkg *ir.Package) {
	pkg.Types = slices.Clone(b.all)
	sort.Slice(pkg.Types, func(i, j int) bool { return pkg.Types[i].Name < pkg.Types[j].Name })
	h := sha256.New()
	fmt.Fprintf(h, "options %q %q\n", b.opts.Package, b.opts.RootType)
	if b.opts.AssertFormats {
		// Only when set, so that the hashes of annotation-only packages stay as they were.
		fmt.Fprintf(h, "formats assert\n")
	}
	if b.opts.TypedFormats {
		fmt.Fprintf(h, "go formats typed\n")
	}
	for _, m := range []map[string]ir.CustomType{b.opts.GoTypes.Formats, b.opts.GoTypes.Refs} {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if c := m[k]; c.Shape != ir.CustomNamed {
				fmt.Fprintf(h, "go type %q %q\n", k, c.Spell(func(path, name string) string { return path + "." + name }))
				continue
			}
			fmt.Fprintf(h, "go type %q %q %q\n", k, m[k].Import, m[k].Name)
		}
	}
	if len(b.opts.Tags) > 0 {
		fmt.Fprintf(h, "tags %q\n", b.opts.Tags)
	}
	docs := make([]*load.Document, 0, len(b.set.ByAbs))
	for _, d := range b.set.ByAbs {
		docs = append(docs, d)
	}
	// Generated output names a schema by its file name alone: the path as typed depends on the
	// directory contractgen runs in, and check must not report drift for that.
	sort.Slice(docs, func(i, j int) bool {
		bi, bj := path.Base(docs[i].Path), path.Base(docs[j].Path)
		return bi < bj || bi == bj && docs[i].Path < docs[j].Path
	})
	sources := map[*load.Document]ir.Source{}
	for _, d := range docs {
		// The canonical form, not the bytes: reformatting a schema or reordering its members changes
		// nothing that is generated, so it must not change the hash either.
		sum := sha256.Sum256(d.Tree.Canonical())
		name := path.Base(d.Path)
		sources[d] = ir.Source{Path: name, ID: d.RootID(), SHA256: hex.EncodeToString(sum[:])}
		fmt.Fprintf(h, "file %q %x\n", name, sum)
		if d.Dialect != load.Draft2020 {
			// The same bytes mean something else in another dialect (--dialect for a schema
			// without "$schema"); 2020-12 adds nothing, so older hashes stay as they were.
			fmt.Fprintf(h, "dialect %q %s\n", name, d.Dialect)
		}
	}
	// The root schemas come first, in the order given, so that output named after the contract
	// (the docs page, the OpenAPI and TypeScript files) takes the root schema's name, not that of
	// whichever referenced file sorts first; the referenced files follow by name.
	for _, d := range b.set.Roots {
		pkg.Sources = append(pkg.Sources, sources[d])
	}
	for _, d := range docs {
		if !slices.Contains(b.set.Roots, d) {
			pkg.Sources = append(pkg.Sources, sources[d])
		}
	}
	pkg.Hash = hex.EncodeToString(h.Sum(nil))[:16]
	b.readProfiles(pkg)
}

// readProfiles lets each profile read its keywords from the first root schema and claims the
// names its extension declares; later root schemas may not carry a profile's keywords.
func (b *builder) readProfiles(pkg *ir.Package) {
	if len(b.set.Roots) == 0 {
		return
	}
	first := b.set.Roots[0]
	for _, p := range b.opts.Profiles {
		for _, doc := range b.set.Roots[1:] {
			for _, k := range p.Keywords() {
				if doc.Tree.Has(k) {
					b.diags.Add(doc.Path, "/"+k, "only the first schema may carry %s", k)
				}
			}
		}
		e, diags := p.Read(first, pkg.Roots[0], pkg)
		b.diags = append(b.diags, diags...)
		if e == nil {
			continue
		}
		for _, d := range e.Declares() {
			if owner, taken := b.names[d.Name]; taken {
				b.diags.Add(d.File, d.Pointer, "%s would declare %s, which is already %s", d.By, d.Name, owner)
				continue
			}
			b.names[d.Name] = "declared by " + d.By
		}
		b.extensions = append(b.extensions, e)
		pkg.Extensions = append(pkg.Extensions, e)
	}
}

// deref follows $ref links to the schema they end at, or nil when they end nowhere or loop.
func deref(s *ir.Schema) *ir.Schema {
	seen := map[*ir.Schema]bool{}
	for s != nil && s.Ref != nil {
		if seen[s] {
			return nil
		}
		seen[s] = true
		s = s.Ref.Schema
	}
	return s
}

// checkEnumDescriptions holds x-enum-descriptions to its promise: one non-empty text for every
// value of the enum and for nothing else, so docs and constants never silently lack one.
func (b *builder) checkEnumDescriptions(doc *load.Document, ptr string, s *ir.Schema, descs *jsontree.Node) {
	base := ptr + "/x-enum-descriptions"
	if descs.Kind != jsontree.Object {
		b.diags.Add(doc.Path, base, "x-enum-descriptions must be an object that maps each enum value to a text")
		return
	}
	isValue := func(name string) bool {
		return slices.ContainsFunc(s.Enum, func(v ir.Value) bool { str, ok := v.Decoded.(string); return ok && str == name })
	}
	for _, m := range descs.Members {
		switch {
		case !isValue(m.Name):
			b.diags.Add(doc.Path, base+"/"+jsonpointer.Escape(m.Name), "%q is not a value of the enum", m.Name)
		case m.Value.Kind != jsontree.String || strings.TrimSpace(m.Value.Text) == "":
			b.diags.Add(doc.Path, base+"/"+jsonpointer.Escape(m.Name), "the description of %q must be a non-empty string", m.Name)
		}
	}
	for _, v := range s.Enum {
		if str, ok := v.Decoded.(string); ok && !descs.Has(str) {
			b.diags.Add(doc.Path, base, "enum value %q has no description", str)
		}
	}
}
