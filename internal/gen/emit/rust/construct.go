package rust

import (
	"fmt"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// unnamedKind replaces an empty kind, which the contract does not allow; the Go constructors use
// the same word.
const unnamedKind = "unclassified"

// constructFile writes src/construct.rs for a contract with a kind catalog: Options, new and one
// constructor per kind, which build the error the Go package's New and New<Kind> build from the
// same arguments, byte for byte, free text passing the runtime's sanitizer as in Go. It returns ""
// when the contract has no catalog.
func (g *gen) constructFile() (string, error) {
	ec := errorcontract.Of(g.pkg)
	m := ec.Constructors
	if ec.Catalog == nil || m == nil || ec.Catalog.Fallback == nil {
		return "", nil
	}
	c := constructor{g: g, m: m, root: ec.Root(), names: ec.Catalog.Members, relaxed: ec.Catalog.Values.Relaxed}
	if err := c.resolve(); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(g.header(".rs"))
	b.WriteString("\n//! Constructors: an error of every kind with the catalog's defaults, free text sanitized.\n\n")
	b.WriteString("use crate::catalog::lookup_kind;\nuse crate::*;\nuse contractgen_runtime as rt;\n\n")
	fmt.Fprintf(&b, "/// The kind that replaces an empty one, which the contract does not allow.\npub const UNNAMED_KIND: &str = %s;\n\n", rustString(unnamedKind))
	c.options(&b)
	c.generic(&b)
	c.perKind(&b)
	c.helpers(&b)
	c.checkCatalog(&b, ec.Catalog.Origin)
	return b.String(), nil
}

// constructor holds what construct.rs is printed from: the profile's constructor model with the
// Rust names of the members it fills.
type constructor struct {
	g    *gen
	m    *errorcontract.Constructors
	root *ir.Named
	// names are the member names of the catalog's parts; relaxed is the same_arguments value the
	// safety-hint rule sets.
	names   errorcontract.Members
	relaxed string
	// rootFields and recoveryFields map JSON member names to Rust field names.
	rootFields, recoveryFields map[string]string
	rootExtra, recoveryExtra   string
	recovery                   *ir.Named
	// options are the Options fields in order; params the extra &str parameters of every
	// constructor (required string members the catalog does not fill).
	options_ []option
	params   []string
	// safety is the Rust field of the safety member and of its two hints, when the rule applies.
	safety, readOnly, idempotent string
	// retryMS is how a whole number of milliseconds becomes recovery.retry_after_ms, or "".
	retryMS string
}

// option is one member of Options.
type option struct {
	field, json, typ, doc string
	// value is the expression of the error's field, from options.
	value string
}

// fixedOptions are the options contractgen declares itself, in the Go package's order, with the
// Rust field each sets; they come after the contract's own. retry_after exists only when the
// contract has a wait member (an option that set nothing would mislead); its doc's %s is the
// member's path.
var fixedOptions = []struct{ name, doc string }{
	{"retry_after", "Sets %s to the duration in whole milliseconds, rounded up. The catalog allows the member only for kinds that tell the caller to wait (KindInfo::retry_after); for any other kind it is set all the same, as asked, and check_catalog reports it."},
	{"origin", "Overrides the catalog's origin."},
	{"recovery_action", "Overrides the catalog's recovery action."},
	{"same_arguments", "Overrides the catalog's same_arguments, and with it the safety-hint rule."},
	{"guidance", "Replaces the catalog's guidance; the text passes the sanitizer, and guidance that is empty afterwards leaves the catalog's in place."},
	{"side_effects", "Overrides the catalog's side_effects."},
}

func (c *constructor) fail(origin, format string, args ...any) error {
	return fmt.Errorf("rust: %s: "+format, append([]any{origin}, args...)...)
}

// resolve finds the Rust names and types of everything the constructors set.
func (c *constructor) resolve() error {
	g, m := c.g, c.m
	names := func(n *ir.Named) (map[string]string, string) {
		fields, extra := fieldNames(n)
		out := map[string]string{}
		for i, f := range n.Fields {
			out[f.Name] = fields[i]
		}
		if !n.Extra {
			extra = ""
		}
		return out, extra
	}
	byJSON := map[string]*ir.Field{}
	for _, f := range c.root.Fields {
		byJSON[f.Name] = f
	}
	c.rootFields, c.rootExtra = names(c.root)
	rec := byJSON[c.names.Recovery]
	if rec == nil || rec.Type.Kind != ir.TypeRef || rec.Type.Named == nil {
		return c.fail(c.root.Origin, "the constructors need a recovery object")
	}
	c.recovery = rec.Type.Named
	c.recoveryFields, c.recoveryExtra = names(c.recovery)
	for _, f := range c.recovery.Fields {
		switch f.Name {
		case c.names.Action, c.names.SameArguments, c.names.Guidance:
		case c.names.RetryAfter:
			if m.RetryAfter == ir.TypeNumber {
				c.retryMS = "serde_json::Number::from(ms)"
			} else if m.RetryAfter == ir.TypeInt64 {
				c.retryMS = "ms"
			}
		default:
			if f.Required {
				return c.fail(f.Origin, "the constructors cannot fill the required member recovery.%s", f.Name)
			}
		}
	}
	if len(m.Consts) > 0 {
		return c.fail(c.root.Origin, "the Rust target cannot follow a required const member besides contract_version in constructors yet")
	}
	for _, p := range m.Params {
		c.params = append(c.params, c.rootFields[p.JSON])
	}
	taken := map[string]string{}
	for _, p := range c.params {
		taken[p] = "a parameter"
	}
	claim := func(name, what, origin string) error {
		if other, ok := taken[name]; ok {
			return c.fail(origin, "%s and %s both need the Rust name %s in Options", what, other, name)
		}
		taken[name] = what
		return nil
	}
	for _, o := range m.Options {
		f := byJSON[o.JSON]
		field := c.rootFields[f.Name]
		if err := claim(strings.TrimPrefix(field, "r#"), fmt.Sprintf("member %q", f.Name), f.Origin); err != nil {
			return err
		}
		typ, _ := g.fieldType(f, c.root)
		opt := option{field: field, json: f.Name, typ: typ}
		switch {
		case o.Text:
			opt.doc = "Sets " + f.Name + "; the text passes the sanitizer first."
			opt.value = fmt.Sprintf("options.%s.map(|s| rt::sanitize_text(&s))", field)
		case o.Evidence:
			opt.typ = "Option<serde_json::Map<String, serde_json::Value>>"
			opt.doc = "Sets " + f.Name + ". Its values pass sanitize_evidence, so secret-named members and secret-shaped strings never reach the object."
			opt.value = fmt.Sprintf("options.%s.map(|v| rt::sanitize_evidence(&v).into_iter().map(|(k, v)| (k, rt::Any(v))).collect())", field)
		default:
			opt.doc = "Sets " + f.Name + "."
			opt.value = "options." + field
		}
		c.options_ = append(c.options_, opt)
	}
	for _, o := range c.fixedOptions() {
		if err := claim(o.name, "an option contractgen declares itself", c.root.Origin); err != nil {
			return err
		}
	}
	if m.Safety != nil {
		f := byJSON[c.names.Safety]
		c.safety = c.rootFields[f.Name]
		hints, _ := names(f.Type.Named)
		c.readOnly, c.idempotent = hints[c.names.ReadOnly], hints[c.names.Idempotent]
	}
	return nil
}

// fixedOptions are the fixed options this contract has: retry_after only with a wait member,
// which its doc names.
func (c *constructor) fixedOptions() []struct{ name, doc string } {
	var out []struct{ name, doc string }
	for _, o := range fixedOptions {
		if o.name == "retry_after" {
			if c.retryMS == "" {
				continue
			}
			o.doc = fmt.Sprintf(o.doc, c.names.RetryAfterPath())
		}
		out = append(out, o)
	}
	return out
}

// typeOf is the Rust type of the member of n (the root or recovery) that the catalog fills.
func (c *constructor) typeOf(n *ir.Named, member string) string {
	for _, f := range n.Fields {
		if f.Name == member {
			return c.g.rustType(f.Type, nil)
		}
	}
	return ""
}

func (c *constructor) options(b *strings.Builder) {
	writeDoc(b, "///", "What a constructor sets or overrides besides the catalog's defaults; `Options::default()` changes nothing. An option overrides the catalog's default also where the catalog's rules forbid the result.")
	b.WriteString("#[derive(Debug, Clone, Default, PartialEq)]\npub struct Options {\n")
	for _, o := range c.options_ {
		writeDoc(b, "    ///", o.doc)
		fmt.Fprintf(b, "    pub %s: %s,\n", o.field, o.typ)
	}
	fixed := map[string]string{
		"retry_after":     "Option<std::time::Duration>",
		"origin":          "Option<" + c.typeOf(c.root, c.names.Origin) + ">",
		"recovery_action": "Option<" + c.typeOf(c.recovery, c.names.Action) + ">",
		"same_arguments":  "Option<" + c.typeOf(c.recovery, c.names.SameArguments) + ">",
		"guidance":        "Option<String>",
		"side_effects":    "Option<" + c.typeOf(c.root, c.names.SideEffects) + ">",
	}
	for _, o := range c.fixedOptions() {
		writeDoc(b, "    ///", o.doc)
		fmt.Fprintf(b, "    pub %s: %s,\n", o.name, fixed[o.name])
	}
	b.WriteString("}\n\n")
}

// signature is the parameter list after message.
func (c *constructor) signature() string {
	var s strings.Builder
	for _, p := range c.params {
		fmt.Fprintf(&s, "%s: &str, ", p)
	}
	return s.String() + "options: Options"
}

func (c *constructor) arguments() string {
	var s strings.Builder
	for _, p := range c.params {
		s.WriteString(p + ", ")
	}
	return s.String() + "options"
}

func (c *constructor) generic(b *strings.Builder) {
	g, m := c.g, c.m
	root, rec := g.names[c.root], g.names[c.recovery]
	writeDoc(b, "///", "Returns an error of any kind with the catalog's defaults for that kind, or the fallback row's for a kind the catalog does not list. The message, like every text an option takes, passes the sanitizer; an empty kind or message is replaced so that the result is always a valid object.")
	fmt.Fprintf(b, "pub fn new(kind: &str, message: &str, %s) -> %s {\n", c.signature(), root)
	b.WriteString(`    let kind = if kind.is_empty() { UNNAMED_KIND } else { kind };
    let (row, _) = lookup_kind(kind);
    let mut message = rt::sanitize_text(message);
    if message.trim().is_empty() {
        message = format!("The request failed with error kind {}.", rt::sanitize_text(kind));
    }
`)
	fmt.Fprintf(b, "    let mut e = %s {\n", root)
	fromOptions := map[string]string{}
	for _, o := range c.options_ {
		fromOptions[o.json] = o.value
	}
	for _, f := range c.root.Fields {
		field := c.rootFields[f.Name]
		var value string
		switch n := c.names; f.Name {
		case n.Version:
			value = m.Version
		case n.Kind:
			value = "kind.to_string()"
		case n.Message:
			value = "message"
		case n.Origin:
			value = fmt.Sprintf("%s::from(row.origin)", c.typeOf(c.root, f.Name))
		case n.SideEffects:
			value = fmt.Sprintf("%s::from(row.side_effects)", c.typeOf(c.root, f.Name))
		case n.Recovery:
			value = c.recoveryLiteral(rec)
		default:
			if f.Required {
				value = fmt.Sprintf("rt::sanitize_text(%s)", field)
			} else if value = fromOptions[f.Name]; value == "" {
				value = "None"
			}
		}
		if value == field {
			fmt.Fprintf(b, "        %s,\n", field)
			continue
		}
		fmt.Fprintf(b, "        %s: %s,\n", field, value)
	}
	if c.rootExtra != "" {
		fmt.Fprintf(b, "        %s: serde_json::Map::new(),\n", c.rootExtra)
	}
	b.WriteString("    };\n")
	same, guidance, action := c.recoveryFields[c.names.SameArguments], c.recoveryFields[c.names.Guidance], c.recoveryFields[c.names.Action]
	recovery := c.rootFields[c.names.Recovery]
	fmt.Fprintf(b, `    if let Some(origin) = options.origin {
        e.%[1]s = origin;
    }
    if let Some(action) = options.recovery_action {
        e.%[6]s.%[2]s = action;
    }
    let same_arguments_set = options.same_arguments.is_some();
    if let Some(same) = options.same_arguments {
        e.%[6]s.%[3]s = same;
    }
    if let Some(guidance) = options.guidance {
        let guidance = rt::sanitize_text(&guidance);
        if !guidance.trim().is_empty() {
            e.%[6]s.%[4]s = guidance;
        }
    }
    if let Some(effects) = options.side_effects {
        e.%[5]s = effects;
    }
`, c.rootFields[c.names.Origin], action, same, guidance, c.rootFields[c.names.SideEffects], recovery)
	if c.safety != "" {
		b.WriteString("    // The safety-hint rule: a tool that declares itself read-only or idempotent can be called again\n")
		fmt.Fprintf(b, "    // with the same arguments once the condition clears, so a relaxing kind says %q.\n", c.relaxed)
		fmt.Fprintf(b, "    if let Some(safety) = e.%s.as_ref().filter(|_| row.hint_relaxes && !same_arguments_set) {\n", c.safety)
		fmt.Fprintf(b, "        if safety.%s == Some(true) || safety.%s == Some(true) {\n", c.readOnly, c.idempotent)
		fmt.Fprintf(b, "            e.%s.%s = %s::from(%s);\n        }\n    }\n", recovery, same, c.typeOf(c.recovery, c.names.SameArguments), rustString(c.relaxed))
	} else {
		b.WriteString("    let _ = (row, same_arguments_set);\n")
	}
	if c.retryMS != "" {
		fmt.Fprintf(b, "    if let Some(wait) = options.retry_after {\n        let ms = milliseconds(wait);\n        e.%s.%s = Some(%s);\n    }\n", recovery, c.recoveryFields[c.names.RetryAfter], c.retryMS)
	}
	b.WriteString("    e\n}\n\n")
}

// recoveryLiteral is the recovery object with the row's defaults and every optional member unset.
func (c *constructor) recoveryLiteral(name string) string {
	var parts []string
	for _, f := range c.recovery.Fields {
		field := c.recoveryFields[f.Name]
		switch f.Name {
		case c.names.Action:
			parts = append(parts, fmt.Sprintf("%s: %s::from(row.action)", field, c.typeOf(c.recovery, f.Name)))
		case c.names.SameArguments:
			parts = append(parts, fmt.Sprintf("%s: %s::from(row.same_arguments)", field, c.typeOf(c.recovery, f.Name)))
		case c.names.Guidance:
			parts = append(parts, field+": row.guidance.to_string()")
		default:
			parts = append(parts, field+": None")
		}
	}
	if c.recoveryExtra != "" {
		parts = append(parts, c.recoveryExtra+": serde_json::Map::new()")
	}
	return name + " { " + strings.Join(parts, ", ") + " }"
}

func (c *constructor) perKind(b *strings.Builder) {
	root := c.g.names[c.root]
	for _, r := range c.m.Kinds {
		var doc strings.Builder
		fmt.Fprintf(&doc, "Returns a %q error: origin %s, recovery %s (same arguments: %s), HTTP %d", r.Name, r.OriginValue, r.ActionValue, r.SameArgumentsValue, r.HTTPStatus)
		if r.RetryAfter {
			doc.WriteString(", retry_after applies")
		}
		doc.WriteString(".")
		if r.Guidance != "" {
			doc.WriteString(" Guidance: " + r.Guidance)
		}
		writeDoc(b, "///", doc.String())
		fmt.Fprintf(b, "pub fn new_%s(message: &str, %s) -> %s {\n    new(%s, message, %s)\n}\n\n",
			strings.TrimPrefix(snake(r.Name), "r#"), c.signature(), root, rustString(r.Name), c.arguments())
	}
}

func (c *constructor) helpers(b *strings.Builder) {
	if c.retryMS == "" {
		return
	}
	b.WriteString(`
/// A duration in whole milliseconds, rounded up so that a caller never waits less than asked, at
/// most i64::MAX.
fn milliseconds(d: std::time::Duration) -> i64 {
    let ms = d.as_millis() + u128::from(d.subsec_nanos() % 1_000_000 != 0);
    i64::try_from(ms).unwrap_or(i64::MAX)
}

`)
}

// checkCatalog writes check_catalog, the catalog rules the schema cannot express, with keyword
// locations in the catalog as the Go package's CheckCatalog reports them.
func (c *constructor) checkCatalog(b *strings.Builder, catalogOrigin string) {
	_, ptr, _ := strings.Cut(catalogOrigin, "#")
	root := c.g.names[c.root]
	fmt.Fprintf(b, "impl %s {\n", root)
	doc := "Reports where the error breaks a rule of its kind's catalog row that the schema cannot express; keyword locations point at the row's entry in the catalog (" + ptr + "). parse and validate check the schema only."
	if c.retryMS == "" {
		// The only such rule is about the wait member: without one, nothing can break it.
		writeDoc(b, "    ///", doc+" The contract's "+c.names.Recovery+" has no member that carries a wait, which is what the catalog's rules are about, so the list is always empty.")
		b.WriteString("    pub fn check_catalog(&self) -> Vec<Violation> {\n        Vec::new()\n    }\n}\n")
		return
	}
	writeDoc(b, "    ///", doc)
	b.WriteString("    pub fn check_catalog(&self) -> Vec<Violation> {\n        let mut violations = Vec::new();\n")
	fmt.Fprintf(b, `        let (row, known) = lookup_kind(&self.%s);
        if self.%s.%s.is_some() && !row.retry_after {
            let rule = if known {
                format!("%s/kinds/{}/retry_after", rt::pointer_token(&self.%[1]s))
            } else {
                "%[4]s/fallback/retry_after".to_string()
            };
            violations.push(Violation {
                instance_location: %[5]s.to_string(),
                keyword_location: rule,
                error: format!("the catalog row of kind {} does not allow %[6]s", rt::go_quote(&self.%[1]s)),
            });
        }
`, c.rootFields[c.names.Kind], c.rootFields[c.names.Recovery], c.recoveryFields[c.names.RetryAfter], ptr, rustString(c.names.RetryAfterPointer()), c.names.RetryAfter)
	b.WriteString("        violations\n    }\n}\n")
}
