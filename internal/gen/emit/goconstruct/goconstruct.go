// Package goconstruct emits the constructors of a contract with a kind catalog: a constant and a
// constructor per kind, the catalog lookup, a generic constructor with the fallback row, options for
// every optional member, CheckCatalog for the catalog's rules a schema cannot state, errors.Is by
// kind and Unwrap to a wrapped Go error. Every text an option takes passes the sanitizer, which
// this emitter copies into the generated package. It prints errorcontract.Constructors, which package build
// has checked; it decides nothing about the schema.
//
// construct.go is written through gosrc, contractgen's one Go writer, in gofmt's layout and
// without go/format (which, with text/template, took most of a generator run): each function here
// writes one part of the file, fixed lines as they are and the parts that vary from the model, and
// the packages the lines name are imported as they are used. Where gofmt aligns columns (the
// catalog rows, the error literal in cgConstruct) gosrc.PairLines computes the padding; doc
// comments that embed contract text go through gosrc.DocComment. The tests check the output for
// every contract we have, and for variants of it, against go/format.
package goconstruct

import (
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/emit/gotypes"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/naming"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// The standard packages construct.go uses.
const (
	slicesPkg  gosrc.ImportPath = "slices"
	stringsPkg gosrc.ImportPath = "strings"
	strconvPkg gosrc.ImportPath = "strconv"
	timePkg    gosrc.ImportPath = "time"
	jsonPkg    gosrc.ImportPath = "encoding/json"
)

// Emit returns construct.go and sanitize.go, or nothing when the contract has no kind catalog.
// The builder has checked the contract (errorcontract.Constructors); this only prints.
func Emit(pkg *ir.Package) ([]emit.File, error) {
	ec := errorcontract.Of(pkg)
	if ec.Constructors == nil {
		return nil, nil
	}
	_, ptr, _ := strings.Cut(ec.Catalog.Origin, "#")
	m := &model{Constructors: ec.Constructors, Package: pkg.Name, Hash: pkg.Hash, CatalogPointer: ptr, Relaxed: ec.Catalog.Values.Relaxed,
		Runtime: emit.Runtime{Import: pkg.Go.ImportRuntime}}
	// surfaces.go, written beside construct.go, calls the runtime's surface helpers too.
	runtime, err := m.Runtime.Files(pkg.Name, pkg.Hash, "sanitize", "sanitize_providers", "sanitize_scan", "surface")
	if err != nil {
		return nil, err
	}
	return append([]emit.File{{Path: "construct.go", Bytes: construct(m)}}, runtime...), nil
}

// model is what construct.go is printed from: the builder's decisions and the file header's facts.
type model struct {
	*errorcontract.Constructors
	// Package is the Go package name; Hash is the contract hash for the file header.
	Package, Hash string
	// CatalogPointer is the JSON pointer of x-catalog in the schema, where CheckCatalog points.
	CatalogPointer string
	// Relaxed is the same_arguments value the safety-hint rule sets (Catalog.Values.Relaxed).
	Relaxed string
	// Runtime spells the runtime's names (the sanitizer, Violation, ValidationError).
	Runtime emit.Runtime
}

// commentWidth is where comments that carry contract text are wrapped.
const commentWidth = 96

// construct renders construct.go, part by part in the file's order.
func construct(m *model) []byte {
	f := gosrc.NewFile(m.Package, emit.HeaderLines(m.Hash, "")...)
	var paramList strings.Builder // ", traceID": what follows message in cgConstruct's parameters
	for _, p := range m.Params {
		paramList.WriteString(", " + p.Var)
	}
	w := writer{f: f, m: m, paramList: paramList.String()}
	w.kinds()
	w.catalog()
	w.constructors()
	w.build()
	w.helpers()
	w.options()
	w.fixedOptions()
	w.checkCatalog()
	w.methods()
	w.sanitizer()
	return f.Bytes()
}

// sanitizer declares the sanitizer's API in a package that imports the runtime module, where the
// constructors' sanitizer lives: the copy-in runtime declares these names in the package itself,
// and callers that sanitize their own text before passing it on must find the same API whichever
// --runtime made the package.
func (w writer) sanitizer() {
	if !w.m.Runtime.Import {
		return
	}
	f := w.f
	consts := []struct{ name, doc string }{
		{"SanitizeDefaultLimit", "is the byte cap SanitizeText applies, including the truncation marker."},
		{"RedactedMarker", "replaces every secret-shaped value the sanitizer finds."},
		{"TruncatedMarker", "ends every text the sanitizer had to shorten."},
	}
	for _, c := range consts {
		f.Line("")
		f.Comment(c.name + " " + c.doc)
		f.P("const ", c.name, " = ", w.m.Runtime.Ident(c.name))
	}
	funcs := []struct{ name, doc, params, args, result string }{
		{"SanitizeText", "returns s made safe to place in an error object, capped at SanitizeDefaultLimit bytes.",
			"s string", "s", "string"},
		{"SanitizeTextLimit", "returns s made safe to place in an error object, capped at limit bytes.",
			"s string, limit int", "s, limit", "string"},
		{"SanitizeEvidence", "returns a sanitized deep copy of evidence: secrets redacted, size bounded.",
			"v map[string]any", "v", "map[string]any"},
	}
	for _, fn := range funcs {
		f.Line("")
		f.Comment(fn.name+" "+fn.doc, "It is the runtime module's "+fn.name+", which documents what it does.")
		f.P("func ", fn.name, "(", fn.params, ") ", fn.result, " { return ", w.m.Runtime.Ident(fn.name), "(", fn.args, ") }")
	}
	types := []struct{ name, doc string }{
		{"SanitizeRules", "are an application's own secret shapes: token formats and secret names."},
		{"SanitizeToken", "is one token format: a fixed prefix and the body that follows it."},
	}
	for _, ty := range types {
		f.Line("")
		f.Comment(ty.name + " " + ty.doc)
		f.P("type ", ty.name, " = ", w.m.Runtime.Ident(ty.name))
	}
	f.Line("")
	f.Comment("AddSanitizeRules adds an application's token formats and secret names to the rules the sanitizer",
		"applies in every constructor and on every surface. It is the runtime module's AddSanitizeRules,",
		"which documents what it does; the rules apply to every package that imports the runtime.")
	f.P("func AddSanitizeRules(r SanitizeRules) error { return ", w.m.Runtime.Ident("AddSanitizeRules"), "(r) }")
}

// writer writes construct.go's parts into f.
type writer struct {
	f *gosrc.File
	m *model
	// paramList is ", traceID": what follows message in cgConstruct's parameters.
	paramList string
}

// r spells the runtime's package-level name (as cgruntime declares it) in construct.go.
func (w writer) r(name string) string { return w.f.Qualify(w.m.Runtime.Ident(name)) }

// kinds writes the Kind type and a constant per catalog row. Each constant has its own comment,
// which ends any column gofmt would align, so it is written with single spaces; gofmt writes an
// empty block as "()".
func (w writer) kinds() {
	f, m := w.f, w.m
	f.Comment(emit.Wrap("Kind is the wire value of an error kind: the stable code in the "+m.Error+"'s "+
		m.Fields.Kind+" member, which compares with the constants below without a conversion. Kinds the catalog does "+
		"not list are legal and decode and encode unchanged. A Kind is also an error, so that errors.Is(err, k) "+
		"asks whether err carries the kind k.", commentWidth)...)
	f.Line("type Kind string")
	f.Line("")
	f.Comment("Error returns the kind's wire value; it exists so that a Kind can be the target of errors.Is.")
	f.Line("func (k Kind) Error() string { return string(k) }")
	f.Line("")
	f.Comment("The kinds the catalog lists. Any other non-empty kind is legal too and gets the fallback row.")
	if len(m.Kinds) == 0 {
		f.Line("const ()")
	} else {
		f.Line("const (")
		for _, r := range m.Kinds {
			f.Lines(gosrc.Indent(gosrc.LineComment(emit.Wrap("Kind"+r.GoName+" is "+strconv.Quote(r.Name)+": "+r.Guidance, commentWidth))))
			f.Line("\tKind" + r.GoName + " Kind = " + strconv.Quote(r.Name))
		}
		f.Line(")")
	}
	f.Line("")
	f.Comment("KindInfo is one row of the kind catalog: the defaults a constructor applies and the codes the",
		"surfaces use for errors of that kind.")
	f.Open("type KindInfo struct")
	f.Comment("Kind is the kind's wire value.")
	f.Line("Kind Kind")
	f.Comment(defaultsComment(m.JSON))
	f.Line("Origin        " + m.Origin)
	f.Line("Action        " + m.Action)
	f.Line("SameArguments " + m.SameArguments)
	f.Line("SideEffects   " + m.SideEffects)
	f.Comment("Guidance is the default recovery guidance.")
	f.Line("Guidance string")
	f.Comment("HTTPStatus is the status of HTTP responses that carry the error.")
	f.Line("HTTPStatus int")
	if m.Waits() {
		f.Comment("RetryAfter tells whether " + m.JSON.RetryAfterPath() + " may be set for this kind.")
		f.Line("RetryAfter bool")
	}
	f.Comment("HintRelaxes tells whether read-only or idempotent safety hints turn the default",
		m.JSON.SameArguments+` into "`+m.Relaxed+`".`)
	f.Line("HintRelaxes bool")
	f.Comment("JSONRPCCode is the code of JSON-RPC errors that carry the error.")
	f.Line("JSONRPCCode int")
	f.Comment(`WWWAuthenticate is the challenge a 401 response carries, or "".`)
	f.Line("WWWAuthenticate string")
	f.Close("")
}

// defaultsComment documents KindInfo's four enum fields: by the members they default, unless the
// contract's members have the parts' own names, which the fields' names already say.
func defaultsComment(names errorcontract.Members) string {
	const fields = "Origin, Action, SameArguments and SideEffects are the defaults of "
	if names == errorcontract.DefaultMembers() {
		return fields + "the members of those names."
	}
	return fields + names.Origin + ", " + names.Recovery + "." + names.Action + ", " + names.Recovery + "." +
		names.SameArguments + " and " + names.SideEffects + "."
}

// catalog writes the catalog rows, the fallback row, LookupKind and Kinds.
func (w writer) catalog() {
	f, m := w.f, w.m
	f.Line("")
	f.Comment("cgCatalog holds the catalog rows sorted by kind, so that LookupKind can search it.")
	if len(m.Kinds) == 0 {
		f.Line("var cgCatalog = [...]KindInfo{}") // gofmt writes an empty literal as "{}"
	} else {
		f.OpenLiteral("var cgCatalog = [...]KindInfo")
		for _, r := range m.Kinds {
			f.OpenLiteral("")
			f.Lines(catalogRow(r, m.Waits()))
			f.Close(",")
		}
		f.Close("")
	}
	f.Line("")
	f.Comment("cgFallbackRow applies to every kind the catalog does not list.")
	f.OpenLiteral("var cgFallbackRow = KindInfo")
	f.Lines(catalogRow(m.Fallback, m.Waits()))
	f.Close("")
	f.Line("")
	f.Comment("LookupKind returns the catalog row of kind and true. For a kind the catalog does not list it",
		"returns the fallback row, with Kind set to kind, and false.")
	f.Open("func LookupKind(kind Kind) (KindInfo, bool)")
	f.Open("i, found := ", slicesPkg.Ident("BinarySearchFunc"), "(cgCatalog[:], kind, func(row KindInfo, k Kind) int")
	f.P("return ", stringsPkg.Ident("Compare"), "(string(row.Kind), string(k))")
	f.Close(")")
	f.Open("if found")
	f.Line("return cgCatalog[i], true")
	f.Close("")
	f.Line("row := cgFallbackRow")
	f.Line("row.Kind = kind")
	f.Line("return row, false")
	f.Close("")
	f.Line("")
	f.Comment("Kinds returns every kind the catalog lists, sorted.")
	f.Open("func Kinds() []Kind")
	f.Line("kinds := make([]Kind, len(cgCatalog))")
	f.Open("for i, row := range cgCatalog")
	f.Line("kinds[i] = row.Kind")
	f.Close("")
	f.Line("return kinds")
	f.Close("")
}

// catalogRow lays out the fields of one KindInfo literal; RetryAfter only when the contract waits.
func catalogRow(r errorcontract.KindRow, waits bool) []string {
	rows := make([][]gosrc.Pair, 0, 5)
	if r.Name != "" {
		rows = append(rows, []gosrc.Pair{{Key: "Kind", Value: "Kind" + r.GoName}})
	}
	status := []gosrc.Pair{{Key: "HTTPStatus", Value: strconv.Itoa(r.HTTPStatus)}}
	if waits {
		status = append(status, gosrc.Pair{Key: "RetryAfter", Value: strconv.FormatBool(r.RetryAfter)})
	}
	rows = append(rows,
		[]gosrc.Pair{{Key: "Origin", Value: r.Origin}, {Key: "Action", Value: r.Action},
			{Key: "SameArguments", Value: r.SameArguments}, {Key: "SideEffects", Value: r.SideEffects}},
		append(status, gosrc.Pair{Key: "HintRelaxes", Value: strconv.FormatBool(r.HintRelaxes)}, gosrc.Pair{Key: "JSONRPCCode", Value: strconv.Itoa(r.JSONRPCCode)}))
	if r.WWWAuthenticate != "" {
		rows = append(rows, []gosrc.Pair{{Key: "WWWAuthenticate", Value: strconv.Quote(r.WWWAuthenticate)}})
	}
	rows = append(rows, []gosrc.Pair{{Key: "Guidance", Value: strconv.Quote(r.Guidance)}})
	return gosrc.PairLines(0, rows)
}

// constructors writes New and New<Kind> for every catalog row.
func (w writer) constructors() {
	f, m := w.f, w.m
	f.Line("")
	f.Comment("cgUnnamedKind replaces an empty kind, which the contract does not allow.")
	f.Line(`const cgUnnamedKind Kind = "unclassified"`)
	f.Line("")
	f.Comment("New returns an error of any kind with the catalog's defaults for that kind, or the fallback",
		"row's for a kind the catalog does not list. The message, like every text an option takes, passes",
		"the sanitizer; an empty kind or message is replaced so that the result is always a valid object.")
	f.Open("func New(kind Kind" + w.paramList + ", message string, opts ...Option) *" + m.Error)
	f.Line("return cgConstruct(kind, message" + w.paramList + ", opts)")
	f.Close("")
	var params strings.Builder // "traceID, ": the parameters before message
	for _, p := range m.Params {
		params.WriteString(p.Var + ", ")
	}
	for _, r := range m.Kinds {
		f.Line("")
		f.Lines(gosrc.DocComment(emit.Wrap("New"+r.GoName+" returns "+naming.Article(r.Name)+" "+strconv.Quote(r.Name)+" error: "+describeRow(r), commentWidth)))
		f.Open("func New" + r.GoName + "(" + params.String() + "message string, opts ...Option) *" + m.Error)
		f.Line("return cgConstruct(Kind" + r.GoName + ", message" + w.paramList + ", opts)")
		f.Close("")
	}
}

// describeRow summarizes a row for a constructor's doc comment.
func describeRow(r errorcontract.KindRow) string {
	var b strings.Builder
	b.WriteString("origin " + r.OriginValue + ", recovery " + r.ActionValue + " (same arguments: " + r.SameArgumentsValue +
		"), HTTP " + strconv.Itoa(r.HTTPStatus))
	if r.RetryAfter {
		b.WriteString(", WithRetryAfter applies")
	}
	b.WriteString(". Guidance: " + r.Guidance)
	return b.String()
}

// build writes Option, cgBuild, cgConstruct and cgBuild.finish.
func (w writer) build() {
	f, m := w.f, w.m
	f.Line("")
	if m.Waits() {
		f.Comment("Option sets or overrides one member of an error while a constructor builds it; the With",
			"functions of this package make them. An option overrides the catalog's default, also where the",
			"catalog's rules forbid the result: WithRetryAfter on a kind whose row does not take a wait sets",
			"the member all the same, and CheckCatalog reports it. The zero Option changes nothing.")
	} else {
		f.Comment("Option sets or overrides one member of an error while a constructor builds it; the With",
			"functions of this package make them. An option overrides the catalog's default. The zero Option",
			"changes nothing.")
	}
	f.Open("type Option struct")
	f.Line("apply func(*cgBuild)")
	f.Close("")
	f.Line("")
	f.Comment("cgBuild is an error under construction, with what the options asked for that can only be",
		"applied once every option has run.")
	f.Open("type cgBuild struct")
	if m.Waits() {
		f.Line("err        *" + m.Error)
		f.Line("row        KindInfo")
		f.Line("cause      error")
		f.P("retryAfter *", timePkg.Ident("Duration"))
	} else {
		f.Line("err   *" + m.Error)
		f.Line("row   KindInfo")
		f.Line("cause error")
	}
	f.Comment("sameArgumentsSet records an explicit WithSameArguments, which the safety-hint rule must not undo.")
	f.Line("sameArgumentsSet bool")
	f.Line("evidence         map[string]any")
	f.Close("")
	f.Line("")
	f.Open("func cgConstruct(kind Kind, message" + w.paramList + " string, opts []Option) *" + m.Error)
	f.Open(`if kind == ""`)
	f.Line("kind = cgUnnamedKind")
	f.Close("")
	f.Line("row, _ := LookupKind(kind)")
	f.Line("message = " + w.r("SanitizeText") + "(message)")
	f.Open("if ", stringsPkg.Ident("TrimSpace"), `(message) == ""`)
	f.Line(`message = "The request failed with error kind " + ` + w.r("SanitizeText") + `(string(kind)) + "."`)
	f.Close("")
	f.OpenLiteral("b := cgBuild{row: row, err: &" + m.Error)
	f.Lines(w.errorFields())
	f.Close("}")
	f.Open("for _, opt := range opts")
	f.Open("if opt.apply != nil")
	f.Line("opt.apply(&b)")
	f.Close("")
	f.Close("")
	f.Line("b.finish()")
	f.Line("return b.err")
	f.Close("")
	f.Line("")
	f.Comment("finish applies what depends on more than one option.")
	f.Open("func (b *cgBuild) finish()")
	f.Line("e := b.err")
	w.finishRules()
	f.Close("")
}

// errorFields lays out the fields of the error literal cgConstruct starts from.
func (w writer) errorFields() []string {
	m, n := w.m, w.m.Fields
	rows := [][]gosrc.Pair{
		{{Key: n.Version, Value: m.Version}},
		{{Key: n.Kind, Value: "kind"}},
		{{Key: n.Message, Value: "message"}},
		{{Key: n.Origin, Value: "row.Origin"}},
		{{Key: n.Recovery, Value: m.Recovery + "{" + n.Action + ": row.Action, " + n.SameArguments + ": row.SameArguments, " +
			n.Guidance + ": row.Guidance}"}},
		{{Key: n.SideEffects, Value: "row.SideEffects"}},
	}
	for _, p := range m.Params {
		rows = append(rows, []gosrc.Pair{{Key: p.Field, Value: w.r("SanitizeText") + "(" + p.Var + ")"}})
	}
	for _, c := range m.Consts {
		rows = append(rows, []gosrc.Pair{{Key: c.Field, Value: c.Value}})
	}
	return gosrc.PairLines(0, rows)
}

// finishRules writes the body of cgBuild.finish after its first line: each rule only when the
// contract has the members it needs.
func (w writer) finishRules() {
	f, m := w.f, w.m
	recovery := "e." + m.Fields.Recovery + "."
	if s := m.Safety; s != nil {
		f.Comment("The safety-hint rule: a tool that declares itself read-only or idempotent can be called again",
			`with the same arguments once the condition clears, so a relaxing kind says "`+m.Relaxed+`".`)
		f.Line("if b.row.HintRelaxes && !b.sameArgumentsSet && e." + s.Field + " != nil &&")
		f.Open("\t(cgIsTrue(e." + s.Field + "." + s.ReadOnly + ") || cgIsTrue(e." + s.Field + "." + s.Idempotent + "))")
		f.Line(recovery + m.Fields.SameArguments + " = " + m.Conditional)
		f.Close("")
	}
	switch m.RetryAfter {
	case ir.TypeNumber:
		f.Open("if b.retryAfter != nil")
		f.Line("ms := " + w.r("WholeMilliseconds") + "(*b.retryAfter)")
		f.P("n := ", jsonPkg.Ident("Number"), "(", strconvPkg.Ident("FormatInt"), "(ms, 10))")
		f.Line(recovery + m.Fields.RetryAfter + " = &n")
		f.Close("")
	case ir.TypeInt64:
		f.Open("if b.retryAfter != nil")
		f.Line("ms := " + w.r("WholeMilliseconds") + "(*b.retryAfter)")
		f.Line(recovery + m.Fields.RetryAfter + " = &ms")
		f.Close("")
	}
	for _, o := range m.Options {
		if o.Evidence {
			f.Open("if b.evidence != nil")
			f.Line("e." + o.Field + " = " + w.r("SanitizeEvidence") + "(b.evidence)")
			f.Close("")
		}
	}
	if m.CauseField != "" {
		f.Line("e.cgCause = b.cause")
	}
}

// helpers writes the small functions the constructors and options share.
func (w writer) helpers() {
	f := w.f
	f.Line("")
	f.Comment("cgIsTrue reports whether an optional hint is present and true.")
	f.Line("func cgIsTrue(p *bool) bool { return p != nil && *p }")
	f.Line("")
	f.Comment("cgText returns the sanitized text as the optional member's value.")
	f.Open("func cgText(s string) *string")
	f.Line("s = " + w.r("SanitizeText") + "(s)")
	f.Line("return &s")
	f.Close("")
}

// options writes the With option of every optional member, and WithCauseError when the contract
// has a text cause. Their doc comments wrap text of the contract.
func (w writer) options() {
	f, m := w.f, w.m
	doc := func(text string) {
		f.Line("")
		f.Lines(gosrc.DocComment(emit.Wrap(text, commentWidth)))
	}
	for _, o := range m.Options {
		switch {
		case o.Text:
			doc(o.Name + " sets " + o.JSON + "; the text passes the sanitizer first.")
			f.Open("func " + o.Name + "(value string) Option")
			f.Line("return Option{func(b *cgBuild) { b.err." + o.Field + " = cgText(value) }}")
			f.Close("")
		case o.Evidence:
			doc(o.Name + " adds members to " + o.JSON + ". Values go through SanitizeEvidence once all options have run, " +
				"so secret-named members and secret-shaped strings never reach the object; a later call wins for the same member.")
			f.Open("func " + o.Name + "(value map[string]any) Option")
			f.Open("return Option{func(b *cgBuild)")
			f.Open("if b.evidence == nil")
			f.Line("b.evidence = make(map[string]any, len(value))")
			f.Close("")
			f.Open("for k, v := range value")
			f.Line("b.evidence[k] = v")
			f.Close("")
			f.Close("}")
			f.Close("")
		default:
			doc(o.Name + " sets " + o.JSON + ".")
			value := "value"
			if o.Pointer {
				value = "&value"
			}
			f.Open("func " + o.Name + "(value " + gotypes.GoType(f, o.Type) + ") Option")
			f.Line("return Option{func(b *cgBuild) { b.err." + o.Field + " = " + value + " }}")
			f.Close("")
		}
	}
	if m.CauseField != "" {
		f.Line("")
		f.Comment("WithCauseError sets cause to the sanitized text of err and keeps err itself, so that errors.Is",
			"and errors.As reach it through Unwrap. A nil err changes nothing.")
		f.Open("func WithCauseError(err error) Option")
		f.Open("return Option{func(b *cgBuild)")
		f.Open("if err == nil")
		f.Line("return")
		f.Close("")
		f.Line("b.cause = err")
		f.Line("b.err." + m.CauseField + " = cgText(err.Error())")
		f.Close("}")
		f.Close("")
	}
}

// fixedOptions writes the options every catalog has.
func (w writer) fixedOptions() {
	f, m := w.f, w.m
	n, recovery := m.Fields, "b.err."+m.Fields.Recovery+"."
	if m.Waits() {
		f.Line("")
		f.Comment("WithRetryAfter sets "+m.JSON.RetryAfterPath()+" to d in whole milliseconds, rounded up. The catalog",
			"allows the member only for kinds that tell the caller to wait (KindInfo.RetryAfter); for any",
			"other kind the member is set all the same, as the caller asked, and CheckCatalog reports it.")
		f.Open("func WithRetryAfter(d ", timePkg.Ident("Duration"), ") Option")
		f.Line("return Option{func(b *cgBuild) { b.retryAfter = &d }}")
		f.Close("")
	}
	f.Line("")
	f.Comment("WithOrigin overrides the catalog's " + m.JSON.Origin + ".")
	f.Open("func WithOrigin(origin " + m.Origin + ") Option")
	f.Line("return Option{func(b *cgBuild) { b.err." + n.Origin + " = origin }}")
	f.Close("")
	f.Line("")
	f.Comment("WithRecoveryAction overrides the catalog's recovery action.")
	f.Open("func WithRecoveryAction(action " + m.Action + ") Option")
	f.Line("return Option{func(b *cgBuild) { " + recovery + n.Action + " = action }}")
	f.Close("")
	f.Line("")
	f.Comment("WithSameArguments overrides the catalog's " + m.JSON.SameArguments + ", and with it the safety-hint rule.")
	f.Open("func WithSameArguments(same " + m.SameArguments + ") Option")
	f.Open("return Option{func(b *cgBuild)")
	f.Line(recovery + n.SameArguments + " = same")
	f.Line("b.sameArgumentsSet = true")
	f.Close("}")
	f.Close("")
	f.Line("")
	f.Comment("WithGuidance replaces the catalog's guidance; the text passes the sanitizer, and guidance that",
		"is empty afterwards leaves the catalog's in place.")
	f.Open("func WithGuidance(guidance string) Option")
	f.Open("return Option{func(b *cgBuild)")
	f.Open("if g := ", w.m.Runtime.Ident("SanitizeText"), "(guidance); ", stringsPkg.Ident("TrimSpace"), `(g) != ""`)
	f.Line(recovery + n.Guidance + " = g")
	f.Close("")
	f.Close("}")
	f.Close("")
	f.Line("")
	f.Comment("WithSideEffects overrides the catalog's " + m.JSON.SideEffects + ".")
	f.Open("func WithSideEffects(effects " + m.SideEffects + ") Option")
	f.Line("return Option{func(b *cgBuild) { b.err." + n.SideEffects + " = effects }}")
	f.Close("")
}

// checkCatalog writes CheckCatalog, with a test per rule the contract's members make possible.
func (w writer) checkCatalog() {
	f, m := w.f, w.m
	rule := "none, as " + m.JSON.Recovery + " has no wait member."
	if m.Waits() {
		rule = m.JSON.RetryAfterPath() + " only for a kind whose row sets RetryAfter."
	}
	f.Line("")
	f.Comment("CheckCatalog reports, as a *ValidationError, where v breaks a rule of its kind's catalog row that",
		"the schema cannot express, or returns nil; keyword locations point at the row's entry in the",
		"catalog ("+m.CatalogPointer+"). Validate and Parse check the schema only, so an error built with an",
		"option its kind's row forbids, or received from elsewhere, passes them: call CheckCatalog where",
		"errors are built (in tests, say) or received.",
		"",
		"The rules: "+rule)
	f.Open("func CheckCatalog(v *" + m.Error + ") error")
	f.Open("if v == nil")
	f.Line("return nil")
	f.Close("")
	f.Line("var violations []" + w.r("Violation"))
	if m.Waits() {
		kind := "v." + m.Fields.Kind
		f.Open("if row, known := LookupKind(" + kind + "); v." + m.Fields.Recovery + "." + m.Fields.RetryAfter + " != nil && !row.RetryAfter")
		f.Line(`rule := "` + m.CatalogPointer + `/fallback/retry_after"`)
		f.Open("if known")
		f.Line(`rule = "` + m.CatalogPointer + `/kinds/" + ` + w.r("PointerToken") + `(string(` + kind + `)) + "/retry_after"`)
		f.Close("")
		f.Line(`violations = append(violations, ` + w.r("Violation") + `{InstanceLocation: ` + strconv.Quote(m.JSON.RetryAfterPointer()) +
			`, KeywordLocation: rule,`)
		f.P(`	Message: "the catalog row of kind " + `, strconvPkg.Ident("Quote"), `(string(`+kind+`)) + `,
			strconv.Quote(" does not allow "+m.JSON.RetryAfter), `})`)
		f.Close("")
	}
	f.Open("if len(violations) == 0")
	f.Line("return nil")
	f.Close("")
	f.Line("return &" + w.r("ValidationError") + "{Violations: violations}")
	f.Close("")
}

// methods writes errors.Is and Unwrap support and Info.
func (w writer) methods() {
	f, m := w.f, w.m
	kind := m.Fields.Kind
	f.Line("")
	f.Comment(emit.Wrap("Is reports whether target names the same kind as v: a Kind, or another *"+m.Error+
		". It makes errors.Is(err, k) true for every chain that holds an error of the kind k.", commentWidth)...)
	f.Open("func (v *" + m.Error + ") Is(target error) bool")
	f.Open("if v == nil")
	f.Line("return false")
	f.Close("")
	f.Line("switch t := target.(type) {")
	f.Line("case Kind:")
	f.Line("\treturn v." + kind + " == t")
	f.Line("case *" + m.Error + ":")
	f.Line("\treturn t != nil && v." + kind + " == t." + kind)
	f.Line("}")
	f.Line("return false")
	f.Close("")
	f.Line("")
	f.Comment("Unwrap returns the Go error given to WithCauseError, or nil. Decoded errors have none: only the",
		"cause's text travels.")
	f.Open("func (v *" + m.Error + ") Unwrap() error")
	f.Open("if v == nil")
	f.Line("return nil")
	f.Close("")
	f.Line("return v.cgCause")
	f.Close("")
	f.Line("")
	f.Comment("Info returns the catalog row of v's kind, or the fallback row for a kind the catalog does not list.")
	f.Open("func Info(v *" + m.Error + ") KindInfo")
	f.Line("row, _ := LookupKind(v." + kind + ")")
	f.Line("return row")
	f.Close("")
}
