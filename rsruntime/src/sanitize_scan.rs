//! The sanitizer's hand-written scanners, a port of cgruntime/sanitize_scan.go: the provider
//! table and its user rows, DER key bodies, the generic (entropy) rule, base64 of secrets and
//! Oracle-style logins. They work on bytes, as the Go code does.

use crate::sanitize::{apply, at_word_start, is_plain, secret_rule_set, Match};
use crate::sanitize_tables as tables;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, RwLock};

/// A set of bytes, read from a spec of single characters and ranges ("A-Za-z0-9_-").
pub(crate) type Alphabet = [u64; 4];

fn parse_alphabet(spec: &[u8]) -> Alphabet {
    let mut a = [0u64; 4];
    let mut i = 0;
    while i < spec.len() {
        let (lo, mut hi) = (spec[i], spec[i]);
        if i + 2 < spec.len() && spec[i + 1] == b'-' {
            hi = spec[i + 2];
            i += 2;
        }
        for c in lo as usize..=hi as usize {
            a[c >> 6] |= 1 << (c & 63);
        }
        i += 1;
    }
    a
}

fn has(a: &Alphabet, c: u8) -> bool {
    a[(c >> 6) as usize] & (1 << (c & 63)) != 0
}

/// A provider row with its alphabet parsed.
#[derive(Clone)]
pub(crate) struct Compiled {
    prefix: Vec<u8>,
    body: Alphabet,
    min: usize,
}

/// The provider table ready for scanning (Go's sanitizeTable).
pub(crate) struct Table {
    by_first: Vec<Vec<Compiled>>,
    second: Vec<Alphabet>,
    short: [bool; 256],
    keywords: HashMap<Vec<u8>, Compiled>,
    pub(crate) user_keys: HashSet<Vec<u8>>,
}

/// Builds the table from the built-in rows, the user's token rows (prefix, alphabet, minimum
/// body) and the user's keys (lowercase).
fn build_table(user_tokens: &[(String, String, usize)], user_keys: &[String]) -> Table {
    let mut t = Table {
        by_first: vec![Vec::new(); 256],
        second: vec![[0; 4]; 256],
        short: [false; 256],
        keywords: HashMap::new(),
        user_keys: HashSet::new(),
    };
    let builtin = tables::PROVIDERS.iter().map(|p| (p.prefix, p.keyword, p.body, p.min));
    let user = user_tokens.iter().map(|(p, b, m)| (p.as_str(), "", b.as_str(), *m));
    for (prefix, keyword, body, min) in builtin.chain(user) {
        let c = Compiled { prefix: prefix.as_bytes().to_vec(), body: parse_alphabet(body.as_bytes()), min };
        let Some(&first) = c.prefix.first() else {
            t.keywords.insert(keyword.as_bytes().to_vec(), c);
            continue;
        };
        if c.prefix.len() == 1 {
            t.short[first as usize] = true;
        } else {
            let second = c.prefix[1];
            t.second[first as usize][(second >> 6) as usize] |= 1 << (second & 63);
        }
        t.by_first[first as usize].push(c);
    }
    for rows in &mut t.by_first {
        rows.sort_by_key(|r| std::cmp::Reverse(r.prefix.len())); // stable, longest first
    }
    for k in user_keys {
        let k = k.as_bytes().to_ascii_lowercase();
        t.user_keys.insert(strip_separators(&k));
        t.user_keys.insert(k);
    }
    t
}

/// Removes '_', '-' and '.' from a lowercase name.
pub(crate) fn strip_separators(s: &[u8]) -> Vec<u8> {
    s.iter().copied().filter(|c| !b"_-.".contains(c)).collect()
}

/// The user's rules (token rows and keys), and the table built from them with the built-in rows.
type UserRules = (Vec<(String, String, usize)>, Vec<String>);
static USER: Mutex<UserRules> = Mutex::new((Vec::new(), Vec::new()));
static TABLE: RwLock<Option<Arc<Table>>> = RwLock::new(None);

/// The provider table scans use, built on first use and rebuilt when rules are added.
pub(crate) fn current_table() -> Arc<Table> {
    if let Some(t) = TABLE.read().unwrap_or_else(|e| e.into_inner()).as_ref() {
        return Arc::clone(t);
    }
    let user = USER.lock().unwrap_or_else(|e| e.into_inner());
    let mut slot = TABLE.write().unwrap_or_else(|e| e.into_inner());
    Arc::clone(slot.get_or_insert_with(|| Arc::new(build_table(&user.0, &user.1))))
}

