// Package write puts generated files on disk and compares them with what is there.
//
// What a run may touch, and the guarantees it keeps (docs/design.md, "Write safety"):
//   - Every path it writes or removes lies inside the output root after cleaning; a path that
//     would leave it (through "..", an absolute path or a symbolic link) is refused before anything
//     is written.
//   - A file is contractgen's only when it starts with the exact header for its type (HeaderFor).
//     Any other file in the way is never replaced; the run is refused.
//   - A run owns the files its contract's manifest lists (.contractgen/<contract>.manifest): it
//     removes only those, and never replaces a file another contract's manifest lists.
//   - Runs on one output root are serialized by a lock file; a later run waits.
//   - A run is all-or-nothing: every file is staged beside its target first, then committed by
//     renames under a journal. A failure rolls the renames back; a run killed mid-commit is rolled
//     back by the next run, which also removes the temporary files of an interrupted one.
package write

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit"
)

// Options say whose files a run writes and through what.
type Options struct {
	// Contract names the contract the files belong to (the Go package name); it names the
	// manifest that records which files under the root are this contract's.
	Contract string
	// FS performs every file operation; nil means OS.
	FS FS
	// Waiting, when not nil, is called once if another run holds the output root's lock.
	Waiting func()
	// GoGenerate, when not nil, is the go:generate directive the run is part of: a stale Go file
	// that go generate may still read is retired (replaced by a tombstone; gogenerate.go) instead
	// of removed.
	GoGenerate *GoGenerate
}

func (o Options) fs() FS {
	if o.FS == nil {
		return OS
	}
	return o.FS
}

// State compares the files a run produces with the output directory.
type State struct {
	// Changed are generated files whose content differs from disk, with the disk content.
	Changed []Change
	// Missing are generated files that are not on disk.
	Missing []emit.File
	// Stale are files this contract generated earlier (its manifest lists them) but no longer produces.
	Stale []string
	// Foreign are paths where a file would be written that does not start with contractgen's header.
	Foreign []string
	// Conflicts are paths where a file would be written that another contract's manifest lists.
	Conflicts []Conflict

	// Total is how many generated files were compared, the contract's manifest included.
	Total int

	// leftovers are temporary files of an interrupted run: never generated files, never drift.
	leftovers []string
}

// Conflict is a path two contracts would both write.
type Conflict struct {
	Path string
	// Contract is the other contract, whose manifest lists Path.
	Contract string
}

// Change is one file whose content would change.
type Change struct {
	File emit.File
	// Old is the content on disk.
	Old []byte
	// HashOnly is set when the file's source hash (File.Hash) is all that differs: a schema edit
	// touches the hash of every file, and the files that really change are the ones worth reading.
	HashOnly bool
}

// hashOnly reports whether old is f's content with another hash of the same length wherever f
// holds its source hash.
func hashOnly(old []byte, f emit.File) bool {
	h := []byte(f.Hash)
	i := bytes.Index(f.Bytes, h)
	if len(h) == 0 || i < 0 || i+len(h) > len(old) {
		return false
	}
	was := old[i : i+len(h)]
	return !bytes.Equal(was, h) && bytes.Equal(bytes.ReplaceAll(f.Bytes, h, was), old)
}

// Clean reports whether disk matches the generated files exactly.
func (s *State) Clean() bool {
	return len(s.Changed) == 0 && len(s.Missing) == 0 && len(s.Stale) == 0 && len(s.Foreign) == 0 && len(s.Conflicts) == 0
}

// InterruptedError reports a commit that a killed run left half done: generate rolls it back.
type InterruptedError struct{ Root string }

func (e *InterruptedError) Error() string {
	return fmt.Sprintf("%s holds the journal of a generate run that was interrupted mid-commit; run contractgen generate to restore and regenerate", filepath.Join(e.Root, filepath.FromSlash(journalName)))
}

func cmpOr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// plan checks the files before any disk access and adds the contract's manifest.
func plan(root string, files []emit.File, o Options) ([]emit.File, error) {
	if err := checkContract(o.Contract); err != nil {
		return nil, err
	}
	paths := make([]string, 0, len(files))
	for _, f := range files {
		if err := checkRel(root, f.Path); err != nil {
			return nil, err
		}
		if !IsGenerated(f.Path, f.Bytes) {
			return nil, fmt.Errorf("generated file %s does not start with the header for its type (a contractgen bug)", f.Path)
		}
		paths = append(paths, f.Path)
	}
	listed := slices.Clone(paths)
	sort.Strings(listed)
	for i := 1; i < len(listed); i++ {
		if listed[i] == listed[i-1] {
			return nil, fmt.Errorf("two generated files have the path %s", listed[i])
		}
	}
	return append(slices.Clone(files), manifest(o.Contract, listed)), nil
}

