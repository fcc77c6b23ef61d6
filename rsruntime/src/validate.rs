//! The schema interpreter: a validation table (one [`Node`] per schema, references as indexes)
//! applied to a [`Value`] with the Go runtime's semantics, locations and messages.

use crate::decimal::{cmp, Decimal, Multiple};
use crate::json::{parse_value, pointer_token, JsonError, Value};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::sync::OnceLock;

/// The bits of [`Node::types`], as in the Go runtime.
pub const TYPE_NULL: u8 = 1;
/// `"boolean"`.
pub const TYPE_BOOLEAN: u8 = 2;
/// `"object"`.
pub const TYPE_OBJECT: u8 = 4;
/// `"array"`.
pub const TYPE_ARRAY: u8 = 8;
/// `"number"`.
pub const TYPE_NUMBER: u8 = 16;
/// `"string"`.
pub const TYPE_STRING: u8 = 32;
/// `"integer"`.
pub const TYPE_INTEGER: u8 = 64;

/// The type names in the order of their bits, as messages list them.
const TYPE_NAMES: [&str; 7] = ["null", "boolean", "object", "array", "number", "string", "integer"];

/// An optional count (minLength, maxItems, ...).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Count {
    /// Whether the keyword is present.
    #[serde(rename = "Set", default)]
    pub set: bool,
    /// Its value.
    #[serde(rename = "N", default)]
    pub n: i64,
}

/// A named subschema: a property or a dependentSchemas member.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prop {
    /// The member name.
    #[serde(rename = "Name")]
    pub name: String,
    /// The subschema's node.
    #[serde(rename = "Node")]
    pub node: u32,
}

/// One member of dependentRequired.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dependency {
    /// The member whose presence requires the others.
    #[serde(rename = "Name")]
    pub name: String,
    /// The members then required.
    #[serde(rename = "Required", default, deserialize_with = "null_as_empty")]
    pub required: Vec<String>,
}

/// Reads an absent list, which Go writes as null, as empty.
fn null_as_empty<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    Ok(Option::<Vec<String>>::deserialize(d)?.unwrap_or_default())
}

/// One schema of a validation table, the keywords this runtime implements. Node indexes point
/// into the table, 0 meaning absent (entry 0 is never used). The field names in JSON are those of
/// the Go runtime's `Node`, so that a table reads the same in both.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "PascalCase", default)]
pub struct Node {
    /// 1 for the schema `true`, 2 for `false`, 0 for an object schema.
    pub bool: i8,
    pub r#ref: u32,
    /// The `type` keyword as `TYPE_*` bits; 0 allows every type.
    pub types: u8,
    pub has_const: bool,
    /// Compact JSON.
    pub r#const: String,
    /// Compact JSON of each value; `None` when the keyword is absent.
    pub r#enum: Option<Vec<String>>,
    pub min_length: Count,
    pub max_length: Count,
    /// The `pattern` keyword; `None` when absent.
    pub pattern: Option<Pattern>,
    pub minimum: String,
    pub maximum: String,
    pub exclusive_minimum: String,
    pub exclusive_maximum: String,
    pub multiple_of: String,
    pub items: u32,
    pub min_items: Count,
    pub max_items: Count,
    pub unique_items: bool,
    pub properties: Vec<Prop>,
    pub required: Vec<String>,
    /// patternProperties: each pattern with its subschema.
    pub pattern_properties: Vec<PatternProp>,
    pub additional_properties: u32,
    pub min_properties: Count,
    pub max_properties: Count,
    pub dependent_required: Vec<Dependency>,
    pub dependent_schemas: Vec<Prop>,
    pub all_of: Option<Vec<u32>>,
    pub any_of: Option<Vec<u32>>,
    pub one_of: Option<Vec<u32>>,
    pub not: u32,
    pub r#if: u32,
    pub then: u32,
    pub r#else: u32,
    /// const and enum parsed on first use.
    #[serde(skip)]
    parsed: OnceLock<(Option<Value>, Vec<Value>)>,
}

/// A pattern: as the schema writes it (messages quote it) and as the generator spelled it for the
/// regex crate, every class an explicit list of code point ranges, so that it accepts the strings
/// the Go runtime's translation accepts.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
pub struct Pattern {
    /// The ECMA-262 pattern as written.
    #[serde(rename = "Source")]
    pub source: String,
    /// The same pattern for the regex crate.
    #[serde(rename = "Rust")]
    pub rust: String,
    /// `rust` compiled on first use.
    #[serde(skip)]
    compiled: OnceLock<Result<regex::Regex, String>>,
}