/// Adds validated user rules and rebuilds the table.
pub(crate) fn add_user_rules(tokens: Vec<(String, String, usize)>, keys: Vec<String>) {
    let mut user = USER.lock().unwrap_or_else(|e| e.into_inner());
    user.0.extend(tokens);
    user.1.extend(keys);
    let t = Arc::new(build_table(&user.0, &user.1));
    *TABLE.write().unwrap_or_else(|e| e.into_inner()) = Some(t);
}

/// Reports whether the lowercase name is, or ends in, one of the application's keys.
pub(crate) fn is_user_key(t: &Table, name: &[u8]) -> bool {
    if t.user_keys.contains(name) {
        return true;
    }
    let stripped = strip_separators(name);
    t.user_keys.iter().any(|k| stripped.ends_with(k))
}

pub(crate) fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Finds provider tokens: at each word start, the rows whose prefix is there, longest first; a
/// match runs to the end of the word.
pub(crate) fn find_providers(text: &[u8], _: &[u8]) -> Vec<Match> {
    let t = current_table();
    let mut out = Vec::new();
    let mut runs: Vec<RunEntry> = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        if !t.short[c as usize] && (i + 1 >= text.len() || !has(&t.second[c as usize], text[i + 1])) || (i > 0 && is_word_byte(text[i - 1]))
        {
            i += 1;
            continue;
        }
        for r in &t.by_first[c as usize] {
            if !text[i..].starts_with(&r.prefix) {
                continue;
            }
            let (mut end, ok) = run_match(&mut runs, r, text, i + r.prefix.len());
            if !ok {
                continue;
            }
            while end < text.len() && is_word_byte(text[end]) {
                end += 1;
            }
            out.push(Match::whole(i, end));
            i = end - 1;
            break;
        }
        i += 1;
    }
    out
}

/// One remembered run of body characters per alphabet, so hostile text ("xoxb-xoxb-…") cannot
/// make the scan quadratic (Go's sanitizeRunCache).
struct RunEntry {
    body: Alphabet,
    start: usize,
    end: usize,
    last_random: Option<usize>,
}

fn run_match(cache: &mut Vec<RunEntry>, r: &Compiled, text: &[u8], at: usize) -> (usize, bool) {
    let hex_only = !has(&r.body, b'g') && !has(&r.body, b'G');
    let random_after = |lr: Option<usize>| lr.is_some_and(|l| l >= at);
    let mut slot = None;
    for (k, e) in cache.iter().enumerate() {
        if e.body != r.body {
            continue;
        }
        if e.start <= at && at <= e.end {
            return (e.end, e.end - at >= r.min && (hex_only || random_after(e.last_random)));
        }
        slot = Some(k);
    }
    let (mut end, mut last_random) = (at, None);
    while end < text.len() && has(&r.body, text[end]) {
        if text[end].is_ascii_digit() || text[end].is_ascii_uppercase() {
            last_random = Some(end);
        }
        end += 1;
    }
    let e = RunEntry { body: r.body, start: at, end, last_random };
    match slot {
        Some(k) => cache[k] = e,
        None => cache.push(e),
    }
    (end, end - at >= r.min && (hex_only || random_after(last_random)))
}

fn match_body(r: &Compiled, text: &[u8], at: usize) -> (usize, bool) {
    let mut end = at;
    let mut random = !has(&r.body, b'g') && !has(&r.body, b'G');
    while end < text.len() && has(&r.body, text[end]) {
        random = random || text[end].is_ascii_digit() || text[end].is_ascii_uppercase();
        end += 1;
    }
    (end, end - at >= r.min && random)
}

/// The components of a name, split at '_', '.' and '-'.
fn components(name: &[u8]) -> impl Iterator<Item = &[u8]> {
    name.split(|c| b"_.-".contains(c))
}

/// The length of the token at the start of value when a component of the lowercase name is a
/// provider keyword and the token has that provider's shape, else 0.
pub(crate) fn keyword_value(t: &Table, name: &[u8], value: &[u8]) -> usize {
    if t.keywords.is_empty() || value.len() < 8 {
        return 0;
    }
    for part in components(name) {
        if let Some(r) = t.keywords.get(part) {
            let (end, ok) = match_body(r, value, 0);
            if ok && (end == value.len() || !is_word_byte(value[end])) {
                return end;
            }
        }
    }
    0
}

/// Reports whether a component of the lowercase name is a provider keyword.
pub(crate) fn has_keyword(t: &Table, name: &[u8]) -> bool {
    !name.is_empty() && components(name).any(|p| t.keywords.contains_key(p))
}

