// Package errorcontract is the agent-error contract's profile (internal/gen/profile): it reads
// and checks the contract's vocabulary — the kind catalog (x-catalog) and the surface settings
// (x-surfaces) at the root of a contract schema — and works out, in IR of its own (Contract),
// what the constructors and surface adapters are generated from.
//
// The vocabulary has a schema of its own (vocabulary.schema.json), so a typo in a row is caught
// with its pointer; its validation table is written at go generate time (vocabulary_table.go). On top of that, Parse checks what a schema cannot say: every catalog value
// must be a member of the contract's own enums, and the lint rules of the contract hold.
package errorcontract

//go:generate go run ../../../tools/gentable -schema vocabulary.schema.json -package errorcontract -var vocabularyNodes -o vocabulary_table.go

import (
	"slices"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/naming"
	"github.com/contractgen/contractgen/internal/gen/schemacheck"
)

// Keyword names of the vocabulary.
const (
	CatalogKeyword  = "x-catalog"
	SurfacesKeyword = "x-surfaces"
)

// Enums are the value sets the catalog's columns must draw from, taken from the contract schema.
// A nil set means the schema does not declare that member, which is itself an error when a
// catalog is present.
type Enums struct {
	Origin, Action, SameArguments, SideEffects []string
}

// Parse reads x-catalog and x-surfaces from a contract's root. It returns nil values when the root
// has neither. file names the document in diagnostics.
func Parse(file string, data []byte, root *jsontree.Node, enums Enums) (*Catalog, *Surfaces, diag.List) {
	if !root.Has(CatalogKeyword) && !root.Has(SurfacesKeyword) {
		return nil, nil, nil
	}
	var diags diag.List
	if !checkVocabulary(file, data, root, &diags) {
		return nil, nil, diags
	}
	p := &parser{file: file, diags: &diags, enums: enums, members: MembersOf(root)}
	surfaces := p.surfaces(root.Get(SurfacesKeyword))
	var cat *Catalog
	if node := root.Get(CatalogKeyword); node != nil {
		cat = p.catalog(node, surfaces)
		lint(file, cat, &diags)
	}
	return cat, surfaces, diags
}

// vocabulary is the schema of x-catalog and x-surfaces, compiled on first use.
var vocabulary = &schemacheck.Schema{Nodes: vocabularyNodes}

// checkVocabulary validates the whole document against the vocabulary schema and records each
// violation with its pointer and position.
func checkVocabulary(file string, data []byte, root *jsontree.Node, diags *diag.List) bool {
	found := schemacheck.Check(vocabulary, file, data, root, "")
	*diags = append(*diags, found...)
	return len(found) == 0
}

type parser struct {
	file    string
	diags   *diag.List
	enums   Enums
	members Members
}

func (p *parser) surfaces(n *jsontree.Node) *Surfaces {
	if n == nil {
		return nil
	}
	s := &Surfaces{JSONRPCCodes: map[string]int{}, CLIExitCodes: map[string]int{}}
	if v := n.Get("mcp_meta_key"); v != nil {
		s.MCPMetaKey = v.Text
	}
	if v := n.Get("www_authenticate"); v != nil {
		s.WWWAuthenticate = v.Text
	}
	base := "/" + SurfacesKeyword
	for _, table := range []struct {
		name string
		into map[string]int
	}{{"jsonrpc_codes", s.JSONRPCCodes}, {"cli_exit_codes", s.CLIExitCodes}} {
		node := n.Get(table.name)
		if node == nil {
			continue
		}
		for _, m := range node.Members {
			ptr := base + "/" + table.name + "/" + jsonpointer.Escape(m.Name)
			p.member(ptr, m.Name, p.enums.Origin, p.members.Origin)
			v, _ := m.Value.Int64()
			table.into[m.Name] = int(v)
		}
	}
	if len(s.CLIExitCodes) > 0 {
		p.requireAllOrigins(base+"/cli_exit_codes", s.CLIExitCodes)
	}
	if len(s.JSONRPCCodes) > 0 {
		p.requireAllOrigins(base+"/jsonrpc_codes", s.JSONRPCCodes)
	}
	return s
}

