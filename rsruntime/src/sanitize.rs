//! The sanitizer: a port of the Go runtime's (cgruntime/sanitize.go) that gives the same bytes for
//! the same text. Free text and evidence pass through it before they are placed in an error
//! object: invisible characters go, prompt-injection markers become "[filtered]", secret-shaped
//! values become "[REDACTED]", and the result is capped.
//!
//! The algorithm follows the Go code step by step, in the same rule order, on bytes as Go does.
//! Its data (the provider table, the name lists, the look-alike and Unicode category tables, the
//! pattern pieces) is written from the Go tables into sanitize_tables.rs by the Go test
//! TestSanitizeRustTables, so there is one source. Patterns are matched with `regex::bytes`,
//! whose ASCII classes and `(?-u:\b)` are RE2's; see `go_pattern`.

use crate::sanitize_scan::{
    current_table, find_encoded, find_generic, find_key_der, find_providers, find_slash_login, has_keyword, is_generic_byte, is_user_key,
    is_word_byte, keyword_value, Table,
};
use crate::sanitize_tables as tables;
use regex::bytes::Regex;
use serde_json::{Map, Value};
use std::sync::OnceLock;

/// The byte cap [`sanitize_text`] applies, including the truncation marker.
pub const SANITIZE_DEFAULT_LIMIT: usize = tables::DEFAULT_LIMIT;

/// Replaces every secret-shaped value the sanitizer finds.
pub const REDACTED_MARKER: &str = tables::REDACTED_MARKER;

/// Ends every text the sanitizer had to shorten.
pub const TRUNCATED_MARKER: &str = tables::TRUNCATED_MARKER;

const SHORT_MARKER: &str = tables::SHORT_MARKER;
const PLACEHOLDER: &str = tables::INJECTION_PLACEHOLDER;
const KEY_LIMIT: usize = tables::KEY_LIMIT;
const MAX_DEPTH: usize = tables::MAX_DEPTH;
const MAX_ELEMENTS: usize = tables::MAX_ELEMENTS;

/// Returns `s` made safe to place in an error object, capped at [`SANITIZE_DEFAULT_LIMIT`] bytes.
/// The same bytes as Go's `cgruntime.SanitizeText`.
pub fn sanitize_text(s: &str) -> String {
    sanitize_text_limit(s, SANITIZE_DEFAULT_LIMIT)
}

/// Returns `s` made safe to place in an error object, at most `limit` bytes long (0 means
/// [`SANITIZE_DEFAULT_LIMIT`]). The same bytes as Go's `cgruntime.SanitizeTextLimit`: it inspects
/// the first `limit*4+256` bytes, removes control and invisible characters, replaces injection
/// markers with "[filtered]" and secrets with [`REDACTED_MARKER`], then caps the result, ending a
/// shortened text with [`TRUNCATED_MARKER`].
pub fn sanitize_text_limit(s: &str, limit: usize) -> String {
    into_string(sanitize_bytes(s.as_bytes(), limit))
}

fn sanitize_bytes(s: &[u8], limit: usize) -> Vec<u8> {
    let limit = if limit == 0 { SANITIZE_DEFAULT_LIMIT } else { limit };
    let (window, cut) = sanitize_window(s, limit);
    let mut text = normalize(window);
    if cut {
        let end = partial_token_start(&text);
        text.truncate(end);
    }
    let text = apply(text, all_rules());
    truncate(&text, limit, cut)
}

/// Every replacement is of whole characters, so the bytes stay UTF-8; the lossy path only guards
/// against a bug turning into a panic.
fn into_string(b: Vec<u8>) -> String {
    String::from_utf8(b).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

fn sanitize_window(s: &[u8], limit: usize) -> (&[u8], bool) {
    let size = limit.saturating_mul(tables::WINDOW_FACTOR).saturating_add(tables::WINDOW_MARGIN);
    if s.len() <= size {
        return (s, false);
    }
    let mut cut = size;
    while cut > size - 4 && !rune_start(s[cut]) {
        cut -= 1;
    }
    (&s[..cut], true)
}

fn rune_start(b: u8) -> bool {
    b & 0xC0 != 0x80
}

/// Where the trailing run of bytes that can be part of a credential starts.
fn partial_token_start(s: &[u8]) -> usize {
    let mut end = s.len();
    while end > 0 && is_token_byte(s[end - 1]) {
        end -= 1;
    }
    end
}

fn is_token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-_+/=.~:%@!$*".contains(&b)
}

/// Decodes the rune at the start of `s` as Go's utf8.DecodeRune does: an invalid byte is
/// U+FFFD of size 1.
pub(crate) fn decode_rune(s: &[u8]) -> (u32, usize) {
    let Some(&c) = s.first() else {
        return (0xFFFD, 0);
    };
    if c < 0x80 {
        return (c as u32, 1);
    }
    let n = match c {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return (0xFFFD, 1),
    };
    if s.len() < n {
        return (0xFFFD, 1);
    }
    match std::str::from_utf8(&s[..n]) {
        Ok(t) => (t.chars().next().map_or(0xFFFD, |ch| ch as u32), n),
        Err(_) => (0xFFFD, 1),
    }
}