/// Finds base64 that decodes to the start of a DER private key or an OpenSSH key, and the lines
/// of base64 that continue it.
pub(crate) fn find_key_der(text: &[u8], _: &[u8]) -> Vec<Match> {
    let mut out = Vec::new();
    let mut i = 0;
    while i + 16 <= text.len() {
        let Some(j) = text[i..].iter().position(|&c| c == b'M' || c == b'b') else {
            break;
        };
        i += j;
        if (i > 0 && is_b64_byte(text[i - 1]) && text[i - 1] != b'/') || !is_der_key(&text[i..]) {
            i += 1;
            continue;
        }
        let end = b64_body(text, i);
        out.push(Match::whole(i, end));
        i = end;
    }
    out
}

fn is_b64_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'+' || c == b'/' || c == b'='
}

fn is_der_key(s: &[u8]) -> bool {
    let n = s.iter().take(44).take_while(|&&c| is_b64_byte(c) && c != b'=').count();
    if n < 16 {
        return false;
    }
    if s.starts_with(tables::OPENSSH_MAGIC.as_bytes()) {
        return true;
    }
    if s[0] != b'M' {
        return false;
    }
    let Some(b) = base64_decode(&s[..n & !3], false) else {
        return false;
    };
    let Some(k) = der_header(&b, 0, 0x30) else {
        return false;
    };
    if k + 2 < b.len() && b[k] == 0x02 && b[k + 1] == 0x01 && b[k + 2] <= 1 {
        return true;
    }
    let pbes = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05];
    der_header(&b, k, 0x30).is_some_and(|k| b.len() >= k + pbes.len() && b[k..k + pbes.len()] == pbes)
}

fn der_header(b: &[u8], at: usize, tag: u8) -> Option<usize> {
    if at + 2 > b.len() || b[at] != tag {
        return None;
    }
    match b[at + 1] {
        l if l < 0x80 => Some(at + 2),
        0x81 => Some(at + 3).filter(|&k| k <= b.len()),
        0x82 => Some(at + 4).filter(|&k| k <= b.len()),
        _ => None,
    }
}

fn b64_body(text: &[u8], i: usize) -> usize {
    let mut end = i;
    while end < text.len() && is_b64_byte(text[end]) {
        end += 1;
    }
    loop {
        let mut j = end;
        let mut saw_break = false;
        while j < text.len() && matches!(text[j], b' ' | b'\t' | b'\r' | b'\n') {
            saw_break = saw_break || text[j] == b'\n';
            j += 1;
        }
        if !saw_break {
            return end;
        }
        let mut k = j;
        while k < text.len() && is_b64_byte(text[k]) {
            k += 1;
        }
        let line = &text[j..k];
        if (line.len() < 16 && !line.ends_with(b"=")) || line.is_empty() {
            return end;
        }
        end = k;
    }
}

/// Decodes unpadded base64 as Go's Raw encodings do (not strict: unused trailing bits are
/// ignored); None where Go reports an error.
fn base64_decode(s: &[u8], url: bool) -> Option<Vec<u8>> {
    if s.len() % 4 == 1 {
        return None;
    }
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' if !url => 62,
            b'/' if !url => 63,
            b'-' if url => 62,
            b'_' if url => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    for chunk in s.chunks(4) {
        let mut acc = 0u32;
        for &c in chunk {
            acc = acc << 6 | val(c)?;
        }
        acc <<= 6 * (4 - chunk.len() as u32);
        let bytes = [(acc >> 16) as u8, (acc >> 8) as u8, acc as u8];
        out.extend_from_slice(&bytes[..chunk.len() - 1]);
    }
    Some(out)
}

pub(crate) fn is_generic_byte(c: u8) -> bool {
    is_word_byte(c) || c == b'+' || c == b'/' || c == b'-' || c == b'='
}

/// Finds random-looking tokens no table knows (Go's sanitizeFindGeneric).
pub(crate) fn find_generic(text: &[u8], subject: &[u8]) -> Vec<Match> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if !is_generic_byte(text[i]) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < text.len() && is_generic_byte(text[j]) {
            j += 1;
        }
        if j - i < tables::GENERIC_NEAR_MIN {
        } else if is_path_like(&text[i..j]) {
            let mut k = i;
            while k < j {
                let e = text[k..j].iter().position(|c| b"/-_".contains(c)).map_or(j, |e| e + k);
                if e - k >= tables::GENERIC_NEAR_MIN && generic_secret(text, subject, k, e) {
                    out.push(Match::whole(k, e));
                }
                k = e + 1;
            }
        } else if generic_secret(text, subject, i, j) {
            out.push(Match::whole(i, j));
        }
        i = j;
    }
    out
}

