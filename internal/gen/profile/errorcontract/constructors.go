package errorcontract

import (
	"fmt"
	"slices"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/ir"
)

// KindType is the Go name of the kind constants' type, which goconstruct declares; Reserved
// keeps schema types off it.
const KindType = "Kind"

// analyzer works out Constructors from the rest of the IR.
type analyzer struct {
	pkg      *ir.Package
	contract *Contract
	cat      *Catalog
	surf     *Surfaces
	diags    diag.List
	root     *ir.Named
}

// fail records a problem at a "file#/pointer" origin.
func (a *analyzer) fail(origin, format string, args ...any) {
	file, ptr, _ := strings.Cut(origin, "#")
	a.diags.Add(file, ptr, "constructors: "+format, args...)
}

func (a *analyzer) model() *Constructors {
	a.root = a.errorType()
	if a.root == nil {
		a.fail(a.cat.Origin, "the kind catalog needs a root object schema for the error type")
		return nil
	}
	names := a.cat.Members
	m := &Constructors{Error: a.root.Name, JSON: names}
	fields := map[string]*ir.Field{}
	for _, f := range a.root.Fields {
		fields[f.Name] = f
	}
	for _, name := range a.filled() {
		if f := fields[name]; f == nil || !f.Required {
			a.fail(a.root.Origin, "the catalog fills in the required member %q, which the error type does not declare as required", name)
		}
	}
	if a.diags.Err() != nil {
		return nil
	}
	goName := func(name string) string {
		if f := fields[name]; f != nil {
			return f.Go.Name
		}
		return ""
	}
	m.Fields = Members{Version: goName(names.Version), Kind: goName(names.Kind), Message: goName(names.Message),
		Origin: goName(names.Origin), Recovery: goName(names.Recovery), SideEffects: goName(names.SideEffects),
		Safety: goName(names.Safety), Cause: goName(names.Cause)}
	a.version(m, fields[names.Version])
	if a.requireString(fields[names.Kind]) {
		// The kind member takes the type of the kind constants, so e.Kind == KindTimeout compiles.
		fields[names.Kind].Type.Go.Defined = KindType
	}
	if a.requireString(fields[names.Message]) {
		// The error type implements error with the message the catalog fills in.
		a.root.Go.ErrorField = fields[names.Message].Go.Name
	}
	m.Origin = a.enumName(fields[names.Origin])
	if m.Origin != "" {
		e := fields[names.Origin].Type.Named.Enum
		m.OriginFallback = e != nil && e.Fallback != nil
	}
	m.SideEffects = a.enumName(fields[names.SideEffects])
	a.recovery(m, fields[names.Recovery])
	if a.diags.Err() != nil {
		return nil
	}
	a.members(m)
	a.rows(m)
	a.surfaces(m)
	a.safety(m, fields[names.Safety])
	return m
}

// filled are the root members the catalog fills in, which every error has.
func (a *analyzer) filled() []string {
	n := a.cat.Members
	return []string{n.Version, n.Kind, n.Message, n.Origin, n.Recovery, n.SideEffects}
}

// errorType is the root type of the document that carries the catalog, when it is a struct.
func (a *analyzer) errorType() *ir.Named {
	if a.contract.root == nil || a.contract.root.Kind != ir.StructType {
		return nil
	}
	return a.contract.root
}

func (a *analyzer) version(m *Constructors, f *ir.Field) {
	if f.Type.Kind != ir.TypeInt64 || f.Type.Go.Pointer || f.Type.Nullable || f.Schema.Const == nil {
		a.fail(f.Origin, "%s must be an integer with a const value", f.Name)
		return
	}
	m.Version = string(f.Schema.Const.JSON)
}

// requireString records a problem unless f is a plain string, and reports whether it is one.
func (a *analyzer) requireString(f *ir.Field) bool {
	if f.Type.Kind != ir.TypeString || f.Type.Go.Pointer || f.Type.Nullable || f.Type.Go.Custom != nil {
		a.fail(f.Origin, "%s must be a string (of Go type string, not a custom or typed-format type)", f.Name)
		return false
	}
	return true
}

// enumName returns the Go type of an enum member, or records that it is not one.
func (a *analyzer) enumName(f *ir.Field) string {
	if f.Type.Kind != ir.TypeRef || f.Type.Named.Kind != ir.EnumType || f.Type.Go.Pointer || f.Type.Nullable {
		a.fail(f.Origin, "%s must be a string enum", f.Name)
		return ""
	}
	return f.Type.Named.Name
}