fn in_ranges(ranges: &[(u32, u32)], r: u32) -> bool {
    ranges
        .binary_search_by(|&(lo, hi)| {
            if hi < r {
                std::cmp::Ordering::Less
            } else if lo > r {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Removes control characters other than newline and tab, format characters and the other
/// default-ignorable code points; the input is valid UTF-8, so Go's U+FFFD step has nothing to do.
fn normalize(s: &[u8]) -> Vec<u8> {
    if is_plain(s) {
        return s.to_vec();
    }
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c < 0x80 {
            if !((c < 0x20 && c != b'\n' && c != b'\t') || c == 0x7f) {
                out.push(c);
            }
            i += 1;
            continue;
        }
        let (r, size) = decode_rune(&s[i..]);
        if !is_removed_rune(r) {
            out.extend_from_slice(&s[i..i + size]);
        }
        i += size;
    }
    out
}

pub(crate) fn is_plain(s: &[u8]) -> bool {
    s.iter().all(|&c| !((c < 0x20 && c != b'\n' && c != b'\t') || c >= 0x7f))
}

fn is_removed_rune(r: u32) -> bool {
    if r == u32::from(b'\n') || r == u32::from(b'\t') {
        return false;
    }
    in_ranges(tables::CC, r) || in_ranges(tables::CF, r) || is_ignorable(r)
}

fn is_ignorable(r: u32) -> bool {
    matches!(r, 0x034F | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x3164 | 0xFFA0 | 0x2800 | 0x180B..=0x180F | 0xFE00..=0xFE0F | 0xE0100..=0xE01EF)
}

/// A match: its span and the span of its value (the first capture group that took part).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Match {
    pub start: usize,
    pub end: usize,
    pub value: Option<(usize, usize)>,
}

impl Match {
    /// A match whose value is the whole match, as the hand-written scanners report.
    pub(crate) fn whole(start: usize, end: usize) -> Match {
        Match { start, end, value: Some((start, end)) }
    }
}

type Accept = fn(&[u8], usize) -> bool;
type Keep = fn(&[u8]) -> bool;
type Scan = fn(&[u8], &[u8]) -> Vec<Match>;

pub(crate) enum Find {
    Regex(Regex, Accept),
    Scan(Scan),
    /// Several patterns whose matches are merged in order (Go's sanitizeInjections).
    Subs(Vec<Rule>),
}

/// One kind of secret or injection marker, as Go's sanitizeRule.
pub(crate) struct Rule {
    find: Find,
    lower: bool,
    keep: Keep,
    with: &'static str,
    /// A lowercase literal every match holds at its start ("" when there is none): a rule whose
    /// literal does not occur in the lowercase view cannot match and is skipped, as in Go.
    lit: Vec<u8>,
    /// The literal's number in the literal index, looked up once.
    lit_id: OnceLock<Option<usize>>,
}

impl Rule {
    fn new(find: Find, lower: bool, keep: Keep, with: &'static str, lit: &[u8]) -> Rule {
        Rule { find, lower, keep, with, lit: lit.to_ascii_lowercase(), lit_id: OnceLock::new() }
    }

    /// Whether the rule can match a text whose literals are `present`.
    fn may_match(&self, x: &LiteralIndex, present: &[bool]) -> bool {
        if let Find::Subs(subs) = &self.find {
            return subs.iter().any(|r| r.may_match(x, present));
        }
        self.lit.is_empty() || self.lit_id.get_or_init(|| x.ids.get(&self.lit).copied()).map_or(true, |i| present[i])
    }

    fn matches(&self, x: &LiteralIndex, present: &[bool], text: &[u8], subject: &[u8]) -> Vec<Match> {
        match &self.find {
            Find::Regex(re, accept) => find_all(re, *accept, text, subject),
            Find::Scan(f) => f(text, subject),
            Find::Subs(subs) => {
                let mut out: Vec<Match> =
                    subs.iter().filter(|r| r.may_match(x, present)).flat_map(|r| r.matches(x, present, text, subject)).collect();
                out.sort_by_key(|m| m.start); // stable, as Go's SortStableFunc
                out
            }
        }
    }

    /// The rule's literals, its subpatterns' included.
    fn literals<'a>(&'a self, out: &mut Vec<&'a [u8]>) {
        if let Find::Subs(subs) = &self.find {
            subs.iter().for_each(|r| r.literals(out));
        } else if !self.lit.is_empty() {
            out.push(&self.lit);
        }
    }
}

/// Go's sanitizeLiteralIndex: every built-in rule's literal, found in one pass over a lowercase
/// view (Aho-Corasick, overlapping, so that no literal hides another).
pub(crate) struct LiteralIndex {
    ac: aho_corasick::AhoCorasick,
    ids: std::collections::HashMap<Vec<u8>, usize>,
}

impl LiteralIndex {
    fn scan(&self, lower: &[u8]) -> Vec<bool> {
        let mut present = vec![false; self.ids.len()];
        for m in self.ac.find_overlapping_iter(lower) {
            present[m.pattern()] = true;
        }
        present
    }
}

fn literal_index() -> &'static LiteralIndex {
    static INDEX: OnceLock<LiteralIndex> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut lits = Vec::new();
        all_rules().iter().for_each(|r| r.literals(&mut lits));
        let mut ids = std::collections::HashMap::new();
        let mut unique = Vec::new();
        for l in lits {
            if !ids.contains_key(l) {
                ids.insert(l.to_vec(), unique.len());
                unique.push(l.to_vec());
            }
        }
        LiteralIndex { ac: aho_corasick::AhoCorasickBuilder::new().dfa(true).build(&unique), ids }
    })
}

/// The longest literal every match of the (translated) pattern starts with, from
/// regex-syntax's prefix analysis, lowercased; empty when there is none.
fn literal_prefix(translated: &str) -> Vec<u8> {
    let Ok(hir) = regex_syntax::ParserBuilder::new().allow_invalid_utf8(true).build().parse(translated) else { return Vec::new() };
    let lits = regex_syntax::hir::literal::Literals::prefixes(&hir);
    if lits.literals().is_empty() || lits.literals().iter().any(|l| l.is_empty()) {
        return Vec::new();
    }
    lits.longest_common_prefix().to_vec()
}

