// Package compat classifies the changes between two versions of a JSON Schema document (draft-04
// to 2020-12) under a mode (Mode): backward, forward and full decide what each change does to the
// set of valid instances; contract follows section 6 of the agent error contract, where additive
// changes keep the version and breaking ones need a new one. Auto picks contract for a document
// that carries a profile's root keyword or the version member a profile names, and backward for
// any other.
//
// # Profiles
//
// A profile (Profile, listed in Options) is a vocabulary layered on JSON Schema: it names the
// version member, and compares its own root keywords in the contract mode through a Differ, so
// its changes are merged and sorted with the walk's. compat knows none of a profile's words; the
// agent-error contract's rules (x-catalog, x-surfaces, contract_version or the member its
// x-catalog "members" names) are internal/gen/profile/errorcontract/compatrules, which the
// command passes. Without a profile every keyword is JSON Schema's or an annotation.
//
// # Backward, forward and full (the semantic engine: sem*.go, same.go)
//
// Both documents are walked in parallel from the root (and from each root definition both keep
// under the same name). Each keyword is read as the dialect of its schema defines it, through the
// keyword table (internal/gen/keywords, read in keytable.go): the dialects that define it, the
// comparison that judges a change to it and where it holds subschemas. A keyword a dialect does
// not define is ignored there; one no dialect defines is an annotation; a keyword whose
// comparison compat does not have (undecided in the table, or new) is an error naming it, under
// every mode.
//
// A schema is a conjunction of its keyword groups, so each change is classified on its own, with a
// direction: grew (an instance the old schema rejected may now be accepted), shrank (one it
// accepted may now be rejected), both, or undecided. Each direction claimed is sound: a change
// reported as only growing never rejects an old instance, which TestFalsifyPairs,
// TestFalsifyMutations and FuzzCompare check with the reference validator. Directions compose
// through a polarity: under not they flip, inside the condition of if or a oneOf whose branches
// may overlap they become undecided. The class of a direction under a mode is in classify;
// undecided is breaking in every mode.
//
// Groups that act together are compared together: a member's constraint is its properties
// schema with every matching patternProperties schema, or additionalProperties (or
// unevaluatedProperties where no applicator evaluates members); an array position is its
// tuple schema or the schema for the rest; dependencies, dependentRequired and dependentSchemas
// become one conjunction per member; contains goes with minContains and maxContains. allOf and
// anyOf compare as sets of structurally equal parts (sameSchema, which follows $ref), so reorders
// and duplicates change nothing. $ref in draft-07 and earlier replaces its siblings; later it is
// merged with them, and a keyword given at several levels of one chain with different values is
// undecided when it changes.
//
// These modes report the contract mode's rules where they fit (member-made-required,
// enum-value-added, constraint-tightened, type-changed, ...) and their own: member-added,
// pattern-property-added, pattern-property-removed, dependency-changed, items-changed,
// allof-changed, branch-added, branch-removed and definition-removed (a root definition no
// reference reached is gone: nothing in this document changes, references from others break).
// A change's class follows from its direction and the mode, never from its rule.
//
// # The contract mode
//
// It works on the raw JSON of both documents, not on generated code, so any two schemas can be
// compared. Both are walked in parallel from the root. Local $ref (a "#" fragment holding a JSON
// pointer or an anchor name, or the $id of the root or of an embedded resource followed by a
// fragment; resolved as RFC 3986 says, by the resolver the loader uses too, schemaref) is
// followed and merged
// with its sibling keywords, so moving an inline schema into $defs is no change at all. $defs
// entries are compared only where a $ref reaches them; an unreferenced definition constrains no
// instance. Every paired visit is remembered, which ends $ref cycles and keeps a shared
// definition from being walked twice in the same context.
//
// # Pointers
//
// A change carries a JSON pointer into the new document, or into the old one for something
// that was removed. Pointers name the real location: an enum value added to a definition that
// /properties/origin refers to is reported at /$defs/origin/enum/N, and the message says
// whether it was reached as a required or an optional member. When one definition is reached
// from several places, the most severe class wins.
//
// # Whose view
//
// Two readers can break. Old consumers read what new producers send, so widening what a
// member may hold can surprise them; new consumers (and validators) read what old producers
// sent, so narrowing can reject instances that used to be valid. The contract answers the first
// reader with its extension rule: consumers ignore members they do not understand, and treat
// unknown enum values through a declared fallback. That is why a new optional member is
// additive. It does not let a consumer ignore a required member, so widening a required member
// is breaking. "Required" means required in the enclosing object; the document root counts as
// required.
//
// # Rules
//
//	rule                           class                         when
//	member-added-optional          additive                      a member appears in properties, not required
//	member-added-required          breaking                      a member appears and is required at once
//	member-removed                 breaking                      a member disappears
//	member-renamed                 breaking                      see "Renames" below
//	member-made-required           breaking                      an existing member joins required
//	member-made-optional           breaking                      an existing member leaves required
//	type-changed                   breaking                      the set of allowed types differs, either way
//	enum-value-added               breaking on a required member a value joins an enum
//	                               additive on an optional member
//	enum-value-removed             breaking                      a value leaves an enum
//	const-changed                  breaking                      a const takes another value
//	contract-version-bumped        annotation                    the root version member's const goes up
//	constraint-tightened           breaking                      a limit, pattern, enum, const, uniqueItems
//	                                                             or the schema false now accepts less
//	constraint-relaxed             breaking on a required member the same keywords now accept more
//	                               additive on an optional member
//	constraint-changed             breaking                      a pattern, multipleOf or dependentRequired
//	                                                             changed in no provable direction
//	additional-properties-closed   breaking                      extra members now rejected or schema-checked
//	additional-properties-opened   additive                      extra members now accepted more freely
//	applicator-changed             breaking                      allOf, anyOf, oneOf, not, if/then/else,
//	                                                             prefixItems, contains, patternProperties,
//	                                                             propertyNames, dependentSchemas,
//	                                                             unevaluated*, $dynamicRef: added, removed,
//	                                                             or a different number of branches
//	dialect-changed                breaking                      $schema or $vocabulary differ
//	annotation-changed             annotation                    title, description, examples, default,
//	                                                             format, deprecated, readOnly, writeOnly,
//	                                                             $comment, $id, $anchor, content*,
//	                                                             x-enum-descriptions, unknown keywords
//	go-name-changed                breaking                      x-go-name differs: generated Go API renamed
//	go-type-changed                breaking                      x-go-type, x-go-type-import or goJSONSchema
//	                                                             differs: a generated Go type (or name) changed
//	fallback-changed               breaking                      an enum's x-fallback (a profile reports it
//	                                                             for a fallback of its own too)
//
// Inside an applicator (allOf, anyOf, oneOf, not and the others listed above) the branches are
// still walked where they line up, but every finding there that is not an annotation becomes
// breaking: under not a tightening is a relaxation, and widening one oneOf branch can make an
// instance match two branches and fail.
//
// # Decisions
//
// Renames. A member that disappears and one that appears in the same object are reported as a
// single member-renamed when their effective schemas (after $ref, annotations included) and
// their required-ness are identical, and no other removed or added member there matches them.
// Anything less certain is reported as member-removed plus member-added-*; the verdict is
// breaking either way, the rename only reads better.
//
// Made optional. Breaking: consumers were promised the member, and new producers may now omit
// it, which to those consumers is the same as removing it.
//
// Enum values. Removing one is always breaking: an old producer's instance may be refused, and
// the generated Go constant disappears. Adding one to a required member is breaking (section 6).
// Adding one to an optional member is additive: a consumer that meets a value it does not know
// can treat the member as absent, which it must handle anyway.
//
// Tightening. Breaking on every member, not only required ones: when an optional member is
// present it is validated like a required one, so an instance an old producer was allowed to
// send may be refused, and section 1 promises that what v1 accepted stays accepted.
//
// Relaxing. Relaxing widens what producers may send, so it is judged like an enum value added:
// breaking on a required member, whose every value consumers must act on; additive on an
// optional member, which they may drop. A type that widens is still type-changed (breaking),
// because the generated Go type changes.
//
// Version. contract-version-bumped is an annotation-class note; it is what turns a breaking
// report from "needs a new contract_version" into an accepted major change. A const on the
// version member that goes down or becomes a non-integer is const-changed.
//
// Errors. Malformed input (bad JSON, duplicate members, a keyword of the wrong type where it is
// read, an unresolvable or external $ref, a $ref chain that loops without a schema in between)
// fails with an error that names the document and the JSON pointer.
package compat