func (a *analyzer) recovery(m *Constructors, f *ir.Field) {
	if f.Type.Kind != ir.TypeRef || f.Type.Named.Kind != ir.StructType || f.Type.Go.Pointer || f.Type.Nullable {
		a.fail(f.Origin, "%s must be an object", f.Name)
		return
	}
	names := a.cat.Members
	rec := f.Type.Named
	m.Recovery = rec.Name
	sub := map[string]*ir.Field{}
	for _, g := range rec.Fields {
		sub[g.Name] = g
	}
	for _, name := range []string{names.Action, names.SameArguments, names.Guidance} {
		if sub[name] == nil || !sub[name].Required {
			a.fail(rec.Origin, "the catalog fills in %s.%s, which %[1]s does not declare as required", f.Name, name)
			return
		}
	}
	m.Fields.Action, m.Fields.SameArguments, m.Fields.Guidance = sub[names.Action].Go.Name, sub[names.SameArguments].Go.Name, sub[names.Guidance].Go.Name
	m.Action = a.enumName(sub[names.Action])
	m.SameArguments = a.enumName(sub[names.SameArguments])
	a.requireString(sub[names.Guidance])
	switch r := sub[names.RetryAfter]; {
	case r == nil:
	case r.Type.Go.Pointer && (r.Type.Kind == ir.TypeNumber || r.Type.Kind == ir.TypeInt64) && !r.Type.Nullable:
		m.RetryAfter = r.Type.Kind
		m.Fields.RetryAfter = r.Go.Name
	default:
		a.fail(r.Origin, "%s.%s must be an optional integer", f.Name, r.Name)
	}
}

// members turns the other members into constructor parameters (required) and options (optional).
func (a *analyzer) members(m *Constructors) {
	names := map[string]string{}
	claim := func(name, member, origin string) bool {
		if other, ok := names[name]; ok {
			a.fail(origin, "member %q and %s both need the Go name %s", member, other, name)
			return false
		}
		names[name] = fmt.Sprintf("member %q", member)
		return true
	}
	for _, name := range fixedOptions {
		names[name] = "an option contractgen declares itself"
	}
	for _, f := range a.root.Fields {
		if slices.Contains(a.filled(), f.Name) {
			continue
		}
		if f.Required && f.Go.Constant != "" {
			m.Consts = append(m.Consts, ConstMember{Field: f.Go.Name, Value: f.Go.Constant})
			continue
		}
		if f.Required {
			if f.Type.Kind != ir.TypeString || f.Type.Go.Pointer || f.Type.Nullable || f.Type.Go.Custom != nil {
				a.fail(f.Origin, "constructors cannot fill the required member %q: only string members (of Go type string) can become parameters", f.Name)
				continue
			}
			m.Params = append(m.Params, Param{Field: f.Go.Name, Var: paramName(f.Go.Name), JSON: f.Name})
			continue
		}
		o := Option{Name: "With" + f.Go.Name, Field: f.Go.Name, JSON: f.Name, Pointer: f.Type.Go.Pointer}
		if !claim(o.Name, f.Name, f.Origin) {
			continue
		}
		base := *f.Type
		base.Go.Pointer = false
		o.Type = &base
		// Only a plain string passes the sanitizer; a custom or typed-format type is set as given.
		o.Text = base.Kind == ir.TypeString && !base.Nullable && base.Go.Custom == nil
		// An open object of any values: map[string]any.
		o.Evidence = base.Go.Custom == nil && base.Kind == ir.TypeMap && !base.Nullable && base.Elem.Kind == ir.TypeAny && !base.Elem.Nullable && !base.Elem.Go.Pointer
		if f.Name == a.cat.Members.Cause && o.Text {
			m.CauseField = f.Go.Name
			claim("WithCauseError", f.Name, f.Origin)
		}
		m.Options = append(m.Options, o)
	}
}

// fixedOptions are the options every generated package has, whatever its members.
var fixedOptions = []string{"WithRetryAfter", "WithOrigin", "WithRecoveryAction", "WithSameArguments", "WithGuidance", "WithSideEffects"}

// paramName makes a parameter name from a Go field name: TraceID → traceID.
func paramName(goName string) string {
	i := 0
	for i < len(goName) && goName[i] >= 'A' && goName[i] <= 'Z' {
		i++
	}
	if i > 1 && i < len(goName) {
		i--
	}
	name := strings.ToLower(goName[:i]) + goName[i:]
	if name == "message" || name == "opts" || name == "kind" {
		name += "Value"
	}
	return name
}

