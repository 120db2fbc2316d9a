"""Isolation layers applied to the *current* process, plus the reaper helpers.

Everything here is trusted code that runs in the sandbox child before student code loads
(:func:`apply_layers`), or in the launcher that supervises it (:func:`kill_descendants`). The
layers are plain functions of the current process so a future warm worker (a zygote that forks
per submission) can call the very same code after its fork.

Layers (each optional, each reporting why it could not be applied):

* ``rlimits`` — CPU seconds, data segment / address space, file size, open files, core dumps,
  process count (not enforced by Linux for root, so skipped there).
* ``capabilities`` — when running as root: empty bounding set and no capabilities, so the
  student's code cannot mount, reboot, load modules or override file permissions.
* ``landlock`` — filesystem: read only the Python installation, gradekit, system libraries
  and ``/proc``; write only the scratch directory. ``landlock-net`` (ABI >= 4) denies TCP bind
  and connect; ``landlock-scope`` (ABI >= 6) forbids signalling processes outside the sandbox.
* ``seccomp`` — a libseccomp filter returning EPERM for network sockets, ptrace, cross-process
  memory access, io_uring, namespaces, bpf, perf, keyrings, privileged administration and
  signals to the launcher or to process groups (including ``kill(-1)``).
"""

from __future__ import annotations

import ctypes
import errno
import functools
import os
import resource
import signal
import struct
import time
from collections.abc import Callable

from gradekit.sandbox.records import frozen_record

# --------------------------------------------------------------------------------------------
# rlimits
# --------------------------------------------------------------------------------------------


@frozen_record
class Limits:
    """Resource limits for one sandboxed run."""

    cpu_seconds: int = 60
    memory_bytes: int = 2 * 1024**3
    file_size_bytes: int = 64 * 1024**2
    open_files: int = 256
    extra_processes: int = 64

    def to_json(self) -> dict[str, int]:
        return {
            "cpu_seconds": self.cpu_seconds,
            "memory_bytes": self.memory_bytes,
            "file_size_bytes": self.file_size_bytes,
            "open_files": self.open_files,
            "extra_processes": self.extra_processes,
        }


def _lower_limit(which: int, soft: int, hard: int | None = None) -> None:
    """Set a limit, never above the current hard limit (which we could not raise anyway)."""
    current_soft, current_hard = resource.getrlimit(which)
    hard = soft if hard is None else hard
    if current_hard != resource.RLIM_INFINITY:
        hard = min(hard, current_hard)
        soft = min(soft, hard)
    resource.setrlimit(which, (soft, hard))


def apply_rlimits(limits: Limits) -> list[str]:
    """Apply ``limits``; returns notes about limits that do not apply here.

    Each limit is set on its own, so one the OS refuses (macOS rejects RLIMIT_DATA values, for
    instance) does not leave the others unset; the refused ones are raised together at the end.
    """
    notes = []
    wanted = [
        # SIGXCPU at the soft limit, SIGKILL one second later even if SIGXCPU is ignored.
        ("RLIMIT_CPU", resource.RLIMIT_CPU, limits.cpu_seconds, limits.cpu_seconds + 1),
        # RLIMIT_DATA covers heap and anonymous mmap (Linux >= 4.7) without counting the large
        # virtual reservations torch and BLAS make, so it bounds real allocations precisely.
        ("RLIMIT_DATA", resource.RLIMIT_DATA, limits.memory_bytes, None),
        ("RLIMIT_FSIZE", resource.RLIMIT_FSIZE, limits.file_size_bytes, None),
        ("RLIMIT_NOFILE", resource.RLIMIT_NOFILE, limits.open_files, None),
        ("RLIMIT_CORE", resource.RLIMIT_CORE, 0, None),
    ]
    if os.geteuid() == 0:
        notes.append("RLIMIT_NPROC is not enforced for root")
    else:
        count = _task_count_of_uid(os.getuid()) + limits.extra_processes
        wanted.append(("RLIMIT_NPROC", resource.RLIMIT_NPROC, count, None))
    refused = []
    for name, which, soft, hard in wanted:
        try:
            _lower_limit(which, soft, hard)
        except (OSError, ValueError) as exc:
            refused.append(f"{name}: {exc}")
    if refused:
        raise OSError("some resource limits were refused: " + "; ".join(refused))
    return notes