fn is_object_id(run: &[u8]) -> bool {
    tables::OBJECT_ID_PREFIXES
        .iter()
        .any(|p| run.starts_with(p.as_bytes()) && run.len() - p.len() <= 34 && !run[p.len()..].iter().any(|c| b"_-+/=".contains(c)))
}

fn is_path_like(run: &[u8]) -> bool {
    if !run.iter().any(|c| b"/-_".contains(c)) {
        return false;
    }
    run.split(|c| b"/-_".contains(c)).any(|seg| {
        let mut k = 0;
        if k < seg.len() && seg[k].is_ascii_uppercase() {
            k += 1;
        }
        let mut letters = 0;
        while k < seg.len() && seg[k].is_ascii_lowercase() {
            k += 1;
            letters += 1;
        }
        while k < seg.len() && seg[k].is_ascii_digit() {
            k += 1;
        }
        letters >= 3 && k == seg.len() || seg.len() >= 8 && seg.iter().all(|c| b"0123456789abcdef".contains(c))
    })
}

fn generic_secret(text: &[u8], subject: &[u8], i: usize, j: usize) -> bool {
    let mut run = &text[i..j];
    while let [rest @ .., b'='] = run {
        run = rest;
    }
    if run.first() == Some(&b'-') {
        return false;
    }
    let (mut lower, mut upper, mut digit, mut switches, mut symbols, mut lower_runs) = (0usize, 0usize, 0usize, 0usize, 0usize, 0usize);
    let mut prev = 0u8;
    let mut counts = [0u8; 128];
    let mut hex = true;
    for &c in run {
        let class = match c {
            b'a'..=b'z' => {
                lower += 1;
                if prev != 1 {
                    lower_runs += 1;
                }
                hex = hex && c <= b'f';
                1
            }
            b'A'..=b'Z' => {
                upper += 1;
                hex = hex && c <= b'F';
                2
            }
            b'0'..=b'9' => {
                digit += 1;
                3
            }
            _ => {
                symbols += 1;
                hex = hex && c == b'-';
                0
            }
        };
        if class != 0 {
            if prev != 0 && class != prev {
                switches += 1;
            }
            prev = class;
        }
        let slot = &mut counts[(c & 127) as usize];
        *slot = slot.saturating_add(1);
    }
    if hex || digit + upper < 2 || lower + upper == 0 {
        return false;
    }
    let near = near_secret_word(subject, i);
    if run.len() < tables::GENERIC_MIN && !near {
        return false;
    }
    if is_image_data(run) || is_object_id(run) {
        return false;
    }
    if ["base64,", "sha256:", "sha1:", "sha512:", "md5:"].iter().any(|b| subject[..i].ends_with(b.as_bytes())) {
        return false;
    }
    if !near && lower_runs > 0 && lower >= 3 * lower_runs {
        return false;
    }
    let classes = [lower, upper, digit].iter().filter(|&&n| n >= 1).count();
    let letters = run.len() - symbols;
    let entropy = entropy(&counts, run.len());
    if near {
        classes >= 2 && digit + upper >= 2 && switches * 10 >= letters * 3 && entropy >= 3.0
    } else if classes == 3 && upper >= 2 && lower >= 2 {
        switches * 10 >= letters * 3 && entropy >= 3.5
    } else if classes == 2 && lower >= 4 && upper >= 4 {
        switches * 100 >= letters * 45 && entropy >= 3.7
    } else {
        false
    }
}

/// Whether a secret word ends in the 24 bytes of the lowercase subject before i, followed only
/// by separators.
fn near_secret_word(subject: &[u8], i: usize) -> bool {
    let window = &subject[i.saturating_sub(24)..i];
    tables::SECRET_WORDS.iter().any(|w| {
        let Some(at) = window.windows(w.len()).rposition(|x| x == w.as_bytes()) else {
            return false;
        };
        let rest = &window[at + w.len()..];
        let k = rest.iter().take_while(|&&c| is_word_byte(c) || c == b'-').count();
        // Go's strings.TrimSpace: the rest starts and ends at ASCII bytes, so it is UTF-8.
        let rest = String::from_utf8_lossy(&rest[k..]);
        let rest = rest.trim();
        let rest = rest.strip_prefix("is").unwrap_or(rest);
        rest.trim_matches(|c| " \t:=\"'`".contains(c)).is_empty()
    })
}

