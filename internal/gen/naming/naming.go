// Package naming turns JSON names into Go identifiers, the one way every part of the generator
// spells them: retry_after_ms becomes RetryAfterMS, invalid_code_mode_id becomes InvalidCodeModeID.
package naming

import (
	"fmt"
	"go/token"
	"strings"
	"unicode"
	"unicode/utf8"
)

// initialisms are words written in capitals in Go names: staticcheck's ST1003 list (golint's
// commonInitialisms and a few more), those this generator's contracts use (CLI, JWT, MCP, MS,
// OS, SSRF), and those public schemas use for clouds, identity and formats (AWS, GCP, IAM, OIDC,
// SAML, SSO, YAML, ...), so that aws-region is AWSRegion beside callback_url's CallbackURL.
var initialisms = map[string]bool{
	"ARN": true, "AWS": true, "CI": true, "CIDR": true, "GCP": true, "IAM": true, "OIDC": true, "SAML": true,
	"SDK": true, "SHA": true, "SSL": true, "SSO": true, "TOML": true, "URN": true, "VPC": true, "YAML": true,
	"ACL": true, "AMQP": true, "API": true, "ASCII": true, "CLI": true, "CPU": true, "CSS": true,
	"DB": true, "DNS": true, "EOF": true, "GID": true, "GUID": true, "HTML": true, "HTTP": true,
	"HTTPS": true, "ID": true, "IP": true, "JSON": true, "JWT": true, "MCP": true, "MS": true,
	"OK": true, "OS": true, "QPS": true, "RAM": true, "RPC": true, "RTP": true, "SIP": true,
	"SLA": true, "SMTP": true, "SQL": true, "SSH": true, "SSRF": true, "TCP": true, "TLS": true,
	"TS": true, "TTL": true, "UDP": true, "UI": true, "UID": true, "URI": true, "URL": true,
	"UTF8": true, "UUID": true, "VM": true, "XML": true, "XMPP": true, "XSRF": true, "XSS": true,
}

// mixedCase are words Go names spell neither capitalized nor in capitals, keyed by their capitals:
// product names as their owners write them.
var mixedCase = map[string]string{"OAUTH": "OAuth", "GITHUB": "GitHub", "GITLAB": "GitLab", "JFROG": "JFrog",
	"OPENAPI": "OpenAPI", "JAVASCRIPT": "JavaScript", "TYPESCRIPT": "TypeScript"}

// GoName turns a JSON name into an exported Go identifier: retry_after_ms → RetryAfterMS,
// safety-hints → SafetyHints, fooBar → FooBar, oauth2_token → OAuth2Token, request_ids →
// RequestIDs. It returns "" when the name has no letter or digit to build on or would start with
// a digit.
func GoName(name string) string {
	var b strings.Builder
	for _, word := range splitWords(name) {
		b.WriteString(spell(word))
	}
	out := b.String()
	if out == "" {
		return ""
	}
	first := []rune(out)[0]
	if !unicode.IsUpper(first) || !token.IsIdentifier(out) {
		return ""
	}
	return out
}

// spell writes one word of a Go name: an initialism in capitals (also with trailing digits, HTTP2,
// or as a plural, IDs), a mixed-case word its own way (OAuth), any other word capitalized.
func spell(word string) string {
	upper := strings.ToUpper(word)
	stem := strings.TrimRightFunc(upper, unicode.IsDigit)
	digits := upper[len(stem):]
	switch {
	case initialisms[upper]:
		return upper
	case stem != "" && initialisms[stem]:
		return stem + digits
	case mixedCase[stem] != "":
		return mixedCase[stem] + digits
	case len(upper) > 2 && strings.HasSuffix(word, "s") && initialisms[upper[:len(upper)-1]]:
		// A plural: request_ids → RequestIDs, as Go writes it.
		return upper[:len(upper)-1] + "s"
	}
	r := []rune(word)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// splitWords breaks a name at every character that cannot be part of an identifier and at
// lower-to-upper case changes.
func splitWords(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, string(cur))
			cur = nil
		}
	}
	runes := []rune(name)
	for i, r := range runes {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if i > 0 && unicode.IsUpper(r) && unicode.IsLower(runes[i-1]) {
			flush()
		}
		cur = append(cur, r)
	}
	flush()
	return words
}

// IsValidPackageName reports whether s can name a Go package: an identifier that is not a keyword.
func IsValidPackageName(s string) bool {
	return token.IsIdentifier(s) && !token.IsKeyword(s) && s != "_"
}

// IsExported reports whether s can be written as the name of an exported Go declaration. An
// x-go-name must pass this, not equal GoName(s): the schema's author may spell an initialism their
// own way (HttpStatus), which is exactly what x-go-name is for.
func IsExported(s string) bool {
	return token.IsIdentifier(s) && token.IsExported(s)
}

