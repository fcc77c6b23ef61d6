package write

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/contractgen/contractgen/internal/gen/emit"
)

var errInjected = errors.New("injected failure")

// faultFS fails operation number at (counting every call from 0). With kill set, that operation
// and every later one fail and do nothing, as if the process had been killed there: not even the
// rollback of a failed commit gets through.
type faultFS struct {
	FS
	n, at int
	kill  bool
}

func (f *faultFS) fault() error {
	n := f.n
	f.n++
	if n == f.at || f.kill && n > f.at {
		return fmt.Errorf("op %d: %w", n, errInjected)
	}
	return nil
}

func (f *faultFS) ReadFile(name string) ([]byte, error) {
	if err := f.fault(); err != nil {
		return nil, err
	}
	return f.FS.ReadFile(name)
}

func (f *faultFS) Lstat(name string) (fs.FileInfo, error) {
	if err := f.fault(); err != nil {
		return nil, err
	}
	return f.FS.Lstat(name)
}

func (f *faultFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if err := f.fault(); err != nil {
		return nil, err
	}
	return f.FS.ReadDir(name)
}

func (f *faultFS) Mkdir(name string) error {
	if err := f.fault(); err != nil {
		return err
	}
	return f.FS.Mkdir(name)
}

func (f *faultFS) WriteNew(name string, data []byte) error {
	if err := f.fault(); err != nil {
		return err
	}
	// Fail half-way through as a full disk would: the file exists, partly written.
	return f.FS.WriteNew(name, data)
}

func (f *faultFS) Rename(o, n string) error {
	if err := f.fault(); err != nil {
		return err
	}
	return f.FS.Rename(o, n)
}

func (f *faultFS) Remove(name string) error {
	if err := f.fault(); err != nil {
		return err
	}
	return f.FS.Remove(name)
}

// Sync can fail like any operation but does not reach the disk: a process that fails or is killed
// loses nothing unsynced (only a power loss does, which TestCommitIsDurable covers by the order of
// the syncs), and thousands of runs' fsyncs would only make the test slow.
func (f *faultFS) Sync(name string) error {
	return f.fault()
}

// randomTrees makes an old and a new generation of one contract from a seed: files that stay,
// change, appear (some in new directories) and go away.
func randomTrees(seed uint64) (old, new []emit.File) {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	pool := []string{"pkg/a.go", "pkg/b.go", "pkg/sub/c.go", "docs/x-contract.md", "ts/x.ts", "openapi/x.json", "openapi/x.yaml", "fresh/deep/d.go"}
	for _, p := range pool {
		body := fmt.Sprintf("v%d\n", r.IntN(2))
		if r.IntN(3) > 0 {
			old = append(old, gen(p, body))
		}
		if r.IntN(3) > 0 {
			if r.IntN(2) == 0 {
				body = "changed\n"
			}
			new = append(new, gen(p, body))
		}
	}
	return old, new
}

// plain drops the writer's temporary files: a run that succeeded may leave a backup it could not
// delete, which the next run removes.
func plain(files map[string]string) map[string]string {
	out := map[string]string{}
	for p, c := range files {
		if !isTemp(path.Base(p)) && p != journalName {
			out[p] = c
		}
	}
	return out
}

// checkFailureAtomic fails op at of a run from the old tree to the new one and checks that the
// tree is then entirely old or entirely new, and that the next healthy run gets to either.
func checkFailureAtomic(t *testing.T, seed uint64, at int, kill bool) (ops int) {
	t.Helper()
	oldFiles, newFiles := randomTrees(seed)
	setup := func() string {
		root := t.TempDir()
		writeFile(t, root, "pkg/handwritten.go", "package pkg\n")
		if _, err := Apply(root, oldFiles, opts("pkg")); err != nil {
			t.Fatal(err)
		}
		return root
	}
	want := setup()
	oldTree := snapshot(t, want)
	if _, err := Apply(want, newFiles, opts("pkg")); err != nil {
		t.Fatal(err)
	}
	newTree := snapshot(t, want)

	root := setup()
	ffs := &faultFS{FS: OS, at: at, kill: kill}
	_, err := Apply(root, newFiles, Options{Contract: "pkg", FS: ffs})
	got := plain(snapshot(t, root))
	switch {
	case kill:
		// Killed: the next run restores the old tree, or completes the new one.
		next, wantNext := oldFiles, oldTree
		if seed%2 == 0 {
			next, wantNext = newFiles, newTree
		}
		if _, err := Apply(root, next, opts("pkg")); err != nil {
			t.Fatalf("seed %d, killed at op %d: the next run failed: %v", seed, at, err)
		}
		if diff := cmp.Diff(wantNext, snapshot(t, root)); diff != "" {
			t.Errorf("seed %d, killed at op %d: the next run left (-want +got):\n%s", seed, at, diff)
		}
	case err == nil || errors.As(err, new(*committedError)):
		if diff := cmp.Diff(newTree, got); diff != "" {
			t.Errorf("seed %d, op %d failed, run succeeded, tree not new (-want +got):\n%s", seed, at, diff)
		}
		if _, err := Apply(root, newFiles, opts("pkg")); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(newTree, snapshot(t, root)); diff != "" {
			t.Errorf("seed %d, op %d: the next run did not clean up (-want +got):\n%s", seed, at, diff)
		}
	case errors.As(err, new(*rollbackError)):
		// Restoring failed as well: the journal is kept and the next run restores the old tree.
		if _, err := Apply(root, oldFiles, opts("pkg")); err != nil {
			t.Fatalf("seed %d, op %d: the run after a failed restore failed: %v", seed, at, err)
		}
		if diff := cmp.Diff(oldTree, snapshot(t, root)); diff != "" {
			t.Errorf("seed %d, op %d: the run after a failed restore left (-want +got):\n%s", seed, at, diff)
		}
	default:
		if !errors.Is(err, errInjected) {
			t.Errorf("seed %d, op %d: error %v does not wrap the injected failure", seed, at, err)
		}
		if diff := cmp.Diff(oldTree, got); diff != "" {
			t.Errorf("seed %d, op %d failed (%v), tree not old (-want +got):\n%s", seed, at, err, diff)
		}
	}
	return ffs.n
}

// TestFailureInjection fails, in turn, every file operation of runs between random trees, once
// as an error and once as a kill, and requires an entirely old or entirely new tree each time.
func TestFailureInjection(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		total := checkFailureAtomic(t, seed, -1, false) // a healthy run: how many operations
		for at := 0; at < total; at++ {
			checkFailureAtomic(t, seed, at, false)
			checkFailureAtomic(t, seed, at, true)
		}
	}
}

func FuzzFailureInjection(f *testing.F) {
	f.Add(uint64(3), uint8(10), false)
	f.Add(uint64(4), uint8(25), true)
	f.Fuzz(func(t *testing.T, seed uint64, at uint8, kill bool) {
		checkFailureAtomic(t, seed, int(at), kill)
	})
}

var _ = filepath.Join
