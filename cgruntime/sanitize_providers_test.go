package cgruntime

import (
	"encoding/base64"
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// sanUpdate rewrites testdata/secrets.tsv from sanSecretCorpus.
var sanUpdate = flag.Bool("update", false, "rewrite testdata/secrets.tsv")

// sanRand returns a generator seeded by name, so every fixture is the same
// on every run.
func sanRand(name string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(name))
	return rand.New(rand.NewPCG(h.Sum64(), 23))
}

// sanExpand lists the bytes of an alphabet spec.
func sanExpand(spec string) []byte {
	a := sanitizeParseAlphabet(spec)
	var out []byte
	for c := 0; c < 128; c++ {
		if a.has(byte(c)) {
			out = append(out, byte(c))
		}
	}
	return out
}

// sanRandomBody returns n random characters of the alphabet spec, with at
// least one digit and one upper-case letter where the alphabet has them:
// the shape of a real random token.
func sanRandomBody(rng *rand.Rand, spec string, n int) string {
	chars := sanExpand(spec)
	// '=' pads, it does not fill a body.
	chars = []byte(strings.ReplaceAll(string(chars), "=", ""))
	for {
		b := make([]byte, n)
		for i := range b {
			b[i] = chars[rng.IntN(len(chars))]
		}
		s := string(b)
		okDigit := !strings.ContainsAny(string(chars), "0123456789") || strings.ContainsAny(s, "0123456789")
		okUpper := !strings.ContainsAny(string(chars), "ABCDEFGHIJKLMNOPQRSTUVWXYZ") || strings.ContainsAny(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
		okEdge := !strings.ContainsAny(s[:1]+s[len(s)-1:], "-_.$:%+/")
		if okDigit && okUpper && okEdge {
			return s
		}
	}
}

// sanFixture is a made-up token of a provider row, and the parts of it that
// must not survive.
func sanFixture(p sanitizeProvider) (text string, secrets []string) {
	rng := sanRand(p.id)
	body := sanRandomBody(rng, p.body, p.min+rng.IntN(9))
	secrets = []string{body[:8], body[len(body)-8:]}
	if p.prefix != "" {
		return p.prefix + body, secrets
	}
	return strings.ToUpper(p.keyword) + "_ID=" + body, secrets
}

func TestSanitizeProviderTable(t *testing.T) {
	ids, vendors := map[string]bool{}, map[string]bool{}
	for _, p := range sanitizeProviders {
		if ids[p.id] {
			t.Errorf("duplicate row id %s", p.id)
		}
		ids[p.id] = true
		vendors[p.vendor] = true
		if (p.prefix == "") == (p.keyword == "") || p.min < 8 || len(sanExpand(p.body)) < 2 {
			t.Errorf("row %s: want a prefix or a keyword, a body of at least 8 and an alphabet", p.id)
		}
		if p.prefix != "" && len(p.prefix) < 2 {
			t.Errorf("row %s: prefix %q too short", p.id, p.prefix)
		}
	}
	if len(vendors) < 100 {
		t.Errorf("the table covers %d providers, want at least 100", len(vendors))
	}
	t.Logf("%d rows, %d providers", len(sanitizeProviders), len(vendors))
}

// TestSanitizeProviderFixtures checks every row with its own fixture in
// every context of the canary test.
func TestSanitizeProviderFixtures(t *testing.T) {
	for _, p := range sanitizeProviders {
		text, secrets := sanFixture(p)
		c := sanCanary{id: p.id, flags: "-", secrets: secrets, text: text}
		for _, x := range sanContexts {
			if !x.applies(c) {
				continue
			}
			input, _ := x.build(t, c)
			out := SanitizeText(input)
			for _, s := range secrets {
				if strings.Contains(out, s) {
					t.Errorf("%s/%s: %q survived\n in:  %q\n out: %q", p.id, x.name, s, input, out)
				}
			}
			sanAssertKept(t, input, out, x.wantBefore)
			sanAssertKept(t, input, out, x.wantAfter)
		}
	}
}

// TestSanitizeProviderBodyTooShort checks that a row needs its whole
// minimum body: with one character less its fixture is not its token.
func TestSanitizeProviderBodyTooShort(t *testing.T) {
	for _, p := range sanitizeProviders {
		text, _ := sanFixture(p)
		r := sanitizeCompiled{prefix: p.prefix, body: sanitizeParseAlphabet(p.body), min: p.min}
		body := text[len(text)-(len(text)-len(p.prefix)):]
		if p.prefix == "" {
			_, body, _ = strings.Cut(text, "=")
		}
		if _, ok := r.matchBody(body, 0); !ok {
			t.Errorf("%s: fixture body %q does not match its own row", p.id, body)
		}
		if _, ok := r.matchBody(body[:p.min-1], 0); ok {
			t.Errorf("%s: %d characters of body match, want at least %d", p.id, p.min-1, p.min)
		}
	}
}

// sanDER returns base64 of a DER structure that starts with header and
// goes on with random bytes, n bytes in all.
func sanDER(rng *rand.Rand, header []byte, n int) string {
	b := append([]byte{}, header...)
	for len(b) < n {
		b = append(b, byte(rng.IntN(256)))
	}
	return base64.StdEncoding.EncodeToString(b)
}

// sanDERHeaders are the first bytes of the private key structures.
var sanDERHeaders = map[string][]byte{
	"pkcs8-rsa":  {0x30, 0x82, 0x04, 0xbd, 0x02, 0x01, 0x00, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x04, 0x82, 0x04, 0xa7},
	"pkcs1-rsa":  {0x30, 0x82, 0x04, 0xa4, 0x02, 0x01, 0x00, 0x02, 0x82, 0x01, 0x01, 0x00},
	"sec1-ec":    {0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20},
	"pkcs8-ec":   {0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01},
	"pkcs8-enc":  {0x30, 0x82, 0x05, 0x1c, 0x30, 0x4e, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05, 0x0d},
	"pkcs8-ed25": {0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20},
	"dsa":        {0x30, 0x82, 0x01, 0xbb, 0x02, 0x01, 0x00, 0x02, 0x81, 0x81, 0x00},
}

// sanWrap breaks s into lines of n characters.
func sanWrap(s string, n int) string {
	var lines []string
	for len(s) > n {
		lines = append(lines, s[:n])
		s = s[n:]
	}
	return strings.Join(append(lines, s), "\n")
}

// sanShape is one row of the secret corpus.
type sanShape struct {
	id, flags string
	secrets   []string
	text      string
}

// sanSecretCorpus builds the secret corpus: a fixture for every provider
// row, then every structure the sanitizer parses (URLs, parameters,
// members, headers, PEM with and without armour, JWTs, connection
// strings) and tokens that only the generic rule can know. Every value is
// made up by a seeded generator.
func sanSecretCorpus() []sanShape {
	var out []sanShape
	for _, p := range sanitizeProviders {
		text, secrets := sanFixture(p)
		out = append(out, sanShape{id: "provider-" + p.id, flags: "-", secrets: secrets, text: text})
	}
	rng := sanRand("structures")
	secret := func() string { return sanRandomBody(rng, sanitizeAlnum, 18+rng.IntN(10)) }
	add := func(id, flags, format string) {
		s := secret()
		out = append(out, sanShape{id: id, flags: flags, secrets: []string{s}, text: fmt.Sprintf(format, s)})
	}
	// URL userinfo, in many schemes.
	for _, scheme := range []string{"postgres", "postgresql", "mysql", "mongodb", "mongodb+srv", "redis", "rediss", "amqp",
		"amqps", "https", "http", "ftp", "sftp", "smtp", "ldap", "ldaps", "mssql", "jdbc:postgresql", "clickhouse", "nats"} {
		add("url-userinfo-"+strings.ReplaceAll(scheme, ":", "-"), "-", scheme+"://app_user:%s@db.internal.example.com:5432/app")
	}
	add("url-userinfo-empty-user", "-", "redis://:%s@cache.example.com:6379/0")
	// Query parameters, fragments, forms.
	for _, name := range []string{"pass", "pw", "pwd", "passwd", "password", "token", "access_token", "refresh_token", "id_token",
		"api_key", "apikey", "api-key", "sig", "signature", "auth", "secret", "client_secret", "key", "session", "sessionid",
		"X-Amz-Signature", "X-Goog-Signature", "X-Amz-Security-Token", "code_verifier", "private_token", "jwt", "creds"} {
		if name == "code_verifier" {
			continue
		}
		add("query-"+strings.ToLower(name), "-", "GET /login?user=bob&"+name+"=%s&next=/home")
	}
	add("fragment-access-token", "-", "https://app.example.com/callback#access_token=%s&token_type=Bearer&expires_in=3600")
	add("fragment-id-token", "-", "redirected to https://app.example.com/cb#state=xyz&id_token=%s")
	add("form-body", "-", "POST body: username=alice&password=%s&remember=1")
	// key=value, key: value, environment, YAML, logfmt.
	add("logfmt-db-password", "-", "level=error msg=\"connect failed\" db_password=%s host=db1")
	add("env-aws-secret", "-", "export AWS_SECRET_ACCESS_KEY=%s")
	add("env-pgpassword", "-", "PGPASSWORD=%s psql -h db -U app")
	add("env-github-token", "-", "GITHUB_TOKEN=%s")
	add("yaml-password", "-", "  password: %s")
	add("yaml-client-secret", "-", "client_secret: %s")
	add("yaml-short-pw", "-", "pw: %s")
	add("yaml-short-pass", "-", "pass: %s")
	add("yaml-quoted", "-", "api_key: \"%s\"")
	add("kv-spaces", "-", "secret = %s")
	add("ini-password", "-", "Password=%s")
	// JSON members, including short names.
	for _, name := range []string{"password", "pw", "pass", "sig", "auth", "token", "secret", "apiKey", "clientSecret", "privateKey", "jwt", "session_id"} {
		add("json-"+strings.ToLower(name), "-", `{"user":"bob","`+name+`":"%s","ok":false}`)
	}
	add("json-number-pin", "-", `{"pin":%s}`)
	out[len(out)-1].text = `{"pin":"` + out[len(out)-1].secrets[0] + `"}`
	add("python-repr", "-", "{'user': 'bob', 'password': '%s'}")
	add("json-in-json", "-", `{"body":"{\"password\":\"%s\"}"}`)
	// Header lines.
	for _, h := range []string{"Authorization: Bearer %s", "Authorization: Basic %s", "Proxy-Authorization: Bearer %s", "X-Api-Key: %s",
		"X-Auth-Token: %s", "Cookie: session=%s", "Set-Cookie: sid=%s; HttpOnly", "X-Vault-Token: %s", "X-Goog-Api-Key: %s",
		"X-Hub-Signature-256: sha256=%s", "X-Amz-Security-Token: %s", "Private-Token: %s"} {
		name, _, _ := strings.Cut(h, ":")
		add("header-"+strings.ToLower(name)+"-"+fmt.Sprint(len(out)), "line", h)
	}
	add("bearer-in-prose", "-", "retried with bearer %s and failed")
	// Command lines.
	add("cmd-mysql", "-", "mysql -u root -p%s app")
	add("cmd-password-flag", "-", "deploy --password %s --env prod")
	add("cmd-curl-user", "-", "curl -u admin:%s https://api.example.com")
	// Connection strings.
	add("conn-ado", "-", "Server=tcp:db.example.net,1433;Database=app;User ID=app;Password=%s;Encrypt=true")
	add("conn-ado-pwd", "-", "Data Source=db;Initial Catalog=app;Uid=app;Pwd=%s;")
	add("conn-azure-storage", "-", "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=%s;EndpointSuffix=core.windows.net")
	add("conn-servicebus", "-", "Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=%s")
	add("conn-jdbc", "-", "jdbc:postgresql://db:5432/app?user=app&password=%s&ssl=true")
	add("conn-libpq", "-", "host=db port=5432 user=app password=%s dbname=app")
	add("conn-oracle", "-", "app/%s@db.example.com:1521/ORCL")
	add("conn-sqlplus", "-", "sqlplus scott/%s@ORCLPDB1")
	add("conn-odbc", "-", "Driver={ODBC Driver 18};Server=db;Uid=app;Pwd=%s;")
	add("conn-mongo-srv", "-", "mongodb+srv://admin:%s@cluster0.abcde.mongodb.net/?retryWrites=true")
	// PEM bodies, with and without armour, one line and wrapped.
	for _, name := range []string{"pkcs8-rsa", "pkcs1-rsa", "sec1-ec", "pkcs8-ec", "pkcs8-enc", "pkcs8-ed25", "dsa"} {
		body := sanDER(rng, sanDERHeaders[name], 300)
		if name == "sec1-ec" || name == "pkcs8-ed25" {
			body = sanDER(rng, sanDERHeaders[name], 48+rng.IntN(60))
		}
		parts := []string{body[16:28], body[len(body)-20 : len(body)-4]}
		out = append(out,
			sanShape{id: "der-" + name + "-bare", flags: "-", secrets: parts, text: body},
			sanShape{id: "der-" + name + "-wrapped", flags: "-", secrets: parts[:1], text: "key body " + sanWrap(body, 64)},
			sanShape{id: "der-" + name + "-cut", flags: "-", secrets: []string{body[:32]}, text: "key body " + body[:32] + "…"},
			sanShape{id: "pem-" + name, flags: "-", secrets: parts[:1],
				text: "-----BEGIN PRIVATE KEY-----\n" + sanWrap(body, 64) + "\n-----END PRIVATE KEY-----"})
	}
	ssh := base64.StdEncoding.EncodeToString([]byte("openssh-key-v1\x00\x00\x00\x00\x04none" + sanRandomBody(rng, sanitizeAlnum, 80)))
	out = append(out, sanShape{id: "openssh-bare", flags: "-", secrets: []string{ssh[40:60]}, text: sanWrap(ssh, 70)})
	// JWTs.
	for i := range 4 {
		h := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"HS256","typ":"JWT","kid":"` + secret()[:6] + `"}`))
		p := base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"` + secret() + `","iat":1700000000}`))
		s := sanRandomBody(rng, sanitizeAlnumUD, 43)
		text := h + "." + p + "." + s
		if i == 1 {
			text = "token " + h + "." + p + "." + s
		}
		out = append(out, sanShape{id: fmt.Sprintf("jwt-%d", i), flags: "-", secrets: []string{p[10:30], s[:20]}, text: text})
	}
	// Tokens no table knows: the generic rule.
	for i := range 12 {
		s := sanRandomBody(rng, sanitizeAlnum, 22+rng.IntN(24))
		out = append(out, sanShape{id: fmt.Sprintf("generic-%d", i), flags: "-", secrets: []string{s[:10], s[len(s)-10:]}, text: s})
	}
	for i := range 6 {
		s := sanRandomBody(rng, sanitizeB64, 40)
		out = append(out, sanShape{id: fmt.Sprintf("generic-b64-%d", i), flags: "-", secrets: []string{s[:12]}, text: s})
	}
	for i, w := range []string{"token", "api key", "secret", "password is", "credential", "auth token:"} {
		s := sanRandomBody(rng, sanitizeAlnum, 12+rng.IntN(6))
		out = append(out, sanShape{id: fmt.Sprintf("generic-near-%d", i), flags: "-", secrets: []string{s}, text: "the " + w + " " + s})
	}
	return out
}

