package compatrules

import (
	"maps"
	"slices"

	"github.com/contractgen/contractgen/internal/gen/compat"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// The rules this profile reports besides compat's own fallback-changed. They are part of the
// command's output, so scripts may match on them; the package documentation says when each fires.
const (
	// RuleKindAdded: the catalog gains a kind.
	RuleKindAdded = "kind-added"
	// RuleKindRemoved: the catalog loses a kind.
	RuleKindRemoved = "kind-removed"
	// RuleKindOriginChanged: a kind's default origin differs.
	RuleKindOriginChanged = "kind-origin-changed"
	// RuleKindActionChanged: a kind's default recovery action differs.
	RuleKindActionChanged = "kind-action-changed"
	// RuleKindSameArgumentsChanged: a kind's default same_arguments differs.
	RuleKindSameArgumentsChanged = "kind-same-arguments-changed"
	// RuleKindSideEffectsChanged: a kind's default side_effects differs.
	RuleKindSideEffectsChanged = "kind-side-effects-changed"
	// RuleKindHTTPStatusChanged: a kind's HTTP status differs.
	RuleKindHTTPStatusChanged = "kind-http-status-changed"
	// RuleKindRetryAfterChanged: whether a kind may carry a wait differs.
	RuleKindRetryAfterChanged = "kind-retry-after-changed"
	// RuleKindHintRelaxesChanged: whether safety hints relax a kind's same_arguments differs.
	RuleKindHintRelaxesChanged = "kind-hint-relaxes-changed"
	// RuleKindJSONRPCCodeChanged: a kind's JSON-RPC code override differs.
	RuleKindJSONRPCCodeChanged = "kind-jsonrpc-code-changed"
	// RuleKindWWWAuthenticateChanged: a kind's WWW-Authenticate challenge override differs.
	RuleKindWWWAuthenticateChanged = "kind-www-authenticate-changed"
	// RuleKindGuidanceChanged: a kind's (or the fallback's) guidance sentence differs.
	RuleKindGuidanceChanged = "kind-guidance-changed"
	// RuleKindEntryChanged: a catalog entry member this package does not know differs.
	RuleKindEntryChanged = "kind-entry-changed"
	// RuleCatalogSettingChanged: an x-catalog member other than kinds and fallback differs.
	RuleCatalogSettingChanged = "catalog-setting-changed"
	// RuleSurfaceSettingChanged: a member of x-surfaces differs.
	RuleSurfaceSettingChanged = "surface-setting-changed"
)

// rule is the rule and class of a change.
type rule struct {
	name  string
	class compat.Class
}

// entryRules maps a catalog entry member to the rule for a change to it.
var entryRules = map[string]rule{
	errorcontract.EntryOrigin:          {RuleKindOriginChanged, compat.Breaking},
	errorcontract.EntryAction:          {RuleKindActionChanged, compat.Breaking},
	errorcontract.EntrySameArguments:   {RuleKindSameArgumentsChanged, compat.Breaking},
	errorcontract.EntrySideEffects:     {RuleKindSideEffectsChanged, compat.Breaking},
	errorcontract.EntryHTTPStatus:      {RuleKindHTTPStatusChanged, compat.Breaking},
	errorcontract.EntryRetryAfter:      {RuleKindRetryAfterChanged, compat.Breaking},
	errorcontract.EntryHintRelaxes:     {RuleKindHintRelaxesChanged, compat.Breaking},
	errorcontract.EntryJSONRPCCode:     {RuleKindJSONRPCCodeChanged, compat.Breaking},
	errorcontract.EntryWWWAuthenticate: {RuleKindWWWAuthenticateChanged, compat.Breaking},
	errorcontract.EntryGuidance:        {RuleKindGuidanceChanged, compat.Annotation},
}

// Profile is the agent-error contract's compat.Profile.
type Profile struct{}

var _ compat.Profile = Profile{}

// Keywords are the contract's root keywords.
func (Profile) Keywords() []string {
	return []string{errorcontract.CatalogKeyword, errorcontract.SurfacesKeyword}
}

// VersionMember is the version member x-catalog's "members" names, contract_version by default:
// a schema without a catalog that has that member is read as a contract, as the generator does.
func (Profile) VersionMember(root *jsontree.Node) string {
	return errorcontract.MembersOf(root).Version
}

// Rules lists every rule Compare may report, in the documentation's order.
func (Profile) Rules() []string {
	return []string{compat.RuleFallbackChanged, RuleKindAdded, RuleKindRemoved, RuleKindOriginChanged,
		RuleKindActionChanged, RuleKindSameArgumentsChanged, RuleKindSideEffectsChanged,
		RuleKindHTTPStatusChanged, RuleKindRetryAfterChanged, RuleKindHintRelaxesChanged,
		RuleKindJSONRPCCodeChanged, RuleKindWWWAuthenticateChanged, RuleKindGuidanceChanged,
		RuleKindEntryChanged, RuleCatalogSettingChanged, RuleSurfaceSettingChanged}
}

// Compare reports kinds added and removed, entry members changed, the fallback, the catalog's
// other settings and every difference in x-surfaces down to the changed leaf.
func (Profile) Compare(old, new compat.Root, d compat.Differ) error {
	oc, err := readCatalog(old)
	if err != nil {
		return err
	}
	nc, err := readCatalog(new)
	if err != nil {
		return err
	}
	for _, kind := range unionKeys(oc.kinds, nc.kinds) {
		compareKind(d, kind, oc.kinds[kind], nc.kinds[kind])
	}
	compareFallback(d, oc.fallback, nc.fallback)
	for _, k := range unionKeys(oc.rest, nc.rest) {
		ov, hasO := oc.rest[k]
		nv, hasN := nc.rest[k]
		p := "/" + errorcontract.CatalogKeyword + "/" + jsonpointer.Escape(k)
		d.Diff(RuleCatalogSettingChanged, compat.Breaking, compat.Slot{Value: ov, Present: hasO, Pointer: p},
			compat.Slot{Value: nv, Present: hasN, Pointer: p})
	}
	const p = "/" + errorcontract.SurfacesKeyword
	ov, hasO := old.Member(errorcontract.SurfacesKeyword)
	nv, hasN := new.Member(errorcontract.SurfacesKeyword)
	d.Diff(RuleSurfaceSettingChanged, compat.Breaking, compat.Slot{Value: ov, Present: hasO, Pointer: p},
		compat.Slot{Value: nv, Present: hasN, Pointer: p})
	return nil
}

// catalog is the decoded x-catalog of one document.
type catalog struct {
	kinds    map[string]any // kind -> entry object
	fallback any            // nil when absent
	rest     map[string]any // members other than kinds and fallback
}

// readCatalog reads and shape-checks the root x-catalog; a missing one is empty. Every entry must
// be an object, so that member-wise comparison is meaningful.
func readCatalog(r compat.Root) (*catalog, error) {
	const at = "/" + errorcontract.CatalogKeyword
	cat := &catalog{kinds: map[string]any{}, rest: map[string]any{}}
	raw, ok := r.Member(errorcontract.CatalogKeyword)
	if !ok {
		return cat, nil
	}
	m, ok := raw.(map[string]any)
	if !ok {
		return nil, r.Errorf(at, "%s must be an object", errorcontract.CatalogKeyword)
	}
	for k, v := range m {
		switch k {
		case "kinds":
			kinds, ok := v.(map[string]any)
			if !ok {
				return nil, r.Errorf(at+"/kinds", "kinds must be an object")
			}
			cat.kinds = kinds
		case "fallback":
			cat.fallback = v
		default:
			cat.rest[k] = v
		}
	}
	for _, k := range slices.Sorted(maps.Keys(cat.kinds)) {
		if _, ok := cat.kinds[k].(map[string]any); !ok {
			return nil, r.Errorf(at+"/kinds/"+jsonpointer.Escape(k), "a catalog entry must be an object")
		}
	}
	if _, ok := cat.fallback.(map[string]any); cat.fallback != nil && !ok {
		return nil, r.Errorf(at+"/fallback", "a catalog entry must be an object")
	}
	return cat, nil
}

// compareKind handles one kind.
func compareKind(d compat.Differ, kind string, ov, nv any) {
	p := "/" + errorcontract.CatalogKeyword + "/kinds/" + jsonpointer.Escape(kind)
	switch {
	case ov == nil:
		d.Report(p, RuleKindAdded, compat.Additive, "kind %q added", kind)
	case nv == nil:
		d.Report(p, RuleKindRemoved, compat.Breaking, "kind %q removed; it now gets the fallback entry", kind)
	default:
		compareEntry(d, p, ov.(map[string]any), nv.(map[string]any), kindRule)
	}
}

// compareFallback handles the entry for unknown kinds: every behavioural member is
// fallback-changed, the guidance is still only words.
func compareFallback(d compat.Differ, ov, nv any) {
	const p = "/" + errorcontract.CatalogKeyword + "/fallback"
	switch {
	case ov == nil && nv == nil:
	case ov == nil:
		d.Report(p, compat.RuleFallbackChanged, compat.Breaking, "fallback entry added")
	case nv == nil:
		d.Report(p, compat.RuleFallbackChanged, compat.Breaking, "fallback entry removed")
	default:
		compareEntry(d, p, ov.(map[string]any), nv.(map[string]any), fallbackRule)
	}
}

// kindRule is the rule for a member of a kind's entry; unknown members are treated as
// behavioural, because an entry exists to drive generated behaviour.
func kindRule(member string) rule {
	if r, ok := entryRules[member]; ok {
		return r
	}
	return rule{RuleKindEntryChanged, compat.Breaking}
}

// fallbackRule is the rule for a member of the fallback entry.
func fallbackRule(member string) rule {
	if member == errorcontract.EntryGuidance {
		return entryRules[member]
	}
	return rule{compat.RuleFallbackChanged, compat.Breaking}
}

// compareEntry compares two entries member by member.
func compareEntry(d compat.Differ, p string, om, nm map[string]any, ruleOf func(string) rule) {
	for _, member := range unionKeys(om, nm) {
		ov, hasO := om[member]
		nv, hasN := nm[member]
		mp := p + "/" + jsonpointer.Escape(member)
		r := ruleOf(member)
		d.Diff(r.name, r.class, compat.Slot{Value: ov, Present: hasO, Pointer: mp}, compat.Slot{Value: nv, Present: hasN, Pointer: mp})
	}
}

// unionKeys returns the keys of both maps, sorted, each once.
func unionKeys(a, b map[string]any) []string {
	both := maps.Clone(a)
	maps.Copy(both, b)
	return slices.Sorted(maps.Keys(both))
}
