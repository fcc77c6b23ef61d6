package docs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// page is everything the contract template shows. The template only lays it out; every choice of
// wording that depends on the schema is made here, where it can be unit-tested.
type page struct {
	Title   string
	Purpose string
	Header  string
	Hash    string
	// Names are the contract's member names (the profile's), which the sections on origins,
	// recovery, side effects and compatibility speak of.
	Names    errorcontract.Members
	Sources  []ir.Source
	Required []member
	Optional []member
	// Conditions are the rules that tie members together (if/then/else, dependentRequired, …), in
	// words.
	Conditions []string
	// Union lists the variants when the root is a sum type, or is nil.
	Union *unionPage
	// Origins, Actions, SameArguments and SideEffects are the enums the catalog refers to; nil
	// when the contract lacks the member.
	Origins, Actions, SameArguments, SideEffects *enum
	// Recovery lists the members of the recovery object (Names.Recovery).
	Recovery []member
	// Wait reports that the recovery object has the wait member (Names.RetryAfter), which the
	// kind table's retry-after column and the Retry-After paragraph are about.
	Wait bool
	// RetryAfterKinds and HintRelaxKinds name the kinds a rule applies to.
	RetryAfterKinds, HintRelaxKinds []string
	// HintRelaxFrom are the defaults the safety-hint rule replaces (the same-arguments values of
	// HintRelaxKinds, each once), and Relaxed the value it sets (the profile's).
	HintRelaxFrom []string
	Relaxed       string
	// HasFallbacks reports that one of the enums above has a fallback to list.
	HasFallbacks bool
	Surfaces     *surfaces
	Kinds        []kindRow
	Fallback     *kindRow
}

// member is one documented object member.
type member struct {
	Name, Type, Rule, Description string
}

// enum is an enum with its descriptions and the value consumers fall back to.
type enum struct {
	Title, Description string
	Values             []enumValue
	Fallback           string
}

// enumValue is one value of an enum plus, for origins, the surface codes and catalog facts.
type enumValue struct {
	Value, Description string
	JSONRPCCode        string
	ExitCode           string
	// CatalogSideEffects lists the side-effects values the catalog's kinds of this origin use.
	CatalogSideEffects []string
	KindCount          int
}

// surfaces are the x-surfaces settings in printable form.
type surfaces struct {
	MCPMetaKey, WWWAuthenticate string
}

// kindRow is one line of the kind table.
type kindRow struct {
	Name, Origin, Action, SameArguments, SideEffects string
	HTTPStatus, JSONRPCCode                          int
	RetryAfter, HintRelaxes                          bool
	Guidance, WWWAuthenticate                        string
}

// newPage derives the page from the IR.
func newPage(pkg *ir.Package) (*page, error) {
	if len(pkg.Roots) == 0 {
		return nil, fmt.Errorf("docs: the contract has no root type")
	}
	root := pkg.Roots[0]
	p := &page{
		Title:   root.Schema.Title,
		Purpose: root.Schema.Description,
		Hash:    pkg.Hash,
		Sources: pkg.Sources,
	}
	if p.Title == "" {
		p.Title = root.Name
	}
	for _, f := range root.Fields {
		if f.Required {
			p.Required = append(p.Required, describeMember(f))
		} else {
			p.Optional = append(p.Optional, describeMember(f))
		}
	}
	p.Conditions = conditions(root.Schema)
	p.Union = describeUnion(root)
	ec := errorcontract.Of(pkg)
	m := ec.Names()
	p.Names = m
	p.Origins = enumOf(fieldNamed(root, m.Origin))
	p.SideEffects = enumOf(fieldNamed(root, m.SideEffects))
	if rec := structOf(fieldNamed(root, m.Recovery)); rec != nil {
		p.Actions = enumOf(fieldNamed(rec, m.Action))
		p.SameArguments = enumOf(fieldNamed(rec, m.SameArguments))
		for _, f := range rec.Fields {
			p.Recovery = append(p.Recovery, describeMember(f))
		}
		p.Wait = fieldNamed(rec, m.RetryAfter) != nil
	}
	if s := ec.Surfaces; s != nil {
		p.Surfaces = &surfaces{MCPMetaKey: s.MCPMetaKey, WWWAuthenticate: s.WWWAuthenticate}
	}
	if c := ec.Catalog; c != nil {
		p.Kinds = kindRows(c.Kinds, p.Origins)
		p.Relaxed = c.Values.Relaxed
		fb := rowOf(c.Fallback)
		fb.Name = "*"
		p.Fallback = &fb
		for _, k := range p.Kinds {
			if k.RetryAfter && p.Wait {
				p.RetryAfterKinds = append(p.RetryAfterKinds, k.Name)
			}
			if k.HintRelaxes {
				p.HintRelaxKinds = append(p.HintRelaxKinds, k.Name)
				if !slices.Contains(p.HintRelaxFrom, k.SameArguments) {
					p.HintRelaxFrom = append(p.HintRelaxFrom, k.SameArguments)
				}
			}
		}
	}
	for _, e := range []*enum{p.Origins, p.Actions, p.SameArguments, p.SideEffects} {
		p.HasFallbacks = p.HasFallbacks || (e != nil && e.Fallback != "")
	}
	annotateOrigins(p.Origins, ec)
	return p, nil
}