// Compare reads the output root and classifies every generated file against it. It writes nothing.
func Compare(root string, files []emit.File, o Options) (*State, error) {
	all, err := plan(root, files, o)
	if err != nil {
		return nil, err
	}
	fsys := o.fs()
	if err := checkDirs(fsys, root, files); err != nil {
		return nil, err
	}
	if found, err := present(fsys, filepath.Join(root, filepath.FromSlash(journalName))); err != nil || found {
		return nil, cmpOr(err, error(&InterruptedError{Root: root}))
	}
	return compare(fsys, root, all, o.Contract)
}

// compare classifies the files against the root. Stale files are those the contract's manifest
// lists and the tombstones an earlier run under go generate left (gogenerate.go).
func compare(fsys FS, root string, files []emit.File, contract string) (*State, error) {
	abs := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
	claims, err := otherClaims(fsys, root, contract)
	if err != nil {
		return nil, err
	}
	s := &State{Total: len(files)}
	produced := map[string]bool{}
	dirs := map[string]bool{metaDir: true}
	for _, f := range files {
		produced[f.Path] = true
		dirs[path.Dir(f.Path)] = true
		if err := checkNoLinks(fsys, root, f.Path); err != nil {
			return nil, err
		}
		if other, ok := claims[f.Path]; ok {
			s.Conflicts = append(s.Conflicts, Conflict{Path: f.Path, Contract: other})
			continue
		}
		old, found, err := readOwned(fsys, abs(f.Path))
		switch {
		case err != nil:
			return nil, err
		case old == nil && !found:
			s.Missing = append(s.Missing, f)
		case !IsGenerated(f.Path, old):
			s.Foreign = append(s.Foreign, f.Path)
		case !bytes.Equal(old, f.Bytes):
			s.Changed = append(s.Changed, Change{File: f, Old: old, HashOnly: hashOnly(old, f)})
		}
	}
	remove := leftoverTombstones(fsys, root, produced)
	listed, err := ownManifest(fsys, root, contract)
	if err != nil {
		return nil, err
	}
	for _, p := range slices.Concat(listed, remove) {
		dirs[path.Dir(p)] = true
		if produced[p] || claims[p] != "" || slices.Contains(s.Stale, p) {
			continue
		}
		if err := checkNoLinks(fsys, root, p); err != nil {
			return nil, err
		}
		old, _, err := readOwned(fsys, abs(p))
		if err != nil {
			return nil, err
		}
		if old != nil && IsGenerated(p, old) {
			s.Stale = append(s.Stale, p)
		}
	}
	sort.Strings(s.Stale)
	for dir := range dirs {
		entries, err := fsys.ReadDir(abs(dir))
		if err != nil {
			continue // a directory that does not exist holds no leftovers
		}
		for _, e := range entries {
			if isTemp(e.Name()) && e.Type().IsRegular() {
				s.leftovers = append(s.leftovers, path.Join(dir, e.Name()))
			}
		}
	}
	return s, nil
}

// isTemp reports whether a name is one the writer gives its staged files and backups (or the
// temporary files of contractgen versions before the journal: ".contractgen-" and digits).
func isTemp(name string) bool {
	rest, ok := strings.CutPrefix(name, tempPrefix)
	if !ok {
		return false
	}
	if strings.HasPrefix(rest, "tmp-") || strings.HasPrefix(rest, "old-") {
		return true
	}
	return rest != "" && strings.Trim(rest, "0123456789") == ""
}

// readOwned reads a file the run may replace. A missing file gives (nil, false, nil); anything
// that is not a regular file (a directory, a link, a FIFO) gives non-nil content without the
// header, so it counts as foreign and is never touched.
func readOwned(fsys FS, name string) ([]byte, bool, error) {
	fi, err := fsys.Lstat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("cannot inspect %s: %w", name, err)
	}
	if !fi.Mode().IsRegular() {
		return []byte{}, true, nil
	}
	data, err := fsys.ReadFile(name)
	if err != nil {
		return nil, false, fmt.Errorf("cannot read %s: %w", name, err)
	}
	return data, true, nil
}

// ownManifest returns the paths the contract's manifest on disk lists (none when there is none).
func ownManifest(fsys FS, root, contract string) ([]string, error) {
	name := ManifestPath(contract)
	data, found, err := readOwned(fsys, filepath.Join(root, filepath.FromSlash(name)))
	if err != nil || !found {
		return nil, err
	}
	return parseManifest(root, name, data)
}

// otherClaims maps each path another contract's manifest lists to that contract.
func otherClaims(fsys FS, root, contract string) (map[string]string, error) {
	claims := map[string]string{}
	entries, err := fsys.ReadDir(filepath.Join(root, metaDir))
	if errors.Is(err, fs.ErrNotExist) {
		return claims, nil
	}
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		other, ok := strings.CutSuffix(e.Name(), manifestExt)
		if !ok || other == contract || !e.Type().IsRegular() {
			continue
		}
		name := metaDir + "/" + e.Name()
		data, err := fsys.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil {
			return nil, err
		}
		paths, err := parseManifest(root, name, data)
		if err != nil {
			return nil, err
		}
		for _, p := range paths {
			claims[p] = other
		}
	}
	return claims, nil
}