/// One member of patternProperties.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
pub struct PatternProp {
    /// The pattern member names are matched against.
    #[serde(rename = "Pattern")]
    pub pattern: Pattern,
    /// The subschema of the members it matches.
    #[serde(rename = "Node")]
    pub node: u32,
}

impl PartialEq for Pattern {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source && self.rust == other.rust
    }
}

impl Pattern {
    /// Reports whether `s` holds a match; the error is the crate's when it cannot compile the
    /// spelling (a size limit), and validation then fails the value, as Go's does when its
    /// engine gives up.
    pub fn is_match(&self, s: &str) -> Result<bool, &str> {
        let re = self.compiled.get_or_init(|| {
            regex::RegexBuilder::new(&self.rust).size_limit(1 << 26).build().map_err(|e| e.to_string())
        });
        match re {
            Ok(re) => Ok(re.is_match(s)),
            Err(e) => Err(e),
        }
    }
}

impl Node {
    fn constants(&self) -> &(Option<Value>, Vec<Value>) {
        self.parsed.get_or_init(|| {
            let c = if self.has_const { Some(constant(&self.r#const)) } else { None };
            let e = self.r#enum.iter().flatten().map(|x| constant(x)).collect();
            (c, e)
        })
    }
}

/// One way a value fails its schema, in the shape of JSON Schema's "basic" output.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Violation {
    /// The JSON pointer of the offending value in the instance.
    pub instance_location: String,
    /// The JSON pointer of the failing keyword in the schema, through `$ref`.
    pub keyword_location: String,
    /// What is wrong.
    pub error: String,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = if self.instance_location.is_empty() { "(root)" } else { &self.instance_location };
        write!(f, "{at}: {}", self.error)
    }
}

/// Validates JSON text against node `root`: a member name repeated in one object is a violation,
/// and every keyword applies. It fails only when the text is not JSON.
pub fn validate_json(nodes: &[Node], root: u32, data: &[u8]) -> Result<Vec<Violation>, JsonError> {
    // Reading, validating and dropping a value recurse as deep as it nests. Go accepts 10 000
    // levels on its growing stacks; here a deep document gets a thread whose stack fits it.
    let depth = crate::json::nesting(data);
    if depth <= SHALLOW {
        return validate_here(nodes, root, data);
    }
    let stack = (depth.min(crate::json::MAX_DEPTH + 1) + 64) * STACK_PER_LEVEL;
    std::thread::scope(|s| {
        let worker = std::thread::Builder::new().stack_size(stack).spawn_scoped(s, || validate_here(nodes, root, data));
        match worker {
            Ok(handle) => handle.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
            Err(e) => Err(JsonError { offset: 0, message: format!("a document nested {depth} deep needs a thread of its own: {e}") }),
        }
    })
}

/// Documents nested at most this deep are validated on the caller's stack.
const SHALLOW: usize = 128;

/// Stack bytes per level of nesting, generous for unoptimized builds: reading, validating and
/// dropping each take a few frames per level.
const STACK_PER_LEVEL: usize = 8 << 10;

fn validate_here(nodes: &[Node], root: u32, data: &[u8]) -> Result<Vec<Violation>, JsonError> {
    let mut dups = Vec::new();
    let v = parse_value(data, &mut |at, name| {
        dups.push(Violation { instance_location: at.to_string(), keyword_location: String::new(), error: format!("member name {} occurs more than once", quote(name)) });
    })?;
    let mut all = dups;
    all.extend(validate_value(nodes, root, &v));
    sort(&mut all);
    Ok(all)
}

/// Validates a parsed value against node `root`; the violations come sorted by instance
/// location, then keyword location.
pub fn validate_value(nodes: &[Node], root: u32, v: &Value) -> Vec<Violation> {
    let mut c = Collector::new(nodes, false);
    c.eval(root, v, &mut String::new(), &mut String::new());
    sort(&mut c.violations);
    c.violations
}

fn sort(vs: &mut [Violation]) {
    vs.sort_by(|a, b| a.instance_location.cmp(&b.instance_location).then_with(|| a.keyword_location.cmp(&b.keyword_location)));
}

/// Quotes a string as Go's strconv.Quote does for the texts messages quote (generated crates'
/// messages use it too).
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if is_go_printable(c) => out.push(c),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push('"');
    out
}

