// Package compatrules is the agent-error contract's part in compat: it compares the contract's root
// keywords, x-catalog and x-surfaces, and names the version member that x-catalog's "members"
// gives (contract_version unless it says otherwise). compat calls it through compat.Profile and
// knows none of these words; the command lists it in compat.Options.
//
// # Rules
//
// Each member of a catalog entry but guidance decides behaviour (statuses, codes, whether to repeat
// a call), so changing it changes what a kind means: breaking. Guidance is advice in words. A new
// kind is additive, because kind is an open string and unknown kinds already get the fallback
// entry; a removed kind silently changes its meaning to the fallback's, which is breaking. Every
// member of x-surfaces decides what a client sees on some surface (the _meta key, a code, an exit
// status, a challenge), so every change there is breaking.
//
//	rule                           class                         when
//	fallback-changed               breaking                      a member of the catalog's fallback entry
//	                                                             (not guidance); compat's own rule, which
//	                                                             an enum's x-fallback reports too
//	kind-added                     additive                      the catalog gains a kind
//	kind-removed                   breaking                      the catalog loses a kind
//	kind-origin-changed            breaking                      an entry's origin differs
//	kind-action-changed            breaking                      an entry's action differs
//	kind-same-arguments-changed    breaking                      an entry's same_arguments differs
//	kind-side-effects-changed      breaking                      an entry's side_effects differs
//	kind-http-status-changed       breaking                      an entry's http_status differs
//	kind-retry-after-changed       breaking                      an entry's retry_after differs
//	kind-hint-relaxes-changed      breaking                      an entry's hint_relaxes differs
//	kind-jsonrpc-code-changed      breaking                      an entry's jsonrpc_code appears, goes or differs
//	kind-www-authenticate-changed  breaking                      an entry's www_authenticate appears, goes or differs
//	kind-guidance-changed          annotation                    an entry's guidance (fallback's too) differs
//	kind-entry-changed             breaking                      an entry member this package does not know
//	catalog-setting-changed        breaking                      an x-catalog member other than kinds/fallback
//	surface-setting-changed        breaking                      anything in x-surfaces
package compatrules
