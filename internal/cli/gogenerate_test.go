package cli_test

import (
	"archive/zip"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/contractgen/contractgen/internal/gen/emit"
)

// TestGoGenerate runs the scripts in testdata/gogenerate: each makes a throwaway consumer module
// that points at this checkout with a replace directive, runs go generate, go build, go vet and
// contractgen check, edits its schema, sees check fail with the matching diff, and regenerates.
// The directives run contractgen three ways: the binary on PATH, go run, and go tool; the tool
// form is set up by both recipes of docs/go-generate.md, from a local checkout and from a release
// ($RELEASE served by a module proxy in a directory, $RELEASE_PROXY, made from this checkout).
func TestGoGenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds consumer modules with the go command; skipped with -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is needed to run go generate in a consumer module: ", err)
	}
	root := checkoutRoot(t)
	goEnv := goEnvironment(t, root)
	proxy := releaseProxy(t, root, releaseVersion)
	testscript.Run(t, testscript.Params{
		Dir: filepath.Join("testdata", "gogenerate"),
		Setup: func(env *testscript.Env) error {
			env.Setenv("CHECKOUT", root)
			env.Setenv("RELEASE_PROXY", proxy)
			env.Setenv("RELEASE", releaseVersion)
			for k, v := range goEnv {
				env.Setenv(k, v)
			}
			return nil
		},
		Cmds: scriptCommands(),
	})
}

// noSumDB names a checksum database on a host that cannot exist, with a well-formed key that signs
// nothing. A script whose consumer go.sum lacks a hash the go command needs fails with "verifying
// module" on every machine, not only on one that cannot reach sum.golang.org and has no checksum
// cache yet: the scripts must verify against the go.sum they start from, never a database.
// Checksum verification itself stays on.
const noSumDB = "sumdb.contractgen.invalid+243ef0e6+AfnB8kbnpvxuT6OTQufEELdp+pFTpYdB67StpzZ8Eiin"

// goEnvironment is what the go command in a script needs from this machine: the module and build
// caches and the local toolchain only. The scripts run offline (GOPROXY=off): first the checkout's
// own modules are downloaded into the cache, through the proxy this machine uses and verified
// against the checkout's go.sum, so a fresh machine with an empty module cache works as well as a
// warm one. The download covers every platform's imports (cobra's Windows-only mousetrap, say),
// which go get and go mod tidy in a consumer resolve too.
func goEnvironment(t *testing.T, root string) map[string]string {
	t.Helper()
	download := exec.Command("go", "mod", "download")
	download.Dir = root
	if out, err := download.CombinedOutput(); err != nil {
		t.Fatalf("go mod download in %s: %v\n%s", root, err, out)
	}
	names := []string{"GOCACHE", "GOMODCACHE", "GOPATH"}
	out, err := exec.Command("go", append([]string{"env"}, names...)...).Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	values := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(values) != len(names) {
		t.Fatalf("go env printed %q for %v", values, names)
	}
	env := map[string]string{"GOPROXY": "off", "GOTOOLCHAIN": "local", "GOFLAGS": "", "GOWORK": "off",
		"GOSUMDB": noSumDB, "GONOSUMDB": "", "GONOSUMCHECK": "", "GOPRIVATE": "", "GOINSECURE": ""}
	for i, name := range names {
		env[name] = values[i]
	}
	return env
}

// releaseVersion is the version under which releaseProxy publishes this checkout.
const releaseVersion = "v0.1.0"

// releaseProxy publishes this checkout as github.com/contractgen/contractgen at version in a
// GOPROXY directory (the file:// layout of the module proxy protocol) and returns its URL, so a
// script can follow the released-module recipe as a user would, offline. The runtime module that
// contractgen and the code it generates import is published beside it, from cgruntime/, at the
// version the checkout's go.mod requires, as a release would tag it (cgruntime/vX.Y.Z). A module
// zip holds what a release would: the module's files, without nested modules, version control,
// node_modules and build outputs.
func releaseProxy(t *testing.T, root, version string) string {
	t.Helper()
	proxy := t.TempDir()
	publishModule(t, proxy, root, "github.com/contractgen/contractgen", version)
	publishModule(t, proxy, filepath.Join(root, "cgruntime"), emit.RuntimeImportPath, requiredVersion(t, root, emit.RuntimeImportPath))
	return "file://" + filepath.ToSlash(proxy)
}

// requiredVersion is the version of module that the go.mod in root requires.
func requiredVersion(t *testing.T, root, module string) string {
	t.Helper()
	goMod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*(?:require\s+)?` + regexp.QuoteMeta(module) + `\s+(v\S+)`).FindSubmatch(goMod)
	if m == nil {
		t.Fatalf("%s/go.mod does not require %s", root, module)
	}
	return string(m[1])
}

// buildOutputDirs are the checkout's ignored build outputs (.gitignore), which a release does not
// carry: cargo's target directory alone outgrows the module zip limit once the Rust tests ran.
var buildOutputDirs = map[string]bool{"target": true, "bin": true, ".cache": true}

// publishModule writes the module in dir into the proxy directory as module@version.
func publishModule(t *testing.T, proxy, root, module, version string) {
	t.Helper()
	dir := filepath.Join(proxy, filepath.FromSlash(module), "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	goMod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{
		"list":            version + "\n",
		version + ".info": `{"Version":"` + version + `","Time":"2026-01-01T00:00:00Z"}` + "\n",
		version + ".mod":  string(goMod),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Create(filepath.Join(dir, version+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zw := zip.NewWriter(f)
	err = filepath.WalkDir(root, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, name)
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" || d.Name() == "node_modules" || buildOutputDirs[filepath.ToSlash(rel)] {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(name, "go.mod")); err == nil && rel != "." {
				return filepath.SkipDir // a nested module is not part of this one
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		content, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		w, err := zw.Create(module + "@" + version + "/" + filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		_, err = w.Write(content)
		return err
	})
	if err != nil {
		t.Fatalf("packing %s as a module zip: %v", root, err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestGoGenerateRecipesMatchTheDocs keeps the set-up recipes of docs/go-generate.md and the scripts
// that run them in step: each shell block marked <!-- recipe: NAME.txtar --> must appear, command
// for command, as exec lines of that script (the checkout's path ../contractgen as $CHECKOUT).
func TestGoGenerateRecipesMatchTheDocs(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(checkoutRoot(t), "docs", "go-generate.md"))
	if err != nil {
		t.Fatal(err)
	}
	recipe := regexp.MustCompile("(?s)<!-- recipe: (\\S+) -->\n```sh\n(.*?)```")
	found := recipe.FindAllSubmatch(doc, -1)
	if len(found) < 2 {
		t.Fatalf("docs/go-generate.md marks %d recipes, want the local-checkout and the released-module ones", len(found))
	}
	for _, m := range found {
		script, err := os.ReadFile(filepath.Join("testdata", "gogenerate", string(m[1])))
		if err != nil {
			t.Errorf("a recipe names %s: %v", m[1], err)
			continue
		}
		lines := strings.Split(string(script), "\n")
		for _, command := range strings.Split(strings.TrimSpace(string(m[2])), "\n") {
			want := "exec " + strings.ReplaceAll(command, "../contractgen", "$CHECKOUT")
			if !slices.Contains(lines, want) {
				t.Errorf("%s lacks the documented step\n\t%s", m[1], want)
			}
		}
	}
}
