package write

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// fsOp is one operation a recordingFS saw.
type fsOp struct {
	kind, name, to string
	data           []byte
}

// recordingFS records every changing operation and every sync of a run.
type recordingFS struct {
	FS
	ops []fsOp
}

func (r *recordingFS) Mkdir(name string) error {
	r.ops = append(r.ops, fsOp{kind: "mkdir", name: name})
	return r.FS.Mkdir(name)
}

func (r *recordingFS) WriteNew(name string, data []byte) error {
	r.ops = append(r.ops, fsOp{kind: "write", name: name, data: data})
	return r.FS.WriteNew(name, data)
}

func (r *recordingFS) Rename(o, n string) error {
	r.ops = append(r.ops, fsOp{kind: "rename", name: o, to: n})
	return r.FS.Rename(o, n)
}

func (r *recordingFS) Remove(name string) error {
	r.ops = append(r.ops, fsOp{kind: "remove", name: name})
	return r.FS.Remove(name)
}

func (r *recordingFS) Sync(name string) error {
	r.ops = append(r.ops, fsOp{kind: "sync", name: name})
	return r.FS.Sync(name)
}

// syncedBetween reports whether name was synced at an index in (from, to).
func syncedBetween(ops []fsOp, name string, from, to int) bool {
	for i := from + 1; i < to && i < len(ops); i++ {
		if ops[i].kind == "sync" && ops[i].name == name {
			return true
		}
	}
	return false
}

// TestCommitIsDurable holds the writer to the order a power loss needs, on runs between random
// trees: the journal's file is synced before it is renamed into place and its directory before
// the first change to the tree; every staged file is synced before it is renamed into place; and
// every directory the commit changed or created (and the parent it was created in) is synced
// after its last change and before the journal that says committed is written.
func TestCommitIsDurable(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		oldFiles, newFiles := randomTrees(seed)
		root := t.TempDir()
		if _, err := Apply(root, oldFiles, opts("pkg")); err != nil {
			t.Fatal(err)
		}
		rec := &recordingFS{FS: OS}
		if _, err := Apply(root, newFiles, Options{Contract: "pkg", FS: rec}); err != nil {
			t.Fatal(err)
		}
		ops := rec.ops
		journal := filepath.Join(root, filepath.FromSlash(journalName))
		meta := filepath.Join(root, metaDir)
		committed, firstJournal, firstChange := -1, -1, -1
		lastChange := map[string]int{} // directory → index of its last change before the commit point
		written := map[string]int{}    // staged file → index of its WriteNew
		for i, op := range ops {
			switch op.kind {
			case "write":
				written[op.name] = i
				if filepath.Dir(op.name) == meta && bytes.Contains(op.data, []byte(`"committed":true`)) && committed < 0 {
					committed = i
				}
			case "rename":
				if op.to == journal {
					if w, ok := written[op.name]; !ok || !syncedBetween(ops, op.name, w, i) {
						t.Errorf("seed %d: the journal %s was renamed into place unsynced", seed, op.name)
					}
					if firstJournal < 0 {
						firstJournal = i
						if !syncedBetween(ops, meta, i, len(ops)) {
							t.Errorf("seed %d: the journal's directory is never synced", seed)
						}
					}
					continue
				}
				if firstChange < 0 {
					firstChange = i
				}
				if w, ok := written[op.name]; ok && !syncedBetween(ops, op.name, w, i) {
					t.Errorf("seed %d: %s was renamed to %s before it was synced", seed, op.name, op.to)
				}
				if committed < 0 {
					lastChange[filepath.Dir(op.to)] = i
					lastChange[filepath.Dir(op.name)] = i
				}
			case "mkdir":
				if committed < 0 && op.name != meta {
					lastChange[op.name] = i
					lastChange[filepath.Dir(op.name)] = i
				}
			}
		}
		if committed < 0 || firstJournal < 0 || firstChange < 0 {
			t.Fatalf("seed %d: the run wrote no journal or changed nothing (%d operations)", seed, len(ops))
		}
		if !syncedBetween(ops, meta, firstJournal, firstChange) {
			t.Errorf("seed %d: the tree changed before the journal's directory was synced", seed)
		}
		for dir, last := range lastChange {
			if !syncedBetween(ops, dir, last, committed) {
				t.Errorf("seed %d: %s was not synced between its last change and the journal's commit", seed, strings.TrimPrefix(dir, root))
			}
		}
	}
}

// failLateRename fails the last rename a healthy run makes into the tree (not into the journal's
// directory), after earlier ones changed it, so the commit is rolled back.
type failLateRename struct {
	FS
	renames, at int
}

func (f *failLateRename) Rename(o, n string) error {
	if !strings.Contains(n, metaDir) {
		f.renames++
		if f.renames == f.at {
			return errInjected
		}
	}
	return f.FS.Rename(o, n)
}

// TestRollbackIsDurable: a commit that fails after changing the tree restores it and syncs every
// directory it restored before it removes the journal, so a power loss right after cannot leave a
// half-new tree without the journal that would restore it.
func TestRollbackIsDurable(t *testing.T) {
	oldFiles, newFiles := randomTrees(2)
	count := &failLateRename{FS: noSync{OS}}
	dry := t.TempDir()
	if _, err := Apply(dry, oldFiles, opts("pkg")); err != nil {
		t.Fatal(err)
	}
	if _, err := Apply(dry, newFiles, Options{Contract: "pkg", FS: count}); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	if _, err := Apply(root, oldFiles, opts("pkg")); err != nil {
		t.Fatal(err)
	}
	oldTree := snapshot(t, root)
	rec := &recordingFS{FS: &failLateRename{FS: noSync{OS}, at: count.renames}}
	if _, err := Apply(root, newFiles, Options{Contract: "pkg", FS: rec}); err == nil {
		t.Fatal("the run succeeded although a rename failed")
	}
	if got := snapshot(t, root); len(plain(got)) != len(oldTree) {
		t.Fatalf("the tree was not restored: %v", got)
	}
	ops := rec.ops
	journal := filepath.Join(root, filepath.FromSlash(journalName))
	removed, lastRestore := -1, -1
	restored := map[string]bool{}
	for i, op := range ops {
		if op.kind == "remove" && op.name == journal {
			removed = i
		}
		if op.kind == "rename" && removed < 0 && strings.Contains(filepath.Base(op.name), "-old-") {
			lastRestore = i
			restored[filepath.Dir(op.to)] = true
		}
	}
	if removed < 0 || lastRestore < 0 {
		t.Fatalf("no restore or no journal removal among %d operations", len(ops))
	}
	for dir := range restored {
		if !syncedBetween(ops, dir, lastRestore, removed) {
			t.Errorf("%s was restored but not synced before the journal was removed", dir)
		}
	}
}
