// Package goconstruct emits the constructors of a contract with a kind catalog: a constant and a
// constructor per kind, the catalog lookup, a generic constructor with the fallback row, options for
// every optional member, CheckCatalog for the catalog's rules a schema cannot state, errors.Is by
// kind and Unwrap to a wrapped Go error. Every text an option takes passes the sanitizer, which
// this emitter copies into the generated package. It prints ir.Constructors, which package build
// has checked; it decides nothing about the schema.
//
// construct.go is written as text in gofmt's layout, without go/format (which, with text/template,
// took most of a generator run): construct.go.txt holds the fixed text, and the functions here
// write the parts that vary with the contract, which gosrc.Expand puts in place. Where gofmt aligns
// columns (the catalog rows, the error literal in cgConstruct) gosrc.PairLines computes the
// padding; doc comments that embed contract text go through gosrc.DocComment. The tests check the
// output for every contract we have, and for variants of it, against go/format.
package goconstruct

import (
	"bytes"
	_ "embed"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/emit/gotypes"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/naming"
)

//go:embed construct.go.txt
var constructText string

// Emit returns construct.go and sanitize.go, or nothing when the contract has no kind catalog.
// The builder has checked the contract (ir.Constructors); this only prints.
func Emit(pkg *ir.Package) ([]emit.File, error) {
	if pkg.Constructors == nil {
		return nil, nil
	}
	_, ptr, _ := strings.Cut(pkg.Catalog.Origin, "#")
	m := &model{Constructors: pkg.Constructors, Package: pkg.Name, Hash: pkg.Hash, CatalogPointer: ptr}
	runtime, err := emit.GoRuntimeFiles(pkg.Name, pkg.Hash, "sanitize")
	if err != nil {
		return nil, err
	}
	return append([]emit.File{{Path: "construct.go", Bytes: construct(m)}}, runtime...), nil
}

// model is what construct.go is printed from: the builder's decisions and the file header's facts.
type model struct {
	*ir.Constructors
	// Package is the Go package name; Hash is the contract hash for the file header.
	Package, Hash string
	// CatalogPointer is the JSON pointer of x-catalog in the schema, where CheckCatalog points.
	CatalogPointer string
}

// usesJSON says whether construct.go needs encoding/json: for a json.Number retry_after_ms or an
// option whose type names a json type.
func (m *model) usesJSON() bool {
	if m.RetryAfter == ir.GoNumber {
		return true
	}
	for _, o := range m.Options {
		if strings.Contains(gotypes.TypeString(o.Type), "json.") {
			return true
		}
	}
	return false
}

// commentWidth is where comments that carry contract text are wrapped.
const commentWidth = 96

// construct renders construct.go.
func construct(m *model) []byte {
	var paramList strings.Builder // ", traceID": what follows message in cgConstruct's parameters
	for _, p := range m.Params {
		paramList.WriteString(", " + p.Var)
	}
	var out bytes.Buffer
	out.Grow(len(constructText) + len(m.Kinds)*1300)
	gosrc.Expand(&out, constructText, map[string]string{
		"Hash":             m.Hash,
		"Package":          m.Package,
		"Error":            m.Error,
		"Origin":           m.Origin,
		"Action":           m.Action,
		"SameArguments":    m.SameArguments,
		"SideEffects":      m.SideEffects,
		"paramList":        paramList.String(),
		"imports":          constructImports(m),
		"kindConstants":    kindConstants(m),
		"catalogRows":      catalogRows(m),
		"fallbackRow":      joinLines(catalogRow(1, m.Fallback)),
		"kindConstructors": kindConstructors(m, paramList.String()),
		"errorFields":      joinLines(errorFields(m)),
		"finishRules":      finishRules(m),
		"options":          options(m),
		"catalogPointer":   m.CatalogPointer,
		"retryRule":        retryRule(m),
		"catalogChecks":    catalogChecks(m),
	})
	return out.Bytes()
}

