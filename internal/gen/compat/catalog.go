package compat

import (
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// entryRules maps a catalog entry member to the rule for a change to it. Every member but
// guidance decides behaviour (statuses, codes, whether to repeat a call), so changing it
// changes what a kind means: breaking. Guidance is advice in words.
var entryRules = map[string]extraRule{
	errorcontract.EntryOrigin:          {RuleKindOriginChanged, Breaking},
	errorcontract.EntryAction:          {RuleKindActionChanged, Breaking},
	errorcontract.EntrySameArguments:   {RuleKindSameArgumentsChanged, Breaking},
	errorcontract.EntrySideEffects:     {RuleKindSideEffectsChanged, Breaking},
	errorcontract.EntryHTTPStatus:      {RuleKindHTTPStatusChanged, Breaking},
	errorcontract.EntryRetryAfter:      {RuleKindRetryAfterChanged, Breaking},
	errorcontract.EntryHintRelaxes:     {RuleKindHintRelaxesChanged, Breaking},
	errorcontract.EntryJSONRPCCode:     {RuleKindJSONRPCCodeChanged, Breaking},
	errorcontract.EntryWWWAuthenticate: {RuleKindWWWAuthenticateChanged, Breaking},
	errorcontract.EntryGuidance:        {RuleKindGuidanceChanged, Annotation},
}

// catalog is the decoded x-catalog of one document.
type catalog struct {
	kinds    map[string]any // kind -> entry object
	fallback any            // nil when absent
	rest     map[string]any // members other than kinds and fallback
}

// catalog reads and shape-checks the root x-catalog; a missing one is empty.
func (d *document) catalog() (*catalog, error) {
	cat := &catalog{kinds: map[string]any{}, rest: map[string]any{}}
	root, _ := d.root.(map[string]any)
	raw, ok := root[errorcontract.CatalogKeyword]
	if !ok {
		return cat, nil
	}
	m, ok := raw.(map[string]any)
	if !ok {
		return nil, d.errorf("/x-catalog", "x-catalog must be an object")
	}
	for k, v := range m {
		switch k {
		case "kinds":
			kinds, ok := v.(map[string]any)
			if !ok {
				return nil, d.errorf("/x-catalog/kinds", "kinds must be an object")
			}
			cat.kinds = kinds
		case "fallback":
			cat.fallback = v
		default:
			cat.rest[k] = v
		}
	}
	return cat, d.checkEntries(cat)
}

// checkEntries makes sure every entry is an object, so member-wise comparison is meaningful.
func (d *document) checkEntries(cat *catalog) error {
	for _, k := range sortedKeys(cat.kinds) {
		if _, ok := cat.kinds[k].(map[string]any); !ok {
			return d.errorf("/x-catalog/kinds/"+jsonpointer.Escape(k), "a catalog entry must be an object")
		}
	}
	if _, ok := cat.fallback.(map[string]any); cat.fallback != nil && !ok {
		return d.errorf("/x-catalog/fallback", "a catalog entry must be an object")
	}
	return nil
}

// compareCatalog reports kinds added and removed, entry members changed, and the fallback.
func (c *comparer) compareCatalog() error {
	oc, err := c.old.catalog()
	if err != nil {
		return err
	}
	nc, err := c.new.catalog()
	if err != nil {
		return err
	}
	for _, kind := range unionKeys(oc.kinds, nc.kinds) {
		c.compareKind(kind, oc.kinds[kind], nc.kinds[kind])
	}
	c.compareFallback(oc.fallback, nc.fallback)
	for _, k := range unionKeys(oc.rest, nc.rest) {
		ov, hasO := oc.rest[k]
		nv, hasN := nc.rest[k]
		p := "/x-catalog/" + jsonpointer.Escape(k)
		c.diffValue(context{}, extraRule{RuleCatalogSettingChanged, Breaking}, slot{ov, hasO, p}, slot{nv, hasN, p})
	}
	return nil
}

// compareKind handles one kind. A new kind is additive because kind is an open string and
// unknown kinds already get the fallback entry; a removed kind silently changes its meaning to
// the fallback's, which is breaking.
func (c *comparer) compareKind(kind string, ov, nv any) {
	p := "/x-catalog/kinds/" + jsonpointer.Escape(kind)
	switch {
	case ov == nil:
		c.emit(context{}, p, RuleKindAdded, Additive, "kind %q added", kind)
	case nv == nil:
		c.emit(context{}, p, RuleKindRemoved, Breaking, "kind %q removed; it now gets the fallback entry", kind)
	default:
		c.compareEntry(p, ov.(map[string]any), nv.(map[string]any), kindRule)
	}
}

// compareFallback handles the entry for unknown kinds: every behavioural member is
// fallback-changed, the guidance is still only words.
func (c *comparer) compareFallback(ov, nv any) {
	const p = "/x-catalog/fallback"
	switch {
	case ov == nil && nv == nil:
	case ov == nil:
		c.emit(context{}, p, RuleFallbackChanged, Breaking, "fallback entry added")
	case nv == nil:
		c.emit(context{}, p, RuleFallbackChanged, Breaking, "fallback entry removed")
	default:
		c.compareEntry(p, ov.(map[string]any), nv.(map[string]any), fallbackRule)
	}
}

// kindRule is the rule for a member of a kind's entry; unknown members are treated as
// behavioural, because an entry exists to drive generated behaviour.
func kindRule(member string) extraRule {
	if r, ok := entryRules[member]; ok {
		return r
	}
	return extraRule{RuleKindEntryChanged, Breaking}
}

// fallbackRule is the rule for a member of the fallback entry.
func fallbackRule(member string) extraRule {
	if member == errorcontract.EntryGuidance {
		return entryRules[member]
	}
	return extraRule{RuleFallbackChanged, Breaking}
}

// compareEntry compares two entries member by member.
func (c *comparer) compareEntry(p string, om, nm map[string]any, rule func(string) extraRule) {
	for _, member := range unionKeys(om, nm) {
		ov, hasO := om[member]
		nv, hasN := nm[member]
		mp := p + "/" + jsonpointer.Escape(member)
		c.diffValue(context{}, rule(member), slot{ov, hasO, mp}, slot{nv, hasN, mp})
	}
}

// compareSurfaces reports every difference in x-surfaces down to the changed leaf. Each member
// decides what a client sees on some surface (the _meta key, a code, an exit status, a
// challenge), so every change is breaking.
func (c *comparer) compareSurfaces() {
	const p = "/x-surfaces"
	ov, hasO := rootMember(c.old, errorcontract.SurfacesKeyword)
	nv, hasN := rootMember(c.new, errorcontract.SurfacesKeyword)
	c.diffValue(context{}, extraRule{RuleSurfaceSettingChanged, Breaking}, slot{ov, hasO, p}, slot{nv, hasN, p})
}

// rootMember reads a member of the root object.
func rootMember(d *document, k string) (any, bool) {
	root, _ := d.root.(map[string]any)
	v, ok := root[k]
	return v, ok
}

// version returns the const of the root's version member, or nil when the document has none. It
// never fails: a malformed document is reported by the walk instead.
func (d *document) version() *int64 {
	root, err := d.effective(node{d.root, ""})
	if err != nil {
		return nil
	}
	props, _ := root.kw["properties"].(map[string]any)
	raw, ok := props[d.versionMember]
	if !ok {
		return nil
	}
	member, err := d.effective(node{raw, root.kwPointer("properties") + "/" + jsonpointer.Escape(d.versionMember)})
	if err != nil {
		return nil
	}
	v, ok := integerOf(member.kw["const"])
	if !ok {
		return nil
	}
	return &v
}
