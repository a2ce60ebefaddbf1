//! Game results as people write them: `1-0`, `0-1`, `1/2-1/2`, `½-½`, `=`, `1`, `0`, `0.5`,
//! `w`/`d`/`l`, football's `H`/`D`/`A` (home win, draw, away win: the first player is the home
//! side), and scores such as `3-1` or `2:2`.

/// What a result field says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    /// A played game: the first player's score in `[0, 1]`, and points when the field had them.
    Played { score: f64, points: Option<(f64, f64)> },
    /// `+-`, `-+`, `--`: a forfeit, not a game over the board.
    Forfeit,
    /// `*`: a game still in progress.
    Unfinished,
}

pub const EXPECTED_RESULT: &str = "a result such as 1-0, 0-1, 1/2-1/2, =, 1, 0, 0.5, W, B, H/D/A, or a score such as 3-1";

/// Whether a result's points are a game's (`1-0`, `0-1`, `½-½`) rather than a score such as
/// `2-0` or `1-1`, which [`parse_result`] reads too (more points wins) but which a reader says.
pub fn is_game_points((a, b): (f64, f64)) -> bool {
    matches!((a, b), (1.0, 0.0) | (0.0, 1.0) | (0.5, 0.5))
}

/// What a result of two sides of points is, read among chess results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sides {
    /// `1-0`, `0-1`, `½-½`: a game's.
    Game,
    /// `0-0`: no game played (a double forfeit, a game not played).
    NoneScored,
    /// `½-0`, `0-½`: a half point to one side only (a bye, an award), no game played.
    HalfToOne,
    /// Any other: a score such as `2-0` or `1-1`.
    Score,
}

/// What `points` are, read as a chess result ([`Sides`]).
pub fn sides(points: (f64, f64)) -> Sides {
    match points {
        p if is_game_points(p) => Sides::Game,
        (0.0, 0.0) => Sides::NoneScored,
        (0.5, 0.0) | (0.0, 0.5) => Sides::HalfToOne,
        _ => Sides::Score,
    }
}

/// Parses a number written plainly, as a fraction `1/2`, or as `½`.
pub fn parse_number(s: &str) -> Option<f64> {
    let s = s.trim();
    // "-0" (as in "1--0") is not a number of points.
    if s.starts_with('-') {
        return None;
    }
    let v = match s {
        "½" => 0.5,
        _ => {
            if let Some(whole) = s.strip_suffix('½') {
                whole.parse::<u32>().ok()? as f64 + 0.5
            } else if let Some((a, b)) = s.split_once('/') {
                let (a, b): (f64, f64) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
                if b == 0.0 {
                    return None;
                }
                a / b
            } else {
                s.parse().ok()?
            }
        }
    };
    (v.is_finite() && v >= 0.0).then_some(v)
}

pub fn parse_result(field: &str) -> Option<Outcome> {
    let t: String =
        field.trim().chars().map(|c| if matches!(c, '–' | '—' | '−' | '‒') { '-' } else { c }).collect::<String>().to_lowercase();
    let t = t.as_str();
    let played = |score| Some(Outcome::Played { score, points: None });
    match t {
        "=" | "d" | "draw" | "½" | "1/2" | "0.5" | ".5" => return played(0.5),
        "w" | "win" | "1" | "1.0" | "h" | "home" => return played(1.0),
        "a" | "away" => return played(0.0),
        // "b": black (the second player) won, as Go records write it.
        "l" | "loss" | "b" | "0" | "0.0" => return played(0.0),
        "+-" | "-+" | "--" | "+:-" | "-:+" | "+/-" | "-/+" => return Some(Outcome::Forfeit),
        "*" => return Some(Outcome::Unfinished),
        _ => {}
    }
    let pair = t.split_once('-').or_else(|| t.split_once(':'));
    if let Some((a, b)) = pair {
        let (a, b) = (parse_number(a)?, parse_number(b)?);
        let score = if a > b {
            1.0
        } else if a < b {
            0.0
        } else {
            0.5
        };
        return Some(Outcome::Played { score, points: Some((a, b)) });
    }
    let v = parse_number(t)?;
    (v <= 1.0).then_some(Outcome::Played { score: v, points: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(input: &str, expect: Option<(f64, Option<(f64, f64)>)>) {
        let got = parse_result(input).map(|o| match o {
            Outcome::Played { score, points } => (score, points),
            other => panic!("{input:?}: unexpected {other:?}"),
        });
        assert_eq!(got, expect, "input {input:?}");
    }

    #[test]
    fn chess_results() {
        check("1-0", Some((1.0, Some((1.0, 0.0)))));
        check("0-1", Some((0.0, Some((0.0, 1.0)))));
        check("1/2-1/2", Some((0.5, Some((0.5, 0.5)))));
        check("½-½", Some((0.5, Some((0.5, 0.5)))));
        check(" = ", Some((0.5, None)));
        check("1", Some((1.0, None)));
        check("0", Some((0.0, None)));
        check("0.5", Some((0.5, None)));
        check("D", Some((0.5, None)));
        check("H", Some((1.0, None)));
        check("a", Some((0.0, None)));
        check("0.75", Some((0.75, None)));
    }

    #[test]
    fn scores() {
        check("3-1", Some((1.0, Some((3.0, 1.0)))));
        check("2:2", Some((0.5, Some((2.0, 2.0)))));
        check("0 – 4", Some((0.0, Some((0.0, 4.0)))));
        check("2½-1½", Some((1.0, Some((2.5, 1.5)))));
    }

    #[test]
    fn rejects_what_is_not_a_result() {
        for bad in ["", "2", "-1", "x", "1-", "a-b", "1/0", "NaN", "inf", "1e999", "1--0", "1-0-0"] {
            assert_eq!(parse_result(bad), None, "input {bad:?}");
        }
    }

    #[test]
    fn scores_are_told_from_game_results() {
        let points = |r: &str| match parse_result(r) {
            Some(Outcome::Played { points: Some(p), .. }) => p,
            other => panic!("{r:?}: {other:?}"),
        };
        for game in ["1-0", "0-1", "1/2-1/2", "½-½", "1:0", "0.5-0.5"] {
            assert!(is_game_points(points(game)), "{game}");
        }
        for score in ["2-0", "0-2", "1-1", "0-0", "3-1", "2½-1½", "1-½"] {
            assert!(!is_game_points(points(score)), "{score}");
        }
    }

    #[test]
    fn unplayed_chess_results_are_told_from_games_and_scores() {
        let kind = |r: &str| match parse_result(r) {
            Some(Outcome::Played { points: Some(p), .. }) => sides(p),
            other => panic!("{r:?}: {other:?}"),
        };
        assert_eq!(["1-0", "0-1", "½-½"].map(kind), [Sides::Game; 3]);
        assert_eq!(["0-0", "0:0"].map(kind), [Sides::NoneScored; 2]);
        assert_eq!(["½-0", "0-½", "1/2-0", "0-0.5"].map(kind), [Sides::HalfToOne; 4]);
        assert_eq!(["2-0", "1-1", "1-½", "2½-1½"].map(kind), [Sides::Score; 4]);
    }

    #[test]
    fn forfeits_and_unfinished() {
        assert_eq!(parse_result("+-"), Some(Outcome::Forfeit));
        assert_eq!(parse_result("-+"), Some(Outcome::Forfeit));
        assert_eq!(parse_result("*"), Some(Outcome::Unfinished));
    }
}
