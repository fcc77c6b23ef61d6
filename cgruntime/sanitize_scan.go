package cgruntime

import (
	"encoding/base64"
	"math"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// sanitizeAlphabet is a set of bytes, read from a spec of single
// characters and ranges ("A-Za-z0-9_-": a trailing '-' is itself).
type sanitizeAlphabet [4]uint64

func sanitizeParseAlphabet(spec string) sanitizeAlphabet {
	var a sanitizeAlphabet
	for i := 0; i < len(spec); i++ {
		lo, hi := spec[i], spec[i]
		if i+2 < len(spec) && spec[i+1] == '-' {
			hi = spec[i+2]
			i += 2
		}
		for c := int(lo); c <= int(hi); c++ {
			a[c>>6] |= 1 << (c & 63)
		}
	}
	return a
}

func (a *sanitizeAlphabet) has(c byte) bool { return a[c>>6]&(1<<(c&63)) != 0 }

// sanitizeTable is the provider table ready for scanning: prefix rows by
// their first byte, longest prefix first, and keyword rows by keyword.
type sanitizeTable struct {
	byFirst [256][]sanitizeCompiled
	// second[c] holds the second bytes of the prefixes starting with c,
	// so most word starts are passed over without trying a row; short[c]
	// says a prefix is the single byte c.
	second   [256]sanitizeAlphabet
	short    [256]bool
	keywords map[string]sanitizeCompiled
	// userKeys are an application's own secret names, lowercase, with
	// and without their separators.
	userKeys map[string]bool
}

// sanitizeCompiled is a provider row with its alphabet parsed.
type sanitizeCompiled struct {
	prefix string
	body   sanitizeAlphabet
	min    int
}

// sanitizeBuildTable indexes rows.
func sanitizeBuildTable(rows []sanitizeProvider, userKeys []string) *sanitizeTable {
	t := &sanitizeTable{keywords: map[string]sanitizeCompiled{}, userKeys: map[string]bool{}}
	for _, r := range rows {
		c := sanitizeCompiled{prefix: r.prefix, body: sanitizeParseAlphabet(r.body), min: r.min}
		if r.prefix == "" {
			t.keywords[r.keyword] = c
			continue
		}
		t.byFirst[r.prefix[0]] = append(t.byFirst[r.prefix[0]], c)
		if len(r.prefix) == 1 {
			t.short[r.prefix[0]] = true
		} else {
			t.second[r.prefix[0]][r.prefix[1]>>6] |= 1 << (r.prefix[1] & 63)
		}
	}
	for i := range t.byFirst {
		sort.SliceStable(t.byFirst[i], func(a, b int) bool {
			return len(t.byFirst[i][a].prefix) > len(t.byFirst[i][b].prefix)
		})
	}
	for _, k := range userKeys {
		k = sanitizeLowerASCII(k)
		t.userKeys[k] = true
		t.userKeys[sanitizeStripSeparators(k)] = true
	}
	return t
}

// sanitizeStripSeparators removes '_', '-' and '.' from a lowercase name,
// so "x-acme-sig" and "x_acme_sig" are one name.
func sanitizeStripSeparators(s string) string {
	if !strings.ContainsAny(s, "_-.") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '_' && c != '-' && c != '.' {
			b = append(b, c)
		}
	}
	return string(b)
}

// sanitizeUser holds the rules an application added with AddSanitizeRules;
// sanitizeCurrentTable is the table scans use, rebuilt when rules are added.
var (
	sanitizeUserMu     sync.Mutex
	sanitizeUserTokens []sanitizeProvider
	sanitizeUserKeys   []string
	sanitizeTablePtr   atomic.Pointer[sanitizeTable]
)