// put writes the concatenation of parts to b, without building it as a string first.
func put(b *bytes.Buffer, parts ...string) {
	for _, p := range parts {
		b.WriteString(p)
	}
}

// putLines writes each line followed by a newline.
func putLines(b *bytes.Buffer, lines []string) {
	for _, l := range lines {
		put(b, l, "\n")
	}
}

// joinLines returns lines, each ended by a newline.
func joinLines(lines []string) string {
	var b bytes.Buffer
	putLines(&b, lines)
	return b.String()
}

// constructImports lists the imports of construct.go, sorted as gofmt sorts them.
func constructImports(m *model) string {
	var b bytes.Buffer
	if m.usesJSON() {
		b.WriteString("\t\"encoding/json\"\n")
	}
	b.WriteString("\t\"slices\"\n")
	if m.RetryAfter != ir.GoRaw {
		// json.Number formatting, and CheckCatalog's message.
		b.WriteString("\t\"strconv\"\n")
	}
	b.WriteString("\t\"strings\"\n\t\"time\"\n")
	return b.String()
}

// kindConstants writes what goes between the parentheses of the Kind constants: a constant per
// catalog row, or nothing, since gofmt writes an empty block as "()". Each constant has its own
// comment, which ends any column gofmt would align, so it is written with single spaces.
func kindConstants(m *model) string {
	if len(m.Kinds) == 0 {
		return ""
	}
	var b bytes.Buffer
	b.Grow(len(m.Kinds) * 320)
	b.WriteByte('\n')
	for _, r := range m.Kinds {
		for _, l := range gosrc.LineComment(emit.Wrap("Kind"+r.GoName+" is "+strconv.Quote(r.Name)+": "+r.Guidance, commentWidth)) {
			put(&b, "\t", l, "\n")
		}
		put(&b, "\tKind", r.GoName, " Kind = ", strconv.Quote(r.Name), "\n")
	}
	return b.String()
}

// catalogRows writes what goes between the braces of cgCatalog: an element per catalog row, or
// nothing, since gofmt writes an empty literal as "{}".
func catalogRows(m *model) string {
	if len(m.Kinds) == 0 {
		return ""
	}
	var b bytes.Buffer
	b.Grow(len(m.Kinds) * 480)
	b.WriteByte('\n')
	for _, r := range m.Kinds {
		b.WriteString("\t{\n")
		putLines(&b, catalogRow(2, r))
		b.WriteString("\t},\n")
	}
	return b.String()
}

// catalogRow lays out the fields of one KindInfo literal at the given indentation.
func catalogRow(indent int, r ir.KindRow) []string {
	rows := make([][]gosrc.Pair, 0, 5)
	if r.Name != "" {
		rows = append(rows, []gosrc.Pair{{Key: "Kind", Value: "Kind" + r.GoName}})
	}
	rows = append(rows,
		[]gosrc.Pair{{Key: "Origin", Value: r.Origin}, {Key: "Action", Value: r.Action},
			{Key: "SameArguments", Value: r.SameArguments}, {Key: "SideEffects", Value: r.SideEffects}},
		[]gosrc.Pair{{Key: "HTTPStatus", Value: strconv.Itoa(r.HTTPStatus)}, {Key: "RetryAfter", Value: strconv.FormatBool(r.RetryAfter)},
			{Key: "HintRelaxes", Value: strconv.FormatBool(r.HintRelaxes)}, {Key: "JSONRPCCode", Value: strconv.Itoa(r.JSONRPCCode)}})
	if r.WWWAuthenticate != "" {
		rows = append(rows, []gosrc.Pair{{Key: "WWWAuthenticate", Value: strconv.Quote(r.WWWAuthenticate)}})
	}
	rows = append(rows, []gosrc.Pair{{Key: "Guidance", Value: strconv.Quote(r.Guidance)}})
	return gosrc.PairLines(indent, rows)
}

