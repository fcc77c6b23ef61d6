// Package govalidate emits the validation of a generated Go package: a table with one node per
// schema (validation.go), a Validate method on every named type, Parse for every root, and the
// runtime that interprets the table (the runtime module cgruntime, or its copy in
// internal/templates/goruntime with --runtime inline).
//
// Values whose Go type is a scalar, struct, slice or map are checked by generated code that walks
// the Go value and calls one runtime check per schema, without allocating when the value is valid.
// Values kept as raw JSON (schemas with applicators, boolean schemas, $ref beside assertions) are
// checked by the runtime interpreter against the table, with every keyword.
package govalidate

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/emit/gotypes"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/lower"
	"github.com/contractgen/contractgen/internal/gen/naming"
)

// RuntimeFiles are the goruntime sources this emitter copies into every generated package.
var RuntimeFiles = []string{"validate", "validate_json", "validate_format", "validate_number", "validate_parse", "validate_pattern", "validate_typed"}

// Emit returns validation.go and the runtime files it needs. validation.go grows with the schema,
// so it is written as text in gofmt's layout (gosrc) rather than through jennifer and go/format.
func Emit(pkg *ir.Package) ([]emit.File, error) {
	t := lower.Lower(pkg)
	f := gosrc.NewFile(pkg.Name, emit.HeaderLines(pkg.Hash, emit.RegenerateNote)...)
	w := &walker{t: t, f: f, rt: emit.Runtime{Import: pkg.ImportRuntime}}
	if w.rt.Import {
		w.rt.VersionGuard(f)
		f.Line("")
	}
	w.emitTable()
	index := make(map[*ir.Named]int, len(pkg.Types))
	for i, n := range pkg.Types {
		index[n] = i
	}
	w.index = index
	w.emitDescription(pkg)
	for i, root := range pkg.Roots {
		w.emitParse(root, i == 0)
	}
	for i, n := range pkg.Types {
		w.emitValidate(n, i)
	}
	runtime, err := w.rt.Files(pkg.Name, pkg.Hash, RuntimeFiles...)
	if err != nil {
		return nil, err
	}
	return append([]emit.File{{Path: "validation.go", Bytes: f.Bytes()}}, runtime...), nil
}

// emitTable writes the table literal, each node preceded by its index and origin.
func (w *walker) emitTable() {
	f, t := w.f, w.t
	f.Comment("cgNodes is the validation table: one node per schema of the contract, compiled once at",
		"package initialization. Entry 0 is unused, so that 0 means \"absent\" where a node names another.")
	ecma := needsECMAEngine(t.Nodes)
	if ecma {
		f.OpenLiteral("var cgNodes = " + w.r("CompileWith") + "([]" + w.r("Node"))
	} else {
		f.OpenLiteral("var cgNodes = " + w.r("Compile") + "([]" + w.r("Node"))
	}
	for i, n := range t.Nodes {
		label := fmt.Sprintf("/* %d */", i)
		if t.Origins[i] != "" {
			label = fmt.Sprintf("/* %d: %s */", i, emit.InlineComment(emit.SourceRef(t.Origins[i])))
		}
		fields := w.nodeFields(n)
		switch len(fields) {
		case 0:
			f.Line(label + " {},")
		case 1:
			f.Line(label + " {" + fields[0].name + ": " + fields[0].value + "},")
		default:
			// gofmt aligns the values of consecutive single-line key-value pairs one space after
			// the longest key's colon.
			width := 0
			for _, fd := range fields {
				width = max(width, len(fd.name))
			}
			f.Open(label)
			for _, fd := range fields {
				f.Line(fd.name + ":" + strings.Repeat(" ", width-len(fd.name)+1) + fd.value + ",")
			}
			f.Close(",")
		}
	}
	if !ecma {
		f.Close(")")
		return
	}
	f.Close(", cgECMA)")
	f.Line("")
	w.emitECMAEngine()
}

// needsECMAEngine reports whether a pattern of the table has no exact RE2 translation.
func needsECMAEngine(nodes []cgruntime.Node) bool {
	for _, n := range nodes {
		if n.Pattern != "" {
			if _, err := cgruntime.RE2Pattern(n.Pattern); err != nil {
				return true
			}
		}
		for _, p := range n.PatternProperties {
			if _, err := cgruntime.RE2Pattern(p.Name); err != nil {
				return true
			}
		}
	}
	return false
}

