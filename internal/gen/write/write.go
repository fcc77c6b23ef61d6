// Package write puts generated files on disk and compares them with what is there.
//
// Writing is careful: everything is checked before the first byte is written (a file without the
// generated-code header is never replaced), only files whose bytes change are written, each through
// a temporary file and a rename, and files that contractgen generated earlier but no longer produces
// are removed.
package write

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"

	"github.com/contractgen/contractgen/internal/gen/emit"
)

// headerWindow is how far into a file the generated-code header is looked for: JSON and Markdown
// files carry it a line or two down.
const headerWindow = 512

// IsGenerated reports whether content carries contractgen's header near its start.
func IsGenerated(content []byte) bool {
	if len(content) > headerWindow {
		content = content[:headerWindow]
	}
	return bytes.Contains(content, []byte(emit.Header))
}

// State compares the files a run produces with the output directory.
type State struct {
	// Changed are generated files whose content differs from disk, with the disk content.
	Changed []Change
	// Missing are generated files that are not on disk.
	Missing []emit.File
	// Stale are files on disk that contractgen generated but no longer produces.
	Stale []string
	// Foreign are paths where a file would be written that contractgen did not generate.
	Foreign []string
}

// Change is one file whose content would change.
type Change struct {
	File emit.File
	// Old is the content on disk.
	Old []byte
}

// Clean reports whether disk matches the generated files exactly.
func (s *State) Clean() bool {
	return len(s.Changed) == 0 && len(s.Missing) == 0 && len(s.Stale) == 0 && len(s.Foreign) == 0
}

// Compare reads the output root and classifies every generated file against it. Stale files are
// looked for in each directory that receives generated files.
func Compare(root string, files []emit.File) (*State, error) {
	s := &State{}
	produced := map[string]bool{}
	dirs := map[string]bool{}
	for _, f := range files {
		produced[f.Path] = true
		dirs[path.Dir(f.Path)] = true
		old, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.Path)))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			s.Missing = append(s.Missing, f)
		case err != nil:
			return nil, err
		case !IsGenerated(old):
			s.Foreign = append(s.Foreign, f.Path)
		case !bytes.Equal(old, f.Bytes):
			s.Changed = append(s.Changed, Change{File: f, Old: old})
		}
	}
	for _, dir := range sortedKeys(dirs) {
		entries, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(dir)))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		for _, e := range entries {
			rel := path.Join(dir, e.Name())
			if e.IsDir() || produced[rel] {
				continue
			}
			content, err := readHead(filepath.Join(root, filepath.FromSlash(rel)))
			if err != nil {
				return nil, err
			}
			if IsGenerated(content) {
				s.Stale = append(s.Stale, rel)
			}
		}
	}
	sort.Strings(s.Stale)
	return s, nil
}

func readHead(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, headerWindow)
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, err
	}
	return buf[:n], nil
}

// Report says what Apply did.
type Report struct {
	Written []string
	Removed []string
}

// Apply makes disk match the generated files. It refuses, changing nothing, when a generated file
// would replace a file that contractgen did not generate.
func Apply(root string, files []emit.File) (*Report, error) {
	s, err := Compare(root, files)
	if err != nil {
		return nil, err
	}
	if len(s.Foreign) > 0 {
		return nil, &ForeignError{Root: root, Paths: s.Foreign}
	}
	r := &Report{}
	writes := slices.Clone(s.Missing)
	for _, c := range s.Changed {
		writes = append(writes, c.File)
	}
	sort.Slice(writes, func(i, j int) bool { return writes[i].Path < writes[j].Path })
	for _, f := range writes {
		if err := atomicWrite(filepath.Join(root, filepath.FromSlash(f.Path)), f.Bytes); err != nil {
			return r, err
		}
		r.Written = append(r.Written, f.Path)
	}
	for _, rel := range s.Stale {
		if err := os.Remove(filepath.Join(root, filepath.FromSlash(rel))); err != nil {
			return r, err
		}
		r.Removed = append(r.Removed, rel)
	}
	return r, nil
}

// ForeignError reports files that would be overwritten although contractgen did not write them.
type ForeignError struct {
	Root  string
	Paths []string
}

func (e *ForeignError) Error() string {
	msg := "refusing to overwrite files that lack the generated-code header (move them away or delete them):"
	for _, p := range e.Paths {
		msg += "\n  " + filepath.Join(e.Root, filepath.FromSlash(p))
	}
	return msg
}

// atomicWrite writes through a temporary file in the same directory and a rename, so a reader never
// sees half a file.
func atomicWrite(name string, data []byte) error {
	dir := filepath.Dir(name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".contractgen-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		return fmt.Errorf("cannot replace %s: %w", name, err)
	}
	return nil
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
