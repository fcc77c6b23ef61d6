package cgruntime

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// SanitizeDefaultLimit is the byte cap SanitizeText applies, including the
// truncation marker. It keeps one outside string from dominating an error
// object that many clients show in full.
const SanitizeDefaultLimit = 2048

// RedactedMarker replaces every secret-shaped value the sanitizer finds.
const RedactedMarker = "[REDACTED]"

// TruncatedMarker ends every text the sanitizer had to shorten, so a reader
// (human or model) knows the text is incomplete rather than whole.
const TruncatedMarker = "…[truncated]"

const (
	// sanitizeShortMarker stands in for TruncatedMarker when the limit is too
	// small to hold it; below its own size no marker is added at all.
	sanitizeShortMarker = "…"

	// sanitizeInjectionPlaceholder replaces prompt-injection markers.
	// Replacing instead of deleting keeps the halves around a marker apart,
	// so deleting "<|im_<|im_end|>start|>" cannot assemble a new marker.
	sanitizeInjectionPlaceholder = "[filtered]"

	// sanitizeWindowFactor and sanitizeWindowMargin size the inspection
	// window: limit*factor+margin bytes. The slack lets removals and
	// redactions shrink the text and still leave limit bytes of content,
	// while the cost of a call stays proportional to the limit, not to the
	// input.
	sanitizeWindowFactor = 4
	sanitizeWindowMargin = 256

	// sanitizeKeyLimit caps evidence keys, which are names, not prose.
	sanitizeKeyLimit = 256

	// sanitizeMaxDepth and sanitizeMaxElements bound SanitizeEvidence, so a
	// deep, wide or cyclic value cannot make it recurse or copy without end.
	sanitizeMaxDepth    = 10
	sanitizeMaxElements = 256
)

// SanitizeText returns s made safe to place in an error object, capped at
// SanitizeDefaultLimit bytes. See SanitizeTextLimit for what it does.
func SanitizeText(s string) string {
	return SanitizeTextLimit(s, SanitizeDefaultLimit)
}

// SanitizeTextLimit returns s made safe to place in an error object, at most
// limit bytes long (limit <= 0 means SanitizeDefaultLimit). In order, it:
//
//  1. inspects only the first limit*4+256 bytes (cut at a rune boundary);
//     when the input is longer, the output always ends with the truncation
//     marker, and a partial word at the cut is dropped because it may be the
//     start of a secret whose shape is only recognisable in full;
//  2. replaces invalid UTF-8 with U+FFFD (one per run of bad bytes) and
//     removes control characters other than newline and tab, every
//     Unicode format character (bidi controls, zero-width characters, the
//     byte order mark, tag characters) and the other default-ignorable
//     code points (combining grapheme joiner, Hangul fillers, variation
//     selectors);
//  3. matches the rules below in a folded view of the text, in which
//     fullwidth, mathematical, Cyrillic and Greek look-alikes of ASCII,
//     Unicode dashes, spaces, colons and quotes, percent escapes and JSON
//     escapes read as the ASCII they stand for, and combining marks after
//     an ASCII letter or digit vanish; what a rule finds is replaced in
//     the text itself, which keeps its own characters;
//  4. replaces prompt-injection markers ("ignore previous instructions",
//     "ignore the instructions above", "<|im_start|>", "[INST]",
//     "<<SYS>>", "</s>", "<system>", "### system:", "system prompt:",
//     "Human:"/"Assistant:"/"System:" at a line start, "SYSTEM:" and
//     similar) with the neutral text "[filtered]";
//  5. replaces secret-shaped values with RedactedMarker: PEM private key
//     blocks (to the end of the window when END is missing) and PEM
//     bodies without their header, PuTTY key files, the values of
//     Authorization, Proxy-Authorization, X-Api-Key, X-Auth-Token,
//     X-Vault-Token, X-Goog-Api-Key, other X-…-Token/Key/Secret, Cookie and
//     Set-Cookie lines, the userinfo of URLs (scheme and host stay), the
//     path of Slack and Discord webhook URLs, secret-named JSON members and
//     query, form, logfmt, environment or YAML parameters ("password",
//     "api_key", "access_token", "client_secret", "signature", "sig",
//     "key", "auth", "session", "AccountKey", ... including qualified
//     names such as "aws_secret_access_key", with spaces around "=" or
//     after ":"), passwords on mysql, redis-cli and sshpass command lines
//     and after --password, Bearer and Basic credentials, provider keys
//     (sk-, sk_live_, rk_live_, ghp_/gho_/ghu_/ghs_/ghr_, github_pat_,
//     glpat-, xoxb-/xoxp-/xoxa-/xoxr-, xapp-, AKIA/ASIA, AIza, ya29., npm_,
//     hf_, hvs., SG., and others), JWTs (also split by spaces or line
//     breaks), and base64 whose decoded text holds any of these; names,
//     schemes and quotes around a value stay;
//  6. caps the result at limit bytes, ending it with TruncatedMarker ("…"
//     when limit is under 14 bytes, nothing when it is under 3).
//
// Redaction runs before the cap, so a secret cut by the cap cannot leak its
// prefix. The output is valid UTF-8, and sanitizing it again with the same
// limit returns it unchanged.
func SanitizeTextLimit(s string, limit int) string {
	if limit <= 0 {
		limit = SanitizeDefaultLimit
	}
	text, cut := sanitizeWindow(s, limit)
	text = sanitizeNormalize(text)
	if cut {
		text = sanitizeDropPartialToken(text)
	}
	text = sanitizeApply(text, sanitizeAllRules())
	return sanitizeTruncate(text, limit, cut)
}

// sanitizeWindowSize is the number of input bytes a call with this limit
// inspects, saturating instead of overflowing for huge limits.
func sanitizeWindowSize(limit int) int {
	if limit > (math.MaxInt-sanitizeWindowMargin)/sanitizeWindowFactor {
		return math.MaxInt
	}
	return limit*sanitizeWindowFactor + sanitizeWindowMargin
}

// sanitizeWindow returns the part of s that will be inspected and whether
// anything was cut off. The cut backs up to a rune start so that a valid
// character is never split into invalid bytes.
func sanitizeWindow(s string, limit int) (string, bool) {
	size := sanitizeWindowSize(limit)
	if len(s) <= size {
		return s, false
	}
	cut := size
	for cut > size-utf8.UTFMax && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut], true
}

// sanitizeDropPartialToken removes the trailing run of bytes that can form
// part of a secret (letters, digits and the punctuation of tokens, URLs and
// base64). It runs only after the window cut, where that run may be the
// first half of a key too short to be recognised on its own.
func sanitizeDropPartialToken(s string) string {
	end := len(s)
	for end > 0 && sanitizeIsTokenByte(s[end-1]) {
		end--
	}
	return s[:end]
}

// sanitizeIsTokenByte reports whether b can occur inside a credential.
func sanitizeIsTokenByte(b byte) bool {
	switch {
	case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9':
		return true
	}
	return strings.IndexByte("-_+/=.~:%@!$*", b) >= 0
}

// sanitizeNormalize replaces invalid UTF-8 and removes invisible or
// controlling characters. It runs before pattern matching so that a
// zero-width space cannot hide a secret or an injection phrase from the
// patterns. Kept text is copied in runs, not character by character.
func sanitizeNormalize(s string) string {
	if sanitizeIsPlain(s) {
		return s
	}
	var b strings.Builder
	kept, inBadRun := 0, false // s[kept:i] is waiting to be copied
	for i := 0; i < len(s); {
		if c := s[i]; c >= 0x20 && c < 0x7f {
			i, inBadRun = i+1, false // printable ASCII: kept
			continue
		}
		size, bad, drop := sanitizeClassify(s, i)
		if drop {
			if b.Cap() == 0 {
				b.Grow(len(s)) // the first removal: the text needs a copy after all
			}
			b.WriteString(s[kept:i])
			if bad && !inBadRun {
				b.WriteRune(utf8.RuneError)
			}
			kept = i + size
		}
		inBadRun = bad
		i += size
	}
	if b.Cap() == 0 {
		return s // nothing removed (accented prose, say): no copy
	}
	b.WriteString(s[kept:])
	return b.String()
}

// sanitizeClassify returns the size of the character at s[i], whether it is
// an invalid byte (bad), and whether it must go (drop, true for bad too).
func sanitizeClassify(s string, i int) (size int, bad, drop bool) {
	if c := s[i]; c < utf8.RuneSelf {
		return 1, false, (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size == 1 {
		return 1, true, true
	}
	return size, false, sanitizeIsRemovedRune(r)
}

// sanitizeIsPlain reports whether s is printable ASCII, newlines and tabs
// only: the common case, which needs no copy.
func sanitizeIsPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 0x20 && c != '\n' && c != '\t') || c >= 0x7f {
			return false
		}
	}
	return true
}

// sanitizeIsRemovedRune reports whether r is a control character (C0 other
// than newline and tab, DEL, C1) or a format character (category Cf: bidi
// embeddings, overrides and isolates, LRM/RLM/ALM, zero-width space and
// joiners, word joiner, BOM, soft hyphen, tag characters). All of these are
// invisible or reorder text, which is how hostile text hides what it says.
func sanitizeIsRemovedRune(r rune) bool {
	if r == '\n' || r == '\t' {
		return false
	}
	return unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r) || sanitizeIsIgnorable(r)
}

// sanitizeIsIgnorable reports the default-ignorable code points outside
// category Cf, which render as nothing yet split a word for a pattern: the
// combining grapheme joiner, the Hangul fillers, the Khmer inherent
// vowels, the Mongolian and other variation selectors, and the braille
// blank.
func sanitizeIsIgnorable(r rune) bool {
	switch {
	case r == 0x034F, r == 0x115F, r == 0x1160, r == 0x17B4, r == 0x17B5, r == 0x3164, r == 0xFFA0, r == 0x2800:
		return true
	case r >= 0x180B && r <= 0x180F, r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF:
		return true
	}
	return false
}

// sanitizeLowerASCII lowercases ASCII letters only. Byte offsets stay the
// same, so a match found in the lowercase copy marks the same span of the
// original, and case-insensitive patterns can be plain lowercase literals.
func sanitizeLowerASCII(s string) string {
	i := 0
	for i < len(s) && (s[i] < 'A' || s[i] > 'Z') {
		i++
	}
	if i == len(s) {
		return s // nothing to lower: no copy
	}
	// One allocation, filled through a buffer on the stack with a table
	// lookup per byte: converting to []byte and back would copy the text
	// twice, and a test and branch per byte is slower on mixed-case text.
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	var buf [512]byte
	for i < len(s) {
		chunk := s[i:min(len(s), i+len(buf))]
		out := buf[:len(chunk)]
		for k := range out {
			out[k] = sanitizeLowerTable[chunk[k]]
		}
		b.Write(out)
		i += len(chunk)
	}
	return b.String()
}

// sanitizeLowerTable maps each byte to itself, ASCII upper-case letters
// to their lower case.
var sanitizeLowerTable = func() (t [256]byte) {
	for c := range 256 {
		t[c] = sanitizeLowerByte(byte(c))
	}
	return t
}()

