package cgruntime

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// sanBenignMin is the benign corpus size issue 23 asks for.
const sanBenignMin = 2000

// sanBenignCorpus returns realistic harmless strings that resemble secrets
// in some way: real lines from testdata/benign.txt (error messages, log
// lines, stack traces, URLs, commands as services and tools print them)
// and lines from templates filled by a seeded generator (commit hashes,
// UUIDs, versions, paths, Kubernetes names, image digests, base64 image
// data, cloud identifiers).
func sanBenignCorpus(t testing.TB) []string {
	t.Helper()
	data, err := os.ReadFile("testdata/benign.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, strings.ReplaceAll(line, `\n`, "\n"))
		}
	}
	rng := rand.New(rand.NewPCG(23, 2000))
	hex := func(n int) string { return sanRandomBody(rng, "0-9a-f", n) }
	lowerNum := func(n int) string { return sanRandomBody(rng, "a-z0-9", n) }
	uuid := func() string { return hex(8) + "-" + hex(4) + "-4" + hex(3) + "-a" + hex(3) + "-" + hex(12) }
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	words := strings.Fields("api server worker billing auth gateway ingest search payments users orders cache " +
		"scheduler notifier frontend backend metrics exporter queue mailer")
	for i := range 150 {
		h := hex(40)
		out = append(out,
			"commit "+h,
			fmt.Sprintf("Merge pull request #%d from %s/fix-%s at %s", 1000+i, pick("acme", "octo", "dev"), pick(words...), h[:7]),
			fmt.Sprintf("HEAD is now at %s %s: handle empty %s", h[:7], pick(words...), pick(words...)),
			fmt.Sprintf("request %s failed after %dms (trace %s)", uuid(), 20+rng.IntN(900), hex(32)),
			strings.ToUpper(uuid())+" not found",
			fmt.Sprintf("upgraded %s from v%d.%d.%d to v%d.%d.%d-rc.%d+build.%d", pick(words...), rng.IntN(3), rng.IntN(30), rng.IntN(20),
				rng.IntN(3), rng.IntN(30), rng.IntN(20), rng.IntN(5), rng.IntN(900)),
			fmt.Sprintf("go: downloading github.com/%s/%s v0.0.0-2024%02d%02d%06d-%s", pick("acme", "octo"), pick(words...), 1+rng.IntN(12), 1+rng.IntN(28), rng.IntN(999999), h[:12]),
			fmt.Sprintf("/home/runner/work/%s/%s/internal/%s/%s_test.go:%d: unexpected result", pick(words...), pick(words...), pick(words...), pick(words...), rng.IntN(900)),
			fmt.Sprintf("Back-off restarting failed container %s in pod %s-%s-%s_default(%s)", pick(words...), pick(words...), lowerNum(10), lowerNum(5), uuid()),
			fmt.Sprintf("pod/%s-%s-%s condition met", pick(words...), lowerNum(10), lowerNum(5)),
			fmt.Sprintf("pulling image ghcr.io/acme/%s@sha256:%s", pick(words...), hex(64)),
			fmt.Sprintf(`{"type":"image","mimeType":"image/png","data":"iVBORw0KGgoAAAANSUhEUgAA%s"}`, sanRandomBody(rng, sanitizeB64, 120)),
			fmt.Sprintf(`<img src="data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ%s">`, sanRandomBody(rng, sanitizeB64, 160)),
			fmt.Sprintf("arn:aws:iam::%012d:role/service-role/%s-exec-role", rng.Int64N(1e12), pick(words...)),
			fmt.Sprintf("instance i-0%s in subnet-0%s is unreachable", hex(16), hex(16)),
			fmt.Sprintf("%d.%d.%d.%d - - [12/Mar/2024:10:%02d:%02d +0000] \"GET /api/v1/%s?page=%d&sort=desc HTTP/1.1\" %s %d \"-\" \"Mozilla/5.0\"",
				10, rng.IntN(255), rng.IntN(255), rng.IntN(255), rng.IntN(60), rng.IntN(60), pick(words...), rng.IntN(9), pick("200", "404", "502"), rng.IntN(9000)),
		)
	}
	return out
}

// TestSanitizeBenignCorpus measures the false-positive rate: the share of
// harmless strings the sanitizer changes at all. Issue 23 allows 1 %.
func TestSanitizeBenignCorpus(t *testing.T) {
	corpus := sanBenignCorpus(t)
	if len(corpus) < sanBenignMin {
		t.Fatalf("benign corpus has %d strings, want at least %d", len(corpus), sanBenignMin)
	}
	changed := 0
	for _, in := range corpus {
		if out := SanitizeText(in); out != in {
			changed++
			t.Logf("changed:\n in:  %q\n out: %q", in, out)
		}
	}
	rate := float64(changed) / float64(len(corpus))
	t.Logf("benign corpus: %d strings, %d changed, false-positive rate %.2f%%", len(corpus), changed, 100*rate)
	if rate > 0.01 {
		t.Errorf("false-positive rate %.2f%% exceeds 1%%", 100*rate)
	}
}
