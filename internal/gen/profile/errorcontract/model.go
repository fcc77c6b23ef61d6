package errorcontract

import (
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/jsontree"
)

// Catalog is the table of known kinds and their defaults (x-catalog).
type Catalog struct {
	// Origin is the "file#/pointer" of x-catalog.
	Origin string
	// Kinds are the known kinds, sorted by name.
	Kinds []*Kind
	// Fallback applies to every kind that is not listed.
	Fallback *Kind
	// Members names the error type's members the catalog fills in and reads.
	Members Members
	// Values are the enum values that play a part in the catalog's rules.
	Values Values
}

// Values are the contract's enum values that play a part in the catalog's rules, one per role. A
// contract names them in x-catalog's "values"; a role it leaves out keeps the agent-error
// contract's value. A lint rule whose value the contract's enum lacks does not apply; the
// safety-hint rule refuses a row that sets hint_relaxes when the enum lacks Relaxed.
type Values struct {
	// Relaxed is the same_arguments value the safety-hint rule sets ("conditional").
	Relaxed string
	// WaitAction is the action that asks callers to wait and try again, which a row may use only
	// with a wait ("retry_later").
	WaitAction string
	// CallerOrigins are the origins of failures that are the caller's own, which a row may not map
	// to a 5xx status ("policy", "validation").
	CallerOrigins []string
}

// DefaultValues are the agent-error contract's values for the roles.
func DefaultValues() Values {
	return Values{Relaxed: "conditional", WaitAction: "retry_later", CallerOrigins: []string{"policy", "validation"}}
}

// Members are the names of the error type's members that play a part in the catalog, one per
// part. A contract names them in x-catalog's "members"; a part it leaves out keeps the part's own
// name (the agent-error contract's names), so the bundled contract needs no "members" at all.
type Members struct {
	// At the root: the version const, the kind, the message, the origin enum, the recovery
	// object, the side-effects enum, the optional safety hints and the optional cause text.
	Version, Kind, Message, Origin, Recovery, SideEffects, Safety, Cause string
	// In recovery: the action enum, the same-arguments enum, the guidance text and the optional
	// wait in milliseconds.
	Action, SameArguments, Guidance, RetryAfter string
	// In safety: the two hints that relax same_arguments.
	ReadOnly, Idempotent string
}

// memberParts are the parts x-catalog's "members" may rename, by the name of the vocabulary's
// property, which is also the part's default member name.
var memberParts = []struct {
	name string
	of   func(*Members) *string
}{
	{"contract_version", func(m *Members) *string { return &m.Version }},
	{"kind", func(m *Members) *string { return &m.Kind }},
	{"message", func(m *Members) *string { return &m.Message }},
	{"origin", func(m *Members) *string { return &m.Origin }},
	{"recovery", func(m *Members) *string { return &m.Recovery }},
	{"side_effects", func(m *Members) *string { return &m.SideEffects }},
	{"safety", func(m *Members) *string { return &m.Safety }},
	{"cause", func(m *Members) *string { return &m.Cause }},
	{"action", func(m *Members) *string { return &m.Action }},
	{"same_arguments", func(m *Members) *string { return &m.SameArguments }},
	{"guidance", func(m *Members) *string { return &m.Guidance }},
	{"retry_after_ms", func(m *Members) *string { return &m.RetryAfter }},
	{"read_only_hint", func(m *Members) *string { return &m.ReadOnly }},
	{"idempotent_hint", func(m *Members) *string { return &m.Idempotent }},
}

// MembersOf reads x-catalog's "members" from a contract's root, each part defaulting to its own
// name. It does not check the vocabulary (Parse does): a value that is not a string is ignored.
func MembersOf(root *jsontree.Node) Members {
	var m Members
	names := root.Get(CatalogKeyword).Get("members")
	for _, p := range memberParts {
		*p.of(&m) = p.name
		if v := names.Get(p.name); v != nil && v.Kind == jsontree.String && v.Text != "" {
			*p.of(&m) = v.Text
		}
	}
	return m
}

// Kind is one catalog row.
type Kind struct {
	// Name is the kind's wire value ("" for the fallback row).
	Name string
	// GoName is the Go identifier stem for the kind (KindRateLimited's "RateLimited").
	GoName        string
	Origin        string
	Action        string
	SameArguments string
	SideEffects   string
	HTTPStatus    int
	RetryAfter    bool
	HintRelaxes   bool
	Guidance      string
	// JSONRPCCode is the code for protocol errors: the kind's override or the origin's code.
	JSONRPCCode int
	// WWWAuthenticate is the 401 challenge: the kind's own or the surfaces' default ("" if none).
	WWWAuthenticate string
	// Pointer is the row's "file#/pointer".
	Pointer string
}

