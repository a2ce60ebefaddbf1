//! How the organiser's tables print (wasm-free, so its tests run natively): a crosstable's
//! page orientation and type size, chosen so every column fits the page's width.

/// How a crosstable prints: on an A4 page upright or turned (`@page wide`), and its type size
/// in points, so every round, the points and every tiebreak fit the page's width. `cells`:
/// the round (or opponent) columns and the width of each in ems; `tiebreaks`: their columns.
pub fn print_fit(cells: usize, cell_em: f64, tiebreaks: usize) -> (bool, f64) {
    // The width of an A4 page inside the margins (`@page`: 12 mm each side), in points.
    const UPRIGHT: f64 = (210.0 - 24.0) / 25.4 * 72.0;
    const TURNED: f64 = (297.0 - 24.0) / 25.4 * 72.0;
    // Rank, name (cut to 12 em in print), rating and points; a tiebreak's value.
    let ems = 19.0 + cells as f64 * cell_em + tiebreaks as f64 * 4.0;
    let size = |width: f64| ((width / ems) * 2.0).floor() / 2.0;
    match size(UPRIGHT) {
        s if s >= 8.0 => (false, s.min(9.0)),
        _ => (true, size(TURNED).clamp(4.5, 9.0)),
    }
}

#[cfg(test)]
mod tests {
    use super::print_fit;

    /// A 5-round Swiss prints upright; 11 and 20 rounds with four tiebreaks turn the page, the
    /// type getting smaller with more columns but staying legible.
    #[test]
    fn long_swiss_crosstables_turn_the_page() {
        let (turned, size) = print_fit(5, 3.6, 4);
        assert!(!turned && size >= 8.0, "{size}");
        let (turned11, size11) = print_fit(11, 3.6, 4);
        let (turned20, size20) = print_fit(20, 3.6, 4);
        assert!(turned11 && turned20);
        assert!(size20 < size11 && size20 >= 6.0, "{size11} {size20}");
        // The widest fits: 19 ems of fixed columns, the cells and the tiebreaks at that size.
        assert!((19.0 + 20.0 * 3.6 + 4.0 * 4.0) * size20 <= 774.0);
    }
}