def _task_count_of_uid(uid: int) -> int:
    """Threads of ``uid`` system-wide: RLIMIT_NPROC counts tasks, not processes."""
    count = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            if os.stat(f"/proc/{entry}").st_uid == uid:
                count += len(os.listdir(f"/proc/{entry}/task"))
        except OSError:
            continue
    return count


# --------------------------------------------------------------------------------------------
# libc helpers
# --------------------------------------------------------------------------------------------

_libc = ctypes.CDLL(None, use_errno=True)
if hasattr(_libc, "prctl"):  # Linux only; elsewhere the Linux layers report themselves missing
    _libc.syscall.restype = ctypes.c_long
    _libc.prctl.restype = ctypes.c_int
    _libc.prctl.argtypes = [
        ctypes.c_int,
        ctypes.c_ulong,
        ctypes.c_ulong,
        ctypes.c_ulong,
        ctypes.c_ulong,
    ]

PR_CAPBSET_DROP = 24
PR_SET_NO_NEW_PRIVS = 38
PR_CAP_AMBIENT = 47
PR_CAP_AMBIENT_CLEAR_ALL = 4
PR_SET_CHILD_SUBREAPER = 36


def _prctl(option: int, arg2: int = 0) -> None:
    if _libc.prctl(option, arg2, 0, 0, 0) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"prctl({option}) failed: {os.strerror(err)}")


def set_child_subreaper() -> None:
    """Make orphaned descendants (double-forked daemons) re-parent to this process."""
    _prctl(PR_SET_CHILD_SUBREAPER, 1)


# --------------------------------------------------------------------------------------------
# capabilities
# --------------------------------------------------------------------------------------------


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [
        ("effective", ctypes.c_uint32),
        ("permitted", ctypes.c_uint32),
        ("inheritable", ctypes.c_uint32),
    ]


def drop_capabilities() -> None:
    """Empty the bounding, ambient, effective, permitted and inheritable capability sets."""
    with open("/proc/sys/kernel/cap_last_cap") as handle:
        last_cap = int(handle.read())
    for cap in range(last_cap + 1):
        _prctl(PR_CAPBSET_DROP, cap)
    _prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL)
    header = _CapHeader(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3
    data = (_CapData * 2)()
    if _libc.capset(ctypes.byref(header), data) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"capset failed: {os.strerror(err)}")


# --------------------------------------------------------------------------------------------
# Landlock
# --------------------------------------------------------------------------------------------

_SYS_LANDLOCK_CREATE_RULESET = 444  # same number on x86_64 and aarch64
_SYS_LANDLOCK_ADD_RULE = 445
_SYS_LANDLOCK_RESTRICT_SELF = 446
_LANDLOCK_CREATE_RULESET_VERSION = 1
_LANDLOCK_RULE_PATH_BENEATH = 1

FS_EXECUTE = 1 << 0
FS_WRITE_FILE = 1 << 1
FS_READ_FILE = 1 << 2
FS_READ_DIR = 1 << 3
FS_REMOVE_DIR = 1 << 4
FS_REMOVE_FILE = 1 << 5
FS_MAKE_CHAR = 1 << 6
FS_MAKE_DIR = 1 << 7
FS_MAKE_REG = 1 << 8
FS_MAKE_SOCK = 1 << 9
FS_MAKE_FIFO = 1 << 10
FS_MAKE_BLOCK = 1 << 11
FS_MAKE_SYM = 1 << 12
FS_REFER = 1 << 13  # ABI 2
FS_TRUNCATE = 1 << 14  # ABI 3
FS_IOCTL_DEV = 1 << 15  # ABI 5
NET_BIND_TCP = 1 << 0  # ABI 4
NET_CONNECT_TCP = 1 << 1
SCOPE_ABSTRACT_UNIX_SOCKET = 1 << 0  # ABI 6
SCOPE_SIGNAL = 1 << 1

_FILE_ONLY_RIGHTS = FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE | FS_IOCTL_DEV


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


@functools.cache
def landlock_abi() -> int:
    """The kernel's Landlock ABI version, or 0 when Landlock is unavailable (asked once per
    process: a warm zygote asks before forking, so workers inherit the answer)."""
    version = _libc.syscall(
        _SYS_LANDLOCK_CREATE_RULESET,
        None,
        ctypes.c_size_t(0),
        ctypes.c_uint32(_LANDLOCK_CREATE_RULESET_VERSION),
    )
    return max(int(version), 0)