fn entropy(counts: &[u8; 128], n: usize) -> f64 {
    let mut h = 0.0;
    for &c in counts {
        if c == 0 {
            continue;
        }
        let p = f64::from(c) / n as f64;
        h -= p * p.log2();
    }
    h
}

fn is_image_data(run: &[u8]) -> bool {
    tables::IMAGE_MAGIC.iter().any(|m| run.starts_with(m.as_bytes()) && run.len() >= 64)
}

/// Finds the password of an Oracle-style connect string, "user/password@host".
pub(crate) fn find_slash_login(text: &[u8], _: &[u8]) -> Vec<Match> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let Some(at) = text[i..].iter().position(|&c| c == b'@') else {
            break;
        };
        let at = at + i;
        i = at + 1;
        let mut slash = at as isize - 1;
        while slash >= 0 && text[slash as usize] != b'/' && !is_space_or_quote(text[slash as usize]) && text[slash as usize] != b'@' {
            slash -= 1;
        }
        if slash < 1 || text[slash as usize] != b'/' || slash as usize + 1 == at {
            continue;
        }
        let slash = slash as usize;
        let mut user = slash;
        while user > 0 && (is_word_byte(text[user - 1]) || text[user - 1] == b'$' || text[user - 1] == b'#') {
            user -= 1;
        }
        if user == slash || (user > 0 && !is_space_or_quote(text[user - 1]) && text[user - 1] != b'=' && text[user - 1] != b'(') {
            continue;
        }
        let mut host = at + 1;
        while host < text.len() && (is_word_byte(text[host]) || text[host] == b'.' || text[host] == b'-') {
            host += 1;
        }
        if host == at + 1 || (host < text.len() && !is_space_or_quote(text[host]) && !b":/;,)]}>".contains(&text[host])) {
            continue;
        }
        out.push(Match::whole(slash + 1, at));
    }
    out
}

fn is_space_or_quote(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'"' | b'\'' | b'`')
}

/// Finds runs of base64 whose decoded text holds a secret the other rules recognise.
pub(crate) fn find_encoded(text: &[u8], _: &[u8]) -> Vec<Match> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if !is_base64_byte(text[i]) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < text.len() && is_base64_byte(text[j]) {
            j += 1;
        }
        if j - i >= tables::ENCODED_MIN && at_word_start(text, i) {
            encoded_run(&mut out, text, i, j);
        }
        i = j;
    }
    out
}

fn encoded_run(out: &mut Vec<Match>, text: &[u8], i: usize, j: usize) {
    if decodes_to_secret(&text[i..j]) {
        out.push(Match::whole(i, j));
        return;
    }
    let mut start = i;
    while start < j {
        let end = text[start..j].iter().position(|&c| c == b'/').map_or(j, |e| e + start);
        if end - start >= tables::ENCODED_MIN && end - start < j - i && decodes_to_secret(&text[start..end]) {
            out.push(Match::whole(start, end));
        }
        start = end + 1;
    }
}

fn is_base64_byte(b: u8) -> bool {
    is_word_byte(b) || b == b'+' || b == b'/' || b == b'-' || b == b'='
}

fn decodes_to_secret(run: &[u8]) -> bool {
    let mut run = run;
    while let [rest @ .., b'='] = run {
        run = rest;
    }
    if run.len() % 4 == 1 {
        run = &run[..run.len() - 1];
    }
    let url = run.iter().any(|&c| c == b'-' || c == b'_');
    let Some(raw) = base64_decode(run, url) else {
        return false;
    };
    if std::str::from_utf8(&raw).is_err() || !is_plain(&raw) {
        return false;
    }
    apply(raw.clone(), secret_rule_set()) != raw
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_as_go_decodes() {
        assert_eq!(base64_decode(b"aGVsbG8", false).as_deref(), Some(&b"hello"[..]));
        assert_eq!(base64_decode(b"a-_A", false), None);
        assert_eq!(base64_decode(b"a-_A", true).map(|v| v.len()), Some(3));
        assert_eq!(base64_decode(b"aGVsb", false), None);
    }

    #[test]
    fn alphabets_parse_ranges_and_a_trailing_dash() {
        let a = parse_alphabet(b"a-c_-");
        assert!(has(&a, b'b') && has(&a, b'-') && has(&a, b'_') && !has(&a, b'd'));
    }
}
