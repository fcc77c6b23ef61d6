package conformance

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var writeCorpus = flag.Bool("write-corpus", false, "rewrite testdata/corpus/agent-error from the case list below")

// corpusDir holds the contract instances of the differential tests. Each file's name starts with
// the verdict the contract's text (docs/contracts) gives it: "valid-", "invalid-", or "dup-" for an
// object with a repeated member name, which Parse rejects and encoding/json-based validators do not.
var corpusDir = filepath.Join("..", "..", "testdata", "corpus", "agent-error")

// member is one member of an instance, its value written exactly as it goes on the wire.
type member struct{ name, value string }

// object writes members as a JSON object, in order, without normalizing anything.
func object(members []member) string {
	parts := make([]string, len(members))
	for i, m := range members {
		parts[i] = fmt.Sprintf("%q:%s", m.name, m.value)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

const baseRecovery = `{"action":"retry_later","same_arguments":"safe","guidance":"Wait a moment, then try again."}`

// base is a complete, valid instance.
func base() []member {
	return []member{
		{"contract_version", "1"}, {"kind", `"rate_limited"`}, {"message", `"Too many requests to the search tool."`},
		{"origin", `"budget"`}, {"recovery", baseRecovery}, {"side_effects", `"none_expected"`},
	}
}

// with replaces (or appends) a member of base; value "" removes it.
func with(members []member, name, value string) []member {
	out := make([]member, 0, len(members)+1)
	found := false
	for _, m := range members {
		if m.name == name {
			found = true
			if value == "" {
				continue
			}
			m.value = value
		}
		out = append(out, m)
	}
	if !found && value != "" {
		out = append(out, member{name, value})
	}
	return out
}

func recovery(name, value string) string {
	return object(with([]member{{"action", `"retry_later"`}, {"same_arguments", `"safe"`}, {"guidance", `"Wait."`}}, name, value))
}

// corpusCases returns every instance with its file name.
func corpusCases() map[string]string {
	cases := map[string]string{}
	add := func(verdict, name, doc string) { cases[verdict+"-"+name+".json"] = doc }
	add("valid", "base", object(base()))
	wrongTypes := map[string]string{"number": "1", "fraction": "1.5", "true": "true", "array": "[]", "object": "{}", "string": `"1"`, "null": "null"}
	required := map[string]string{"contract_version": "integer", "kind": "string", "message": "string", "origin": "string", "recovery": "object", "side_effects": "string"}
	for name, typ := range required {
		add("invalid", "missing-"+name, object(with(base(), name, "")))
		for label, v := range wrongTypes {
			if label == typ || (typ == "integer" && label == "number") || (typ == "string" && label == "string") || (typ == "object" && label == "object") {
				continue
			}
			add("invalid", name+"-"+label, object(with(base(), name, v)))
		}
		// A member whose name differs only in case does not stand in for the required one.
		add("invalid", "case-variant-"+name, object(with(with(base(), name, ""), strings.ToUpper(name[:1])+name[1:], required2value(name))))
	}
	for _, name := range []string{"action", "same_arguments", "guidance"} {
		add("invalid", "recovery-missing-"+name, object(with(base(), "recovery", recovery(name, ""))))
		for label, v := range wrongTypes {
			if label == "string" {
				continue
			}
			add("invalid", "recovery-"+name+"-"+label, object(with(base(), "recovery", recovery(name, v))))
		}
	}
	for lit, ok := range map[string]bool{"1.0": true, "1e0": true, "10e-1": true, "0.1e1": true, "1E0": true, "100e-2": true,
		"2": false, "0": false, "-1": false, "1.5": false, "1e400": false, "1.0000000000000000000001": false,
		"100000000000000000000000": false, "-0": false, "0.99999999999999999999": false, "1e-400": false, "-1e400": false} {
		add(verdictOf(ok), "contract-version-"+fileSafe(lit), object(with(base(), "contract_version", lit)))
	}
	for lit, ok := range map[string]bool{"0": true, "1": true, "1.0": true, "1e3": true, "-0": true, "0.0": true, "1500": true,
		"123456789012345678901234567890": true, "1e400": true, "9223372036854775808": true, "18446744073709551616": true,
		"-1": false, "-0.5": false, "1.5": false, "-1e400": false, "1e-400": false, "-9223372036854775809": false,
		"0.1": false, "1.000000000000000000001": false, `"1"`: false, "null": false, "true": false, "[]": false} {
		add(verdictOf(ok), "retry-after-"+fileSafe(lit), object(with(base(), "recovery", recovery("retry_after_ms", lit))))
	}
	strs := map[string]bool{`""`: false, `" "`: true, `"a"`: true, `"é"`: true, `"💩"`: true, `"\ud83d\udca9"`: true,
		`"\u0000"`: true, `"\t"`: true, `"` + strings.Repeat("x", 5000) + `"`: true, `"\u200b"`: true, "\"\u202e\"": true}
	for _, name := range []string{"kind", "message"} {
		for lit, ok := range strs {
			add(verdictOf(ok), name+"-string-"+fileSafe(lit), object(with(base(), name, lit)))
		}
	}
	for lit, ok := range strs {
		add(verdictOf(ok), "guidance-string-"+fileSafe(lit), object(with(base(), "recovery", recovery("guidance", lit))))
	}
	enums := map[string][]string{
		"origin":       {"validation", "policy", "budget", "discovery", "tool_execution", "upstream_transport", "bridge", "code_mode", "runtime"},
		"side_effects": {"none_expected", "possible", "unknown"},
	}
	for name, values := range enums {
		for _, v := range values {
			add("valid", name+"-"+v, object(with(base(), name, `"`+v+`"`)))
		}
		for _, bad := range []string{strings.ToUpper(values[0]), values[0] + " ", "", "other", "Runtime"} {
			add("invalid", name+"-unknown-"+fileSafe(bad), object(with(base(), name, `"`+bad+`"`)))
		}
	}
	recoveryEnums := map[string][]string{
		"action":         {"revise_and_retry", "retry_later", "reauthenticate", "confirm", "rediscover", "reduce_work", "start_dependency", "inspect_and_escalate", "do_not_retry"},
		"same_arguments": {"safe", "conditional", "discouraged", "never"},
	}
	for name, values := range recoveryEnums {
		for _, v := range values {
			add("valid", "recovery-"+name+"-"+v, object(with(base(), "recovery", recovery(name, `"`+v+`"`))))
		}
		for _, bad := range []string{strings.ToUpper(values[0]), "", "always"} {
			add("invalid", "recovery-"+name+"-unknown-"+fileSafe(bad), object(with(base(), "recovery", recovery(name, `"`+bad+`"`))))
		}
	}
	for _, name := range []string{"service", "action", "tool", "upstream", "command", "prompt", "resource", "cause", "original_kind"} {
		add("valid", "optional-"+name, object(with(base(), name, `"some text"`)))
		add("valid", "optional-"+name+"-empty", object(with(base(), name, `""`)))
		for label, v := range map[string]string{"null": "null", "number": "1", "object": "{}", "array": `["x"]`, "bool": "false"} {
			add("invalid", "optional-"+name+"-"+label, object(with(base(), name, v)))
		}
	}
	for lit, ok := range map[string]bool{"{}": true, `{"a":1,"b":[null,{"c":"d"}]}`: true, `{"Kind":"x"}`: true,
		"[]": false, `"x"`: false, "null": false, "1": false, "true": false} {
		add(verdictOf(ok), "evidence-"+fileSafe(lit), object(with(base(), "evidence", lit)))
	}
	for lit, ok := range map[string]bool{"{}": true, `{"read_only_hint":true}`: true, `{"destructive_hint":false,"idempotent_hint":true,"open_world_hint":false}`: true,
		`{"read_only_hint":true,"future_hint":"x"}`: true, `{"Read_Only_Hint":"yes"}`: true,
		`{"read_only_hint":"true"}`: false, `{"idempotent_hint":1}`: false, `{"open_world_hint":null}`: false, `{"destructive_hint":[]}`: false,
		"null": false, "[]": false, "true": false, `"x"`: false} {
		add(verdictOf(ok), "safety-"+fileSafe(lit), object(with(base(), "safety", lit)))
	}
	for name, value := range map[string]string{"Kind": `"x"`, "MESSAGE": "1", "Contract_Version": `"2"`, "x-trace": `{"id":"abc"}`,
		"extra": "null", "": "1", "ключ": `"значение"`, "kind ": "[]", "recovery.action": `"x"`, "\\u006bind": `"x"`} {
		add("valid", "unknown-member-"+fileSafe(name), object(with(base(), name, value)))
	}
	add("valid", "recovery-unknown-member", object(with(base(), "recovery", `{"action":"confirm","same_arguments":"never","guidance":"g","Action":1,"note":null}`)))
	add("valid", "all-optional-members", object(append(base(), member{"service", `"s"`}, member{"action", `"a"`}, member{"tool", `"t"`},
		member{"upstream", `"u"`}, member{"command", `"c"`}, member{"prompt", `"p"`}, member{"resource", `"r"`}, member{"cause", `"c"`},
		member{"original_kind", `"k"`}, member{"evidence", `{"n":1e400}`}, member{"safety", `{"read_only_hint":false}`})))
	add("valid", "reordered-members", object([]member{{"side_effects", `"possible"`}, {"recovery", baseRecovery}, {"origin", `"runtime"`},
		{"message", `"m"`}, {"kind", `"k"`}, {"contract_version", "1"}}))
	add("valid", "escaped-names", `{"contract\u005fversion":1,"kind":"k","message":"m","origin":"budget","recovery":`+baseRecovery+`,"side_effects":"possible"}`)
	add("valid", "whitespace", "\n\t{ \"contract_version\" : 1 ,\r\n \"kind\":\"k\", \"message\":\"m\",\"origin\":\"budget\",\"recovery\":"+baseRecovery+",\"side_effects\":\"possible\" }\n")
	for label, doc := range map[string]string{"array": "[]", "string": `"error"`, "number": "1", "null": "null", "true": "true", "empty-object": "{}",
		"array-of-instance": "[" + object(base()) + "]"} {
		add("invalid", "root-"+label, doc)
	}
	add("invalid", "recovery-null", object(with(base(), "recovery", "null")))
	add("invalid", "recovery-empty", object(with(base(), "recovery", "{}")))
	add("invalid", "many-problems", `{"contract_version":2,"kind":"","message":null,"origin":"Budget","recovery":{"action":1},"side_effects":"maybe","safety":{"read_only_hint":"no"}}`)
	add("dup", "kind", `{"contract_version":1,"kind":"a","kind":"b","message":"m","origin":"budget","recovery":`+baseRecovery+`,"side_effects":"possible"}`)
	add("dup", "invalid-then-valid", `{"contract_version":1,"kind":"","kind":"b","message":"m","origin":"budget","recovery":`+baseRecovery+`,"side_effects":"possible"}`)
	add("dup", "in-evidence", object(with(base(), "evidence", `{"a":1,"a":2}`)))
	add("dup", "in-recovery", object(with(base(), "recovery", `{"action":"confirm","action":"confirm","same_arguments":"never","guidance":"g"}`)))
	add("dup", "escaped", `{"contract_version":1,"kind":"k","\u006bind":"k","message":"m","origin":"budget","recovery":`+baseRecovery+`,"side_effects":"possible"}`)
	return cases
}

// required2value is a valid value for each required member, used under a case-variant name.
func required2value(name string) string {
	for _, m := range base() {
		if m.name == name {
			return m.value
		}
	}
	return "null"
}

func verdictOf(ok bool) string {
	if ok {
		return "valid"
	}
	return "invalid"
}

// fileSafe makes a literal usable in a file name, keeping it recognizable. A literal with upper-case
// letters gets the suffix "-cased", so that 1E0 and 1e0 do not name files that differ only in case.
func fileSafe(s string) string {
	if strings.ToLower(s) != s {
		return escapeName(s) + "-cased"
	}
	return escapeName(s)
}

// escapeName escapes what a file name cannot hold.
func escapeName(s string) string {
	if len(s) > 24 {
		s = fmt.Sprintf("%s-len%d", s[:8], len(s))
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_':
			b.WriteRune(r)
		case r == '-':
			b.WriteString("minus")
		default:
			fmt.Fprintf(&b, "u%04x", r)
		}
	}
	if b.Len() == 0 {
		return "empty"
	}
	return b.String()
}

// TestWriteCorpus rewrites the corpus when run with -write-corpus; otherwise it checks that the
// committed corpus is exactly what the case list produces, so the two cannot drift apart.
func TestWriteCorpus(t *testing.T) {
	cases := corpusCases()
	// A Go module zip refuses two paths that differ only in case (go get of a release would fail),
	// and so do the file systems of macOS and Windows.
	folded := map[string]string{}
	for name := range cases {
		if other, ok := folded[strings.ToLower(name)]; ok {
			t.Errorf("%s and %s differ only in case", other, name)
		}
		folded[strings.ToLower(name)] = name
	}
	if *writeCorpus {
		if err := os.RemoveAll(corpusDir); err != nil {
			t.Fatal(err)
		}
		for name, doc := range cases {
			writeFile(t, filepath.Join(corpusDir, name), doc+"\n")
		}
	}
	entries, err := os.ReadDir(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(cases) {
		t.Errorf("the corpus has %d files, the case list %d; run go test -run TestWriteCorpus -args -write-corpus", len(entries), len(cases))
	}
	for name, doc := range cases {
		if got := string(readFile(t, filepath.Join(corpusDir, name))); got != doc+"\n" {
			t.Errorf("%s differs from the case list", name)
		}
	}
}