// sanitizeCurrentTable returns the provider table, built on first use.
func sanitizeCurrentTable() *sanitizeTable {
	if t := sanitizeTablePtr.Load(); t != nil {
		return t
	}
	sanitizeUserMu.Lock()
	defer sanitizeUserMu.Unlock()
	if t := sanitizeTablePtr.Load(); t != nil {
		return t
	}
	t := sanitizeBuildTable(append(append([]sanitizeProvider{}, sanitizeProviders...), sanitizeUserTokens...), sanitizeUserKeys)
	sanitizeTablePtr.Store(t)
	return t
}

// SanitizeRules are an application's own secret shapes, added to the
// built-in ones with AddSanitizeRules.
type SanitizeRules struct {
	// Tokens are the application's token formats: a fixed prefix and the
	// body that follows it.
	Tokens []SanitizeToken
	// Keys are names whose values are secret wherever they appear: as
	// query, form, logfmt, environment or YAML parameters, JSON members,
	// header lines, and evidence keys ("x-acme-signature", "acme_pin").
	// They match without regard to case, and "-", "_" and "." in them
	// match each other.
	Keys []string
}

// SanitizeToken is one token format: a word that starts with Prefix
// (matched case-sensitively) followed by at least MinBody characters
// drawn from Alphabet is a secret, and the whole word is redacted.
type SanitizeToken struct {
	// Prefix is the token's fixed start, at least 3 bytes ("acme_live_").
	Prefix string
	// Alphabet lists the body's characters as single characters and
	// ranges ("A-Za-z0-9_-"); empty means letters, digits, '_' and '-'.
	Alphabet string
	// MinBody is the shortest body; below 8 it counts as 8.
	MinBody int
}

// AddSanitizeRules adds an application's token formats and secret names to
// the rules SanitizeText, SanitizeTextLimit and SanitizeEvidence apply,
// and so to every constructor and surface of the packages that use them.
// It is safe to call at any time, from any goroutine, and rules cannot be
// removed again; call it during start-up, before errors are built. It
// reports an error, and adds nothing, when a token's prefix is shorter than
// 3 bytes or a key is empty.
func AddSanitizeRules(r SanitizeRules) error {
	var rows []sanitizeProvider
	for _, tok := range r.Tokens {
		if len(tok.Prefix) < 3 {
			return &sanitizeRuleError{what: "token prefix " + tok.Prefix + " is shorter than 3 bytes"}
		}
		body := tok.Alphabet
		if body == "" {
			body = sanitizeAlnumUD
		}
		rows = append(rows, sanitizeProvider{id: "user", vendor: "user", prefix: tok.Prefix, body: body, min: max(tok.MinBody, 8)})
	}
	for _, k := range r.Keys {
		if strings.TrimSpace(k) == "" {
			return &sanitizeRuleError{what: "empty key"}
		}
	}
	sanitizeUserMu.Lock()
	defer sanitizeUserMu.Unlock()
	sanitizeUserTokens = append(sanitizeUserTokens, rows...)
	sanitizeUserKeys = append(sanitizeUserKeys, r.Keys...)
	sanitizeTablePtr.Store(sanitizeBuildTable(append(append([]sanitizeProvider{}, sanitizeProviders...), sanitizeUserTokens...), sanitizeUserKeys))
	return nil
}

// sanitizeRuleError is AddSanitizeRules' error.
type sanitizeRuleError struct{ what string }

func (e *sanitizeRuleError) Error() string { return "sanitize rules: " + e.what }

// sanitizeFindProviders finds provider tokens in the text: at each word
// start, the rows whose prefix is there, longest first. A match runs to the
// end of the word, so that no word is left half redacted.
func sanitizeFindProviders(text, _ string) [][]int {
	t := sanitizeCurrentTable()
	var out [][]int
	var runs sanitizeRunCache
	for i := 0; i < len(text); i++ {
		// Most bytes continue a word, so that test comes first.
		if i > 0 && sanitizeIsWordByte(text[i-1]) {
			continue
		}
		c := text[i]
		if !t.short[c] && (i+1 >= len(text) || !t.second[c].has(text[i+1])) {
			continue
		}
		rows := t.byFirst[c]
		for k := range rows {
			r := &rows[k]
			// The second byte rules out most rows without comparing more.
			if len(r.prefix) > 1 && (i+1 >= len(text) || r.prefix[1] != text[i+1]) || !strings.HasPrefix(text[i:], r.prefix) {
				continue
			}
			end, ok := runs.match(r, text, i+len(r.prefix))
			if !ok {
				continue
			}
			for end < len(text) && sanitizeIsWordByte(text[end]) {
				end++
			}
			out = append(out, []int{i, end, i, end})
			i = end - 1
			break
		}
	}
	return out
}

