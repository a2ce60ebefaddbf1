//! The allocator's settings for large inputs (glibc on Linux; elsewhere nothing).

/// Hands back to the system what reading freed (the reader's pieces, lists outgrown), which
/// glibc would keep in its heap, below what the fit allocates next.
pub fn release_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn malloc_trim(pad: usize) -> std::ffi::c_int;
        }
        // SAFETY: malloc_trim only returns free memory of glibc's own heap to the system.
        unsafe { malloc_trim(0) };
    }
}

/// Tunes glibc's allocator for large inputs: blocks of 2 MB or more get pages of their own,
/// returned when freed, and the heap's top is not trimmed and regrown every iteration. By
/// default glibc raises that 2 MB bound to the largest block freed so far, after which a
/// run's big lists are carved from its heap and the room they leave is kept: on a million
/// games the peak was 188 MB where at most 152 MB are in use at once (146 MB with this and
/// [`release_freed_memory`] after reading). Tried for a large file read in two parts at once
/// (`engine::job::file`) and not kept: one heap for both threads (`M_ARENA_MAX` 1; the two
/// then waited on its lock, and reading gained nothing), and the heap grown 16 MB at a time,
/// not 128 KB (`M_TOP_PAD`: 0.03 s faster, up to 10 MB higher).
pub fn tune_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn mallopt(param: std::ffi::c_int, value: std::ffi::c_int) -> std::ffi::c_int;
        }
        const M_TRIM_THRESHOLD: std::ffi::c_int = -1;
        const M_MMAP_THRESHOLD: std::ffi::c_int = -3;
        // SAFETY: mallopt only changes glibc's allocation policy, before anything is allocated
        // that depends on it; the values are in the documented ranges.
        unsafe {
            mallopt(M_MMAP_THRESHOLD, 2 << 20);
            mallopt(M_TRIM_THRESHOLD, 256 << 20);
        }
    }
}
