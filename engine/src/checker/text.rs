//! The report as text, as `ratings-lab check` prints it: a title, a summary line a round
//! (with the boards that differ and the rules broken under it), the standings' line with each
//! player whose declared rank differs, a total line, then the notes and warnings.

use super::report::{OrderFrom, Pair, RanksStatus, Report, RoundReport, StandingsReport};

impl Report {
    /// The report as text (the names as in the file: a terminal's caller escapes them).
    pub fn text(&self) -> String {
        let name = self.tournament.as_deref().unwrap_or("The file");
        let mut out = format!("{name} — each round against {}, the standings against the declared ranks\n\n", self.system.words());
        for r in &self.rounds {
            out += &round(r);
        }
        out += &standings(&self.standings);
        out += &total(self);
        for n in &self.notes {
            out += &format!("note: {n}\n");
        }
        for w in &self.warnings {
            out += &format!("warning: {w}\n");
        }
        out
    }
}

/// A round's summary line, then what differs and what is illegal.
fn round(r: &RoundReport) -> String {
    let boards = match r.our_boards == r.boards || r.not_paired.is_some() {
        true => format!("{} boards", r.boards),
        false => format!("{} boards (ours {})", r.boards, r.our_boards),
    };
    let verdict = match (r.agrees, r.by_hand) {
        (true, _) => "",
        (false, true) => " — DIFFERS (changed by hand: ### manual round)",
        (false, false) => " — DIFFERS",
    };
    let mut out = match &r.not_paired {
        Some(why) => format!("round {}: {boards}, not re-paired: {why}{verdict}\n", r.round),
        None if r.agrees => format!("round {}: {boards}, all agree\n", r.round),
        None => format!(
            "round {}: {boards}, pairs {}/{}, colours {}/{}, {}{verdict}\n",
            r.round,
            r.pairs,
            r.boards,
            r.colours,
            r.boards,
            bye(r)
        ),
    };
    if !r.ours_only.is_empty() && r.not_paired.is_none() {
        out += &format!("  ours:     {}\n", games(&r.ours_only));
    }
    if !r.file_only.is_empty() && r.not_paired.is_none() {
        out += &format!("  the file: {}\n", games(&r.file_only));
    }
    for i in &r.illegal {
        out += &format!("  illegal: {}\n", i.words());
    }
    out
}

/// The bye's agreement in words.
fn bye(r: &RoundReport) -> String {
    let show = |x: Option<u32>| x.map_or("none".to_string(), |x| x.to_string());
    match (r.bye_agrees, r.file_bye) {
        (true, None) => "no bye".into(),
        (true, Some(_)) => "bye agrees".into(),
        (false, _) => format!("bye differs (ours {}, the file {})", show(r.our_bye), show(r.file_bye)),
    }
}

/// Games as "1 - 6, 3 - 5", a game without colours marked.
fn games(list: &[Pair]) -> String {
    let one = |p: &Pair| format!("{} - {}{}", p.white, p.black, if p.coloured { "" } else { " (no colours)" });
    list.iter().map(one).collect::<Vec<_>>().join(", ")
}

/// The standings' line, and a line for each player whose declared rank differs.
fn standings(s: &StandingsReport) -> String {
    let whose = match s.order_from {
        OrderFrom::File => "the file's tie-break list",
        OrderFrom::Recommended => "FIDE's recommended tie-break list",
    };
    let list =
        format!("{} ({}; {} rules)", whose, if s.order.is_empty() { "points alone".into() } else { s.order.join(", ") }, s.rules.code());
    let mut out = match s.status {
        RanksStatus::Agree => format!("standings: the declared ranks are those of {list}\n"),
        RanksStatus::NotDeclared => format!("standings: not declared (the file's ranks, columns 86-89, are empty); ranked by {list}\n"),
        RanksStatus::Differ => {
            format!("standings: {} of {} declared ranks differ from those of {list}:\n", s.differ.len(), s.declared)
        }
    };
    for d in &s.differ {
        let ours = if d.ours_to > d.ours { format!("{}-{}", d.ours, d.ours_to) } else { d.ours.to_string() };
        out += &format!("  {} {}: declared {}, ours {ours}\n", d.start, d.name, d.declared);
    }
    out
}

/// The total line: rounds agreeing, differing and illegal, the standings, the verdict.
fn total(report: &Report) -> String {
    let rounds = &report.rounds;
    let list = |f: &dyn Fn(&RoundReport) -> bool| rounds.iter().filter(|r| f(r)).map(|r| r.round.to_string()).collect::<Vec<_>>();
    let differ = list(&|r| !r.agrees);
    let illegal = list(&|r| !r.illegal.is_empty());
    let mut out = format!("total: {} rounds, {} agree", rounds.len(), rounds.len() - differ.len());
    if !differ.is_empty() {
        out += &format!(", {} differ (round {})", differ.len(), differ.join(", "));
    }
    out += &match illegal.len() {
        0 => ", none illegal".to_string(),
        n => format!(", {n} illegal (round {})", illegal.join(", ")),
    };
    out += match report.standings.status {
        RanksStatus::Agree => "; standings agree",
        RanksStatus::Differ => "; standings differ",
        RanksStatus::NotDeclared => "; standings not declared",
    };
    out += if report.agrees { " — ALL AGREE\n" } else { " — DIFFERS\n" };
    out
}
