package cli_test

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
)

// buildContractgen links the command with the given -X version into dir and returns the binary.
func buildContractgen(t *testing.T, root, dir, version string) string {
	t.Helper()
	bin := filepath.Join(dir, "contractgen")
	cmd := exec.Command("go", "build", "-o", bin,
		"-ldflags=-X github.com/contractgen/contractgen/internal/cli.Version="+version, "./cmd/contractgen")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// runIn runs a binary in dir with extra environment variables and returns its stdout.
func runIn(t *testing.T, dir string, env []string, bin string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", bin, strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

// readTree returns every file under dir by slash path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestOutputIgnoresToolVersionAndTime builds contractgen twice with different versions, runs the
// two builds in time zones 26 hours apart (so their local dates always differ) with different
// SOURCE_DATE_EPOCH values, and requires byte-identical output for every default target. It also
// looks through the output for either version, the Go release and today's date in both zones, so a
// stamp that happened to agree in both runs would still be caught.
func TestOutputIgnoresToolVersionAndTime(t *testing.T) {
	if testing.Short() {
		t.Skip("links contractgen twice; skipped with -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is needed to build contractgen with two versions: ", err)
	}
	west, errW := time.LoadLocation("Etc/GMT+12") // UTC-12
	east, errE := time.LoadLocation("Pacific/Kiritimati")
	if errW != nil || errE != nil {
		t.Skipf("time zone data is needed to run in two zones: %v %v", errW, errE)
	}
	root := checkoutRoot(t)
	tmp := t.TempDir()
	runs := []struct {
		version string
		env     []string
	}{
		{"v0.1.0", []string{"TZ=Etc/GMT+12", "SOURCE_DATE_EPOCH=0"}},
		{"v9.8.7-rc.1", []string{"TZ=Pacific/Kiritimati", "SOURCE_DATE_EPOCH=2000000000"}},
	}
	var trees []map[string][]byte
	for i, r := range runs {
		dir := filepath.Join(tmp, r.version)
		bin := buildContractgen(t, root, dir, r.version)
		if got := runIn(t, root, r.env, bin, "version"); got != "contractgen "+r.version+"\n" {
			t.Fatalf("build %d reports %q, want version %s: the builds would not differ", i, got, r.version)
		}
		runIn(t, root, r.env, bin, "generate", "--quiet", "--out", filepath.Join(dir, "out"))
		trees = append(trees, readTree(t, filepath.Join(dir, "out")))
	}
	if len(trees[0]) == 0 {
		t.Fatal("generate wrote no files")
	}
	for name, a := range trees[0] {
		if b, ok := trees[1][name]; !ok || !bytes.Equal(a, b) {
			t.Errorf("%s differs between contractgen %s and %s", name, runs[0].version, runs[1].version)
		}
	}
	if len(trees[0]) != len(trees[1]) {
		t.Errorf("the builds wrote %d and %d files", len(trees[0]), len(trees[1]))
	}

	now := time.Now()
	var stamps []string
	for _, loc := range []*time.Location{west, east, time.UTC} {
		for _, layout := range []string{"2006-01-02", "2006/01/02", "Jan 2, 2006", "02 Jan 2006", "20060102"} {
			stamps = append(stamps, now.In(loc).Format(layout))
		}
	}
	stamps = append(stamps, runs[0].version, runs[1].version, runtime.Version())
	clock := regexp.MustCompile(`\b\d\d:\d\d:\d\d\b`)
	for name, data := range trees[0] {
		for _, s := range stamps {
			if bytes.Contains(data, []byte(s)) {
				t.Errorf("%s contains %q, a version or a date", name, s)
			}
		}
		if m := clock.Find(data); m != nil {
			t.Errorf("%s contains the time of day %q", name, m)
		}
	}
}

// contractHash generates the quota schema into a fresh directory under the current one and returns
// the hash from the header of each generated Go file, failing if they disagree with ContractHash.
func contractHash(t *testing.T, schema string, flags ...string) string {
	t.Helper()
	writeFile(t, "schema.json", schema)
	out, err := os.MkdirTemp(".", "out-")
	if err != nil {
		t.Fatal(err)
	}
	args := append([]string{"generate", "--quiet", "--schema", "schema.json", "--out", out, "--targets", "go"}, flags...)
	if code, _, stderr := runCLI(t, args...); code != 0 {
		t.Fatalf("generate %v exited %d: %s", flags, code, stderr)
	}
	header := regexp.MustCompile(`(?m)^// Source hash: ([0-9a-f]{16})\.`)
	constant := regexp.MustCompile(`(?m)^const ContractHash = "([0-9a-f]{16})"$`)
	var hash string
	for name, data := range readTree(t, out) {
		if strings.HasPrefix(name, ".contractgen/") {
			continue // the manifest lists files; it carries no hash
		}
		m := header.FindSubmatch(data)
		if m == nil {
			t.Fatalf("%s has no Source hash line", name)
		}
		if hash != "" && hash != string(m[1]) {
			t.Fatalf("files of one run carry different hashes: %s and %s", hash, m[1])
		}
		hash = string(m[1])
		if c := constant.FindSubmatch(data); c != nil && string(c[1]) != hash {
			t.Fatalf("%s: ContractHash %s differs from its Source hash %s", name, c[1], hash)
		}
	}
	return hash
}

// TestContractHashFollowsSchemaAndOptions proves that the header hash moves with what shapes the
// output (the schema's content and the generator options) and with nothing else: reformatting the
// schema or running again leaves it alone.
func TestContractHashFollowsSchemaAndOptions(t *testing.T) {
	t.Chdir(t.TempDir())
	base := contractHash(t, quotaSchema, "--package", "quota")
	if again := contractHash(t, quotaSchema, "--package", "quota"); again != base {
		t.Fatalf("a second run gives hash %s, the first %s", again, base)
	}
	compact := strings.Join(strings.Fields(quotaSchema), " ")
	if got := contractHash(t, compact, "--package", "quota"); got != base {
		t.Errorf("reformatting the schema changed the hash from %s to %s", base, got)
	}
	differ := []struct {
		why    string
		schema string
		flags  []string
	}{
		{"a description edit", strings.Replace(quotaSchema, "in words", "in plain words", 1), []string{"--package", "quota"}},
		{"another package name", quotaSchema, []string{"--package", "limits"}},
		{"another root type name", quotaSchema, []string{"--package", "quota", "--root-type", "LimitError"}},
	}
	for _, d := range differ {
		if got := contractHash(t, d.schema, d.flags...); got == base {
			t.Errorf("%s left the hash at %s", d.why, base)
		}
	}
}
