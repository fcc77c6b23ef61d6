package write

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/emit"
)

// Names the writer keeps for itself under the output root.
const (
	// metaDir holds the contracts' manifests and, during a commit, the journal.
	metaDir = ".contractgen"
	// manifestExt ends a manifest's name: .contractgen/<contract>.manifest.
	manifestExt = ".manifest"
	// journalName is the journal of a commit in progress (relative to the root).
	journalName = metaDir + "/journal"
	// lockName is the lock file that serializes runs on one output root (relative to the root).
	lockName = ".contractgen.lock"
	// tempPrefix starts the name of every staged file and backup the writer makes.
	tempPrefix = ".contractgen-"
)

// PathError reports a path the writer refuses to touch.
type PathError struct {
	Root, Path, Reason string
}

func (e *PathError) Error() string {
	return fmt.Sprintf("refusing to write %q under the output directory %s: %s; nothing was written", e.Path, e.Root, e.Reason)
}

// checkRel checks that p, a slash-separated path relative to the output root, names a file inside
// the root after cleaning, whatever a flag, config value, package or schema name put into it.
func checkRel(root, p string) error {
	reason := ""
	switch {
	case !fs.ValidPath(p) || p == ".":
		reason = "it is not a clean relative path (no \"..\", \".\", empty or leading \"/\" elements)"
	case strings.ContainsAny(p, "\\\x00") || !filepath.IsLocal(filepath.FromSlash(p)):
		reason = "it leaves the output directory or is not a portable file name"
	case strings.HasPrefix(path.Base(p), tempPrefix) || p == lockName || strings.HasPrefix(p, metaDir+"/"):
		reason = "the name is reserved for contractgen's own bookkeeping"
	}
	if reason != "" {
		return &PathError{Root: root, Path: p, Reason: reason}
	}
	return nil
}

// checkNoLinks refuses a path whose existing directories below the root include a symbolic link
// (a link would carry the write outside the root) and returns whether the file itself exists.
func checkNoLinks(fsys FS, root, p string) error {
	dir := ""
	elems := strings.Split(p, "/")
	for i, e := range elems {
		dir = path.Join(dir, e)
		fi, err := fsys.Lstat(filepath.Join(root, filepath.FromSlash(dir)))
		if err != nil {
			return nil // does not exist yet: created as a real directory or file
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			return &PathError{Root: root, Path: p, Reason: dir + " is a symbolic link; contractgen writes only through real directories under --out"}
		}
		if i < len(elems)-1 && !fi.IsDir() {
			return &PathError{Root: root, Path: p, Reason: dir + " is not a directory"}
		}
	}
	return nil
}

// NotDirError is a path where the output needs a directory and something else is: the output root
// itself (Root) or the directory of generated files.
type NotDirError struct {
	Path string
	Root bool
}

func (e *NotDirError) Error() string {
	if e.Root {
		return e.Path + " is a file, not a directory: name a directory for the output (it is created when missing)"
	}
	return e.Path + " is a file, but generated files go in a directory of that name: move it away, or choose another output directory"
}

// checkDirs refuses, before anything is written or compared, an output root or a directory of
// generated files that exists as something other than a directory.
func checkDirs(fsys FS, root string, files []emit.File) error {
	if fi, err := fsys.Lstat(root); err == nil && !fi.IsDir() && fi.Mode()&fs.ModeSymlink == 0 {
		return &NotDirError{Path: root, Root: true}
	}
	seen := map[string]bool{}
	for _, f := range files {
		for dir := path.Dir(f.Path); dir != "." && !seen[dir]; dir = path.Dir(dir) {
			seen[dir] = true
			name := filepath.Join(root, filepath.FromSlash(dir))
			if fi, err := fsys.Lstat(name); err == nil && !fi.IsDir() && fi.Mode()&fs.ModeSymlink == 0 {
				return &NotDirError{Path: name}
			}
		}
	}
	return nil
}