func (a *analyzer) rows(m *Constructors) {
	origin, action, same, side := a.enumOf(m.Origin), a.enumOf(m.Action), a.enumOf(m.SameArguments), a.enumOf(m.SideEffects)
	relaxed := a.cat.Values.Relaxed
	row := func(k *Kind) KindRow {
		r := KindRow{Name: k.Name, GoName: k.GoName, HTTPStatus: k.HTTPStatus, JSONRPCCode: k.JSONRPCCode,
			RetryAfter: k.RetryAfter, HintRelaxes: k.HintRelaxes, Guidance: k.Guidance, WWWAuthenticate: k.WWWAuthenticate,
			OriginValue: k.Origin, ActionValue: k.Action, SameArgumentsValue: k.SameArguments}
		if k.HTTPStatus != 401 {
			// Only a 401 response carries a challenge; the IR gives every row the default.
			r.WWWAuthenticate = ""
		}
		r.Origin = a.constant(origin, k.Origin, k.Pointer+"/origin")
		r.Action = a.constant(action, k.Action, k.Pointer+"/action")
		r.SameArguments = a.constant(same, k.SameArguments, k.Pointer+"/same_arguments")
		r.SideEffects = a.constant(side, k.SideEffects, k.Pointer+"/side_effects")
		if k.HintRelaxes && m.Conditional == "" {
			if c, ok := enumConst(same, relaxed); ok {
				m.Conditional = c
			} else {
				a.fail(k.Pointer+"/hint_relaxes", "the safety-hint rule sets %s to %q, which its enum lacks: add the value, or name the one the rule sets in x-catalog.values.relaxed",
					a.cat.Members.SameArguments, relaxed)
			}
		}
		if k.RetryAfter && m.RetryAfter == ir.TypeRaw {
			a.fail(k.Pointer+"/retry_after", "the row allows a wait, but %s declares no %s member to carry it: add it to %[1]s as an optional integer (or name it in x-catalog.members), or set retry_after to false",
				a.cat.Members.Recovery, a.cat.Members.RetryAfter)
		}
		return r
	}
	for _, k := range a.cat.Kinds {
		m.Kinds = append(m.Kinds, row(k))
	}
	if fb := a.cat.Fallback; fb != nil {
		m.Fallback = row(fb)
	} else {
		// The catalog parser already requires the row; without it cgFallbackRow could not be written.
		a.fail(a.cat.Origin, "the kind catalog needs a fallback row")
	}
}

func (a *analyzer) enumOf(name string) *ir.Named {
	for _, n := range a.pkg.Types {
		if n.Name == name {
			return n
		}
	}
	return nil
}

// enumConst returns the Go constant of an enum value, and whether the enum has it.
func enumConst(enum *ir.Named, value string) (string, bool) {
	if enum != nil && enum.Enum != nil {
		for _, v := range enum.Enum.Values {
			if v.Value == value {
				return v.Go.Name, true
			}
		}
	}
	return "", false
}

// constant returns the Go constant of an enum value, or records that the enum lacks it.
func (a *analyzer) constant(enum *ir.Named, value, origin string) string {
	if c, ok := enumConst(enum, value); ok {
		return c
	}
	name := "(missing)"
	if enum != nil {
		name = enum.Name
	}
	a.fail(origin, "%q is not a value of the enum %s", value, name)
	return ""
}

func (a *analyzer) surfaces(m *Constructors) {
	s := a.surf
	if s == nil {
		return
	}
	m.MCPMetaKey = s.MCPMetaKey
	origin := a.enumOf(m.Origin)
	table := func(codes map[string]int) []OriginCode {
		var out []OriginCode
		for _, v := range origin.Enum.Values {
			if code, ok := codes[v.Value]; ok {
				out = append(out, OriginCode{Origin: v.Go.Name, Code: code})
			}
		}
		return out
	}
	m.JSONRPCCodes, m.CLIExitCodes = table(s.JSONRPCCodes), table(s.CLIExitCodes)
}

// safety finds the hints the safety-hint rule reads; without them no row may relax.
func (a *analyzer) safety(m *Constructors, f *ir.Field) {
	if m.Conditional == "" {
		return
	}
	names := a.cat.Members
	if f != nil && f.Type.Kind == ir.TypeRef && f.Type.Named.Kind == ir.StructType {
		s := &SafetyHints{Field: f.Go.Name}
		for _, g := range f.Type.Named.Fields {
			if g.Type.Kind == ir.TypeBool && g.Type.Go.Pointer && !g.Type.Nullable {
				switch g.Name {
				case names.ReadOnly:
					s.ReadOnly = g.Go.Name
				case names.Idempotent:
					s.Idempotent = g.Go.Name
				}
			}
		}
		if s.ReadOnly != "" && s.Idempotent != "" {
			m.Safety = s
			m.Fields.ReadOnly, m.Fields.Idempotent = s.ReadOnly, s.Idempotent
			return
		}
	}
	a.fail(a.cat.Origin, "a kind sets hint_relaxes, but the error type has no %s member with boolean %s and %s", names.Safety, names.ReadOnly, names.Idempotent)
}
