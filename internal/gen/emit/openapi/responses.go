package openapi

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/naming"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// statusGroup is one HTTP status and the catalog rows that map to it.
type statusGroup struct {
	status int
	// kinds are the named kinds, sorted by name.
	kinds []*errorcontract.Kind
	// fallback reports that kinds missing from the catalog map here too.
	fallback *errorcontract.Kind
}

// challenge reports whether a response of this status carries WWW-Authenticate: the contract sends
// the challenge on 401 and only there.
func (g statusGroup) challenge() bool { return g.status == 401 }

// groupByStatus returns the statuses the catalog uses, ascending, the fallback row's included.
func groupByStatus(cat *errorcontract.Catalog) []statusGroup {
	byStatus := map[int]*statusGroup{}
	group := func(status int) *statusGroup {
		if byStatus[status] == nil {
			byStatus[status] = &statusGroup{status: status}
		}
		return byStatus[status]
	}
	for _, k := range cat.Kinds {
		g := group(k.HTTPStatus)
		g.kinds = append(g.kinds, k)
	}
	if cat.Fallback != nil {
		group(cat.Fallback.HTTPStatus).fallback = cat.Fallback
	}
	out := make([]statusGroup, 0, len(byStatus))
	for _, g := range byStatus {
		sort.Slice(g.kinds, func(i, j int) bool { return g.kinds[i].Name < g.kinds[j].Name })
		out = append(out, *g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].status < out[j].status })
	return out
}

// hasWait reports whether the contract's recovery object has a wait member (the profile's
// retry_after_ms part), which the HTTP adapter sends as Retry-After. Without one no response
// carries Retry-After, and nothing names the member.
func hasWait(pkg *ir.Package) bool {
	c := errorcontract.Of(pkg).Constructors
	return c != nil && c.Waits()
}

// headers writes components.headers. Retry-After, when the contract has a wait member, applies to
// every response, because the HTTP adapter sends it whenever the member is set, and an override or
// a relayed error can set it on any kind; WWW-Authenticate applies to 401 responses.
//
// Retry-After is a string whose pattern is HTTP's grammar: delay-seconds or an HTTP-date in any of
// the three formats a recipient must accept. An integer schema made generated clients drop the
// whole error response when a proxy sent a date; a looser pattern would let validators pass values
// that HTTP does not allow.
func headers(pkg *ir.Package, groups []statusGroup) *Map {
	m := errorcontract.Of(pkg).Names()
	out := NewMap()
	if hasWait(pkg) {
		out.Set(RetryAfterHeader, NewMap().
			Set("description", "When to try again, as HTTP defines Retry-After: delay-seconds or an HTTP-date "+
				"(RFC 9110, section 10.2.3). The generated code sends whole seconds, "+m.RetryAfterPath()+
				" rounded up, whenever the error sets "+m.RetryAfter+"; proxies and other servers may send an "+
				"HTTP-date, which the generated readers accept too.").
			Set("schema", NewMap().Set("type", "string").Set("pattern", retryAfterPattern)).
			Set("example", "2"))
	}
	if challenge(groups) {
		out.Set(WWWAuthenticateHeader, wwwAuthenticate(pkg, true))
	}
	return out
}

// retryAfterPattern is the grammar of a Retry-After value (RFC 9110, sections 5.6.7 and 10.2.3):
// delay-seconds, IMF-fixdate, the obsolete RFC 850 date, or asctime's date.
const retryAfterPattern = `^([0-9]+` +
	`|(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} ` + months + ` [0-9]{4} ` + clock + ` GMT` +
	`|(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [0-9]{2}-` + months + `-[0-9]{2} ` + clock + ` GMT` +
	`|(Mon|Tue|Wed|Thu|Fri|Sat|Sun) ` + months + ` ( [0-9]|[0-9]{2}) ` + clock + ` [0-9]{4})$`

const (
	months = `(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)`
	clock  = `[0-9]{2}:[0-9]{2}:[0-9]{2}`
)

// challenge reports whether any status of the catalog carries WWW-Authenticate.
func challenge(groups []statusGroup) bool {
	return slices.ContainsFunc(groups, statusGroup.challenge)
}