/// An approximation of Go's unicode.IsPrint for the characters member names hold: control
/// characters, the replacement-free invisible formats and separators other than the space are
/// escaped.
fn is_go_printable(c: char) -> bool {
    let u = c as u32;
    !(matches!(u, 0x80..=0x9f | 0xad | 0x600..=0x605 | 0x61c | 0x6dd | 0x70f | 0x180e | 0x200b..=0x200f | 0x2028..=0x202e | 0x2060..=0x206f | 0xfeff | 0xfff9..=0xfffb | 0xd800..=0xdfff | 0xe000..=0xf8ff)
        || u == 0xa0
        || (0x2000..=0x200a).contains(&u)
        || u == 0x3000
        || u == 0x1680
        || u == 0x202f
        || u == 0x205f
        || (0xf0000..).contains(&u)
        || (u & 0xfffe) == 0xfffe)
}

/// Parses a const or enum literal of the table (compact JSON the generator wrote).
fn constant(json: &str) -> Value {
    parse_value(json.as_bytes(), &mut |_, _| {}).unwrap_or(Value::Null)
}

struct Collector<'n> {
    nodes: &'n [Node],
    /// Only the verdict counts: failures are not recorded and evaluation stops early.
    quiet: bool,
    failed: bool,
    violations: Vec<Violation>,
    /// Whether a quiet collector keeps its first failure in `first`. A union that nothing
    /// matches reports where each branch stopped; other quiet evaluations do not pay for the
    /// rendering.
    keep_first: bool,
    /// The first failure of a quiet collector that keeps it.
    first: Option<Violation>,
}

/// Union branch exclusion looks at this many nodes of a static `$ref` chain at most, as the Go
/// runtime does (a chain may be a cycle).
const REF_NODES: usize = 16;

/// Appends "/kw" to a location for the duration of f.
fn with<R>(loc: &mut String, parts: &[&str], f: impl FnOnce(&mut String) -> R) -> R {
    let len = loc.len();
    for p in parts {
        loc.push('/');
        loc.push_str(p);
    }
    let r = f(loc);
    loc.truncate(len);
    r
}

fn equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::String(x), Value::String(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => match (Decimal::parse(x), Decimal::parse(y)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        },
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| equal(p, q)),
        (Value::Object(x), Value::Object(_)) => {
            let Value::Object(ym) = b else { return false };
            x.len() == ym.len() && x.iter().all(|(k, v)| b.member(k).is_some_and(|o| equal(v, o)))
        }
        _ => false,
    }
}

fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
        Value::Number(lit) => {
            if Decimal::parse(lit).is_some_and(|d| d.is_int()) {
                "integer"
            } else {
                "number"
            }
        }
    }
}

fn type_matches(types: u8, v: &Value) -> bool {
    match v {
        Value::Null => types & TYPE_NULL != 0,
        Value::Bool(_) => types & TYPE_BOOLEAN != 0,
        Value::String(_) => types & TYPE_STRING != 0,
        Value::Array(_) => types & TYPE_ARRAY != 0,
        Value::Object(_) => types & TYPE_OBJECT != 0,
        Value::Number(lit) => types & TYPE_NUMBER != 0 || (types & TYPE_INTEGER != 0 && Decimal::parse(lit).is_some_and(|d| d.is_int())),
    }
}

fn type_list(types: u8) -> String {
    let names: Vec<&str> = TYPE_NAMES.iter().enumerate().filter(|(bit, _)| types & (1 << bit) != 0).map(|(_, n)| *n).collect();
    names.join(" or ")
}

/// Calls `f` on node `i` and on each node its static `$ref` chain reaches, until `f` says true
/// (which `chain` returns). `$dynamicRef` is not followed: its target depends on the scope.
fn chain(nodes: &[Node], i: u32, mut f: impl FnMut(&Node) -> bool) -> bool {
    let mut seen = [0u32; REF_NODES];
    let mut at = i;
    for hop in 0..REF_NODES {
        if at == 0 || seen[..hop].contains(&at) {
            return false;
        }
        seen[hop] = at;
        let n = &nodes[at as usize];
        if f(n) {
            return true;
        }
        at = n.r#ref;
    }
    false
}