// kindConstructors writes New<Kind> for every catalog row, each followed by a blank line.
func kindConstructors(m *model, paramList string) string {
	var params strings.Builder // "traceID, ": the parameters before message
	for _, p := range m.Params {
		params.WriteString(p.Var + ", ")
	}
	var b bytes.Buffer
	b.Grow(len(m.Kinds) * 480)
	for _, r := range m.Kinds {
		putLines(&b, gosrc.DocComment(emit.Wrap("New"+r.GoName+" returns "+naming.Article(r.Name)+" "+strconv.Quote(r.Name)+" error: "+describeRow(r), commentWidth)))
		put(&b, "func New", r.GoName, "(", params.String(), "message string, opts ...Option) *", m.Error, " {\n",
			"\treturn cgConstruct(Kind", r.GoName, ", message", paramList, ", opts)\n}\n\n")
	}
	return b.String()
}

// describeRow summarizes a row for a constructor's doc comment.
func describeRow(r ir.KindRow) string {
	var b strings.Builder
	b.WriteString("origin " + r.OriginValue + ", recovery " + r.ActionValue + " (same arguments: " + r.SameArgumentsValue +
		"), HTTP " + strconv.Itoa(r.HTTPStatus))
	if r.RetryAfter {
		b.WriteString(", WithRetryAfter applies")
	}
	b.WriteString(". Guidance: " + r.Guidance)
	return b.String()
}

// errorFields lays out the fields of the error literal cgConstruct starts from.
func errorFields(m *model) []string {
	rows := [][]gosrc.Pair{
		{{Key: "ContractVersion", Value: m.Version}},
		{{Key: "Kind", Value: "kind"}},
		{{Key: "Message", Value: "message"}},
		{{Key: "Origin", Value: "row.Origin"}},
		{{Key: "Recovery", Value: m.Recovery + "{Action: row.Action, SameArguments: row.SameArguments, Guidance: row.Guidance}"}},
		{{Key: "SideEffects", Value: "row.SideEffects"}},
	}
	for _, p := range m.Params {
		rows = append(rows, []gosrc.Pair{{Key: p.Field, Value: "SanitizeText(" + p.Var + ")"}})
	}
	for _, c := range m.Consts {
		rows = append(rows, []gosrc.Pair{{Key: c.Field, Value: c.Value}})
	}
	return gosrc.PairLines(2, rows)
}

// The rules of cgBuild.finish, each written only when the contract has the members it needs.
const (
	safetyHintRule = `	// The safety-hint rule: a tool that declares itself read-only or idempotent can be called again
	// with the same arguments once the condition clears, so a relaxing kind says "conditional".
	if b.row.HintRelaxes && !b.sameArgumentsSet && e.$Field != nil &&
		(cgIsTrue(e.$Field.$ReadOnly) || cgIsTrue(e.$Field.$Idempotent)) {
		e.Recovery.SameArguments = $Conditional
	}
`
	retryAfterNumberRule = `	if b.retryAfter != nil {
		ms := cgMilliseconds(*b.retryAfter)
		n := json.Number(strconv.FormatInt(ms, 10))
		e.Recovery.RetryAfterMS = &n
	}
`
	retryAfterInt64Rule = `	if b.retryAfter != nil {
		ms := cgMilliseconds(*b.retryAfter)
		e.Recovery.RetryAfterMS = &ms
	}
`
	evidenceRule = `	if b.evidence != nil {
		e.$Field = SanitizeEvidence(b.evidence)
	}
`
	causeRule = `	e.cgCause = b.cause
`
)

// retryAfterCheck is CheckCatalog's test of recovery.retry_after_ms against the row's RetryAfter.
const retryAfterCheck = `	if row, known := LookupKind(v.Kind); v.Recovery.RetryAfterMS != nil && !row.RetryAfter {
		rule := "$catalogPointer/fallback/retry_after"
		if known {
			rule = "$catalogPointer/kinds/" + cgPointerToken(string(v.Kind)) + "/retry_after"
		}
		violations = append(violations, Violation{InstanceLocation: "/recovery/retry_after_ms", KeywordLocation: rule,
			Message: "the catalog row of kind " + strconv.Quote(string(v.Kind)) + " does not allow retry_after_ms"})
	}
`

