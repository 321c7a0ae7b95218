#ifndef CLOOPSIM_SYSTEM_H
#define CLOOPSIM_SYSTEM_H

// The constants and macros of the C library that Swift cannot import: some
// are declared only under _GNU_SOURCE (which the Swift Glibc module does not
// define), some are function-like macros. Their values come from the real
// headers when shim.c is compiled, never from copies (LoopSimSystem is the
// only user; see docs/internals/system.md).

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>

#ifdef __cplusplus
extern "C" {
#endif

// <sys/socket.h>, _GNU_SOURCE: struct ucred, SO_PEERCRED.
extern const int cloopsim_SO_PEERCRED;
// <fcntl.h>, _GNU_SOURCE: memfd seals.
extern const int cloopsim_F_ADD_SEALS;
extern const int cloopsim_F_GET_SEALS;
extern const int cloopsim_F_SEAL_SEAL;
extern const int cloopsim_F_SEAL_SHRINK;
extern const int cloopsim_F_SEAL_GROW;
extern const int cloopsim_F_SEAL_WRITE;
// <sys/mman.h>, _GNU_SOURCE: memfd_create flags.
extern const unsigned int cloopsim_MFD_CLOEXEC;
extern const unsigned int cloopsim_MFD_ALLOW_SEALING;

/// memfd_create(2); -1 with errno set on failure.
int cloopsim_memfd_create(const char *name, unsigned int flags);

/// accept4(fd, NULL, NULL, flags): accept with SOCK_CLOEXEC.
int cloopsim_accept4(int fd, int flags);

/// getsockopt(SO_PEERCRED): 0 and the peer's pid, uid and gid, or -1 with errno.
int cloopsim_peer_credentials(int fd, pid_t *pid, uid_t *uid, gid_t *gid);

/// CMSG_SPACE(length), CMSG_LEN(length).
size_t cloopsim_cmsg_space(size_t length);
size_t cloopsim_cmsg_len(size_t length);
/// CMSG_FIRSTHDR, CMSG_NXTHDR, CMSG_DATA.
struct cmsghdr *cloopsim_cmsg_firsthdr(struct msghdr *message);
struct cmsghdr *cloopsim_cmsg_nxthdr(struct msghdr *message, struct cmsghdr *header);
unsigned char *cloopsim_cmsg_data(struct cmsghdr *header);

/// A 32-bit word two threads hand work over with (`ForkJoin`): C11
/// atomics, sequentially consistent, which Swift cannot name without the
/// Synchronization module, and futex(2), which Swift cannot call
/// (`syscall` is variadic).
uint32_t cloopsim_atomic_load(const uint32_t *word);
void cloopsim_atomic_store(uint32_t *word, uint32_t value);
/// Adds 1 and answers the new value.
uint32_t cloopsim_atomic_increment(uint32_t *word);
/// FUTEX_WAIT_PRIVATE: sleeps while `*word == expected` (or until woken;
/// the caller checks again).
void cloopsim_futex_wait(uint32_t *word, uint32_t expected);
/// FUTEX_WAKE_PRIVATE: wakes the threads asleep on `word`.
void cloopsim_futex_wake(uint32_t *word);

/// errno, read and set (a thread-local macro in C).
int cloopsim_errno(void);
void cloopsim_set_errno(int value);

#ifdef __cplusplus
}
#endif

#endif
