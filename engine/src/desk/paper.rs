//! What the desk prints besides the pairings by board: the round's alphabetical list (every
//! player by name, with their board, colour and opponent: what a hall's notice board shows so
//! that each finds their board) and the start list (the players by start number), each built
//! from a [`DeskView`] as plain rows the app lays out.

use super::rounds::ByeKind;
use super::view::{DeskView, PlayerRow};
use crate::parse::rating_list::folded;
use crate::tournament::Colour;

/// Where a player is in a round.
#[derive(Clone, Debug, PartialEq)]
pub enum Seat {
    /// At board `board` with `colour`, against start number `opponent`.
    Board { board: usize, colour: Colour, opponent: u32 },
    /// The pairing-allocated bye.
    PairingBye,
    /// A bye asked for, or absent (entered before the round was paired).
    Entered(ByeKind),
    /// Not in the round (it is not paired, or the player is not in it).
    NotPaired,
}

/// A line of the alphabetical list.
#[derive(Clone, Debug, PartialEq)]
pub struct AlphaRow {
    pub start: u32,
    pub name: String,
    pub seat: Seat,
}

/// Round `round`'s players in alphabetical order by name, each with their seat. The order
/// leaves case and accents out ("Émile" with the e's, "Łukasz" with the l's: the rating
/// lists' folding, [`folded`]), the surname before the first names (the comma sorts before
/// any letter), and players of one name by start number.
pub fn alphabetical(v: &DeskView, round: usize) -> Vec<AlphaRow> {
    let rv = v.rounds.iter().find(|r| r.round == round);
    let seat = |start: u32| {
        let Some(rv) = rv else { return Seat::NotPaired };
        if let Some(b) = rv.boards.iter().find(|b| b.white == start || b.black == start) {
            let (colour, opponent) = if b.white == start { (Colour::White, b.black) } else { (Colour::Black, b.white) };
            return Seat::Board { board: b.board, colour, opponent };
        }
        if rv.bye == Some(start) {
            return Seat::PairingBye;
        }
        rv.requested.iter().find(|(s, _)| *s == start).map_or(Seat::NotPaired, |(_, k)| Seat::Entered(*k))
    };
    let mut rows: Vec<AlphaRow> =
        v.players.iter().map(|p| AlphaRow { start: p.start, name: p.name.clone(), seat: seat(p.start) }).collect();
    crate::sort::by_cached_key(&mut rows, |r| (folded(&r.name), r.start));
    rows
}

/// A line of the start list.
#[derive(Clone, Debug, PartialEq)]
pub struct StartRow {
    pub start: u32,
    pub title: Option<String>,
    pub name: String,
    pub federation: Option<String>,
    pub fide_id: Option<String>,
    pub rating: Option<u32>,
    pub birth_year: Option<u32>,
}

/// The players by start number, each with what the start list prints; the birth year when the
/// record gives one (a full date or a year alone).
pub fn start_list(v: &DeskView) -> Vec<StartRow> {
    let mut rows: Vec<StartRow> = v
        .players
        .iter()
        .map(|p| StartRow {
            start: p.start,
            title: title(p),
            name: p.name.clone(),
            federation: p.federation.clone().filter(|f| !f.trim().is_empty()),
            fide_id: p.fide_id.clone().filter(|i| !i.trim().is_empty() && i.trim() != "0"),
            rating: p.rating,
            birth_year: p.birth.as_deref().and_then(birth_year),
        })
        .collect();
    crate::sort::by_key(&mut rows, |r| r.start);
    rows
}

/// A player's title, when they have one.
fn title(p: &PlayerRow) -> Option<String> {
    p.title.clone().filter(|t| !t.trim().is_empty())
}