/// Translates a Go (RE2) pattern into one `regex::bytes` matches the same way on UTF-8 text:
/// `\s` is RE2's `[\t\n\f\r ]` (the crate's ASCII `\s` would add `\v`), `\S` its complement, `\w`
/// and `\b` the ASCII forms RE2 uses, and `\p{Zs}` the code points of Go's table (the crate is built
/// without Unicode tables).
fn go_pattern(p: &str) -> String {
    let mut out = String::with_capacity(p.len() * 2);
    let mut in_class = false;
    let mut chars = p.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let Some(e) = chars.next() else { break };
                match e {
                    's' if in_class => out.push_str(r"\t\n\x0C\r "),
                    's' => out.push_str(r"[\t\n\x0C\r ]"),
                    'S' => out.push_str(r"[^\t\n\x0C\r ]"),
                    'w' if in_class => out.push_str("0-9A-Za-z_"),
                    'w' | 'b' => {
                        out.push_str("(?-u:\\");
                        out.push(e);
                        out.push(')');
                    }
                    'p' => {
                        let mut name = String::new();
                        for n in chars.by_ref() {
                            if n == '}' {
                                break;
                            }
                            name.push(n);
                        }
                        assert_eq!(name, "{Zs", "go_pattern: only \\p{{Zs}} is translated");
                        if !in_class {
                            out.push('[');
                        }
                        for &(lo, hi) in tables::ZS {
                            out.push_str(&format!("\\x{{{lo:X}}}-\\x{{{hi:X}}}"));
                        }
                        if !in_class {
                            out.push(']');
                        }
                    }
                    _ => {
                        out.push('\\');
                        out.push(e);
                    }
                }
            }
            '[' if !in_class => {
                in_class = true;
                out.push(c);
                // A ']' or '^]' right after the opening bracket is a literal.
                if chars.peek() == Some(&'^') {
                    out.push(chars.next().unwrap_or('^'));
                }
            }
            ']' if in_class => {
                in_class = false;
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

fn regex(p: &str) -> Regex {
    Regex::new(&go_pattern(p)).unwrap_or_else(|e| panic!("sanitize: pattern {p}: {e}"))
}

fn regex_rule(pattern: &str, lower: bool, accept: Accept, keep: Keep, with: &'static str) -> Rule {
    let lit = literal_prefix(&go_pattern(pattern));
    Rule::new(Find::Regex(regex(pattern), accept), lower, keep, with, &lit)
}

/// Go's sanitizeFindAll: one match at a time, on the subject from `pos` on, as Go slices it; a
/// refused match is searched again from one byte further.
fn find_all(re: &Regex, accept: Accept, text: &[u8], subject: &[u8]) -> Vec<Match> {
    let mut out = Vec::new();
    let mut locs = re.capture_locations();
    let mut pos = 0;
    while pos < subject.len() {
        if re.captures_read(&mut locs, &subject[pos..]).is_none() {
            break;
        }
        let (s, e) = locs.get(0).map(|(s, e)| (s + pos, e + pos)).unwrap_or((pos, pos));
        if !accept(text, s) {
            pos = s + 1;
            continue;
        }
        let value = (1..locs.len()).find_map(|g| locs.get(g)).map(|(a, b)| (a + pos, b + pos));
        out.push(Match { start: s, end: e, value });
        pos = e.max(s + 1);
    }
    out
}

fn anywhere(_: &[u8], _: usize) -> bool {
    true
}

pub(crate) fn at_word_start(text: &[u8], at: usize) -> bool {
    at == 0 || !is_word_byte(text[at - 1])
}

fn at_line_start(text: &[u8], mut at: usize) -> bool {
    while at > 0 {
        match text[at - 1] {
            b' ' | b'\t' | b'>' => at -= 1,
            b'\n' | b'\r' => return true,
            _ => return false,
        }
    }
    true
}

fn keep_nothing(_: &[u8]) -> bool {
    false
}

fn injection(pattern: &str) -> Rule {
    regex_rule(&format!("({pattern})"), true, anywhere, keep_nothing, PLACEHOLDER)
}

fn injections(alts: &str, rest: &str) -> Rule {
    let subs = alts.split('|').map(|alt| injection(&(alt.replace(' ', tables::SPACE) + rest))).collect();
    Rule::new(Find::Subs(subs), true, keep_nothing, PLACEHOLDER, b"")
}

fn turn(word: &str) -> Rule {
    regex_rule(&format!("({word}[ \\t]*:)"), true, at_line_start, keep_nothing, PLACEHOLDER)
}

fn shouted(word: &str) -> Rule {
    regex_rule(&format!("({word}[ \\t]*:)"), false, at_word_start, keep_nothing, PLACEHOLDER)
}

fn injection_rules() -> Vec<Rule> {
    let sp = tables::SPACE;
    let mut rules = Vec::new();
    for (i, verb) in tables::INJECTION_VERBS.iter().enumerate() {
        let verb = verb.replace(' ', sp);
        if i < 5 {
            rules.push(injection(&format!("{verb}{}", tables::INJECTION_TAIL)));
            rules.push(injection(&format!("{verb}{}", tables::INJECTION_OBJECT)));
        }
        rules.push(injection(&format!("{verb}{}", tables::INJECTION_WEAK_TAIL)));
    }
    let p = |s: &str| s.replace("SP", sp);
    rules.extend([
        injection(&p(r"you(?:'re|SPare)SPnowSP(?:a|an|the|my|in|noSPlonger|free|unrestricted|unfiltered|uncensored|jailbroken|dan|evil|root|admin)\b")),
        injection(&p(r"fromSPnowSPon,?SP(?:you|your|act|respond|answer|behave|pretend|ignore|only|always|never|reply)\b")),
        injections(
            "act|behave|respond|answer|reply|speak",
            &p(r"SPasSP(?:ifSPyou|thoughSPyou|(?:an?SP)?(?:unrestricted|unfiltered|uncensored|jailbroken|evil|rogue|malicious|dan)|my|theSP(?:system|developer|admin|root))\b"),
        ),
        injection(&p(r"pretendSP(?:toSPbe|you(?:'re|SPare|SPhave)|thatSPyou)\b")),
        injection(&p(r"roleSP?play(?:ing)?SPas\b")),
        injection(&p(r"roleplay(?:ing)?SPas\b")),
        injection(&p(r"let(?:'s|s|SPus)SP(?:play|roleplay|roleSPplay)SPaSPgame\b")),
        injection(&p(r"staySPinSPcharacter\b")),
        injections("developer|dan|god|jailbreak|unrestricted|sudo|evil", &p(r"SPmode\b")),
        injection(&p(r"anythingSPnow\b")),
        injection(r"jailbr(?:eak|oken)\b"),
        injection(&p(r"yourSP(?:new|real|true|actual|only)SP(?:role|task|instructions?|persona|goal|objective|purpose|identity|rules|job)\b")),
        injections("new|updated|real|actual|revised|additional", &p(r"SP(?:systemSP)?(?:instructions?|rules|prompt|directives?)[ \t]*:")),
        injections(
            "imagine|suppose|assume",
            &p(r"SP(?:thatSP)?you(?:'re|SPare|SPwere)SP(?:an?SP)?(?:ai|assistant|model|chatbot|unrestricted|unfiltered|jailbroken|evil|hacker|dan|free|system|root)\b"),
        ),
        injection(&p(r"longerSP(?:bound|restricted|limited|constrained)SPby\b")),
        injections(
            "without|free of|ignoring",
            &p(r"SP(?:anySP)?(?:ethical|moral|safety|content)SP(?:guidelines|restrictions|filters|limits|rules|constraints|policies)\b"),
        ),
        injection(&p(r"systemSP(?:override|message[ \t]*:)")),
        injection(&p(r"adminSPoverride\b")),
        injection(r"<</?sys>>"),
        injection(r"<\|[a-z_]{1,32}\|>"),
        injection(r"</?(?:system|assistant|human|developer|instructions?|system[_-]prompt|system[_-]message|im_start|im_end|start_of_turn|end_of_turn|sys)>"),
        injection(r"\[/?(?:inst|system|assistant|sys)\]"),
        injection(r#""role"[ \t]*:[ \t]*"(?:system|developer)""#),
        turn("human"),
        turn("assistant"),
        turn("system"),
        shouted("SYSTEM"),
        shouted("HUMAN"),
        shouted("ASSISTANT"),
        injection(r"</?s>"),
        injection(r"###[ \t]*(?:system|instructions?|assistant|user|human|response)[ \t]*:"),
        injection(r"system[ \t]+prompt[ \t]*:"),
    ]);
    rules
}

fn header(name: &str) -> Rule {
    regex_rule(&format!(r"{name}[ \t]*:[ \t]*(\S[^\n]*)"), true, at_word_start, is_placeholder, REDACTED_MARKER)
}

fn command_flag(command: &str, flag: &str) -> Rule {
    regex_rule(&format!(r#"{command}(?:[ \t][^\n]*?)?[ \t]{flag}([^\s'"]+)"#), true, at_word_start, is_placeholder, REDACTED_MARKER)
}

fn url_credentials(sep: &str) -> Rule {
    regex_rule(&format!("{sep}({})@", tables::USERINFO), false, anywhere, is_placeholder, REDACTED_MARKER)
}

fn scheme(word: &str) -> Rule {
    regex_rule(&format!(r"{word}[ \t]+([a-z0-9._~+/-]+=*)"), true, at_word_start, keep_unless_credential, REDACTED_MARKER)
}

fn shape(pattern: &str) -> Rule {
    regex_rule(&format!("({pattern}[A-Za-z0-9_]*)"), false, at_word_start, keep_nothing, REDACTED_MARKER)
}

fn scan(find: Scan, lower: bool, keep: Keep, lit: &[u8]) -> Rule {
    Rule::new(Find::Scan(find), lower, keep, REDACTED_MARKER, lit)
}

/// Go's sanitizeRules: the secret rules, by context first, then by shape.
fn secret_rules() -> Vec<Rule> {
    vec![
        regex_rule(
            r"(-----BEGIN[A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----(?s:.*?)(?:-----END[A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----|\z))",
            false,
            anywhere,
            keep_nothing,
            REDACTED_MARKER,
        ),
        header("authorization"),
        header("x-api-key"),
        header("x-auth-token"),
        header("cookie"),
        header("x-vault-token"),
        header("x-goog-api-key"),
        regex_rule(
            r"x-[a-z0-9-]*(?:token|api-key|apikey|secret|password|signature|credential)[ \t]*:[ \t]+(\S[^\n]*)",
            true,
            at_word_start,
            is_placeholder,
            REDACTED_MARKER,
        ),
        command_flag("mysql[a-z]*", "-p"),
        command_flag("mariadb[a-z-]*", "-p"),
        command_flag("redis-cli", r"-a[ \t]+"),
        command_flag("sshpass", r"-p[ \t]*"),
        regex_rule(
            r#"--(?:password|passwd|pass|token|secret|api-key|apikey|client-secret|auth-token)[ \t]+([^\s'"-][^\s'"]*)"#,
            true,
            anywhere,
            is_placeholder,
            REDACTED_MARKER,
        ),
        regex_rule(r"hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9/_-]+)", true, anywhere, is_placeholder, REDACTED_MARKER),
        regex_rule(r"discord(?:app)?\.com/api/webhooks/([A-Za-z0-9/_-]+)", true, anywhere, is_placeholder, REDACTED_MARKER),
        regex_rule(
            r"putty-user-key-file-[0-9]+:([ \t]*[a-z0-9-]+(?s:.*?)(?:private-(?:mac|hash):[ \t]*[0-9a-f]*|\z))",
            true,
            anywhere,
            is_placeholder,
            REDACTED_MARKER,
        ),
        scan(find_key_der, false, keep_nothing, b""),
        scan(find_slash_login, false, is_placeholder, b"@"),
        url_credentials("://"),
        url_credentials(r":\\+/\\+/"),
        regex_rule(
            &format!(r#"(?m)\\+"{}\\+"\s*:\s*(?:\\+"(.*?)(?:\\+"[ \t]*[,}}\]]|$)|{})"#, tables::SECRET_MEMBER, tables::BARE_VALUE),
            true,
            anywhere,
            keep_member_value,
            REDACTED_MARKER,
        ),
        scan(find_params, true, is_placeholder, b""),
        scheme("bearer"),
        scheme("basic"),
        scan(find_providers, false, keep_nothing, b""),
        shape(r"eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*"),
        shape(
            r"eyJ[A-Za-z0-9_-]{8,}(?:\s+[A-Za-z0-9_-]+)*\s*\.\s*[A-Za-z0-9_-]+(?:\s+[A-Za-z0-9_-]+)*(?:\s*\.(?:\s*[A-Za-z0-9_-]+)?|\s*\z)",
        ),
    ]
}

/// The secret rules alone, which decoded base64 is checked against.
pub(crate) fn secret_rule_set() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(secret_rules)
}

/// Go's sanitizeAllRules: injection markers first, then secrets, then base64 of secrets, then the
/// generic rule.
fn all_rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        let mut rules = injection_rules();
        rules.extend(secret_rules());
        rules.push(scan(find_encoded, false, keep_nothing, b""));
        rules.push(scan(find_generic, true, keep_nothing, b""));
        rules
    })
}

/// Applies rules in order, each to the result of the last, matching in the folded view and
/// replacing in the text; a rule whose literal does not occur is skipped. Go splices the view and
/// rescans for literals only where it wrote; folding and scanning the new text again gives the
/// same view and set (Go's TestSanitizeReplaceSplicesTheView checks the view), at the cost of a
/// pass per rule that replaced something.
pub(crate) fn apply(mut text: Vec<u8>, rules: &[Rule]) -> Vec<u8> {
    let x = literal_index();
    let mut v = fold(&text);
    let mut present = x.scan(&v.lower);
    for rule in rules {
        if !rule.may_match(x, &present) {
            continue;
        }
        let subject = if rule.lower { &v.lower } else { &v.text };
        let matches = rule.matches(x, &present, &v.text, subject);
        if let Some(out) = replace(&text, &v, &matches, rule) {
            text = out;
            v = fold(&text);
            present = x.scan(&v.lower);
        }
    }
    text
}

fn replace(text: &[u8], v: &View, matches: &[Match], rule: &Rule) -> Option<Vec<u8>> {
    let mut out: Option<Vec<u8>> = None;
    let mut last = 0;
    for m in matches {
        let Some((vs, ve)) = m.value else { continue };
        if (rule.keep)(&v.text[vs..ve]) {
            continue;
        }
        let (start, end) = (v.source(vs), v.source(ve));
        if start < last {
            continue;
        }
        let tb = out.get_or_insert_with(|| Vec::with_capacity(text.len() + matches.len() * rule.with.len()));
        tb.extend_from_slice(&text[last..start]);
        tb.extend_from_slice(rule.with.as_bytes());
        last = end;
    }
    let mut tb = out?;
    tb.extend_from_slice(&text[last..]);
    Some(tb)
}

/// Go's sanitizeIsPlaceholder: a value made only of what the sanitizer writes (markers, pieces
/// of them, closing quotes and backslashes, what the cap leaves of a percent escape).
pub(crate) fn is_placeholder(mut v: &[u8]) -> bool {
    while !v.is_empty() {
        let mut n = common_prefix(v, REDACTED_MARKER.as_bytes()).max(common_prefix(v, TRUNCATED_MARKER.as_bytes()));
        if n == 0 && b"\"'\\".contains(&v[0]) {
            n = 1;
        }
        if n == 0 && v[0] == b'%' {
            n = 1;
            if v.len() > 1 && hex_digit(v[1]).is_some() {
                n = 2;
            }
        }
        if n == 0 {
            return false;
        }
        v = &v[n..];
    }
    true
}

fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

fn keep_member_value(v: &[u8]) -> bool {
    is_placeholder(v) || v == b"null" || v == b"true" || v == b"false"
}

fn keep_unless_credential(v: &[u8]) -> bool {
    is_placeholder(v) || !looks_like_credential(v)
}

fn looks_like_credential(v: &[u8]) -> bool {
    if v.len() >= 20 {
        return true;
    }
    v.iter().enumerate().any(|(i, &c)| c.is_ascii_digit() || b"+/._~-".contains(&c) || (i > 0 && c.is_ascii_uppercase()))
}

fn truncate(text: &[u8], limit: usize, force: bool) -> Vec<u8> {
    if !force && text.len() <= limit {
        return text.to_vec();
    }
    let marker = marker_for(limit);
    let mut keep = text.len().min(limit - marker.len());
    while keep < text.len() && keep > 0 && !rune_start(text[keep]) {
        keep -= 1;
    }
    let mut out = text[..cut_generic(text, keep)].to_vec();
    out.extend_from_slice(marker.as_bytes());
    out
}

fn cut_generic(text: &[u8], keep: usize) -> usize {
    if keep == 0 || keep >= text.len() || !is_generic_byte(text[keep]) || !is_generic_byte(text[keep - 1]) {
        return keep;
    }
    let mut start = keep;
    while start > 0 && is_generic_byte(text[start - 1]) {
        start -= 1;
    }
    let from = start.saturating_sub(32);
    let v = fold(&text[from..keep]);
    for m in find_generic(&v.text, &v.lower) {
        if v.source(m.end) == keep - from {
            return from + v.source(m.start);
        }
    }
    keep
}

fn marker_for(limit: usize) -> &'static str {
    if limit >= TRUNCATED_MARKER.len() {
        TRUNCATED_MARKER
    } else if limit >= SHORT_MARKER.len() {
        SHORT_MARKER
    } else {
        ""
    }
}

