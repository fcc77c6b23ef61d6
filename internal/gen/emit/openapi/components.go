package openapi

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// Header names, as HTTP and components.headers spell them.
const (
	RetryAfterHeader      = "Retry-After"
	WWWAuthenticateHeader = "WWW-Authenticate"
)

// MediaType is the content type of every error response body.
const MediaType = "application/json"

// ResponseSchemaName is the component name of the response body schema for a root type.
func ResponseSchemaName(root *ir.Named) string { return root.Name + "Response" }

// AnyStatusResponseName is the component name of the response for an error of any status:
// AgentErrorAny. It must differ from every schema name: oapi-codegen declares one Go type per
// schema and per response in the same package.
func AnyStatusResponseName(root *ir.Named) string { return root.Name + "Any" }

// ResponseName is the component name of the response for an HTTP status: AgentError429.
func ResponseName(root *ir.Named, status int) string { return root.Name + strconv.Itoa(status) }

// componentNames decides which named types become schema components: every root, every $defs
// entry and every $ref target. Inline objects and enums that only the Go code names stay inline.
func componentNames(pkg *ir.Package) map[*ir.Named]string {
	names := map[*ir.Named]string{}
	for _, n := range pkg.Types {
		if isDefinition(n.Schema.Pointer) {
			names[n] = n.Name
		}
	}
	for _, n := range pkg.Roots {
		names[n] = n.Name
	}
	seen := map[*ir.Schema]bool{}
	for _, n := range pkg.Types {
		walkRefs(n.Schema, seen, func(target *ir.Named) { names[target] = target.Name })
	}
	return names
}

// isDefinition reports whether a pointer names a top-level $defs entry.
func isDefinition(ptr string) bool {
	name, ok := strings.CutPrefix(ptr, "/$defs/")
	return ok && !strings.Contains(name, "/")
}

// walkRefs calls fn for the target of every $ref reachable from s.
func walkRefs(s *ir.Schema, seen map[*ir.Schema]bool, fn func(*ir.Named)) {
	if s == nil || seen[s] {
		return
	}
	seen[s] = true
	if s.Ref != nil {
		fn(s.Ref)
	}
	subs := []*ir.Schema{s.Items, s.AdditionalProperties, s.Contains, s.PropertyNames, s.Not, s.If, s.Then, s.Else}
	subs = append(subs, s.PrefixItems...)
	subs = append(subs, s.AllOf...)
	subs = append(subs, s.AnyOf...)
	subs = append(subs, s.OneOf...)
	for _, p := range s.Properties {
		subs = append(subs, p.Schema)
	}
	for _, p := range s.PatternProperties {
		subs = append(subs, p.Schema)
	}
	for _, p := range s.DependentSchemas {
		subs = append(subs, p.Schema)
	}
	for _, sub := range subs {
		walkRefs(sub, seen, fn)
	}
}

// buildComponents writes the components object: schemas, and with a catalog, headers and responses.
func (b *builder) buildComponents(c *converter) (*Map, error) {
	pkg := b.pkg
	root := pkg.Roots[0]
	bodyName := ResponseSchemaName(root)
	anyName := AnyStatusResponseName(root)
	for n, name := range c.components {
		if name == bodyName {
			return nil, fmt.Errorf("openapi: %s: the type %s has the name of the response body schema; set x-go-name to choose another", n.Origin, name)
		}
		if name == anyName && errorcontract.Of(pkg).Catalog != nil {
			return nil, fmt.Errorf("openapi: %s: the type %s has the name of the any-status response, and code generators declare both in one package; set x-go-name to choose another", n.Origin, name)
		}
	}
	// Components are written sorted by name, the body schema among them, so that losses are recorded
	// in document order. A nil type stands for the body schema.
	type entry struct {
		name string
		n    *ir.Named
	}
	entries := make([]entry, 0, len(c.components)+1)
	entries = append(entries, entry{bodyName, nil})
	for n, name := range c.components {
		entries = append(entries, entry{name, n})
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].name < entries[j].name })
	schemas := &Map{members: make([]member, 0, len(entries))}
	for _, e := range entries {
		ptr := "/components/schemas/" + jsonpointer.Escape(e.name)
		if e.n == nil {
			schemas.Set(e.name, responseBody(c, root, ptr))
		} else {
			schemas.Set(e.name, c.schema(e.n.Schema, ptr))
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	out := NewMap().Set("schemas", schemas)
	if errorcontract.Of(pkg).Catalog == nil {
		return out, nil
	}
	parts, err := b.catalogParts()
	if err != nil {
		return nil, err
	}
	if parts.headers.Len() > 0 {
		// A contract without a wait member and without a 401 response has no header to declare.
		out.Set("headers", parts.headers)
	}
	out.Set("responses", parts.responses)
	return out, nil
}

// catalogParts builds components.headers and components.responses on first use: they are the same
// in both versions, so both documents hold the same Maps.
func (b *builder) catalogParts() (*catalogParts, error) {
	if b.catalog != nil {
		return b.catalog, nil
	}
	statuses := groupByStatus(errorcontract.Of(b.pkg).Catalog)
	responses, err := buildResponses(b.pkg, statuses, b.values)
	if err != nil {
		return nil, err
	}
	b.catalog = &catalogParts{headers: headers(b.pkg, statuses), responses: responses}
	return b.catalog, nil
}

// responseBody is the schema of an error response's body: the contract object itself, under a name
// of its own so that an API can document "this operation answers errors with the contract".
func responseBody(c *converter, root *ir.Named, ptr string) any {
	s := &ir.Schema{Ref: root, Description: "The body of every error response: one " + root.Name +
		" object, serialized as the generated code serializes it on every surface."}
	return c.schema(s, ptr)
}
