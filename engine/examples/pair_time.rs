use ratings_engine::pairing::dutch::{pair_round, PairOptions};
use ratings_engine::parse::trf::parse_trf;
use std::time::Instant;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (t, _) = parse_trf(&std::fs::read_to_string(&a[1]).unwrap()).unwrap();
    let last: usize = a.get(2).map(|x| x.parse().unwrap()).unwrap_or(t.rounds);
    let all = Instant::now();
    let first: usize = a.get(3).map(|x| x.parse().unwrap()).unwrap_or(1);
    for r in first..=last {
        let s = Instant::now();
        let p = pair_round(&t, r, &PairOptions::default());
        println!("round {r}: {:.3} s {}", s.elapsed().as_secs_f64(), p.map(|p| p.boards.len().to_string()).unwrap_or_else(|e| e.to_string()));
    }
    println!("all: {:.2} s", all.elapsed().as_secs_f64());
}