/// Reports whether `n`'s const or enum rejects `v`, as `eval` judges them.
fn rejects_constant(n: &Node, v: &Value) -> bool {
    let (c, e) = n.constants();
    c.as_ref().is_some_and(|c| !equal(c, v)) || (n.r#enum.is_some() && !e.iter().any(|x| equal(x, v)))
}

impl Collector<'_> {
    fn new(nodes: &[Node], quiet: bool) -> Collector<'_> {
        Collector { nodes, quiet, failed: false, violations: Vec::new(), keep_first: false, first: None }
    }

    fn fail(&mut self, at: &str, kw: &str, keyword: &str, msg: String) {
        self.failed = true;
        if self.quiet && !(self.keep_first && self.first.is_none()) {
            return;
        }
        let mut loc = kw.to_string();
        if !keyword.is_empty() {
            loc.push('/');
            loc.push_str(keyword);
        }
        let v = Violation { instance_location: at.to_string(), keyword_location: loc, error: msg };
        if self.quiet {
            self.first = Some(v);
        } else {
            self.violations.push(v);
        }
    }

    fn stop(&self) -> bool {
        self.quiet && self.failed
    }

    fn matches(&self, i: u32, v: &Value) -> bool {
        let mut sub = Collector::new(self.nodes, true);
        sub.eval(i, v, &mut String::new(), &mut String::new());
        !sub.failed
    }

    /// Evaluates node `i` quietly at the given locations and returns the failure at which it
    /// stopped, or `None` when `v` is valid.
    fn first_failure(&self, i: u32, v: &Value, at: &mut String, kw: &mut String) -> Option<Violation> {
        let mut sub = Collector::new(self.nodes, true);
        sub.keep_first = true;
        sub.eval(i, v, at, kw);
        sub.first
    }

    /// Reports whether node `i` provably rejects `v` by a check cheap enough to run before
    /// evaluating a union's branches: false schema, `type`, a missing `required` member (when
    /// `required` is set), or a declared member whose const or enum rejects its value, on the
    /// node or its `$ref` chain.
    fn excluded(&self, i: u32, v: &Value, required: bool) -> bool {
        chain(self.nodes, i, |n| {
            if n.bool == 2 || (n.types != 0 && !type_matches(n.types, v)) {
                return true;
            }
            if !matches!(v, Value::Object(_)) {
                return false;
            }
            (required && n.required.iter().any(|name| v.member(name).is_none()))
                || n.properties.iter().any(|p| v.member(&p.name).is_some_and(|m| chain(self.nodes, p.node, |pn| rejects_constant(pn, m))))
        })
    }

    /// The branch `v` selects: the only one it is not excluded from or, when it is excluded from
    /// every branch, the only one whose type and discriminating values it has (a tagged value
    /// that lacks a member its variant requires is still that variant, and the missing member
    /// is the cause to report), as the Go runtime and docs/unions.md have it.
    fn selected(&self, branches: &[u32], v: &Value) -> Option<usize> {
        for required in [true, false] {
            let mut open = branches.iter().enumerate().filter(|(_, s)| !self.excluded(**s, v, required)).map(|(j, _)| j);
            match (open.next(), open.next()) {
                (Some(j), None) => return Some(j),
                (None, _) => continue,
                _ => return None,
            }
        }
        None
    }

    /// Applies anyOf or oneOf (`keyword`). When all branches but one are excluded, a failure
    /// reports that branch's violations under the union's own; when nothing matches otherwise,
    /// it reports where each branch's evaluation stopped. Verdicts are those of trying every
    /// branch.
    fn union(&mut self, branches: &[u32], keyword: &str, v: &Value, at: &mut String, kw: &mut String) {
        let none = || format!("matches none of the {keyword} schemas");
        if let Some(j) = self.selected(branches, v) {
            let s = branches[j];
            // The other branches fail, so the union holds exactly when branch j does.
            if self.quiet {
                if !self.matches(s, v) {
                    self.fail(at, kw, keyword, none());
                }
                return;
            }
            let mut sub = Collector::new(self.nodes, false);
            with(kw, &[keyword, &j.to_string()], |kw| sub.eval(s, v, at, kw));
            if sub.failed {
                self.fail(at, kw, keyword, none());
                self.violations.append(&mut sub.violations);
            }
            return;
        }
        let mut hits = Vec::new();
        let mut firsts = Vec::new();
        for (j, &s) in branches.iter().enumerate() {
            let matched = if self.quiet {
                self.matches(s, v)
            } else {
                let first = with(kw, &[keyword, &j.to_string()], |kw| self.first_failure(s, v, at, kw));
                let matched = first.is_none();
                firsts.extend(first);
                matched
            };
            if matched && keyword == "anyOf" {
                return;
            }
            if matched {
                hits.push(j.to_string());
            }
        }
        match hits.len() {
            0 => {
                self.fail(at, kw, keyword, none());
                self.violations.append(&mut firsts);
            }
            1 => {}
            _ => self.fail(at, kw, keyword, format!("matches oneOf schemas {}; exactly one must match", hits.join(" and "))),
        }
    }

    fn node(&self, i: u32) -> &Node {
        &self.nodes[i as usize]
    }

    fn eval(&mut self, i: u32, v: &Value, at: &mut String, kw: &mut String) {
        let nodes = self.nodes;
        let n = &nodes[i as usize];
        match n.bool {
            1 => return,
            2 => {
                self.fail(at, kw, "", "no value is allowed here (the schema is false)".into());
                return;
            }
            _ => {}
        }
        if n.r#ref != 0 {
            with(kw, &["$ref"], |kw| self.eval(n.r#ref, v, at, kw));
        }
        if n.types != 0 && !type_matches(n.types, v) {
            self.fail(at, kw, "type", format!("expected {}, got {}", type_list(n.types), kind_name(v)));
        }
        let (parsed_const, parsed_enum) = n.constants();
        if let Some(c) = parsed_const {
            if !equal(c, v) {
                self.fail(at, kw, "const", format!("must be {}", n.r#const));
            }
        }
        if let Some(list) = &n.r#enum {
            if !parsed_enum.iter().any(|e| equal(e, v)) {
                self.fail(at, kw, "enum", format!("must be one of {}", list.join(", ")));
            }
        }
        match v {
            Value::String(s) => self.string(n, s, at, kw),
            Value::Number(lit) => {
                if let Some(d) = Decimal::parse(lit) {
                    self.number(n, &d, at, kw);
                }
            }
            Value::Array(items) => self.array(n, items, at, kw),
            Value::Object(members) => self.object(n, v, members, at, kw),
            _ => {}
        }
        if !self.stop() {
            self.applicators(n, v, at, kw);
        }
    }

    fn string(&mut self, n: &Node, s: &str, at: &str, kw: &str) {
        if n.min_length.set || n.max_length.set {
            let count = s.chars().count() as i64;
            if n.min_length.set && count < n.min_length.n {
                self.fail(at, kw, "minLength", format!("has {count} characters, fewer than {}", n.min_length.n));
            }
            if n.max_length.set && count > n.max_length.n {
                self.fail(at, kw, "maxLength", format!("has {count} characters, more than {}", n.max_length.n));
            }
        }
        if let Some(p) = &n.pattern {
            match p.is_match(s) {
                Ok(true) => {}
                Ok(false) => self.fail(at, kw, "pattern", format!("does not match the pattern {}", quote(&p.source))),
                Err(e) => {
                    let msg = format!("could not be matched against the pattern {}: {e}", quote(&p.source));
                    self.fail(at, kw, "pattern", msg)
                }
            }
        }
    }

    fn number(&mut self, n: &Node, d: &Decimal, at: &str, kw: &str) {
        type Bound<'a> = (&'a str, &'static str, &'static str, fn(Ordering) -> bool);
        let bounds: [Bound; 4] = [
            (&n.minimum, "minimum", "at least", |o| o != Ordering::Less),
            (&n.maximum, "maximum", "at most", |o| o != Ordering::Greater),
            (&n.exclusive_minimum, "exclusiveMinimum", "greater than", |o| o == Ordering::Greater),
            (&n.exclusive_maximum, "exclusiveMaximum", "less than", |o| o == Ordering::Less),
        ];
        for (lit, keyword, phrase, ok) in bounds {
            if lit.is_empty() {
                continue;
            }
            if let Some(b) = Decimal::parse(lit) {
                if !ok(cmp(d, &b)) {
                    self.fail(at, kw, keyword, format!("{d} is not {phrase} {b}"));
                }
            }
        }
        if !n.multiple_of.is_empty() {
            if let Some(m) = Decimal::parse(&n.multiple_of).as_ref().and_then(Multiple::new) {
                if m.too_long(d) {
                    self.fail(at, kw, "multipleOf", format!("{d} has more than {} significant digits, too many to check multipleOf {} on", crate::decimal::MULTIPLE_DIGIT_LIMIT, n.multiple_of));
                } else if !m.divides(d) {
                    self.fail(at, kw, "multipleOf", format!("{d} is not a multiple of {}", n.multiple_of));
                }
            }
        }
    }

    fn array(&mut self, n: &Node, items: &[Value], at: &mut String, kw: &mut String) {
        let count = items.len() as i64;
        if n.min_items.set && count < n.min_items.n {
            self.fail(at, kw, "minItems", format!("has {count} items, fewer than {}", n.min_items.n));
        }
        if n.max_items.set && count > n.max_items.n {
            self.fail(at, kw, "maxItems", format!("has {count} items, more than {}", n.max_items.n));
        }
        if n.unique_items {
            'outer: for i in 0..items.len() {
                for j in i + 1..items.len() {
                    if equal(&items[i], &items[j]) {
                        self.fail(at, kw, "uniqueItems", format!("items {i} and {j} are equal"));
                        break 'outer;
                    }
                }
            }
        }
        if n.items != 0 {
            for (i, item) in items.iter().enumerate() {
                if self.stop() {
                    return;
                }
                let idx = i.to_string();
                with(at, &[&idx], |at| with(kw, &["items"], |kw| self.eval(n.items, item, at, kw)));
            }
        }
    }

    fn object(&mut self, n: &Node, v: &Value, members: &[(String, Value)], at: &mut String, kw: &mut String) {
        let count = members.len() as i64;
        if n.min_properties.set && count < n.min_properties.n {
            self.fail(at, kw, "minProperties", format!("has {count} members, fewer than {}", n.min_properties.n));
        }
        if n.max_properties.set && count > n.max_properties.n {
            self.fail(at, kw, "maxProperties", format!("has {count} members, more than {}", n.max_properties.n));
        }
        for name in &n.required {
            if v.member(name).is_none() {
                self.fail(at, kw, "required", format!("missing required member {}", quote(name)));
            }
        }
        for dep in &n.dependent_required {
            if v.member(&dep.name).is_none() {
                continue;
            }
            for name in &dep.required {
                if v.member(name).is_none() {
                    let k = format!("{kw}/dependentRequired/{}", pointer_token(&dep.name));
                    self.fail(at, &k, "", format!("member {} is required when {} is present", quote(name), quote(&dep.name)));
                }
            }
        }
        for (name, value) in members {
            if self.stop() {
                return;
            }
            let token = pointer_token(name);
            with(at, &[&token], |at| {
                let mut declared = false;
                for p in &n.properties {
                    if &p.name == name {
                        declared = true;
                        with(kw, &["properties", &token], |kw| self.eval(p.node, value, at, kw));
                    }
                }
                for p in &n.pattern_properties {
                    let src = &p.pattern.source;
                    match p.pattern.is_match(name) {
                        Ok(false) => {}
                        Ok(true) => {
                            declared = true;
                            let pk = pointer_token(src);
                            with(kw, &["patternProperties", &pk], |kw| self.eval(p.node, value, at, kw));
                        }
                        Err(e) => {
                            let msg = format!("member name {} could not be matched against the pattern {}: {e}", quote(name), quote(src));
                            self.fail(at, kw, "patternProperties", msg)
                        }
                    }
                }
                if !declared && n.additional_properties != 0 {
                    if self.node(n.additional_properties).bool == 2 {
                        self.fail(at, kw, "additionalProperties", format!("member {} is not allowed", quote(name)));
                    } else {
                        with(kw, &["additionalProperties"], |kw| self.eval(n.additional_properties, value, at, kw));
                    }
                }
            });
        }
        for dep in &n.dependent_schemas {
            if v.member(&dep.name).is_some() {
                let token = pointer_token(&dep.name);
                with(kw, &["dependentSchemas", &token], |kw| self.eval(dep.node, v, at, kw));
            }
        }
    }

    fn applicators(&mut self, n: &Node, v: &Value, at: &mut String, kw: &mut String) {
        if let Some(all) = &n.all_of {
            for (j, s) in all.iter().enumerate() {
                let idx = j.to_string();
                with(kw, &["allOf", &idx], |kw| self.eval(*s, v, at, kw));
            }
        }
        if let Some(any) = &n.any_of {
            self.union(any, "anyOf", v, at, kw);
        }
        if let Some(one) = &n.one_of {
            self.union(one, "oneOf", v, at, kw);
        }
        if n.not != 0 && self.matches(n.not, v) {
            self.fail(at, kw, "not", "matches the schema under not".into());
        }
        if n.r#if != 0 {
            if self.matches(n.r#if, v) {
                if n.then != 0 {
                    with(kw, &["then"], |kw| self.eval(n.then, v, at, kw));
                }
            } else if n.r#else != 0 {
                with(kw, &["else"], |kw| self.eval(n.r#else, v, at, kw));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_like_go() {
        assert_eq!(quote("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
        assert_eq!(quote("\u{0}"), "\"\\x00\"");
        assert_eq!(quote("é😀"), "\"é😀\"");
    }

    #[test]
    fn reports_what_go_reports() {
        let nodes: Vec<Node> = serde_json::from_str(
            r#"[{}, {"Types":4,"Properties":[{"Name":"a","Node":2}],"Required":["a","b"],"AdditionalProperties":3},
                {"Types":64,"Minimum":"1"}, {"Bool":2}]"#,
        )
        .unwrap();
        let got = validate_json(&nodes, 1, br#"{"a":0.5,"c":1,"a":2}"#).unwrap();
        let want = [
            ("", "", "member name \"a\" occurs more than once"),
            ("", "/required", "missing required member \"b\""),
            ("/a", "/properties/a/minimum", "0.5 is not at least 1"),
            ("/a", "/properties/a/type", "expected integer, got number"),
            ("/c", "/additionalProperties", "member \"c\" is not allowed"),
        ];
        let got: Vec<(&str, &str, &str)> = got.iter().map(|v| (v.instance_location.as_str(), v.keyword_location.as_str(), v.error.as_str())).collect();
        assert_eq!(got, want);
    }

    /// Validates each instance against node 1 of `table`, checks that a quiet evaluation gives
    /// the same verdict, and returns the violations as tuples.
    fn union_report(table: &str, instance: &str) -> Vec<(String, String, String)> {
        let nodes: Vec<Node> = serde_json::from_str(table).unwrap();
        let got = validate_json(&nodes, 1, instance.as_bytes()).unwrap();
        let v = parse_value(instance.as_bytes(), &mut |_, _| {}).unwrap();
        assert_eq!(Collector::new(&nodes, true).matches(1, &v), got.is_empty(), "quiet verdict of {instance}");
        got.into_iter().map(|v| (v.instance_location, v.keyword_location, v.error)).collect()
    }

    fn owned(want: &[(&str, &str, &str)]) -> Vec<(String, String, String)> {
        want.iter().map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string())).collect()
    }

    /// A oneOf of two $ref'd objects: "cat" requires lives, "dog" requires bark and its kind
    /// const sits behind a further $ref.
    const PETS: &str = r#"[{}, {"OneOf":[2,3]}, {"Ref":4}, {"Ref":5},
        {"Types":4,"Required":["kind","lives"],"Properties":[{"Name":"kind","Node":6},{"Name":"lives","Node":7}]},
        {"Types":4,"Required":["kind","bark"],"Properties":[{"Name":"kind","Node":8},{"Name":"bark","Node":9}]},
        {"HasConst":true,"Const":"\"cat\""}, {"Types":64,"Minimum":"0"}, {"Ref":10}, {"Types":2},
        {"Enum":["\"dog\""]}]"#;

    #[test]
    fn a_required_member_selects_the_branch_whose_violations_are_reported() {
        // dog lacks bark (rule c) and its kind is not "dog" (rule d through two $refs).
        assert_eq!(
            union_report(PETS, r#"{"kind":"cat","lives":-1}"#),
            owned(&[("", "/oneOf", "matches none of the oneOf schemas"), ("/lives", "/oneOf/0/$ref/properties/lives/minimum", "-1 is not at least 0")])
        );
    }

    #[test]
    fn a_const_tag_selects_the_branch_whose_violations_are_reported() {
        // cat has every member it requires; only its kind const (rule d) excludes it.
        assert_eq!(
            union_report(PETS, r#"{"kind":"dog","lives":1,"bark":"loud"}"#),
            owned(&[("", "/oneOf", "matches none of the oneOf schemas"), ("/bark", "/oneOf/1/$ref/properties/bark/type", "expected boolean, got string")])
        );
        assert_eq!(union_report(PETS, r#"{"kind":"dog","bark":true}"#), owned(&[]));
    }

    #[test]
    fn a_tag_selects_its_branch_even_when_a_required_member_is_missing() {
        // Both branches are excluded (cat lacks lives, dog's enum rejects "cat"); without the
        // required rule only cat is left, and what it misses is the cause.
        assert_eq!(
            union_report(PETS, r#"{"kind":"cat","bark":true}"#),
            owned(&[("", "/oneOf", "matches none of the oneOf schemas"), ("", "/oneOf/0/$ref/required", "missing required member \"lives\"")])
        );
        // Neither kind fits: each branch reports where it stops.
        assert_eq!(
            union_report(PETS, r#"{"kind":"cow"}"#),
            owned(&[
                ("", "/oneOf", "matches none of the oneOf schemas"),
                ("", "/oneOf/0/$ref/required", "missing required member \"lives\""),
                ("", "/oneOf/1/$ref/required", "missing required member \"bark\""),
            ])
        );
    }

    const SCALARS: &str = r#"[{}, {"AnyOf":[2,3]}, {"Types":32,"MinLength":{"Set":true,"N":3}}, {"Types":64,"Minimum":"10"}]"#;

    #[test]
    fn a_json_type_selects_the_branch_whose_violations_are_reported() {
        assert_eq!(
            union_report(SCALARS, r#""ab""#),
            owned(&[("", "/anyOf", "matches none of the anyOf schemas"), ("", "/anyOf/0/minLength", "has 2 characters, fewer than 3")])
        );
        // 5.0 is an integer, as the type check counts it.
        assert_eq!(
            union_report(SCALARS, "5.0"),
            owned(&[("", "/anyOf", "matches none of the anyOf schemas"), ("", "/anyOf/1/minimum", "5 is not at least 10")])
        );
        assert_eq!(union_report(SCALARS, "12"), owned(&[]));
    }

    #[test]
    fn without_a_single_candidate_each_branch_reports_its_first_violation() {
        // Every branch excluded: each reports where it stops.
        assert_eq!(
            union_report(SCALARS, "5.5"),
            owned(&[
                ("", "/anyOf", "matches none of the anyOf schemas"),
                ("", "/anyOf/0/type", "expected string, got number"),
                ("", "/anyOf/1/type", "expected integer, got number"),
            ])
        );
        // Two candidates; the second stops at a nested union, which adds only its own line.
        let table = r#"[{}, {"OneOf":[2,3]}, {"Types":4,"Required":["a"],"Properties":[{"Name":"a","Node":4}]},
            {"Types":4,"MinProperties":{"Set":true,"N":1},"AnyOf":[5,6]}, {"Types":32,"MaxLength":{"Set":true,"N":1}},
            {"Required":["b"]}, {"Required":["c"]}]"#;
        assert_eq!(
            union_report(table, r#"{"a":"xy"}"#),
            owned(&[
                ("", "/oneOf", "matches none of the oneOf schemas"),
                ("", "/oneOf/1/anyOf", "matches none of the anyOf schemas"),
                ("/a", "/oneOf/0/properties/a/maxLength", "has 2 characters, more than 1"),
            ])
        );
        // Two branches match: the oneOf reports only itself.
        assert_eq!(union_report(table, r#"{"a":"x","b":1}"#), owned(&[("", "/oneOf", "matches oneOf schemas 0 and 1; exactly one must match")]));
    }

    #[test]
    fn exclusion_follows_a_ref_chain_sixteen_nodes_long_and_stops_at_a_cycle() {
        let cycle: Vec<Node> = serde_json::from_str(r#"[{}, {"Ref":2}, {"Ref":1}]"#).unwrap();
        assert!(!Collector::new(&cycle, false).excluded(1, &Value::Null, true));
        // Nodes 1..=15 each refer to the next, 16 is false, 17 refers to 1.
        let mut table: Vec<String> = vec!["{}".into()];
        table.extend((1..=15).map(|i| format!(r#"{{"Ref":{}}}"#, i + 1)));
        table.push(r#"{"Bool":2}"#.into());
        table.push(r#"{"Ref":1}"#.into());
        let nodes: Vec<Node> = serde_json::from_str(&format!("[{}]", table.join(","))).unwrap();
        let c = Collector::new(&nodes, false);
        assert!(c.excluded(1, &Value::Null, true), "the 16th node of the chain is false");
        assert!(!c.excluded(17, &Value::Null, true), "a 17th node is not looked at");
    }
}