def _handled_fs_rights(abi: int) -> int:
    rights = (1 << 13) - 1  # ABI 1: execute .. make_sym
    if abi >= 2:
        rights |= FS_REFER
    if abi >= 3:
        rights |= FS_TRUNCATE
    if abi >= 5:
        rights |= FS_IOCTL_DEV
    return rights


@frozen_record
class FilesystemView:
    """What the sandboxed process may see: read-only trees and writable trees."""

    read_paths: tuple[str, ...]
    write_paths: tuple[str, ...]


def apply_landlock(view: FilesystemView, *, deny_tcp: bool = True, scope: bool = True) -> list[str]:
    """Restrict this process (and its future children) with Landlock; returns applied layers."""
    abi = landlock_abi()
    if abi < 1:
        raise OSError(errno.ENOSYS, "Landlock is not supported by this kernel")
    handled_fs = _handled_fs_rights(abi)
    attr = _RulesetAttr(handled_access_fs=handled_fs)
    size = 8
    applied = landlock_layers(abi, deny_tcp=deny_tcp, scope=scope)
    if "landlock-net" in applied:
        attr.handled_access_net = NET_BIND_TCP | NET_CONNECT_TCP  # handled + no rule = denied
    if abi >= 4:
        size = 16
    if "landlock-scope" in applied:
        attr.scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL
        size = 24
    ruleset_fd = _libc.syscall(
        _SYS_LANDLOCK_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), ctypes.c_uint32(0)
    )
    if ruleset_fd < 0:
        err = ctypes.get_errno()
        raise OSError(err, f"landlock_create_ruleset failed: {os.strerror(err)}")
    try:
        read_rights = FS_EXECUTE | FS_READ_FILE | FS_READ_DIR
        for path in view.read_paths:
            _add_path_rule(ruleset_fd, path, read_rights & handled_fs)
        for path in view.write_paths:
            _add_path_rule(ruleset_fd, path, handled_fs)
        _prctl(PR_SET_NO_NEW_PRIVS, 1)
        if (
            _libc.syscall(_SYS_LANDLOCK_RESTRICT_SELF, ctypes.c_int(ruleset_fd), ctypes.c_uint32(0))
            != 0
        ):
            err = ctypes.get_errno()
            raise OSError(err, f"landlock_restrict_self failed: {os.strerror(err)}")
    finally:
        os.close(ruleset_fd)
    return applied


def landlock_layers(abi: int, *, deny_tcp: bool = True, scope: bool = True) -> list[str]:
    """The layers :func:`apply_landlock` puts in force with Landlock ABI ``abi``."""
    layers = ["landlock"]
    if abi >= 4 and deny_tcp:
        layers.append("landlock-net")
    if abi >= 6 and scope:
        layers.append("landlock-scope")
    return layers


def _add_path_rule(ruleset_fd: int, path: str, rights: int) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # a path that does not exist here needs no rule
    try:
        if not os.path.isdir(path):
            rights &= _FILE_ONLY_RIGHTS
        rule = _PathBeneathAttr(allowed_access=rights, parent_fd=fd)
        if (
            _libc.syscall(
                _SYS_LANDLOCK_ADD_RULE,
                ctypes.c_int(ruleset_fd),
                ctypes.c_int(_LANDLOCK_RULE_PATH_BENEATH),
                ctypes.byref(rule),
                ctypes.c_uint32(0),
            )
            != 0
        ):
            err = ctypes.get_errno()
            raise OSError(err, f"landlock_add_rule({path}) failed: {os.strerror(err)}")
    finally:
        os.close(fd)


# --------------------------------------------------------------------------------------------
# seccomp (through libseccomp, which is present wherever Docker or systemd is)
# --------------------------------------------------------------------------------------------

_SCMP_ACT_ALLOW = 0x7FFF0000
_SCMP_CMP_EQ = 4
_SCMP_CMP_MASKED_EQ = 7
_AF_INET, _AF_INET6, _AF_NETLINK, _AF_PACKET = 2, 10, 16, 17


def _scmp_act_errno(code: int) -> int:
    return 0x00050000 | (code & 0xFFFF)