// The parameter scanner (Go's sanitizeFindParams and its helpers).

const PARAM_SHAPE_MAX: usize = tables::PARAM_SHAPE_MAX;

fn find_params(text: &[u8], subject: &[u8]) -> Vec<Match> {
    let mut out = Vec::new();
    let t = current_table();
    let mut i = 0;
    while i < subject.len() {
        let Some(j) = subject[i..].iter().position(|&c| c == b'=' || c == b':') else {
            break;
        };
        let eq = i + j;
        i = eq + 1;
        let Some((name, quoted, secret, loose)) = param_name(&t, subject, eq) else {
            continue;
        };
        if !secret && !loose && !has_keyword(&t, name) {
            continue;
        }
        let mut limit = subject.len();
        if !secret {
            limit = limit.min(eq + 1 + PARAM_SHAPE_MAX);
        }
        let Some(mut m) = param_value(&subject[..limit], eq, quoted) else {
            continue;
        };
        let (vs, mut ve) = m.value.unwrap_or((m.start, m.end));
        if quoted && vs == m.start + 1 + spaces(subject, eq + 1) {
            let v = &subject[vs..ve];
            if v == b"null" || v == b"true" || v == b"false" {
                continue;
            }
        }
        if !(secret || loose && looks_like_secret_value(&subject[vs..ve], &text[vs..ve])) {
            let n = keyword_value(&t, name, &text[vs..ve]);
            if n == 0 {
                continue;
            }
            ve = vs + n;
            m.end = m.end.max(ve);
            if m.end > ve && subject[ve - 1] != b'"' && subject[ve - 1] != b'\'' {
                m.end = ve;
            }
            m.value = Some((vs, ve));
        }
        i = m.end;
        out.push(m);
    }
    out
}

