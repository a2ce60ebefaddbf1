//! The places of one event checked and read: a place cell (`1`, or empty / `-` for a player
//! who took part without a place), a cell of players tied at one place (`A = B`, `A / B`),
//! and whether an event's places run without a gap.

/// What a ranking's places must look like, for errors.
pub(crate) const PLACES_EXPECTED: &str = "places without a gap: 1, 2, 3… with tied players sharing a place (1, 2, 2, 4 or 1, 2, 2, 3)";
/// What a place cell must hold, for errors.
pub(crate) const PLACE_EXPECTED: &str = "a place: a whole number from 1 (the winner), or empty or '-' for a player who took part unranked";

/// A place cell: `Ok(Some(k))` for place k ≥ 1, `Ok(None)` for no place (empty or `-`),
/// `Err(())` for anything else (0, a negative number, a word).
pub(crate) fn parse_place(cell: &str) -> Result<Option<u32>, ()> {
    match cell.trim() {
        "" | "-" => Ok(None),
        s => s.parse::<u32>().ok().filter(|&k| k >= 1).map(Some).ok_or(()),
    }
}

/// The players of a cell tied at one place: split at `=`, else at a `/` with a space on each
/// side (a name may hold a bare `/`, as `AC/DC`); one name when neither is there.
pub(crate) fn tied_names(cell: &str) -> Vec<&str> {
    if cell.contains('=') {
        cell.split('=').map(str::trim).collect()
    } else {
        cell.split(" / ").map(str::trim).collect()
    }
}

/// A place that skips: the place found, and the one due there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Skip {
    pub found: u32,
    pub due: u32,
}

/// The first place of `places` (any order) that skips under both standard competition
/// ranking (1, 2, 2, 4: a tie of t at place k is followed by place k + t) and dense ranking
/// (1, 2, 2, 3: by k + 1); `None` when the places are one or the other. Of the two readings
/// the one that goes further names the place.
pub(crate) fn skipped(places: &[u32]) -> Option<Skip> {
    let mut sorted = places.to_vec();
    sorted.sort_unstable();
    // Distinct places with how many share each.
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &p in &sorted {
        match runs.last_mut() {
            Some((q, n)) if *q == p => *n += 1,
            _ => runs.push((p, 1)),
        }
    }
    let first_bad = |standard: bool| -> Option<(usize, Skip)> {
        let mut due = 1u64;
        for (i, &(p, n)) in runs.iter().enumerate() {
            if u64::from(p) != due {
                return Some((i, Skip { found: p, due: due.min(u64::from(u32::MAX)) as u32 }));
            }
            due = u64::from(p) + if standard { u64::from(n) } else { 1 };
        }
        None
    };
    match (first_bad(true), first_bad(false)) {
        (Some((i, a)), Some((j, b))) => Some(if i >= j { a } else { b }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_and_dense_ranking_pass_gaps_do_not() {
        for ok in [&[1, 2, 3][..], &[2, 1], &[1, 1], &[1, 2, 2, 4], &[1, 2, 2, 3], &[1, 1, 1, 4, 5], &[1]] {
            assert_eq!(skipped(ok), None, "{ok:?}");
        }
        assert_eq!(skipped(&[1, 3]), Some(Skip { found: 3, due: 2 }));
        assert_eq!(skipped(&[2, 3]), Some(Skip { found: 2, due: 1 }));
        assert_eq!(skipped(&[1, 1, 2, 2, 4]), Some(Skip { found: 4, due: 3 }));
        assert_eq!(skipped(&[1, 2, 2, 5]), Some(Skip { found: 5, due: 4 }));
        assert_eq!(skipped(&[u32::MAX, 1]), Some(Skip { found: u32::MAX, due: 2 }));
    }

    #[test]
    fn cells() {
        assert_eq!(parse_place(" 3 "), Ok(Some(3)));
        assert_eq!(parse_place("-"), Ok(None));
        assert_eq!(parse_place(""), Ok(None));
        for bad in ["0", "-1", "x", "1.5"] {
            assert_eq!(parse_place(bad), Err(()), "{bad}");
        }
        assert_eq!(tied_names("A = B"), vec!["A", "B"]);
        assert_eq!(tied_names("A / B"), vec!["A", "B"]);
        assert_eq!(tied_names("AC/DC"), vec!["AC/DC"]);
    }
}
