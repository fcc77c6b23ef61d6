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
	"sort"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/emit/gotypes"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/lower"
	"github.com/contractgen/contractgen/internal/gen/naming"
)

// RuntimeFiles are the goruntime sources this emitter copies into every generated package.
var RuntimeFiles = []string{"table_text", "validate", "validate_json", "validate_format", "validate_number", "validate_parse", "validate_pattern", "validate_typed"}

// Emit returns validation.go and the runtime files it needs. validation.go grows with the schema,
// so it is written as text in gofmt's layout (gosrc) rather than through jennifer and go/format.
func Emit(pkg *ir.Package) ([]emit.File, error) {
	t := lower.Lower(pkg)
	f := gosrc.NewFile(pkg.Name, emit.HeaderLines(pkg.Hash, emit.RegenerateNote)...)
	w := &walker{t: t, f: f, rt: emit.Runtime{Import: pkg.Go.ImportRuntime}}
	if w.rt.Import {
		w.rt.VersionGuard(f)
		f.Line("")
	}
	if err := w.emitTable(); err != nil {
		return nil, err
	}
	index := make(map[*ir.Named]int, len(pkg.Types))
	for i, n := range pkg.Types {
		index[n] = i
	}
	w.index = index
	if err := w.emitDescription(pkg); err != nil {
		return nil, err
	}
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

// emitTable writes the table as text (lower's JSON, one node per line), which the description
// hands to the runtime to compile at first use. The compiler reads one string constant in a
// fraction of the time and memory that a composite literal of the same nodes costs it, and a
// program that imports the package without validating never reads it (BENCHMARKS.md).
func (w *walker) emitTable() error {
	f, t := w.f, w.t
	text, err := t.JSON(nil)
	if err != nil {
		return err
	}
	f.Comment("cgTable is the validation table: one node per schema of the contract, node i on line i+1,",
		"as JSON with the runtime's field names and only the fields that are set. Node 0 is unused, so",
		"that 0 means \"absent\" where a node names another.")
	f.Line("const cgTable = `" + string(text) + "`")
	if w.ecma = needsECMAEngine(t.Nodes); w.ecma {
		f.Line("")
		w.emitECMAEngine()
	}
	return nil
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