class _ArgCmp(ctypes.Structure):
    _fields_ = [
        ("arg", ctypes.c_uint),
        ("op", ctypes.c_int),
        ("datum_a", ctypes.c_uint64),
        ("datum_b", ctypes.c_uint64),
    ]


# Denied outright: debugging/reading other processes, kernel attack surface nobody's homework
# needs, namespace escapes and (relevant when the grader runs as root) system administration.
DENIED_SYSCALLS = (
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "process_madvise",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "unshare",
    "setns",
    "bpf",
    "perf_event_open",
    "userfaultfd",
    "keyctl",
    "add_key",
    "request_key",
    "pidfd_open",
    "pidfd_send_signal",
    "pidfd_getfd",
    "mount",
    "umount2",
    "pivot_root",
    "chroot",
    "move_mount",
    "open_tree",
    "fsopen",
    "reboot",
    "kexec_load",
    "kexec_file_load",
    "init_module",
    "finit_module",
    "delete_module",
    "swapon",
    "swapoff",
    "sethostname",
    "setdomainname",
    "settimeofday",
    "clock_settime",
    "clock_adjtime",
    "adjtimex",
    "acct",
    "quotactl",
    "iopl",
    "ioperm",
    "syslog",
    "open_by_handle_at",
    "name_to_handle_at",
    "mknod",
    "mknodat",
)


# The soname libseccomp has had since 2013. Loading it by name lets the dynamic loader find it
# directly; ``ctypes.util.find_library`` (which spawns ``ldconfig -p``, tens of milliseconds)
# is only the fallback for systems that install it under another name.
LIBSECCOMP_SONAME = "libseccomp.so.2"


@functools.cache
def _load_libseccomp() -> ctypes.CDLL:
    try:
        lib = ctypes.CDLL(LIBSECCOMP_SONAME, use_errno=True)
    except OSError:
        # Imported here: ctypes.util imports subprocess, which no zygote needs otherwise.
        from ctypes.util import find_library

        name = find_library("seccomp")
        if name is None:
            raise OSError(errno.ENOENT, "libseccomp is not installed") from None
        lib = ctypes.CDLL(name, use_errno=True)
    lib.seccomp_init.restype = ctypes.c_void_p
    lib.seccomp_init.argtypes = [ctypes.c_uint32]
    lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    lib.seccomp_rule_add_array.argtypes = [
        ctypes.c_void_p,
        ctypes.c_uint32,
        ctypes.c_int,
        ctypes.c_uint,
        ctypes.POINTER(_ArgCmp),
    ]
    lib.seccomp_load.argtypes = [ctypes.c_void_p]
    lib.seccomp_release.argtypes = [ctypes.c_void_p]
    lib.seccomp_export_bpf.argtypes = [ctypes.c_void_p, ctypes.c_int]
    return lib


def _build_filter(lib: ctypes.CDLL, protected_pid: int) -> int:
    """A libseccomp context holding the filter (the caller releases it)."""
    ctx = lib.seccomp_init(_SCMP_ACT_ALLOW)
    if not ctx:
        raise OSError(errno.EINVAL, "seccomp_init failed")
    deny = _scmp_act_errno(errno.EPERM)

    def rule(name: str, *conditions: tuple[int, int, int, int]) -> None:
        number = lib.seccomp_syscall_resolve_name(name.encode())
        if number < 0:
            return  # the syscall does not exist on this architecture
        array = (_ArgCmp * max(len(conditions), 1))(*[_ArgCmp(*c) for c in conditions])
        result = lib.seccomp_rule_add_array(ctx, deny, number, len(conditions), array)
        if result != 0:
            raise OSError(-result, f"seccomp rule for {name} failed: {os.strerror(-result)}")

    try:
        for family in (_AF_INET, _AF_INET6, _AF_NETLINK, _AF_PACKET):
            rule("socket", (0, _SCMP_CMP_EQ, family, 0))
        for name in DENIED_SYSCALLS:
            rule(name)
        low32 = 0xFFFFFFFF
        # pid arguments are C ints: compare only the low 32 bits.
        rule("kill", (0, _SCMP_CMP_MASKED_EQ, 0x80000000, 0x80000000))  # groups, and -1
        rule("kill", (0, _SCMP_CMP_MASKED_EQ, low32, protected_pid & low32))
        rule("tkill", (0, _SCMP_CMP_MASKED_EQ, low32, protected_pid & low32))
        rule("tgkill", (0, _SCMP_CMP_MASKED_EQ, low32, protected_pid & low32))
        rule("rt_sigqueueinfo", (0, _SCMP_CMP_MASKED_EQ, low32, protected_pid & low32))
    except BaseException:
        lib.seccomp_release(ctx)
        raise
    return ctx