// sanitizeRule is one kind of secret or injection marker. find returns the
// rule's matches in subject (the text, or its lowercase copy when lower is
// set), in order and not overlapping, each as regexp submatch indexes; the
// first capture group that took part is the value. The value is replaced
// by with unless keep says it is harmless, and the rest of the match (a
// parameter name, a scheme, quotes) stays as it was. A rule whose literal
// lit does not occur in subject cannot match and is skipped, which keeps a
// call cheap when the text holds nothing to replace.
type sanitizeRule struct {
	find func(text, subject string) [][]int
	lit  string
	// anyLit, when set, are literals one of which must occur for the rule
	// to match (a rule made of several patterns, subs, whose matches find
	// merges in order; sanitizeApply runs only the subs whose literal
	// occurs).
	anyLit []string
	subs   []sanitizeRule
	lower  bool
	keep   func(value string) bool
	with   string
}

// sanitizeRegexRule builds a rule from a pattern that starts with a
// literal, so the regexp package can skip to candidates with a fast
// substring search. Context that would sit in front of the literal (a word
// boundary) is checked by accept instead.
func sanitizeRegexRule(pattern string, lower bool, accept func(text string, at int) bool,
	keep func(string) bool, with string) sanitizeRule {
	return sanitizeRegexRuleNeed(pattern, lower, accept, nil, keep, with)
}

// sanitizeRegexRuleNeed is sanitizeRegexRule with need, when not nil, a
// cheap test that must hold at the start of every match of the pattern in
// the subject (a necessary condition, not a sufficient one): where it
// fails, the regexp is not run.
func sanitizeRegexRuleNeed(pattern string, lower bool, accept func(text string, at int) bool,
	need func(subject string, at int) bool, keep func(string) bool, with string) sanitizeRule {
	re := regexp.MustCompile(pattern)
	lit, _ := re.LiteralPrefix()
	if lit == "" {
		panic("sanitize: pattern without a literal prefix: " + pattern)
	}
	find := func(text, subject string) [][]int { return sanitizeFindAll(re, lit, accept, need, text, subject) }
	return sanitizeRule{find: find, lit: lit, lower: lower, keep: keep, with: with}
}

// sanitizeFindAll returns the matches of re in subject that accept takes. A
// refused match is searched again from one byte further on, so it cannot
// hide an acceptable match that starts inside it. It asks for one match at
// a time: asking for all at once would redo the whole rest of the text
// after every refusal.
//
// Every match starts with re's literal prefix lit, so the regexp is run
// only from an occurrence of lit where accept (and need) hold: a match
// that starts before it would be refused, and the match found from there
// is the one found from any earlier position, since the pattern looks at
// nothing before its literal. Most occurrences of a rule's literal in
// ordinary text ("x-" inside "fix-billing", "://" of a URL without
// userinfo) so cost a substring search, not a run of the regexp machine.
func sanitizeFindAll(re *regexp.Regexp, lit string, accept func(string, int) bool,
	need func(string, int) bool, text, subject string) [][]int {
	var out [][]int
	for pos := 0; pos < len(subject); {
		pos = sanitizeNextCandidate(lit, accept, need, text, subject, pos)
		if pos < 0 {
			break
		}
		m := re.FindStringSubmatchIndex(subject[pos:])
		if m == nil {
			break
		}
		for i := range m {
			if m[i] >= 0 {
				m[i] += pos
			}
		}
		if !accept(text, m[0]) {
			pos = m[0] + 1
			continue
		}
		out = append(out, m)
		pos = max(m[1], m[0]+1)
	}
	return out
}

// sanitizeNextCandidate returns the first offset from pos on where lit
// occurs in subject and accept and need hold, or -1.
func sanitizeNextCandidate(lit string, accept func(string, int) bool, need func(string, int) bool,
	text, subject string, pos int) int {
	for {
		k := strings.Index(subject[pos:], lit)
		if k < 0 {
			return -1
		}
		at := pos + k
		if accept(text, at) && (need == nil || need(subject, at)) {
			return at
		}
		pos = at + 1
	}
}

// sanitizeSpace matches what may separate the words of an injection
// phrase: ASCII and Unicode spaces (a no-break space does not hide the
// phrase) and the joiners "-", "_", ".", "*", "~", "+" and "/", so that
// "ignore-previous-instructions" and "ignore_all_prior_rules" read as the
// phrase. Zero-width characters are gone before matching, and look-alike
// letters are folded in the view.
const sanitizeSpace = `[\s\p{Zs}_.*~+/-]+`

// sanitizeInjectionTail is what follows the verb of an injection phrase:
// "ignore [all] previous [instructions]", "disregard the above".
const sanitizeInjectionTail = sanitizeSpace +
	`(?:(?:all|any|the|your|of|my|every|these|those)` + sanitizeSpace + `)*` +
	`(?:previous|prior|above|earlier|preceding|foregoing)` +
	`(?:` + sanitizeSpace + sanitizeInjectionNoun + `)?`

// sanitizeInjectionNoun is what an instruction-override phrase tells the
// model to drop.
const sanitizeInjectionNoun = `(?:instructions?|prompts?|messages?|context|rules|directions?|commands?|text` +
	`|guidelines|directives?|polic(?:y|ies)|constraints|restrictions|programming|guardrails|safeguards|orders|training)\b`

// sanitizeInjectionWeakTail is the tail of the other verbs ("skip",
// "drop", …) and targets ("system", "original", …), which also name
// harmless things ("skip previous step", "ignore system proxy"): the noun
// must follow.
const sanitizeInjectionWeakTail = sanitizeSpace +
	`(?:(?:all|any|the|your|of|my|every|these|those)` + sanitizeSpace + `)*` +
	`(?:(?:previous|prior|above|earlier|preceding|foregoing|system|original|initial|existing|former|developer|safety|default|old)` +
	sanitizeSpace + `)+` + sanitizeInjectionNoun

// sanitizeInjectionVerbs tell a model to drop what it was told. The first
// five take the short tail ("ignore previous").
var sanitizeInjectionVerbs = []string{"ignore", "disregard", "forget", "override", "bypass",
	"skip", "discard", "dismiss", "neglect", "abandon", "drop", "erase", "overwrite", "ditch", "throw away", "set aside"}

// sanitizeInjectionRules match, in lowercase, the phrases and chat-template
// tokens that try to steer a model reading the error object: instruction
// overrides, role reassignment, and fake role tags and delimiters. Rule
// sets are compiled on first use, so a program that imports a generated
// package but never sanitizes pays nothing for them at start-up.
var sanitizeInjectionRules = sync.OnceValue(func() []sanitizeRule {
	var rules []sanitizeRule
	for i, verb := range sanitizeInjectionVerbs {
		verb = strings.ReplaceAll(verb, " ", sanitizeSpace)
		if i < 5 {
			rules = append(rules, sanitizeInjection(verb+sanitizeInjectionTail), sanitizeInjection(verb+sanitizeInjectionObject))
		}
		rules = append(rules, sanitizeInjection(verb+sanitizeInjectionWeakTail))
	}
	const sp = sanitizeSpace
	return append(rules,
		// Role reassignment.
		sanitizeInjection(`you(?:'re|`+sp+`are)`+sp+`now`+sp+`(?:a|an|the|my|in|no`+sp+`longer|free|unrestricted|unfiltered|uncensored|jailbroken|dan|evil|root|admin)\b`),
		sanitizeInjection(`from`+sp+`now`+sp+`on,?`+sp+`(?:you|your|act|respond|answer|behave|pretend|ignore|only|always|never|reply)\b`),
		sanitizeInjections(`act|behave|respond|answer|reply|speak`, sp+`as`+sp+
			`(?:if`+sp+`you|though`+sp+`you|(?:an?`+sp+`)?(?:unrestricted|unfiltered|uncensored|jailbroken|evil|rogue|malicious|dan)|my|the`+sp+`(?:system|developer|admin|root))\b`),
		sanitizeInjection(`pretend`+sp+`(?:to`+sp+`be|you(?:'re|`+sp+`are|`+sp+`have)|that`+sp+`you)\b`),
		sanitizeInjection(`role`+sp+`?play(?:ing)?`+sp+`as\b`),
		sanitizeInjection(`roleplay(?:ing)?`+sp+`as\b`),
		sanitizeInjection(`let(?:'s|s|`+sp+`us)`+sp+`(?:play|roleplay|role`+sp+`play)`+sp+`a`+sp+`game\b`),
		sanitizeInjection(`stay`+sp+`in`+sp+`character\b`),
		sanitizeInjections(`developer|dan|god|jailbreak|unrestricted|sudo|evil`, sp+`mode\b`),
		sanitizeInjection(`anything`+sp+`now\b`), // "do anything now"
		sanitizeInjection(`jailbr(?:eak|oken)\b`),
		sanitizeInjection(`your`+sp+`(?:new|real|true|actual|only)`+sp+`(?:role|task|instructions?|persona|goal|objective|purpose|identity|rules|job)\b`),
		sanitizeInjections(`new|updated|real|actual|revised|additional`, sp+`(?:system`+sp+`)?(?:instructions?|rules|prompt|directives?)[ \t]*:`),
		sanitizeInjections(`imagine|suppose|assume`, sp+`(?:that`+sp+`)?you(?:'re|`+sp+`are|`+sp+`were)`+sp+
			`(?:an?`+sp+`)?(?:ai|assistant|model|chatbot|unrestricted|unfiltered|jailbroken|evil|hacker|dan|free|system|root)\b`),
		sanitizeInjection(`longer`+sp+`(?:bound|restricted|limited|constrained)`+sp+`by\b`), // "no longer bound by"
		sanitizeInjections(`without|free of|ignoring`, sp+`(?:any`+sp+`)?(?:ethical|moral|safety|content)`+sp+
			`(?:guidelines|restrictions|filters|limits|rules|constraints|policies)\b`),
		sanitizeInjection(`system`+sp+`(?:override|message[ \t]*:)`),
		sanitizeInjection(`admin`+sp+`override\b`),
		// Fake role tags and delimiters.
		sanitizeInjection(`<</?sys>>`),
		sanitizeInjection(`<\|[a-z_]{1,32}\|>`),
		sanitizeInjection(`</?(?:system|assistant|human|developer|instructions?|system[_-]prompt|system[_-]message|im_start|im_end|start_of_turn|end_of_turn|sys)>`),
		sanitizeInjection(`\[/?(?:inst|system|assistant|sys)\]`),
		sanitizeInjection(`"role"[ \t]*:[ \t]*"(?:system|developer)"`),
		sanitizeTurn(`human`),
		sanitizeTurn(`assistant`),
		sanitizeTurn(`system`),
		sanitizeShouted(`SYSTEM`),
		sanitizeShouted(`HUMAN`),
		sanitizeShouted(`ASSISTANT`),
		sanitizeInjection(`</?s>`),
		sanitizeInjection(`###[ \t]*(?:system|instructions?|assistant|user|human|response)[ \t]*:`),
		sanitizeInjection(`system[ \t]+prompt[ \t]*:`),
	)
})

