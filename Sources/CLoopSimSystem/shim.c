#define _GNU_SOURCE
#include "CLoopSimSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/futex.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

const int cloopsim_SO_PEERCRED = SO_PEERCRED;
const int cloopsim_F_ADD_SEALS = F_ADD_SEALS;
const int cloopsim_F_GET_SEALS = F_GET_SEALS;
const int cloopsim_F_SEAL_SEAL = F_SEAL_SEAL;
const int cloopsim_F_SEAL_SHRINK = F_SEAL_SHRINK;
const int cloopsim_F_SEAL_GROW = F_SEAL_GROW;
const int cloopsim_F_SEAL_WRITE = F_SEAL_WRITE;
const unsigned int cloopsim_MFD_CLOEXEC = MFD_CLOEXEC;
const unsigned int cloopsim_MFD_ALLOW_SEALING = MFD_ALLOW_SEALING;

int cloopsim_memfd_create(const char *name, unsigned int flags) {
    return memfd_create(name, flags);
}

int cloopsim_accept4(int fd, int flags) {
    return accept4(fd, NULL, NULL, flags);
}

int cloopsim_peer_credentials(int fd, pid_t *pid, uid_t *uid, gid_t *gid) {
    struct ucred credentials;
    socklen_t length = sizeof(credentials);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    if (length != sizeof(credentials)) { errno = EPROTO; return -1; }
    *pid = credentials.pid;
    *uid = credentials.uid;
    *gid = credentials.gid;
    return 0;
}

size_t cloopsim_cmsg_space(size_t length) { return CMSG_SPACE(length); }
size_t cloopsim_cmsg_len(size_t length) { return CMSG_LEN(length); }
struct cmsghdr *cloopsim_cmsg_firsthdr(struct msghdr *message) { return CMSG_FIRSTHDR(message); }
struct cmsghdr *cloopsim_cmsg_nxthdr(struct msghdr *message, struct cmsghdr *header) { return CMSG_NXTHDR(message, header); }
unsigned char *cloopsim_cmsg_data(struct cmsghdr *header) { return CMSG_DATA(header); }

int cloopsim_errno(void) { return errno; }
void cloopsim_set_errno(int value) { errno = value; }

uint32_t cloopsim_atomic_load(const uint32_t *word) {
    return atomic_load((const _Atomic uint32_t *)word);
}

void cloopsim_atomic_store(uint32_t *word, uint32_t value) {
    atomic_store((_Atomic uint32_t *)word, value);
}

uint32_t cloopsim_atomic_increment(uint32_t *word) {
    return atomic_fetch_add((_Atomic uint32_t *)word, 1) + 1;
}

void cloopsim_futex_wait(uint32_t *word, uint32_t expected) {
    int saved = errno;
    syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
    errno = saved;
}

void cloopsim_futex_wake(uint32_t *word) {
    int saved = errno;
    syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
    errno = saved;
}