# --------------------------------------------------------------------------------------------
# The same filter, compiled once per warm zygote
# --------------------------------------------------------------------------------------------

# Stand-ins for the protected pid while compiling: real pids never reach 2**30 (pid_max is at
# most 2**22), and two different values prove which instructions hold the pid.
_PID_PLACEHOLDERS = (0x5EC0_0001, 0x5EC0_0002)
_BPF_INSTRUCTION = struct.Struct("=HBBI")  # struct sock_filter: code, jt, jf, k
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


@frozen_record
class SeccompTemplate:
    """The compiled BPF program of :func:`apply_seccomp`'s filter, for any protected pid.

    Compiling the filter costs milliseconds; a warm zygote compiles it once
    (:func:`prepare_seccomp`, as a :class:`LoadableProgram`) and each launcher only writes its
    pid into ``pid_slots`` (the indices of the instructions whose constant is the pid). The
    program is byte for byte what libseccomp compiles for that pid.
    """

    instructions: tuple[tuple[int, int, int, int], ...]
    pid_slots: frozenset[int]

    def program_for(self, protected_pid: int) -> bytes:
        program = bytearray(b"".join(_BPF_INSTRUCTION.pack(*i) for i in self.instructions))
        for index in self.pid_slots:
            code, jt, jf, _ = self.instructions[index]
            packed = _BPF_INSTRUCTION.pack(code, jt, jf, protected_pid & 0xFFFFFFFF)
            program[index * _BPF_INSTRUCTION.size : (index + 1) * _BPF_INSTRUCTION.size] = packed
        return bytes(program)


def compile_seccomp(protected_pid: int) -> bytes:
    """libseccomp's BPF program of the filter for ``protected_pid`` (``seccomp_export_bpf``)."""
    lib = _load_libseccomp()
    ctx = _build_filter(lib, protected_pid)
    memory = os.memfd_create("gradekit-seccomp", os.MFD_CLOEXEC)
    try:
        result = lib.seccomp_export_bpf(ctx, memory)
        if result != 0:
            raise OSError(-result, f"seccomp_export_bpf failed: {os.strerror(-result)}")
        size = os.lseek(memory, 0, os.SEEK_END)
        return os.pread(memory, size, 0)
    finally:
        os.close(memory)
        lib.seccomp_release(ctx)


def _instructions(program: bytes) -> list[tuple[int, int, int, int]]:
    return list(_BPF_INSTRUCTION.iter_unpack(program))


def build_seccomp_template() -> SeccompTemplate:
    """Compile the filter with two placeholder pids and locate the pid in the program.

    The two programs must differ exactly in instructions whose constant is the placeholder;
    anything else (a libseccomp that lays the program out differently per value) raises
    :class:`OSError`, and workers then compile the filter themselves.
    """
    first, second = (_instructions(compile_seccomp(pid)) for pid in _PID_PLACEHOLDERS)
    if len(first) != len(second):
        raise OSError(errno.EINVAL, "the seccomp program's length depends on the pid")
    slots = set()
    for index, (a, b) in enumerate(zip(first, second, strict=True)):
        if a == b:
            if a[3] in _PID_PLACEHOLDERS:
                raise OSError(errno.EINVAL, "a placeholder pid appears in a fixed instruction")
            continue
        if a[:3] != b[:3] or (a[3], b[3]) != _PID_PLACEHOLDERS:
            raise OSError(errno.EINVAL, f"seccomp instruction {index} differs beyond the pid")
        slots.add(index)
    if not slots:
        raise OSError(errno.EINVAL, "the pid does not appear in the seccomp program")
    return SeccompTemplate(tuple(first), frozenset(slots))