// sanitizeInjectionObject is the other order of an injection phrase: the
// instructions first, then where they were ("ignore the instructions
// above", "disregard all rules given before this"), or "all" and the
// instructions ("ignore all instructions").
const sanitizeInjectionObject = sanitizeSpace +
	`(?:(?:(?:all|any|the|your|my|these|those|of)` + sanitizeSpace + `)*` +
	`(?:instructions?|prompts?|messages?|rules|directions?|commands?|everything|context|text)` + sanitizeSpace +
	`(?:(?:given|written|stated)` + sanitizeSpace + `)?` +
	`(?:above|before(?:` + sanitizeSpace + `this)?|earlier|previously|so` + sanitizeSpace + `far)` +
	`|(?:all|any)` + sanitizeSpace + `(?:(?:of` + sanitizeSpace + `)?(?:the|your|my)` + sanitizeSpace + `)?` +
	`(?:instructions|prompts|rules|directions))`

// sanitizeTurn builds a rule for a chat turn label at the start of a line
// ("Human:", "Assistant:", "System:"), which would start a new turn in a
// transcript-style prompt.
func sanitizeTurn(word string) sanitizeRule {
	return sanitizeRegexRule(`(`+word+`[ \t]*:)`, true, sanitizeAtLineStart, sanitizeKeepNothing,
		sanitizeInjectionPlaceholder)
}

// sanitizeShouted builds a rule for an upper-case role label anywhere
// ("SYSTEM: obey"), which prose does not write.
func sanitizeShouted(word string) sanitizeRule {
	return sanitizeRegexRule(`(`+word+`[ \t]*:)`, false, sanitizeAtWordStart, sanitizeKeepNothing,
		sanitizeInjectionPlaceholder)
}

// sanitizeAtLineStart accepts a match preceded on its line only by
// spaces, tabs or quote markers.
func sanitizeAtLineStart(text string, at int) bool {
	for at > 0 {
		switch text[at-1] {
		case ' ', '\t', '>':
			at--
		case '\n', '\r':
			return true
		default:
			return false
		}
	}
	return true
}

// sanitizeInjections builds one rule from several patterns that differ
// only in their first word: each alternative of alts (separated by "|",
// spaces standing for sanitizeSpace) followed by rest. Each pattern keeps a
// literal prefix, so the rule skips the text quickly, and its matches are
// merged in order.
func sanitizeInjections(alts, rest string) sanitizeRule {
	var subs []sanitizeRule
	for _, alt := range strings.Split(alts, "|") {
		subs = append(subs, sanitizeInjection(strings.ReplaceAll(alt, " ", sanitizeSpace)+rest))
	}
	find := func(text, subject string) [][]int {
		var out [][]int
		for _, r := range subs {
			if strings.Contains(subject, r.lit) {
				out = append(out, r.find(text, subject)...)
			}
		}
		slices.SortStableFunc(out, func(a, b []int) int { return a[0] - b[0] })
		return out
	}
	var lits []string
	for _, r := range subs {
		lits = append(lits, r.lit)
	}
	return sanitizeRule{find: find, subs: subs, lit: "", anyLit: lits, lower: true, keep: sanitizeKeepNothing, with: sanitizeInjectionPlaceholder}
}

// sanitizeInjection builds a rule that replaces a whole lowercase match
// with the injection placeholder.
func sanitizeInjection(pattern string) sanitizeRule {
	return sanitizeRegexRule(`(`+pattern+`)`, true, sanitizeAnywhere, sanitizeKeepNothing,
		sanitizeInjectionPlaceholder)
}

// sanitizeSecretParams are the last components of parameter names that carry
// credentials: "api_key", "X-Amz-Signature" and "aws_secret_access_key" end
// in one, "monkey" and "max_tokens" do not.
var sanitizeSecretParams = map[string]bool{
	"apikey": true, "accesstoken": true, "refreshtoken": true, "idtoken": true, "token": true,
	"clientsecret": true, "secret": true, "password": true, "passwd": true, "pwd": true,
	"passphrase": true, "signature": true, "sig": true, "key": true, "accesskey": true,
	"secretkey": true, "privatekey": true, "auth": true, "authorization": true,
	"credential": true, "credentials": true,
	"passcode": true, "session": true, "sessionid": true, "sessid": true, "phpsessid": true,
	"jsessionid": true, "accountkey": true, "sharedaccesskey": true, "connectionstring": true,
	"apitoken": true, "authtoken": true, "bearertoken": true, "sessiontoken": true,
	"securitytoken": true, "otp": true, "pin": true, "mfacode": true,
	"pass": true, "pw": true, "pword": true, "pswd": true, "passwort": true, "creds": true,
	"clientkey": true, "privatetoken": true, "oauthtoken": true, "signingkey": true,
	"encryptionkey": true, "masterkey": true, "tokensecret": true, "accesssecret": true,
	"consumersecret": true, "appsecret": true, "apisecret": true, "webhooksecret": true,
	"sastoken": true, "jwt": true, "secretaccesskey": true, "connstr": true, "cookie": true, "setcookie": true,
}

// sanitizeLooseParams are names too common in prose to be read as secret
// before a colon ("key: users_pkey"); they count only before "=".
var sanitizeLooseParams = map[string]bool{"key": true, "sig": true, "session": true, "pin": true, "auth": true,
	"pass": true, "pw": true, "jwt": true}

// sanitizeSecretMember matches object member names that carry credentials.
// It is narrower than sanitizeSecretParams: in JSON and evidence, bare
// "key" or "auth" name ordinary things too often.
const sanitizeSecretMember = `(?:[\w.-]*[_.-])?` +
	`(?:password|passwd|pwd|pass|passphrase|token|access[_-]?token|refresh[_-]?token|id[_-]?token` +
	`|secret|client[_-]?secret|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key` +
	`|authorization|cookie|credentials?|signature|auth|passcode|session|session[_-]?id|sessid|otp|pin|pw|sig|jwt` +
	`|account[_-]?key|connection[_-]?string)`

// sanitizeSecretMemberPattern tells whether an evidence key is secret-named.
var sanitizeSecretMemberPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^` + sanitizeSecretMember + `$`)
})

// sanitizeRules run in order: rules that recognise a secret by its context
// (a block, a header, a parameter name) first, then rules that recognise it
// by its own shape.
var sanitizeRules = sync.OnceValue(func() []sanitizeRule {
	return []sanitizeRule{
		// PEM private key blocks; a block without END runs to the end of the window.
		sanitizeRegexRule(`(-----BEGIN[A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----(?s:.*?)`+
			`(?:-----END[A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----|\z))`,
			false, sanitizeAnywhere, sanitizeKeepNothing, RedactedMarker),
		sanitizeHeader(`authorization`), // also Proxy-Authorization
		sanitizeHeader(`x-api-key`),
		sanitizeHeader(`x-auth-token`),
		sanitizeHeader(`cookie`), // also Set-Cookie
		sanitizeHeader(`x-vault-token`),
		sanitizeHeader(`x-goog-api-key`),
		// Any other X- header whose name ends in a credential word.
		// It needs a space after the colon, unlike a URL's "x-access-token:pw@".
		sanitizeRegexRule(`x-[a-z0-9-]*(?:token|api-key|apikey|secret|password|signature|credential)[ \t]*:[ \t]+(\S[^\n]*)`,
			true, sanitizeAtWordStart, sanitizeIsPlaceholder, RedactedMarker),
		// Passwords on command lines: mysql -pSECRET, --password SECRET,
		// sshpass -p SECRET, redis-cli -a SECRET.
		sanitizeCommandFlag(`mysql[a-z]*`, `-p`), // also mysqldump, mysqladmin
		sanitizeCommandFlag(`mariadb[a-z-]*`, `-p`),
		sanitizeCommandFlag(`redis-cli`, `-a[ \t]+`),
		sanitizeCommandFlag(`sshpass`, `-p[ \t]*`),
		sanitizeRegexRule(`--(?:password|passwd|pass|token|secret|api-key|apikey|client-secret|auth-token)[ \t]+([^\s'"-][^\s'"]*)`,
			true, sanitizeAnywhere, sanitizeIsPlaceholder, RedactedMarker),
		// Webhook URLs whose path is the credential.
		sanitizeRegexRule(`hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9/_-]+)`,
			true, sanitizeAnywhere, sanitizeIsPlaceholder, RedactedMarker),
		sanitizeRegexRule(`discord(?:app)?\.com/api/webhooks/([A-Za-z0-9/_-]+)`,
			true, sanitizeAnywhere, sanitizeIsPlaceholder, RedactedMarker),
		// PuTTY key files, from the header to the Private-MAC line.
		// The value starts with the key type, so a redacted one does not match again.
		sanitizeRegexRule(`putty-user-key-file-[0-9]+:([ \t]*[a-z0-9-]+(?s:.*?)(?:private-(?:mac|hash):[ \t]*[0-9a-f]*|\z))`,
			true, sanitizeAnywhere, sanitizeIsPlaceholder, RedactedMarker),
		// PEM bodies without their armour: base64 that decodes to the start
		// of a DER private key, and the lines of base64 that continue it.
		{find: sanitizeFindKeyDER, lit: "", keep: sanitizeKeepNothing, with: RedactedMarker},
		// Oracle-style connect strings: user/password@host.
		{find: sanitizeFindSlashLogin, lit: "@", keep: sanitizeIsPlaceholder, with: RedactedMarker},
		// Userinfo in URLs; scheme and host stay. The password may contain "@".
		sanitizeURLCredentials(`://`),
		// The same in JSON whose encoder escapes "/" as "\/", once or more.
		sanitizeURLCredentials(`:\\+/\\+/`),
		// JSON members inside a JSON string, quotes escaped once or more. The
		// value ends at an escaped quote followed by , } or ], so an escaped
		// quote inside the value does not end it early; else at the line end.
		sanitizeRegexRule(`(?m)\\+"`+sanitizeSecretMember+`\\+"\s*:\s*`+
			`(?:\\+"(.*?)(?:\\+"[ \t]*[,}\]]|$)|`+sanitizeBareValue+`)`,
			true, sanitizeAnywhere, sanitizeKeepMemberValue, RedactedMarker),
		{find: sanitizeFindParams, lit: "", lower: true, keep: sanitizeIsPlaceholder, with: RedactedMarker},
		sanitizeScheme(`bearer`),
		sanitizeScheme(`basic`),
		// Provider tokens: the table in sanitize_providers.go.
		{find: sanitizeFindProviders, lit: "", keep: sanitizeKeepNothing, with: RedactedMarker},
		// JWS and JWE compact forms: a base64url JSON header ("eyJ"), then two
		// or more dot-separated parts, any of which a JWS or JWE may leave empty.
		sanitizeShape(`eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*`),
		// The same split by spaces or line breaks, around the dots or
		// inside the first two parts (a wrapped log line); a dot must
		// follow each of those parts, so prose after the token stays
		// (unless the signature is missing, when the next word goes; at
		// the end of the window the second dot may be cut off).
		sanitizeShape(`eyJ[A-Za-z0-9_-]{8,}(?:\s+[A-Za-z0-9_-]+)*\s*\.\s*[A-Za-z0-9_-]+(?:\s+[A-Za-z0-9_-]+)*(?:\s*\.(?:\s*[A-Za-z0-9_-]+)?|\s*\z)`),
	}
})