// wwwAuthenticate is the WWW-Authenticate header object: required on a 401 response, optional on
// the any-status response, where it comes only with a 401.
func wwwAuthenticate(pkg *ir.Package, required bool) *Map {
	h := NewMap()
	if required {
		h.Set("description", "The authentication challenge the client must answer before it tries again.").
			Set("required", true)
	} else {
		h.Set("description", "The authentication challenge the client must answer before it tries again; "+
			"sent with every 401 response and with no other.")
	}
	h.Set("schema", NewMap().Set("type", "string").Set("minLength", Number("1")))
	if errorcontract.Of(pkg).Surfaces != nil && errorcontract.Of(pkg).Surfaces.WWWAuthenticate != "" {
		h.Set("example", errorcontract.Of(pkg).Surfaces.WWWAuthenticate)
	}
	return h
}

// errorNoun names one error of the contract in a sentence, with its article, in the words the
// Go surfaces use for it (Constructors.Noun): "an agent error", "a service fault".
func errorNoun(pkg *ir.Package) string {
	noun := errorcontract.Of(pkg).Constructors.Noun()
	return naming.Article(noun) + " " + noun
}

// anyStatusResponse is the response for an error of any status, for API documents that list
// one response (or default) for every error. Generators make one type of a response component, so
// an API that refers to this one everywhere gets one error type (ogen: one
// <name>StatusCodeWithHeaders and, from a shared default, its convenient error) instead of one per
// status.
func anyStatusResponse(pkg *ir.Package, groups []statusGroup) *Map {
	root := pkg.Roots[0]
	h := NewMap()
	if hasWait(pkg) {
		h.Set(RetryAfterHeader, headerRef(RetryAfterHeader))
	}
	if challenge(groups) {
		h.Set(WWWAuthenticateHeader, wwwAuthenticate(pkg, false))
	}
	out := NewMap().
		Set("description", naming.UpperFirst(errorNoun(pkg))+" of any status: the status comes from the kind catalog, the "+
			"responses "+root.Name+"<status> name the kinds of each status and give an example of each.")
	if h.Len() > 0 {
		out.Set("headers", h)
	}
	return out.
		Set("content", NewMap().Set(MediaType, NewMap().Set("schema", NewMap().Set("$ref", ref(ResponseSchemaName(root))))))
}

// buildResponses writes components.responses: the any-status response, then one per status.
func buildResponses(pkg *ir.Package, groups []statusGroup, values valueCache) (*Map, error) {
	root := pkg.Roots[0]
	m := errorcontract.Of(pkg).Names()
	wait, noun := hasWait(pkg), errorNoun(pkg)
	out := NewMap()
	out.Set(AnyStatusResponseName(root), anyStatusResponse(pkg, groups))
	for _, g := range groups {
		examples := NewMap()
		for _, k := range g.kinds {
			value, err := exampleValue(root, m, k, values)
			if err != nil {
				return nil, err
			}
			examples.Set(k.Name, NewMap().
				Set("summary", k.Name+" ("+m.Origin+" "+k.Origin+", "+m.Recovery+" "+k.Action+")").
				Set("value", value))
		}
		media := NewMap().Set("schema", NewMap().Set("$ref", ref(ResponseSchemaName(root))))
		if examples.Len() > 0 {
			media.Set("examples", examples)
		}
		resp := NewMap().Set("description", responseDescription(g, m, noun, wait))
		if h := responseHeaders(g, wait); h.Len() > 0 {
			resp.Set("headers", h)
		}
		resp.Set("content", NewMap().Set(MediaType, media))
		out.Set(ResponseName(root, g.status), resp)
	}
	return out, nil
}

// responseHeaders refers to the headers a response of the group's status can carry; wait says
// the contract has a wait member, which Retry-After carries.
func responseHeaders(g statusGroup, wait bool) *Map {
	h := NewMap()
	if wait {
		h.Set(RetryAfterHeader, headerRef(RetryAfterHeader))
	}
	if g.challenge() {
		h.Set(WWWAuthenticateHeader, headerRef(WWWAuthenticateHeader))
	}
	return h
}

func headerRef(name string) *Map {
	return NewMap().Set("$ref", "#/components/headers/"+jsonpointer.Escape(name))
}