// emitECMAEngine writes the ECMAScript engine a table with lookaround or backreferences compiles
// those patterns with: the same engine and time limit as internal/gen/ecmaregexp, which the
// generator checks the patterns with and contractgen validate runs them on.
func (w *walker) emitECMAEngine() {
	f := w.f
	re := f.Import("github.com/dlclark/regexp2")
	f.Comment("cgECMA compiles the patterns of the table that RE2 cannot run (lookaround, backreferences):",
		"regexp2 in its ECMAScript mode, each match limited in time; a match that runs out of time fails",
		"the value.")
	f.Open("func cgECMA(pattern string) (" + w.r("Matcher") + ", error)")
	f.Line("re, err := " + re + ".Compile(pattern, " + re + ".ECMAScript|" + re + ".Unicode)")
	f.Open("if err != nil")
	f.Line("return nil, err")
	f.Close("")
	f.Line("re.MatchTimeout = " + f.Import("time") + ".Second")
	f.Line("return re, nil")
	f.Close("")
}

// nodeField is one set field of a table node, as Go source.
type nodeField struct{ name, value string }

// nodeFields renders the fields of a node that are set, sorted by name.
func (w *walker) nodeFields(n cgruntime.Node) []nodeField {
	var out []nodeField
	set := func(name string, ok bool, v string) {
		if ok {
			out = append(out, nodeField{name, v})
		}
	}
	set("Bool", n.Bool != 0, strconv.Itoa(int(n.Bool)))
	set("Ref", n.Ref != 0, strconv.Itoa(int(n.Ref)))
	set("Types", n.Types != 0, w.typesExpr(n.Types))
	set("HasConst", n.HasConst, "true")
	set("Const", n.HasConst, strconv.Quote(n.Const))
	set("Enum", n.Enum != nil, stringList(n.Enum))
	for _, c := range []struct {
		name string
		v    cgruntime.Count
	}{{"MinLength", n.MinLength}, {"MaxLength", n.MaxLength}, {"MinItems", n.MinItems}, {"MaxItems", n.MaxItems},
		{"MinContains", n.MinContains}, {"MaxContains", n.MaxContains}, {"MinProperties", n.MinProperties},
		{"MaxProperties", n.MaxProperties}} {
		set(c.name, c.v.Set, w.r("N")+"("+strconv.Itoa(int(c.v.N))+")")
	}
	for _, c := range []struct{ name, v string }{{"Pattern", n.Pattern}, {"Format", n.Format}, {"Minimum", n.Minimum}, {"Maximum", n.Maximum},
		{"ExclusiveMinimum", n.ExclusiveMinimum}, {"ExclusiveMaximum", n.ExclusiveMaximum}, {"MultipleOf", n.MultipleOf}} {
		set(c.name, c.v != "", strconv.Quote(c.v))
	}
	set("UniqueItems", n.UniqueItems, "true")
	set("ContainsNotEvaluating", n.ContainsNotEvaluating, "true")
	set("Recursive", n.Recursive, "true")
	set("RecursiveAnchor", n.RecursiveAnchor, "true")
	set("DynamicKeyword", n.DynamicKeyword != "", strconv.Quote(n.DynamicKeyword))
	set("DynamicName", n.DynamicName != "", strconv.Quote(n.DynamicName))
	set("Required", n.Required != nil, stringList(n.Required))
	for _, c := range []struct {
		name string
		i    int32
	}{{"Items", n.Items}, {"Contains", n.Contains}, {"AdditionalProperties", n.AdditionalProperties},
		{"PropertyNames", n.PropertyNames}, {"Not", n.Not}, {"If", n.If}, {"Then", n.Then}, {"Else", n.Else},
		{"UnevaluatedProperties", n.UnevaluatedProperties}, {"UnevaluatedItems", n.UnevaluatedItems},
		{"DynamicRef", n.DynamicRef}, {"Scope", n.Scope}} {
		set(c.name, c.i != 0, strconv.Itoa(int(c.i)))
	}
	for _, c := range []struct {
		name string
		l    []int32
	}{{"PrefixItems", n.PrefixItems}, {"AllOf", n.AllOf}, {"AnyOf", n.AnyOf}, {"OneOf", n.OneOf}} {
		set(c.name, c.l != nil, indexes(c.l))
	}
	for _, c := range []struct {
		name string
		l    []cgruntime.Prop
	}{{"Properties", n.Properties}, {"PatternProperties", n.PatternProperties}, {"DependentSchemas", n.DependentSchemas},
		{"DynamicAnchors", n.DynamicAnchors}} {
		set(c.name, c.l != nil, w.props(c.l))
	}
	if n.DependentRequired != nil {
		deps := make([]string, len(n.DependentRequired))
		for i, dep := range n.DependentRequired {
			deps[i] = "{" + w.key("Name") + strconv.Quote(dep.Name) + ", " + w.key("Required") + stringList(dep.Required) + "}"
		}
		set("DependentRequired", true, "[]"+w.r("Dependency")+"{"+strings.Join(deps, ", ")+"}")
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// typeConsts are the runtime's names of the bits of Node.Types, in bit order.
var typeConsts = []string{"TypeNull", "TypeBoolean", "TypeObject", "TypeArray", "TypeNumber", "TypeString", "TypeInteger"}

func (w *walker) typesExpr(bits uint8) string {
	var names []string
	for i, name := range typeConsts {
		if bits&(1<<i) != 0 {
			names = append(names, w.r(name))
		}
	}
	if len(names) == 0 {
		return "0"
	}
	return strings.Join(names, " | ")
}

func stringList(list []string) string {
	quoted := make([]string, len(list))
	for i, s := range list {
		quoted[i] = strconv.Quote(s)
	}
	return "[]string{" + strings.Join(quoted, ", ") + "}"
}

func indexes(list []int32) string {
	items := make([]string, len(list))
	for i, n := range list {
		items[i] = strconv.Itoa(int(n))
	}
	return "[]int32{" + strings.Join(items, ", ") + "}"
}

// key is "name: " before a field of a runtime struct literal when the package imports the runtime
// module (go vet wants composite literals of another package's types keyed), nothing inline.
func (w *walker) key(name string) string {
	if w.rt.Import {
		return name + ": "
	}
	return ""
}

func (w *walker) props(list []cgruntime.Prop) string {
	items := make([]string, len(list))
	for i, p := range list {
		items[i] = "{" + w.key("Name") + strconv.Quote(p.Name) + ", " + w.key("Node") + strconv.Itoa(int(p.Node)) + "}"
	}
	return "[]" + w.r("Prop") + "{" + strings.Join(items, ", ") + "}"
}

// emitParse writes Parse (for the first root) or Parse<Name> (for further roots).
func (w *walker) emitParse(root *ir.Named, first bool) {
	f := w.f
	name := "Parse"
	if !first {
		name += root.Name
	}
	f.Line("")
	f.Comment(name+" decodes data as "+naming.Article(root.Name)+" "+root.Name+" and validates it against the schema, with JSON Schema's",
		"semantics: a member that is absent differs from one that is null, member names match exactly,",
		"1.0 and 1e3 are integers, lengths count Unicode code points, and numbers compare exactly. A member",
		"name that occurs twice in one object is a violation, because JSON leaves its meaning open. Every",
		"violation comes back in one *ValidationError; a non-nil result is valid.")
	f.Openf("func %s(data []byte) (*%s, error)", name, root.Name)
	f.Linef("return %s[%s](%s, %d, data)", w.r("ParseAs"), root.Name, gotypes.DescriptionVar, w.index[root])
	f.Close("")
}

// emitValidate writes Validate for a named type: one call into the runtime, which walks the value
// by the package's description of its types.
func (w *walker) emitValidate(n *ir.Named, index int) {
	f := w.f
	recv, arg := "v "+n.Name, "&v"
	if n.Kind == ir.StructType {
		recv, arg = "v *"+n.Name, "v"
	}
	f.Line("")
	f.Comment("Validate reports every way v breaks its schema as a *ValidationError, or returns nil.")
	f.Openf("func (%s) Validate() error", recv)
	f.Linef("return %s.%s(%s, %d)", gotypes.DescriptionVar, w.m("Validate"), arg, index)
	f.Close("")
}

// sortedExtraRequired lists the required members of a struct that are not declared properties.
func sortedExtraRequired(n *ir.Named) []string {
	declared := map[string]bool{}
	for _, fd := range n.Fields {
		declared[fd.Name] = true
	}
	var out []string
	for _, r := range n.Schema.Required {
		if !declared[r] {
			out = append(out, r)
		}
	}
	sort.Strings(out)
	return out
}