fn spaces(subject: &[u8], i: usize) -> usize {
    subject.get(i..).map_or(0, |s| s.iter().take_while(|&&c| c == b' ' || c == b'\t').count())
}

/// Go's sanitizeParamName: the name before the separator at `subject[eq]`, whether it was
/// quoted, whether it names a secret and whether it is loose; None where the separator cannot end
/// a parameter.
fn param_name<'a>(t: &Table, subject: &'a [u8], eq: usize) -> Option<(&'a [u8], bool, bool, bool)> {
    let mut end = eq;
    while end > 0 && (subject[end - 1] == b' ' || subject[end - 1] == b'\t') {
        end -= 1;
    }
    let mut quoted = false;
    if end > 0 && (subject[end - 1] == b'"' || subject[end - 1] == b'\'') {
        quoted = true;
        end -= 1;
        while end > 0 && subject[end - 1] == b'\\' {
            end -= 1;
        }
    }
    let mut start = end;
    while start > 0 && is_name_byte(subject[start - 1]) {
        start -= 1;
    }
    let name = &subject[start..end];
    if name.is_empty() {
        return None;
    }
    if subject[eq] == b':' && !quoted && (eq + 1 >= subject.len() || (subject[eq + 1] != b' ' && subject[eq + 1] != b'\t')) {
        return None;
    }
    let is_sep = |c: &u8| b"_.-".contains(c);
    let cut = name.iter().rposition(is_sep);
    let mut last: Vec<u8> = name[cut.map_or(0, |c| c + 1)..].to_vec();
    if let Some(cut) = cut.filter(|&c| c > 0) {
        let prev_start = name[..cut].iter().rposition(is_sep).map_or(0, |p| p + 1);
        let mut joined = name[prev_start..cut].to_vec();
        joined.extend_from_slice(&last);
        if listed(tables::SECRET_PARAMS, &joined) {
            last = joined;
        }
    }
    let mut secret =
        listed(tables::SECRET_PARAMS, &last) && (subject[eq] == b'=' || !listed(tables::LOOSE_PARAMS, &last)) || has_secret_suffix(&last);
    let loose = !secret && listed(tables::LOOSE_PARAMS, &last);
    if !secret && !t.user_keys.is_empty() {
        secret = is_user_key(t, name);
    }
    Some((name, quoted, secret, loose))
}