class LoadableProgram:
    """The template's program in C memory, as ``prctl(PR_SET_SECCOMP)`` reads it (a
    ``sock_fprog`` pointing at the instructions), for one protected pid at a time.

    A warm zygote lays it out once (:func:`prepare_seccomp`); each launcher writes its own pid
    into it before forking its workers (:func:`prepare_for_workers`), which touches only the
    pid's instructions, and each worker then only loads it. Compiling, building these C
    structures or writing the pid in every fresh fork cost about 40 copied pages a worker."""

    __slots__ = ("protected_pid", "_instructions", "_pid_offsets", "_fprog", "address")

    def __init__(self, template: SeccompTemplate) -> None:
        self.protected_pid = _PID_PLACEHOLDERS[0]
        program = template.program_for(self.protected_pid)
        self._instructions = ctypes.create_string_buffer(program, len(program))
        # Where the constant of each instruction holding the pid is (after code, jt and jf).
        self._pid_offsets = tuple(
            index * _BPF_INSTRUCTION.size + _BPF_CONSTANT_AT for index in sorted(template.pid_slots)
        )
        self._fprog = _SockFprog(
            len(program) // _BPF_INSTRUCTION.size, ctypes.addressof(self._instructions)
        )
        self.address = ctypes.addressof(self._fprog)

    def protect(self, pid: int) -> None:
        """Make this the program for ``pid``: byte for byte ``template.program_for(pid)``."""
        if pid != self.protected_pid:
            for offset in self._pid_offsets:
                _BPF_CONSTANT.pack_into(self._instructions, offset, pid & 0xFFFFFFFF)
            self.protected_pid = pid

    def load(self) -> None:
        """Install the program as this process's seccomp filter (no_new_privs first, as
        ``seccomp_load`` does)."""
        _prctl(PR_SET_NO_NEW_PRIVS, 1)
        if _libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, self.address, 0, 0) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"loading the seccomp filter failed: {os.strerror(err)}")


_BPF_CONSTANT = struct.Struct("=I")  # struct sock_filter's k
_BPF_CONSTANT_AT = struct.calcsize("=HBB")

# The program a warm zygote compiled (None elsewhere: workers then compile their own).
_loadable_program: LoadableProgram | None = None


def prepare_seccomp() -> None:
    """Compile the seccomp filter once in this process, for the workers it will fork.

    Raises :class:`OSError` when it cannot (no libseccomp): workers then try on their own and
    report the layer missing exactly as before.
    """
    global _loadable_program
    _loadable_program = LoadableProgram(build_seccomp_template())


def loadable_seccomp_program(protected_pid: int) -> LoadableProgram | None:
    """The prepared program, made the one for ``protected_pid``; None when this process has
    none (no warm zygote compiled it)."""
    program = _loadable_program
    if program is not None:
        program.protect(protected_pid)
    return program


def apply_seccomp(protected_pid: int) -> None:
    """Install the seccomp filter; ``protected_pid`` (the launcher) may not be signalled."""
    program = loadable_seccomp_program(protected_pid)
    if program is not None:
        program.load()
        return
    lib = _load_libseccomp()
    ctx = _build_filter(lib, protected_pid)
    try:
        result = lib.seccomp_load(ctx)
        if result != 0:
            raise OSError(-result, f"seccomp_load failed: {os.strerror(-result)}")
    finally:
        lib.seccomp_release(ctx)


# --------------------------------------------------------------------------------------------
# Applying everything
# --------------------------------------------------------------------------------------------

ALL_CHILD_LAYERS = ("rlimits", "capabilities", "landlock", "seccomp")


def prepare_for_workers(enabled: tuple[str, ...] | list[str], protected_pid: int) -> None:
    """In a launcher about to fork workers: finish what their ``enabled`` layers need that is
    the same for every worker (the zygote's seccomp program, made the one protecting
    ``protected_pid``, the launcher itself), so each worker only makes the system calls. Only
    inputs are prepared: every worker still applies each layer itself, after its fork."""
    if "seccomp" in enabled:
        loadable_seccomp_program(protected_pid)


def layers_in_force(enabled: tuple[str, ...] | list[str]) -> list[str]:
    """What :func:`apply_layers` reports applied when every one of the ``enabled`` layers
    applies here, in its order (a warm zygote encodes that report once for its workers)."""
    in_force: list[str] = []
    for name in _attempted_here(enabled):
        in_force += landlock_layers(landlock_abi()) if name == "landlock" else [name]
    return in_force