// requireAllOrigins reports origins that a per-origin table leaves out: a surface must know what to
// do for every origin the contract declares.
func (p *parser) requireAllOrigins(ptr string, table map[string]int) {
	for _, o := range p.enums.Origin {
		if _, ok := table[o]; !ok {
			p.diags.Add(p.file, ptr, "origin %q has no entry", o)
		}
	}
}

// member reports a value that is not in the enum the column draws from.
func (p *parser) member(ptr, value string, allowed []string, what string) {
	if allowed == nil {
		p.diags.Add(p.file, ptr, "the catalog needs the schema to declare %s as a string enum", what)
		return
	}
	if !slices.Contains(allowed, value) {
		p.diags.Add(p.file, ptr, "%q is not a value of the schema's %s enum (%s)", value, what, strings.Join(allowed, ", "))
	}
}

func (p *parser) catalog(n *jsontree.Node, surfaces *Surfaces) *Catalog {
	base := "/" + CatalogKeyword
	cat := &Catalog{Origin: p.file + "#" + base, Members: p.members, Values: p.values(n.Get("values"), base+"/values")}
	p.checkMembers(base + "/members")
	if kinds := n.Get("kinds"); kinds != nil {
		for _, m := range kinds.Members {
			k := p.kind(base+"/kinds/"+jsonpointer.Escape(m.Name), m.Value, surfaces)
			k.Name = m.Name
			k.GoName = naming.GoName(m.Name)
			cat.Kinds = append(cat.Kinds, k)
		}
	}
	slices.SortFunc(cat.Kinds, func(a, b *Kind) int { return strings.Compare(a.Name, b.Name) })
	if fb := n.Get("fallback"); fb != nil {
		cat.Fallback = p.kind(base+"/fallback", fb, surfaces)
	} else {
		p.diags.Add(p.file, base, "the catalog has no fallback row for unknown kinds")
	}
	p.checkStems(base, cat)
	return cat
}

// values reads x-catalog's "values" over the defaults. A value the contract names must be a value
// of the enum its role draws from.
func (p *parser) values(n *jsontree.Node, base string) Values {
	v := DefaultValues()
	if n == nil {
		return v
	}
	m := p.members
	if r := n.Get("relaxed"); r != nil {
		v.Relaxed = r.Text
		p.member(base+"/relaxed", v.Relaxed, p.enums.SameArguments, m.Recovery+"."+m.SameArguments)
	}
	if w := n.Get("wait_action"); w != nil {
		v.WaitAction = w.Text
		p.member(base+"/wait_action", v.WaitAction, p.enums.Action, m.Recovery+"."+m.Action)
	}
	if c := n.Get("caller_origins"); c != nil {
		v.CallerOrigins = nil
		for i, o := range c.Items {
			v.CallerOrigins = append(v.CallerOrigins, o.Text)
			p.member(base+"/caller_origins/"+strconv.Itoa(i), o.Text, p.enums.Origin, m.Origin)
		}
	}
	return v
}

// checkMembers reports two parts given the same member name in one object: the root's parts,
// recovery's and safety's each need members of their own.
func (p *parser) checkMembers(base string) {
	m := p.members
	for _, group := range [][]struct{ part, name string }{
		{{"contract_version", m.Version}, {"kind", m.Kind}, {"message", m.Message}, {"origin", m.Origin},
			{"recovery", m.Recovery}, {"side_effects", m.SideEffects}, {"safety", m.Safety}, {"cause", m.Cause}},
		{{"action", m.Action}, {"same_arguments", m.SameArguments}, {"guidance", m.Guidance}, {"retry_after_ms", m.RetryAfter}},
		{{"read_only_hint", m.ReadOnly}, {"idempotent_hint", m.Idempotent}},
	} {
		seen := map[string]string{}
		for _, g := range group {
			if other, ok := seen[g.name]; ok {
				p.diags.Add(p.file, base+"/"+g.part, "parts %s and %s both name the member %q: give each its own member", other, g.part, g.name)
				continue
			}
			seen[g.name] = g.part
		}
	}
}