// sanitizeAllRules is the order SanitizeTextLimit applies rules in:
// injection markers first, so a placeholder, not a joined-up remainder,
// sits where a marker was when secrets are looked for.
var sanitizeAllRules = sync.OnceValue(func() []sanitizeRule {
	rules := append(slices.Clip(sanitizeInjectionRules()), sanitizeRules()...)
	rules = append(rules, sanitizeRule{find: sanitizeFindEncoded, lit: "", keep: sanitizeKeepNothing, with: RedactedMarker})
	rules = append(rules, sanitizeGenericRule)
	sanitizeLiterals.Store(sanitizeIndexLiterals(rules))
	return rules
})

// sanitizeGenericRule redacts tokens no other rule knows by their look
// (sanitizeFindGeneric). It runs last, on what the others left.
var sanitizeGenericRule = sanitizeRule{find: sanitizeFindGeneric, lit: "", keep: sanitizeKeepNothing, with: RedactedMarker}

// sanitizeEncodedMin is the shortest run of base64 that is decoded to be
// looked into: 24 characters hold 18 bytes, shorter than any key shape.
const sanitizeEncodedMin = 24

// sanitizeFindEncoded finds runs of base64 (standard or URL alphabet)
// whose decoded text holds a secret the other rules recognise, such as
// base64 of "sk-…" or of "password=…". It decodes each run once and does
// not look into base64 inside the decoded text.
func sanitizeFindEncoded(text, _ string) [][]int {
	var out [][]int
	for i := 0; i < len(text); {
		if !sanitizeIsBase64Byte(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && sanitizeIsBase64Byte(text[j]) {
			j++
		}
		if j-i >= sanitizeEncodedMin && sanitizeAtWordStart(text, i) {
			out = sanitizeEncodedRun(out, text, i, j)
		}
		i = j
	}
	return out
}

// sanitizeEncodedRun appends the match of the run text[i:j] when it
// decodes to a secret, else of each of its "/"-separated pieces that does:
// a run can be a URL path whose segments are base64.
func sanitizeEncodedRun(out [][]int, text string, i, j int) [][]int {
	if sanitizeDecodesToSecret(text[i:j]) {
		return append(out, []int{i, j, i, j})
	}
	for start := i; start < j; {
		end := strings.IndexByte(text[start:j], '/')
		if end < 0 {
			end = j
		} else {
			end += start
		}
		if end-start >= sanitizeEncodedMin && end-start < j-i && sanitizeDecodesToSecret(text[start:end]) {
			out = append(out, []int{start, end, start, end})
		}
		start = end + 1
	}
	return out
}

// sanitizeIsBase64Byte reports whether b belongs to either base64 alphabet
// or is padding.
func sanitizeIsBase64Byte(b byte) bool { return sanitizeByteClass[b]&sanitizeClassBase64 != 0 }

// sanitizeDecodesToSecret reports whether run, decoded as base64, is text
// in which the secret rules find something to redact.
func sanitizeDecodesToSecret(run string) bool {
	run = strings.TrimRight(run, "=")
	if len(run)%4 == 1 {
		run = run[:len(run)-1]
	}
	if !sanitizeDecodesToPlain(run) {
		return false
	}
	enc := base64.RawStdEncoding
	if strings.ContainsAny(run, "-_") {
		enc = base64.RawURLEncoding
	}
	raw, err := enc.DecodeString(run)
	if err != nil || !utf8.Valid(raw) || !sanitizeIsPlain(string(raw)) {
		return false
	}
	decoded := string(raw)
	return sanitizeApply(decoded, sanitizeRules()) != decoded
}

// sanitizeDecodesToPlain reports whether run (its padding trimmed) is
// base64 in one alphabet whose decoded bytes are all printable ASCII,
// newlines or tabs: what sanitizeDecodesToSecret needs before it looks
// further. It decodes in place, a byte at a time, and stops at the first
// byte that is not text, which for hashes, IDs and random keys comes
// within the first few characters; so a run that cannot hold a secret
// costs neither a full decoding nor an allocation. A character outside
// both alphabets, or characters of both ("+" with "_"), make the decoding
// fail, as encoding/base64 does.
func sanitizeDecodesToPlain(run string) bool {
	var acc, bits uint
	std, url := false, false // saw a character only the standard, or only the URL, alphabet has
	for i := 0; i < len(run); i++ {
		c := run[i]
		var v byte
		switch {
		case 'A' <= c && c <= 'Z':
			v = c - 'A'
		case 'a' <= c && c <= 'z':
			v = c - 'a' + 26
		case '0' <= c && c <= '9':
			v = c - '0' + 52
		case c == '+' || c == '-':
			v, std, url = 62, std || c == '+', url || c == '-'
		case c == '/' || c == '_':
			v, std, url = 63, std || c == '/', url || c == '_'
		default:
			return false
		}
		if std && url {
			return false
		}
		acc, bits = acc<<6|uint(v), bits+6
		if bits >= 8 {
			bits -= 8
			if b := byte(acc >> bits); (b < 0x20 && b != '\n' && b != '\t') || b >= 0x7f {
				return false
			}
		}
	}
	return true
}

// sanitizeHeader builds a rule for a credential-bearing header line, in
// any case: the value runs to the end of the line.
func sanitizeHeader(name string) sanitizeRule {
	return sanitizeRegexRule(name+`[ \t]*:[ \t]*(\S[^\n]*)`,
		true, sanitizeAtWordStart, sanitizeIsPlaceholder, RedactedMarker)
}

// sanitizeCommandFlag builds a rule for a password given to a command on
// its command line, glued to or after flag, later on the same line.
func sanitizeCommandFlag(command, flag string) sanitizeRule {
	return sanitizeRegexRule(command+`(?:[ \t][^\n]*?)?[ \t]`+flag+`([^\s'"]+)`,
		true, sanitizeAtWordStart, sanitizeIsPlaceholder, RedactedMarker)
}

// sanitizeURLCredentials builds a rule for the userinfo after a URL's
// scheme separator sep; scheme and host stay.
func sanitizeURLCredentials(sep string) sanitizeRule {
	var need func(string, int) bool
	if sep == "://" {
		need = sanitizeHasUserinfoEnd
	}
	return sanitizeRegexRuleNeed(sep+`(`+sanitizeUserinfo+`)@`,
		false, sanitizeAnywhere, need, sanitizeIsPlaceholder, RedactedMarker)
}

// sanitizeHasUserinfoEnd reports whether an "@" follows the "://" at
// subject[at:] before any character that sanitizeUserinfo stops at: the
// "@" that ends userinfo, without which the URL rule cannot match there.
// Most URLs have none, and this spares running the regexp on each.
func sanitizeHasUserinfoEnd(subject string, at int) bool {
	for i := at + len("://"); i < len(subject); i++ {
		switch subject[i] {
		case '@':
			return true
		case '/', '\t', '\n', '\f', '\r', ' ', '?', '#', '"', '\'', '<', '>', '\\':
			return false // the characters sanitizeUserinfo excludes (\s is [\t\n\f\r ])
		}
	}
	return false
}

// sanitizeUserinfo matches the "user:password" of a URL. It stops at
// characters that end a URL in prose, JSON or HTML, so the host survives.
const sanitizeUserinfo = `[^/\s?#@"'<>\\]*:[^/\s?#"'<>\\]*`

// sanitizeBareValue matches an unquoted member value, a number for
// example. It cannot start with "[", so RedactedMarker never matches it.
const sanitizeBareValue = `([a-z0-9_.+/=-]+)`

// sanitizeKeepMemberValue keeps placeholders and the JSON literals null,
// true and false, which say whether a secret was set without revealing it.
func sanitizeKeepMemberValue(v string) bool {
	return sanitizeIsPlaceholder(v) || v == "null" || v == "true" || v == "false"
}

// sanitizeScheme builds a rule for an HTTP authentication scheme word
// followed by a credential, outside a header line.
func sanitizeScheme(word string) sanitizeRule {
	return sanitizeRegexRule(word+`[ \t]+([a-z0-9._~+/-]+=*)`,
		true, sanitizeAtWordStart, sanitizeKeepUnlessCredential, RedactedMarker)
}

// sanitizeShape builds a rule that redacts a whole match: a key recognised
// by its prefix and length, starting a word. The redaction runs on to the
// end of the word, so that no word is left half redacted: the rest would
// start a new word and could match, on a second pass, a rule that refused
// it as part of the longer word. Shape patterns end without a boundary
// test, so a cut value followed by the truncation marker cannot start to
// match where the whole value did not.
func sanitizeShape(pattern string) sanitizeRule {
	return sanitizeRegexRule(`(`+pattern+`[A-Za-z0-9_]*)`,
		false, sanitizeAtWordStart, sanitizeKeepNothing, RedactedMarker)
}

// sanitizeAnywhere accepts a match wherever it starts.
func sanitizeAnywhere(string, int) bool { return true }

// sanitizeAtWordStart accepts a match that does not continue a word, so
// "task-management-…" is not read as an "sk-" key.
func sanitizeAtWordStart(text string, at int) bool {
	return at == 0 || !sanitizeIsWordByte(text[at-1])
}

// sanitizeIsWordByte reports whether b is an ASCII letter, digit or '_'.
func sanitizeIsWordByte(b byte) bool { return sanitizeByteClass[b]&sanitizeClassWord != 0 }

// Classes of bytes in sanitizeByteClass.
const (
	sanitizeClassWord    = 1 << iota // an ASCII letter, digit or '_'
	sanitizeClassBase64              // either base64 alphabet or padding: a word byte, '+', '/', '-' or '='
	sanitizeClassB64                 // the standard base64 alphabet or padding: a word byte but '_', '+', '/' or '='
	sanitizeClassName                // a parameter name's byte: a word byte, '.' or '-'
	sanitizeClassNameSep             // what separates the components of a name: '_', '.' or '-'
	sanitizeClassRunSep              // what separates the segments of a path or a name of words: '/', '-' or '_'
)

// sanitizeByteClass holds the classes of each byte. The scanners test
// every byte of the text for one of them, and a table lookup is cheaper
// than the chain of comparisons it replaces.
var sanitizeByteClass = func() (t [256]uint8) {
	for c := range 256 {
		b := byte(c)
		word := 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_'
		if word {
			t[c] |= sanitizeClassWord | sanitizeClassName
		}
		if word || b == '+' || b == '/' || b == '-' || b == '=' {
			t[c] |= sanitizeClassBase64
		}
		if word && b != '_' || b == '+' || b == '/' || b == '=' {
			t[c] |= sanitizeClassB64
		}
		if b == '.' || b == '-' {
			t[c] |= sanitizeClassName
		}
		if b == '_' || b == '.' || b == '-' {
			t[c] |= sanitizeClassNameSep
		}
		if b == '/' || b == '-' || b == '_' {
			t[c] |= sanitizeClassRunSep
		}
	}
	return t
}()

// sanitizeIndexClass returns the index of the first byte of s in class,
// or -1: strings.IndexAny for a set of bytes that is built once, not at
// every call.
func sanitizeIndexClass(s string, class uint8) int {
	for i := 0; i < len(s); i++ {
		if sanitizeByteClass[s[i]]&class != 0 {
			return i
		}
	}
	return -1
}

// sanitizeLastIndexClass returns the index of the last byte of s in
// class, or -1.
func sanitizeLastIndexClass(s string, class uint8) int {
	for i := len(s) - 1; i >= 0; i-- {
		if sanitizeByteClass[s[i]]&class != 0 {
			return i
		}
	}
	return -1
}

// sanitizeFindParams finds the values of secret-named query, form,
// logfmt, environment and YAML parameters, JSON members and header lines
// in the lowercase subject: "token=…", "password = …", "password: …",
// "\"pw\":\"…\"". A name is secret when its last component is listed in
// sanitizeSecretParams or it is one of the application's keys
// (AddSanitizeRules); a name with a provider keyword as a component
// ("ALGOLIA_APP_ID") makes the value secret when it has that provider's
// shape. It is hand-written because every "=" and ":" is a candidate and
// most belong to harmless names: a regular expression would rescan the
// rest of the text for each of them. After a harmless separator the search
// goes on right after it, so "next=/cb?token=x" still finds the token.
func sanitizeFindParams(text, subject string) [][]int {
	var out [][]int
	t := sanitizeCurrentTable()
	// The next "=" and the next ":" at or after i, each found with
	// strings.IndexByte and searched again only once i has passed it.
	// (strings.IndexAny would build its byte set again for each of the
	// many separators of a log line.)
	nextEq, nextColon := -1, -1
	for i := 0; i < len(subject); {
		if nextEq < i {
			nextEq = sanitizeIndexByteFrom(subject, i, '=')
		}
		if nextColon < i {
			nextColon = sanitizeIndexByteFrom(subject, i, ':')
		}
		eq := min(nextEq, nextColon)
		if eq == len(subject) {
			break
		}
		i = eq + 1
		name, quoted, secret, loose := sanitizeParamName(t, subject, eq)
		if name == "" || !secret && !loose && !sanitizeHasKeyword(t, name) {
			continue
		}
		// A value that is secret by its name only is cut at
		// sanitizeParamShapeMax: a longer one cannot be the token a shape
		// test looks for, and scanning on from every separator would cost
		// quadratic time.
		limit := len(subject)
		if !secret {
			limit = min(limit, eq+1+sanitizeParamShapeMax)
		}
		m := sanitizeParamValue(subject[:limit], eq, quoted)
		if m == nil {
			continue
		}
		if quoted && m[2] == m[0]+1+sanitizeSpaces(subject, eq+1) {
			// A bare JSON value: null, true and false say whether a
			// secret was set without revealing it.
			if v := subject[m[2]:m[3]]; v == "null" || v == "true" || v == "false" {
				continue
			}
		}
		if !secret && !(loose && sanitizeLooksLikeSecretValue(subject[m[2]:m[3]], text[m[2]:m[3]])) {
			n := sanitizeKeywordValue(t, name, text[m[2]:m[3]])
			if n == 0 {
				continue
			}
			m[3] = m[2] + n
			m[1] = max(m[1], m[3])
			if m[1] > m[3] && subject[m[3]-1] != '"' && subject[m[3]-1] != '\'' {
				m[1] = m[3]
			}
		}
		out = append(out, m)
		i = m[1]
	}
	return out
}

// sanitizeIndexByteFrom returns the index of the first c in s at or
// after from, or len(s) when there is none.
func sanitizeIndexByteFrom(s string, from int, c byte) int {
	if k := strings.IndexByte(s[from:], c); k >= 0 {
		return from + k
	}
	return len(s)
}

// sanitizeParamShapeMax bounds the value read after a name that is not
// secret by itself (a loose or a provider-keyword name).
const sanitizeParamShapeMax = 512

// sanitizeSpaces counts the spaces and tabs at subject[i:].
func sanitizeSpaces(subject string, i int) int {
	n := 0
	for i+n < len(subject) && (subject[i+n] == ' ' || subject[i+n] == '\t') {
		n++
	}
	return n
}

// sanitizeParamName returns the name before the separator at subject[eq]
// (spaces, and a closing quote with its escaping backslashes, allowed
// between them), whether it was quoted, and whether it names a secret:
// its last component (or last two, joined: "api_key") is listed in
// sanitizeSecretParams (for ":", not in sanitizeLooseParams either), or
// it is one of the application's keys. The name is "" where the
// separator cannot end a parameter.
//
// A name listed in sanitizeLooseParams before ":" is loose: the value is
// secret only when it looks like one ("pw: hunter2x", not "pass: 3").
func sanitizeParamName(t *sanitizeTable, subject string, eq int) (name string, quoted, secret, loose bool) {
	end := eq
	for end > 0 && (subject[end-1] == ' ' || subject[end-1] == '\t') {
		end--
	}
	if end > 0 && (subject[end-1] == '"' || subject[end-1] == '\'') {
		quoted = true
		end--
		for end > 0 && subject[end-1] == '\\' {
			end--
		}
	}
	start := end
	for start > 0 && sanitizeIsNameByte(subject[start-1]) {
		start--
	}
	name = subject[start:end]
	if name == "" {
		return "", false, false, false
	}
	if subject[eq] == ':' && !quoted {
		if eq+1 >= len(subject) || (subject[eq+1] != ' ' && subject[eq+1] != '\t') {
			return "", false, false, false // YAML puts a space after the colon; "user:pass@" is a URL's
		}
	}
	cut := sanitizeLastIndexClass(name, sanitizeClassNameSep)
	last := name[cut+1:]
	if cut > 0 {
		// "api_key", "session_id": the last two components as one word.
		prev := name[sanitizeLastIndexClass(name[:cut], sanitizeClassNameSep)+1 : cut]
		if joined := prev + last; sanitizeSecretParams[joined] {
			last = joined
		}
	}
	secret = sanitizeSecretParams[last] && (subject[eq] == '=' || !sanitizeLooseParams[last]) ||
		sanitizeHasSecretSuffix(last)
	loose = !secret && sanitizeLooseParams[last]
	if !secret && len(t.userKeys) > 0 {
		secret = sanitizeIsUserKey(t, name)
	}
	return name, quoted, secret, loose
}

// sanitizeSecretSuffixes end names that run a qualifier into a secret word
// without a separator: "PGPASSWORD", "dbpasswd", "csrftoken".
var sanitizeSecretSuffixes = []string{"password", "passwd", "secret", "apikey", "token"}

// sanitizeHasSecretSuffix reports whether a name component ends in one of
// sanitizeSecretSuffixes after at least two more letters.
func sanitizeHasSecretSuffix(name string) bool {
	for _, s := range sanitizeSecretSuffixes {
		if len(name) >= len(s)+2 && strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// sanitizeLooksLikeSecretValue reports whether the value after a loose
// name and ":" reads as a credential: six characters or more, with a
// digit, a token symbol or an inner capital, and no space. lower is the
// value lowercased, value as written.
func sanitizeLooksLikeSecretValue(lower, value string) bool {
	return len(value) >= 6 && !sanitizeIsPlaceholder(value) && sanitizeLooksLikeCredential(value) &&
		lower != "required" && !strings.HasPrefix(lower, "http")
}

// sanitizeIsUserKey reports whether the lowercase name is, or ends in, one
// of the application's secret keys.
func sanitizeIsUserKey(t *sanitizeTable, name string) bool {
	if t.userKeys[name] {
		return true
	}
	stripped := sanitizeStripSeparators(name)
	for k := range t.userKeys {
		if strings.HasSuffix(stripped, k) {
			return true
		}
	}
	return false
}

// sanitizeIsNameByte reports whether b can be part of a parameter name.
func sanitizeIsNameByte(b byte) bool { return sanitizeByteClass[b]&sanitizeClassName != 0 }

// sanitizeParamValue returns the match of the value after the separator
// at subject[eq], spaces skipped: quoted (the quote may be escaped) or
// bare (up to &, ;, a comma, whitespace or a quote; for a quoted name
// also up to } and ]), or nil when a bare value is empty.
func sanitizeParamValue(subject string, eq int, quotedName bool) []int {
	open := eq + 1
	for open < len(subject) && (subject[open] == ' ' || subject[open] == '\t') {
		open++
	}
	start := open
	for open < len(subject) && subject[open] == '\\' {
		open++
	}
	if open < len(subject) && (subject[open] == '"' || subject[open] == '\'') {
		return sanitizeQuotedValue(subject, eq, open, open > start)
	}
	stops := "&;,\"' \t\n\r"
	if quotedName {
		stops = "&;,\"' \t\n\r}]\\"
	}
	end := start
	for end < len(subject) && strings.IndexByte(stops, subject[end]) < 0 {
		end++
	}
	if end == start || (subject[eq] == ':' && subject[start] == '/') {
		return nil // nothing, or a URL's "//"
	}
	return []int{eq, end, start, end}
}

// sanitizeQuotedValue returns the match of a value whose quote opens at
// subject[open]. It runs to the closing quote or, when that is missing
// (the window cut it off), to the end of the line; backslashes that escape
// the closing quote stay outside the value. When the opening quote is not
// escaped itself, an escaped quote inside the value does not close it.
func sanitizeQuotedValue(subject string, eq, open int, escapedOpen bool) []int {
	quote := subject[open]
	end := open + 1
	for end < len(subject) && subject[end] != '\n' {
		if subject[end] == '\\' && !escapedOpen && end+1 < len(subject) && subject[end+1] != '\n' {
			end += 2
			continue
		}
		if subject[end] == quote {
			break
		}
		end++
	}
	end = min(end, len(subject))
	closing := end
	if end < len(subject) && subject[end] == quote {
		closing++
	}
	valueEnd := end
	for valueEnd > open+1 && subject[valueEnd-1] == '\\' {
		valueEnd--
	}
	return []int{eq, closing, open + 1, valueEnd}
}

// sanitizeApply applies rules in order, each to the result of the last.
// Rules match in a folded view of the text (see sanitizeFold); what they
// find is replaced in the text itself.
//
// The view and the prefilter are built once. The prefilter is one pass of
// the literal index over the lowercase view that records which rule
// literals occur; a rule whose literal does not occur is skipped without
// looking at the text again, so most rules cost nothing on text that holds
// nothing for them. A replacement splices the view instead of folding the
// whole text again, and looks for literals only where it wrote; the
// lowercase view is built again only when a later rule needs it.
func sanitizeApply(text string, rules []sanitizeRule) string {
	x := sanitizeLiterals.Load()
	v := sanitizeFold(text)
	var seen sanitizeLiteralSet
	x.scan(v.lowered(), 0, len(v.text), &seen)
	for _, rule := range rules {
		if !x.mayHold(&seen, rule.lit) || !x.mayHoldAny(&seen, rule.anyLit) {
			continue
		}
		subject := v.text
		if rule.lower {
			subject = v.lowered()
		}
		var matches [][]int
		if rule.subs == nil {
			matches = rule.find(v.text, subject)
		} else {
			for _, sub := range rule.subs {
				if x.mayHold(&seen, sub.lit) {
					matches = append(matches, sub.find(v.text, subject)...)
				}
			}
			slices.SortStableFunc(matches, func(a, b []int) int { return a[0] - b[0] })
		}
		out, nv, wrote := sanitizeReplace(text, &v, matches, rule)
		if wrote == nil {
			continue
		}
		text, v = out, nv
		if k, ok := x.touching(rule.with); ok {
			for _, key := range k {
				seen.add(key)
			}
			continue
		}
		for _, at := range wrote {
			x.scanAround(v.lowered(), at, len(rule.with), &seen)
		}
	}
	return text
}

// sanitizeLiteralIndex finds, in one pass over a lowercase text, which of
// the rules' literals occur in it. Literals are listed by their first two
// bytes, so most positions cost a table lookup or two, and only the
// literals that start with the two bytes at a position are compared there.
type sanitizeLiteralIndex struct {
	lits []string // lowercase
	keys []uint16 // sanitizeLiteralKey of each
	// next[c], for a byte c that starts a literal of two bytes or more,
	// maps the byte after c to the literals that start with the two: an
	// index into byPair, 0 for none.
	next   [256]*[256]uint8
	byPair [][]int32
	// single[c] says some literals are the single byte c: singles[c].
	single  [256]bool
	singles [256][]int32
	known   sanitizeLiteralSet // keys of lits
	longest int
	// touches holds, for each replacement the rules write, the keys of
	// the literals that can overlap it ("[" and the "act" of
	// "[redacted]"): writing it may create those, and no others.
	touches map[string][]uint16
}

// touching returns the keys of the literals that writing with can
// create, and false when with is not one of the known replacements.
func (x *sanitizeLiteralIndex) touching(with string) ([]uint16, bool) {
	if x == nil {
		return nil, false
	}
	k, ok := x.touches[with]
	return k, ok
}

// sanitizeOverlaps reports whether lit can overlap with, both lowercase:
// whether some shift puts at least one byte of lit on with and every
// such byte equals the byte of with under it.
func sanitizeOverlaps(lit, with string) bool {
	for d := 1 - len(lit); d < len(with); d++ {
		ok := true
		for i := range len(lit) {
			if j := d + i; j >= 0 && j < len(with) && lit[i] != with[j] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// sanitizeLiteralSet is a set of literal keys: a 4,096-bit set indexed by
// sanitizeLiteralKey, small enough to clear for every call. Two literals may share a key; that only makes a
// rule run whose literal is absent, which finds nothing.
type sanitizeLiteralSet [1 << 12 / 64]uint64

func (s *sanitizeLiteralSet) add(k uint16)      { s[k>>6&63] |= 1 << (k & 63) }
func (s *sanitizeLiteralSet) has(k uint16) bool { return s[k>>6&63]&(1<<(k&63)) != 0 }

// sanitizeLiteralKey hashes a literal, lowercased, to 12 bits (FNV-1a).
func sanitizeLiteralKey(lit string) uint16 {
	h := uint32(2166136261)
	for i := 0; i < len(lit); i++ {
		h = (h ^ uint32(sanitizeLowerByte(lit[i]))) * 16777619
	}
	return uint16(h^h>>16) & (1<<12 - 1)
}

// sanitizeLiterals is the index of every built-in rule's literal,
// stored by sanitizeAllRules once it has built the rules. Before that
// (a test applying a rule set of its own) it is nil, and every rule runs.
var sanitizeLiterals atomic.Pointer[sanitizeLiteralIndex]

// sanitizeIndexLiterals builds the literal index of rules.
func sanitizeIndexLiterals(rules []sanitizeRule) *sanitizeLiteralIndex {
	x := &sanitizeLiteralIndex{touches: map[string][]uint16{}}
	have := map[string]bool{}
	for _, r := range rules {
		for _, lit := range append([]string{r.lit}, r.anyLit...) {
			lit = sanitizeLowerASCII(lit)
			if lit == "" || have[lit] {
				continue
			}
			have[lit] = true
			k := sanitizeLiteralKey(lit)
			id := int32(len(x.lits))
			x.lits, x.keys = append(x.lits, lit), append(x.keys, k)
			x.known.add(k)
			x.longest = max(x.longest, len(lit))
			if len(lit) == 1 {
				x.single[lit[0]] = true
				x.singles[lit[0]] = append(x.singles[lit[0]], id)
				continue
			}
			if x.next[lit[0]] == nil {
				x.next[lit[0]] = new([256]uint8)
			}
			p := &x.next[lit[0]][lit[1]]
			if *p == 0 {
				if len(x.byPair) == 0 {
					x.byPair = append(x.byPair, nil) // index 0 is "none"
				}
				if len(x.byPair) > math.MaxUint8 {
					panic("sanitize: more literal pairs than the index holds")
				}
				*p = uint8(len(x.byPair))
				x.byPair = append(x.byPair, nil)
			}
			x.byPair[*p] = append(x.byPair[*p], id)
		}
	}
	for _, with := range []string{RedactedMarker, sanitizeInjectionPlaceholder} {
		x.touches[with] = []uint16{}
		for k, lit := range x.lits {
			if sanitizeOverlaps(lit, sanitizeLowerASCII(with)) {
				x.touches[with] = append(x.touches[with], x.keys[k])
			}
		}
	}
	return x
}

// scan adds to seen the key of every literal that starts in
// lower[from:to] (it may end past to).
func (x *sanitizeLiteralIndex) scan(lower string, from, to int, seen *sanitizeLiteralSet) {
	if x == nil {
		return
	}
	to = min(to, len(lower))
	for i := from; i < to; i++ {
		c := lower[i]
		if x.single[c] {
			for _, k := range x.singles[c] {
				seen.add(x.keys[k])
			}
		}
		next := x.next[c]
		if next == nil || i+1 >= len(lower) {
			continue
		}
		for _, k := range x.byPair[next[lower[i+1]]] {
			if !seen.has(x.keys[k]) && strings.HasPrefix(lower[i:], x.lits[k]) {
				seen.add(x.keys[k])
			}
		}
	}
}

// scanAround adds to seen the literals that overlap lower[at:at+n], the
// only ones a replacement written there can have made.
func (x *sanitizeLiteralIndex) scanAround(lower string, at, n int, seen *sanitizeLiteralSet) {
	if x != nil {
		x.scan(lower, max(0, at-x.longest+1), at+n, seen)
	}
}

// mayHold reports whether lit may occur in a text whose literals are
// seen: true for the empty literal and for one the index does not know.
func (x *sanitizeLiteralIndex) mayHold(seen *sanitizeLiteralSet, lit string) bool {
	if lit == "" || x == nil {
		return true
	}
	k := sanitizeLiteralKey(lit)
	return seen.has(k) || !x.known.has(k)
}

// mayHoldAny reports whether lits is empty or one of them may occur.
func (x *sanitizeLiteralIndex) mayHoldAny(seen *sanitizeLiteralSet, lits []string) bool {
	for _, l := range lits {
		if x.mayHold(seen, l) {
			return true
		}
	}
	return len(lits) == 0
}

// sanitizeLowerByte lowercases an ASCII letter.
func sanitizeLowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + ('a' - 'A')
	}
	return c
}

// sanitizeReplace replaces the value of every match that keep rejects.
// Matches are spans of the view v; they are mapped back onto text. It
// returns the new text, its view and the view offsets where rule.with was
// written, or a nil slice when nothing changed.
//
// The new view is v with the same splices, not a fold of the new text:
// the two are equal. A replaced span starts and ends at characters the
// view folded whole (escapes and look-alikes never straddle it), and
// rule.with starts with "[" and ends with "]", which neither continue an
// escape before the span nor make a combining mark after it vanish (one
// that vanished after the value is part of the span).
func sanitizeReplace(text string, v *sanitizeView, matches [][]int, rule sanitizeRule) (string, sanitizeView, []int) {
	var tb, vb strings.Builder
	var offs []int32
	var wrote []int
	// folded says the view differs from the text; when it does not (offs
	// nil, most text), the new view's text is the new text, so it is not
	// built a second time.
	folded := v.offs != nil
	last, lastV := 0, 0 // text[last:] and v's [lastV:] are not copied yet
	for _, m := range matches {
		vs, ve := sanitizeValueSpan(m)
		if vs < 0 || rule.keep(v.text[vs:ve]) {
			continue
		}
		start, end := v.source(vs), v.source(ve)
		if start < last {
			continue
		}
		if wrote == nil {
			// Room for every match replaced, so that text dense with
			// short secrets does not regrow the buffers again and again.
			grow := len(matches) * len(rule.with)
			tb.Grow(len(text) + grow)
			if folded {
				vb.Grow(len(v.text) + grow)
				offs = make([]int32, 0, len(v.offs)+grow)
			}
			wrote = make([]int, 0, len(matches))
		}
		tb.WriteString(text[last:start])
		if folded {
			shift := int32(tb.Len() - start)
			for _, o := range v.offs[lastV:vs] {
				offs = append(offs, o+shift)
			}
			for k := range len(rule.with) {
				offs = append(offs, int32(tb.Len()+k))
			}
			vb.WriteString(v.text[lastV:vs])
			wrote = append(wrote, vb.Len())
			vb.WriteString(rule.with)
		} else {
			wrote = append(wrote, tb.Len())
		}
		tb.WriteString(rule.with)
		last, lastV = end, ve
	}
	if wrote == nil {
		return text, *v, nil
	}
	if folded {
		shift := int32(tb.Len() - last)
		for _, o := range v.offs[lastV:] {
			offs = append(offs, o+shift)
		}
		vb.WriteString(v.text[lastV:])
	}
	tb.WriteString(text[last:])
	nv := sanitizeView{text: tb.String(), offs: offs, lowerStale: true}
	if folded {
		nv.text = vb.String()
	}
	return tb.String(), nv, wrote
}

// sanitizeValueSpan returns the span of the first capture group that took
// part in a match, or -1, -1 when none did.
func sanitizeValueSpan(m []int) (int, int) {
	for i := 2; i+1 < len(m); i += 2 {
		if m[i] >= 0 {
			return m[i], m[i+1]
		}
	}
	return -1, -1
}

// sanitizeKeepNothing is the keep function of rules whose every match is a
// secret.
func sanitizeKeepNothing(string) bool { return false }

// sanitizeIsPlaceholder reports whether a value is made only of what the
// sanitizer itself writes: RedactedMarker, TruncatedMarker, "…", pieces of
// them that the length cap leaves, and the quotes and backslashes that
// close a quoted value. Such a value holds no secret, and keeping it is
// what makes sanitizing twice give the same text: the cap can cut a kept
// value anywhere and append its marker, and the result is again of this
// form. The empty value is a placeholder too.
func sanitizeIsPlaceholder(v string) bool {
	for v != "" {
		n := max(sanitizeCommonPrefix(v, RedactedMarker), sanitizeCommonPrefix(v, TruncatedMarker))
		if n == 0 && strings.IndexByte(`"'\`, v[0]) >= 0 {
			n = 1
		}
		if n == 0 && v[0] == '%' {
			// What the cap leaves of a percent escape in front of a value.
			n = 1
			if _, hex := sanitizeHexDigit(v[min(1, len(v)-1)]); hex && len(v) > 1 {
				n = 2
			}
		}
		if n == 0 {
			return false
		}
		v = v[n:]
	}
	return true
}

// sanitizeCommonPrefix returns how many leading bytes a and b share.
func sanitizeCommonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// sanitizeKeepUnlessCredential keeps the word after "Bearer" or "Basic"
// when it reads as prose ("Bearer token required", "Basic authentication")
// rather than a credential.
func sanitizeKeepUnlessCredential(v string) bool {
	return sanitizeIsPlaceholder(v) || !sanitizeLooksLikeCredential(v)
}

// sanitizeLooksLikeCredential reports whether v is long, or has a digit, a
// token symbol, or an upper-case letter after its first character, as
// opaque tokens and base64 do and English words do not. The test only gets
// weaker on a prefix of v, so a value the length cap shortens is never
// redacted when the whole value was not.
func sanitizeLooksLikeCredential(v string) bool {
	if len(v) >= 20 {
		return true
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case '0' <= c && c <= '9', strings.IndexByte("+/._~-", c) >= 0:
			return true
		case i > 0 && 'A' <= c && c <= 'Z':
			return true
		}
	}
	return false
}

// sanitizeTruncate caps text at limit bytes. force adds the marker even to
// a text that fits, because the window cut dropped input after it.
func sanitizeTruncate(text string, limit int, force bool) string {
	if !force && len(text) <= limit {
		return text
	}
	marker := sanitizeMarkerFor(limit)
	keep := min(len(text), limit-len(marker))
	for keep < len(text) && keep > 0 && !utf8.RuneStart(text[keep]) {
		keep--
	}
	return text[:sanitizeCutGeneric(text, keep)] + marker
}

// sanitizeCutGeneric moves a cut at text[keep] that falls inside a run of
// token characters to the run's start when the part that would remain
// reads as a secret to the generic rule: the whole run did not, but a
// prefix can, and sanitizing the output again must not change it.
func sanitizeCutGeneric(text string, keep int) int {
	if keep == 0 || keep >= len(text) || !sanitizeIsGenericByte(text[keep]) || !sanitizeIsGenericByte(text[keep-1]) {
		return keep
	}
	start := keep
	for start > 0 && sanitizeIsGenericByte(text[start-1]) {
		start--
	}
	from := max(0, start-32)
	v := sanitizeFold(text[from:keep])
	for _, m := range sanitizeFindGeneric(v.text, "") {
		if v.source(m[1]) == keep-from {
			return from + v.source(m[0])
		}
	}
	return keep
}

// sanitizeMarkerFor returns the longest truncation marker that fits in limit.
func sanitizeMarkerFor(limit int) string {
	switch {
	case limit >= len(TruncatedMarker):
		return TruncatedMarker
	case limit >= len(sanitizeShortMarker):
		return sanitizeShortMarker
	}
	return ""
}

// SanitizeEvidence returns a sanitized deep copy of v for an error object's
// evidence member; v itself is not modified, and nil gives nil.
//
// Every key is sanitized (capped at 256 bytes) and every string value is
// sanitized with SanitizeText. Values of any Go type are read as the JSON
// they encode to: map[string]any, []any, map[string]string and []string
// directly; other maps (http.Header, url.Values), slices, arrays, structs
// (exported fields under their JSON names), pointers and interfaces by
// reflection, into map[string]any and []any; json.RawMessage and other
// json.Marshaler values through the JSON they hold; []byte as text; errors
// as their message. Under a secret-named key ("password", "api_key",
// "auth", "session", "passcode", "authorization", ...), at any depth
// below it, every string and number becomes RedactedMarker, since a bare
// password has no recognisable shape; booleans and null stay.
//
// Work is bounded: containers nested more than 10 levels deep become
// TruncatedMarker (which also ends a cycle), and after 256 entries in
// total the rest are dropped; a map that lost entries gets a
// TruncatedMarker key holding how many, a slice gets TruncatedMarker as
// its last element. Keys are visited in sorted order, so which entries
// survive is deterministic; when two keys sanitize to the same text, the
// first in that order wins.
func SanitizeEvidence(v map[string]any) map[string]any {
	if v == nil {
		return nil
	}
	budget := sanitizeMaxElements
	return sanitizeEntries(v, 0, false, &budget, sanitizeValue)
}

// sanitizeValue sanitizes one evidence value found depth levels down.
// secret tells whether a secret-named key encloses it.
func sanitizeValue(v any, depth int, secret bool, budget *int) any {
	switch x := v.(type) {
	case string:
		return sanitizeEvidenceString(x, secret)
	case map[string]any:
		if x == nil || depth > sanitizeMaxDepth {
			return sanitizeTooDeep(x == nil, v)
		}
		return sanitizeEntries(x, depth, secret, budget, sanitizeValue)
	case []any:
		if x == nil || depth > sanitizeMaxDepth {
			return sanitizeTooDeep(x == nil, v)
		}
		return sanitizeAnySlice(x, depth, secret, budget)
	case map[string]string:
		if x == nil || depth > sanitizeMaxDepth {
			return sanitizeTooDeep(x == nil, v)
		}
		return sanitizeStringMap(x, secret, budget)
	case []string:
		if x == nil || depth > sanitizeMaxDepth {
			return sanitizeTooDeep(x == nil, v)
		}
		return sanitizeStringSlice(x, secret, budget)
	case nil, bool:
		return v
	case json.Number:
		if secret {
			return RedactedMarker
		}
		return v
	}
	return sanitizeReflect(reflect.ValueOf(v), depth, secret, budget)
}

// sanitizeRawMessageType and sanitizeErrorType are the types that
// sanitizeReflect reads by their meaning rather than their structure.
var (
	sanitizeRawMessageType = reflect.TypeFor[json.RawMessage]()
	sanitizeMarshalerType  = reflect.TypeFor[json.Marshaler]()
	sanitizeErrorType      = reflect.TypeFor[error]()
)

// sanitizeReflect sanitizes an evidence value of any other Go type, as the
// JSON it will become: strings and string kinds are sanitized, []byte is
// read as text, json.RawMessage and other json.Marshaler values as the
// JSON they hold, errors as their message; maps (http.Header, url.Values,
// map[string]int…), slices, arrays and structs (exported fields, under
// their JSON names) become map[string]any and []any with every key and
// value sanitized; pointers and interfaces are followed. Under a
// secret-named key every number and string becomes RedactedMarker. The
// depth and element bounds of SanitizeEvidence apply, which also ends a
// cycle; a value JSON cannot hold (a func, a channel) becomes its type's
// name in brackets.
func sanitizeReflect(rv reflect.Value, depth int, secret bool, budget *int) any {
	if !rv.IsValid() {
		return nil
	}
	t := rv.Type()
	switch {
	case t == sanitizeRawMessageType:
		return sanitizeJSONValue(rv.Bytes(), depth, secret, budget)
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8:
		return sanitizeEvidenceString(string(rv.Bytes()), secret)
	case t.Implements(sanitizeErrorType) && (t.Kind() != reflect.Pointer || !rv.IsNil()):
		return sanitizeEvidenceString(rv.Interface().(error).Error(), secret)
	case t.Implements(sanitizeMarshalerType) && (t.Kind() != reflect.Pointer || !rv.IsNil()):
		data, err := rv.Interface().(json.Marshaler).MarshalJSON()
		if err != nil {
			return "[" + t.String() + "]"
		}
		return sanitizeJSONValue(data, depth, secret, budget)
	}
	switch rv.Kind() {
	case reflect.String:
		return sanitizeEvidenceString(rv.String(), secret)
	case reflect.Bool:
		return rv.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		if secret {
			return RedactedMarker
		}
		return rv.Interface()
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			return nil
		}
		if depth > sanitizeMaxDepth {
			return TruncatedMarker
		}
		return sanitizeReflect(rv.Elem(), depth+1, secret, budget)
	case reflect.Map, reflect.Slice, reflect.Array, reflect.Struct:
		if (rv.Kind() == reflect.Map || rv.Kind() == reflect.Slice) && rv.IsNil() {
			return nil
		}
		if depth > sanitizeMaxDepth {
			return TruncatedMarker
		}
		return sanitizeReflectContainer(rv, depth, secret, budget)
	}
	return "[" + t.String() + "]"
}

// sanitizeReflectContainer copies a map, slice, array or struct into
// map[string]any or []any, sanitizing as it goes.
func sanitizeReflectContainer(rv reflect.Value, depth int, secret bool, budget *int) any {
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		out := make([]any, 0, min(rv.Len(), *budget)+1)
		for i := range rv.Len() {
			if !sanitizeTake(budget) {
				return append(out, TruncatedMarker)
			}
			out = append(out, sanitizeReflect(rv.Index(i), depth+1, secret, budget))
		}
		return out
	case reflect.Struct:
		entries := map[string]reflect.Value{}
		for i := range rv.NumField() {
			f := rv.Type().Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			entries[name] = rv.Field(i)
		}
		return sanitizeEntries(entries, depth, secret, budget, sanitizeReflect)
	}
	entries := make(map[string]reflect.Value, rv.Len())
	for it := rv.MapRange(); it.Next(); {
		k := it.Key()
		name := ""
		if k.Kind() == reflect.String {
			name = k.String()
		} else {
			name = fmt.Sprint(k.Interface())
		}
		entries[name] = it.Value()
	}
	return sanitizeEntries(entries, depth, secret, budget, sanitizeReflect)
}

// sanitizeJSONValue sanitizes encoded JSON as the value it decodes to;
// bytes that are not one JSON value are sanitized as text.
func sanitizeJSONValue(data []byte, depth int, secret bool, budget *int) any {
	v, err := sanitizeDecodeJSON(data)
	if err != nil {
		return sanitizeEvidenceString(string(data), secret)
	}
	return sanitizeValue(v, depth, secret, budget)
}

// sanitizeDecodeJSON decodes data as exactly one JSON value, numbers kept as json.Number.
func sanitizeDecodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(data[dec.InputOffset():])) > 0 {
		return nil, fmt.Errorf("cgruntime: more than one JSON value")
	}
	return v, nil
}

// sanitizeTooDeep keeps a nil container as it is (it holds nothing) and
// replaces one nested too deep by the truncation marker.
func sanitizeTooDeep(isNil bool, v any) any {
	if isNil {
		return v
	}
	return TruncatedMarker
}

// sanitizeEvidenceString sanitizes a string value, or redacts it when a
// secret-named key encloses it.
func sanitizeEvidenceString(s string, secret bool) string {
	if !secret {
		return SanitizeText(s)
	}
	if sanitizeIsPlaceholder(s) {
		return s
	}
	return RedactedMarker
}

// sanitizeTake spends one unit of the element budget, reporting false when
// none is left.
func sanitizeTake(budget *int) bool {
	if *budget <= 0 {
		return false
	}
	*budget--
	return true
}

// sanitizeKey sanitizes a map key and tells whether it names a secret.
func sanitizeKey(k string) (string, bool) {
	key := SanitizeTextLimit(k, sanitizeKeyLimit)
	if sanitizeSecretMemberPattern().MatchString(key) {
		return key, true
	}
	t := sanitizeCurrentTable()
	return key, len(t.userKeys) > 0 && sanitizeIsUserKey(t, sanitizeLowerASCII(key))
}

// sanitizeEntries copies a map entry by entry in key order, sanitizing each value with value (as
// sanitizeValue does an any, or sanitizeReflect a reflected value) under its sanitized key.
func sanitizeEntries[V any](m map[string]V, depth int, secret bool, budget *int, value func(V, int, bool, *int) any) map[string]any {
	keys := slices.Sorted(maps.Keys(m))
	out := make(map[string]any, min(len(keys), *budget))
	for i, k := range keys {
		if !sanitizeTake(budget) {
			out[TruncatedMarker] = len(keys) - i
			break
		}
		key, secretKey := sanitizeKey(k)
		if _, taken := out[key]; !taken {
			out[key] = value(m[k], depth+1, secret || secretKey, budget)
		}
	}
	return out
}

// sanitizeStringMap copies a map[string]string entry by entry in key order.
func sanitizeStringMap(m map[string]string, secret bool, budget *int) map[string]string {
	keys := slices.Sorted(maps.Keys(m))
	out := make(map[string]string, min(len(keys), *budget))
	for i, k := range keys {
		if !sanitizeTake(budget) {
			out[TruncatedMarker] = strconv.Itoa(len(keys) - i)
			break
		}
		key, secretKey := sanitizeKey(k)
		if _, taken := out[key]; !taken {
			out[key] = sanitizeEvidenceString(m[k], secret || secretKey)
		}
	}
	return out
}

// sanitizeAnySlice copies a []any element by element.
func sanitizeAnySlice(s []any, depth int, secret bool, budget *int) []any {
	out := make([]any, 0, min(len(s), *budget)+1)
	for _, v := range s {
		if !sanitizeTake(budget) {
			return append(out, TruncatedMarker)
		}
		out = append(out, sanitizeValue(v, depth+1, secret, budget))
	}
	return out
}

// sanitizeStringSlice copies a []string element by element.
func sanitizeStringSlice(s []string, secret bool, budget *int) []string {
	out := make([]string, 0, min(len(s), *budget)+1)
	for _, v := range s {
		if !sanitizeTake(budget) {
			return append(out, TruncatedMarker)
		}
		out = append(out, sanitizeEvidenceString(v, secret))
	}
	return out
}

// sanitizeView is the text the rules match against: the sanitized text
// with every character that merely looks like, or encodes, an ASCII
// character replaced by that character. Fullwidth letters, Cyrillic and
// Greek look-alikes, mathematical alphanumerics, Unicode dashes, spaces
// and colons, percent escapes ("%3D") and JSON escapes ("\u003c", "\n")
// all fold, and combining marks after an ASCII letter or digit vanish, so
// "pass%77ord%3D…", "ѕk-…" and "gh\u034fp_…" meet the same rules as
// their plain forms. The view is only for matching: what a rule finds is
// replaced in the original text, which keeps its own characters.
type sanitizeView struct {
	// text is the folded view, lower the same with ASCII letters
	// lowercased (byte for byte the same length); read it with lowered.
	text, lower string
	// lowerStale says a replacement changed text and lower is not yet
	// built for it. Most rules that replace something are followed by
	// rules that match text as it is, so building lower when a rule asks
	// for it, not after every replacement, saves a copy of the window.
	lowerStale bool
	// offs maps each byte of text, and its end, to the byte of the
	// original that produced it; nil when the view is the original.
	offs []int32
}

// lowered returns the lowercase view, built now if it is stale.
func (v *sanitizeView) lowered() string {
	if v.lowerStale {
		v.lower, v.lowerStale = sanitizeLowerASCII(v.text), false
	}
	return v.lower
}

// source returns the offset in the original text of view offset i.
func (v *sanitizeView) source(i int) int {
	if v.offs == nil {
		return i
	}
	return int(v.offs[i])
}

// sanitizeFold builds the view of s in one pass.
func sanitizeFold(s string) sanitizeView {
	if len(s) >= math.MaxInt32 || !sanitizeNeedsFold(s) {
		return sanitizeView{text: s, lower: sanitizeLowerASCII(s)}
	}
	var b strings.Builder
	b.Grow(len(s))
	offs := make([]int32, 0, len(s)+1)
	prevASCIIWord := false
	for i := 0; i < len(s); {
		c, size := sanitizeFoldAt(s, i)
		switch {
		case c == sanitizeDrop && prevASCIIWord:
			// A combining mark after a letter or digit: gone from the view.
		case c == sanitizeDrop || c == sanitizeKeep:
			// Any other character stays as it is, byte for byte.
			for k := range size {
				offs = append(offs, int32(i+k))
			}
			b.WriteString(s[i : i+size])
			prevASCIIWord = false
		default:
			offs = append(offs, int32(i))
			b.WriteByte(c)
			prevASCIIWord = sanitizeIsWordByte(c)
		}
		i += size
	}
	offs = append(offs, int32(len(s)))
	text := b.String()
	return sanitizeView{text: text, lower: sanitizeLowerASCII(text), offs: offs}
}

// sanitizeKeep and sanitizeDrop are sanitizeFoldAt's answers for a
// character that has no ASCII form and for a combining mark.
const (
	sanitizeKeep = 0
	sanitizeDrop = 1
)

// sanitizeNeedsFold reports whether the view of s differs from s: whether
// some percent escape, JSON escape or non-ASCII character folds, or a
// combining mark follows an ASCII letter or digit. Most text, accented
// prose included, has none, and its view is the text itself.
func sanitizeNeedsFold(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf && c != '%' && c != '\\' {
			i++ // plain ASCII: the common case, passed over without more tests
			continue
		}
		f, size := sanitizeFoldAt(s, i)
		switch {
		case f == sanitizeDrop:
			// A combining mark vanishes after an ASCII letter or digit.
			// Whatever came before it, the byte before it tells: a
			// character that folds has already returned, and '%', '\\'
			// and the bytes of other characters are not word bytes.
			if i > 0 && sanitizeIsWordByte(s[i-1]) {
				return true
			}
		case f == sanitizeKeep:
		case size != 1 || f != c:
			return true
		}
		i += size
	}
	return false
}

// sanitizeFoldAt returns the ASCII character the text at s[i] stands for
// and how many bytes it spans, or sanitizeKeep (no ASCII form) or
// sanitizeDrop (a combining mark) with the character's size.
func sanitizeFoldAt(s string, i int) (byte, int) {
	c := s[i]
	switch {
	case c == '%' && i+2 < len(s):
		if v, ok := sanitizeHexByte(s[i+1], s[i+2]); ok && v >= 0x20 && v < 0x7f {
			return v, 3
		}
		return c, 1
	case c == '\\' && i+1 < len(s):
		return sanitizeFoldEscape(s, i)
	case c < utf8.RuneSelf:
		return c, 1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if f := sanitizeFoldRune(r); f != sanitizeKeep {
		return f, size
	}
	if unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) {
		return sanitizeDrop, size
	}
	return sanitizeKeep, size
}

// sanitizeFoldEscape reads a JSON escape at s[i]: \n, \r and \t fold to
// their characters and \uXXXX to its character's ASCII form; any other
// backslash stays, so escaped quotes still look escaped to the rules.
func sanitizeFoldEscape(s string, i int) (byte, int) {
	switch s[i+1] {
	case 'n':
		return '\n', 2
	case 't':
		return '\t', 2
	case 'r':
		return '\r', 2
	case 'u':
		if i+5 < len(s) {
			var r rune
			for _, h := range []byte(s[i+2 : i+6]) {
				v, ok := sanitizeHexDigit(h)
				if !ok {
					return '\\', 1
				}
				r = r<<4 | rune(v)
			}
			switch {
			case r >= 0x20 && r < 0x7f && r != '"' && r != '\\':
				return byte(r), 6
			case r >= utf8.RuneSelf:
				if f := sanitizeFoldRune(r); f != sanitizeKeep {
					return f, 6
				}
			}
		}
	}
	return '\\', 1
}

// sanitizeHexByte decodes two hex digits.
func sanitizeHexByte(hi, lo byte) (byte, bool) {
	h, ok1 := sanitizeHexDigit(hi)
	l, ok2 := sanitizeHexDigit(lo)
	return h<<4 | l, ok1 && ok2
}

func sanitizeHexDigit(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// sanitizeFoldRune returns the ASCII character r is a compatibility or
// confusable form of, or sanitizeKeep.
func sanitizeFoldRune(r rune) byte {
	switch {
	case r >= 0xFF01 && r <= 0xFF5E: // fullwidth ASCII
		return byte(r - 0xFEE0)
	case r >= 0x1D400 && r <= 0x1D6A3: // mathematical letters, 13 styles of A-Z a-z
		k := (r - 0x1D400) % 52
		if k < 26 {
			return byte('A' + k)
		}
		return byte('a' + k - 26)
	case r >= 0x1D7CE && r <= 0x1D7FF: // mathematical digits
		return byte('0' + (r-0x1D7CE)%10)
	case unicode.Is(unicode.Zs, r):
		return ' '
	}
	if c, ok := sanitizeConfusables[r]; ok {
		return c
	}
	return sanitizeKeep
}

// sanitizeConfusables maps look-alikes of ASCII characters used in
// separators and in key and keyword prefixes: dashes, colons, quotes and
// angle brackets, vertical bars, and the Cyrillic and Greek letters that
// render like Latin ones (Unicode's confusables.txt, restricted to those).
var sanitizeConfusables = map[rune]byte{
	'\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-',
	'\u2212': '-', '\uFE58': '-', '\uFE63': '-', '\u2043': '-',
	'\u2236': ':', '\uA789': ':', '\uFE55': ':', '\u02D0': ':', '\u0589': ':',
	'\u2018': '\'', '\u2019': '\'', '\u201C': '"', '\u201D': '"',
	'\u2039': '<', '\u203A': '>', '\u3008': '<', '\u3009': '>', '\uFE64': '<', '\uFE65': '>',
	'\u2329': '<', '\u232A': '>', '\u27E8': '<', '\u27E9': '>',
	'\u2223': '|', '\u01C0': '|', '\u2502': '|', '\uFFE8': '|',
	'\uFE4D': '_', '\uFE4E': '_', '\uFE4F': '_', '\u2017': '_',
	'\u2024': '.', '\uFE52': '.', '\u3002': '.',
	'\u2215': '/', '\u2044': '/', '\u29F8': '/',
	'\u2260': '=', '\uFE66': '=', '\u2550': '=',
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't',
	'у': 'y', 'х': 'x', 'ѕ': 's', 'і': 'i', 'ј': 'j', 'ԁ': 'd', 'һ': 'h', 'ӏ': 'l', 'ԛ': 'q', 'ԝ': 'w',
	'ѵ': 'v', 'ɡ': 'g', 'ү': 'y', 'ɑ': 'a',
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T',
	'У': 'Y', 'Х': 'X', 'Ѕ': 'S', 'І': 'I', 'Ј': 'J', 'Ԁ': 'D', 'Һ': 'H', 'Ӏ': 'I', 'Ԛ': 'Q', 'Ԝ': 'W',
	// Greek
	'α': 'a', 'ο': 'o', 'ν': 'v', 'ρ': 'p', 'ι': 'i', 'κ': 'k', 'υ': 'u', 'τ': 't', 'ε': 'e',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O',
	'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
	// Latin letters that pass for others
	'ı': 'i', 'ǃ': '!', 'ℓ': 'l', 'ꓲ': 'I',
}
