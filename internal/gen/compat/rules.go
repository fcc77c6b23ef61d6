package compat

// The rule names a Change can carry. They are part of the command's output, so scripts may match
// on them; the package documentation explains when each one fires and why it has its class.
const (
	// RuleMemberAddedOptional: a member appears in properties without being required.
	RuleMemberAddedOptional = "member-added-optional"
	// RuleMemberAddedRequired: a member appears in properties and is required at once.
	RuleMemberAddedRequired = "member-added-required"
	// RuleMemberRemoved: a member disappears from properties.
	RuleMemberRemoved = "member-removed"
	// RuleMemberRenamed: a member disappears and another with the same schema appears.
	RuleMemberRenamed = "member-renamed"
	// RuleMemberMadeRequired: an existing member joins required.
	RuleMemberMadeRequired = "member-made-required"
	// RuleMemberMadeOptional: an existing member leaves required.
	RuleMemberMadeOptional = "member-made-optional"
	// RuleTypeChanged: the set of types a schema allows differs.
	RuleTypeChanged = "type-changed"
	// RuleEnumValueAdded: an enum gains a value.
	RuleEnumValueAdded = "enum-value-added"
	// RuleEnumValueRemoved: an enum loses a value.
	RuleEnumValueRemoved = "enum-value-removed"
	// RuleConstChanged: a const takes a different value.
	RuleConstChanged = "const-changed"
	// RuleContractVersionBumped: the root contract_version const went up.
	RuleContractVersionBumped = "contract-version-bumped"
	// RuleConstraintTightened: a validation keyword now accepts fewer instances.
	RuleConstraintTightened = "constraint-tightened"
	// RuleConstraintRelaxed: a validation keyword now accepts more instances.
	RuleConstraintRelaxed = "constraint-relaxed"
	// RuleConstraintChanged: a validation keyword changed in a direction that cannot be told.
	RuleConstraintChanged = "constraint-changed"
	// RuleAdditionalPropertiesClosed: members outside properties are now rejected or constrained.
	RuleAdditionalPropertiesClosed = "additional-properties-closed"
	// RuleAdditionalPropertiesOpened: members outside properties are now accepted more freely.
	RuleAdditionalPropertiesOpened = "additional-properties-opened"
	// RuleApplicatorChanged: an applicator keyword appeared, disappeared or changed its branches.
	RuleApplicatorChanged = "applicator-changed"
	// RuleDialectChanged: $schema or $vocabulary differ.
	RuleDialectChanged = "dialect-changed"
	// RuleAnnotationChanged: a keyword that does not affect validation differs.
	RuleAnnotationChanged = "annotation-changed"
	// RuleGoNameChanged: an x-go-name differs, which renames generated Go code.
	RuleGoNameChanged = "go-name-changed"
	// RuleGoTypeChanged: x-go-type, x-go-type-import or goJSONSchema differs, which changes a Go type
	// (or name) of generated Go code.
	RuleGoTypeChanged = "go-type-changed"
	// RuleFallbackChanged: an enum's x-fallback or the catalog's fallback entry differs.
	RuleFallbackChanged = "fallback-changed"
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
	// RuleKindRetryAfterChanged: whether a kind may carry retry_after_ms differs.
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

// The rules only the backward, forward and full modes use; there a change's class follows from
// its direction (Change.Direction) and the mode, not from the rule.
const (
	// RuleMemberAdded: a member appears in properties.
	RuleMemberAdded = "member-added"
	// RulePatternPropertyAdded: a patternProperties entry appears.
	RulePatternPropertyAdded = "pattern-property-added"
	// RulePatternPropertyRemoved: a patternProperties entry disappears.
	RulePatternPropertyRemoved = "pattern-property-removed"
	// RuleDependencyChanged: a dependency (dependencies, dependentRequired, dependentSchemas)
	// appears, disappears or changes.
	RuleDependencyChanged = "dependency-changed"
	// RuleItemsChanged: an array position is checked by another schema, or the items after the
	// tuple are.
	RuleItemsChanged = "items-changed"
	// RuleBranchChanged: an allOf gains or loses a schema.
	RuleBranchChanged = "allof-changed"
	// RuleBranchAdded: an anyOf or oneOf gains a branch.
	RuleBranchAdded = "branch-added"
	// RuleBranchRemoved: an anyOf or oneOf loses a branch.
	RuleBranchRemoved = "branch-removed"
	// RuleDefinitionRemoved: a root definition that no reference in the document reached is gone.
	RuleDefinitionRemoved = "definition-removed"
)

// semanticRules lists the rules of the backward, forward and full modes that the contract mode
// does not use.
var semanticRules = []string{
	RuleMemberAdded, RulePatternPropertyAdded, RulePatternPropertyRemoved, RuleDependencyChanged,
	RuleItemsChanged, RuleBranchChanged, RuleBranchAdded, RuleBranchRemoved, RuleDefinitionRemoved,
}

// allRules lists every rule once, in the order of the documentation table, so tests can check
// that each one is documented and exercised by a fixture.
var allRules = []string{
	RuleMemberAddedOptional, RuleMemberAddedRequired, RuleMemberRemoved, RuleMemberRenamed,
	RuleMemberMadeRequired, RuleMemberMadeOptional, RuleTypeChanged, RuleEnumValueAdded,
	RuleEnumValueRemoved, RuleConstChanged, RuleContractVersionBumped, RuleConstraintTightened,
	RuleConstraintRelaxed, RuleConstraintChanged, RuleAdditionalPropertiesClosed,
	RuleAdditionalPropertiesOpened, RuleApplicatorChanged, RuleDialectChanged,
	RuleAnnotationChanged, RuleGoNameChanged, RuleGoTypeChanged, RuleFallbackChanged, RuleKindAdded, RuleKindRemoved,
	RuleKindOriginChanged, RuleKindActionChanged, RuleKindSameArgumentsChanged,
	RuleKindSideEffectsChanged, RuleKindHTTPStatusChanged, RuleKindRetryAfterChanged,
	RuleKindHintRelaxesChanged, RuleKindJSONRPCCodeChanged, RuleKindWWWAuthenticateChanged,
	RuleKindGuidanceChanged, RuleKindEntryChanged, RuleCatalogSettingChanged,
	RuleSurfaceSettingChanged,
}
