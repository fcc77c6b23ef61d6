//! The validator's JSON reader: strict RFC 8259, number literals kept as written, object members
//! in document order with repeated names kept (and reported), as the Go runtime reads them.

use std::fmt;

/// A JSON value as the validator sees it.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as its literal.
    Number(String),
    /// A string, unescaped; invalid UTF-8 and lone surrogates read as U+FFFD, as Go reads them.
    String(String),
    /// An array.
    Array(Vec<Value>),
    /// An object's members in document order, a repeated name kept each time it occurs.
    Object(Vec<(String, Value)>),
}

impl Value {
    /// The first member called `name`, as the Go runtime looks members up.
    pub fn member(&self, name: &str) -> Option<&Value> {
        match self {
            Value::Object(ms) => ms.iter().find(|(n, _)| n == name).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// Where and why a text is not JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonError {
    /// The byte offset at which the text stops being JSON.
    pub offset: usize,
    /// What was wrong there.
    pub message: String,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid JSON at offset {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for JsonError {}

/// The deepest nesting accepted, as Go's encoding/json accepts.
pub(crate) const MAX_DEPTH: usize = 10000;

/// The deepest nesting of arrays and objects in JSON text, found without parsing it (strings are
/// skipped), so that a deep document can be read on a thread with a stack to match.
pub(crate) fn nesting(text: &[u8]) -> usize {
    let (mut depth, mut max, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for &c in text {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// Reads one JSON document. Each member name that occurs a second time in one object is reported
/// through `dup` with the object's instance location and the name.
pub fn parse_value(text: &[u8], dup: &mut dyn FnMut(&str, &str)) -> Result<Value, JsonError> {
    let mut p = Parser { s: text, i: 0, dup, path: String::new() };
    p.space();
    let v = p.value(0)?;
    p.space();
    if p.i != p.s.len() {
        return Err(p.err("text after the value"));
    }
    Ok(v)
}

struct Parser<'a, 'd> {
    s: &'a [u8],
    i: usize,
    dup: &'d mut dyn FnMut(&str, &str),
    path: String,
}

impl Parser<'_, '_> {
    fn err(&self, what: &str) -> JsonError {
        JsonError { offset: self.i, message: what.to_string() }
    }

    fn space(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\r' | b'\n') {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn value(&mut self, depth: usize) -> Result<Value, JsonError> {
        if depth >= MAX_DEPTH && matches!(self.peek(), Some(b'{' | b'[')) {
            return Err(self.err("nesting too deep"));
        }
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => Ok(Value::String(self.string()?)),
            Some(b't') => self.word(b"true", Value::Bool(true)),
            Some(b'f') => self.word(b"false", Value::Bool(false)),
            Some(b'n') => self.word(b"null", Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.err("unexpected character")),
            None => Err(self.err("unexpected end of input")),
        }
    }

    fn word(&mut self, w: &[u8], v: Value) -> Result<Value, JsonError> {
        if self.s[self.i..].starts_with(w) {
            self.i += w.len();
            Ok(v)
        } else {
            Err(self.err("unexpected character"))
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.i;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.i += 1;
        }
        self.i - start
    }

    fn number(&mut self) -> Result<Value, JsonError> {
        let start = self.i;
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        match self.peek() {
            Some(b'0') => self.i += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.err("expected a digit")),
        }
        if self.peek() == Some(b'.') {
            self.i += 1;
            if self.digits() == 0 {
                return Err(self.err("expected a digit after the decimal point"));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.i += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if self.digits() == 0 {
                return Err(self.err("expected a digit in the exponent"));
            }
        }
        // The literal is ASCII: it was matched byte by byte above.
        Ok(Value::Number(String::from_utf8_lossy(&self.s[start..self.i]).into_owned()))
    }

    fn hex4(&mut self) -> Result<u32, JsonError> {
        let mut n = 0u32;
        for _ in 0..4 {
            let c = self.peek().ok_or_else(|| self.err("unexpected end of input"))?;
            let d = (c as char).to_digit(16).ok_or_else(|| self.err("bad \\u escape"))?;
            n = n * 16 + d;
            self.i += 1;
        }
        Ok(n)
    }

    fn string(&mut self) -> Result<String, JsonError> {
        self.i += 1; // the opening quote
        let mut out = String::new();
        loop {
            let start = self.i;
            while let Some(c) = self.peek() {
                if c == b'"' || c == b'\\' || c < 0x20 {
                    break;
                }
                self.i += 1;
            }
            push_lossy(&mut out, &self.s[start..self.i]);
            match self.peek() {
                Some(b'"') => {
                    self.i += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.i += 1;
                    let c = self.peek().ok_or_else(|| self.err("unexpected end of input"))?;
                    self.i += 1;
                    match c {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let hi = self.hex4()?;
                            if (0xD800..0xDC00).contains(&hi) && self.s[self.i..].starts_with(b"\\u") {
                                let save = self.i;
                                self.i += 2;
                                let lo = self.hex4()?;
                                if (0xDC00..0xE000).contains(&lo) {
                                    out.push(char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)).unwrap_or('\u{FFFD}'));
                                    continue;
                                }
                                self.i = save;
                            }
                            out.push(char::from_u32(hi).unwrap_or('\u{FFFD}'));
                        }
                        _ => {
                            self.i -= 1;
                            return Err(self.err("bad escape"));
                        }
                    }
                }
                Some(_) => return Err(self.err("control character in a string")),
                None => return Err(self.err("unexpected end of input")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, JsonError> {
        self.i += 1;
        let mut items = Vec::new();
        self.space();
        if self.peek() == Some(b']') {
            self.i += 1;
            return Ok(Value::Array(items));
        }
        loop {
            self.space();
            let len = self.path.len();
            self.path.push('/');
            self.path.push_str(&items.len().to_string());
            let v = self.value(depth + 1);
            self.path.truncate(len);
            items.push(v?);
            self.space();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.err("expected ',' or ']'")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, JsonError> {
        self.i += 1;
        let mut members: Vec<(String, Value)> = Vec::new();
        self.space();
        if self.peek() == Some(b'}') {
            self.i += 1;
            return Ok(Value::Object(members));
        }
        let mut dups = Vec::new();
        loop {
            self.space();
            if self.peek() != Some(b'"') {
                return Err(self.err("expected a member name"));
            }
            let name = self.string()?;
            self.space();
            if self.peek() != Some(b':') {
                return Err(self.err("expected ':'"));
            }
            self.i += 1;
            self.space();
            let len = self.path.len();
            self.path.push('/');
            self.path.push_str(&pointer_token(&name));
            let v = self.value(depth + 1);
            self.path.truncate(len);
            // Reported once per name, at its second occurrence, as the Go runtime does.
            if members.iter().filter(|(n, _)| *n == name).count() == 1 {
                dups.push(name.clone());
            }
            members.push((name, v?));
            self.space();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    break;
                }
                _ => return Err(self.err("expected ',' or '}'")),
            }
        }
        for name in dups {
            (self.dup)(&self.path, &name);
        }
        Ok(Value::Object(members))
    }
}

/// Appends bytes as UTF-8, each byte of an invalid sequence read as U+FFFD, as Go reads it.
fn push_lossy(out: &mut String, mut b: &[u8]) {
    loop {
        match std::str::from_utf8(b) {
            Ok(s) => {
                out.push_str(s);
                return;
            }
            Err(e) => {
                let (good, rest) = b.split_at(e.valid_up_to());
                out.push_str(std::str::from_utf8(good).unwrap_or_default());
                out.push('\u{FFFD}');
                b = &rest[1..];
            }
        }
    }
}

/// Escapes one JSON pointer token (RFC 6901).
pub fn pointer_token(s: &str) -> String {
    if !s.contains(['~', '/']) {
        return s.to_string();
    }
    s.replace('~', "~0").replace('/', "~1")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_nesting_within_the_limit_validates() {
        // A recursive schema (items of itself), so that validation descends as deep as the text.
        let nodes: Vec<crate::Node> = serde_json::from_str(r#"[{}, {"Types":8,"Items":1,"MaxItems":{"Set":true,"N":1}}]"#).unwrap();
        let deep = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        assert_eq!(crate::validate_json(&nodes, 1, deep(MAX_DEPTH).as_bytes()), Ok(vec![]));
        assert!(crate::validate_json(&nodes, 1, deep(MAX_DEPTH + 1).as_bytes()).is_err());
        let wide = format!("[{}]", deep(MAX_DEPTH - 2).replace("[]", "[[],[]]"));
        let got = crate::validate_json(&nodes, 1, wide.as_bytes()).unwrap();
        assert_eq!(got.len(), 1, "{:?}", got.first());
        assert_eq!(nesting(br#"["[[[", {"a": "\"{"}]"#), 2);
    }

    #[test]
    fn repeated_names_are_reported_once_each() {
        let mut seen = Vec::new();
        let v = parse_value(br#"{"a":1,"b":{"c":1,"c":2,"c":3},"a":2}"#, &mut |at, name| seen.push(format!("{at}:{name}"))).unwrap();
        assert_eq!(seen, ["/b:c", ":a"]);
        assert_eq!(v.member("a"), Some(&Value::Number("1".into())));
    }
}
