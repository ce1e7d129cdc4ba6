//go:build linux

package atomicfs

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// ExchangeDirs swaps the names of two folders a and b in one step
// (renameat2 with RENAME_EXCHANGE), so that a crash leaves each name on
// one whole folder.
// It returns ErrNoExchange where the file system cannot do it.
func ExchangeDirs(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.EINVAL), errors.Is(err, unix.ENOSYS), errors.Is(err, unix.EOPNOTSUPP):
		return ErrNoExchange
	}
	return &os.LinkError{Op: "exchange", Old: a, New: b, Err: err}
}