// catalogChecks writes CheckCatalog's tests, one per rule the contract's members make possible.
func catalogChecks(m *model) string {
	if m.RetryAfter == ir.GoRaw {
		return ""
	}
	var b bytes.Buffer
	gosrc.Expand(&b, retryAfterCheck, map[string]string{"catalogPointer": m.CatalogPointer})
	return b.String()
}

// retryRule states CheckCatalog's rules in its doc comment.
func retryRule(m *model) string {
	if m.RetryAfter == ir.GoRaw {
		return "none, as the contract has no recovery.retry_after_ms."
	}
	return "recovery.retry_after_ms only for a kind whose row sets RetryAfter."
}

// finishRules writes the body of cgBuild.finish after its first line.
func finishRules(m *model) string {
	var b bytes.Buffer
	if s := m.Safety; s != nil {
		gosrc.Expand(&b, safetyHintRule, map[string]string{
			"Field": s.Field, "ReadOnly": s.ReadOnly, "Idempotent": s.Idempotent, "Conditional": m.Conditional})
	}
	switch m.RetryAfter {
	case ir.GoNumber:
		b.WriteString(retryAfterNumberRule)
	case ir.GoInt64:
		b.WriteString(retryAfterInt64Rule)
	}
	for _, o := range m.Options {
		if o.Evidence {
			gosrc.Expand(&b, evidenceRule, map[string]string{"Field": o.Field})
		}
	}
	if m.CauseField != "" {
		b.WriteString(causeRule)
	}
	return b.String()
}

// The options, each followed by a blank line. Their doc comments are written by options, because
// they wrap text of the contract.
const (
	textOption = `func $Name(value string) Option {
	return Option{func(b *cgBuild) { b.err.$Field = cgText(value) }}
}

`
	evidenceOption = `func $Name(value map[string]any) Option {
	return Option{func(b *cgBuild) {
		if b.evidence == nil {
			b.evidence = make(map[string]any, len(value))
		}
		for k, v := range value {
			b.evidence[k] = v
		}
	}}
}

`
	valueOption = `func $Name(value $Type) Option {
	return Option{func(b *cgBuild) { b.err.$Field = $Value }}
}

`
	causeErrorOption = `// WithCauseError sets cause to the sanitized text of err and keeps err itself, so that errors.Is
// and errors.As reach it through Unwrap. A nil err changes nothing.
func WithCauseError(err error) Option {
	return Option{func(b *cgBuild) {
		if err == nil {
			return
		}
		b.cause = err
		b.err.$Field = cgText(err.Error())
	}}
}

`
)

// options writes the With option of every optional member, and WithCauseError when the contract
// has a text cause.
func options(m *model) string {
	var b bytes.Buffer
	doc := func(text string) { putLines(&b, gosrc.DocComment(emit.Wrap(text, commentWidth))) }
	for _, o := range m.Options {
		vars := map[string]string{"Name": o.Name, "Field": o.Field}
		switch {
		case o.Text:
			doc(o.Name + " sets " + o.JSON + "; the text passes the sanitizer first.")
			gosrc.Expand(&b, textOption, vars)
		case o.Evidence:
			doc(o.Name + " adds members to " + o.JSON + ". Values go through SanitizeEvidence once all options have run, " +
				"so secret-named members and secret-shaped strings never reach the object; a later call wins for the same member.")
			gosrc.Expand(&b, evidenceOption, vars)
		default:
			doc(o.Name + " sets " + o.JSON + ".")
			vars["Type"], vars["Value"] = gotypes.TypeString(o.Type), "value"
			if o.Pointer {
				vars["Value"] = "&value"
			}
			gosrc.Expand(&b, valueOption, vars)
		}
	}
	if m.CauseField != "" {
		gosrc.Expand(&b, causeErrorOption, map[string]string{"Field": m.CauseField})
	}
	return b.String()
}