// Report says what Apply did.
type Report struct {
	// Written are the generated files written (created or replaced).
	Written []string
	// Removed are the stale files removed.
	Removed []string
	// Retired are the stale files replaced by a tombstone under go generate (Options.GoGenerate).
	Retired []string
}

// Apply makes disk match the generated files, all or nothing. It refuses, changing nothing, when a
// generated file would replace a file that is not contractgen's or that another contract owns.
func Apply(root string, files []emit.File, o Options) (*Report, error) {
	all, err := plan(root, files, o)
	if err != nil {
		return nil, err
	}
	fsys := o.fs()
	if err := checkDirs(fsys, root, files); err != nil {
		return nil, err
	}
	created, err := mkdirAll(fsys, root)
	if err != nil {
		return nil, err
	}
	unlock, err := lock(root, o.Waiting)
	if err != nil {
		return nil, err
	}
	r, err := applyLocked(fsys, root, all, o)
	unlock()
	if err != nil && created != "" {
		// Leave no empty output directory behind a run that wrote nothing.
		for d := root; ; d = filepath.Dir(d) {
			if fsys.Remove(d) != nil || d == created || filepath.Dir(d) == d {
				break
			}
		}
	}
	return r, err
}

func applyLocked(fsys FS, root string, all []emit.File, o Options) (*Report, error) {
	if err := recoverJournal(fsys, root); err != nil {
		return nil, err
	}
	// Compared under the lock, so that what is retired or removed is what the commit finds.
	s, err := compare(fsys, root, all, o.Contract)
	if err != nil {
		return nil, err
	}
	for _, p := range s.leftovers {
		if err := fsys.Remove(filepath.Join(root, filepath.FromSlash(p))); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("cannot remove the temporary file of an interrupted run: %w", err)
		}
	}
	if len(s.Foreign) > 0 || len(s.Conflicts) > 0 {
		return nil, &ForeignError{Root: root, Paths: s.Foreign, Conflicts: s.Conflicts}
	}
	var tombs []emit.File
	if o.GoGenerate != nil {
		if tombs, err = retire(fsys, root, s.Stale, *o.GoGenerate); err != nil {
			return nil, err
		}
	}
	r := &Report{}
	writes := slices.Clone(s.Missing)
	for _, c := range s.Changed {
		writes = append(writes, c.File)
	}
	sort.Slice(writes, func(i, j int) bool { return writes[i].Path < writes[j].Path })
	for _, f := range writes {
		r.Written = append(r.Written, f.Path)
	}
	for _, p := range s.Stale {
		if slices.ContainsFunc(tombs, func(t emit.File) bool { return t.Path == p }) {
			r.Retired = append(r.Retired, p)
		} else {
			r.Removed = append(r.Removed, p)
		}
	}
	// Tombstones are written, not listed in the manifest: the manifest is already what the next
	// run writes, once go generate has run the tombstones.
	writes = append(writes, tombs...)
	if err := commit(fsys, root, writes, r.Removed); err != nil {
		return nil, err
	}
	return r, nil
}

// mkdirAll creates dir and its missing parents, returning the outermost directory it created ("" if none).
func mkdirAll(fsys FS, dir string) (string, error) {
	fi, err := fsys.Lstat(dir)
	switch {
	case err == nil && (fi.IsDir() || fi.Mode()&fs.ModeSymlink != 0):
		return "", nil // the output root itself may be a link the user made
	case err == nil:
		return "", fmt.Errorf("output directory %s is not a directory", dir)
	case !errors.Is(err, fs.ErrNotExist) || filepath.Dir(dir) == dir:
		return "", fmt.Errorf("cannot use the output directory: %w", err)
	}
	outer, err := mkdirAll(fsys, filepath.Dir(dir))
	if err != nil {
		return "", err
	}
	if err := fsys.Mkdir(dir); err != nil && !errors.Is(err, fs.ErrExist) {
		return "", fmt.Errorf("cannot create directory: %w", err)
	}
	if outer == "" {
		outer = dir
	}
	return outer, nil
}

// ForeignError reports files that would be overwritten although they are not this contract's.
type ForeignError struct {
	Root      string
	Paths     []string
	Conflicts []Conflict
}

func (e *ForeignError) Error() string {
	var b strings.Builder
	b.WriteString("nothing was written:")
	if len(e.Paths) > 0 {
		b.WriteString("\nrefusing to overwrite files that lack the generated-code header at their start (move them away or delete them):")
		for _, p := range e.Paths {
			b.WriteString("\n  " + filepath.Join(e.Root, filepath.FromSlash(p)))
		}
	}
	if len(e.Conflicts) > 0 {
		b.WriteString("\nrefusing to overwrite files that another contract generated into the same output directory (give the root schemas different file names, or use another --out):")
		for _, c := range e.Conflicts {
			fmt.Fprintf(&b, "\n  %s (contract %s)", filepath.Join(e.Root, filepath.FromSlash(c.Path)), c.Contract)
		}
	}
	return b.String()
}
