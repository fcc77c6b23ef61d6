package openapi

import (
	"fmt"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/keywords"
)

// Rule names one rewrite of the contract's schemas. Most are rewrites that the OpenAPI 3.0 document
// needs because OpenAPI 3.0's Schema Object is an older, smaller dialect than JSON Schema 2020-12,
// which OpenAPI 3.1 uses; RuleConst and RuleOpenEnum are made in both versions, for the code
// generators that read the fragments (see bothVersions).
type Rule string

// The rewrites.
const (
	// RuleConst: 3.0 has no const keyword, and ogen leaves a 3.1 const unchecked but checks enum.
	RuleConst Rule = "const"
	// RuleOpenEnum: an enum whose decoders must accept unknown values (x-fallback) is written
	// without enum, because generated clients reject values outside an enum.
	RuleOpenEnum Rule = "open-enum"
	// RuleRefSiblings: 3.0 ignores every keyword beside $ref.
	RuleRefSiblings Rule = "ref-siblings"
	// RuleNullable: 3.0 has no "null" type, only the nullable flag.
	RuleNullable Rule = "nullable"
	// RuleUntypedNull: 3.0 allows null only where nullable is true, even without a type.
	RuleUntypedNull Rule = "untyped-null"
	// RuleNullOnly: a schema that allows only null has no 3.0 type at all.
	RuleNullOnly Rule = "null-only"
	// RuleTypeList: 3.0's type takes one name, not a list.
	RuleTypeList Rule = "type-list"
	// RuleExclusiveBound: 3.0's exclusive bounds are booleans beside minimum and maximum.
	RuleExclusiveBound Rule = "exclusive-bound"
	// RuleExamples: 3.0 schemas carry one example, not a list.
	RuleExamples Rule = "examples"
	// RuleBooleanSchema: 3.0 has no boolean schemas outside additionalProperties.
	RuleBooleanSchema Rule = "boolean-schema"
	// RuleArrayItems: 3.0 requires items beside type array.
	RuleArrayItems Rule = "array-items"
	// RuleDropped: keywords 3.0 cannot express at all.
	RuleDropped Rule = "dropped"
)

// ruleInfo says what a rewrite does and what it costs, for the report.
type ruleInfo struct {
	rule     Rule
	from, to string
	lost     string
}

// bothVersions reports whether a rule rewrites the 3.1 document too.
func bothVersions(r Rule) bool { return r == RuleConst || r == RuleOpenEnum }

// rules lists every rewrite in the order the report uses.
var rules = []ruleInfo{
	{RuleDropped, codeList(keywords.Where(func(k keywords.Keyword) bool { return k.OpenAPI30 == keywords.Dropped })),
		"left out, and with them what would turn stricter without them: `items` beside `prefixItems`, " +
			"`additionalProperties` beside `patternProperties`, a `not` around a left-out keyword; " +
			"a `oneOf` around one becomes `anyOf`",
		"The constraint itself: the 3.0 document accepts values that the contract rejects, never the reverse."},
	{RuleExamples, "`examples: [a, b, …]`", "`example: a`", "Every example after the first."},
	{RuleOpenEnum, "`enum: [a, b, …]` with `x-fallback` (an open enum: decoders must accept other values)",
		"the `type` alone, the values under `x-extensible-enum`, their meanings in the description and " +
			"`x-enum-descriptions`",
		"Validators accept any string here, as the contract's decoders do; code generators write a plain " +
			"string instead of an enum type with constants (with `enum`, ogen's client rejects a whole error " +
			"response that carries a value the server added later; oapi-codegen v2.8.2 checks no enum, so " +
			"either form decodes there; `anyOf: [{enum}, {type: string}]` ogen v1.25.0 refuses to generate). " +
			"`x-extensible-enum` is read by documentation tools, not by oapi-codegen or ogen."},
	{RuleConst, "`const: v`", "`enum: [v]`, with the constant's name in `x-enum-varnames`",
		"Nothing a validator sees; tools that turn `const` into a literal type see a one-value enum. " +
			"ogen checks `enum: [v]` but leaves `const` unchecked, and oapi-codegen names the constant " +
			"`N1` unless `x-enum-varnames` names it."},
	{RuleRefSiblings, "`$ref` with other keywords beside it", "`allOf: [{$ref}]` with those keywords beside `allOf`",
		"Nothing a validator sees (3.0 ignores keywords beside `$ref`, so they move next to a wrapper); " +
			"tools show an unnamed wrapper where 3.1 shows the referenced name."},
	{RuleNullable, "`type: [T, \"null\"]`", "`type: T` and `nullable: true`", "Nothing."},
	{RuleUntypedNull, "a schema without `type` that allows null", "the same with `nullable: true`",
		"Nothing: 3.0 readers such as kin-openapi reject null wherever `nullable` is missing, even in a " +
			"schema without `type`."},
	{RuleNullOnly, "`type: \"null\"`", "`nullable: true` and `enum: [null]`",
		"Nothing a validator sees; 3.0 has no name for the null type, so tools see an untyped schema."},
	{RuleTypeList, "`type` listing several types", "`anyOf` with one `type` each",
		"Nothing a validator sees; tools see a union instead of one schema."},
	{RuleExclusiveBound, "numeric `exclusiveMinimum` / `exclusiveMaximum`",
		"`minimum` / `maximum` with `exclusiveMinimum: true` / `exclusiveMaximum: true`",
		"Nothing; where an inclusive and an exclusive bound were both given, the looser one, which " +
			"never decides, is left out."},
	{RuleBooleanSchema, "the schemas `true` and `false`", "`{nullable: true}` and `{not: {nullable: true}}`", "Nothing."},
	{RuleArrayItems, "`type: array` without `items`", "`items: {nullable: true}`", "Nothing."},
}

