package govalidate

import (
	"fmt"
	"strconv"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

const jsonPkg = "encoding/json"

// walker writes the code that walks a Go value and checks each part against its node. Its
// methods return statements as lines, indented relative to the block they go into.
type walker struct {
	t  *Table
	f  *gosrc.File
	rt emit.Runtime
}

// r spells the runtime's package-level name (as cgruntime declares it) in validation.go.
func (w *walker) r(name string) string { return w.f.Qualify(w.rt.Ident(name)) }

// m spells a runtime method, or a method generated types implement for the runtime (CgValidate).
func (w *walker) m(name string) string { return w.rt.Method(name) }

func (w *walker) node(s *ir.Schema) string { return strconv.Itoa(int(w.t.Of(s))) }

// n returns the lowered node of a schema.
func (w *walker) n(s *ir.Schema) *cgruntime.Node { return &w.t.Nodes[w.t.Of(s)] }

// structBody checks each declared member, the undeclared members against additionalProperties,
// and the required members that only the member bag can hold.
func (w *walker) structBody(n *ir.Named) []string {
	if n.Composed {
		// Rules beside the members (merged parts, conditions) see the whole object: check its
		// encoding against the whole schema, as raw JSON is checked.
		body := []string{"raw, err := v." + w.m("CgEncode") + "(nil)"}
		body = append(body, gosrc.Block("if err != nil", []string{
			"c." + w.m("Fail") + `(at, kw, "", "cannot be encoded as JSON: "+err.Error())`,
			"return",
		})...)
		return append(body, w.r("CheckRaw")+"(c, "+w.node(n.Schema)+", raw, at, kw)")
	}
	var body []string
	for _, fd := range n.Fields {
		body = append(body, w.field(fd)...)
	}
	if ap := n.Schema.AdditionalProperties; n.Extra && ap != nil && ap.Bool == nil {
		body = append(body, gosrc.Block("for name, raw := range v.Extra", []string{
			"a1, k1 := " + w.r("Key") + `(at, "", name), ` + w.r("Kw") + `(kw, "additionalProperties")`,
			w.r("CheckRaw") + "(c, " + w.node(ap) + ", raw, &a1, &k1)",
		})...)
	}
	for _, name := range sortedExtraRequired(n) {
		body = append(body, gosrc.Block("if _, ok := v.Extra["+strconv.Quote(name)+"]; !ok", []string{
			"c." + w.m("Fail") + `(at, kw, "required", ` + strconv.Quote("missing required member "+strconv.Quote(name)) + ")",
		})...)
	}
	return body
}

// field checks one declared member; optional members that are nil are absent and not checked.
func (w *walker) field(fd *ir.Field) []string {
	typ := *fd.Type
	typ.Pointer = false
	value := "v." + fd.GoName
	if fd.Type.Pointer {
		// Selectors and method calls dereference x1 themselves; a function argument needs *x1.
		value = "*x1"
		if typ.Nullable || typ.Kind == ir.GoRef {
			value = "x1"
		}
	}
	checks := w.check(fd.Schema, &typ, value, true, "&a1", "&k1", 2)
	if len(checks) == 0 {
		return nil
	}
	name := strconv.Quote(fd.Name)
	block := append([]string{"a1, k1 := " + w.r("Key") + `(at, "", ` + name + "), " + w.r("Key") + `(kw, "properties", ` + name + ")"}, checks...)
	switch {
	case fd.Type.Pointer:
		return gosrc.Block("if x1 := v."+fd.GoName+"; x1 != nil", block)
	case !fd.Required && nilIsAbsent(fd.Type):
		return gosrc.Block("if v."+fd.GoName+" != nil", block)
	}
	return gosrc.Block("", block)
}

// nilIsAbsent reports whether nil stands for an absent optional member (the encoder omits it).
func nilIsAbsent(t *ir.GoType) bool {
	return t.Kind == ir.GoSlice || t.Kind == ir.GoMap || t.HoldsRawJSON()
}

// check returns the statements that validate value, of Go type t, against schema s; at and kw are
// the *cgPath expressions of its locations; depth numbers the variables of nested loops.
// addressable tells whether value may be the receiver of a pointer method.
func (w *walker) check(s *ir.Schema, t *ir.GoType, value string, addressable bool, at, kw string, depth int) []string {
	if s == nil {
		return nil
	}
	if t.Nullable {
		base := *t
		base.Nullable = false
		inner := w.check(s, &base, value+".Value", addressable, at, kw, depth)
		if _, _, other := s.NullableBranch(); other != nil {
			// OpenAPI 3.1's nullable, oneOf: [X, {"type": "null"}]: the Go type is X's, the rules
			// are the union's, so a value that is not null is checked as JSON against the whole
			// union, as validating the untyped value reports it.
			j := fmt.Sprintf("j%d", depth)
			inner = gosrc.Block("if "+j+", err := "+w.f.Import(jsonPkg)+".Marshal("+value+".Value); err != nil", []string{
				"c." + w.m("Fail") + "(" + at + ", " + kw + `, "", "cannot be encoded as JSON: "+err.Error())`,
			})
			inner = append(inner[:len(inner)-1], gosrc.Block("} else", []string{
				w.r("CheckRaw") + "(c, " + w.node(s) + ", " + j + ", " + at + ", " + kw + ")",
			})...)
		}
		out := gosrc.Block("if "+value+".Null", []string{w.r("CheckNull") + "(c, " + w.node(s) + ", " + at + ", " + kw + ")"})
		return append(out[:len(out)-1], gosrc.Block("} else", inner)...)
	}
	n := w.n(s)
	call := func(fn string) []string {
		return []string{fn + "(c, " + w.node(s) + ", " + value + ", " + at + ", " + kw + ")"}
	}
	switch t.Kind {
	case ir.GoString:
		if n.HasConst || n.Enum != nil || n.MinLength.Set || n.MaxLength.Set || n.Pattern != "" || n.Format != "" {
			if t.Defined != "" {
				value = "string(" + value + ")"
			}
			return call(w.r("CheckString"))
		}
	case ir.GoBool:
		if n.HasConst || n.Enum != nil {
			return call(w.r("CheckBool"))
		}
	case ir.GoInt64:
		if n.HasConst || n.Enum != nil || n.Minimum != "" || n.Maximum != "" || n.ExclusiveMinimum != "" ||
			n.ExclusiveMaximum != "" || n.MultipleOf != "" {
			return call(w.r("CheckInt64"))
		}
	case ir.GoNumber:
		return call(w.r("CheckNumber"))
	case ir.GoRaw:
		if n.Bool != cgruntime.TrueSchema {
			return call(w.r("CheckRaw"))
		}
	case ir.GoAny:
		if n.Bool != cgruntime.TrueSchema {
			return call(w.r("CheckAny"))
		}
	case ir.GoRef:
		return w.ref(s, t, value, addressable, at, kw, depth)
	case ir.GoSlice:
		return w.slice(s, t, value, at, kw, depth)
	case ir.GoMap:
		return w.mapOf(s, t, value, at, kw, depth)
	}
	return nil
}

// ref calls the named type's cgValidate, through "/$ref" when the schema refers to it.
func (w *walker) ref(s *ir.Schema, t *ir.GoType, value string, addressable bool, at, kw string, depth int) []string {
	var out []string
	if s.Ref != nil {
		r := fmt.Sprintf("r%d", depth)
		out = append(out, r+" := "+w.r("Kw")+"("+kw+`, "$ref")`)
		kw = "&" + r
	}
	if !addressable && t.Named.Kind == ir.StructType {
		x := fmt.Sprintf("y%d", depth)
		out = append(out, x+" := "+value)
		value = x
	}
	out = append(out, value+"."+w.m("CgValidate")+"(c, "+at+", "+kw+")")
	if len(out) > 1 {
		return gosrc.Block("", out)
	}
	return out
}

func (w *walker) slice(s *ir.Schema, t *ir.GoType, value string, at, kw string, depth int) []string {
	n := w.n(s)
	var out []string
	if n.MinItems.Set || n.MaxItems.Set {
		out = append(out, w.r("CheckItemCount")+"(c, "+w.node(s)+", len("+value+"), "+at+", "+kw+")")
	}
	if n.UniqueItems {
		out = append(out, gosrc.Block("", []string{
			"b, err := " + w.f.Import(jsonPkg) + ".Marshal(" + value + ")",
			w.r("CheckUniqueJSON") + "(c, b, err, " + at + ", " + kw + ")",
		})...)
	}
	i, a, k := fmt.Sprintf("i%d", depth), fmt.Sprintf("a%d", depth), fmt.Sprintf("k%d", depth)
	inner := w.check(s.Items, t.Elem, value+"["+i+"]", true, "&"+a, "&"+k, depth+1)
	if len(inner) > 0 {
		head := []string{a + ", " + k + " := " + w.r("Index") + "(" + at + `, "", ` + i + "), " + w.r("Kw") + "(" + kw + `, "items")`}
		out = append(out, gosrc.Block("for "+i+" := range "+value, append(head, inner...))...)
	}
	return out
}

func (w *walker) mapOf(s *ir.Schema, t *ir.GoType, value string, at, kw string, depth int) []string {
	if len(s.PatternProperties) > 0 || s.PropertyNames != nil || s.MinProperties != nil || s.MaxProperties != nil {
		// Rules on member names and counts (and which members additionalProperties applies to)
		// see the whole object: check the map's encoding against the whole schema, as raw JSON is
		// checked. The values' encodings are exact (Extra kept, numbers lossless).
		j := fmt.Sprintf("j%d", depth)
		out := gosrc.Block("if "+j+", err := "+w.f.Import(jsonPkg)+".Marshal("+value+"); err != nil", []string{
			"c." + w.m("Fail") + "(" + at + ", " + kw + `, "", "cannot be encoded as JSON: "+err.Error())`,
		})
		return append(out[:len(out)-1], gosrc.Block("} else", []string{
			w.r("CheckRaw") + "(c, " + w.node(s) + ", " + j + ", " + at + ", " + kw + ")",
		})...)
	}
	n := w.n(s)
	var out []string
	if len(n.Required) > 0 {
		out = append(out, w.r("CheckMapKeys")+"(c, "+w.node(s)+", "+value+", "+at+", "+kw+")")
	}
	name, x, a, k := fmt.Sprintf("m%d", depth), fmt.Sprintf("x%d", depth), fmt.Sprintf("a%d", depth), fmt.Sprintf("k%d", depth)
	inner := w.check(s.AdditionalProperties, t.Elem, x, true, "&"+a, "&"+k, depth+1)
	if len(inner) > 0 {
		head := []string{a + ", " + k + " := " + w.r("Key") + "(" + at + `, "", ` + name + "), " + w.r("Kw") + "(" + kw + `, "additionalProperties")`}
		out = append(out, gosrc.Block("for "+name+", "+x+" := range "+value, append(head, inner...))...)
	}
	return out
}
