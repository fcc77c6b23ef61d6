package errorcontract

import (
	"fmt"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/load"
	"github.com/contractgen/contractgen/internal/gen/profile"
)

// Name names the profile in ir.Extension.
const Name = "agent-error contract"

// Contract is the profile's IR of a package: the kind catalog, the surface settings and what the
// constructors and surface adapters are generated from. Every part is nil when the schema does not
// use the vocabulary.
type Contract struct {
	// Catalog is the kind catalog (x-catalog), or nil when the schema has none.
	Catalog *Catalog
	// Surfaces holds the per-surface settings (x-surfaces), or nil.
	Surfaces *Surfaces
	// Constructors is what the constructors and the surface adapters are generated from; nil
	// when the schema has no catalog.
	Constructors *Constructors
	// root is the named type of the document that carries the vocabulary.
	root *ir.Named
}

// Profile implements ir.Extension.
func (*Contract) Profile() string { return Name }

// Of returns the profile's IR of pkg: an empty Contract when the schema does not use the
// vocabulary, so that callers read its parts without a nil check of their own.
func Of(pkg *ir.Package) *Contract {
	for _, e := range pkg.Extensions {
		if c, ok := e.(*Contract); ok {
			return c
		}
	}
	return &Contract{}
}

// Profile is the agent-error contract's profile, as build calls it.
type Profile struct{}

// Keywords implements profile.Profile.
func (Profile) Keywords() []string { return []string{CatalogKeyword, SurfacesKeyword} }

// Reserved implements profile.Profile: the names the constructors and surface adapters declare.
// Each kind adds Kind<Name> and New<Name> (Declares).
func (Profile) Reserved() []string {
	return []string{
		"Kind", "KindInfo", "Kinds", "LookupKind", "Info", "New", "Option", "CheckCatalog",
		"HTTPStatus", "WriteHTTP", "ReadHTTP", "HTTPBodyLimit", "JSONRPCError", "JSONRPCCode", "ToJSONRPC",
		"FromJSONRPC", "MCPMetaKey", "MCPUpstreamTextLimit", "MCPToolResult", "ToMCPToolResult",
		"WrapMCPToolResult", "FromMCPToolResult", "CLIExitCode", "WriteCLI", "ReadCLI"}
}

// Read implements profile.Profile: it reads x-catalog and x-surfaces, checking their values
// against the contract's enums.
func (Profile) Read(doc *load.Document, root *ir.Named, pkg *ir.Package) (profile.Extension, diag.List) {
	m := MembersOf(doc.Tree)
	enums := Enums{Origin: enumAt(root, m.Origin), Action: enumAt(root, m.Recovery, m.Action),
		SameArguments: enumAt(root, m.Recovery, m.SameArguments), SideEffects: enumAt(root, m.SideEffects)}
	cat, surfaces, diags := Parse(doc.Path, doc.Bytes, doc.Tree, enums)
	if cat == nil && surfaces == nil {
		return nil, diags
	}
	return &Contract{Catalog: cat, Surfaces: surfaces, root: root}, diags
}

// enumAt returns the values of the string enum at the member path below root, or nil when there
// is none.
func enumAt(root *ir.Named, path ...string) []string {
	n := root
	for _, name := range path {
		if n == nil || n.Kind != ir.StructType {
			return nil
		}
		var next *ir.Named
		for _, f := range n.Fields {
			if f.Name == name && f.Type.Kind == ir.TypeRef {
				next = f.Type.Named
			}
		}
		n = next
	}
	if n == nil || n.Kind != ir.EnumType || n.Enum == nil {
		return nil
	}
	out := make([]string, 0, len(n.Enum.Values))
	for _, v := range n.Enum.Values {
		out = append(out, v.Value)
	}
	return out
}

// Declares implements profile.Extension: each kind's constant and constructor.
func (c *Contract) Declares() []profile.Declaration {
	if c.Catalog == nil {
		return nil
	}
	var out []profile.Declaration
	for _, k := range c.Catalog.Kinds {
		file, ptr, _ := strings.Cut(k.Pointer, "#")
		for _, name := range []string{"Kind" + k.GoName, "New" + k.GoName} {
			out = append(out, profile.Declaration{Name: name, By: fmt.Sprintf("kind %q", k.Name), File: file, Pointer: ptr})
		}
	}
	return out
}

// Root is the type of the document that carries the catalog: the error type the constructors
// build, or nil.
func (c *Contract) Root() *ir.Named { return c.root }

// Owns implements profile.Extension: the error type's constructors are the kinds' (goconstruct).
func (c *Contract) Owns(n *ir.Named) bool { return c.Catalog != nil && n == c.root }

// Complete implements profile.Extension: it checks that the contract has the shape the
// constructors need and records what they are generated from.
func (c *Contract) Complete(pkg *ir.Package) diag.List {
	if c.Catalog == nil {
		return nil
	}
	a := &analyzer{pkg: pkg, contract: c, cat: c.Catalog, surf: c.Surfaces}
	m := a.model()
	if len(a.diags) == 0 {
		c.Constructors = m
	}
	return a.diags
}
