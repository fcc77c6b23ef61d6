package errorcontract

// The profile's emitters outside this package (OpenAPI responses, the docs page, the TypeScript
// Error class, compat's contract rules) read the contract's words from here, so that none of them
// spells the bundled contract's member names and a contract that names its members otherwise
// (x-catalog's "members") comes out in its own words.

// Names returns the names of the contract's members: the catalog's (x-catalog's "members" over
// the defaults), or the bundled contract's for a schema without a catalog. The emitters have
// always read a schema without the vocabulary with the bundled names (its contract_version const
// is the OpenAPI info version, its string message is the TypeScript Error's message), and keep
// doing so.
func (c *Contract) Names() Members {
	if c.Catalog != nil {
		return c.Catalog.Members
	}
	return DefaultMembers()
}

// DefaultMembers are the bundled agent-error contract's member names, each part's own name,
// which a contract's x-catalog "members" overrides part by part. The Go emitters compare with it
// only to keep wording that reads better when the names are the parts' own (see goconstruct's
// KindInfo comment).
func DefaultMembers() Members { return MembersOf(nil) }

// List returns the names, one per part, in the order of the vocabulary's "members" object.
func (m Members) List() []string {
	out := make([]string, len(memberParts))
	for i, p := range memberParts {
		out[i] = *p.of(&m)
	}
	return out
}

// The members of a catalog entry (x-catalog's "fallback" and each of its "kinds"), as the
// vocabulary's schema names them. They are the vocabulary's own words, the same in every
// contract; compat judges a change to an entry by them.
const (
	EntryOrigin          = "origin"
	EntryAction          = "action"
	EntrySameArguments   = "same_arguments"
	EntrySideEffects     = "side_effects"
	EntryHTTPStatus      = "http_status"
	EntryRetryAfter      = "retry_after"
	EntryHintRelaxes     = "hint_relaxes"
	EntryGuidance        = "guidance"
	EntryJSONRPCCode     = "jsonrpc_code"
	EntryWWWAuthenticate = "www_authenticate"
)

// EntryMembers lists every member a catalog entry may have, in the vocabulary's order.
var EntryMembers = []string{EntryOrigin, EntryAction, EntrySameArguments, EntrySideEffects,
	EntryHTTPStatus, EntryRetryAfter, EntryHintRelaxes, EntryGuidance, EntryJSONRPCCode, EntryWWWAuthenticate}