// Surfaces holds per-surface settings (x-surfaces).
type Surfaces struct {
	MCPMetaKey      string
	WWWAuthenticate string
	// JSONRPCCodes maps an origin to its JSON-RPC error code.
	JSONRPCCodes map[string]int
	// CLIExitCodes maps an origin to the CLI's exit status.
	CLIExitCodes map[string]int
}

// Constructors describes the constructors of a contract with a kind catalog: the Go names of the
// error type, its members and enums, and the catalog rows with every value spelled as the Go
// constant that produces it. The builder checks that the contract has the shape they need; the Go
// emitters (constructors and surfaces) only print it.
type Constructors struct {
	// Error is the Go name of the root type that implements error ("AgentError").
	Error string
	// Version is the literal of the version member's const ("1").
	Version string
	// JSON are the member names of the catalog's parts (Catalog.Members); Fields their Go field
	// names, "" for an optional part the contract does not declare.
	JSON, Fields Members
	// Origin, Recovery, Action, SameArguments and SideEffects are the Go type names of the
	// members the catalog fills in.
	Origin, Recovery, Action, SameArguments, SideEffects string
	// OriginFallback says the origin enum has a fallback value (x-enum-fallback), so its Go type
	// has OrFallback: the surfaces read an unknown origin as it when the enum has one.
	OriginFallback bool
	// Kinds are the catalog rows sorted by kind; Fallback is the row for every other kind.
	Kinds    []KindRow
	Fallback KindRow
	// Conditional is the Go constant of the same_arguments value the safety-hint rule sets
	// (Catalog.Values.Relaxed); empty when no row relaxes.
	Conditional string
	// Safety names the safety member when the safety-hint rule applies, or is nil.
	Safety *SafetyHints
	// RetryAfter is the type kind of recovery.retry_after_ms (ir.TypeNumber or ir.TypeInt64, behind a pointer),
	// or ir.TypeRaw when recovery has no such member.
	RetryAfter ir.TypeKind
	// Params are required members besides the catalog's: every constructor takes them after message.
	Params []Param
	// Consts are the required const members besides contract_version: every constructor sets them.
	Consts []ConstMember
	// Options are the optional members, each set by a With option.
	Options []Option
	// CauseField is the Go field of the cause member, or "" when the contract has none.
	CauseField string
	// MCPMetaKey, JSONRPCCodes and CLIExitCodes come from x-surfaces.
	MCPMetaKey   string
	JSONRPCCodes []OriginCode
	CLIExitCodes []OriginCode
}

// KindRow is one catalog row with its enum values as Go constants.
type KindRow struct {
	Name, GoName                                 string
	Origin, Action, SameArguments, SideEffects   string
	OriginValue, ActionValue, SameArgumentsValue string
	HTTPStatus, JSONRPCCode                      int
	RetryAfter, HintRelaxes                      bool
	Guidance, WWWAuthenticate                    string
}

// SafetyHints names the safety member and the two hints that relax same_arguments.
type SafetyHints struct {
	Field, ReadOnly, Idempotent string
}

// Param is a required member a constructor cannot default: a string parameter.
type Param struct {
	// Field is the Go field; Var is the parameter name; JSON is the member name.
	Field, Var, JSON string
}

// ConstMember is a required member whose schema is a const, which constructors set themselves.
type ConstMember struct {
	// Field is the Go field; Value is the Go expression of the const (ir.GoField.Constant).
	Field, Value string
}

// Option is the With option of one optional member.
type Option struct {
	// Name is the option's function name; Field the Go field; JSON the member name.
	Name, Field, JSON string
	// Type is the parameter's Go type: the field's type without the optional pointer.
	Type *ir.Type
	// Pointer says the field stores the parameter's address.
	Pointer bool
	// Text marks a string member that passes the sanitizer; Evidence marks an open object that
	// passes the evidence sanitizer.
	Text, Evidence bool
}

// OriginCode is one entry of a per-origin table, with the origin as its Go constant.
type OriginCode struct {
	Origin string
	Code   int
}

// Waits reports whether the contract's recovery object has a wait member, which the catalog's
// retry_after rows, the constructors' WithRetryAfter and the surfaces' Retry-After header carry.
func (m *Constructors) Waits() bool { return m.RetryAfter != ir.TypeRaw }
