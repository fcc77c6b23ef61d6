package write

import (
	"errors"
	"io/fs"
	"os"
)

// FS is every file-system operation the writer performs. A run goes through it alone, so a test
// can make any single operation fail (or every operation after one, as a killed process would)
// and check that the tree is still entirely old or entirely new.
type FS interface {
	ReadFile(name string) ([]byte, error)
	Lstat(name string) (fs.FileInfo, error)
	ReadDir(name string) ([]fs.DirEntry, error)
	// Mkdir creates one directory (mode 0755).
	Mkdir(name string) error
	// WriteNew creates name, which must not exist, with mode 0644 and the given content; on
	// failure it leaves no file behind.
	WriteNew(name string, data []byte) error
	Rename(oldpath, newpath string) error
	Remove(name string) error
	// Sync makes a file's content, or a directory's entries (files created, renamed or removed
	// in it), durable: after it returns, a power loss keeps them.
	Sync(name string) error
}

// OS is the real file system.
var OS FS = osFS{}

type osFS struct{}

func (osFS) ReadFile(name string) ([]byte, error)       { return os.ReadFile(name) }
func (osFS) Lstat(name string) (fs.FileInfo, error)     { return os.Lstat(name) }
func (osFS) ReadDir(name string) ([]fs.DirEntry, error) { return os.ReadDir(name) }
func (osFS) Mkdir(name string) error                    { return os.Mkdir(name, 0o755) }
func (osFS) Rename(oldpath, newpath string) error       { return os.Rename(oldpath, newpath) }
func (osFS) Remove(name string) error                   { return os.Remove(name) }

func (osFS) Sync(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func (osFS) WriteNew(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
	}
	return err
}

// present reports whether name exists (without following a final symbolic link); an error
// other than "does not exist" is returned, since guessing either way could lose a file.
func present(fsys FS, name string) (bool, error) {
	_, err := fsys.Lstat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}