// sanitizeRunCache remembers, per alphabet, the last run of body
// characters scanned: a prefix that fails can start again inside the run
// ("xoxb-xoxb-xoxb-…" after each '-'), and rescanning the run from each
// would make hostile text cost quadratic time.
type sanitizeRunCache struct {
	// entries hold one run per alphabet; the table has a few dozen.
	entries []sanitizeRunEntry
}

type sanitizeRunEntry struct {
	body                   *sanitizeAlphabet
	start, end, lastRandom int
}

// match is r.matchBody with the run looked up in, or added to, the cache.
func (c *sanitizeRunCache) match(r *sanitizeCompiled, text string, at int) (int, bool) {
	hexOnly := !r.body.has('g') && !r.body.has('G')
	slot := -1
	for k := range c.entries {
		e := &c.entries[k]
		if *e.body != r.body {
			continue
		}
		if e.start <= at && at <= e.end {
			return e.end, e.end-at >= r.min && (hexOnly || e.lastRandom >= at)
		}
		slot = k
	}
	end, lastRandom := at, -1
	for end < len(text) && r.body.has(text[end]) {
		if c := text[end]; ('0' <= c && c <= '9') || ('A' <= c && c <= 'Z') {
			lastRandom = end
		}
		end++
	}
	e := sanitizeRunEntry{body: &r.body, start: at, end: end, lastRandom: lastRandom}
	if slot >= 0 {
		c.entries[slot] = e
	} else {
		c.entries = append(c.entries, e)
	}
	return end, end-at >= r.min && (hexOnly || lastRandom >= at)
}

// matchBody reports whether text[at:] starts with a body of r, and where
// it ends. A body must hold a digit or an upper-case letter: random tokens
// do, and words such as "sk-learn-compatible" do not.
func (r *sanitizeCompiled) matchBody(text string, at int) (int, bool) {
	end, random := at, !r.body.has('g') && !r.body.has('G') // hex needs no test
	for end < len(text) && r.body.has(text[end]) {
		c := text[end]
		random = random || ('0' <= c && c <= '9') || ('A' <= c && c <= 'Z')
		end++
	}
	return end, end-at >= r.min && random
}

// sanitizeKeywordValue returns the length of the token at the start of
// value when the parameter name (lowercase) has a provider keyword as one
// of its components and the token has that provider's shape
// ("algolia_app_id=…", "TWITTER_CONSUMER=…"), else 0.
func sanitizeKeywordValue(t *sanitizeTable, name, value string) int {
	if len(t.keywords) == 0 || len(value) < 8 {
		return 0
	}
	for name != "" {
		cut := sanitizeIndexClass(name, sanitizeClassNameSep)
		part := name
		if cut >= 0 {
			part, name = name[:cut], name[cut+1:]
		} else {
			name = ""
		}
		if r, ok := t.keywords[part]; ok {
			if end, ok := r.matchBody(value, 0); ok && (end == len(value) || !sanitizeIsWordByte(value[end])) {
				return end
			}
		}
	}
	return 0
}

// sanitizeHasKeyword reports whether the lowercase name has a provider
// keyword as one of its components.
func sanitizeHasKeyword(t *sanitizeTable, name string) bool {
	for name != "" {
		cut := sanitizeIndexClass(name, sanitizeClassNameSep)
		part := name
		if cut >= 0 {
			part, name = name[:cut], name[cut+1:]
		} else {
			name = ""
		}
		if _, ok := t.keywords[part]; ok {
			return true
		}
	}
	return false
}