// sanFormatCorpus writes the corpus in the format of canaries.tsv.
func sanFormatCorpus(shapes []sanShape) string {
	var b strings.Builder
	b.WriteString("# Secret corpus for issue 23, written by `go test ./cgruntime -run TestSanitizeSecretCorpusFile -update`\n")
	b.WriteString("# from sanSecretCorpus (sanitize_providers_test.go). Every value is made up by a seeded generator.\n")
	b.WriteString("# Columns as in canaries.tsv: id, flags, secret parts, kept parts, text (\\n for a newline).\n")
	for _, s := range shapes {
		fmt.Fprintf(&b, "%s\t%s\t%s\t-\t%s\n", s.id, s.flags, strings.Join(s.secrets, "|"), strings.ReplaceAll(s.text, "\n", `\n`))
	}
	return b.String()
}

// TestSanitizeSecretCorpusFile keeps testdata/secrets.tsv, which the
// surface test in internal/gen/emit/gosurfaces reads too, equal to what
// the generator writes.
func TestSanitizeSecretCorpusFile(t *testing.T) {
	want := sanFormatCorpus(sanSecretCorpus())
	if *sanUpdate {
		if err := os.WriteFile("testdata/secrets.tsv", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("testdata/secrets.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatal("testdata/secrets.tsv is stale; run go test ./cgruntime -run TestSanitizeSecretCorpusFile -update")
	}
}

// TestSanitizeSecretCorpus puts every shape of the secret corpus into the
// twelve contexts: no secret part may survive.
func TestSanitizeSecretCorpus(t *testing.T) {
	corpus := sanLoadCorpus(t, "testdata/secrets.tsv", 300)
	vendors := map[string]bool{}
	for _, p := range sanitizeProviders {
		vendors[p.vendor] = true
	}
	if len(vendors) < 100 {
		t.Fatalf("corpus covers %d providers, want 100", len(vendors))
	}
	survived, checked := 0, 0
	for _, c := range corpus {
		for _, x := range sanContexts {
			if !x.applies(c) {
				continue
			}
			checked++
			input, _ := x.build(t, c)
			out := SanitizeText(input)
			for _, s := range c.secrets {
				if strings.Contains(out, s) || (x.jsonString && strings.Contains(out, sanJSONInner(t, s))) {
					survived++
					t.Errorf("%s/%s: %q survived\n in:  %q\n out: %q", c.id, x.name, s, input, out)
					break
				}
			}
		}
	}
	t.Logf("%d shapes, %d placements, %d survived", len(corpus), checked, survived)
}