fn listed(list: &[&str], word: &[u8]) -> bool {
    list.iter().any(|w| w.as_bytes() == word)
}

fn has_secret_suffix(name: &[u8]) -> bool {
    tables::SECRET_SUFFIXES.iter().any(|s| name.len() >= s.len() + 2 && name.ends_with(s.as_bytes()))
}

fn looks_like_secret_value(lower: &[u8], value: &[u8]) -> bool {
    value.len() >= 6 && !is_placeholder(value) && looks_like_credential(value) && lower != b"required" && !lower.starts_with(b"http")
}

fn is_name_byte(b: u8) -> bool {
    is_word_byte(b) || b == b'.' || b == b'-'
}

fn param_value(subject: &[u8], eq: usize, quoted_name: bool) -> Option<Match> {
    let mut open = eq + 1;
    while open < subject.len() && (subject[open] == b' ' || subject[open] == b'\t') {
        open += 1;
    }
    let start = open;
    while open < subject.len() && subject[open] == b'\\' {
        open += 1;
    }
    if open < subject.len() && (subject[open] == b'"' || subject[open] == b'\'') {
        return Some(quoted_value(subject, eq, open, open > start));
    }
    let stops: &[u8] = if quoted_name { b"&;,\"' \t\n\r}]\\" } else { b"&;,\"' \t\n\r" };
    let mut end = start;
    while end < subject.len() && !stops.contains(&subject[end]) {
        end += 1;
    }
    if end == start || (subject[eq] == b':' && subject[start] == b'/') {
        return None;
    }
    Some(Match { start: eq, end, value: Some((start, end)) })
}

fn quoted_value(subject: &[u8], eq: usize, open: usize, escaped_open: bool) -> Match {
    let quote = subject[open];
    let mut end = open + 1;
    while end < subject.len() && subject[end] != b'\n' {
        if subject[end] == b'\\' && !escaped_open && end + 1 < subject.len() && subject[end + 1] != b'\n' {
            end += 2;
            continue;
        }
        if subject[end] == quote {
            break;
        }
        end += 1;
    }
    let end = end.min(subject.len());
    let mut closing = end;
    if end < subject.len() && subject[end] == quote {
        closing += 1;
    }
    let mut value_end = end;
    while value_end > open + 1 && subject[value_end - 1] == b'\\' {
        value_end -= 1;
    }
    Match { start: eq, end: closing, value: Some((open + 1, value_end)) }
}

// The folded view (Go's sanitizeView and sanitizeFold).

/// The text the rules match against: look-alikes and escapes of ASCII read as the ASCII they
/// stand for, combining marks after an ASCII letter or digit gone; `lower` is the same with ASCII
/// letters lowercased, and `offs` maps view offsets back to the text (None: the view is the text).
pub(crate) struct View {
    pub text: Vec<u8>,
    pub lower: Vec<u8>,
    offs: Option<Vec<u32>>,
}