// sanitizeFindKeyDER finds base64 whose decoded bytes start like a DER
// private key, with or without the PEM armour around it: PKCS#1 and
// PKCS#8 (version 0 or 1) and SEC 1 EC keys start with a SEQUENCE and the
// INTEGER version; encrypted PKCS#8 with a SEQUENCE holding the PBES
// object identifier. Certificates and public keys (a SEQUENCE in a
// SEQUENCE) are not secrets and stay. OpenSSH private keys
// ("openssh-key-v1") are found the same way. The match runs on over the
// following lines of base64, as a wrapped PEM body does.
func sanitizeFindKeyDER(text, _ string) [][]int {
	var out [][]int
	for i := 0; i+16 <= len(text); {
		for i < len(text) && text[i] != 'M' && text[i] != 'b' {
			i++ // a loop: strings.IndexAny would build its byte set again at every letter M or b
		}
		if i == len(text) {
			break
		}
		if (i > 0 && sanitizeIsB64Byte(text[i-1]) && text[i-1] != '/') || !sanitizeIsDERKey(text[i:]) {
			i++
			continue
		}
		end := sanitizeB64Body(text, i)
		out = append(out, []int{i, end, i, end})
		i = end
	}
	return out
}

// sanitizeIsB64Byte reports whether c belongs to the standard base64
// alphabet, padding included.
func sanitizeIsB64Byte(c byte) bool { return sanitizeByteClass[c]&sanitizeClassB64 != 0 }

// sanitizeOpenSSHMagic is "openssh-key-v1" in base64.
const sanitizeOpenSSHMagic = "b3BlbnNzaC1rZXktdjE"

// sanitizeIsDERKey reports whether s starts with at least 16 characters
// of base64 that decode to the start of a DER private key.
func sanitizeIsDERKey(s string) bool {
	n := 0
	for n < len(s) && n < 44 && sanitizeIsB64Byte(s[n]) && s[n] != '=' {
		n++
	}
	if n < 16 {
		return false
	}
	if strings.HasPrefix(s, sanitizeOpenSSHMagic) {
		return true
	}
	if s[0] != 'M' {
		return false
	}
	var buf [33]byte
	m, _ := base64.StdEncoding.Decode(buf[:], []byte(s[:n&^3]))
	b := buf[:m]
	k, ok := sanitizeDERHeader(b, 0, 0x30)
	if !ok {
		return false
	}
	if k+2 < len(b) && b[k] == 0x02 && b[k+1] == 0x01 && b[k+2] <= 1 {
		return true // version INTEGER 0 or 1: PKCS#1, PKCS#8, SEC 1
	}
	// EncryptedPrivateKeyInfo: SEQUENCE { SEQUENCE { OID 1.2.840.113549.1.5.x ...
	k, ok = sanitizeDERHeader(b, k, 0x30)
	pbes := []byte{0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05}
	return ok && len(b) >= k+len(pbes) && string(b[k:k+len(pbes)]) == string(pbes)
}

// sanitizeDERHeader checks for a tag at b[at] and returns where its
// contents start.
func sanitizeDERHeader(b []byte, at int, tag byte) (int, bool) {
	if at+2 > len(b) || b[at] != tag {
		return 0, false
	}
	switch l := b[at+1]; {
	case l < 0x80:
		return at + 2, true
	case l == 0x81:
		return at + 3, at+3 <= len(b)
	case l == 0x82:
		return at + 4, at+4 <= len(b)
	}
	return 0, false
}

// sanitizeB64Body returns the end of a base64 body that starts at i: its
// first run, then every following line that continues it (a long line, or
// a short padded last line), with spaces and line breaks between.
func sanitizeB64Body(text string, i int) int {
	end := i
	for end < len(text) && sanitizeIsB64Byte(text[end]) {
		end++
	}
	for {
		j := end
		sawBreak := false
		for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r' || text[j] == '\n') {
			sawBreak = sawBreak || text[j] == '\n'
			j++
		}
		if !sawBreak {
			return end
		}
		k := j
		for k < len(text) && sanitizeIsB64Byte(text[k]) {
			k++
		}
		line := text[j:k]
		if len(line) < 16 && !strings.HasSuffix(line, "=") {
			return end
		}
		if len(line) == 0 {
			return end
		}
		end = k
	}
}