// Article returns "a" or "an", whichever English puts before word when it is read aloud: "an
// AgentError", "a QuotaError", "an HTTPError", "a URLError", "a user", "an unknown_tool". It goes
// by the sound of the first letters; a leading initialism is read letter by letter. Quotes and
// other punctuation in front are skipped.
func Article(word string) string {
	word = strings.TrimLeftFunc(word, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if word == "" {
		return "a"
	}
	lower := strings.ToLower(word)
	// A leading initialism (two or more capitals, or one GoName spells in capitals) is read by its
	// letters: an HTTPError, an MCPResult, a URLError.
	caps := 0
	for caps < len(word) && word[caps] >= 'A' && word[caps] <= 'Z' {
		caps++
	}
	if caps >= 2 {
		if strings.ContainsRune("AEFHILMNORSX", rune(word[0])) {
			return "an"
		}
		return "a"
	}
	for _, p := range []string{"hour", "honest", "honor", "heir"} {
		if strings.HasPrefix(lower, p) {
			return "an"
		}
	}
	// A "u" read "you" (user, unit, usage) and "eu" and "one" take "a".
	for _, p := range []string{"uni", "use", "usa", "usu", "uti", "ure", "uri", "url", "eu", "one", "once"} {
		if strings.HasPrefix(lower, p) {
			return "a"
		}
	}
	if strings.ContainsRune("aeiou", rune(lower[0])) {
		return "an"
	}
	return "a"
}

// MaxValueLevel is the most detailed level ValueStem spells a value at.
const MaxValueLevel = 3

// ValueStem is the part of an enum constant's name that a value gives, at a level of detail that
// rises while the value shares its name with another value of the enum:
//
//	0: the value's words (GoName): Etc/GMT+0 → EtcGMT0;
//	1: also the characters that are not word separators, spelled: Etc/GMT+0 → EtcGMTPlus0,
//	   Etc/GMT-0 → EtcGMTMinus0 (a hyphen before a digit is a minus sign), "" → Empty;
//	2: every character that is not a letter or digit, spelled: a_b → AUnderscoreB, a-b → AHyphenB;
//	3: as 2 with the letters' own case, after "Value": "a b" → ValueaSpaceb, "" → ValueEmpty.
//
// It returns "" when the level gives no identifier (a value with no letter or digit at level 0).
func ValueStem(value string, level int) string {
	if level >= MaxValueLevel {
		if value == "" {
			return "ValueEmpty" // "" beside a value empty
		}
		var b strings.Builder
		b.WriteString("Value")
		for _, r := range value {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				b.WriteRune(r)
			} else {
				b.WriteString(runeWord(r))
			}
		}
		if !token.IsIdentifier(b.String()) {
			return ""
		}
		return b.String()
	}
	spelled := value
	if level > 0 {
		if value == "" {
			return "Empty"
		}
		var b strings.Builder
		runes := []rune(value)
		for i, r := range runes {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			case level == 1 && r == '-' && (i+1 == len(runes) || !unicode.IsDigit(runes[i+1])),
				level == 1 && (unicode.IsSpace(r) || r == '_' || r == '/' || r == '.'):
				b.WriteByte(' ') // a separator between words, as at level 0
			case r == '-' && i+1 < len(runes) && unicode.IsDigit(runes[i+1]):
				b.WriteString(" Minus ")
			default:
				b.WriteString(" " + runeWord(r) + " ")
			}
		}
		spelled = b.String()
	}
	if !strings.ContainsFunc(spelled, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
		return ""
	}
	if s := GoName(spelled); s != "" {
		return s
	}
	return GoName("v_" + spelled) // a value that starts with a digit: 2xx → V2xx
}

// runeWords are the names of the characters ValueStem spells.
var runeWords = map[rune]string{
	' ': "Space", '\t': "Tab", '\n': "Newline", '\r': "CarriageReturn", '!': "Bang", '"': "Quote",
	'#': "Hash", '$': "Dollar", '%': "Percent", '&': "And", '\'': "Apostrophe", '(': "LeftParen",
	')': "RightParen", '*': "Star", '+': "Plus", ',': "Comma", '-': "Hyphen", '.': "Dot", '/': "Slash",
	':': "Colon", ';': "Semicolon", '<': "Less", '=': "Equals", '>': "Greater", '?': "Question",
	'@': "At", '[': "LeftBracket", '\\': "Backslash", ']': "RightBracket", '^': "Caret",
	'_': "Underscore", '`': "Backtick", '{': "LeftBrace", '|': "Pipe", '}': "RightBrace", '~': "Tilde",
}

// runeWord names a character that is not a letter or digit: its word, or U and its code point.
func runeWord(r rune) string {
	if w, ok := runeWords[r]; ok {
		return w
	}
	return fmt.Sprintf("U%04X", r)
}

// TaggableName reports whether encoding/json reads name from a struct tag as written: its
// isValidTag accepts letters, digits and the punctuation below, nothing else.
func TaggableName(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range name {
		if !strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c) && !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			return false
		}
	}
	return true
}

// OrList joins words as English does: "a", "a or b", "a, b or c".
func OrList(words []string) string { return joinLast(words, " or ") }

// AndList joins words as English does: "a", "a and b", "a, b and c".
func AndList(words []string) string { return joinLast(words, " and ") }

// joinLast joins words with commas and conj before the last.
func joinLast(words []string, conj string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + conj + words[len(words)-1]
}

// UpperFirst capitalizes the first letter of a sentence.
func UpperFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}
