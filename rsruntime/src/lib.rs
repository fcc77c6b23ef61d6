//! The runtime of the Rust crates that contractgen generates.
//!
//! A generated crate holds its schema as a validation table (the same table, numbered the same
//! way, that the Go target prints) and calls [`validate_json`] to check JSON text against it, with
//! the Go runtime's verdicts and violation lists: the same instance and keyword locations and the
//! same messages. Numbers are compared as exact decimals, so `1.0` is an integer, `1e400` is a
//! number and `1.0000000000000001` is not `1`.
//!
//! Generated constructors pass free text and evidence through [`sanitize_text`] and
//! [`sanitize_evidence`], a port of the Go runtime's sanitizer that gives the same bytes.
//!
//! Generated code checks at compile time that this runtime serves the generator that wrote it:
//! see [`MIN_VERSION`].

#![forbid(unsafe_code)]

mod decimal;
mod json;
mod nullable;
mod sanitize;
mod sanitize_scan;
mod sanitize_tables;
mod validate;

pub use json::{parse_value, pointer_token, JsonError, Value};
pub use sanitize::{
    add_sanitize_rules, sanitize_evidence, sanitize_text, sanitize_text_limit, SanitizeRuleError, SanitizeRules, SanitizeToken, REDACTED_MARKER,
    SANITIZE_DEFAULT_LIMIT, TRUNCATED_MARKER,
};
pub use nullable::{optional_nullable, optional_whole, present, whole, Any, Null, Nullable};
pub use validate::{quote as go_quote, validate_json, validate_value, Count, Dependency, Node, Prop, Violation, TYPE_ARRAY, TYPE_BOOLEAN, TYPE_INTEGER, TYPE_NULL, TYPE_NUMBER, TYPE_OBJECT, TYPE_STRING};

/// The oldest generator version whose output this runtime still serves. Generated crates assert
/// at compile time that their generator's version lies between `MIN_VERSION` and [`MAX_VERSION`]:
///
/// ```
/// const GEN_VERSION: u32 = 1;
/// const _: () = assert!(
///     GEN_VERSION >= contractgen_runtime::MIN_VERSION && GEN_VERSION <= contractgen_runtime::MAX_VERSION,
///     "regenerate with a contractgen that fits this contractgen-runtime"
/// );
/// ```
///
/// Raise it when the runtime drops or changes something that older generated code calls.
pub const MIN_VERSION: u32 = 1;

/// The newest generator version this runtime serves. Raise it together with the generator's
/// version when generated code starts to call something new.
pub const MAX_VERSION: u32 = 1;

/// The error of a generated `parse`: the text is not JSON, it breaks the contract, or it does
/// not decode into the generated types.
#[derive(Debug, Clone, PartialEq)]
pub enum ParseError {
    /// The text is not JSON.
    Syntax(JsonError),
    /// The value breaks the contract; the violations are sorted as the Go runtime sorts them.
    Invalid(Vec<Violation>),
    /// The value passed validation but the generated types could not hold it.
    Decode(String),
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseError::Syntax(e) => write!(f, "{e}"),
            ParseError::Invalid(vs) => {
                for (i, v) in vs.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{v}")?;
                }
                Ok(())
            }
            ParseError::Decode(e) => write!(f, "decode: {e}"),
        }
    }
}

impl std::error::Error for ParseError {}

/// Validates `data` against node `root` of `nodes`, then decodes it: the body of every generated
/// `parse`.
pub fn parse<T: serde::de::DeserializeOwned>(nodes: &[Node], root: u32, data: &[u8]) -> Result<T, ParseError> {
    let violations = validate_json(nodes, root, data).map_err(ParseError::Syntax)?;
    if !violations.is_empty() {
        return Err(ParseError::Invalid(violations));
    }
    serde_json::from_slice(data).map_err(|e| ParseError::Decode(e.to_string()))
}

/// Validates a typed value: it is encoded to JSON and checked as text would be. The body of every
/// generated `validate` method.
pub fn validate_typed<T: serde::Serialize>(nodes: &[Node], root: u32, value: &T) -> Vec<Violation> {
    match serde_json::to_vec(value) {
        Ok(text) => validate_json(nodes, root, &text).unwrap_or_else(|e| {
            vec![Violation { instance_location: String::new(), keyword_location: String::new(), error: format!("the value does not encode as JSON: {e}") }]
        }),
        Err(e) => vec![Violation { instance_location: String::new(), keyword_location: String::new(), error: format!("the value does not encode as JSON: {e}") }],
    }
}

/// Whether a JSON number literal has a whole value (`1.0` and `1e3` do), as JSON Schema's
/// "integer" counts it; sum types told apart by JSON type use it.
pub fn is_integer_literal(lit: &str) -> bool {
    decimal::Decimal::parse(lit).is_some_and(|d| d.is_int())
}

/// Writes a value as JSON the way Go's `encoding/json` writes it: `serde_json::to_string`, then
/// `<`, `>`, `&`, U+2028 and U+2029 inside strings escaped as `\u003c`, `\u003e`, `\u0026`,
/// `\u2028` and `\u2029`, which serde_json writes as they are. These characters occur in JSON text
/// only inside strings, so the escaping never touches structure.
pub fn to_go_json<T: serde::Serialize + ?Sized>(v: &T) -> serde_json::Result<String> {
    let json = serde_json::to_string(v)?;
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    Ok(out)
}