// sanitizeGenericMin is the shortest run the generic rule judges alone;
// sanitizeGenericNearMin the shortest after a secret-ish word.
const (
	sanitizeGenericMin     = 20
	sanitizeGenericNearMin = 12
)

// sanitizeFindGeneric finds tokens that no table knows by their look: a
// run of token characters that mixes lower-case letters, upper-case
// letters and digits, switches between them often (random text does,
// words and identifiers do not) and has high Shannon entropy. After a
// secret-ish word ("token", "key", "password", …) shorter runs and two
// classes suffice. Hex (commit hashes, digests), UUIDs, runs after
// "base64," and base64 of common image formats stay.
func sanitizeFindGeneric(text, _ string) [][]int {
	var out [][]int
	for i := 0; i < len(text); {
		if !sanitizeIsGenericByte(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && sanitizeIsGenericByte(text[j]) {
			j++
		}
		switch {
		case j-i < sanitizeGenericNearMin:
		case sanitizeIsPathLike(text[i:j]):
			// A path or a name of words: each segment is judged on its own.
			for k := i; k < j; {
				e := sanitizeIndexClass(text[k:j], sanitizeClassRunSep)
				if e < 0 {
					e = j
				} else {
					e += k
				}
				if e-k >= sanitizeGenericNearMin && sanitizeGenericSecret(text, k, e) {
					out = append(out, []int{k, e, k, e})
				}
				k = e + 1
			}
		case sanitizeGenericSecret(text, i, j):
			out = append(out, []int{i, j, i, j})
		}
		i = j
	}
	return out
}

// sanitizeObjectIDPrefixes start the public object identifiers of
// payment APIs ("ch_3MmlLrLkdIwHu7ix0snN0B15"), which look random but are
// not secrets.
var sanitizeObjectIDPrefixes = []string{"ch_", "cus_", "pi_", "pm_", "in_", "sub_", "prod_", "price_", "evt_",
	"acct_", "txn_", "seti_", "cs_", "po_", "ii_", "si_", "src_", "card_", "ba_", "tr_", "py_", "req_", "il_", "cn_", "dp_", "file_"}

// sanitizeIsObjectID reports whether run is such an identifier.
func sanitizeIsObjectID(run string) bool {
	for _, p := range sanitizeObjectIDPrefixes {
		if strings.HasPrefix(run, p) && len(run)-len(p) <= 34 && !strings.ContainsAny(run[len(p):], "_-+/=") {
			return true
		}
	}
	return false
}

// sanitizeIsPathLike reports whether a run with separators ('/', '-',
// '_') is made of words or hex, a path or a name like
// "PuTTY-User-Key-File" or "8634f1d2ab3c7e21-FRA", rather than random
// base64: one of its segments is a plain word of three letters or more,
// lower-case or capitalised (digits may follow), or eight or more hex
// digits, which random segments almost never are.
func sanitizeIsPathLike(run string) bool {
	if sanitizeIndexClass(run, sanitizeClassRunSep) < 0 {
		return false
	}
	for len(run) > 0 {
		cut := sanitizeIndexClass(run, sanitizeClassRunSep)
		seg := run
		if cut >= 0 {
			seg, run = run[:cut], run[cut+1:]
		} else {
			run = ""
		}
		k := 0
		if k < len(seg) && 'A' <= seg[k] && seg[k] <= 'Z' {
			k++
		}
		letters := 0
		for k < len(seg) && 'a' <= seg[k] && seg[k] <= 'z' {
			k++
			letters++
		}
		for k < len(seg) && '0' <= seg[k] && seg[k] <= '9' {
			k++
		}
		if letters >= 3 && k == len(seg) || len(seg) >= 8 && sanitizeIsLowerHex(seg) {
			return true
		}
	}
	return false
}

// sanitizeIsLowerHex reports whether s is made of lower-case hex digits
// only.
func sanitizeIsLowerHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// sanitizeIsGenericByte reports whether c can be part of a token the
// generic rule judges: letters, digits and the symbols of base64 and
// base64url.
func sanitizeIsGenericByte(c byte) bool { return sanitizeIsBase64Byte(c) }

// sanitizeGenericSecret judges the run text[i:j].
func sanitizeGenericSecret(text string, i, j int) bool {
	run := strings.TrimRight(text[i:j], "=")
	if strings.HasPrefix(run, "-") {
		return false // a flag
	}
	var lower, upper, digit, switches, symbols, lowerRuns int
	prev := byte(0)
	var counts [128]uint8
	hex := true
	for k := 0; k < len(run); k++ {
		c := run[k]
		class := byte(0)
		switch {
		case 'a' <= c && c <= 'z':
			lower++
			class = 1
			if prev != 1 {
				lowerRuns++
			}
			hex = hex && c <= 'f'
		case 'A' <= c && c <= 'Z':
			upper++
			class = 2
			hex = hex && c <= 'F'
		case '0' <= c && c <= '9':
			digit++
			class = 3
		default:
			symbols++
			hex = hex && c == '-'
		}
		if class == 0 {
			// Symbols do not count as switches.
		} else if prev != 0 && class != prev {
			switches++
		}
		if class != 0 {
			prev = class
		}
		if counts[c] < 255 {
			counts[c]++
		}
	}
	if hex {
		return false // commit hashes, digests, UUIDs
	}
	if digit+upper < 2 || lower+upper == 0 {
		return false // no branch below can take it
	}
	// The 24 bytes before the run, lowercase: the words the rule looks
	// for there. The rule reads the text as it is, not the lowercase
	// view, and lowers only these bytes, so it needs no lowercase copy of
	// the whole window after the rules before it replaced something.
	var buf [24]byte
	from := max(0, i-len(buf))
	for k := from; k < i; k++ {
		buf[k-from] = sanitizeLowerTable[text[k]]
	}
	before := string(buf[:i-from])
	near := sanitizeNearSecretWord(before)
	if len(run) < sanitizeGenericMin && !near {
		return false
	}
	if sanitizeIsImageData(run) || sanitizeIsObjectID(run) {
		return false
	}
	for _, prefix := range []string{"base64,", "sha256:", "sha1:", "sha512:", "md5:"} {
		if strings.HasSuffix(before, prefix) {
			return false // image data, or a fingerprint of a public key
		}
	}
	if !near && lowerRuns > 0 && lower >= 3*lowerRuns {
		return false // camelCase words: "getUserAccountSettingsV2Handler"
	}
	classes := 0
	for _, n := range []int{lower, upper, digit} {
		if n >= 1 {
			classes++
		}
	}
	letters := len(run) - symbols
	entropy := sanitizeEntropy(&counts, len(run))
	switch {
	case near:
		return classes >= 2 && digit+upper >= 2 && switches*10 >= letters*3 && entropy >= 3.0
	case classes == 3 && upper >= 2 && lower >= 2:
		return switches*10 >= letters*3 && entropy >= 3.5
	case classes == 2 && lower >= 4 && upper >= 4:
		return switches*100 >= letters*45 && entropy >= 3.7
	}
	return false
}

// sanitizeSecretWords are the words that make the generic rule look at a
// shorter or plainer run after them.
var sanitizeSecretWords = []string{"token", "key", "secret", "passw", "pwd", "credential", "auth", "bearer", "signature", "session", "api"}

// sanitizeNearSecretWord reports whether one of the secret words ends in
// window, the 24 bytes before a run lowercased, followed only by
// separators (spaces, ':', '=', quotes, "is").
func sanitizeNearSecretWord(window string) bool {
	for _, w := range sanitizeSecretWords {
		at := sanitizeLastIndexShort(window, w)
		if at < 0 {
			continue
		}
		rest := window[at+len(w):]
		// Let a word run on ("tokens", "password", "api_key"), then only
		// separators may follow.
		k := 0
		for k < len(rest) && (sanitizeIsWordByte(rest[k]) || rest[k] == '-') {
			k++
		}
		rest = strings.TrimSpace(rest[k:])
		rest = strings.TrimPrefix(rest, "is")
		if strings.Trim(rest, " \t:=\"'`") == "" {
			return true
		}
	}
	return false
}

// sanitizeLastIndexShort is strings.LastIndex for the short window and
// words of sanitizeNearSecretWord: a plain loop from the end, which for a
// window of 24 bytes is several times cheaper than the hashing search
// strings.LastIndex sets up for every call.
func sanitizeLastIndexShort(s, w string) int {
	for at := len(s) - len(w); at >= 0; at-- {
		if s[at] == w[0] && s[at:at+len(w)] == w {
			return at
		}
	}
	return -1
}

// sanitizeEntropy is the Shannon entropy, in bits per character, of a run
// of n characters with these counts.
func sanitizeEntropy(counts *[128]uint8, n int) float64 {
	h := 0.0
	for _, c := range counts {
		if c == 0 {
			continue
		}
		p := float64(c) / float64(n)
		h -= p * math.Log2(p)
	}
	return h
}

// sanitizeImageMagic are the base64 forms of the first bytes of PNG, JPEG,
// GIF, WebP, PDF and SVG files.
var sanitizeImageMagic = []string{"iVBORw0KGgo", "/9j/", "R0lGOD", "UklGR", "JVBERi0", "PHN2Zy", "PD94bWwg", "AAAAIGZ0eXA", "Qk0"}

// sanitizeIsImageData reports whether run is base64 of an image.
func sanitizeIsImageData(run string) bool {
	for _, m := range sanitizeImageMagic {
		if strings.HasPrefix(run, m) && len(run) >= 64 {
			return true
		}
	}
	return false
}

// sanitizeFindSlashLogin finds the password of an Oracle-style connect
// string, "user/password@host:1521/service" or "sqlplus user/password@tns":
// a name at a word start, "/", a value without spaces or slashes, "@" and
// a host name that ends the word or goes on with ":" or "/".
func sanitizeFindSlashLogin(text, _ string) [][]int {
	var out [][]int
	for i := 0; i < len(text); {
		at := strings.IndexByte(text[i:], '@')
		if at < 0 {
			break
		}
		at += i
		i = at + 1
		slash := at - 1
		for slash >= 0 && text[slash] != '/' && !sanitizeIsSpaceOrQuote(text[slash]) && text[slash] != '@' {
			slash--
		}
		if slash < 1 || text[slash] != '/' || slash+1 == at {
			continue
		}
		user := slash
		for user > 0 && (sanitizeIsWordByte(text[user-1]) || text[user-1] == '$' || text[user-1] == '#') {
			user--
		}
		if user == slash || (user > 0 && !sanitizeIsSpaceOrQuote(text[user-1]) && text[user-1] != '=' && text[user-1] != '(') {
			continue // a URL path or a file name, not a login
		}
		host := at + 1
		for host < len(text) && (sanitizeIsWordByte(text[host]) || text[host] == '.' || text[host] == '-') {
			host++
		}
		if host == at+1 || (host < len(text) && !sanitizeIsSpaceOrQuote(text[host]) && strings.IndexByte(":/;,)]}>", text[host]) < 0) {
			continue
		}
		out = append(out, []int{slash + 1, at, slash + 1, at})
	}
	return out
}

// sanitizeIsSpaceOrQuote reports whether c is whitespace or a quote.
func sanitizeIsSpaceOrQuote(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '"' || c == '\'' || c == '`'
}