// codeList writes names as a list of inline code.
func codeList(names []string) string {
	return "`" + strings.Join(names, "`, `") + "`"
}

// Loss is one rewrite applied to one place of the 3.0 document.
type Loss struct {
	// Rule is the rewrite.
	Rule Rule
	// Pointer is the JSON pointer of the rewritten schema in the 3.0 document.
	Pointer string
	// Keyword is the 3.1 keyword that was rewritten or left out, or the 3.0 keyword that was added
	// where 3.1 needs none.
	Keyword string
}

// String renders a loss as one line, the form tests pin.
func (l Loss) String() string { return fmt.Sprintf("%s %s #%s", l.Rule, l.Keyword, l.Pointer) }

// lossLog collects the rewrites of one conversion, in document order.
type lossLog struct{ losses []Loss }

func (l *lossLog) add(rule Rule, ptr, keyword string) {
	l.losses = append(l.losses, Loss{Rule: rule, Pointer: ptr, Keyword: keyword})
}

// report renders the Markdown report that is emitted beside the 3.0 documents.
func report(losses []Loss, doc30 string) []byte {
	var b strings.Builder
	b.WriteString(emit.HeaderComment(".md", emit.Header) + "\n# What the OpenAPI fragments lose\n\n")
	fmt.Fprintf(&b, "OpenAPI 3.1 speaks JSON Schema 2020-12, so the 3.1 fragment keeps the contract's schemas\n"+
		"except for two rewrites made in both versions for the code generators that read them (oapi-codegen\n"+
		"and ogen, see docs/openapi.md): open enums and `const`. OpenAPI 3.0.3 speaks an older, smaller\n"+
		"dialect, so the 3.0 fragment (`%s` and its JSON twin) rewrites more. This report lists\n"+
		"every rewrite, the versions that make it, and what it costs. In both versions the contract's\n"+
		"`$defs` become `components/schemas`, named after the generated Go types.\n\n", doc30)
	if len(losses) == 0 {
		b.WriteString("No schema needed a rewrite: both fragments say exactly what the contract says.\n")
		return []byte(b.String())
	}
	fmt.Fprintf(&b, "%d rewrites.\n", len(losses))
	for _, info := range rules {
		var where []string
		for _, l := range losses {
			if l.Rule == info.rule {
				where = append(where, fmt.Sprintf("- `#%s` (`%s`)", l.Pointer, l.Keyword))
			}
		}
		if len(where) == 0 {
			continue
		}
		versions := "3.0 only"
		if bothVersions(info.rule) {
			versions = "3.1 and 3.0"
		}
		fmt.Fprintf(&b, "\n## %s\n\n- Versions: %s\n- Contract: %s\n- Fragment: %s\n- Lost: %s\n\nWhere:\n\n%s\n",
			info.rule, versions, info.from, info.to, info.lost, strings.Join(where, "\n"))
	}
	return []byte(b.String())
}