// checkStems reports kinds whose Go names would collide (rate_limited and rate-limited, say).
func (p *parser) checkStems(base string, cat *Catalog) {
	seen := map[string]string{}
	for _, k := range cat.Kinds {
		if other, ok := seen[k.GoName]; ok {
			p.diags.Add(p.file, base+"/kinds/"+jsonpointer.Escape(k.Name),
				"kind %q and kind %q both become the Go name %s", other, k.Name, k.GoName)
			continue
		}
		seen[k.GoName] = k.Name
	}
}

func (p *parser) kind(ptr string, n *jsontree.Node, surfaces *Surfaces) *Kind {
	k := &Kind{Pointer: p.file + "#" + ptr}
	text := func(name string) string {
		if v := n.Get(name); v != nil {
			return v.Text
		}
		return ""
	}
	k.Origin, k.Action, k.SameArguments, k.SideEffects = text("origin"), text("action"), text("same_arguments"), text("side_effects")
	k.Guidance = text("guidance")
	m := p.members
	p.member(ptr+"/origin", k.Origin, p.enums.Origin, m.Origin)
	p.member(ptr+"/action", k.Action, p.enums.Action, m.Recovery+"."+m.Action)
	p.member(ptr+"/same_arguments", k.SameArguments, p.enums.SameArguments, m.Recovery+"."+m.SameArguments)
	p.member(ptr+"/side_effects", k.SideEffects, p.enums.SideEffects, m.SideEffects)
	if v, ok := n.Get("http_status").Int64(); ok {
		k.HTTPStatus = int(v)
	}
	k.RetryAfter = n.Get("retry_after").Bool
	k.HintRelaxes = n.Get("hint_relaxes").Bool
	if surfaces != nil {
		k.JSONRPCCode = surfaces.JSONRPCCodes[k.Origin]
		k.WWWAuthenticate = surfaces.WWWAuthenticate
	}
	if v, ok := n.Get("jsonrpc_code").Int64(); ok {
		k.JSONRPCCode = int(v)
	}
	if v := n.Get("www_authenticate"); v != nil {
		k.WWWAuthenticate = v.Text
	}
	return k
}

// lint applies the contract's consistency rules to the catalog.
func lint(file string, cat *Catalog, diags *diag.List) {
	rows := slices.Clone(cat.Kinds)
	if cat.Fallback != nil {
		rows = append(rows, cat.Fallback)
	}
	for _, k := range rows {
		_, ptr, _ := strings.Cut(k.Pointer, "#")
		name := k.Name
		if name == "" {
			name = "the fallback row"
		}
		if slices.Contains(cat.Values.CallerOrigins, k.Origin) && k.HTTPStatus >= 500 {
			diags.Add(file, ptr+"/http_status", "%s has origin %s but maps to %d: a %s failure is the caller's, not a server error", name, k.Origin, k.HTTPStatus, k.Origin)
		}
		if k.Action == cat.Values.WaitAction && !k.RetryAfter {
			diags.Add(file, ptr+"/retry_after", "%s asks callers to retry later but does not allow %s", name, cat.Members.RetryAfter)
		}
		if k.HTTPStatus == 401 && k.WWWAuthenticate == "" {
			diags.Add(file, ptr, "%s maps to 401 but has no WWW-Authenticate challenge (set www_authenticate here or in x-surfaces)", name)
		}
		if strings.TrimSpace(k.Guidance) == "" {
			diags.Add(file, ptr+"/guidance", "%s has no guidance", name)
		}
	}
}
