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
	// RuleContractVersionBumped: the const of the root's version member went up.
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
	// RuleFallbackChanged: an enum's x-fallback differs (or, reported by a profile, another
	// fallback of its own, such as the agent-error catalog's fallback entry).
	RuleFallbackChanged = "fallback-changed"
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
	RuleAnnotationChanged, RuleGoNameChanged, RuleGoTypeChanged, RuleFallbackChanged,
}