impl View {
    pub(crate) fn source(&self, i: usize) -> usize {
        self.offs.as_ref().map_or(i, |o| o[i] as usize)
    }
}

const FOLD_KEEP: u8 = 0;
const FOLD_DROP: u8 = 1;

pub(crate) fn fold(s: &[u8]) -> View {
    if s.len() >= i32::MAX as usize || !needs_fold(s) {
        return View { text: s.to_vec(), lower: s.to_ascii_lowercase(), offs: None };
    }
    let mut b = Vec::with_capacity(s.len());
    let mut offs = Vec::with_capacity(s.len() + 1);
    let mut prev_word = false;
    let mut i = 0;
    while i < s.len() {
        let (c, size) = fold_at(s, i);
        if c == FOLD_DROP && prev_word {
            // A combining mark after a letter or digit: gone from the view.
        } else if c == FOLD_DROP || c == FOLD_KEEP {
            offs.extend((i..i + size).map(|k| k as u32));
            b.extend_from_slice(&s[i..i + size]);
            prev_word = false;
        } else {
            offs.push(i as u32);
            b.push(c);
            prev_word = is_word_byte(c);
        }
        i += size;
    }
    offs.push(s.len() as u32);
    let lower = b.to_ascii_lowercase();
    View { text: b, lower, offs: Some(offs) }
}

fn needs_fold(s: &[u8]) -> bool {
    let mut prev_word = false;
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c < 0x80 && c != b'%' && c != b'\\' {
            prev_word = is_word_byte(c);
            i += 1;
            continue;
        }
        let (f, size) = fold_at(s, i);
        if f == FOLD_DROP && prev_word {
            return true;
        } else if f == FOLD_KEEP || f == FOLD_DROP {
            prev_word = false;
        } else if size != 1 || f != c {
            return true;
        } else {
            prev_word = is_word_byte(f);
        }
        i += size;
    }
    false
}

fn fold_at(s: &[u8], i: usize) -> (u8, usize) {
    let c = s[i];
    if c == b'%' && i + 2 < s.len() {
        if let (Some(h), Some(l)) = (hex_digit(s[i + 1]), hex_digit(s[i + 2])) {
            let v = h << 4 | l;
            if (0x20..0x7f).contains(&v) {
                return (v, 3);
            }
        }
        return (c, 1);
    }
    if c == b'\\' && i + 1 < s.len() {
        return fold_escape(s, i);
    }
    if c < 0x80 {
        return (c, 1);
    }
    let (r, size) = decode_rune(&s[i..]);
    let f = fold_rune(r);
    if f != FOLD_KEEP {
        return (f, size);
    }
    if in_ranges(tables::MN_ME, r) {
        return (FOLD_DROP, size);
    }
    (FOLD_KEEP, size)
}

fn fold_escape(s: &[u8], i: usize) -> (u8, usize) {
    match s[i + 1] {
        b'n' => return (b'\n', 2),
        b't' => return (b'\t', 2),
        b'r' => return (b'\r', 2),
        b'u' if i + 5 < s.len() => {
            let mut r: u32 = 0;
            for &h in &s[i + 2..i + 6] {
                let Some(v) = hex_digit(h) else {
                    return (b'\\', 1);
                };
                r = r << 4 | u32::from(v);
            }
            if (0x20..0x7f).contains(&r) && r != u32::from(b'"') && r != u32::from(b'\\') {
                return (r as u8, 6);
            }
            if r >= 0x80 {
                let f = fold_rune(r);
                if f != FOLD_KEEP {
                    return (f, 6);
                }
            }
        }
        _ => {}
    }
    (b'\\', 1)
}

fn hex_digit(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

fn fold_rune(r: u32) -> u8 {
    match r {
        0xFF01..=0xFF5E => (r - 0xFEE0) as u8,
        0x1D400..=0x1D6A3 => {
            let k = (r - 0x1D400) % 52;
            if k < 26 {
                b'A' + k as u8
            } else {
                b'a' + (k - 26) as u8
            }
        }
        0x1D7CE..=0x1D7FF => b'0' + ((r - 0x1D7CE) % 10) as u8,
        _ if in_ranges(tables::ZS, r) => b' ',
        _ => tables::CONFUSABLES.binary_search_by_key(&r, |&(c, _)| c).map_or(FOLD_KEEP, |k| tables::CONFUSABLES[k].1),
    }
}

// Evidence (Go's SanitizeEvidence on the JSON it encodes to).

/// Returns a sanitized deep copy of evidence, as Go's `cgruntime.SanitizeEvidence` does for
/// the same JSON: every key capped at 256 bytes and sanitized, every string sanitized, and under
/// a secret-named key every string and number replaced by [`REDACTED_MARKER`]. Containers nested
/// more than 10 levels become [`TRUNCATED_MARKER`]; after 256 entries in all the rest are dropped
/// (a map gets a [`TRUNCATED_MARKER`] key holding how many, an array the marker as its last
/// element). Keys are visited in byte order, and the first of two keys that sanitize alike wins.
pub fn sanitize_evidence(evidence: &Map<String, Value>) -> Map<String, Value> {
    let mut budget = MAX_ELEMENTS;
    entries(evidence, 0, false, &mut budget)
}

fn take(budget: &mut usize) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    true
}

fn entries(m: &Map<String, Value>, depth: usize, secret: bool, budget: &mut usize) -> Map<String, Value> {
    let mut keys: Vec<&String> = m.keys().collect();
    keys.sort();
    let mut out = Map::new();
    for (i, k) in keys.iter().enumerate() {
        if !take(budget) {
            out.insert(TRUNCATED_MARKER.to_string(), Value::from(keys.len() - i));
            break;
        }
        let (key, secret_key) = sanitize_key(k);
        if !out.contains_key(&key) {
            let v = value(&m[k.as_str()], depth + 1, secret || secret_key, budget);
            out.insert(key, v);
        }
    }
    out
}