// responseDescription names the status and every kind sent with it; m names the wait member, of
// which wait says the contract has one.
func responseDescription(g statusGroup, m errorcontract.Members, noun string, wait bool) string {
	text := statusText(g.status)
	if text == "" {
		text = fmt.Sprintf("HTTP status %d", g.status)
	}
	var parts []string
	if len(g.kinds) > 0 {
		names := make([]string, len(g.kinds))
		for i, k := range g.kinds {
			names[i] = "`" + k.Name + "`"
		}
		parts = append(parts, "the kinds "+strings.Join(names, ", "))
	}
	if g.fallback != nil {
		parts = append(parts, "every kind the catalog does not list")
	}
	text += ": " + noun + ", sent for " + strings.Join(parts, " and for ") + "."
	var retry []string
	for _, k := range g.kinds {
		if k.RetryAfter {
			retry = append(retry, "`"+k.Name+"`")
		}
	}
	if g.fallback != nil && g.fallback.RetryAfter {
		retry = append(retry, "kinds the catalog does not list")
	}
	if wait && len(retry) > 0 {
		text += " Retry-After comes with " + m.RetryAfter + ", which the catalog allows for " + strings.Join(retry, ", ") + "."
	}
	return text
}

// ExampleValue is the object the generated constructor for kind k returns when given
// ExampleMessage(k) and no options: the required members, in schema order, with the catalog's
// defaults. It fails for a required member the catalog gives no value for, because the example
// would then not validate. m names the members (errorcontract.Contract.Names).
func ExampleValue(root *ir.Named, m errorcontract.Members, k *errorcontract.Kind) (*Map, error) {
	return exampleValue(root, m, k, valueCache{})
}

// exampleValue is ExampleValue with the const values taken from a cache shared by all examples.
func exampleValue(root *ir.Named, m errorcontract.Members, k *errorcontract.Kind, values valueCache) (*Map, error) {
	out := NewMap()
	for _, f := range root.Fields {
		if !f.Required {
			continue
		}
		switch f.Name {
		case m.Version:
			if f.Schema.Const == nil {
				return nil, fmt.Errorf("openapi: %s: %s has no const to put in examples", f.Origin, f.Name)
			}
			v, err := values.convert(f.Schema.Const)
			if err != nil {
				return nil, err
			}
			out.Set(f.Name, v)
		case m.Kind:
			out.Set(f.Name, k.Name)
		case m.Message:
			out.Set(f.Name, ExampleMessage(root, m, k))
		case m.Origin:
			out.Set(f.Name, k.Origin)
		case m.SideEffects:
			out.Set(f.Name, k.SideEffects)
		case m.Recovery:
			rec, err := exampleRecovery(f, m, k)
			if err != nil {
				return nil, err
			}
			out.Set(f.Name, rec)
		default:
			return nil, fmt.Errorf("openapi: %s: required member %q has no catalog value to put in examples", f.Origin, f.Name)
		}
	}
	return out, nil
}

func exampleRecovery(f *ir.Field, m errorcontract.Members, k *errorcontract.Kind) (*Map, error) {
	if f.Type.Kind != ir.TypeRef || f.Type.Named.Kind != ir.StructType {
		return nil, fmt.Errorf("openapi: %s: %s is not an object with properties", f.Origin, f.Name)
	}
	out := NewMap()
	for _, rf := range f.Type.Named.Fields {
		if !rf.Required {
			continue
		}
		switch rf.Name {
		case m.Action:
			out.Set(rf.Name, k.Action)
		case m.SameArguments:
			out.Set(rf.Name, k.SameArguments)
		case m.Guidance:
			out.Set(rf.Name, k.Guidance)
		default:
			return nil, fmt.Errorf("openapi: %s: required member %q has no catalog value to put in examples", rf.Origin, rf.Name)
		}
	}
	return out, nil
}

// ExampleMessage is the message of a kind's example: the kind and what its origin means, taken from
// the origin enum's description, so that it reads as a plausible error message; the kind alone
// when the origin value has no description.
func ExampleMessage(root *ir.Named, m errorcontract.Members, k *errorcontract.Kind) string {
	meaning := ""
	for _, f := range root.Fields {
		if f.Name == m.Origin && f.Type.Kind == ir.TypeRef && f.Type.Named.Enum != nil {
			for _, v := range f.Type.Named.Enum.Values {
				if v.Value == k.Origin && v.Description != "" {
					meaning = ": " + v.Description
				}
			}
		}
	}
	return k.Name + meaning
}
