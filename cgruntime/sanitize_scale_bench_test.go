package cgruntime

import (
	"fmt"
	"strings"
	"testing"
)

// These benchmarks use only the exported API, so the same file measures an
// older sanitizer too (copy it next to that version's sources).

// sanRealisticLines are upstream error text as services print it: mostly
// harmless lines (errors, logs, traces, URLs, IDs), a few secrets.
var sanRealisticLines = []string{
	"dial tcp 10.0.3.17:5432: connect: connection refused\n",
	"level=error ts=2024-03-12T10:15:32.123Z caller=main.go:142 component=ingester msg=\"failed to flush chunks\" err=\"context canceled\"\n",
	"request 5d8f3c2a-9b1e-4f7d-a6c0-2e8b4d1f9a73 failed after 812ms (trace 0af7651916cd43dd8448eb211c80319c)\n",
	"GET https://api.example.com/v1/orders?status=open&limit=100&token=FAKEtok0001Zq9 returned 502\n",
	"Back-off restarting failed container api in pod api-server-7d9b4c6f8-xk2p9_production(5b1c9d2e-8f3a-4c6b-9e1d-2a7f4b8c0d3e)\n",
	"{\"error\":{\"message\":\"Incorrect API key provided: sk-proj-FAKEabcdefghijklmnop0123.\",\"type\":\"invalid_request_error\"}}\n",
	"Traceback (most recent call last):\n  File \"/app/main.py\", line 42, in <module>\n    main()\nValueError: invalid literal for int() with base 10: 'abc'\n",
	"pulling image ghcr.io/acme/api@sha256:9c2b8f1e4d7a6b3c0e5f8a1d2c4b6e8f0a3c5e7b9d1f3a5c7e9b0d2f4a6c8e0b\n",
	"réessayez plus tard: le service est momentanément indisponible.\n",
	"commit 3f9a2b7c1d4e5f60718293a4b5c6d7e8f9012345 Merge pull request #512 from acme/fix-billing\n",
}

// sanRealistic returns n bytes of realistic upstream text.
func sanRealistic(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteString(sanRealisticLines[i%len(sanRealisticLines)])
	}
	return b.String()[:n]
}

// sanHostileUnits are inputs aimed at each scanner's worst case: prefixes
// that start again after every '-', separators with long names, long
// tokens, injection verbs without their tail, base64 that almost decodes to
// a key, and '@' and '/' for the connect-string scanner.
var sanHostileUnits = map[string]string{
	"prefixes":  "xoxb-sk-ghp_",
	"params":    "a_b_c_d_e_f_token_x=",
	"token":     "Q7vLm2XkP9wR4tYb8NcZ",
	"injection": "ignore the previous ",
	"base64":    "MIIEvQIBADANBgkqhkiG",
	"login":     "a/b@c/",
	"mixed": `xsk-aaaaaaaaaaaaaaaaaaaa sk-bbbbbbbbbbbbbbbbbbbb a=b&token=c "k":"v","password":"p" ` +
		`<|x|> [inst] ignore previous bearer abc1 https://u:p@h eyJaaaaaaaaaa.b.c `,
}

// BenchmarkSanitizeScale runs SanitizeTextLimit on realistic and hostile
// text of growing size, with a limit that makes the whole input the
// window, so time per byte shows whether cost grows linearly.
func BenchmarkSanitizeScale(b *testing.B) {
	for _, size := range []int{1 << 10, 4 << 10, 16 << 10, 64 << 10} {
		b.Run(fmt.Sprintf("realistic/%dKiB", size>>10), func(b *testing.B) {
			sanBenchLimit(b, sanRealistic(size), size)
		})
	}
	for _, name := range []string{"prefixes", "params", "token", "injection", "base64", "login", "mixed"} {
		unit := sanHostileUnits[name]
		for _, size := range []int{4 << 10, 16 << 10, 64 << 10} {
			in := strings.Repeat(unit, size/len(unit)+1)[:size]
			b.Run(fmt.Sprintf("hostile-%s/%dKiB", name, size>>10), func(b *testing.B) {
				sanBenchLimit(b, in, size)
			})
		}
	}
}

// sanBenchLimit measures SanitizeTextLimit(in, limit), reporting bytes/s.
func sanBenchLimit(b *testing.B, in string, limit int) {
	SanitizeText("warm up: compile the rules once")
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	var out string
	cpu := sanCPUTime()
	for b.Loop() {
		out = SanitizeTextLimit(in, limit)
	}
	b.ReportMetric(float64(sanCPUTime()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(len(out)), "outbytes")
}

// sanAdversarialUnits are the hostile texts issue 23 names for the
// linearity check: near misses of many prefixes, long high-entropy runs,
// and key=value pairs repeated without end.
var sanAdversarialUnits = map[string]string{
	"near-miss-prefixes": "ghp xoxb sk-a AKIA glpat- eyJx -----BEGIN ignore you are pass= ://u@ ",
	"high-entropy":       "Q7vLm2XkP9wR4tYb8NcZ1sHd6FjG3aUe5KqW0oVi+/Rt8Yp2Lm5Nq7Wx4Zc9Vb1Kd3Hf6Js0Ga",
	"repeated-kv":        "a=b;token=x;k=v&pw=1&",
}

// BenchmarkSanitizeAdversarialScale runs each adversarial text at 1, 16
// and 256 KiB with the whole input as the window; CPU time per KiB should
// stay flat if the sanitizer is linear.
func BenchmarkSanitizeAdversarialScale(b *testing.B) {
	for _, name := range []string{"near-miss-prefixes", "high-entropy", "repeated-kv"} {
		unit := sanAdversarialUnits[name]
		for _, size := range []int{1 << 10, 16 << 10, 256 << 10} {
			in := strings.Repeat(unit, size/len(unit)+1)[:size]
			b.Run(fmt.Sprintf("%s/%dKiB", name, size>>10), func(b *testing.B) {
				sanBenchLimit(b, in, size)
			})
		}
	}
}
