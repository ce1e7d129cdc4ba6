//go:build !(linux || darwin || dragonfly || freebsd || netbsd || openbsd)

package main

import "os"

// lockFile does nothing where flock is not available: there, concurrent
// runs that add files to one folder are not kept apart.
func lockFile(*os.File) error { return nil }

// haveLocks says whether lockFile really locks.
const haveLocks = false