# The order apply_layers applies the layers in. capset is the step most likely to be refused,
# so it comes last and cannot block the filesystem and syscall layers.
_APPLY_ORDER = ("rlimits", "landlock", "seccomp", "capabilities")


def _attempted_here(enabled: tuple[str, ...] | list[str]) -> list[str]:
    """The ``enabled`` layers apply_layers attempts in this process, in its order: dropping
    capabilities only as root (anyone else has none to drop)."""
    return [
        name
        for name in _APPLY_ORDER
        if name in enabled and (name != "capabilities" or os.geteuid() == 0)
    ]


def apply_layers(
    enabled: tuple[str, ...] | list[str],
    limits: Limits,
    filesystem: FilesystemView,
    protected_pid: int,
) -> tuple[list[str], dict[str, str]]:
    """Apply the ``enabled`` layers to the current process, in a safe order.

    Returns ``(applied, failed)``: the layers now in force (with sub-layers such as
    ``landlock-net``) and a reason for each enabled layer that could not be applied.
    """
    applied: list[str] = []
    failed: dict[str, str] = {}

    def rlimits() -> None:
        apply_rlimits(limits)  # its notes (NPROC under root) are documented, not reported

    actions: dict[str, Callable[[], list[str] | None]] = {
        "rlimits": rlimits,
        "landlock": lambda: apply_landlock(filesystem),
        "seccomp": lambda: apply_seccomp(protected_pid),
        "capabilities": drop_capabilities,
    }
    for name in _attempted_here(enabled):
        try:
            in_force = actions[name]()
        except Exception as exc:  # each layer degrades on its own, with the reason recorded
            failed[name] = f"{type(exc).__name__}: {exc}"
            continue
        applied.extend(in_force or [name])  # the (sub-)layers it put in force, default [name]
    return applied, failed


# --------------------------------------------------------------------------------------------
# Reaping
# --------------------------------------------------------------------------------------------


def _parent_map() -> dict[int, int]:
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                stat = handle.read()
        except OSError:
            continue
        # The command name may contain spaces and parentheses: parse after the last ')'.
        fields = stat[stat.rfind(b")") + 2 :].split()
        if len(fields) > 1:
            parents[int(entry)] = int(fields[1])
    return parents


def descendants_of(pid: int) -> list[int]:
    """All live descendants of ``pid`` (children, grandchildren...), from /proc."""
    parents = _parent_map()
    children: dict[int, list[int]] = {}
    for child, parent in parents.items():
        children.setdefault(parent, []).append(child)
    found, stack = [], list(children.get(pid, []))
    while stack:
        current = stack.pop()
        found.append(current)
        stack.extend(children.get(current, []))
    return found


def kill_descendants(pid: int | None = None, *, timeout: float = 5.0) -> int:
    """SIGKILL every descendant of ``pid`` (default: this process) and reap our children.

    Repeats until none is left, since a fork bomb may fork while we kill. Returns how many
    processes were killed.
    """
    pid = os.getpid() if pid is None else pid
    if pid == os.getpid() and not _may_have_children():
        # No child means no descendant at all (an orphaned grandchild is re-parented to a
        # subreaper, i.e. to us if we are one, or leaves our tree), so the /proc walk, which
        # costs milliseconds on a busy machine, would find nothing.
        return 0
    killed: set[int] = set()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        remaining = descendants_of(pid)
        for victim in remaining:
            try:
                os.kill(victim, signal.SIGKILL)
                killed.add(victim)
            except ProcessLookupError:
                pass
        if pid == os.getpid():
            _reap_children()
        if not remaining:
            break
        time.sleep(0.005)
    return len(killed)


def _may_have_children() -> bool:
    """False only when this process certainly has no child, running or zombie."""
    try:
        os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        return False
    return True  # a running child, or a zombie just reaped: there may be more


def no_children_left() -> bool:
    """Whether this process has no child at all, reaping the zombies it finds on the way.

    In a child subreaper this means no descendant at all: an orphan re-parents to us, so any
    live descendant has an ancestor (or is itself) among our children."""
    while True:
        try:
            child, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return True
        if child == 0:
            return False  # a child that is still running


def _reap_children() -> None:
    while True:
        try:
            child, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if child == 0:
            return
