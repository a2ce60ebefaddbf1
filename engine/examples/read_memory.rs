//! Where a games file's memory goes: the bytes held at the peak of reading it (as the command
//! line does, in 1 MB pieces through `JobReader`) and of setting up a period method on it,
//! counted by a counting allocator (the bytes asked for, not the resident set).
//!
//! `cargo run --profile cli -p ratings-engine --example read_memory -- FILE [METHOD|read] [one]`
//! (`one`: the file read in one part, not two at once)

use ratings_engine::job::{file, Settings};
use ratings_engine::MethodKind;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grow(n: usize) {
    let held = HELD.fetch_add(n, Relaxed) + n;
    PEAK.fetch_max(held, Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // Net: a large block grows in place or by remapping its pages, not held twice.
        if new_size > layout.size() {
            grow(new_size - layout.size());
        } else {
            HELD.fetch_sub(layout.size() - new_size, Relaxed);
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn mb(bytes: usize) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: read_memory FILE [METHOD]");
        std::process::exit(2);
    };
    // `read`: reading alone (the games read for Glicko-2, as any method reads them).
    let method: MethodKind = args.get(1).filter(|m| *m != "read").map_or(MethodKind::Glicko2, |m| m.parse().expect("a method"));
    let size = std::fs::metadata(path).expect("a file").len() as usize;
    let settings = Settings { method, ..Settings::default() };
    let start = std::time::Instant::now();
    // `one`: in one part, as before a large file was read in two parts at once.
    let split = if args.get(2).is_some_and(|a| a == "one") { u64::MAX } else { file::SPLIT_BYTES };
    let job = file::read_path_splitting(std::path::Path::new(path), &settings, split).expect("a games file");
    let (read_peak, held) = (PEAK.load(Relaxed), HELD.load(Relaxed));
    println!(
        "read: {:.2} s, peak {} ({:.2} × the file of {}), held after {} ({:.2} ×); {} players, {} games",
        start.elapsed().as_secs_f64(),
        mb(read_peak),
        read_peak as f64 / size as f64,
        mb(size),
        mb(held),
        held as f64 / size as f64,
        job.input.dataset.players.len(),
        job.input.dataset.games.len()
    );
    if method_arg_is_read(&args) {
        return;
    }
    PEAK.store(held, Relaxed);
    let start = std::time::Instant::now();
    let finished = job.run();
    let peak = PEAK.load(Relaxed);
    println!(
        "{method}: {:.2} s, peak {} ({:.2} × the file), {} over what reading held; {}",
        start.elapsed().as_secs_f64(),
        mb(peak),
        peak as f64 / size as f64,
        mb(peak - held),
        if finished.rating.is_ok() { "rated" } else { "not rated" }
    );
}

/// Whether only the reading is to be measured.
fn method_arg_is_read(args: &[String]) -> bool {
    args.get(1).is_some_and(|m| m == "read")
}