// fieldNamed returns the field of n with the JSON name, or nil.
func fieldNamed(n *ir.Named, name string) *ir.Field {
	if n == nil {
		return nil
	}
	for _, f := range n.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// target returns the named type a field refers to, or nil.
func target(f *ir.Field) *ir.Named {
	if f == nil || f.Schema == nil {
		return nil
	}
	return f.Schema.Ref
}

func structOf(f *ir.Field) *ir.Named {
	if n := target(f); n != nil && n.Kind == ir.StructType {
		return n
	}
	return nil
}

// enumOf turns the enum a field refers to into its documented form.
func enumOf(f *ir.Field) *enum {
	n := target(f)
	if n == nil || n.Kind != ir.EnumType || n.Enum == nil {
		return nil
	}
	e := &enum{Title: n.Schema.Title, Description: n.Schema.Description}
	if e.Title == "" {
		e.Title = n.Name
	}
	for _, v := range n.Enum.Values {
		e.Values = append(e.Values, enumValue{Value: v.Value, Description: v.Description})
	}
	if n.Enum.Fallback != nil {
		e.Fallback = n.Enum.Fallback.Value
	}
	return e
}

// annotateOrigins adds the surface codes and the catalog's side effects to each origin.
func annotateOrigins(origins *enum, ec *errorcontract.Contract) {
	if origins == nil {
		return
	}
	for i := range origins.Values {
		v := &origins.Values[i]
		if s := ec.Surfaces; s != nil {
			if code, ok := s.JSONRPCCodes[v.Value]; ok {
				v.JSONRPCCode = fmt.Sprint(code)
			}
			if code, ok := s.CLIExitCodes[v.Value]; ok {
				v.ExitCode = fmt.Sprint(code)
			}
		}
		if ec.Catalog == nil {
			continue
		}
		for _, k := range ec.Catalog.Kinds {
			if k.Origin != v.Value {
				continue
			}
			v.KindCount++
			if !slices.Contains(v.CatalogSideEffects, k.SideEffects) {
				v.CatalogSideEffects = append(v.CatalogSideEffects, k.SideEffects)
			}
		}
		slices.Sort(v.CatalogSideEffects)
	}
}

// kindRows orders the catalog by origin, in the origin enum's order, then by name, so that the
// table reads as groups; kinds of an origin outside the enum come last.
func kindRows(kinds []*errorcontract.Kind, origins *enum) []kindRow {
	rank := map[string]int{}
	if origins != nil {
		for i, v := range origins.Values {
			rank[v.Value] = i
		}
	}
	rankOf := func(origin string) int {
		if r, ok := rank[origin]; ok {
			return r
		}
		return len(rank)
	}
	rows := make([]kindRow, 0, len(kinds))
	for _, k := range kinds {
		rows = append(rows, rowOf(k))
	}
	slices.SortStableFunc(rows, func(a, b kindRow) int {
		if d := rankOf(a.Origin) - rankOf(b.Origin); d != 0 {
			return d
		}
		return strings.Compare(a.Name, b.Name)
	})
	return rows
}

func rowOf(k *errorcontract.Kind) kindRow {
	return kindRow{
		Name: k.Name, Origin: k.Origin, Action: k.Action, SameArguments: k.SameArguments,
		SideEffects: k.SideEffects, HTTPStatus: k.HTTPStatus, JSONRPCCode: k.JSONRPCCode,
		RetryAfter: k.RetryAfter, HintRelaxes: k.HintRelaxes, Guidance: k.Guidance,
		WWWAuthenticate: k.WWWAuthenticate,
	}
}
