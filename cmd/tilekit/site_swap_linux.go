//go:build linux

package main

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// exchangeDirs swaps the names of two folders in one step (renameat2 with
// RENAME_EXCHANGE), so that a crash leaves each name on one whole folder.
// It returns errNoExchange where the file system cannot do it.
func exchangeDirs(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.EINVAL), errors.Is(err, unix.ENOSYS), errors.Is(err, unix.EOPNOTSUPP):
		return errNoExchange
	}
	return &os.LinkError{Op: "exchange", Old: a, New: b, Err: err}
}