/// The year of a birth date as the record writes it (`1994/05/12`, `1994`); a year 0000 (the
/// record's "not known") is none.
fn birth_year(birth: &str) -> Option<u32> {
    let year = birth.trim().get(..4)?;
    year.chars().all(|c| c.is_ascii_digit()).then(|| year.parse().ok()).flatten().filter(|y| *y > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::desk::view::{BoardRow, Next, RoundView};

    fn player(start: u32, name: &str) -> PlayerRow {
        PlayerRow {
            start,
            name: name.into(),
            rating: Some(2000 - start * 10),
            title: None,
            federation: Some("FRA".into()),
            fide_id: None,
            national_rating: None,
            points: 0.0,
            birth: None,
            sex: None,
            withdrawn: false,
            expelled: false,
            no_half_point_byes: false,
        }
    }

    fn board(board: usize, white: u32, black: u32) -> BoardRow {
        BoardRow { board, white, black, white_points: 0.0, black_points: 0.0, result: String::new(), manual: false }
    }

    /// Six players: two boards, the pairing-allocated bye, one absent; an accented name and
    /// two players of one name.
    fn six() -> DeskView {
        let names = ["Zeller, Anna", "Émile, Jean", "Eaton, Bob", "Brown, Carl", "Brown, Carl", "Ålund, Eva"];
        let players = names.iter().enumerate().map(|(i, n)| player(i as u32 + 1, n)).collect();
        let round = RoundView {
            round: 2,
            boards: vec![board(1, 1, 3), board(2, 4, 2)],
            bye: Some(5),
            requested: vec![(6, ByeKind::Absent)],
            manual: Vec::new(),
            date: None,
            time: None,
        };
        DeskView {
            name: "Open".into(),
            total_rounds: 5,
            players,
            rounds: vec![round],
            next: Next::Results { round: 2, missing: vec![1, 4] },
            warnings: Vec::new(),
            ranking: Default::default(),
            system: String::new(),
            round_robin: false,
            adjourned: Vec::new(),
            final_ready: false,
            place: String::new(),
            dates: String::new(),
            arbiter: String::new(),
            initial_colour: None,
            fide_mode: true,
        }
    }

    #[test]
    fn the_alphabetical_list_folds_accents_and_says_each_seat() {
        let rows = alphabetical(&six(), 2);
        let order: Vec<u32> = rows.iter().map(|r| r.start).collect();
        // Ålund as "alund", Brown twice (4 before 5), Eaton before Émile ("eaton" < "emile").
        assert_eq!(order, vec![6, 4, 5, 3, 2, 1]);
        assert_eq!(rows[0].seat, Seat::Entered(ByeKind::Absent));
        assert_eq!(rows[1].seat, Seat::Board { board: 2, colour: Colour::White, opponent: 2 });
        assert_eq!(rows[2].seat, Seat::PairingBye);
        assert_eq!(rows[3].seat, Seat::Board { board: 1, colour: Colour::Black, opponent: 1 });
        assert_eq!(rows[4].seat, Seat::Board { board: 2, colour: Colour::Black, opponent: 4 });
        // A round not in the view: every player listed, none seated.
        assert!(alphabetical(&six(), 3).iter().all(|r| r.seat == Seat::NotPaired));
    }

    #[test]
    fn the_start_list_is_by_start_number_with_the_birth_year() {
        let mut v = six();
        v.players.reverse();
        v.players[0].birth = Some("1994/05/12".into());
        v.players[1].birth = Some("2008".into());
        v.players[2].birth = Some("0000/00/00".into());
        v.players[3].title = Some("FM".into());
        v.players[3].fide_id = Some("12345678".into());
        let rows = start_list(&v);
        assert_eq!(rows.iter().map(|r| r.start).collect::<Vec<_>>(), vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(rows.iter().map(|r| r.birth_year).collect::<Vec<_>>(), vec![None, None, None, None, Some(2008), Some(1994)]);
        assert_eq!((rows[2].title.as_deref(), rows[2].fide_id.as_deref()), (Some("FM"), Some("12345678")));
    }
}
