//go:build unix

package load

import "syscall"

// openNonblock keeps an open from blocking should the file have become a FIFO after the Stat.
const openNonblock = syscall.O_NONBLOCK