fn value(v: &Value, depth: usize, secret: bool, budget: &mut usize) -> Value {
    match v {
        Value::String(s) => Value::String(evidence_string(s, secret)),
        Value::Object(_) | Value::Array(_) if depth > MAX_DEPTH => Value::String(TRUNCATED_MARKER.to_string()),
        Value::Object(m) => Value::Object(entries(m, depth, secret, budget)),
        Value::Array(a) => {
            let mut out = Vec::with_capacity(a.len().min(*budget) + 1);
            for e in a {
                if !take(budget) {
                    out.push(Value::String(TRUNCATED_MARKER.to_string()));
                    break;
                }
                out.push(value(e, depth + 1, secret, budget));
            }
            Value::Array(out)
        }
        Value::Number(_) if secret => Value::String(REDACTED_MARKER.to_string()),
        Value::Number(_) | Value::Bool(_) | Value::Null => v.clone(),
    }
}

fn evidence_string(s: &str, secret: bool) -> String {
    if !secret {
        return sanitize_text(s);
    }
    if is_placeholder(s.as_bytes()) {
        return s.to_string();
    }
    REDACTED_MARKER.to_string()
}

/// Go's sanitizeKey: the key sanitized, and whether it names a secret. Go matches the member
/// pattern case-insensitively, where RE2 folds 'ſ' (U+017F) with 's' and 'K' (U+212A) with 'k';
/// mapping those two before lowercasing ASCII gives the same answers.
fn sanitize_key(k: &str) -> (String, bool) {
    let key = sanitize_text_limit(k, KEY_LIMIT);
    static MEMBER: OnceLock<Regex> = OnceLock::new();
    let member = MEMBER.get_or_init(|| regex(&format!("^{}$", tables::SECRET_MEMBER)));
    let folded: String = key
        .chars()
        .map(|c| match c {
            '\u{017F}' => 's',
            '\u{212A}' => 'k',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    if member.is_match(folded.as_bytes()) {
        return (key, true);
    }
    let t = current_table();
    let secret = !t.user_keys.is_empty() && is_user_key(&t, &key.as_bytes().to_ascii_lowercase());
    (key, secret)
}

// User rules (Go's AddSanitizeRules).

/// An application's own secret shapes, added to the built-in ones with [`add_sanitize_rules`]
/// (Go's `cgruntime.SanitizeRules`).
#[derive(Clone, Debug, Default)]
pub struct SanitizeRules {
    /// The application's token formats: a fixed prefix and the body that follows it.
    pub tokens: Vec<SanitizeToken>,
    /// Names whose values are secret wherever they appear (parameters, JSON members, header
    /// lines, evidence keys); case-insensitive, with "-", "_" and "." matching each other.
    pub keys: Vec<String>,
}

/// One token format (Go's `cgruntime.SanitizeToken`): a word that starts with `prefix`
/// (case-sensitive) followed by at least `min_body` characters from `alphabet` is redacted whole.
#[derive(Clone, Debug, Default)]
pub struct SanitizeToken {
    /// The token's fixed start, at least 3 bytes.
    pub prefix: String,
    /// The body's characters as single characters and ranges ("A-Za-z0-9_-"); empty means
    /// letters, digits, '_' and '-'.
    pub alphabet: String,
    /// The shortest body; below 8 it counts as 8.
    pub min_body: usize,
}

/// Why [`add_sanitize_rules`] refused rules; its text is Go's error message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanitizeRuleError(String);

impl std::fmt::Display for SanitizeRuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "sanitize rules: {}", self.0)
    }
}

impl std::error::Error for SanitizeRuleError {}

/// Adds an application's token formats and secret names to the rules [`sanitize_text`],
/// [`sanitize_text_limit`] and [`sanitize_evidence`] apply, process-wide, as Go's
/// `cgruntime.AddSanitizeRules` does. Rules cannot be removed; call it at start-up. It adds
/// nothing and reports an error when a prefix is shorter than 3 bytes or a key is blank.
pub fn add_sanitize_rules(rules: &SanitizeRules) -> Result<(), SanitizeRuleError> {
    let mut rows = Vec::new();
    for tok in &rules.tokens {
        if tok.prefix.len() < 3 {
            return Err(SanitizeRuleError(format!("token prefix {} is shorter than 3 bytes", tok.prefix)));
        }
        let body = if tok.alphabet.is_empty() { tables::ALNUM_UD.to_string() } else { tok.alphabet.clone() };
        rows.push((tok.prefix.clone(), body, tok.min_body.max(8)));
    }
    if rules.keys.iter().any(|k| k.trim().is_empty()) {
        return Err(SanitizeRuleError("empty key".into()));
    }
    crate::sanitize_scan::add_user_rules(rows, rules.keys.iter().map(|k| k.to_ascii_lowercase()).collect());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sanitize_scan::strip_separators;

    #[test]
    fn go_pattern_translates_classes() {
        assert_eq!(go_pattern(r"a\sb"), r"a[\t\n\x0C\r ]b");
        assert_eq!(go_pattern(r"[\s_]"), r"[\t\n\x0C\r _]");
        assert_eq!(go_pattern(r"x\b"), r"x(?-u:\b)");
        assert!(go_pattern(r"[\p{Zs}]").contains(r"\x{3000}-\x{3000}"));
    }

    #[test]
    fn every_pattern_rule_has_a_literal() {
        // As Go's sanitizeRegexRule insists, so that the prefilter can skip every pattern.
        fn walk(r: &Rule) {
            match &r.find {
                Find::Regex(re, _) => assert!(!r.lit.is_empty(), "no literal for {}", re.as_str()),
                Find::Subs(subs) => subs.iter().for_each(walk),
                Find::Scan(_) => {}
            }
        }
        all_rules().iter().for_each(walk);
        assert_eq!(literal_prefix(&go_pattern(r"(ignore[\s]+x)")), b"ignore".to_vec());
    }

    #[test]
    fn strip_separators_matches_go() {
        assert_eq!(strip_separators(b"x-acme.sig_1"), b"xacmesig1".to_vec());
    }
}
